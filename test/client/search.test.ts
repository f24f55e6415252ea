/**
 * Tool search in the client (docs/big-apis.md): `searchTools` over the registered tools of every
 * API, kept in step with discovery and `forget`, and search mode (`searchSession`): the model is
 * given `search_tools`, finds tools with it, and only then can call them. Against real servers on
 * 127.0.0.1: every test asserts what the server received — or that it received nothing.
 */
import { assert, describe, it } from "../support/effectVitest.js"
import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Layer from "effect/Layer"
import * as Client from "../../src/Client.js"
import { clientLayer, manifest, type ToolInput } from "../support/execute.js"
import { either } from "../support/either.js"
import { json, startServer, type TestServer, testServer } from "../support/server.js"

/** A small shop API: its `accountId` is the operator's (resolver-bound), never the model's. */
const shop = (origin: string): Array<ToolInput> => [
  {
    name: "list_orders",
    description: "List orders. Returns the account's orders, newest first.",
    params: [{ name: "accountId", type: "string" }],
    url: `${origin}/accounts/{{accountId}}/orders`
  },
  {
    name: "cancel_order",
    description: "Cancel an order. A shipped order cannot be cancelled.",
    method: "POST",
    params: [{ name: "accountId", type: "string" }, { name: "order", type: "string" }],
    url: `${origin}/accounts/{{accountId}}/orders/{{order}}/cancel`
  },
  {
    name: "refund_payment",
    description: "Refund a payment. Creates a refund of a captured payment.",
    method: "POST",
    params: [{ name: "accountId", type: "string" }, { name: "payment", type: "string" }],
    url: `${origin}/accounts/{{accountId}}/payments/{{payment}}/refunds`
  },
  {
    name: "get_customer",
    description: "Retrieve a customer.",
    params: [{ name: "accountId", type: "string" }, { name: "customer", type: "string" }],
    url: `${origin}/accounts/{{accountId}}/customers/{{customer}}`
  }
]

/** A chat API discovered beside it. */
const chat = (origin: string): Array<ToolInput> => [
  {
    name: "post_message",
    description: "Post a message to a channel.",
    method: "POST",
    params: [{ name: "channel", type: "string" }, { name: "text", type: "string" }],
    url: `${origin}/messages`,
    body: { channel: "{{channel}}", text: "{{text}}" }
  },
  {
    name: "archive_channel",
    description: "Archive a channel.",
    method: "POST",
    params: [{ name: "channel", type: "string" }],
    url: `${origin}/channels/{{channel}}/archive`
  }
]

const ACCOUNT = "acct-resolved-7"
const resolvers = { accountId: () => ACCOUNT }

const apiServer = (tools: (origin: string) => Array<ToolInput>) =>
  Effect.gen(function*() {
    const server: TestServer = yield* testServer((req, res) => {
      if (req.path === "/rcp/manifest") return json(res, 200, manifest(tools(server.origin)))
      return json(res, 200, { ok: true, path: req.path })
    })
    return server
  })

const names = (matches: ReadonlyArray<Client.ToolMatch>) => matches.map((match) => match.tool.name)

