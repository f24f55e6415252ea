/**
 * Provider-native deferred loading (src/internal/model/deferred.ts, docs/big-apis.md): the request
 * shapes for Anthropic's tool search (`defer_loading`, the BM25 server tool, `tool_reference`
 * results) and OpenAI Responses' `tool_search` with namespaces, written out whole here (the
 * providers' SDK types check them in providers.types.ts); and a search session whose found tools
 * Anthropic loads from the references, executed against a real server.
 */
import type * as Anthropic from "@anthropic-ai/sdk/resources/messages"
import { assert, describe, it } from "../support/effectVitest.js"
import * as Effect from "effect/Effect"
import * as Client from "../../src/Client.js"
import { clientLayer, manifest } from "../support/execute.js"
import { json, type TestServer, testServer } from "../support/server.js"

/** The schema every tool here has, as each provider format writes it out. */
const schema: Client.ParametersSchema = {
  type: "object",
  properties: { id: { type: "string", description: "The id." } },
  required: ["id"],
  additionalProperties: false
}

const tool = (name: string, description: string): Client.ModelTool => ({
  name,
  description,
  parameters: {
    type: "object",
    properties: { id: { type: "string", description: "The id." } },
    required: ["id"],
    additionalProperties: false
  }
})

const issues = tool("issues_get", "Get an issue.")
const pulls = tool("pulls_merge", "Merge a pull request.")

