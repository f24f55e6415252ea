/**
 * docs/openapi.md §CLI: `rcp import` and the loader behind describe/tools/validate/call, as plain
 * functions (what they print and their exit code) and through the built `rcp` in a child process.
 */
import { assert, describe, it } from "../../../test/support/effectVitest.js"
import * as Effect from "effect/Effect"
import { spawn } from "node:child_process"
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs"
import { createRequire } from "node:module"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath, pathToFileURL } from "node:url"
import * as Manifest from "rcp-sdk/manifest"
import { json, withServer } from "../../../test/support/server.js"
import * as Cli from "../src/Cli.js"
import { op, spec3 } from "./support.js"

const require = createRequire(import.meta.url)
const petstore = require.resolve("@readme/oas-examples/3.0/json/petstore.json")
const tmp = mkdtempSync(join(tmpdir(), "rcp-openapi-cli-"))
const bin = join(fileURLToPath(new URL("../../..", import.meta.url)), "packages", "cli", "dist", "bin.js")

const missingParser: () => Promise<never> = () => Promise.reject(new Error("Cannot find package '@readme/openapi-parser'"))

const rcp = (args: ReadonlyArray<string>): Promise<{ status: number | null; stdout: string; stderr: string }> =>
  new Promise((resolve) => {
    const child = spawn(process.execPath, [bin, ...args], { env: { ...process.env, NO_COLOR: "1" } })
    let stdout = ""
    let stderr = ""
    child.stdout.on("data", (d) => (stdout += d))
    child.stderr.on("data", (d) => (stderr += d))
    child.on("close", (status) => resolve({ status, stdout, stderr }))
  })

describe("docs/openapi.md §CLI: importCommand", () => {
  it("§CLI: prints the manifest JSON on stdout and each warning on stderr", async () => {
    const output = await Cli.importCommand({ source: petstore, baseUrl: "https://petstore.example.com/v2", include: ["pet"] })
    assert.strictEqual(output.exitCode, 0)
    const manifest = await Effect.runPromise(Manifest.decode(JSON.parse(output.stdout)))
    assert.deepStrictEqual(manifest.tools.map((t) => t.name), [
      "updatePet", "addPet", "findPetsByStatus", "findPetsByTags", "getPetById", "updatePetWithForm", "deletePet", "uploadFile"
    ])
    const lines = output.stderr.trimEnd().split("\n")
    assert.include(lines, "warning: POST /pet/{petId}/uploadImage (uploadFile): the optional request body left out: it has file fields (\"file\"), which a tool cannot upload (multipart/form-data)")
    assert.isTrue(lines.every((line) => line.startsWith("warning: ")))
  })

  it("§CLI: --out writes the manifest to the file and says so on stderr", async () => {
    const out = join(tmp, "petstore.rcp.json")
    const output = await Cli.importCommand({ source: petstore, baseUrl: "https://petstore.example.com", exclude: ["user", "store"], out })
    assert.strictEqual(output.exitCode, 0)
    assert.strictEqual(output.stdout, "")
    assert.match(output.stderr, /rcp: wrote 8 tool\(s\) to .*petstore\.rcp\.json, \d+ warning\(s\)\n$/)
    assert.strictEqual(JSON.parse(readFileSync(out, "utf8")).tools.length, 8)
  })

  it("§CLI: --auth sets the manifest's auth; a malformed one is one line and exit 1; messages name the flags", async () => {
    const noAuth = join(tmp, "no-auth.json")
    writeFileSync(noAuth, JSON.stringify(spec3({ "/a": { get: op({ operationId: "a" }) } }, {
      servers: [{ url: "/relative" }],
      components: { securitySchemes: { basic: { type: "http", scheme: "basic" } } },
      security: [{ basic: [] }]
    })))
    const withoutBase = await Cli.importCommand({ source: noAuth })
    assert.deepStrictEqual(withoutBase, {
      stdout: "",
      stderr: `rcp: OpenApiInvalid: invalid OpenAPI document ${pathToFileURL(noAuth).href}:\n  - the spec names no absolute server URL: pass --base-url URL\n`,
      exitCode: 1
    })
    const imported = await Cli.importCommand({ source: noAuth, baseUrl: "https://api.example.com" })
    assert.strictEqual(
      imported.stderr,
      "warning: no auth the manifest can describe (\"basic\" is http basic authentication, which a manifest cannot describe): " +
        "pass --auth, e.g. --auth header:Authorization:Bearer\n"
    )
    for (const [flag, auth] of [
      ["header:Authorization:Bearer", { type: "header", name: "Authorization", scheme: "Bearer" }],
      ["header:X-Api-Key", { type: "header", name: "X-Api-Key" }],
      ["query:key", { type: "query", name: "key" }]
    ] as const) {
      const output = await Cli.importCommand({ source: noAuth, baseUrl: "https://api.example.com", auth: flag })
      assert.deepStrictEqual([output.exitCode, JSON.parse(output.stdout).auth, output.stderr], [0, auth, ""])
    }
    for (const flag of ["header", "cookie:sid", "query:", "header:A:B:C"]) {
      assert.deepStrictEqual(await Cli.importCommand({ source: noAuth, auth: flag }), {
        stdout: "",
        stderr: "rcp: --auth must be header:NAME, header:NAME:SCHEME or query:NAME (e.g. header:Authorization:Bearer)\n",
        exitCode: 1
      })
    }
    const invalid = await Cli.importCommand({ source: noAuth, baseUrl: "https://api.example.com", auth: "header:Bad Name" })
    assert.strictEqual(invalid.exitCode, 1)
    assert.match(invalid.stderr, /^rcp: OpenApiInvalid: invalid OpenAPI document .*:\n {2}- --auth is not valid: /)
  })

  it("§CLI: an invalid document is one line and exit 1", async () => {
    const bad = join(tmp, "bad.json")
    writeFileSync(bad, JSON.stringify({ openapi: "3.0.3", paths: {} }))
    const output = await Cli.importCommand({ source: bad })
    assert.strictEqual(output.exitCode, 1)
    assert.match(output.stderr, /^rcp: OpenApiInvalid: invalid OpenAPI document file:.*bad\.json:\n/)
  })

  it("§CLI: without @readme/openapi-parser, one line saying to install it", async () => {
    const output = await Cli.importCommand({ source: petstore }, missingParser)
    assert.deepStrictEqual(output, { stdout: "", stderr: "rcp: install @readme/openapi-parser to use rcp import\n", exitCode: 1 })
  })
})