describe("searchTools", () => {
  it.scoped("ranks the tools of every discovered API; a resolver-bound param is in no match; forget takes an API's tools out", () =>
    Effect.gen(function*() {
      const shopApi = yield* apiServer(shop)
      const chatApi = yield* apiServer(chat)
      yield* Effect.gen(function*() {
        yield* Client.discover(shopApi.url("/rcp/manifest"))
        // The index is built on this first search, from the tools registered so far.
        assert.strictEqual(names(yield* Client.searchTools("give the money back for payment py_1", { limit: 1 }))[0], "refund_payment")
        // A discovery after the first search is in the index too.
        yield* Client.discover(chatApi.url("/rcp/manifest"))
        const said = yield* Client.searchTools("say hi in #general", { limit: 3 })
        assert.strictEqual(said[0]?.tool.name, "post_message")
        assert.strictEqual(said[0]?.api, chatApi.url("/rcp/manifest"))
        for (const match of yield* Client.searchTools("order", { limit: 10 })) {
          assert.notProperty(match.tool.parameters.properties, "accountId", match.tool.name)
          assert.notInclude(match.tool.parameters.required, "accountId")
        }
        const cancel = (yield* Client.searchTools("cancel my order 55", { limit: 1 }))[0]
        assert.deepStrictEqual(cancel?.tool, (yield* Client.tools).find((tool) => tool.name === "cancel_order"))
        // Only one API's tools, by the URL it was discovered at.
        const onlyChat = yield* Client.searchTools("cancel my order", { limit: 5, apis: [chatApi.url("/rcp/manifest")] })
        assert.isTrue(onlyChat.every((match) => match.api === chatApi.url("/rcp/manifest")))
        assert.notInclude(names(onlyChat), "cancel_order")
        assert.deepStrictEqual(yield* Client.searchTools("cancel my order", { limit: 0 }), [])
        // A search session limited to one API finds only its tools.
        const chatSession = yield* Client.searchSession({ apis: [chatApi.url("/rcp/manifest")] })
        yield* chatSession.execute({ name: "search_tools", arguments: { query: "cancel my order" } })
        const chatFound = yield* chatSession.found
        assert.isTrue(chatFound.every((name) => name === "post_message" || name === "archive_channel"), chatFound.join())
        assert.isTrue(yield* Client.forget(chatApi.url("/rcp/manifest")))
        assert.notInclude(names(yield* Client.searchTools("post a message to a channel", { limit: 10 })), "post_message")
      }).pipe(Effect.provide(clientLayer({}, resolvers)))
      // Searching sends nothing: each server was asked for its manifest and nothing else.
      assert.deepStrictEqual(shopApi.requests.map((r) => r.path), ["/rcp/manifest"])
      assert.deepStrictEqual(chatApi.requests.map((r) => r.path), ["/rcp/manifest"])
    }))
})

/** The shop and the chat again, with tags: a tool found by its tag alone, and tags that cut across the APIs. */
const tagged = (tools: (origin: string) => Array<ToolInput>, tags: Record<string, ReadonlyArray<string>>) => (origin: string) =>
  tools(origin).map((tool) => ({ ...tool, tags: tags[tool.name] ?? [] }))

const taggedShop = tagged(shop, {
  list_orders: ["orders"],
  cancel_order: ["orders", "support"],
  refund_payment: ["billing", "support"],
  get_customer: ["customers"]
})
const taggedChat = tagged(chat, { post_message: ["messages", "support"], archive_channel: ["channels"] })

