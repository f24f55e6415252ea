/**
 * `@rcp-sdk/mcp` in process: the MCP SDK's own `Client` talks to the bridge — over the SDK's
 * in-memory pair (Effect API) and over real Streamable HTTP on 127.0.0.1 (promise API) — while the
 * REST API behind it is a real server; assertions are on what that server received.
 */
import { assert, describe, it } from "../../../test/support/effectVitest.js"
import { Client as McpClient } from "@modelcontextprotocol/sdk/client/index.js"
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js"
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js"
import * as Mcp from "@rcp-sdk/mcp"
import { Service } from "#target/Service.js"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Layer from "effect/Layer"
import * as Scope from "effect/Scope"
import * as Client from "rcp-sdk/client"
import * as Resolver from "rcp-sdk/resolver"
import { type NotesApi, startNotesApi, TOKEN } from "../../../test/support/mcpApi.js"
import { startApp } from "./support/app.js"

const connect = async (server: ReturnType<Mcp.Bridge["server"]>): Promise<McpClient> => {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair()
  await server.connect(serverSide)
  const client = new McpClient({ name: "test-host", version: "1.0.0" })
  await client.connect(clientSide)
  return client
}

const textOf = (result: Awaited<ReturnType<McpClient["callTool"]>>): string => {
  const content = result.content as Array<{ type: string; text?: string }>
  assert.strictEqual(content.length, 1)
  assert.strictEqual(content[0]!.type, "text")
  return content[0]!.text!
}

class CurrentUser extends Service<CurrentUser, { readonly id: string }>()("test/CurrentUser") {}

const withApi = <A, E, R>(f: (api: NotesApi) => Effect.Effect<A, E, R>) =>
  Effect.acquireUseRelease(Effect.promise(startNotesApi), f, (api) => Effect.promise(api.close))

const effectClient = Client.layerUndici({ credential: TOKEN, timeout: "1500 millis", retry: { retries: 0 } }).pipe(
  Layer.provide(Resolver.layer({ userId: (ctx: { readonly userId?: string }) => ctx.userId }))
)

