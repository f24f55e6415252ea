// The second half of @rcp-sdk/cli's `build` (run in packages/cli after tsc): `rcp` ships as an
// esbuild bundle of its own modules, as the core does (scripts/bundle.mjs), instead of tsc's one
// file per module. Node's ESM loader costs about a millisecond and a half per module, and `rcp`
// was 21 of its own plus the OpenAPI package's 25 before it printed its help (bench/RESULTS.md
// §The house, `rcp --help`).
//
// Every package stays an import (`packages: "external"`): `rcp-sdk` above all, so that the core's
// opening (its check of the installed effect and @effect/platform, dist/peers.js) still runs
// before anything of Effect loads, and the CLI's dependencies (@effect/cli, @effect/platform-node,
// @rcp-sdk/openapi, @rcp-sdk/mcp, the MCP SDK) stay the packages npm installed beside it. What
// the CLI loads with `import()` (the parser, each command, the MCP server) becomes a chunk of its
// own under dist/chunks/, loaded only when that path runs. tsc's JavaScript of the internal
// modules, which nothing loads any more, is removed; its declarations stay.
import { build } from "esbuild"
import { chmodSync, rmSync } from "node:fs"
import { join, resolve } from "node:path"
import { libraryBundle, removeInternalJs } from "./bundleShared.mjs"

const dir = resolve(process.argv[2] ?? ".")
const dist = join(dir, "dist")

rmSync(join(dist, "chunks"), { recursive: true, force: true })
await build({ ...libraryBundle, entryPoints: [join(dir, "src/bin.ts")], outdir: dist })
chmodSync(join(dist, "bin.js"), 0o755)

removeInternalJs(dist)