describe("searchTools with tags", () => {
  it.scoped("indexes a tool's tags; `tags` keeps the tools carrying one of them, exactly; with `apis` both hold; an empty list keeps none", () =>
    Effect.gen(function*() {
      const shopApi = yield* apiServer(taggedShop)
      const chatApi = yield* apiServer(taggedChat)
      yield* Effect.gen(function*() {
        yield* Client.discover(shopApi.url("/rcp/manifest"))
        yield* Client.discover(chatApi.url("/rcp/manifest"))
        // No name, description or param says "billing": only the tag does.
        assert.deepStrictEqual(names(yield* Client.searchTools("billing", { limit: 1 })), ["refund_payment"])
        // Across both APIs, only the tools tagged support, whatever the request.
        const support = yield* Client.searchTools("archive the channel", { limit: 10, tags: ["support"] })
        assert.isNotEmpty(support)
        for (const name of names(support)) assert.include(["cancel_order", "refund_payment", "post_message"], name)
        // Exact: a tag is a label, not a word — neither case nor a part of it matches.
        assert.deepStrictEqual(yield* Client.searchTools("cancel my order", { tags: ["Orders", "order"] }), [])
        assert.deepStrictEqual(names(yield* Client.searchTools("cancel my order", { limit: 1, tags: ["orders"] })), ["cancel_order"])
        // With apis: a support tool of the chat only.
        const both = yield* Client.searchTools("refund or cancel or post", {
          limit: 10,
          tags: ["support"],
          apis: [chatApi.url("/rcp/manifest")]
        })
        assert.deepStrictEqual(names(both), ["post_message"])
        assert.deepStrictEqual(yield* Client.searchTools("cancel my order", { tags: [] }), [])
        // A search session limited by tags finds only those tools.
        const session = yield* Client.searchSession({ tags: ["customers"] })
        yield* session.execute({ name: "search_tools", arguments: { query: "cancel my order or look up customer 7" } })
        assert.deepStrictEqual(yield* session.found, ["get_customer"])
      }).pipe(Effect.provide(clientLayer({}, resolvers)))
      assert.deepStrictEqual(shopApi.requests.map((r) => r.path), ["/rcp/manifest"])
      assert.deepStrictEqual(chatApi.requests.map((r) => r.path), ["/rcp/manifest"])
    }))

  it.scoped("the app's ranker is handed only the candidates the tags leave, and is not asked when none is left", () =>
    Effect.gen(function*() {
      const shopApi = yield* apiServer(taggedShop)
      const chatApi = yield* apiServer(taggedChat)
      const asked: Array<ReadonlyArray<string>> = []
      const ranker: Client.SearchRanker = async (_request, candidates) => {
        asked.push(candidates.map((candidate) => candidate.tool.name))
        return candidates.map((candidate, i) => ({ name: candidate.tool.name, score: -i }))
      }
      yield* Effect.gen(function*() {
        yield* Client.discover(shopApi.url("/rcp/manifest"))
        yield* Client.discover(chatApi.url("/rcp/manifest"))
        assert.deepStrictEqual(names(yield* Client.searchTools("x", { limit: 10, tags: ["support", "channels"] })), [
          "cancel_order",
          "refund_payment",
          "post_message",
          "archive_channel"
        ])
        assert.deepStrictEqual(names(yield* Client.searchTools("x", { tags: ["support"], apis: [shopApi.url("/rcp/manifest")] })), [
          "cancel_order",
          "refund_payment"
        ])
        assert.deepStrictEqual(yield* Client.searchTools("x", { tags: [] }), [])
      }).pipe(Effect.provide(clientLayer({ searchRanker: ranker }, resolvers)))
      assert.deepStrictEqual(asked, [
        ["cancel_order", "refund_payment", "post_message", "archive_channel"],
        ["cancel_order", "refund_payment"]
      ])
    }))
})

