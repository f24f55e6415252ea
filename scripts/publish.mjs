// A release is a pair (docs/effect4.md §Publishing, docs/releasing.md): from one commit and one
// build of both trees, every package of the Effect 3 line (0.x, dist-tag `effect3`) and of the
// Effect 4 line (1.x, dist-tag `latest`) is packed into one folder, and — only with `--publish` —
// published. Without it (the default) nothing leaves the machine: the script prints what it would
// publish and writes the same as JSON (`<out>/release.json`), which test/publish.test.ts reads.
//
//   node scripts/publish.mjs [--out DIR] [--no-build] [--json] [--publish [--otp CODE]]
//
// The Effect 3 line is what `npm pack` gives in each package's folder, unchanged: this script adds
// nothing to it (its `files` leave out `dist/v4`). The Effect 4 line is staged: a folder per package
// holding the Effect 4 tree (`dist/v4`, the build of tsconfig.build.v4.json), the sources its maps
// point at, the same documents, and a package.json written from the repository's by the rules of
// `effect4Manifest` below (version line, peers, `exports` into `dist/v4`). The CLI is one line, on
// Effect 3, under `latest` (it carries its own Effect; docs/effect4.md §Publishing).
//
// Why one script: a release must never go out on one line only. `--publish` refuses when the
// working tree is not the commit, or when the Effect 4 line lacks a module or a package that the
// Effect 3 line has — the dry run lists what is missing.
import { spawnSync } from "node:child_process"
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { dirname, join, relative, resolve } from "node:path"
import { fileURLToPath } from "node:url"

const root = join(dirname(fileURLToPath(import.meta.url)), "..")
const read = (path) => JSON.parse(readFileSync(path, "utf8"))
const lines = read(join(root, "release.json"))

/** The folder of the Effect 4 tree inside the core's package (and, once built, each satellite's). */
export const EFFECT4_TREE = "dist/v4"
/** Folders of the Effect 3 sources that the Effect 4 package does not ship. */
const EFFECT3_ONLY_SOURCES = ["src/internal/target/v3"]
/** The CLI: one line, on Effect 3 (it runs on its own Effect, nested beside an Effect 4 app). */
const ONE_LINE = new Set(["@rcp-sdk/cli"])
/** Packages of Effect 3 that Effect 4 merged into `effect` (effect/http, effect/ai, effect/cli). */
const MERGED_INTO_EFFECT = /^@effect\//

const ours = (name) => name === "rcp-sdk" || name.startsWith("@rcp-sdk/")

/**
 * The package.json of a package on the Effect 4 line, from the repository's: the line's version;
 * `rcp-sdk` and `@rcp-sdk/*` at `^` that version; `effect` at the line's range; the `@effect/*`
 * packages dropped (merged into `effect`); `files` and `exports` pointing into the Effect 4 tree,
 * for the modules that tree has; no scripts, dev dependencies or workspaces (nothing a user installs runs them).
 */
