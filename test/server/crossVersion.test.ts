/**
 * docs/effect4.md §Publishing (the CLI): `rcp` runs on its own Effect 3 line, and a server author
 * on Effect 4 hands it a module whose tools were built by the Effect 4 line of `rcp-sdk/server`.
 * Only plain data crosses between the two copies of rcp-sdk, so what lowering lost must travel with
 * each tool (under `Symbol.for("rcp-sdk/lowering")`), not in a table of the copy that lowered it.
 *
 * Real parts: `src/Server.ts` compiled for Effect 4 (`tsconfig.build.v4.json`, rewritten by
 * `scripts/targets.mjs`) into a folder where `effect` is effect@4.1.0, a server module there, and
 * the built `rcp validate` (Effect 3) in its own process.
 */
import { assert, describe, it } from "@effect/vitest"
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { rcp, runProcess } from "../support/process.js"

const root = fileURLToPath(new URL("../..", import.meta.url))

/** An app folder on Effect 4 with the Effect 4 build of `rcp-sdk/server` installed. */
const effect4App = async (): Promise<string> => {
  const app = mkdtempSync(join(tmpdir(), "rcp-effect4-server-"))
  const modules = join(app, "node_modules")
  const sdk = join(modules, "rcp-sdk")
  mkdirSync(sdk, { recursive: true })
  // effect@4.1.0 as `effect` (its own imports of `effect/…` resolve through its package name).
  symlinkSync(join(root, "node_modules", "effect4"), join(modules, "effect"), "dir")
  const tsc = join(root, "node_modules", "typescript", "bin", "tsc")
  const build = await runProcess(process.execPath, [
    tsc, "-p", join(root, "tsconfig.build.v4.json"), "--outDir", sdk,
    "--declaration", "false", "--declarationMap", "false", "--sourceMap", "false"
  ], { cwd: root })
  assert.strictEqual(build.status, 0, build.stdout + build.stderr)
  const rewrite = await runProcess(process.execPath, [join(root, "scripts", "targets.mjs"), "rewrite", sdk, "v4"], {
    cwd: root
  })
  assert.strictEqual(rewrite.status, 0, rewrite.stdout + rewrite.stderr)
  writeFileSync(
    join(sdk, "package.json"),
    JSON.stringify({ name: "rcp-sdk", type: "module", exports: { "./server": "./Server.js" } })
  )
  return app
}

const SERVER_MODULE = `// Built with the Effect 4 line: Schema.Literals and Schema.Date's representation are Effect 4's.
import * as Schema from "effect/Schema"
import { defineTool } from "rcp-sdk/server"

if (typeof Schema.Literals !== "function") throw new Error("this module must run on Effect 4")

export const tools = [
  defineTool({
    name: "search",
    description: "Search the catalogue.",
    method: "GET",
    args: Schema.Struct({
      q: Schema.String.annotate({ description: "what to look for" }),
      since: Schema.Date,
      unit: Schema.Literals(["c", "f"]).annotate({ description: "temperature unit" })
    }),
    url: "https://api.example.com/search",
    queryParams: { q: (t) => t.arg("q"), since: (t) => t.arg("since"), unit: (t) => t.arg("unit") }
  })
]

// The warnings are not enumerable: the tool is the plain data it always was.
export const keys = Object.keys(tools[0])
`

describe("an Effect 4 server module, validated by the Effect 3 CLI", () => {
  it("keeps its lowering warnings: they travel with the tool, not in the copy of rcp-sdk that lowered it", async () => {
    const app = await effect4App()
    const module = join(app, "server.mjs")
    writeFileSync(module, SERVER_MODULE)

    const run = await rcp(["validate", module])
    assert.strictEqual(run.status, 0, run.stderr)
    assert.strictEqual(
      run.stderr,
      "warning: tools[0].params[1]: arg \"since\" of tool \"search\": Date has no manifest type; " +
        "published as a required \"string\"\n"
    )
    assert.strictEqual(run.stdout, `${module}: valid, 1 tool(s), 1 warning(s)\n`)

    // The same module on its own: Effect 4, and nothing of the warnings in the tool's own keys.
    const keys = await runProcess(process.execPath, [
      "--input-type=module",
      "-e",
      `const m = await import(${JSON.stringify(module)}); console.log(JSON.stringify(m.keys)); ` +
      `console.log(JSON.stringify(m.tools[0][Symbol.for("rcp-sdk/lowering")].args.map((l) => l.arg)))`
    ], { cwd: app })
    assert.strictEqual(keys.status, 0, keys.stderr)
    assert.strictEqual(keys.stdout, "[\"name\",\"description\",\"method\",\"params\",\"url\",\"queryParams\"]\n[\"since\"]\n")
  }, 180_000)
})
