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
// Why bundle: Node's ESM loader costs about a millisecond and a half per module, and
// `rcp-sdk/client` was 45 of them — a third of a cold process's time to its first tool result
// (bench/RESULTS.md §Start-up; re-measured for 0.2.0 in §Bundling).
import { build } from "esbuild"
import { readFileSync, renameSync, rmSync, writeFileSync } from "node:fs"
import { basename, dirname, join } from "node:path"
import { fileURLToPath, pathToFileURL } from "node:url"
import { libraryBundle, removeInternalJs } from "./bundleShared.mjs"

const root = join(dirname(fileURLToPath(import.meta.url)), "..")
const dist = join(root, "dist")
const staging = join(root, "dist-bundle")

const exportsMap = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).exports

// Faces of the client: rcp-sdk/errors and rcp-sdk/providers declare what rcp-sdk/client re-exports
// in full, and rcp-sdk/result what it re-exports as its `Result` namespace. Bundled as entries of
// their own, each would split the client's code into more shared chunks (rcp-sdk/client: 10 files
// to load without them, 16 with the first two, 20 with rcp-sdk/result too); instead each is written
// as the re-export of its names from the client's bundle — the same classes and functions, no chunk.
// "Client.js#Result": the members of the namespace `Result` that Client.js exports.
const FACES = { "Errors.js": "Client.js", "Providers.js": "Client.js", "Result.js": "Client.js#Result" }

const entries = Object.values(exportsMap)
  .flatMap((target) => (typeof target === "object" ? [target.import] : []))
  .map((path) => join(root, path))
  .filter((path) => !(basename(path) in FACES))

// The faces' names, read from tsc's output before the bundles replace it.
const faces = await Promise.all(
  Object.entries(FACES).map(async ([face, body]) => {
    const names = Object.keys(await import(pathToFileURL(join(dist, face)).href)).sort()
    return { face, body, names }
  })
)

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
const exported = await Promise.all(
  entries.map(async (entry) => ({
    name: entry.slice(dist.length + 1),
    names: Object.keys(await import(pathToFileURL(entry).href)).sort()
  }))
)
rmSync(join(dist, "chunks"), { recursive: true, force: true })
renameSync(join(staging, "chunks"), join(dist, "chunks"))
rmSync(staging, { recursive: true, force: true })
await build({
  stdin: {
    contents: `import { assertPeers } from "./internal/shared/peerRange.js"\nassertPeers(import.meta.url, "rcp-sdk")\n`,
    resolveDir: dist,
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
      `// The supported effect and @effect/platform are checked before the bundle (and its imports) load.`,
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
