/**
 * What a model reads of a result, from the command line (docs/results.md): `rcp call --as-model`
 * with `--max-result-chars`, `--max-result-tokens` and `--fields`, and `rcp mcp`'s budget flags
 * with the MCP SDK's own client as the host — the built `dist/bin.js` in a child process, against a
 * real server on 127.0.0.1 whose requests are asserted (`fields` never reaches them).
 */
import { assert, describe, it, vi } from "@effect/vitest"
import { Client as McpClient } from "@modelcontextprotocol/sdk/client/index.js"
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js"
import { manifest } from "../../../test/support/execute.js"
import { rcp, rcpBin } from "../../../test/support/process.js"
import { json, startServer, type TestServer } from "../../../test/support/server.js"

vi.setConfig({ testTimeout: 120_000 })

const courses = Array.from({ length: 200 }, (_, id) => ({ id, title: `Course ${id}`, summary: "s".repeat(60) }))

const withServer = async (f: (server: TestServer, url: string) => Promise<void>) => {
  const server = await startServer((req, res) => {
    if (req.path === "/rcp/manifest") {
      return json(res, 200, manifest([{
        name: "list_courses",
        params: [{ name: "cursor", type: "string", required: false }],
        url: `${server.origin}/courses`,
        queryParams: { cursor: "{{cursor}}" }
      }, { name: "logo", url: `${server.origin}/logo.png` }]))
    }
    if (req.path === "/logo.png") {
      res.writeHead(200, { "content-type": "image/png" })
      res.end(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x1b, 0x5b]))
      return
    }
    return json(res, 200, { items: courses, next_cursor: "c-2" })
  })
  try {
    await f(server, server.url("/rcp/manifest"))
  } finally {
    await server.close()
  }
}

interface Printed {
  readonly status: number
  readonly text: string
  readonly kind: string
  readonly truncated?: { readonly _tag: string }
  readonly nextPage?: { readonly set?: Record<string, unknown> }
  readonly chars: number
  readonly tokens?: number
}

