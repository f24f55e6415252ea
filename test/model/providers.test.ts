/**
 * Model providers (docs/providers.md): the tool formats, every provider's tool-call shape
 * through `execute` (Effect and promise) against a real server on 127.0.0.1, OpenAI strict mode's
 * `null` round trip, the result helpers, and the table of what the model sees of each error.
 */
import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Client from "../../src/Client.js"
import { ResolverMissing } from "../../src/Resolver.js"
import {
  bearer,
  clientLayer,
  CREDENTIAL_SECRET,
  manifest,
  registerAt,
  RESOLVED_SECRET,
  type ToolInput
} from "../support/execute.js"
import { assert, describe, it } from "../support/effectVitest.js"
import { json, testServer, untouched } from "../support/server.js"

/** GET /search?q=&limit=&exact= with `tenant` in the path, filled by a resolver. */
const searchTool = (origin: string): ToolInput => ({
  name: "search",
  description: "Search the catalogue.",
  params: [
    { name: "tenant", type: "string" },
    { name: "q", type: "string" },
    { name: "limit", type: "number", required: false },
    { name: "exact", type: "boolean", required: false }
  ],
  url: `${origin}/t/{{tenant}}/search`,
  queryParams: { q: "{{q}}", limit: "{{limit}}", exact: "{{exact}}" }
})

/** POST /notes with a JSON body whose optional keys are whole placeholders. */
const noteTool = (origin: string): ToolInput => ({
  name: "add_note",
  method: "POST",
  params: [
    { name: "text", type: "string" },
    { name: "pinned", type: "boolean", required: false },
    { name: "priority", type: "number", required: false }
  ],
  url: `${origin}/notes`,
  body: { text: "{{text}}", pinned: "{{pinned}}", priority: "{{priority}}" }
})

const resolvers = { tenant: (ctx: { readonly tenant?: string }) => ctx.tenant }
const context = { tenant: "acme" }

// -------------------------------------------------------------------------------------------------
// Formats
// -------------------------------------------------------------------------------------------------