describe("deferred loading", () => {
  it("Anthropic: the BM25 tool search first, every tool deferred but the pinned ones", () => {
    assert.deepStrictEqual(Client.toAnthropicDeferredTools([issues, pulls], { pinned: ["pulls_merge"] }), [
      { type: "tool_search_tool_bm25_20251119", name: "tool_search_tool_bm25" },
      { name: "issues_get", description: "Get an issue.", input_schema: schema, defer_loading: true },
      { name: "pulls_merge", description: "Merge a pull request.", input_schema: schema }
    ])
    // Client-side search: no server tool; the schemas are copies, not the model tools' own objects.
    const client = Client.toAnthropicDeferredTools([issues], { search: "client" })
    assert.deepStrictEqual(client, [{ name: "issues_get", description: "Get an issue.", input_schema: schema, defer_loading: true }])
    assert.notStrictEqual<unknown>((client[0] as Client.AnthropicDeferredTool).input_schema, issues.parameters)
    assert.deepStrictEqual(Client.toAnthropicToolReferences({ id: "toolu_1" }, ["issues_get", "pulls_merge"]), {
      type: "tool_result",
      tool_use_id: "toolu_1",
      content: [{ type: "tool_reference", tool_name: "issues_get" }, { type: "tool_reference", tool_name: "pulls_merge" }]
    })
  })

  it("omit leaves tools out by name (the ones a request sends otherwise), in both providers' shapes", () => {
    assert.deepStrictEqual(
      Client.toAnthropicDeferredTools([issues, pulls], { search: "client", omit: ["issues_get"] }).map((t) => t.name),
      ["pulls_merge"]
    )
    assert.deepStrictEqual(
      Client.toAnthropicDeferredTools([issues, pulls], { omit: ["pulls_merge", "not_a_tool"] }).map((t) => t.name),
      ["tool_search_tool_bm25", "issues_get"]
    )
    const [, github] = Client.toOpenAiResponsesDeferredTools([{ name: "github", description: "G", tools: [issues, pulls] }], {
      omit: ["issues_get"]
    })
    assert.deepStrictEqual((github as Client.OpenAiNamespaceTool).tools.map((t) => t.name), ["pulls_merge"])
  })

  it("OpenAI Responses: tool_search and one namespace per API, functions deferred but the pinned ones", () => {
    assert.deepStrictEqual(
      Client.toOpenAiResponsesDeferredTools(
        [
          { name: "github", description: "GitHub's REST API.", tools: [issues, pulls] },
          { name: "slack", description: "Slack's Web API.", tools: [] }
        ],
        { pinned: ["issues_get"] }
      ),
      [
        { type: "tool_search" },
        {
          type: "namespace",
          name: "github",
          description: "GitHub's REST API.",
          tools: [
            { type: "function", name: "issues_get", description: "Get an issue.", parameters: schema, strict: false },
            { type: "function", name: "pulls_merge", description: "Merge a pull request.", parameters: schema, strict: false, defer_loading: true }
          ]
        },
        { type: "namespace", name: "slack", description: "Slack's Web API.", tools: [] }
      ]
    )
    // Strict mode as toOpenAiResponsesTools writes it: optional params nullable, strict: true.
    const [, strict] = Client.toOpenAiResponsesDeferredTools([{ name: "g", description: "G", tools: [issues] }], { strict: true })
    assert.deepStrictEqual((strict as Client.OpenAiNamespaceTool).tools[0], {
      ...Client.toOpenAiResponsesTools([issues], { strict: true })[0]!,
      defer_loading: true
    })
  })

  it.scoped("Anthropic with client-side search: search_tools answered with references, the referenced tool executed with its resolver", () =>
    Effect.gen(function*() {
      const server: TestServer = yield* testServer((req, res) => {
        if (req.path === "/rcp/manifest") {
          return json(res, 200, manifest([
            {
              name: "close_ticket",
              description: "Close a support ticket.",
              method: "POST",
              params: [{ name: "org", type: "string" }, { name: "ticket", type: "string" }],
              url: `${server.origin}/orgs/{{org}}/tickets/{{ticket}}/close`
            },
            { name: "list_agents", description: "List the support agents.", url: `${server.origin}/agents` }
          ]))
        }
        return json(res, 200, { closed: req.path })
      })
      yield* Effect.gen(function*() {
        yield* Client.discover(server.url("/rcp/manifest"))
        const session = yield* Client.searchSession()
        // The request: the session's search_tools (never deferred) and every API tool deferred.
        const request = [
          ...Client.toAnthropicTools(yield* session.tools),
          ...Client.toAnthropicDeferredTools(yield* Client.tools, { search: "client" })
        ]
        assert.deepStrictEqual(request.map((t) => [t.name, "defer_loading" in t]), [
          ["search_tools", false],
          ["close_ticket", true],
          ["list_agents", true]
        ])
        assert.notInclude(JSON.stringify(request), "\"org\"")
        const searchCall = { type: "tool_use" as const, id: "toolu_s", name: "search_tools", input: { query: "close ticket 81" } }
        yield* session.execute(searchCall)
        const found = yield* session.found
        assert.strictEqual(found[0], "close_ticket")
        assert.deepStrictEqual(Client.toAnthropicToolReferences(searchCall, found).content[0], {
          type: "tool_reference",
          tool_name: "close_ticket"
        })
        const closed = yield* session.execute({ type: "tool_use", id: "toolu_c", name: "close_ticket", input: { ticket: "81" } })
        assert.deepStrictEqual(closed.data, { closed: "/orgs/org-from-resolver/tickets/81/close" })
      }).pipe(Effect.provide(clientLayer({}, { org: () => "org-from-resolver" })))
      assert.deepStrictEqual(server.requests.map((r) => `${r.method} ${r.path}`), [
        "GET /rcp/manifest",
        "POST /orgs/org-from-resolver/tickets/81/close"
      ])
    }))

  it.scoped("Anthropic with client-side search over two turns: the same list each turn, every name once, the found tool still deferred", () =>
    Effect.gen(function*() {
      const server: TestServer = yield* testServer((req, res) => {
        if (req.path === "/rcp/manifest") {
          return json(res, 200, manifest([
            { name: "close_ticket", description: "Close a support ticket.", method: "POST", url: `${server.origin}/tickets/{{ticket}}/close`, params: [{ name: "ticket", type: "string" }] },
            { name: "list_agents", description: "List the support agents.", url: `${server.origin}/agents` },
            { name: "list_queues", description: "List the ticket queues.", url: `${server.origin}/queues` }
          ]))
        }
        return json(res, 200, { closed: req.path })
      })
      yield* Effect.gen(function*() {
        yield* Client.discover(server.url("/rcp/manifest"))
        const pinned = ["list_agents"]
        const session = yield* Client.searchSession({ pinned })
        // The recipe of docs/big-apis.md: search_tools, then every tool of the APIs — the pinned ones
        // plain, the rest deferred (the found ones too: the references load them).
        const toolsOfTurn = Effect.gen(function*() {
          const search = (yield* session.tools).filter((tool) => tool.name === Client.SEARCH_TOOL_NAME)
          return [
            ...Client.toAnthropicTools(search),
            ...Client.toAnthropicDeferredTools(yield* Client.tools, { search: "client", pinned, omit: [Client.SEARCH_TOOL_NAME] })
          ]
        })
        const shape = (tools: ReadonlyArray<{ readonly name: string; readonly defer_loading?: boolean }>) =>
          tools.map((t) => [t.name, t.defer_loading === true])
        const expected = [["search_tools", false], ["close_ticket", true], ["list_agents", false], ["list_queues", true]]

        const first = yield* toolsOfTurn
        const turn1: Anthropic.MessageCreateParamsNonStreaming = {
          model: "claude-sonnet-4-5",
          max_tokens: 1024,
          messages: [{ role: "user", content: "Close ticket 81" }],
          tools: first
        }
        assert.deepStrictEqual(shape(first), expected)

        // The model searches; its answer is the references, the next turn's request the same tools.
        const searchCall: Anthropic.ToolUseBlock = { type: "tool_use", id: "toolu_s", name: "search_tools", input: { query: "close ticket 81", limit: 1 }, caller: { type: "direct" } }
        yield* session.execute(searchCall)
        const found = yield* session.found
        assert.deepStrictEqual(found, ["close_ticket"])
        const second = yield* toolsOfTurn
        const turn2: Anthropic.MessageCreateParamsNonStreaming = {
          ...turn1,
          messages: [
            ...turn1.messages,
            { role: "assistant", content: [searchCall] },
            { role: "user", content: [Client.toAnthropicToolReferences(searchCall, found)] }
          ],
          tools: second
        }
        assert.strictEqual(turn2.tools, second)
        const names = second.map((t) => t.name)
        assert.strictEqual(new Set(names).size, names.length, `a name twice: ${names.join(", ")}`)
        assert.deepStrictEqual(shape(second), expected)

        // Why the recipe is not `session.tools()` beside the deferred list: after a search it holds
        // the found tool, which would go twice — unless omitted.
        const shown = yield* session.tools
        const naive = [...Client.toAnthropicTools(shown), ...Client.toAnthropicDeferredTools(yield* Client.tools, { search: "client" })]
        assert.deepStrictEqual(naive.map((t) => t.name).filter((name) => name === "close_ticket"), ["close_ticket", "close_ticket"])
        const omitted = [
          ...Client.toAnthropicTools(shown),
          ...Client.toAnthropicDeferredTools(yield* Client.tools, { search: "client", omit: shown.map((t) => t.name) })
        ]
        assert.strictEqual(new Set(omitted.map((t) => t.name)).size, omitted.length)

        // The found tool runs through the session on the second turn; a tool neither pinned nor found does not.
        const closed = yield* session.execute({ type: "tool_use", id: "toolu_c", name: "close_ticket", input: { ticket: "81" } })
        assert.deepStrictEqual(closed.data, { closed: "/tickets/81/close" })
        const refused = yield* Effect.flip(session.execute({ type: "tool_use", id: "toolu_q", name: "list_queues", input: {} }))
        assert.strictEqual(refused._tag, "ToolNotFound")
      }).pipe(Effect.provide(clientLayer()))
      assert.deepStrictEqual(server.requests.map((r) => `${r.method} ${r.path}`), ["GET /rcp/manifest", "POST /tickets/81/close"])
    }))
})
