/**
 * Type tests of the provider formats against the providers' own SDK types (`openai`,
 * `@anthropic-ai/sdk`, `@google/genai`), checked by `tsc -p tsconfig.json` (never run): each
 * format is assignable to the SDK's tool type, each SDK's tool-call type to `execute`'s input, and
 * each result helper's output to the SDK's message type. A line under `@ts-expect-error` must not
 * compile; if it ever does, tsc reports the unused directive.
 */
import type * as Anthropic from "@anthropic-ai/sdk/resources/messages"
import type * as Gemini from "@google/genai"
import { aiSdkTools } from "@rcp-sdk/ai-sdk"
import type { ToolSet } from "ai"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import type * as OpenAiChat from "openai/resources/chat/completions"
import type * as OpenAiResponses from "openai/resources/responses/responses"
import * as Client from "../../src/Client.js"

declare const tools: ReadonlyArray<Client.ModelTool>
declare const outcome: Client.ToolOutcome
declare const promiseClient: Client.PromiseClient<{ readonly userId: string }>

// -- Formats → each SDK's tool type ---------------------------------------------------------------

export const openAiChat: Array<OpenAiChat.ChatCompletionTool> = Client.toOpenAiTools(tools)
export const openAiChatStrict: Array<OpenAiChat.ChatCompletionTool> = Client.toOpenAiTools(tools, { strict: true })
export const openAiParams: OpenAiChat.ChatCompletionCreateParamsNonStreaming = {
  model: "gpt-x",
  messages: [],
  tools: Client.toOpenAiTools(tools, { strict: true })
}
export const responses: Array<OpenAiResponses.FunctionTool> = Client.toOpenAiResponsesTools(tools, { strict: true })
export const responsesAsTools: Array<OpenAiResponses.Tool> = Client.toOpenAiResponsesTools(tools)
export const anthropic: Array<Anthropic.Tool> = Client.toAnthropicTools(tools)
export const anthropicUnion: Array<Anthropic.ToolUnion> = Client.toAnthropicTools(tools)
export const gemini: Array<Gemini.Tool> = Client.toGeminiTools(tools)

// -- Array and object params (docs/protocol.md §1.10, §7): a nested schema is a property like any other

const order: Client.ModelTool = {
  name: "create_order",
  description: "Place an order.",
  parameters: {
    type: "object",
    properties: {
      items: {
        type: "array",
        maxItems: 5,
        items: {
          type: "object",
          properties: { sku: { type: "string", minLength: 3 }, quantity: { type: "integer", minimum: 1 } },
          required: ["sku"],
          additionalProperties: false
        }
      },
      metadata: { type: "object", additionalProperties: { type: "string" } }
    },
    required: ["items"],
    additionalProperties: false
  }
}
export const structuredOpenAi: Array<OpenAiChat.ChatCompletionTool> = Client.toOpenAiTools([order], { strict: true })
export const structuredResponses: Array<OpenAiResponses.FunctionTool> = Client.toOpenAiResponsesTools([order], { strict: true })
export const structuredAnthropic: Array<Anthropic.Tool> = Client.toAnthropicTools([order])
export const structuredGemini: Array<Gemini.Tool> = Client.toGeminiTools([order])
export const structuredWarnings: Array<string> = Client.strictWarnings([order])
// A property's type is a JSON Schema node type, nothing else.
// @ts-expect-error "tuple" is no node type
export const badProperty: Client.ModelParameter = { type: "tuple" }

// Gemini's `parameters` is its own OpenAPI subset (`type: Type.OBJECT`): the model-facing JSON
// Schema does not fit there, which is why toGeminiTools fills `parametersJsonSchema`.
// @ts-expect-error "object" is not Gemini's Type enum
export const geminiParameters: Gemini.Schema = Client.toAnthropicTools(tools)[0]!.input_schema

// -- Each SDK's tool-call type → execute's input, and the result helper's output → its message ----

declare const chatMessage: OpenAiChat.ChatCompletionMessage
for (const call of chatMessage.tool_calls ?? []) {
  // A custom (free-text) tool call is not an rcp tool: narrowed away first.
  // @ts-expect-error a custom tool call is not one of the accepted shapes
  void promiseClient.execute(call)
  if (call.type === "function") {
    void promiseClient.execute(call, { context: { userId: "u" } })
    void Client.execute(call)
    const message: OpenAiChat.ChatCompletionToolMessageParam = Client.toOpenAiToolMessage(call, outcome)
    const param: OpenAiChat.ChatCompletionMessageParam = message
    void param
  }
}

declare const response: OpenAiResponses.Response
for (const item of response.output) {
  if (item.type === "function_call") {
    void promiseClient.execute(item)
    const output: OpenAiResponses.ResponseInputItem.FunctionCallOutput = Client.toOpenAiResponsesOutput(item, outcome)
    const input: OpenAiResponses.ResponseInputItem = output
    void input
  }
}

declare const anthropicMessage: Anthropic.Message
for (const block of anthropicMessage.content) {
  if (block.type === "tool_use") {
    void promiseClient.execute(block)
    void Client.buildRequest(block)
    const result: Anthropic.ToolResultBlockParam = Client.toAnthropicToolResult(block, outcome)
    const content: Anthropic.ContentBlockParam = result
    void content
  }
}