describe("formats", () => {
  const discovered = (origin: string) =>
    Client.register(manifest([searchTool(origin), noteTool(origin)]), { url: `${origin}/rcp/manifest` }).pipe(
      Effect.orDie,
      Effect.map((d) => d.tools)
    )

  // Hand-written: what each provider documents, with `tenant` (resolver-bound) absent everywhere.
  const searchSchema: Client.ParametersSchema = {
    type: "object",
    properties: { q: { type: "string" }, limit: { type: "number" }, exact: { type: "boolean" } },
    required: ["q"],
    additionalProperties: false
  }
  const searchStrict: Client.ParametersSchema = {
    type: "object",
    properties: { q: { type: "string" }, limit: { type: ["number", "null"] }, exact: { type: ["boolean", "null"] } },
    required: ["q", "limit", "exact"],
    additionalProperties: false
  }

  it.effect("each provider's shape, exactly; strict mode makes optionals required and nullable", () =>
    Effect.gen(function*() {
      const origin = "http://127.0.0.1:9"
      const tools = yield* discovered(origin)
      const search = tools.find((t) => t.name === "search")!
      const only = [search]
      assert.deepStrictEqual(Client.toOpenAiTools(only), [
        { type: "function", function: { name: "search", description: "Search the catalogue.", parameters: searchSchema } }
      ])
      assert.deepStrictEqual(Client.toOpenAiTools(only, { strict: true }), [{
        type: "function",
        function: { name: "search", description: "Search the catalogue.", parameters: searchStrict, strict: true }
      }])
      assert.deepStrictEqual(Client.toOpenAiResponsesTools(only), [
        { type: "function", name: "search", description: "Search the catalogue.", parameters: searchSchema, strict: false }
      ])
      assert.deepStrictEqual(Client.toOpenAiResponsesTools(only, { strict: true }), [
        { type: "function", name: "search", description: "Search the catalogue.", parameters: searchStrict, strict: true }
      ])
      assert.deepStrictEqual(Client.toAnthropicTools(only), [
        { name: "search", description: "Search the catalogue.", input_schema: searchSchema }
      ])
      assert.deepStrictEqual(Client.toGeminiTools(only), [{
        functionDeclarations: [{ name: "search", description: "Search the catalogue.", parametersJsonSchema: searchSchema }]
      }])
      assert.deepStrictEqual(Client.toGeminiTools([]), [])
      // Fresh objects: changing a format's output never changes the discovered tool.
      Client.toAnthropicTools(only)[0]!.input_schema.required.push("limit")
      assert.deepStrictEqual(search.parameters.required, ["q"])
    }).pipe(Effect.provide(clientLayer({}, resolvers))))

  it.effect("strict mode keeps descriptions and lists null in an enum", () =>
    Effect.sync(() => {
      const tool = {
        name: "pick",
        description: "Pick.",
        parameters: {
          type: "object" as const,
          properties: { color: { type: "string" as const, description: "a color", enum: ["red", "blue"] } },
          required: [],
          additionalProperties: false as const
        }
      }
      const [strict] = Client.toOpenAiTools([tool], { strict: true })
      assert.deepStrictEqual(strict!.function.parameters.properties, {
        color: { type: ["string", "null"], description: "a color", enum: ["red", "blue", null] }
      } as never)
    }))

  it.effect("a name a provider rejects is a discovery warning naming the provider", () =>
    Effect.gen(function*() {
      const origin = "http://127.0.0.1:9"
      const discovery = yield* Client.register(
        manifest([{ name: "1st-search", url: `${origin}/a` }, { name: "ok_name", url: `${origin}/b` }]),
        { url: `${origin}/rcp/manifest` }
      )
      assert.deepStrictEqual(discovery.warnings, [
        `tool "1st-search": Gemini rejects this name (it must start with a letter or an underscore; then letters, ` +
        `digits, _ . : -, at most 128 characters)`
      ])
    }).pipe(Effect.provide(clientLayer())))
})

// -------------------------------------------------------------------------------------------------
// Tool calls in
// -------------------------------------------------------------------------------------------------

/** One call to `search` with q="rust", limit=5, in each provider's shape. */
const SHAPES: ReadonlyArray<readonly [string, Client.ToolCall]> = [
  ["rcp { name, arguments } (object)", { name: "search", arguments: { q: "rust", limit: 5 } }],
  ["rcp { name, arguments } (JSON string)", { name: "search", arguments: "{\"q\":\"rust\",\"limit\":5}" }],
  ["OpenAI Chat Completions tool call", {
    id: "call_1",
    type: "function",
    function: { name: "search", arguments: "{\"q\":\"rust\",\"limit\":5}" }
  }],
  ["OpenAI Responses function_call item", {
    type: "function_call",
    call_id: "call_2",
    name: "search",
    arguments: "{\"q\":\"rust\",\"limit\":5}"
  }],
  ["Anthropic tool_use block", { type: "tool_use", id: "toolu_1", name: "search", input: { q: "rust", limit: 5 } }],
  ["Gemini functionCall", { name: "search", args: { q: "rust", limit: 5 } }]
]

const EXPECTED_TARGET = "/t/acme/search?q=rust&limit=5"

