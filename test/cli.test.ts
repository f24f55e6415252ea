import { assert, describe, it } from "@effect/vitest"
import { spawn } from "node:child_process"
import { mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { profileManifest } from "./support/fixtures.js"
import { json, startServer, type TestServer } from "./support/server.js"

const repoRoot = fileURLToPath(new URL("..", import.meta.url))
const bin = join(repoRoot, "dist", "bin.js")

interface Run {
  readonly status: number | null
  readonly stdout: string
  readonly stderr: string
}

// Async, not spawnSync: the test server lives in this process and must keep answering.
const rcp = (args: ReadonlyArray<string>, env: Record<string, string> = {}): Promise<Run> =>
  new Promise((resolve) => {
    const child = spawn(process.execPath, [bin, ...args], { env: { ...process.env, NO_COLOR: "1", ...env } })
    let stdout = ""
    let stderr = ""
    child.stdout.on("data", (d) => (stdout += d))
    child.stderr.on("data", (d) => (stderr += d))
    child.on("close", (status) => resolve({ status, stdout, stderr }))
  })

// eslint-disable-next-line no-control-regex
const plain = (s: string) => s.replace(/\u001b\[[0-9;]*m/g, "")

const manifestFor = (origin: string) =>
  profileManifest(origin, [{
    name: "list_courses",
    description: "List courses.",
    method: "GET",
    params: [{ name: "limit", type: "number", required: false, description: "how many" }],
    url: `${origin}/courses`,
    queryParams: { limit: "{{limit}}" }
  }])

const withServer = async (f: (server: TestServer) => Promise<void>) => {
  const server = await startServer((req, res) => {
    if (req.path === "/rcp/manifest") return json(res, 200, manifestFor(server.origin))
    return json(res, 200, { path: req.path, query: req.query.toString(), authorization: req.headers.authorization })
  })
  try {
    await f(server)
  } finally {
    await server.close()
  }
}

const tmp = mkdtempSync(join(tmpdir(), "rcp-cli-"))
const file = (name: string, content: unknown) => {
  const path = join(tmp, name)
  writeFileSync(path, typeof content === "string" ? content : JSON.stringify(content))
  return path
}

describe("rcp (the command-line tool)", () => {
  it("has --help on every command", async () => {
    for (const args of [["--help"], ["describe", "--help"], ["tools", "--help"], ["validate", "--help"], ["call", "--help"]]) {
      const run = await rcp(args)
      assert.strictEqual(run.status, 0, args.join(" "))
      assert.include(plain(run.stdout), "USAGE", args.join(" "))
    }
    assert.include(plain((await rcp(["call", "--help"])).stdout), "--credential-env")
  })

  it("describe prints describeManifest as if the resolvers were registered", () =>
    withServer(async (server) => {
      const run = await rcp(["describe", server.url("/rcp/manifest"), "--resolver", "userId"])
      assert.strictEqual(run.status, 0, run.stderr)
      assert.include(run.stdout, "RCP manifest v0.1 — auth: header \"Authorization\" (scheme: Bearer)\n2 tool(s):")
      assert.include(run.stdout, "  userId: string, required [resolved by client, hidden from model] — the user's id")
      assert.include(run.stdout, "  limit: number, optional — how many")
      const typo = await rcp(["describe", server.url("/rcp/manifest"), "--resolver", "usrId"])
      assert.strictEqual(typo.status, 0)
      assert.include(typo.stderr, "warning: resolver \"usrId\" matches no param of any tool")
      const fromFile = await rcp(["describe", file("m.json", manifestFor("https://api.example.com"))])
      assert.strictEqual(fromFile.status, 0, fromFile.stderr)
      assert.include(fromFile.stdout, "  userId: string, required — the user's id")
    }))

  it("tools prints the model-facing tools in each provider's format", () =>
    withServer(async (server) => {
      const url = server.url("/rcp/manifest")
      const asJson = JSON.parse((await rcp(["tools", url, "--resolver", "userId"])).stdout)
      assert.deepStrictEqual(asJson[0], {
        name: "get_profile",
        description: "Get the current user's profile.",
        parameters: { type: "object", properties: {}, required: [], additionalProperties: false }
      })
      const openai = JSON.parse((await rcp(["tools", url, "--format", "openai"])).stdout)
      assert.deepStrictEqual(openai[0].type, "function")
      assert.deepStrictEqual(openai[0].function.parameters.required, ["userId"])
      const anthropic = JSON.parse((await rcp(["tools", url, "--format", "anthropic", "--resolver", "userId"])).stdout)
      assert.deepStrictEqual(Object.keys(anthropic[1]), ["name", "description", "input_schema"])
      assert.deepStrictEqual(anthropic[1].input_schema.properties, { limit: { type: "number", description: "how many" } })
    }))

  it("tools also prints OpenAI strict mode, the Responses API and Gemini formats", () =>
    withServer(async (server) => {
      const url = server.url("/rcp/manifest")
      const strict = JSON.parse((await rcp(["tools", url, "--format", "openai-strict", "--resolver", "userId"])).stdout)
      assert.deepStrictEqual(strict[1].function.parameters.properties.limit, { type: ["number", "null"], description: "how many" })
      const responses = JSON.parse((await rcp(["tools", url, "--format", "openai-responses"])).stdout)
      assert.deepStrictEqual([responses[0].type, responses[0].name, responses[0].strict], ["function", "get_profile", false])
      const gemini = JSON.parse((await rcp(["tools", url, "--format", "gemini"])).stdout)
      assert.deepStrictEqual(gemini[0].functionDeclarations[0].parametersJsonSchema.required, ["userId"])
    }))

  it("validate lists every problem with its path and exits 1; warnings alone exit 0", async () => {
    const bad = file("bad.json", {
      rcpVersion: "0.1",
      tools: [{ name: "a b", description: "", method: "GET", params: [], url: "https://{{host}}/x", body: { x: 1 } }]
    })
    const failed = await rcp(["validate", bad])
    assert.strictEqual(failed.status, 1)
    assert.include(failed.stderr, "error: tools[0].name: expected a string matching")
    assert.include(failed.stderr, "error: tools[0].description:")
    assert.include(failed.stderr, "error: tools[0].url: placeholder not allowed in the scheme, host or port")
    assert.include(failed.stderr, "error: tools[0].body: a GET tool cannot have a body")
    assert.notInclude(failed.stderr, "    at ")

    const warned = await rcp(["validate", file("warn.json", {
      rcpVersion: "0.1",
      tools: [{
        name: "get_account",
        description: "Get an account.",
        method: "GET",
        params: [{ name: "accountId", type: "string" }, { name: "unused", type: "string", description: "never used" }],
        url: "https://api.example.com/accounts/{{accountId}}"
      }]
    })])
    assert.strictEqual(warned.status, 0, warned.stderr)
    assert.include(warned.stderr, "warning: tools[0].params[0]: param \"accountId\" of tool \"get_account\" has no description")
    assert.include(warned.stderr, "looks like an identity")
    assert.include(warned.stderr, "warning: tools[0].params[1]: param \"unused\" of tool \"get_account\" is declared but no template uses it")
    assert.include(warned.stdout, "valid, 1 tool(s), 3 warning(s)")

    const notJson = await rcp(["validate", file("junk.json", "{nope")])
    assert.strictEqual(notJson.status, 1)
    assert.match(notJson.stderr, /^rcp: .*junk\.json is not JSON\n$/)
  })

  it("call --dry-run prints the request with the credential redacted and sends nothing", () =>
    withServer(async (server) => {
      const run = await rcp(
        ["call", server.url("/rcp/manifest"), "get_profile", "--set", "userId=u-42", "--credential-env", "RCP_TOKEN", "--dry-run"],
        { RCP_TOKEN: "cli-secret-token" }
      )
      assert.strictEqual(run.status, 0, run.stderr)
      const request = JSON.parse(run.stdout)
      assert.strictEqual(request.method, "GET")
      assert.strictEqual(request.url, server.url("/users/u-42"))
      assert.strictEqual(request.headers.authorization, "Bearer <redacted>")
      assert.notInclude(run.stdout + run.stderr, "cli-secret-token")
      assert.deepStrictEqual(server.requests.map((r) => r.path), ["/rcp/manifest"])
    }))

  it("call sends the request with --set values typed as their params declare", () =>
    withServer(async (server) => {
      const run = await rcp(
        ["call", server.url("/rcp/manifest"), "get_profile", "--set", "userId=u-42", "--credential-env", "RCP_TOKEN"],
        { RCP_TOKEN: "cli-secret-token" }
      )
      assert.strictEqual(run.status, 0, run.stderr)
      assert.deepStrictEqual(JSON.parse(run.stdout), {
        status: 200,
        data: { path: "/users/u-42", query: "", authorization: "Bearer cli-secret-token" }
      })
      const typed = await rcp(
        ["call", server.url("/rcp/manifest"), "list_courses", "--set", "limit=3", "--credential-env", "RCP_TOKEN"],
        { RCP_TOKEN: "t" }
      )
      assert.strictEqual(JSON.parse(typed.stdout).data.query, "limit=3")
      const wrong = await rcp(
        ["call", server.url("/rcp/manifest"), "list_courses", "--set", "limit=lots", "--credential-env", "RCP_TOKEN"],
        { RCP_TOKEN: "t" }
      )
      assert.strictEqual(wrong.status, 1)
      assert.match(wrong.stderr, /^rcp: ResolverFailed: .*"limit".*\(--set limit= must be a number\)\n$/)
    }))

  it("errors are one line and exit non-zero, never a stack trace", () =>
    withServer(async (server) => {
      const missingEnv = await rcp(["call", server.url("/rcp/manifest"), "get_profile", "--set", "userId=u", "--credential-env", "NOPE_NOT_SET"])
      assert.strictEqual(missingEnv.status, 1)
      assert.strictEqual(missingEnv.stderr, "rcp: the environment variable NOPE_NOT_SET is not set\n")

      const noCaller = await rcp(["call", server.url("/rcp/manifest"), "get_profile", "--args", "{\"userId\":\"x\"}"], {})
      assert.strictEqual(noCaller.status, 1)
      assert.match(noCaller.stderr, /^rcp: CredentialMissing: /)

      const unknownTool = await rcp(["call", server.url("/rcp/manifest"), "nope"])
      assert.strictEqual(unknownTool.status, 1)
      assert.match(unknownTool.stderr, /^rcp: ToolNotFound: unknown tool "nope"/)

      const closed = await startServer(() => {})
      await closed.close()
      const refused = await rcp(["describe", closed.url("/rcp/manifest")])
      assert.strictEqual(refused.status, 1)
      assert.match(refused.stderr, /^rcp: TransportError: .*connection refused/)
      assert.notInclude(refused.stderr, "    at ")
    }))
})
