/**
 * What an MCP host's model reads of a result through the bridge (docs/results.md), with the MCP
 * SDK's own `Client` as the host — it checks `structuredContent` against the `outputSchema` it
 * listed, with its own Ajv, and refuses a result that lacks it or breaks it — over a real REST
 * server on 127.0.0.1: `content` is the model's view within the client's budget; with an
 * `outputSchema`, `structuredContent` is the whole data (wrapped as `{ result }` for a schema that
 * is not an object's); without one there is none; a result that breaks its schema is an `isError`
 * note without its values, and an `OutputMismatch` to `onError`.
 */
import { afterAll, assert, beforeAll, describe, it } from "../../../test/support/effectVitest.js"
import { Client as McpClient } from "@modelcontextprotocol/sdk/client/index.js"
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js"
import * as Mcp from "@rcp-sdk/mcp"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Client from "rcp-sdk/client"
import * as Resolver from "rcp-sdk/resolver"
import { manifest } from "../../../test/support/execute.js"
import { json, startServer, type TestServer } from "../../../test/support/server.js"

const repos = Array.from({ length: 300 }, (_, id) => ({ id, name: `repo-${id}`, description: "x".repeat(40) }))
const LEAKED = "value-that-must-not-leak-7f3a"
const REPO_SCHEMA = {
  type: "object",
  properties: { id: { type: "integer" }, name: { type: "string" } },
  required: ["id", "name"]
}
const BUDGET = 2_000

let server: TestServer
beforeAll(async () => {
  server = await startServer((req, res) => {
    if (req.path === "/repos") return json(res, 200, repos)
    if (req.path === "/repos/1") return json(res, 200, repos[0])
    if (req.path === "/bad") return json(res, 200, { id: LEAKED, name: 5 })
    return json(res, 200, { id: 1, name: "plain", note: "no schema" })
  })
})
afterAll(() => server.close())

const api = () =>
  manifest([
    { name: "list_repos", url: `${server.origin}/repos`, outputSchema: { type: "array", items: REPO_SCHEMA } } as never,
    { name: "get_repo", url: `${server.origin}/repos/1`, outputSchema: REPO_SCHEMA } as never,
    { name: "bad_repo", url: `${server.origin}/bad`, outputSchema: REPO_SCHEMA } as never,
    { name: "plain", url: `${server.origin}/plain` }
  ])

const connect = async (bridge: Mcp.Bridge): Promise<McpClient> => {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair()
  await bridge.server().connect(serverSide)
  const host = new McpClient({ name: "test-host", version: "1.0.0" })
  await host.connect(clientSide)
  return host
}

const textOf = (result: Awaited<ReturnType<McpClient["callTool"]>>): string => {
  const content = result.content as Array<{ type: string; text?: string }>
  assert.strictEqual(content.length, 1)
  assert.strictEqual(content[0]!.type, "text")
  return content[0]!.text!
}