describe("execute reads every provider's tool-call shape", () => {
  for (const [label, call] of SHAPES) {
    it.scoped(`Effect: ${label}`, () =>
      Effect.gen(function*() {
        const server = yield* testServer((req, res) => json(res, 200, { got: req.target }))
        const result = yield* Effect.gen(function*() {
          yield* registerAt(server, [searchTool(server.origin)])
          return yield* Client.execute(call, { context })
        }).pipe(Effect.provide(clientLayer({}, resolvers)))
        assert.deepStrictEqual<unknown>(result, { status: 200, data: { got: EXPECTED_TARGET } })
        assert.deepStrictEqual(server.requests.map((r) => `${r.method} ${r.target}`), [`GET ${EXPECTED_TARGET}`])
      }))

    it.scoped(`promise: ${label}`, () =>
      Effect.gen(function*() {
        const server = yield* testServer((req, res) => json(res, 200, { got: req.target }))
        const client = Client.createRcpClient({ resolvers })
        yield* Effect.addFinalizer(() => Effect.promise(client.close))
        const result = yield* Effect.promise(async () => {
          await client.register(manifest([searchTool(server.origin)]), { url: `${server.origin}/rcp/manifest` })
          return client.execute(call, { context })
        })
        assert.deepStrictEqual<unknown>(result, { status: 200, data: { got: EXPECTED_TARGET } })
        assert.deepStrictEqual(server.requests.map((r) => `${r.method} ${r.target}`), [`GET ${EXPECTED_TARGET}`])
      }))
  }

  const UNREADABLE: ReadonlyArray<readonly [string, unknown, string]> = [
    ["an Anthropic block without its type (input would be dropped)", { name: "search", input: { q: "rust" } }, "search"],
    ["an OpenAI call without its type", { id: "c", function: { name: "search", arguments: "{}" } }, "search"],
    ["an OpenAI custom tool call", { id: "c", type: "custom", custom: { name: "search", input: "x" } }, "(unnamed)"],
    ["both args and arguments", { name: "search", args: {}, arguments: {} }, "search"],
    ["no name at all", { arguments: { q: "rust" } }, "(unnamed)"],
    ["a name that is not a string", { name: 7, arguments: {} }, "(unnamed)"],
    ["a Chat call whose function has no name", { type: "function", function: { arguments: "{}" } }, "(unnamed)"],
    ["a string", "search", "(unnamed)"],
    ["null", null, "(unnamed)"]
  ]

  for (const [label, input, tool] of UNREADABLE) {
    it.scoped(`InvalidArguments listing the accepted shapes, nothing sent: ${label}`, () =>
      Effect.gen(function*() {
        const server = yield* testServer((_req, res) => json(res, 200, {}))
        const error = yield* Effect.gen(function*() {
          yield* registerAt(server, [searchTool(server.origin)])
          return yield* Effect.flip(Client.execute(input as Client.ToolCall, { context }))
        }).pipe(Effect.provide(clientLayer({}, resolvers)))
        assert.instanceOf(error, Client.InvalidArguments)
        assert.strictEqual(error.message, [
          `invalid arguments for tool "${tool}":`,
          "- the tool call is not in a shape this client reads; send one of: { name, arguments } (rcp), " +
          "{ type: \"function\", id, function: { name, arguments } } (OpenAI Chat Completions), " +
          "{ type: \"function_call\", call_id, name, arguments } (OpenAI Responses), " +
          "{ type: \"tool_use\", id, name, input } (Anthropic), { name, args } (Gemini functionCall)"
        ].join("\n"))
        untouched(server)
      }))
  }
})

// -------------------------------------------------------------------------------------------------
// Strict mode round trip
// -------------------------------------------------------------------------------------------------

/** What a strict-mode model sends: every property present, `null` for each it chooses to leave out. */
const strictModelArguments = (
  parameters: Client.ParametersSchema,
  chosen: Readonly<Record<string, unknown>>
): string =>
  JSON.stringify(Object.fromEntries(parameters.required.map((name) => [name, Object.hasOwn(chosen, name) ? chosen[name] : null])))