export const effect4Manifest = (pkg, built) => {
  const version = lines.effect4.version
  const retarget = (deps) => {
    if (deps === undefined) return undefined
    const out = {}
    for (const [name, range] of Object.entries(deps)) {
      if (MERGED_INTO_EFFECT.test(name)) continue
      out[name] = ours(name) ? `^${version}` : name === "effect" ? lines.effect4.effect : range
    }
    return out
  }
  const exports = {}
  for (const [subpath, target] of Object.entries(pkg.exports ?? {})) {
    if (typeof target === "string") exports[subpath] = target
    else if (built(target.import)) {
      exports[subpath] = Object.fromEntries(
        Object.entries(target).map(([condition, path]) => [condition, path.replace(/^\.\/dist\//, `./${EFFECT4_TREE}/`)])
      )
    }
  }
  const manifest = {}
  for (const [key, value] of Object.entries(pkg)) {
    if (key === "scripts" || key === "devDependencies" || key === "workspaces") continue
    if (key === "version") manifest.version = version
    // The Effect 3 line leaves the Effect 4 tree out ("!dist/v4"); this line ships that tree alone.
    else if (key === "files") manifest.files = value.filter((e) => !e.startsWith("!")).map((e) => (e === "dist" ? EFFECT4_TREE : e))
    else if (key === "exports") manifest.exports = exports
    else if (key === "dependencies" || key === "peerDependencies") manifest[key] = retarget(value)
    else manifest[key] = value
  }
  // A package whose code never imported Effect still runs beside the user's: effect is its peer.
  manifest.peerDependencies = { ...manifest.peerDependencies, effect: lines.effect4.effect }
  return manifest
}

const run = (command, args, cwd) => {
  const result = spawnSync(command, args, { cwd, encoding: "utf8", env: { ...process.env, npm_config_fund: "false", npm_config_audit: "false" } })
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} in ${cwd} failed:\n${result.stdout}\n${result.stderr}`)
  return result.stdout
}

/** `npm pack` of a folder as it is (no lifecycle scripts: the trees are built), into `into`. */
const pack = (dir, into) => {
  mkdirSync(into, { recursive: true })
  const stdout = run("npm", ["pack", "--ignore-scripts", "--json", "--pack-destination", into], dir)
  const [info] = JSON.parse(stdout.slice(stdout.indexOf("[")))
  return {
    tarball: join(into, info.filename),
    size: info.size,
    unpackedSize: info.unpackedSize,
    files: info.files.map((f) => f.path).sort()
  }
}

const parseArgs = (argv) => {
  const args = { out: join(root, "release"), build: true, json: false, publish: false, otp: undefined }
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]
    if (arg === "--out") args.out = resolve(argv[++i])
    else if (arg === "--no-build") args.build = false
    else if (arg === "--json") args.json = true
    else if (arg === "--publish") args.publish = true
    else if (arg === "--otp") args.otp = argv[++i]
    else throw new Error(`unknown argument ${arg}: node scripts/publish.mjs [--out DIR] [--no-build] [--json] [--publish [--otp CODE]]`)
  }
  return args
}

/** Stages and packs both lines; returns the release (what release.json holds). */
export const prepare = ({ out, build }) => {
  const core = read(join(root, "package.json"))
  const packages = [{ dir: "", pkg: core }, ...core.workspaces.map((dir) => ({ dir, pkg: read(join(root, dir, "package.json")) }))]
  if (build) {
    run("npm", ["run", "-s", "build"], root)
    run("npm", ["run", "-s", "build:effect4"], root)
  }
  for (const { dir, pkg } of packages) {
    if (!existsSync(join(root, dir, "dist"))) throw new Error(`${pkg.name} is not built: npm run build && npm run build:effect4`)
  }
  if (!existsSync(join(root, EFFECT4_TREE))) throw new Error("the Effect 4 tree is not built: npm run build:effect4")
  const mismatched = packages.filter(({ pkg }) => pkg.version !== core.version).map(({ pkg }) => `${pkg.name}@${pkg.version}`)
  if (mismatched.length > 0) throw new Error(`every package of the Effect 3 line is ${core.version}; not: ${mismatched.join(", ")}`)

  const commit = run("git", ["rev-parse", "HEAD"], root).trim()
  const outside = relative(root, out)
  const dirty = run("git", ["status", "--porcelain", "--untracked-files=no"], root)
    .split("\n")
    .filter((line) => line.trim() !== "" && (outside.startsWith("..") || !line.slice(3).startsWith(outside)))
  rmSync(out, { recursive: true, force: true })

  const release = { commit, dirty: dirty.length > 0, packages: [], missing: [] }
  const add = (line, tag, pkg, packed) =>
    release.packages.push({ line, name: pkg.name, version: pkg.version, tag, ...packed, tarball: relative(out, packed.tarball) })

  for (const { dir, pkg } of packages) {
    const tag = ONE_LINE.has(pkg.name) ? lines.effect4.distTag : lines.effect3.distTag
    add("effect3", tag, pkg, pack(join(root, dir), join(out, "effect3")))
  }

  for (const { dir, pkg } of packages) {
    if (ONE_LINE.has(pkg.name)) continue
    const tree = join(root, dir, EFFECT4_TREE)
    if (!existsSync(tree)) {
      release.missing.push(`${pkg.name}: no Effect 4 build (${join(dir, EFFECT4_TREE) || EFFECT4_TREE})`)
      continue
    }
    const built = (path) => existsSync(join(tree, relative("dist", path)))
    const manifest = effect4Manifest(pkg, built)
    for (const subpath of Object.keys(pkg.exports ?? {})) {
      if (!(subpath in manifest.exports)) release.missing.push(`${join(pkg.name, subpath)}: not built for Effect 4`)
    }
    const stage = join(out, "stage", pkg.name)
    mkdirSync(stage, { recursive: true })
    for (const entry of pkg.files.filter((e) => !e.startsWith("!"))) {
      const from = join(root, dir, entry)
      if (entry === "dist") cpSync(tree, join(stage, EFFECT4_TREE), { recursive: true })
      else if (existsSync(from)) cpSync(from, join(stage, entry), { recursive: true })
    }
    for (const path of EFFECT3_ONLY_SOURCES) rmSync(join(stage, path), { recursive: true, force: true })
    writeFileSync(join(stage, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`)
    add("effect4", lines.effect4.distTag, manifest, pack(stage, join(out, "effect4")))
  }
  writeFileSync(join(out, "release.json"), `${JSON.stringify(release, null, 2)}\n`)
  return release
}