declare const geminiResponse: Gemini.GenerateContentResponse
for (const call of geminiResponse.functionCalls ?? []) {
  void promiseClient.execute(call)
  const part: Gemini.Part = Client.toGeminiFunctionResponse(call, outcome)
  void part
}

// rcp's own shape still reads, as an object literal and as the JSON string LLM APIs return.
void promiseClient.execute({ name: "get_profile", arguments: "{}" })
// @ts-expect-error a typo'd key is not any accepted shape
void promiseClient.execute({ nmae: "get_profile" })
// @ts-expect-error a Chat tool call's arguments are the JSON string the API returns
void promiseClient.execute({ id: "c1", type: "function", function: { name: "x", arguments: 1 } })

// -- Outcomes: both APIs produce the one type the helpers take ------------------------------------

export const fromPromise: Promise<Client.ToolOutcome> = Client.outcomeOf(promiseClient.execute({ name: "x" }))
export const fromEffect: Effect.Effect<Client.ToolOutcome, never, Client.RcpClient> = Effect.exit(
  Client.execute({ name: "x" })
)

// A result built by hand is an outcome too (shaped with the default budget); `model` is read-only
// and a `ToolResult` from the client always has it.
export const handBuilt: Client.ToolOutcome = Exit.succeed({ status: 200, data: { ok: true } })
// @ts-expect-error a result needs its status
export const noStatus: Client.ToolOutcome = Exit.succeed({ data: { ok: true } })
declare const executed: Client.ToolResult
export const shown: string = executed.model.text
export const headers: string | undefined = executed.headers["link"]
// @ts-expect-error the model's view is the client's, not the application's to replace
executed.model = executed.model

// -- @rcp-sdk/ai-sdk: a ToolSet for ai 6, its default context checked against the resolvers' ----

export const toolSet: Promise<ToolSet> = aiSdkTools(promiseClient, { context: { userId: "u" } })
// @ts-expect-error the default context must be the resolvers' context type
void aiSdkTools(promiseClient, { context: { user: "u" } })

// -- Deferred loading and search mode (docs/big-apis.md) ------------------------------------------

export const anthropicDeferred: Array<Anthropic.ToolUnion> = Client.toAnthropicDeferredTools(tools, { pinned: ["a"] })
export const anthropicDeferredParams: Anthropic.MessageCreateParamsNonStreaming = {
  model: "claude-sonnet-4-5",
  max_tokens: 1024,
  messages: [],
  tools: Client.toAnthropicDeferredTools(tools, { search: "client" })
}
// Client-side search: search_tools sent plain beside the deferred list, its name omitted from it.
export const anthropicClientSearchParams: Anthropic.MessageCreateParamsNonStreaming = {
  model: "claude-sonnet-4-5",
  max_tokens: 1024,
  messages: [],
  tools: [
    ...Client.toAnthropicTools(tools.filter((tool) => tool.name === Client.SEARCH_TOOL_NAME)),
    ...Client.toAnthropicDeferredTools(tools, { search: "client", pinned: ["a"], omit: [Client.SEARCH_TOOL_NAME] })
  ]
}
// @ts-expect-error omit takes names, not tools
void Client.toAnthropicDeferredTools(tools, { omit: tools })
declare const toolUse: Anthropic.ToolUseBlock
export const references: Anthropic.ToolResultBlockParam = Client.toAnthropicToolReferences(toolUse, ["a", "b"])
export const referencesAsContent: Anthropic.ContentBlockParam = Client.toAnthropicToolReferences(toolUse, ["a"])
export const responsesDeferred: Array<OpenAiResponses.Tool> = Client.toOpenAiResponsesDeferredTools(
  [{ name: "github", description: "GitHub", tools }],
  { strict: true, pinned: ["a"] }
)
export const responsesDeferredParams: OpenAiResponses.ResponseCreateParamsNonStreaming = {
  model: "gpt-x",
  input: "hi",
  tools: Client.toOpenAiResponsesDeferredTools([{ name: "github", description: "GitHub", tools }])
}
// A namespaced function call of the Responses API runs through a search session as it is.
declare const namespaced: OpenAiResponses.ResponseFunctionToolCall
declare const session: Client.PromiseSearchSession<{ readonly userId: string }>
void session.execute(namespaced, { context: { userId: "u" } })
export const sessionTools: Promise<Array<OpenAiChat.ChatCompletionTool>> = session.tools().then((shown) => Client.toOpenAiTools(shown))
void Effect.gen(function*() {
  const effectSession = yield* Client.searchSession({ pinned: ["a"] })
  const shown: Array<Anthropic.ToolUnion> = Client.toAnthropicTools(yield* effectSession.tools)
  const counted: Client.ToolTokens = yield* Client.toolTokens(yield* effectSession.tools, { provider: "anthropic" })
  return [shown, counted] as const
})
// @ts-expect-error a provider the token counter does not know
void Client.countToolTokens(tools, { provider: "mistral" })
// @ts-expect-error the search session's options take names, not tools
void Client.searchSession({ pinned: tools })
