/**
 * What scripts/publish.mjs would publish (its default dry run, over the trees `npm test` built):
 * both version lines of docs/effect4.md §Publishing — the Effect 3 line as `npm pack` gives it in
 * each package's folder (dist-tag `effect3`; the CLI one line under `latest`), and the Effect 4
 * line staged from dist/v4 with its own package.json (1.x, `latest`, peer `effect ^4.1.0`). The
 * tarballs are read as npm wrote them (`tar`), and the Effect 4 one is walked from its `exports`
 * through every import of its JavaScript and declarations (TypeScript's own scanner, not the
 * build's regular expression) to show that no `@effect/*` is reachable. Nothing is published.
 * Runs in `npm run test:packed` (vitest.packed.config.ts), after both builds.
 */
import { assert, describe, it } from "@effect/vitest"
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync } from "node:fs"
import { rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import { dirname, join, relative } from "node:path"
import { fileURLToPath } from "node:url"
import ts from "typescript"
import { afterAll, beforeAll } from "vitest"
import { runProcess } from "./support/process.js"

const root = fileURLToPath(new URL("..", import.meta.url))
const readJson = (path: string) => JSON.parse(readFileSync(path, "utf8"))

interface PackageJson {
  readonly name: string
  readonly version: string
  readonly files: ReadonlyArray<string>
  readonly exports?: Record<string, string | Record<string, string>>
  readonly dependencies?: Record<string, string>
  readonly peerDependencies?: Record<string, string>
  readonly workspaces?: ReadonlyArray<string>
  readonly [key: string]: unknown
}

interface Packed {
  readonly line: "effect3" | "effect4"
  readonly name: string
  readonly version: string
  readonly tag: string
  readonly tarball: string
  readonly files: ReadonlyArray<string>
}
interface Release {
  readonly commit: string
  readonly dirty: boolean
  readonly packages: ReadonlyArray<Packed>
  readonly missing: ReadonlyArray<string>
}

const core: PackageJson = readJson(join(root, "package.json"))
const lines = readJson(join(root, "release.json")) as { effect4: { version: string; distTag: string; effect: string } }
const SATELLITES = (core.workspaces ?? []).map((dir) => ({ dir, pkg: readJson(join(root, dir, "package.json")) as PackageJson }))

const work = mkdtempSync(join(tmpdir(), "rcp-publish-"))
const out = join(work, "release")
let printed = ""
let release: Release
beforeAll(async () => {
  const result = await runProcess(process.execPath, [join(root, "scripts", "publish.mjs"), "--no-build", "--out", out], { cwd: root })
  assert.strictEqual(result.status, 0, result.stderr)
  printed = result.stdout
  release = readJson(join(out, "release.json"))
}, 600_000)
afterAll(() => rm(work, { recursive: true, force: true }))

/** The paths in a tarball, as npm wrote it (without npm's `package/` prefix). */
const listed = async (tarball: string): Promise<Array<string>> => {
  const result = await runProcess("tar", ["-tzf", join(out, tarball)])
  assert.strictEqual(result.status, 0, result.stderr)
  return result.stdout.split("\n").filter((l) => l !== "" && !l.endsWith("/")).map((l) => l.replace(/^package\//, "")).sort()
}
const extract = async (tarball: string): Promise<string> => {
  const dir = join(work, "x", tarball.replace(/[/.]/g, "-"))
  mkdirSync(dir, { recursive: true })
  const result = await runProcess("tar", ["-xzf", join(out, tarball), "-C", dir])
  assert.strictEqual(result.status, 0, result.stderr)
  return join(dir, "package")
}
const filesUnder = (dir: string): Array<string> =>
  readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((f) => statSync(join(dir, f)).isFile()).sort()

const effect4Core = () => release.packages.find((p) => p.line === "effect4" && p.name === "rcp-sdk")!

describe("scripts/publish.mjs, dry run", () => {
  it("packs both lines from the commit: every package on Effect 3, the core on Effect 4; prints the npm commands, publishes nothing", async () => {
    const head = await runProcess("git", ["rev-parse", "HEAD"], { cwd: root })
    assert.strictEqual(release.commit, head.stdout.trim())
    assert.deepStrictEqual(
      release.packages.map((p) => [p.line, p.name, p.version, p.tag]),
      [
        ["effect3", "rcp-sdk", core.version, "effect3"],
        ...SATELLITES.map(({ pkg }) => ["effect3", pkg.name, pkg.version, pkg.name === "@rcp-sdk/cli" ? "latest" : "effect3"]),
        // The satellites join the Effect 4 line as each gets a dist/v4 (docs/effect4.md step 4).
        ["effect4", "rcp-sdk", lines.effect4.version, "latest"],
        ...SATELLITES.filter(({ dir }) => existsSync(join(root, dir, "dist", "v4"))).map(({ pkg }) => [
          "effect4",
          pkg.name,
          lines.effect4.version,
          "latest"
        ])
      ]
    )
    for (const p of release.packages) assert.isTrue(existsSync(join(out, p.tarball)), p.tarball)
    // What the Effect 4 line lacks is listed, and --publish would refuse it.
    const unbuilt = Object.keys(core.exports!)
      .filter((s) => s !== "./package.json" && !existsSync(join(root, "dist", "v4", (core.exports![s] as Record<string, string>).import!.slice("./dist/".length))))
      .map((s) => `${join("rcp-sdk", s)}: not built for Effect 4`)
    const satellites = SATELLITES.filter(({ dir, pkg }) => pkg.name !== "@rcp-sdk/cli" && !existsSync(join(root, dir, "dist", "v4")))
      .map(({ dir, pkg }) => `${pkg.name}: no Effect 4 build (${dir}/dist/v4)`)
    assert.deepStrictEqual(release.missing, [...unbuilt, ...satellites])
    assert.include(printed, "Effect 3 line 0.")
    assert.include(printed, `Effect 4 line ${lines.effect4.version} (dist-tag latest)`)
    if (release.missing.length > 0) assert.include(printed, "not on the Effect 4 line yet (--publish refuses):")
    // The Effect 3 line first, `latest` last: an interrupted release never leaves latest ahead.
    const commands = printed.split("dry run: nothing published.")[1]!.split("\n").filter((l) => l.startsWith("  npm publish "))
    assert.deepStrictEqual(
      commands,
      [...release.packages].sort((a, b) => Number(a.tag === "latest") - Number(b.tag === "latest")).map((p) =>
        `  npm publish ${p.tarball} --tag ${p.tag}`
      )
    )
    assert.strictEqual(commands.length, release.packages.length)
  })

  it("the Effect 3 line is what npm pack gives in each folder: its package.json as it is, without dist/v4", async () => {
    for (const { dir, pkg } of [{ dir: "", pkg: core }, ...SATELLITES]) {
      const packed = release.packages.find((p) => p.line === "effect3" && p.name === pkg.name)!
      const files = await listed(packed.tarball)
      const dryRun = await runProcess("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], { cwd: join(root, dir) })
      const today = (JSON.parse(dryRun.stdout.slice(dryRun.stdout.indexOf("["))) as Array<{ files: Array<{ path: string }> }>)[0]!
        .files.map((f) => f.path).sort()
      assert.deepStrictEqual(files, today, pkg.name)
      const extracted = await extract(packed.tarball)
      assert.strictEqual(readFileSync(join(extracted, "package.json"), "utf8"), readFileSync(join(root, dir, "package.json"), "utf8"), pkg.name)
    }
    const coreFiles = await listed(release.packages[0]!.tarball)
    assert.deepStrictEqual(coreFiles.filter((f) => f.startsWith("dist/v4/")), [])
    // What the design adds to it: the boundary's Effect 3 declarations (docs/effect4.md §The boundary).
    assert.include(coreFiles, "dist/internal/target/v3/Service.d.ts")
    assert.deepStrictEqual(coreFiles.filter((f) => f.startsWith("dist/internal/target/v4")), [])
    assert.include(coreFiles, "dist/Client.js")
  })

  it("the Effect 4 line's package.json: its version, peer effect ^4.1.0, exports into dist/v4 for what is built, nothing of the repository's tooling", async () => {
    const staged = readJson(join(await extract(effect4Core().tarball), "package.json")) as PackageJson
    const built = Object.entries(core.exports!).filter(([, t]) =>
      typeof t === "object" && existsSync(join(root, "dist", "v4", t.import!.slice("./dist/".length)))
    )
    assert.includeMembers(built.map(([s]) => s), ["./manifest", "./resolver", "./lock"])
    assert.deepStrictEqual(staged, {
      name: "rcp-sdk",
      version: lines.effect4.version,
      description: core.description,
      type: "module",
      license: core.license,
      repository: core.repository,
      homepage: core.homepage,
      bugs: core.bugs,
      keywords: core.keywords,
      engines: core.engines,
      files: ["dist/v4", ...core.files.filter((f) => f !== "dist" && !f.startsWith("!"))],
      exports: {
        ...Object.fromEntries(
          built.map(([s, t]) => [s, { types: (t as Record<string, string>).types!.replace("./dist/", "./dist/v4/"), import: (t as Record<string, string>).import!.replace("./dist/", "./dist/v4/") }])
        ),
        "./package.json": "./package.json"
      },
      peerDependencies: { effect: "^4.1.0" },
      dependencies: core.dependencies!
    })
    assert.strictEqual(lines.effect4.effect, "^4.1.0")
  })

  it("each satellite on the Effect 4 line: its package.json peers on rcp-sdk's and effect's 1.x / ^4.1 lines, its tarball holds its dist/v4 alone", async () => {
    const onLine = SATELLITES.filter(({ dir }) => existsSync(join(root, dir, "dist", "v4")))
    assert.includeMembers(onLine.map(({ pkg }) => pkg.name), ["@rcp-sdk/ai-sdk", "@rcp-sdk/mcp", "@rcp-sdk/openapi"])
    for (const { dir, pkg } of onLine) {
      const packed = release.packages.find((p) => p.line === "effect4" && p.name === pkg.name)!
      const staged = readJson(join(await extract(packed.tarball), "package.json")) as PackageJson
      const retarget = (deps: Record<string, string> | undefined) =>
        Object.fromEntries(
          Object.entries(deps ?? {}).filter(([name]) => !name.startsWith("@effect/")).map(([name, range]) => [
            name,
            name === "rcp-sdk" || name.startsWith("@rcp-sdk/") ? `^${lines.effect4.version}` : name === "effect" ? "^4.1.0" : range
          ])
        )
      assert.strictEqual(staged.version, lines.effect4.version, pkg.name)
      // Every satellite peers on the core's Effect 4 line and on Effect 4 (ai-sdk, with no Effect of its own, too).
      assert.deepStrictEqual(staged.peerDependencies, { ...retarget(pkg.peerDependencies), "rcp-sdk": "^1.0.0", effect: "^4.1.0" }, pkg.name)
      assert.deepStrictEqual(staged.dependencies, pkg.dependencies === undefined ? undefined : retarget(pkg.dependencies), pkg.name)
      assert.deepStrictEqual(staged.files, ["dist/v4", ...pkg.files.filter((f) => f !== "dist" && !f.startsWith("!"))], pkg.name)
      assert.deepStrictEqual(
        staged.exports,
        Object.fromEntries(
          Object.entries(pkg.exports!).map(([s, t]) => [
            s,
            typeof t === "string" ? t : Object.fromEntries(Object.entries(t).map(([c, path]) => [c, path.replace("./dist/", "./dist/v4/")]))
          ])
        ),
        `${pkg.name}: every entry point built for Effect 4`
      )
      assert.isUndefined(staged["scripts"], pkg.name)
      const files = await listed(packed.tarball)
      assert.deepStrictEqual(files.filter((f) => f.startsWith("dist/")), filesUnder(join(root, dir, "dist", "v4")).map((f) => `dist/v4/${f}`), pkg.name)
      // The Effect 3 line's tarball of the same package leaves the Effect 4 tree out.
      const effect3 = await listed(release.packages.find((p) => p.line === "effect3" && p.name === pkg.name)!.tarball)
      assert.deepStrictEqual(effect3.filter((f) => f.startsWith("dist/v4/")), [], pkg.name)
      // The opening names the Effect 4 line's installs.
      // Each entry's opening names the Effect 4 line's installs and exports what the Effect 3 build's does.
      const exported = (file: string) => /^export const \{\n([\s\S]*?)\n\} = body$/m.exec(readFileSync(file, "utf8"))?.[1]
      for (const target of Object.values(pkg.exports!)) {
        if (typeof target === "string") continue
        const entry = target.import!.slice("./dist/".length)
        assert.include(readFileSync(join(root, dir, "dist", "v4", entry), "utf8"), `"rcp-sdk":"rcp-sdk@^1.0.0"`, `${pkg.name} ${entry}`)
        assert.isDefined(exported(join(root, dir, "dist", "v4", entry)), `${pkg.name} ${entry}`)
        assert.strictEqual(exported(join(root, dir, "dist", "v4", entry)), exported(join(root, dir, "dist", entry)), `${pkg.name} ${entry}`)
      }
    }
  })

  it("the Effect 4 tarball holds the Effect 4 tree, the sources its maps name, the documents — and nothing of Effect 3", async () => {
    const files = await listed(effect4Core().tarball)
    const tree = filesUnder(join(root, "dist", "v4")).map((f) => `dist/v4/${f}`)
    assert.deepStrictEqual(files.filter((f) => f.startsWith("dist/")), tree)
    assert.includeMembers(files, ["package.json", "README.md", "SECURITY.md", "CHANGELOG.md", "dist/v4/peers.js", "src/Manifest.ts"])
    assert.deepStrictEqual(
      files.filter((f) => !/^(dist\/v4|src|docs)\//.test(f) && !["package.json", "README.md", "SECURITY.md", "CHANGELOG.md"].includes(f)),
      []
    )
    assert.deepStrictEqual(files.filter((f) => f.startsWith("src/internal/target/v3/")), [])
    assert.include(files, "src/internal/target/v4/Service.ts")
    // Every declaration map's sources are in the package (the bundles' maps carry their sources).
    for (const map of files.filter((f) => f.endsWith(".d.ts.map"))) {
      const { sources } = readJson(join(await extractedEffect4(), map)) as { sources: Array<string> }
      for (const source of sources) assert.include(files, relative(".", join(dirname(map), source)), `${map} names ${source}`)
    }
  })

  it("no @effect/* is reachable from the Effect 4 tarball's exports, in its JavaScript or its declarations", async () => {
    const pkgDir = await extractedEffect4()
    const staged = readJson(join(pkgDir, "package.json")) as PackageJson
    const bare = new Set<string>()
    const seen = new Set<string>()
    const visit = (file: string) => {
      if (seen.has(file)) return
      seen.add(file)
      assert.isTrue(existsSync(file), `${relative(pkgDir, file)} is in the tarball`)
      for (const { fileName } of ts.preProcessFile(readFileSync(file, "utf8"), true, true).importedFiles) {
        if (!fileName.startsWith(".")) bare.add(fileName)
        else if (file.endsWith(".d.ts")) visit(join(dirname(file), fileName.replace(/\.js$/, ".d.ts")))
        else visit(join(dirname(file), fileName))
      }
    }
    for (const target of Object.values(staged.exports!)) {
      if (typeof target === "object") for (const path of Object.values(target)) visit(join(pkgDir, path))
    }
    assert.isAbove(seen.size, 20)
    const packages = [...bare].map((s) => (s.startsWith("@") ? s.split("/").slice(0, 2).join("/") : s.split("/")[0]!))
    assert.deepStrictEqual(packages.filter((p) => p.startsWith("@effect/") || p === "effect4"), [])
    assert.include(packages, "effect")
    // Everything else it imports: Node's own modules and the package's declared dependencies.
    const allowed = new Set(["effect", ...Object.keys(staged.dependencies ?? {})])
    assert.deepStrictEqual([...new Set(packages.filter((p) => !p.startsWith("node:") && !allowed.has(p)))], [])
  })
})

describe("one API reference for both lines (docs/effect4.md §Docs)", () => {
  it("each module built for Effect 4 declares what the Effect 3 one does, but for the types the boundary names per Effect", () => {
    // Declarations without their JSDoc (the examples are Effect 3's on both: docs/install.md lists their differences).
    const declarations = (file: string) =>
      readFileSync(file, "utf8").split("\n").filter((line) => !/^\s*(\*|\/\*\*|\/\/)/.test(line))
    const modules = Object.values(core.exports!).flatMap((t) => (typeof t === "object" ? [t.types!.slice("./dist/".length)] : []))
      .filter((file) => existsSync(join(root, "dist", "v4", file)))
    assert.includeMembers(modules, ["Manifest.d.ts", "Lock.d.ts", "Resolver.d.ts"])
    for (const file of modules) {
      const v3 = declarations(join(root, "dist", file))
      const v4 = declarations(join(root, "dist", "v4", file))
      assert.strictEqual(v4.length, v3.length, file)
      const differing = v3.flatMap((line, i) => (line === v4[i] ? [] : [[line, v4[i]!] as const]))
      for (const [three, four] of differing) {
        // The boundary's own module, imported by its target's path…
        if (three.replace("/target/v3/", "/target/v4/") === four) continue
        // …and the service class: Context.Tag on Effect 3, Context.Service on Effect 4.
        if (three.replace('import("effect/Context").TagClass<', 'import("effect/Context").ServiceClass<') === four) continue
        assert.fail(`${file} differs beyond the boundary:\n  Effect 3: ${three}\n  Effect 4: ${four}`)
      }
    }
  })
})

let extractedOnce: Promise<string> | undefined
const extractedEffect4 = () => (extractedOnce ??= extract(effect4Core().tarball))