describe("OpenAI strict mode round trip", () => {
  it.scoped("nullable optionals → the model sends null → the request leaves them out (query and body)", () =>
    Effect.gen(function*() {
      const server = yield* testServer((req, res) => json(res, 201, { ok: req.method }))
      yield* Effect.gen(function*() {
        const { tools } = yield* registerAt(server, [searchTool(server.origin), noteTool(server.origin)])
        const strict = Client.toOpenAiTools(tools, { strict: true })
        const schema = (name: string) => strict.find((t) => t.function.name === name)!.function.parameters
        const call = (name: string, chosen: Record<string, unknown>): Client.OpenAiToolCall => ({
          id: `call_${name}`,
          type: "function",
          function: { name, arguments: strictModelArguments(schema(name), chosen) }
        })
        const search = call("search", { q: "rust" })
        assert.strictEqual(search.function.arguments, "{\"q\":\"rust\",\"limit\":null,\"exact\":null}")
        yield* Client.execute(search, { context })
        yield* Client.execute(call("search", { q: "go", exact: false }), { context })
        yield* Client.execute(call("add_note", { text: "hi" }), { context })
        yield* Client.execute(call("add_note", { text: "yo", priority: 0 }), { context })
      }).pipe(Effect.provide(clientLayer({}, resolvers)))
      assert.deepStrictEqual(server.requests.map((r) => `${r.method} ${r.target} ${r.body}`), [
        "GET /t/acme/search?q=rust ",
        "GET /t/acme/search?q=go&exact=false ",
        "POST /notes {\"text\":\"hi\"}",
        "POST /notes {\"text\":\"yo\",\"priority\":0}"
      ])
    }))

  it.scoped("null for a required param stays InvalidArguments, nothing sent", () =>
    Effect.gen(function*() {
      const server = yield* testServer((_req, res) => json(res, 200, {}))
      const error = yield* Effect.gen(function*() {
        yield* registerAt(server, [noteTool(server.origin)])
        return yield* Effect.flip(Client.execute({ name: "add_note", arguments: { text: null, pinned: null } }))
      }).pipe(Effect.provide(clientLayer()))
      assert.strictEqual(error.message, "invalid arguments for tool \"add_note\":\n- \"text\" must be a string, got null")
      untouched(server)
    }))
})

// -------------------------------------------------------------------------------------------------
// Results out, and the table
// -------------------------------------------------------------------------------------------------

const CALLS = {
  openAi: (name: string, args: string): Client.OpenAiToolCall => ({
    id: "call_9",
    type: "function",
    function: { name, arguments: args }
  }),
  responses: (name: string, args: string): Client.OpenAiResponsesToolCall => ({
    type: "function_call",
    call_id: "fc_9",
    name,
    arguments: args
  }),
  anthropic: (name: string, args: string): Client.AnthropicToolUse => ({
    type: "tool_use",
    id: "toolu_9",
    name,
    input: JSON.parse(args)
  }),
  gemini: (name: string, args: string): Client.GeminiFunctionCall => ({ id: "g9", name, args: JSON.parse(args) })
}

/** Each provider's message for one outcome, built by the helper under test. */
const messages = (name: string, args: string, outcome: Client.ToolOutcome, onError: (e: unknown) => void) => ({
  openAi: Client.toOpenAiToolMessage(CALLS.openAi(name, args), outcome, { onError }),
  responses: Client.toOpenAiResponsesOutput(CALLS.responses(name, args), outcome, { onError }),
  anthropic: Client.toAnthropicToolResult(CALLS.anthropic(name, args), outcome, { onError }),
  gemini: Client.toGeminiFunctionResponse(CALLS.gemini(name, args), outcome, { onError })
})

/** Each provider's message for a failure whose model text is `text`. */
const failureMessages = (text: string) => ({
  openAi: { role: "tool", tool_call_id: "call_9", content: text },
  responses: { type: "function_call_output", call_id: "fc_9", output: text },
  anthropic: { type: "tool_result", tool_use_id: "toolu_9", content: text, is_error: true },
  gemini: { functionResponse: { id: "g9", name: "search", response: { error: text } } }
})

