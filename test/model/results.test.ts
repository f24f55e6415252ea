/**
 * The provider result helpers send the model's view of a result (docs/results.md), against a real
 * server on 127.0.0.1: each provider's own tool-call object executed as it is, and each helper's
 * message carrying `result.model.text` — within the call's budget, valid JSON — never the whole
 * body; Gemini's `output` the same view as a value; a hand-built result shaped alike; and a tool's
 * `outputSchema` (declared, or given by its `responseMappings`) on the model-facing tool and in
 * Gemini's declaration.
 */
import type * as Anthropic from "@anthropic-ai/sdk/resources/messages"
import type * as Gemini from "@google/genai"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import type * as OpenAiChat from "openai/resources/chat/completions"
import type * as OpenAiResponses from "openai/resources/responses/responses"
import * as Fixtures from "../../bench/responses.js"
import * as Client from "../../src/Client.js"
import * as Providers from "../../src/Providers.js"
import * as Result from "../../src/Result.js"
import { clientLayer, manifest } from "../support/execute.js"
import { afterAll, assert, beforeAll, describe, it } from "../support/effectVitest.js"
import { startServer, type TestServer } from "../support/server.js"

const pods = Fixtures.kubernetesPods()
const ORDER_SCHEMA = {
  type: "object",
  properties: { id: { type: "string" }, status: { enum: ["pending", "shipped"] } },
  required: ["id", "status"]
}

let server: TestServer
beforeAll(async () => {
  server = await startServer((request, res) => {
    const body = request.path === "/api/v1/pods"
      ? JSON.stringify(pods)
      : JSON.stringify({ id: "o-1", status: "shipped", lines: [{ sku: "a" }] })
    res.writeHead(200, { "content-type": "application/json" })
    res.end(body)
  })
})
afterAll(() => server.close())

const api = () =>
  manifest([
    {
      name: "list_pods",
      params: [{ name: "limit", type: "number", required: false }, { name: "continue", type: "string", required: false }],
      url: `${server.origin}/api/v1/pods`,
      queryParams: { limit: "{{limit}}", continue: "{{continue}}" }
    },
    { name: "get_order", url: `${server.origin}/orders/o-1`, outputSchema: ORDER_SCHEMA } as never,
    { name: "order_status", url: `${server.origin}/orders/o-1`, responseMappings: { status: "@status", firstSku: "@lines[0].sku" } }
  ])

const BUDGET = 3_000

/** One client, the pods list executed from each provider's own call object. */
const withPods = async <A>(f: (client: Client.PromiseClient<unknown>) => Promise<A>): Promise<A> => {
  const client = Client.createRcpClient({ maxResultChars: BUDGET })
  try {
    await client.register(api(), { url: `${server.origin}/rcp/manifest` })
    return await f(client)
  } finally {
    await client.close()
  }
}

/** The view a helper must send: this call's own, shaped within the budget and cut. */
const checkView = (result: Client.ToolResult): string => {
  const text = result.model.text
  assert.isAtMost(text.length, BUDGET)
  assert.isAbove(JSON.stringify(result.data).length, 10 * BUDGET)
  const view = JSON.parse(text) as { truncated: string; nextPage: string }
  assert.match(view.truncated, /^The result was shortened to fit 3000 characters/)
  assert.strictEqual(
    view.nextPage.slice(0, 95),
    `There are more results: call list_pods again with the same arguments and continue set to ${JSON.stringify(pods.metadata.continue)}`.slice(0, 95)
  )
  return text
}