describe("@rcp-sdk/mcp: results (promise API, the MCP SDK's client as the host)", () => {
  const withHost = async (f: (host: McpClient, errors: Array<unknown>) => Promise<void>) => {
    const client = Client.createRcpClient({ maxResultChars: BUDGET, retry: { retries: 0 } })
    const errors: Array<unknown> = []
    try {
      await client.register(api(), { url: `${server.origin}/rcp/manifest` })
      const host = await connect(Mcp.createMcpBridge(client, { onError: (error) => errors.push(error) }))
      // The host caches each tool's output validator from the list, as hosts do.
      await host.listTools()
      await f(host, errors)
      await host.close()
    } finally {
      await client.close()
    }
  }

  it("tools/list: an object outputSchema as it is, any other wrapped as { result }; none where none is declared", () =>
    withHost(async (host) => {
      const { tools } = await host.listTools()
      const byName = new Map(tools.map((tool) => [tool.name, tool.outputSchema]))
      assert.deepStrictEqual<unknown>(byName.get("get_repo"), REPO_SCHEMA)
      assert.deepStrictEqual<unknown>(byName.get("list_repos"), {
        type: "object",
        properties: { result: { type: "array", items: REPO_SCHEMA } },
        required: ["result"]
      })
      assert.isUndefined(byName.get("plain"))
    }))

  it("a large list: content is the model's view within the budget, structuredContent the whole data the host's own check accepts", () =>
    withHost(async (host, errors) => {
      const result = await host.callTool({ name: "list_repos", arguments: {} })
      assert.isUndefined(result.isError)
      const text = textOf(result)
      assert.isAtMost(text.length, BUDGET)
      const view = JSON.parse(text) as { truncated: string; data: Array<{ id: number } | string> }
      assert.match(view.truncated, new RegExp(`^The result was shortened to fit ${BUDGET} characters`))
      const kept = view.data.length - 1
      assert.isAbove(kept, 0)
      assert.strictEqual(view.data[kept], `… ${300 - kept} more items`)
      assert.deepStrictEqual(view.data.slice(0, kept), repos.slice(0, kept))
      assert.deepStrictEqual(result.structuredContent, { result: repos })
      assert.deepStrictEqual(errors, [])
    }))

  it("an object: structuredContent is the data; content its view", () =>
    withHost(async (host) => {
      const result = await host.callTool({ name: "get_repo", arguments: {} })
      assert.deepStrictEqual(result.structuredContent, repos[0])
      assert.isAtMost(textOf(result).length, BUDGET)
      assert.include(textOf(result), `"id":${repos[0]!.id}`)
    }))

  it("a result that breaks its outputSchema: an isError note without its values; OutputMismatch to onError with paths and kinds", () =>
    withHost(async (host, errors) => {
      const result = await host.callTool({ name: "bad_repo", arguments: {} })
      assert.strictEqual(result.isError, true)
      assert.strictEqual(textOf(result), "The tool \"bad_repo\" returned a result that does not match its declared output schema.")
      assert.isUndefined(result.structuredContent)
      assert.strictEqual(errors.length, 1)
      const error = errors[0] as Mcp.OutputMismatch
      assert.instanceOf(error, Mcp.OutputMismatch)
      assert.strictEqual(error._tag, "OutputMismatch")
      assert.strictEqual(error.tool, "bad_repo")
      assert.deepStrictEqual(error.problems.map((problem) => problem.path), ["data.id", "data.name"])
      assert.match(error.message, /^the result of "bad_repo" does not match its outputSchema: data\.id: .+ \(and 1 more\)$/)
      assert.notInclude(JSON.stringify({ result, error, message: error.message }), LEAKED)
    }))

  it("no outputSchema: no structuredContent (a host would hand the whole data to the model past the budget)", () =>
    withHost(async (host) => {
      const result = await host.callTool({ name: "plain", arguments: {} })
      assert.isUndefined(result.structuredContent)
      assert.deepStrictEqual(JSON.parse(textOf(result)), { id: 1, name: "plain", note: "no schema" })
    }))
})

describe("@rcp-sdk/mcp: results (Effect API)", () => {
  it.scoped("the Effect bridge shapes and checks alike: the view within a discover-level budget, the mismatch to onError", () =>
    Effect.gen(function*() {
      yield* Client.register(api(), { url: `${server.origin}/rcp/manifest`, maxResultChars: 1_000 })
      const reported: Array<Mcp.BridgeError> = []
      const bridge = yield* Mcp.make({ onError: (error) => Effect.sync(() => reported.push(error)) })
      const host = yield* Effect.promise(() => connect(bridge))
      yield* Effect.promise(() => host.listTools())
      const list = yield* Effect.promise(() => host.callTool({ name: "list_repos", arguments: {} }))
      assert.isAtMost(textOf(list).length, 1_000)
      assert.deepStrictEqual(list.structuredContent, { result: repos })
      const bad = yield* Effect.promise(() => host.callTool({ name: "bad_repo", arguments: {} }))
      assert.strictEqual(bad.isError, true)
      assert.deepStrictEqual(reported.map((error) => error._tag), ["OutputMismatch"])
      yield* Effect.promise(() => host.close())
    }).pipe(Effect.provide(Client.layerUndici({ retry: { retries: 0 } }).pipe(Layer.provide(Resolver.layerEmpty)))))
})