describe("@rcp-sdk/mcp, Effect API (Mcp.make) through the SDK's Client", () => {
  it.scoped("tools/list: the model-facing schema (resolver-bound params absent) and annotations from the method", () =>
    withApi((api) =>
      Effect.gen(function*() {
        yield* Client.discover(api.manifestUrl)
        const bridge = yield* Mcp.make()
        const host = yield* Effect.promise(() => connect(bridge.server()))
        const { tools } = yield* Effect.promise(() => host.listTools())
        const byName = new Map(tools.map((tool) => [tool.name, tool]))
        assert.deepStrictEqual([...byName.keys()], [
          "get_profile", "search", "create_note", "replace_note", "delete_note", "broken", "slow", "busy"
        ])
        assert.deepStrictEqual(byName.get("get_profile")!.inputSchema, {
          type: "object",
          properties: {},
          required: [],
          additionalProperties: false
        })
        assert.deepStrictEqual(byName.get("create_note")!.inputSchema, {
          type: "object",
          properties: { text: { type: "string" } },
          required: ["text"],
          additionalProperties: false
        })
        assert.strictEqual(byName.get("search")!.description, "Search notes.")
        // MCP defaults for an unset hint: readOnly false, destructive true, idempotent false.
        assert.deepStrictEqual(byName.get("search")!.annotations, { readOnlyHint: true, idempotentHint: true })
        assert.deepStrictEqual(byName.get("delete_note")!.annotations, {
          readOnlyHint: false,
          destructiveHint: true,
          idempotentHint: true
        })
        assert.deepStrictEqual(byName.get("replace_note")!.annotations, { readOnlyHint: false, idempotentHint: true })
        assert.deepStrictEqual(byName.get("create_note")!.annotations, { readOnlyHint: false })
        assert.deepStrictEqual(api.calls(), [])
      })
    ).pipe(Effect.provide(effectClient)))

  it.scoped("tools/call: the resolver's value from the calling fiber's context; no structuredContent without an outputSchema", () =>
    withApi((api) =>
      Effect.gen(function*() {
        yield* Client.discover(api.manifestUrl)
        const bridge = yield* Mcp.make({ context: () => Effect.map(CurrentUser, (user) => ({ userId: user.id })) })
        const host = yield* Effect.promise(() => connect(bridge.server()))
        const profile = yield* Effect.promise(() => host.callTool({ name: "get_profile", arguments: {} }))
        assert.isUndefined(profile.isError)
        assert.deepStrictEqual(JSON.parse(textOf(profile)), { method: "GET", path: "/users/u-7", body: null })
        // Without an outputSchema the data is not structuredContent: a host hands that to the model
        // whole, past the budget the text keeps to (packages/mcp/test/results.test.ts).
        assert.isUndefined(profile.structuredContent)
        const found = yield* Effect.promise(() => host.callTool({ name: "search", arguments: { q: "mcp" } }))
        assert.strictEqual(textOf(found), JSON.stringify([{ id: "n1", text: "about mcp" }]))
        assert.isUndefined(found.structuredContent)
        assert.deepStrictEqual(api.calls(), [
          { method: "GET", target: "/users/u-7", authorization: `Bearer ${TOKEN}`, body: "" },
          { method: "GET", target: "/search?q=mcp", authorization: `Bearer ${TOKEN}`, body: "" }
        ])
      })
    ).pipe(Effect.provide(effectClient), Effect.provideService(CurrentUser, { id: "u-7" })))

  it.scoped("failed calls are isError tool results with the shared table's texts; operator errors reach onError", () =>
    withApi((api) =>
      Effect.gen(function*() {
        yield* Client.discover(api.manifestUrl)
        const reported: Array<string> = []
        const bridge = yield* Mcp.make({
          context: () => Effect.succeed({}),
          onError: (error) => Effect.sync(() => reported.push(error._tag))
        })
        const host = yield* Effect.promise(() => connect(bridge.server()))
        const call = (name: string, args: Record<string, unknown>) =>
          Effect.promise(() => host.callTool({ name, arguments: args })).pipe(
            Effect.map((result) => `${result.isError === true ? "error" : "ok"}: ${textOf(result)}`)
          )
        assert.strictEqual(
          yield* call("search", { q: 5 }),
          "error: invalid arguments for tool \"search\":\n- \"q\" must be a string, got a number"
        )
        assert.strictEqual(
          yield* call("nope", {}),
          (yield* Effect.flip(Client.execute({ name: "nope", arguments: {} }))).message.replace(/^/, "error: ")
        )
        assert.strictEqual(yield* call("get_profile", {}), "error: The tool \"get_profile\" is unavailable right now.")
        assert.strictEqual(
          yield* call("broken", {}),
          "error: The tool \"broken\" failed on the server (HTTP 500). You may retry later."
        )
        assert.strictEqual(yield* call("slow", {}), "error: The tool \"slow\" timed out.")
        assert.deepStrictEqual(reported, ["ResolverMissing", "HttpError", "Timeout"])
        assert.deepStrictEqual(api.calls().map((c) => c.target), ["/broken", "/slow"])
      })
    ).pipe(Effect.provide(effectClient)))

  it.live("closing the bridge's scope interrupts a call in flight: nothing is sent after", () =>
    withApi((api) =>
      Effect.gen(function*() {
        yield* Client.discover(api.manifestUrl)
        const scope = yield* Scope.make()
        const bridge = yield* Mcp.make().pipe(Effect.provideService(Scope.Scope, scope))
        const host = yield* Effect.promise(() => connect(bridge.server()))
        const pending = host.callTool({ name: "busy", arguments: {} }).then((r) => textOf(r), () => "rejected")
        // The first attempt arrives and is answered 503 (Retry-After 2 s); the retry must never come.
        while (api.calls().length === 0) yield* Effect.sleep("20 millis")
        yield* Scope.close(scope, Exit.void)
        assert.strictEqual(yield* Effect.promise(() => pending), "The tool \"busy\" is unavailable right now.")
        yield* Effect.sleep("3 seconds")
        assert.deepStrictEqual(api.calls().map((c) => c.target), ["/busy"])
      })
    ).pipe(
      Effect.provide(Client.layerUndici({ credential: TOKEN }).pipe(Layer.provide(Resolver.layerEmpty)))
    ), 20_000)

  it.scopedLive("a host that cancels a call interrupts it: the retry is never sent", () =>
    withApi((api) =>
      Effect.gen(function*() {
        yield* Client.discover(api.manifestUrl)
        const bridge = yield* Mcp.make()
        const host = yield* Effect.promise(() => connect(bridge.server()))
        const controller = new AbortController()
        // The SDK sends notifications/cancelled; the bridge's handler sees its signal abort.
        const pending = host.callTool({ name: "busy", arguments: {} }, undefined, { signal: controller.signal })
          .then(() => "answered", (error: unknown) => String(error))
        // The first attempt arrives and is answered 503 (Retry-After 2 s); the retry must never come.
        while (api.calls().length === 0) yield* Effect.sleep("20 millis")
        controller.abort("the user stopped it")
        assert.include(yield* Effect.promise(() => pending), "the user stopped it")
        yield* Effect.sleep("3 seconds")
        assert.deepStrictEqual(api.calls().map((c) => c.target), ["/busy"])
      })
    ).pipe(
      Effect.provide(Client.layerUndici({ credential: TOKEN }).pipe(Layer.provide(Resolver.layerEmpty)))
    ), 20_000)
})

