// The second half of `npm run build:core`: after tsc has compiled src/ into dist/ (JavaScript,
// declarations, source maps), each public module's JavaScript (dist/Client.js, dist/Manifest.js, …)
// is replaced by a bundle of the library's own modules, with the code two entries share in
// dist/chunks/ (so that each internal module still exists once in a process, whatever entries it
// imports). Every package stays an import (effect, @effect/platform, undici). Each public module's
// file is then a short opening over its bundle (dist/chunks/Client.js, …): it imports dist/peers.js,
// the check of the installed effect and @effect/platform against the supported range
// (src/internal/shared/peerRange.ts), and only then loads the bundle with a dynamic import() —
// modules are linked before any of them runs, so a check beside static imports of an Effect 4
// would never run (Node would fail first on a missing file or export). Then tsc's JavaScript of
// the internal modules (dist/internal/**/*.js), which nothing loads any more, is removed: the package
// ships the bundles and the declarations (dist/internal/**/*.d.ts, which the public ones import).
// The benches that measure internal parts compile src/ on their own (bench/tsconfig.core.json).
//
// `node scripts/bundle.mjs [<dist> <v3|v4>]` (default `dist v3`): `npm run build:effect4` runs it on
// the Effect 4 tree (`dist/v4 v4`), for the public modules built for Effect 4 so far; its opening
// checks that line's peers (src/internal/shared/peerRange.ts `LINES`), whose sentence names the
// other line's install command when it meets the other Effect (docs/effect4.md §Publishing).
//
// Why bundle: Node's ESM loader costs about a millisecond and a half per module, and
// `rcp-sdk/client` was 45 of them — a third of a cold process's time to its first tool result
// (bench/RESULTS.md §Start-up; re-measured for 0.2.0 in §Bundling).
import { build } from "esbuild"
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs"
import { basename, dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { libraryBundle, removeInternalJs } from "./bundleShared.mjs"

const root = join(dirname(fileURLToPath(import.meta.url)), "..")
const [, , distDir = "dist", target = "v3"] = process.argv
if (target !== "v3" && target !== "v4") throw new Error("usage: node scripts/bundle.mjs [<dist> <v3|v4>]")
const dist = join(root, distDir)
const staging = join(root, target === "v3" ? "dist-bundle" : `dist-bundle-${target}`)

const exportsMap = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).exports

// Faces of the client: rcp-sdk/errors and rcp-sdk/providers declare what rcp-sdk/client re-exports
// in full, and rcp-sdk/result what it re-exports as its `Result` namespace. Bundled as entries of
// their own, each would split the client's code into more shared chunks (rcp-sdk/client: 10 files
// to load without them, 16 with the first two, 20 with rcp-sdk/result too); instead each is written
// as the re-export of its names from the client's bundle — the same classes and functions, no chunk.
// "Client.js#Result": the members of the namespace `Result` that Client.js exports.
const FACES = { "Errors.js": "Client.js", "Providers.js": "Client.js", "Result.js": "Client.js#Result" }

// package.json's paths are the Effect 3 tree's ("./dist/…"); a tree holds the modules built for it.
const entries = Object.values(exportsMap)
  .flatMap((target) => (typeof target === "object" ? [target.import] : []))
  .map((path) => join(dist, path.replace(/^\.\/dist\//, "")))
  .filter((path) => existsSync(path) && !(basename(path) in FACES))

/**
 * The names each of `files` exports, read by esbuild from tsc's output without running it: the
 * Effect 4 tree cannot be imported here, where `effect` is Effect 3.
 */
const exportNames = async (files) => {
  if (files.length === 0) return []
  const { metafile } = await build({
    entryPoints: files,
    outdir: join(staging, "names"),
    outbase: dist,
    absWorkingDir: root,
    bundle: true,
    format: "esm",
    platform: "node",
    packages: "external",
    write: false,
    metafile: true,
    logLevel: "warning"
  })
  const byEntry = new Map(
    Object.values(metafile.outputs).flatMap((o) => (o.entryPoint === undefined ? [] : [[join(root, o.entryPoint), o.exports]]))
  )
  return files.map((file) => [...byEntry.get(file)].sort())
}

// The faces' names, read from tsc's output before the bundles replace it.
const presentFaces = Object.entries(FACES).filter(([face, body]) =>
  existsSync(join(dist, face)) && existsSync(join(dist, body.split("#")[0]))
)
const faceNames = await exportNames(presentFaces.map(([face]) => join(dist, face)))
const faces = presentFaces.map(([face, body], i) => ({ face, body, names: faceNames[i] }))

rmSync(staging, { recursive: true, force: true })
await build({
  ...libraryBundle,
  entryPoints: entries,
  outdir: staging,
  outbase: dist,
  // The bundles go beside their chunks; each public file becomes the opening written below.
  entryNames: "chunks/[name]"
})
// What each entry exports, read from tsc's output (as the faces' names) before it is replaced.
const entryNames = await exportNames(entries)
const exported = entries.map((entry, i) => ({ name: entry.slice(dist.length + 1), names: entryNames[i] }))
rmSync(join(dist, "chunks"), { recursive: true, force: true })
renameSync(join(staging, "chunks"), join(dist, "chunks"))
rmSync(staging, { recursive: true, force: true })
await build({
  stdin: {
    // From the source: the check is a leaf with no imports but node:'s, the same for both trees.
    contents: `import { assertPeers, LINES } from "./src/internal/shared/peerRange.ts"\nassertPeers(import.meta.url, "rcp-sdk", LINES.${target})\n`,
    resolveDir: root,
    sourcefile: "peerCheck.js"
  },
  outfile: join(dist, "peers.js"),
  bundle: true,
  format: "esm",
  platform: "node",
  target: "node20",
  logLevel: "warning"
})
for (const { name, names } of exported) {
  if (names.includes("default")) throw new Error(`${name}: a default export needs its own line in the opening`)
  writeFileSync(
    join(dist, name),
    [
      target === "v3"
        ? `// The supported effect and @effect/platform are checked before the bundle (and its imports) load.`
        : `// The supported effect is checked before the bundle (and its imports) load.`,
      `import "./peers.js"`,
      `const body = await import("./chunks/${name}")`,
      `export const {\n${names.map((n) => `  ${n}`).join(",\n")}\n} = body`,
      ``
    ].join("\n")
  )
  rmSync(join(dist, `${name}.map`), { force: true })
}
for (const { face, body, names } of faces) {
  const [file, namespace] = body.split("#")
  const list = names.map((name) => `  ${name}`).join(",\n")
  writeFileSync(
    join(dist, face),
    namespace === undefined
      ? `export {\n${list}\n} from "./${file}"\n`
      : `import { ${namespace} } from "./${file}"\nexport const {\n${list}\n} = ${namespace}\n`
  )
  rmSync(join(dist, `${face}.map`), { force: true })
}

// The unused second copy: tsc's JavaScript of the internal modules, and its source maps.
removeInternalJs(dist)