describe("the result helpers send the model's view", () => {
  it("OpenAI Chat Completions: the tool message's content", () =>
    withPods(async (client) => {
      const call: OpenAiChat.ChatCompletionMessageToolCall = {
        id: "call_1",
        type: "function",
        function: { name: "list_pods", arguments: "{\"limit\":500}" }
      }
      const result = await client.execute(call)
      const message: OpenAiChat.ChatCompletionToolMessageParam = Providers.toOpenAiToolMessage(call, Exit.succeed(result))
      assert.deepStrictEqual(message, { role: "tool", tool_call_id: "call_1", content: checkView(result) })
      assert.strictEqual(server.requests.at(-1)!.target, "/api/v1/pods?limit=500")
    }))

  it("OpenAI Responses: the function_call_output's output", () =>
    withPods(async (client) => {
      const item: OpenAiResponses.ResponseFunctionToolCall = {
        type: "function_call",
        call_id: "fc_1",
        name: "list_pods",
        arguments: "{}"
      }
      const outcome = await Providers.outcomeOf(client.execute(item))
      const output: OpenAiResponses.ResponseInputItem.FunctionCallOutput = Providers.toOpenAiResponsesOutput(item, outcome)
      assert.isTrue(Exit.isSuccess(outcome))
      if (Exit.isSuccess(outcome)) assert.deepStrictEqual(output, { type: "function_call_output", call_id: "fc_1", output: checkView(outcome.value as Client.ToolResult) })
    }))

  it("Anthropic: the tool_result's content, not an error", () =>
    withPods(async (client) => {
      const block: Anthropic.ToolUseBlock = { type: "tool_use", id: "toolu_1", name: "list_pods", input: {}, caller: { type: "direct" } }
      const result = await client.execute(block)
      const content: Anthropic.ToolResultBlockParam = Providers.toAnthropicToolResult(block, Exit.succeed(result))
      assert.deepStrictEqual(content, { type: "tool_result", tool_use_id: "toolu_1", content: checkView(result), is_error: false })
    }))

  it("Gemini: the shaped value as output — the same view, parsed — never the whole data", () =>
    withPods(async (client) => {
      const call: Gemini.FunctionCall = { id: "g_1", name: "list_pods", args: { limit: 500 } }
      const result = await client.execute(call)
      const part: Gemini.Part = Providers.toGeminiFunctionResponse(call, Exit.succeed(result))
      const view = JSON.parse(checkView(result)) as Record<string, unknown>
      assert.deepStrictEqual(part, { functionResponse: { id: "g_1", name: "list_pods", response: { output: view } } })
      assert.notDeepEqual(part.functionResponse!.response!["output"], result.data)
    }))

  it("the Effect API: Effect.exit of execute, the same view", () =>
    Effect.gen(function*() {
      yield* Client.register(api(), { url: `${server.origin}/rcp/manifest` })
      const call = { id: "call_2", type: "function" as const, function: { name: "list_pods", arguments: "{}" } }
      const outcome = yield* Effect.exit(Client.execute(call, { maxResultChars: BUDGET }))
      const message = Providers.toOpenAiToolMessage(call, outcome)
      assert.isTrue(Exit.isSuccess(outcome))
      if (Exit.isSuccess(outcome)) assert.strictEqual(message.content, checkView(outcome.value as Client.ToolResult))
    }).pipe(Effect.provide(clientLayer()), Effect.scoped, Effect.runPromise))

  it("a result built by hand is shaped with the default budget (no page note: no tool is known)", () => {
    const data = { items: Array.from({ length: 10_000 }, (_, id) => ({ id, name: `item ${id}` })), next_cursor: "c2" }
    const outcome = Exit.succeed({ status: 200, data })
    const message = Providers.toOpenAiToolMessage({ id: "c", type: "function", function: { name: "x", arguments: "{}" } }, outcome)
    assert.isAtMost(message.content.length, Result.DEFAULT_MAX_RESULT_CHARS)
    const view = JSON.parse(message.content) as Record<string, unknown>
    assert.deepStrictEqual(Object.keys(view), ["truncated", "data"])
    assert.deepStrictEqual(Result.forModel({ status: 200, data }).text, message.content)
    assert.strictEqual(Result.forModel({ status: 200, data }, { maxResultChars: 500 }).chars <= 500, true)
    const gemini = Providers.toGeminiFunctionResponse({ name: "x" }, Exit.succeed({ status: 200, data: "plain text" }))
    assert.deepStrictEqual(gemini.functionResponse.response, { output: "plain text" })
  })
})

describe("outputSchema on the model-facing tool", () => {
  it("declared, or given by responseMappings; Gemini's declaration carries it as responseJsonSchema", () =>
    withPods(async (client) => {
      const tools = await client.tools()
      const byName = new Map(tools.map((tool) => [tool.name, tool]))
      assert.isUndefined(byName.get("list_pods")!.outputSchema)
      assert.deepStrictEqual(byName.get("get_order")!.outputSchema, ORDER_SCHEMA)
      assert.deepStrictEqual(byName.get("order_status")!.outputSchema, {
        type: "object",
        properties: { status: { description: "the response's @status" }, firstSku: { description: "the response's @lines[0].sku" } },
        additionalProperties: false
      })
      const declarations = Providers.toGeminiTools(tools)[0]!.functionDeclarations
      assert.notProperty(declarations[0]!, "responseJsonSchema")
      assert.deepStrictEqual(declarations[1]!.responseJsonSchema, ORDER_SCHEMA)
      // A copy: changing the declaration leaves the client's tool as it was.
      ;(declarations[1]!.responseJsonSchema as { required: Array<string> }).required.push("x")
      assert.deepStrictEqual(byName.get("get_order")!.outputSchema, ORDER_SCHEMA)
      // The other providers have no place for it: their formats are as they were.
      assert.notProperty(Providers.toOpenAiTools(tools)[1]!.function, "outputSchema")
      assert.notProperty(Providers.toAnthropicTools(tools)[1]!, "outputSchema")
      // The result fits it.
      const order = await client.execute({ name: "get_order", arguments: {} })
      assert.deepStrictEqual(Result.validateOutput(byName.get("get_order")!.outputSchema!, order.data), { _tag: "Valid" })
      const status = await client.execute({ name: "order_status", arguments: {} })
      assert.deepStrictEqual(status.data, { status: "shipped", firstSku: "a" })
      assert.deepStrictEqual(Result.validateOutput(byName.get("order_status")!.outputSchema!, status.data), { _tag: "Valid" })
    }))
})