describe("searchSession", () => {
  it.scoped("the model first gets search_tools and the pinned tools; a tool it found becomes callable, one it did not is refused before anything is sent", () =>
    Effect.gen(function*() {
      const shopApi = yield* apiServer(shop)
      yield* Effect.gen(function*() {
        yield* Client.discover(shopApi.url("/rcp/manifest"))
        const session = yield* Client.searchSession({ pinned: ["get_customer", "not_registered"] })
        assert.deepStrictEqual((yield* session.tools).map((tool) => tool.name), ["search_tools", "get_customer"])
        assert.strictEqual(Client.SEARCH_TOOL_NAME, "search_tools")

        // Guessing a real tool's name before finding it: refused, naming what is exposed.
        const guessed = yield* either(
          session.execute({ type: "function", id: "c0", function: { name: "refund_payment", arguments: "{\"payment\":\"py_1\"}" } })
        )
        assert.isTrue(guessed._tag === "Left")
        if (guessed._tag === "Left") {
          assert.strictEqual(guessed.left._tag, "ToolNotFound")
          assert.strictEqual(
            guessed.left.message,
            "unknown tool \"refund_payment\"; available tools: search_tools, get_customer"
          )
        }

        // The search, as OpenAI sends it: its answer is an ordinary result for the result helpers.
        const call = { type: "function" as const, id: "c1", function: { name: "search_tools", arguments: "{\"query\":\"refund payment py_1\",\"limit\":2}" } }
        const result = yield* session.execute(call)
        assert.strictEqual(result.status, 200)
        const data = result.data as { tools: Array<{ name: string; parameters: Client.ModelTool["parameters"] }>; note: string }
        assert.strictEqual(data.tools[0]?.name, "refund_payment")
        assert.isAtMost(data.tools.length, 2)
        assert.deepStrictEqual(data.tools[0]?.parameters, {
          type: "object",
          properties: { payment: { type: "string" } },
          required: ["payment"],
          additionalProperties: false
        })
        assert.notInclude(JSON.stringify(result.data), "accountId")
        // Built like every result of the client (#34): no headers (no request behind it), the
        // model's view within the call's budget, and still `{ status, data }` when spread.
        assert.deepStrictEqual(result.headers, {})
        assert.strictEqual(result.model.kind, "json")
        assert.deepStrictEqual(JSON.parse(result.model.text), result.data)
        assert.deepStrictEqual(Object.keys(result), ["status", "data"])
        const tight = yield* session.execute(call, { maxResultChars: 256 })
        assert.isAtMost(tight.model.chars, 256)
        const message = Client.toOpenAiToolMessage(call, Exit.succeed(result))
        assert.strictEqual(message.tool_call_id, "c1")
        assert.include(message.content, "\"refund_payment\"")
        const found = yield* session.found
        assert.strictEqual(found[0], "refund_payment")
        assert.deepStrictEqual((yield* session.tools).map((tool) => tool.name), ["search_tools", "get_customer", ...found])

        // Now callable, as Anthropic sends it: the resolver fills accountId.
        const refunded = yield* session.execute({ type: "tool_use", id: "t1", name: "refund_payment", input: { payment: "py_1" } })
        assert.deepStrictEqual(refunded.data, { ok: true, path: `/accounts/${ACCOUNT}/payments/py_1/refunds` })

        // A pinned name that is not registered is refused as the session's, never the client's
        // ToolNotFound (which would list the API's other tools).
        const unregistered = yield* either(session.execute({ name: "not_registered", arguments: {} }))
        assert.isTrue(unregistered._tag === "Left")
        if (unregistered._tag === "Left") {
          assert.strictEqual(
            unregistered.left.message,
            `unknown tool "not_registered"; available tools: search_tools, get_customer, ${found.join(", ")}`
          )
        }

        // Bad search arguments: InvalidArguments for the model, nothing searched.
        const bad = yield* either(session.execute({ name: "search_tools", arguments: { query: "  " } }))
        assert.isTrue(bad._tag === "Left" && bad.left._tag === "InvalidArguments")
        if (bad._tag === "Left") {
          assert.strictEqual(
            bad.left.message,
            "invalid arguments for tool \"search_tools\":\n- \"query\" must be a non-empty string: what you want to do"
          )
        }
      }).pipe(Effect.provide(clientLayer({}, resolvers)))
      // The guess reached nothing; only the manifest and the one refund were sent.
      assert.deepStrictEqual(shopApi.requests.map((r) => `${r.method} ${r.path}`), [
        "GET /rcp/manifest",
        `POST /accounts/${ACCOUNT}/payments/py_1/refunds`
      ])
    }))

  it.scoped("a session executes only what it exposed (#29): a tool found and changed since, or never returned by a search, is refused before anything is sent", () =>
    Effect.gen(function*() {
      // The shop's second manifest: refund_payment takes an `amount` now, and a new tool appears.
      let version = 1
      const server: TestServer = yield* testServer((req, res) => {
        if (req.path === "/rcp/manifest") {
          const tools = shop(server.origin)
          if (version === 1) return json(res, 200, manifest(tools))
          return json(res, 200, manifest([
            ...tools.map((tool) =>
              tool.name === "refund_payment"
                ? { ...tool, params: [...(tool.params ?? []), { name: "amount", type: "number" as const }] }
                : tool
            ),
            {
              name: "delete_account",
              description: "Delete the account and every order.",
              method: "DELETE",
              params: [{ name: "accountId", type: "string" }],
              url: `${server.origin}/accounts/{{accountId}}`
            }
          ]))
        }
        return json(res, 200, { ok: true, path: req.path })
      })
      yield* Effect.gen(function*() {
        yield* Client.discover(server.url("/rcp/manifest"))
        const session = yield* Client.searchSession()
        yield* session.execute({ name: "search_tools", arguments: { query: "refund payment py_1", limit: 1 } })
        assert.deepStrictEqual(yield* session.found, ["refund_payment"])

        version = 2
        yield* Client.discover(server.url("/rcp/manifest"))
        // Found as it was: its definition changed since, so it is neither offered nor run.
        assert.deepStrictEqual((yield* session.tools).map((tool) => tool.name), ["search_tools"])
        const changed = yield* Effect.flip(session.execute({ name: "refund_payment", arguments: { payment: "py_1", amount: 5 } }))
        assert.strictEqual(changed._tag, "ToolNotFound")
        assert.strictEqual(changed.message, "unknown tool \"refund_payment\"; available tools: search_tools, refund_payment")
        // Registered now, but never returned by a search: refused, naming only the session's tools.
        const never = yield* Effect.flip(session.execute({ name: "delete_account", arguments: {} }))
        assert.strictEqual(never.message, "unknown tool \"delete_account\"; available tools: search_tools, refund_payment")

        // A new search shows the tool as it is now: then it runs.
        yield* session.execute({ name: "search_tools", arguments: { query: "refund payment py_1", limit: 1 } })
        const refunded = yield* session.execute({ name: "refund_payment", arguments: { payment: "py_1", amount: 5 } })
        assert.deepStrictEqual(refunded.data, { ok: true, path: `/accounts/${ACCOUNT}/payments/py_1/refunds` })
      }).pipe(Effect.provide(clientLayer({}, resolvers)))
      assert.deepStrictEqual(server.requests.map((r) => `${r.method} ${r.path}`), [
        "GET /rcp/manifest",
        "GET /rcp/manifest",
        `POST /accounts/${ACCOUNT}/payments/py_1/refunds`
      ])
    }))

  it("the promise facade: the same session in promises, with the call's context and the tools found kept per session", async () => {
    const server = await startServer((req, res) => {
      if (req.path === "/rcp/manifest") return json(res, 200, manifest(shop(server.origin)))
      return json(res, 200, { path: req.path })
    })
    const client = Client.createRcpClient({
      resolvers: { accountId: (ctx: { readonly account: string }) => ctx.account }
    })
    try {
      await client.discover(server.url("/rcp/manifest"))
      const first = client.searchSession()
      const other = client.searchSession()
      assert.deepStrictEqual((await first.tools()).map((tool) => tool.name), ["search_tools"])
      await first.execute({ name: "search_tools", arguments: { query: "cancel order 55", limit: 1 } })
      assert.deepStrictEqual(await first.found(), ["cancel_order"])
      assert.deepStrictEqual(await other.found(), [])
      const cancelled = await first.execute(
        { name: "cancel_order", arguments: { order: "55" } },
        { context: { account: "acct-9" } }
      )
      assert.deepStrictEqual(cancelled.data, { path: "/accounts/acct-9/orders/55/cancel" })
      const refused = await other.execute({ name: "cancel_order", arguments: { order: "55" } }, { context: { account: "acct-9" } })
        .then(() => undefined, (error: unknown) => error)
      assert.instanceOf(refused, Client.ToolNotFound)
      assert.deepStrictEqual(
        (await client.searchTools("cancel order", { limit: 1 })).map((match) => match.tool.name),
        ["cancel_order"]
      )
    } finally {
      await client.close()
      await server.close()
    }
    assert.deepStrictEqual(server.requests.map((r) => `${r.method} ${r.path}`), [
      "GET /rcp/manifest",
      "POST /accounts/acct-9/orders/55/cancel"
    ])
  })
})