describe("result helpers", () => {
  const routes = (req: { readonly path: string; readonly headers: Record<string, unknown> }, res: Parameters<typeof json>[0]) => {
    if (req.path.endsWith("/search")) return json(res, 200, { hits: ["rust book"] })
    if (req.path.endsWith("/me")) return json(res, 404, { error: `no member in ${req.path}` })
    if (req.path.endsWith("/gone")) return json(res, 404, { error: "no such item", echo: req.headers["authorization"] })
    if (req.path.endsWith("/long")) return json(res, 422, { detail: "x".repeat(2000) })
    if (req.path.endsWith("/broken")) return json(res, 500, { stack: "at internal/db.ts:12 password=hunter2" })
    return undefined // /slow: never answers
  }
  const tools = (origin: string): Array<ToolInput> => [
    searchTool(origin),
    { name: "gone", url: `${origin}/gone` },
    { name: "long", url: `${origin}/long` },
    { name: "broken", url: `${origin}/broken` },
    { name: "slow", url: `${origin}/slow` },
    { name: "elsewhere", url: "http://127.0.0.2:9/x" },
    { name: "whoami", params: [{ name: "tenant", type: "string" }], url: `${origin}/t/{{tenant}}/me` }
  ]

  /** Runs one call through the Effect API and returns its outcome, the errors reported, the server. */
  const run = (call: Client.ToolCall, ctx: unknown = context) =>
    Effect.gen(function*() {
      const server = yield* testServer((req, res) => routes(req, res))
      const outcome = yield* Effect.gen(function*() {
        yield* registerAt(server, tools(server.origin), bearer)
        return yield* Effect.exit(Client.execute(call, { context: ctx, timeout: "300 millis" }))
      }).pipe(Effect.provide(clientLayer({ credential: CREDENTIAL_SECRET, retry: { retries: 0 } }, resolvers)))
      return { outcome, server }
    })

  it.scoped("success: the response data, as each provider takes it; nothing reported", () =>
    Effect.gen(function*() {
      const { outcome } = yield* run({ name: "search", arguments: { q: "rust" } })
      const reported: Array<unknown> = []
      const text = "{\"hits\":[\"rust book\"]}"
      assert.deepStrictEqual(messages("search", "{\"q\":\"rust\"}", outcome, (e) => reported.push(e)), {
        openAi: { role: "tool", tool_call_id: "call_9", content: text },
        responses: { type: "function_call_output", call_id: "fc_9", output: text },
        anthropic: { type: "tool_result", tool_use_id: "toolu_9", content: text, is_error: false },
        gemini: { functionResponse: { id: "g9", name: "search", response: { output: { hits: ["rust book"] } } } }
      })
      assert.deepStrictEqual(reported, [])
    }))

  // [label, call, text the model gets, reported to the operator?]
  const TABLE: ReadonlyArray<readonly [string, Client.ToolCall, unknown, string, boolean]> = [
    [
      "InvalidArguments: its message, for the model to retry",
      { name: "search", arguments: { q: 1 } },
      context,
      "invalid arguments for tool \"search\":\n- \"q\" must be a string, got a number",
      false
    ],
    [
      "ToolNotFound: its message",
      { name: "serch", arguments: {} },
      context,
      "unknown tool \"serch\"; available tools: search, gone, long, broken, slow, elsewhere, whoami",
      false
    ],
    [
      "HTTP 404: the redacted body excerpt",
      { name: "gone" },
      context,
      "HTTP 404: {\"error\":\"no such item\",\"echo\":\"Bearer <redacted>\"}",
      false
    ],
    [
      "HTTP 404: a resolved value the server echoes is redacted too",
      { name: "whoami" },
      context,
      "HTTP 404: {\"error\":\"no member in /t/<redacted>/me\"}",
      false
    ],
    ["HTTP 422: the excerpt clipped to 500 characters", { name: "long" }, context, `HTTP 422: {"detail":"${"x".repeat(489)}…`, false],
    [
      "HTTP 500: a safe sentence, no body",
      { name: "broken" },
      context,
      "The tool \"broken\" failed on the server (HTTP 500). You may retry later.",
      true
    ],
    ["Timeout", { name: "slow" }, context, "The tool \"slow\" timed out.", true],
    ["ResolverMissing: unavailable, no detail", { name: "search", arguments: { q: "x" } }, {}, "The tool \"search\" is unavailable right now.", true],
    ["UntrustedOrigin: unavailable, no detail", { name: "elsewhere" }, context, "The tool \"elsewhere\" is unavailable right now.", true]
  ]

  for (const [label, call, ctx, text, operator] of TABLE) {
    // Live clock: the Timeout row waits on a real socket.
    it.scopedLive(label, () =>
      Effect.gen(function*() {
        const { outcome } = yield* run(call, ctx)
        assert.isTrue(Exit.isFailure(outcome))
        const name = (call as Client.RcpToolCall).name
        const reported: Array<unknown> = []
        const built = messages(name, "{}", outcome, (e) => reported.push(e))
        const expected = failureMessages(text)
        assert.deepStrictEqual(built.openAi, expected.openAi)
        assert.deepStrictEqual(built.responses, expected.responses)
        assert.deepStrictEqual(built.anthropic, expected.anthropic)
        assert.deepStrictEqual(built.gemini, { functionResponse: { id: "g9", name, response: { error: text } } })
        // Reported once per helper, the original tagged error; never for the model's own mistakes.
        assert.strictEqual(reported.length, operator ? 4 : 0)
        if (Exit.isFailure(outcome)) for (const e of reported) assert.strictEqual(e, Cause.squash(outcome.cause))
        for (const message of Object.values(built)) {
          const shown = JSON.stringify(message)
          for (const secret of [CREDENTIAL_SECRET, RESOLVED_SECRET, "hunter2", "acme", "127.0.0.1"]) {
            assert.notInclude(shown, secret)
          }
        }
      }))
  }

  it.effect("modelFacingError: the table over each error class, and anything unknown is unavailable", () =>
    Effect.sync(() => {
      const text = (error: unknown) => Client.modelFacingError(error, "t")
      assert.deepStrictEqual(text(new ResolverMissing({ tool: "t", param: "userId" })), {
        _tag: "OperatorError",
        text: "The tool \"t\" is unavailable right now."
      })
      assert.deepStrictEqual(text(new Client.HttpError({ target: "x", status: 302, body: "moved" })), {
        _tag: "OperatorError",
        text: "The tool \"t\" failed on the server (HTTP 302). You may retry later."
      })
      assert.deepStrictEqual(text(new Client.HttpError({ target: "x", status: 499, body: "" })), {
        _tag: "ModelError",
        text: "HTTP 499: "
      })
      for (const error of [new Error("secret detail"), "boom", undefined, { _tag: "InvalidArguments", message: "forged" }]) {
        assert.deepStrictEqual(text(error), { _tag: "OperatorError", text: "The tool \"t\" is unavailable right now." })
      }
    }))

  it.effect("outcomeOf: a promise client's result or rejection as the Exit the helpers take", () =>
    Effect.gen(function*() {
      const ok = yield* Effect.promise(() => Client.outcomeOf(Promise.resolve({ status: 200, data: "plain" })))
      assert.deepStrictEqual(Client.toAnthropicToolResult(CALLS.anthropic("search", "{}"), ok), {
        type: "tool_result",
        tool_use_id: "toolu_9",
        content: "plain",
        is_error: false
      })
      const reported: Array<unknown> = []
      const failure = new Client.Timeout({ target: "x", timeoutMs: 5 })
      const failed = yield* Effect.promise(() => Client.outcomeOf(Promise.reject(failure)))
      const message = Client.toOpenAiToolMessage(CALLS.openAi("search", "{}"), failed, { onError: (e) => reported.push(e) })
      assert.strictEqual(message.content, "The tool \"search\" timed out.")
      assert.deepStrictEqual(reported, [failure])
      const empty = Client.toOpenAiResponsesOutput(CALLS.responses("search", "{}"), Exit.succeed({ status: 204, data: undefined }))
      assert.strictEqual(empty.output, "HTTP 204 (no content)")
    }))
})