describe("@rcp-sdk/mcp: the bridge executes only what it serves (#29)", () => {
  const readOnly = (tool: Client.ModelTool) => Client.toolMethod(tool) === "GET"

  it.scoped("Effect API: with tools: a selection, tools/list shows only it and a call outside it reaches no server", () =>
    withApi((api) =>
      Effect.gen(function*() {
        yield* Client.discover(api.manifestUrl)
        const bridge = yield* Mcp.make({ tools: readOnly, context: () => Effect.succeed({ userId: "u-7" }) })
        const host = yield* Effect.promise(() => connect(bridge.server()))
        const { tools } = yield* Effect.promise(() => host.listTools())
        assert.deepStrictEqual(tools.map((tool) => tool.name), ["get_profile", "search", "broken", "slow", "busy"])
        const created = yield* Effect.promise(() => host.callTool({ name: "create_note", arguments: { text: "x" } }))
        assert.strictEqual(created.isError, true)
        assert.match(textOf(created), /^unknown tool "create_note"/)
        // Named: only the tools served, never the client's others.
        assert.notInclude(textOf(created), "delete_note")
        assert.deepStrictEqual(api.calls(), [])
        const found = yield* Effect.promise(() => host.callTool({ name: "search", arguments: { q: "mcp" } }))
        assert.isUndefined(found.isError)
        assert.deepStrictEqual(api.calls().map((c) => c.target), ["/search?q=mcp"])
      })
    ).pipe(Effect.provide(effectClient)))

  it("promise API: a call to a tool outside the selection is an isError result and nothing is sent", async () => {
    const api = await startNotesApi()
    const client = Client.createRcpClient({ credential: TOKEN, resolvers: { userId: () => "u-7" } })
    try {
      await client.discover(api.manifestUrl)
      const host = await connect(Mcp.createMcpBridge(client, { tools: readOnly }).server())
      const deleted = await host.callTool({ name: "delete_note", arguments: { id: "n1" } })
      assert.strictEqual(deleted.isError, true)
      assert.match(textOf(deleted), /^unknown tool "delete_note"/)
      assert.deepStrictEqual(api.calls(), [])
      await host.close()
    } finally {
      await client.close()
      await api.close()
    }
  })
})