describe("searchRanker: the app's own ranker", () => {
  it.scoped("is handed the request, the candidates (model-facing, of the APIs asked for) and the limit; its answer is held to the contract", () =>
    Effect.gen(function*() {
      const shopApi = yield* apiServer(shop)
      const chatApi = yield* apiServer(chat)
      const asked: Array<{ request: string; candidates: Array<string>; limit: number }> = []
      const ranker: Client.SearchRanker = async (request, candidates, { limit }) => {
        asked.push({ request, candidates: candidates.map((c) => `${c.tool.name}@${c.api === chatApi.url("/rcp/manifest") ? "chat" : "shop"}`), limit })
        for (const { tool } of candidates) assert.notProperty(tool.parameters.properties, "accountId")
        // Unknown names, repeats and more than `limit`: all dropped.
        return [
          { name: "nope", score: 9 },
          { name: "archive_channel", score: 3 },
          { name: "archive_channel", score: 2 },
          { name: "cancel_order", score: 1 },
          { name: "list_orders", score: 0.5 }
        ]
      }
      yield* Effect.gen(function*() {
        yield* Client.discover(shopApi.url("/rcp/manifest"))
        yield* Client.discover(chatApi.url("/rcp/manifest"))
        const found = yield* Client.searchTools("whatever", { limit: 2 })
        assert.deepStrictEqual(found.map((m) => [m.tool.name, m.score]), [["archive_channel", 3], ["cancel_order", 1]])
        assert.deepStrictEqual(asked[0], {
          request: "whatever",
          candidates: ["list_orders@shop", "cancel_order@shop", "refund_payment@shop", "get_customer@shop", "post_message@chat", "archive_channel@chat"],
          limit: 2
        })
        const onlyChat = yield* Client.searchTools("x", { apis: [chatApi.url("/rcp/manifest")] })
        assert.deepStrictEqual(onlyChat.map((m) => m.tool.name), ["archive_channel"])
        assert.deepStrictEqual(asked[1]!.candidates, ["post_message@chat", "archive_channel@chat"])
        assert.deepStrictEqual(yield* Client.searchTools("x", { limit: 0 }), [])
        assert.strictEqual(asked.length, 2)
        // Search mode uses it too.
        const session = yield* Client.searchSession()
        yield* session.execute({ name: "search_tools", arguments: { query: "anything", limit: 3 } })
        assert.deepStrictEqual(yield* session.found, ["archive_channel", "cancel_order", "list_orders"])
      }).pipe(Effect.provide(clientLayer({ searchRanker: ranker }, resolvers)))
    }))

  it("a ranker that is not a function is refused when the client is built", () => {
    assert.throws(
      () => Client.createRcpClient({ searchRanker: "bm25" as never }),
      TypeError,
      "rcp-sdk: searchRanker must be a function (request, candidates, { limit }) => matches"
    )
  })
})