describe("rcp call --as-model", () => {
  it("prints the model's view within --max-result-chars, with the page note naming the tool's own param", () =>
    withServer(async (server, url) => {
      const run = await rcp(["call", url, "list_courses", "--as-model", "--max-result-chars", "1500"])
      assert.strictEqual(run.status, 0, run.stderr)
      const printed = JSON.parse(run.stdout) as Printed
      assert.strictEqual(printed.status, 200)
      assert.strictEqual(printed.kind, "json")
      assert.isAtMost(printed.text.length, 1500)
      assert.strictEqual(printed.chars, printed.text.length)
      assert.strictEqual(printed.truncated?._tag, "Json")
      assert.deepStrictEqual(printed.nextPage?.set, { cursor: "c-2" })
      const view = JSON.parse(printed.text) as { truncated: string; nextPage: string }
      assert.match(view.truncated, /^The result was shortened to fit 1500 characters/)
      assert.include(view.nextPage, "cursor")
      assert.notInclude(view.nextPage, server.origin)
      // Without --as-model: the whole data, as before.
      const whole = await rcp(["call", url, "list_courses"])
      assert.deepStrictEqual(JSON.parse(whole.stdout), { status: 200, data: { items: courses, next_cursor: "c-2" } })
    }))

  it("a binary body: its type and size without --as-model, the description the model reads with it; never the bytes", () =>
    withServer(async (_server, url) => {
      const plain = await rcp(["call", url, "logo"])
      assert.strictEqual(plain.status, 0, plain.stderr)
      assert.deepStrictEqual(JSON.parse(plain.stdout), { status: 200, data: { binary: true, contentType: "image/png", bytes: 10 } })
      const model = await rcp(["call", url, "logo", "--as-model"])
      const printed = JSON.parse(model.stdout) as Printed
      assert.strictEqual(printed.kind, "binary")
      assert.strictEqual(printed.text, "The response is binary (\"image/png\", 10 bytes); its content is not shown to you.")
      assert.notInclude(plain.stdout + model.stdout, "\u001b")
    }))

  it("--max-result-tokens counts o200k tokens", () =>
    withServer(async (_server, url) => {
      const run = await rcp(["call", url, "list_courses", "--as-model", "--max-result-tokens", "1000"])
      assert.strictEqual(run.status, 0, run.stderr)
      const printed = JSON.parse(run.stdout) as Printed
      assert.isAtMost(printed.tokens!, 1000)
      assert.isAbove(printed.tokens!, 0)
    }))

  it("--fields is the model's fields argument: the view is projected, the request never carries it", () =>
    withServer(async (server, url) => {
      const run = await rcp([
        "call", url, "list_courses", "--as-model", "--fields", "@items[*].id", "--fields", "@next_cursor"
      ])
      assert.strictEqual(run.status, 0, run.stderr)
      const printed = JSON.parse(run.stdout) as Printed
      const view = JSON.parse(printed.text) as { nextPage: string; data: unknown }
      assert.deepStrictEqual(Object.keys(view), ["nextPage", "data"])
      assert.deepStrictEqual(view.data, { items: courses.map(({ id }) => ({ id })), next_cursor: "c-2" })
      const calls = server.requests.filter((r) => r.path === "/courses")
      assert.deepStrictEqual(calls.map((r) => r.target), ["/courses"])
      assert.notInclude(JSON.stringify(calls), "items")
    }))

  it("usage errors: the shaping flags without --as-model, a budget under the floor, --as-model with --dry-run, a bad --fields path", () =>
    withServer(async (server, url) => {
      const cases: ReadonlyArray<readonly [ReadonlyArray<string>, RegExp]> = [
        [["--fields", "@items"], /^rcp: --fields shape what the model reads of the result: add --as-model to print it/],
        [["--max-result-chars", "900"], /^rcp: --max-result-chars shape what the model reads/],
        [["--as-model", "--max-result-chars", "10"], /^rcp: --max-result-chars must be at least 256: room for a note and a value/],
        [["--as-model", "--max-result-chars", "many"], /^rcp: --max-result-chars takes a whole number, got "many"/],
        [["--as-model", "--dry-run"], /^rcp: --as-model prints a result; --dry-run sends nothing/]
      ]
      for (const [flags, message] of cases) {
        const run = await rcp(["call", url, "list_courses", ...flags])
        assert.strictEqual(run.status, 2, `${flags.join(" ")}: ${run.stderr}`)
        assert.match(run.stderr, message, flags.join(" "))
      }
      // A path the model could have sent wrong is the model's error, as execute reports it: nothing sent.
      const bad = await rcp(["call", url, "list_courses", "--as-model", "--fields", "items"])
      assert.strictEqual(bad.status, 1, bad.stderr)
      assert.include(bad.stderr, "invalid arguments for tool \"list_courses\"")
      assert.deepStrictEqual(server.requests.filter((r) => r.path === "/courses"), [])
    }))
})

describe("rcp mcp --max-result-chars", () => {
  it("every result the host's model reads is within the budget; structuredContent is never the whole data without an outputSchema", () =>
    withServer(async (server, url) => {
      const host = new McpClient({ name: "test-host", version: "1.0.0" })
      const transport = new StdioClientTransport({
        command: process.execPath,
        args: [rcpBin, "mcp", url, "--max-result-chars", "1200"],
        stderr: "pipe"
      })
      await host.connect(transport)
      try {
        const result = await host.callTool({ name: "list_courses", arguments: {} })
        const text = (result.content as Array<{ text: string }>)[0]!.text
        assert.isAtMost(text.length, 1200)
        assert.match((JSON.parse(text) as { truncated: string }).truncated, /^The result was shortened to fit 1200 characters/)
        assert.isUndefined(result.structuredContent)
        assert.deepStrictEqual(server.requests.filter((r) => r.path === "/courses").map((r) => r.target), ["/courses"])
      } finally {
        await host.close()
      }
    }))

  it("a budget under the floor is a usage error before anything is served", async () => {
    const run = await rcp(["mcp", "http://127.0.0.1:9/rcp/manifest", "--max-result-tokens", "5"])
    assert.strictEqual(run.status, 2)
    assert.match(run.stderr, /^rcp: --max-result-tokens must be at least 768/)
  })
})