const kB = (bytes) => `${(bytes / 1024).toFixed(0)} kB`

export const describe = (release) => {
  const effect3 = release.packages.find((p) => p.line === "effect3" && p.name === "rcp-sdk")
  const effect4 = release.packages.find((p) => p.line === "effect4" && p.name === "rcp-sdk")
  const rows = release.packages.map((p) =>
    `  ${p.line}  ${`${p.name}@${p.version}`.padEnd(26)} --tag ${p.tag.padEnd(8)} ${p.tarball.padEnd(40)} ${String(p.files.length).padStart(4)} files  ${kB(p.size)} / ${kB(p.unpackedSize)}`
  )
  return [
    `release pair from ${release.commit.slice(0, 12)}${release.dirty ? " (working tree differs from the commit)" : ""}: ` +
      `Effect 3 line ${effect3?.version ?? "?"} (dist-tag ${lines.effect3.distTag}), Effect 4 line ${effect4?.version ?? "?"} (dist-tag ${lines.effect4.distTag})`,
    ...rows,
    ...(release.missing.length > 0
      ? ["not on the Effect 4 line yet (--publish refuses):", ...release.missing.map((m) => `  ${m}`)]
      : ["both lines complete"])
  ].join("\n")
}

/** The npm commands of a release: the Effect 3 line first, so `latest` moves last. */
export const commands = (release, otp) =>
  [...release.packages].sort((a, b) => (a.tag === "latest") - (b.tag === "latest")).map((p) => [
    "publish",
    p.tarball,
    "--tag",
    p.tag,
    ...(otp === undefined ? [] : ["--otp", otp])
  ])

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = parseArgs(process.argv.slice(2))
  const release = prepare(args)
  if (args.json) process.stdout.write(`${JSON.stringify(release, null, 2)}\n`)
  else process.stdout.write(`${describe(release)}\n`)
  const npmCommands = commands(release, args.otp)
  if (!args.publish) {
    process.stdout.write(`dry run: nothing published. With --publish, from ${args.out}:\n`)
    for (const command of npmCommands) process.stdout.write(`  npm ${command.join(" ")}\n`)
  } else {
    const refusals = [
      ...(release.dirty ? ["the working tree differs from the commit"] : []),
      ...(release.missing.length > 0 ? ["the Effect 4 line is incomplete (listed above)"] : [])
    ]
    if (refusals.length > 0) {
      process.stderr.write(`publish refused: ${refusals.join("; ")}\n`)
      process.exit(1)
    }
    for (const command of npmCommands) run("npm", command, args.out)
    process.stdout.write(`published ${npmCommands.length} tarballs\n`)
  }
}
