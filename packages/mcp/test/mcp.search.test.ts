/**
 * `@rcp-sdk/mcp` in search mode (docs/big-apis.md): the MCP SDK's own `Client` sees `search_tools`
 * (and the pinned tools) first, is told `tools/list_changed` after a search, then sees and calls
 * what it found; a tool it was never shown is refused with nothing sent. Each connection has its
 * own list. The REST API behind it is a real server on 127.0.0.1.
 */
import { assert, describe, it } from "../../../test/support/effectVitest.js"
import { Client as McpClient } from "@modelcontextprotocol/sdk/client/index.js"
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js"
import { ToolListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js"
import * as Mcp from "@rcp-sdk/mcp"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Client from "rcp-sdk/client"
import * as Resolver from "rcp-sdk/resolver"
import { startNotesApi, TOKEN } from "../../../test/support/mcpApi.js"

/** A host over the SDK's in-memory pair, counting the list-changed notifications it receives. */
const connect = async (server: ReturnType<Mcp.Bridge["server"]>) => {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair()
  await server.connect(serverSide)
  const host = new McpClient({ name: "test-host", version: "1.0.0" })
  const changed = { count: 0 }
  host.setNotificationHandler(ToolListChangedNotificationSchema, () => {
    changed.count++
  })
  await host.connect(clientSide)
  return { host, changed }
}

const textOf = (result: Awaited<ReturnType<McpClient["callTool"]>>): string =>
  (result.content as Array<{ type: string; text: string }>)[0]!.text

const listed = async (host: McpClient) => (await host.listTools()).tools.map((tool) => tool.name)

/** Lets the in-memory transport deliver what is queued. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20))

describe("@rcp-sdk/mcp search mode", () => {
  it("promise API: search_tools and the pinned tool first; a search lists what it found and says so; an unlisted tool is refused", async () => {
    const api = await startNotesApi()
    const client = Client.createRcpClient({
      credential: TOKEN,
      resolvers: { userId: (ctx: { readonly userId?: string | undefined }) => ctx.userId }
    })
    try {
      await client.discover(api.manifestUrl)
      const bridge = Mcp.createMcpBridge(client, { search: { pinned: ["get_profile"] }, context: () => ({ userId: "u-7" }) })
      const { changed, host } = await connect(bridge.server())
      const other = await connect(bridge.server())
      assert.deepStrictEqual(await listed(host), ["search_tools", "get_profile"])
      const searchTool = (await host.listTools()).tools[0]!
      assert.deepStrictEqual(searchTool.inputSchema.required, ["query"])

      // Not shown yet: refused as an unknown tool, nothing sent.
      const early = await host.callTool({ name: "delete_note", arguments: { id: "n1" } })
      assert.strictEqual(early.isError, true)
      assert.strictEqual(textOf(early), "unknown tool \"delete_note\"; available tools: search_tools, get_profile")

      const found = await host.callTool({ name: "search_tools", arguments: { query: "remove the note n1", limit: 2 } })
      assert.notStrictEqual(found.isError, true)
      // search_tools declares no outputSchema, so the answer is its text (no structuredContent, main's rule).
      assert.strictEqual(found.structuredContent, undefined)
      const answer = JSON.parse(textOf(found)) as { tools: Array<{ name: string; parameters: unknown }> }
      assert.strictEqual(answer.tools[0]?.name, "delete_note")
      await settle()
      assert.strictEqual(changed.count, 1)
      const now = await listed(host)
      assert.deepStrictEqual(now.slice(0, 2), ["search_tools", "get_profile"])
      assert.include(now, "delete_note")
      // The other connection's list is its own.
      assert.deepStrictEqual(await listed(other.host), ["search_tools", "get_profile"])
      assert.strictEqual(other.changed.count, 0)

      const deleted = await host.callTool({ name: "delete_note", arguments: { id: "n1" } })
      assert.strictEqual(JSON.parse(textOf(deleted)).path, "/notes/n1")
      // A bad search is the model's error: no list change.
      const bad = await host.callTool({ name: "search_tools", arguments: {} })
      assert.strictEqual(bad.isError, true)
      await settle()
      assert.strictEqual(changed.count, 1)
      assert.deepStrictEqual(api.calls().map((c) => `${c.method} ${c.target} ${c.authorization}`), [
        `DELETE /notes/n1 Bearer ${TOKEN}`
      ])
      await Promise.all([host.close(), other.host.close()])
    } finally {
      await client.close()
      await api.close()
    }
  })

  it.scoped("Effect API: the same mode over the RcpClient in context", () =>
    Effect.acquireUseRelease(Effect.promise(startNotesApi), (api) =>
      Effect.gen(function*() {
        yield* Client.discover(api.manifestUrl)
        const bridge = yield* Mcp.make({ search: true })
        const { changed, host } = yield* Effect.promise(() => connect(bridge.server()))
        assert.deepStrictEqual(yield* Effect.promise(() => listed(host)), ["search_tools"])
        yield* Effect.promise(() => host.callTool({ name: "search_tools", arguments: { query: "find notes about rust" } }))
        yield* Effect.promise(settle)
        assert.strictEqual(changed.count, 1)
        assert.include(yield* Effect.promise(() => listed(host)), "search")
        const searched = yield* Effect.promise(() => host.callTool({ name: "search", arguments: { q: "rust" } }))
        assert.deepStrictEqual(JSON.parse(textOf(searched)), [{ id: "n1", text: "about rust" }])
        assert.deepStrictEqual(api.calls().map((c) => `${c.method} ${c.target}`), ["GET /search?q=rust"])
        yield* Effect.promise(() => host.close())
      }).pipe(
        Effect.provide(Client.layerUndici({ credential: TOKEN }).pipe(Layer.provide(Resolver.layer({ userId: () => "u-1" }))))
      ), (api) => Effect.promise(api.close)))

  it("the search option's `apis` and `tags` limit what a search can list", async () => {
    const api = await startNotesApi()
    const client = Client.createRcpClient({ credential: TOKEN, resolvers: { userId: () => "u-7" } })
    try {
      await client.discover(api.manifestUrl)
      const foundWith = async (search: Mcp.PromiseOptions<unknown>["search"]) => {
        const { host } = await connect(Mcp.createMcpBridge(client, { search }).server())
        const found = await host.callTool({ name: "search_tools", arguments: { query: "remove the note n1" } })
        await host.close()
        return (JSON.parse(textOf(found)) as { tools: Array<{ name: string }> }).tools.map((tool) => tool.name)
      }
      assert.deepStrictEqual(await foundWith({ apis: ["http://127.0.0.1:9/rcp/manifest"] }), [])
      assert.deepStrictEqual(await foundWith({ tags: ["no-tool-has-it"] }), [])
      assert.include(await foundWith({ apis: [api.manifestUrl] }), "delete_note")
      assert.deepStrictEqual(api.calls(), [])
    } finally {
      await client.close()
      await api.close()
    }
  })

  it("search mode is not for a `tools` selection: both APIs refuse the pair with a TypeError (a search would show what the selection leaves out)", async () => {
    const client = Client.createRcpClient()
    try {
      assert.throws(
        () => Mcp.createMcpBridge(client, { search: true, tools: (tool) => tool.name === "search" }),
        TypeError,
        "Mcp bridge: give either `tools` or `search`, not both"
      )
    } finally {
      await client.close()
    }
    const exit = await Effect.runPromiseExit(
      Effect.scoped(Mcp.make({ search: { pinned: [] }, tools: () => true })).pipe(
        Effect.provide(Client.layerUndici().pipe(Layer.provide(Resolver.layer({}))))
      )
    )
    assert.isTrue(exit._tag === "Failure" && String(exit.cause).includes("give either `tools` or `search`, not both"), String(exit))
  })
})