describe("@rcp-sdk/mcp, promise API (createMcpBridge) over Streamable HTTP", () => {
  it("one HTTP bridge, two users: each call resolves from its own request's authInfo and headers", async () => {
    const api = await startNotesApi()
    const client = Client.createRcpClient({
      credential: TOKEN,
      resolvers: { userId: (ctx: { readonly userId?: string | undefined }) => ctx.userId }
    })
    const errors: Array<unknown> = []
    const seen: Array<string | undefined> = []
    try {
      await client.discover(api.manifestUrl)
      const bridge = Mcp.createMcpBridge(client, {
        context: (extra) => {
          seen.push(String(extra.requestInfo?.headers["x-trace"]))
          return { userId: extra.authInfo?.clientId }
        },
        onError: (error) => errors.push(error)
      })
      const app = await startApp(bridge, (token) => (token === "alice-token" ? "alice" : "bob"))
      const hostFor = async (token: string | undefined, trace: string) => {
        const host = new McpClient({ name: "test-host", version: "1.0.0" })
        const headers: Record<string, string> = { "x-trace": trace }
        if (token !== undefined) headers.authorization = `Bearer ${token}`
        await host.connect(new StreamableHTTPClientTransport(app.url, { requestInit: { headers } }))
        return host
      }
      try {
        const alice = await hostFor("alice-token", "t-a")
        const bob = await hostFor("bob-token", "t-b")
        const anonymous = await hostFor(undefined, "t-0")
        const [a, b, none] = await Promise.all([
          alice.callTool({ name: "create_note", arguments: { text: "from alice" } }),
          bob.callTool({ name: "create_note", arguments: { text: "from bob" } }),
          anonymous.callTool({ name: "get_profile", arguments: {} })
        ])
        assert.strictEqual(JSON.parse(textOf(a)).path, "/users/alice/notes")
        assert.strictEqual(JSON.parse(textOf(b)).path, "/users/bob/notes")
        assert.strictEqual(none.isError, true)
        assert.strictEqual(textOf(none), "The tool \"get_profile\" is unavailable right now.")
        assert.deepStrictEqual(
          api.calls().map((c) => `${c.method} ${c.target} ${c.body}`).sort(),
          ["POST /users/alice/notes {\"text\":\"from alice\"}", "POST /users/bob/notes {\"text\":\"from bob\"}"]
        )
        assert.deepStrictEqual(seen.sort(), ["t-0", "t-a", "t-b"])
        assert.deepStrictEqual(errors.map((e) => (e as { _tag: string })._tag), ["ResolverMissing"])
        await Promise.all([alice.close(), bob.close(), anonymous.close()])
      } finally {
        await app.close()
      }
    } finally {
      await client.close()
      await api.close()
    }
  })

  it("a context function that throws fails the call closed: the safe text, onError, nothing sent", async () => {
    const api = await startNotesApi()
    const client = Client.createRcpClient({ credential: TOKEN, resolvers: { userId: (ctx: { userId: string }) => ctx.userId } })
    const errors: Array<unknown> = []
    try {
      await client.discover(api.manifestUrl)
      const bridge = Mcp.createMcpBridge(client, {
        context: () => {
          throw new Error("no session")
        },
        onError: (error) => errors.push(error)
      })
      const host = await connect(bridge.server())
      const result = await host.callTool({ name: "search", arguments: { q: "x" } })
      assert.strictEqual(result.isError, true)
      assert.strictEqual(textOf(result), "The tool \"search\" is unavailable right now.")
      assert.strictEqual((errors[0] as Error).message, "no session")
      assert.deepStrictEqual(api.calls(), [])
    } finally {
      await client.close()
      await api.close()
    }
  })

  it("toCallToolResult: a string body as it came; an empty body as null-free text", () => {
    assert.deepStrictEqual(Mcp.toCallToolResult(Exit.succeed({ status: 200, data: "plain" }), "t"), {
      content: [{ type: "text", text: "plain" }]
    })
    assert.deepStrictEqual(Mcp.toCallToolResult(Exit.succeed({ status: 204, data: undefined }), "t"), {
      content: [{ type: "text", text: "HTTP 204 (no content)" }]
    })
  })
})