describe("ToolRanker: the app's ranker as a service", () => {
  /** A layer built by an Effect (as one built from the app's services would be), counting what it was asked. */
  const rankerLayer = (asked: Array<string>, rank: (...args: Parameters<Client.RankFunction>) => Effect.Effect<Client.RankedTools>) =>
    Layer.effect(
      Client.ToolRanker,
      Effect.sync(() => ({
        rank: (request: string, candidates: ReadonlyArray<Client.SearchCandidate>, options: { readonly limit: number }) => {
          asked.push(`${request}:${candidates.length}:${options.limit}`)
          return rank(request, candidates, options)
        }
      }))
    )
  /** The shop discovered by a client over `ranking` (the client layer with a ranker provided), then one search. */
  const searchOver = (manifestUrl: string, request: string, ranking: Layer.Layer<Client.RcpClient>) =>
    Effect.gen(function*() {
      yield* Client.discover(manifestUrl)
      return yield* Client.searchTools(request)
    }).pipe(Effect.provide(ranking))

  it.scoped("ranks searchTools and search mode, its answer held to the contract (unknown names, repeats, past the limit: dropped)", () =>
    Effect.gen(function*() {
      const shopApi = yield* apiServer(shop)
      const asked: Array<string> = []
      const layer = Layer.provide(
        clientLayer({}, resolvers),
        rankerLayer(asked, (_request, candidates) => {
          for (const { tool } of candidates) assert.notProperty(tool.parameters.properties, "accountId")
          return Effect.succeed([
            { name: "nope", score: 9 },
            { name: "get_customer", score: 4 },
            { name: "get_customer", score: 3 },
            { name: "refund_payment", score: 2 },
            { name: "list_orders", score: 1 }
          ])
        })
      )
      yield* Effect.gen(function*() {
        yield* Client.discover(shopApi.url("/rcp/manifest"))
        const found = yield* Client.searchTools("who is this", { limit: 2 })
        assert.deepStrictEqual(found.map((m) => [m.tool.name, m.score]), [["get_customer", 4], ["refund_payment", 2]])
        const session = yield* Client.searchSession()
        yield* session.execute({ name: "search_tools", arguments: { query: "anything", limit: 3 } })
        assert.deepStrictEqual(yield* session.found, ["get_customer", "refund_payment", "list_orders"])
      }).pipe(Effect.provide(layer))
      assert.deepStrictEqual(asked, ["who is this:4:2", "anything:4:3"])
    }))

  it.scoped("ToolRanker.layer takes a ranker in any form: a value, a promise, an Effect", () =>
    Effect.gen(function*() {
      const shopApi = yield* apiServer(shop)
      const forms: ReadonlyArray<Client.RankFunction> = [
        () => [{ name: "cancel_order", score: 1 }],
        async () => [{ name: "cancel_order", score: 1 }],
        () => Effect.succeed([{ name: "cancel_order", score: 1 }])
      ]
      for (const form of forms) {
        const found = yield* searchOver(
          shopApi.url("/rcp/manifest"),
          "refund a payment",
          Layer.provide(clientLayer({}, resolvers), Client.ToolRanker.layer(form))
        )
        // Not the default index's answer to this request (refund_payment first).
        assert.deepStrictEqual(names(found), ["cancel_order"])
      }
    }))

  it.scoped("the options' searchRanker wins over a ToolRanker layer", () =>
    Effect.gen(function*() {
      const shopApi = yield* apiServer(shop)
      const asked: Array<string> = []
      const found = yield* searchOver(
        shopApi.url("/rcp/manifest"),
        "refund a payment",
        Layer.provide(
          clientLayer({ searchRanker: () => [{ name: "list_orders", score: 7 }] }, resolvers),
          rankerLayer(asked, () => Effect.succeed([{ name: "cancel_order", score: 1 }]))
        )
      )
      assert.deepStrictEqual(names(found), ["list_orders"])
      assert.deepStrictEqual(asked, [])
    }))

  it.scoped("a ranker that fails, throws or rejects fails the search as a defect carrying its error; nothing is sent", () =>
    Effect.gen(function*() {
      const shopApi = yield* apiServer(shop)
      const boom = new Error("embedding service unavailable")
      const forms: ReadonlyArray<Client.RankFunction> = [
        () => Effect.fail(boom),
        () => {
          throw boom
        },
        () => Promise.reject(boom)
      ]
      for (const form of forms) {
        // A typed failure would be caught by `either` (a success); a defect is not.
        const exit = yield* searchOver(
          shopApi.url("/rcp/manifest"),
          "refund a payment",
          Layer.provide(clientLayer({}, resolvers), Client.ToolRanker.layer(form))
        ).pipe(either, Effect.exit)
        assert.isTrue(Exit.isFailure(exit))
        if (Exit.isFailure(exit)) assert.strictEqual(Cause.squash(exit.cause), boom)
      }
      assert.deepStrictEqual(shopApi.requests.map((r) => `${r.method} ${r.path}`), ["GET /rcp/manifest", "GET /rcp/manifest", "GET /rcp/manifest"])
    }))
})