describe("docs/openapi.md §CLI: the rcp executable", () => {
  it("§CLI: rcp import prints a manifest, and rcp describe reads an OpenAPI document served over HTTP", async () => {
    const doc = spec3({
      "/users/{id}": { get: op({ operationId: "getUser", summary: "Get a user", parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }] }) }
    }, { servers: [{ url: "/api" }] })
    await withServer((_req, res) => json(res, 200, doc), async (server) => {
      const imported = await rcp(["import", server.url("/openapi.json")])
      assert.strictEqual(imported.status, 0, imported.stderr)
      assert.strictEqual(JSON.parse(imported.stdout).tools[0].url, server.url("/api/users/{{id}}"))
      const described = await rcp(["describe", server.url("/openapi.json"), "--resolver", "id"])
      assert.strictEqual(described.status, 0, described.stderr)
      assert.strictEqual(
        described.stdout,
        "RCP manifest v0.1 — auth: none\n1 tool(s):\n- getUser (GET) — Get a user\n  id: string, required [resolved by client, hidden from model]\n"
      )
    })
  }, 60_000)

  it("§CLI: rcp tools and rcp validate read an OpenAPI JSON file, the import's warnings on stderr", async () => {
    const tools = await rcp(["tools", petstore, "--allow-http"])
    assert.strictEqual(tools.status, 0, tools.stderr)
    assert.strictEqual(JSON.parse(tools.stdout).length, 18)
    assert.include(tools.stderr, "warning: the server http://petstore.swagger.io is plain http: a client needs allowHttp to call it")
    const validated = await rcp(["validate", petstore, "--allow-http"])
    assert.strictEqual(validated.status, 0, validated.stderr)
    assert.include(validated.stdout, "valid, 18 tool(s)")
  }, 60_000)

  it("§CLI: an RCP manifest file never needs the parser, and reads as before", async () => {
    const path = join(tmp, "manifest.json")
    writeFileSync(path, JSON.stringify({ rcpVersion: "0.1", tools: [] }))
    const validated = await rcp(["validate", path])
    assert.deepStrictEqual(validated, { status: 0, stdout: `${path}: valid, 0 tool(s), 0 warning(s)\n`, stderr: "" })
  }, 60_000)
})
