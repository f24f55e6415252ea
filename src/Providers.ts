/**
 * What a model sees and sends, in each provider's own shapes: the discovered tools in the `tools`
 * format of OpenAI (Chat Completions and Responses, with strict mode), Anthropic and Gemini; the
 * tool-call objects each of them returns (all of which `execute` reads as they are); the one table
 * of what a model may read of a failed call (`modelFacingError`); and the helpers that write a
 * call's outcome back as each provider's tool-result message. Every shape is assignable to the
 * provider SDK's own type, and every format returns fresh mutable objects.
 *
 * `rcp-sdk/client` re-exports all of it.
 *
 * @since 0.2.0
 */
import * as Deferred from "./internal/model/deferred.js"
import * as ModelFacing from "./internal/model/modelFacing.js"
import type * as ModelTool from "./internal/model/modelTool.js"
import * as Internal from "./internal/model/providers.js"
import * as Tokens from "./internal/search/tokens.js"

// ---------------------------------------------------------------------------------------------
// Tools, in each provider's format
// ---------------------------------------------------------------------------------------------

/**
 * A property of a schema handed to a provider: the model-facing one, or in strict mode the same
 * made nullable (`type: [t, "null"]`).
 *
 * @since 0.2.0
 * @category models
 */
export type ProviderParameter = Internal.ProviderParameter

/**
 * A tool's parameters as a fresh JSON Schema object. A type alias, not an interface: the SDKs type
 * schemas as `{ [key: string]: unknown }`, which only an alias is assignable to.
 *
 * @since 0.2.0
 * @category models
 */
export type ParametersSchema = Internal.ParametersSchema

/**
 * Options of the tool formats.
 *
 * @since 0.2.0
 * @category models
 */
export type FormatOptions = Internal.FormatOptions

/**
 * A tool in OpenAI Chat Completions' `tools` format.
 *
 * @since 0.2.0
 * @category models
 */
export type OpenAiTool = Internal.OpenAiTool

/**
 * A tool in the OpenAI Responses API's `tools` format.
 *
 * @since 0.2.0
 * @category models
 */
export type OpenAiResponsesTool = Internal.OpenAiResponsesTool

/**
 * A tool in Anthropic's Messages API `tools` format.
 *
 * @since 0.2.0
 * @category models
 */
export type AnthropicTool = Internal.AnthropicTool

/**
 * A Gemini `Tool` carrying function declarations.
 *
 * @since 0.2.0
 * @category models
 */
export type GeminiTool = Internal.GeminiTool

/**
 * Tools for OpenAI Chat Completions: `[{ type: "function", function: { name, description, parameters } }]`.
 * With `{ strict: true }`: `strict: true`, every property in `required`, optional ones nullable, at
 * every depth of an array or object param (docs/protocol.md §7). A tool with no strict form — a map
 * or free-form object param, or more than strict mode takes — is sent with `strict: false` and its
 * plain schema; `strictWarnings` names such tools.
 *
 * @example
 * ```ts
 * import { createRcpClient } from "rcp-sdk/client"
 * import { toOpenAiTools } from "rcp-sdk/providers"
 *
 * const client = createRcpClient()
 *
 * export const toolsForOpenAi = async (manifestUrl: string) => {
 *   const { tools } = await client.discover(manifestUrl)
 *   // → openai.chat.completions.create({ model, messages, tools: toOpenAiTools(tools, { strict: true }) })
 *   return toOpenAiTools(tools, { strict: true })
 * }
 * ```
 *
 * @since 0.1.0
 * @category conversions
 */
export const toOpenAiTools: (
  tools: ReadonlyArray<ModelTool.ModelTool>,
  options?: Internal.FormatOptions
) => Array<Internal.OpenAiTool> = Internal.toOpenAiTools

/**
 * One line per tool that `toOpenAiTools` and `toOpenAiResponsesTools` send with `strict: false`
 * although strict mode was asked for, saying why: a map or free-form object param
 * (`additionalProperties`), or more properties or enum values than strict mode takes.
 *
 * @example
 * ```ts
 * import { createRcpClient } from "rcp-sdk/client"
 * import { strictWarnings } from "rcp-sdk/providers"
 *
 * const client = createRcpClient()
 *
 * export const strictTools = async (manifestUrl: string) => {
 *   const { tools } = await client.discover(manifestUrl)
 *   for (const warning of strictWarnings(tools)) console.warn(warning)
 *   return tools
 * }
 * // tool "update_customer" is sent with strict: false: it holds an object with keys of the model's choosing …
 * ```
 *
 * @since 0.2.0
 * @category conversions
 */
export const strictWarnings: (tools: ReadonlyArray<ModelTool.ModelTool>) => Array<string> = Internal.strictWarnings

/**
 * Tools for the OpenAI Responses API: `[{ type: "function", name, description, parameters, strict }]`.
 *
 * @since 0.2.0
 * @category conversions
 */
export const toOpenAiResponsesTools: (
  tools: ReadonlyArray<ModelTool.ModelTool>,
  options?: Internal.FormatOptions
) => Array<Internal.OpenAiResponsesTool> = Internal.toOpenAiResponsesTools

/**
 * Tools for Anthropic's Messages API: `[{ name, description, input_schema }]`.
 *
 * @since 0.1.0
 * @category conversions
 */
export const toAnthropicTools: (tools: ReadonlyArray<ModelTool.ModelTool>) => Array<Internal.AnthropicTool> =
  Internal.toAnthropicTools

/**
 * Tools for Gemini (`@google/genai`'s `Tool`): `[{ functionDeclarations: [{ name, description,
 * parametersJsonSchema }] }]`. The schema goes in `parametersJsonSchema`, which takes JSON Schema;
 * `parameters` takes Gemini's OpenAPI subset (`type: "OBJECT"`, no `additionalProperties`).
 *
 * @since 0.2.0
 * @category conversions
 */
export const toGeminiTools: (tools: ReadonlyArray<ModelTool.ModelTool>) => Array<Internal.GeminiTool> =
  Internal.toGeminiTools

// ---------------------------------------------------------------------------------------------
// Tool calls, as each provider returns them (`execute` reads every one as it is)
// ---------------------------------------------------------------------------------------------

/**
 * rcp's own shape: the tool's name and the arguments (an object, or the JSON string LLM APIs return).
 *
 * @since 0.1.0
 * @category models
 */
export type RcpToolCall = Internal.RcpToolCall

/**
 * An OpenAI Chat Completions tool call (`message.tool_calls[i]` of type `"function"`).
 *
 * @since 0.2.0
 * @category models
 */
export type OpenAiToolCall = Internal.OpenAiToolCall

/**
 * An OpenAI Responses API output item of type `"function_call"`.
 *
 * @since 0.2.0
 * @category models
 */
export type OpenAiResponsesToolCall = Internal.OpenAiResponsesToolCall

/**
 * An Anthropic `tool_use` content block.
 *
 * @since 0.2.0
 * @category models
 */
export type AnthropicToolUse = Internal.AnthropicToolUse

/**
 * A Gemini `functionCall` part's value (its SDK declares every field optional).
 *
 * @since 0.2.0
 * @category models
 */
export type GeminiFunctionCall = Internal.GeminiFunctionCall

/**
 * Every tool-call shape `execute` reads.
 *
 * @since 0.2.0
 * @category models
 */
export type ToolCallInput = Internal.ToolCallInput

// ---------------------------------------------------------------------------------------------
// Results: what the model may read, in each provider's tool-result shape
// ---------------------------------------------------------------------------------------------

/**
 * What the model receives for a failed call. `ModelError`: the error's own text, written so the
 * model can retry. `OperatorError`: a short text without internal detail; the error itself is the
 * operator's to see (through `onError` or the error channel).
 *
 * @since 0.2.0
 * @category models
 */
export type ModelFacingError = ModelFacing.ModelFacingError

/**
 * What a result helper reads of a successful call: a `ToolResult` as `execute` returns it — the
 * model gets its `model` view — or one built by hand, `{ status, data }`, whose `data` is shaped
 * with the default budget (`Result.forModel`).
 *
 * @since 0.2.0
 * @category models
 */
export type ResultInput = ModelFacing.ResultInput

/**
 * The outcome of one `execute`, as an `Exit`: `Effect.exit(Client.execute(call))` in Effect code,
 * `await outcomeOf(client.execute(call))` with the promise client.
 *
 * @since 0.2.0
 * @category models
 */
export type ToolOutcome = ModelFacing.ToolOutcome

/**
 * Options of every helper that turns an outcome into a message for a model.
 *
 * @since 0.2.0
 * @category models
 */
export type ResultOptions = ModelFacing.ResultOptions

/**
 * An OpenAI Chat Completions tool message.
 *
 * @since 0.2.0
 * @category models
 */
export type OpenAiToolMessage = Internal.OpenAiToolMessage

/**
 * An OpenAI Responses API `function_call_output` input item.
 *
 * @since 0.2.0
 * @category models
 */
export type OpenAiResponsesOutput = Internal.OpenAiResponsesOutput

/**
 * An Anthropic `tool_result` content block.
 *
 * @since 0.2.0
 * @category models
 */
export type AnthropicToolResult = Internal.AnthropicToolResult

/**
 * A Gemini `Part` carrying a `functionResponse`: `{ output }` on success (the model's view of the
 * result, shaped as for every provider), `{ error }` on failure — the keys Gemini's documentation
 * suggests.
 *
 * @since 0.2.0
 * @category models
 */
export type GeminiFunctionResponsePart = Internal.GeminiFunctionResponsePart

/**
 * What the model may read of a failed call (docs/providers.md "What the model is told of a failure"): its own mistakes
 * (`InvalidArguments`, `ToolNotFound`, HTTP 4xx) in full; everything else as a short safe
 * sentence (`OperatorError`), the error itself being the operator's.
 *
 * @since 0.2.0
 * @category conversions
 */
export const modelFacingError: (error: unknown, toolName: string) => ModelFacing.ModelFacingError =
  ModelFacing.modelFacingError

/**
 * Settles a promise client's `execute` into a `ToolOutcome` for the result helpers (Effect code
 * uses `Effect.exit(Client.execute(call))`).
 *
 * @example
 * ```ts
 * import { createRcpClient } from "rcp-sdk/client"
 * import { outcomeOf, toOpenAiToolMessage, type OpenAiToolCall } from "rcp-sdk/providers"
 *
 * const client = createRcpClient({ resolvers: { userId: (ctx: { userId: string }) => ctx.userId } })
 * // A tool call from `completion.choices[0].message.tool_calls`, passed to execute as it is:
 * const call: OpenAiToolCall = { id: "call_1", type: "function", function: { name: "get_profile", arguments: "{}" } }
 * const outcome = await outcomeOf(client.execute(call, { context: { userId: "u-42" } }))
 * // Operator-side errors reach the model as a safe sentence; `onError` gets the error itself.
 * const message = toOpenAiToolMessage(call, outcome, { onError: (error) => console.error(error) })
 * console.log(message.content)
 * ```
 *
 * @since 0.2.0
 * @category constructors
 */
export const outcomeOf: (promise: PromiseLike<ModelFacing.ResultInput>) => Promise<ModelFacing.ToolOutcome> =
  ModelFacing.outcomeOf

/**
 * An outcome as an OpenAI Chat Completions tool message `{ role: "tool", tool_call_id, content }`:
 * on success the model's view of the result (`ToolResult.model.text`, docs/results.md — within the
 * call's budget, with notes on cuts and pages). Operator-side errors reach the model as a safe
 * sentence and go to `options.onError`.
 *
 * @since 0.2.0
 * @category conversions
 */
export const toOpenAiToolMessage: (
  call: Internal.OpenAiToolCall,
  outcome: ModelFacing.ToolOutcome,
  options?: ModelFacing.ResultOptions
) => Internal.OpenAiToolMessage = Internal.toOpenAiToolMessage

/**
 * An outcome as an OpenAI Responses input item `{ type: "function_call_output", call_id, output }`:
 * on success the model's view of the result (`ToolResult.model.text`).
 *
 * @since 0.2.0
 * @category conversions
 */
export const toOpenAiResponsesOutput: (
  call: Internal.OpenAiResponsesToolCall,
  outcome: ModelFacing.ToolOutcome,
  options?: ModelFacing.ResultOptions
) => Internal.OpenAiResponsesOutput = Internal.toOpenAiResponsesOutput

/**
 * An outcome as an Anthropic content block `{ type: "tool_result", tool_use_id, content, is_error }`:
 * on success the model's view of the result (`ToolResult.model.text`).
 *
 * @since 0.2.0
 * @category conversions
 */
export const toAnthropicToolResult: (
  call: Internal.AnthropicToolUse,
  outcome: ModelFacing.ToolOutcome,
  options?: ModelFacing.ResultOptions
) => Internal.AnthropicToolResult = Internal.toAnthropicToolResult

/**
 * An outcome as a Gemini part `{ functionResponse: { id?, name, response: { output } | { error } } }`:
 * on success `output` is the model's view of the result as a value — the shaped JSON (the same text
 * the other providers get, parsed), or the text of any other body — never the whole `data`.
 *
 * @since 0.2.0
 * @category conversions
 */
export const toGeminiFunctionResponse: (
  call: Internal.GeminiFunctionCall,
  outcome: ModelFacing.ToolOutcome,
  options?: ModelFacing.ResultOptions
) => Internal.GeminiFunctionResponsePart = Internal.toGeminiFunctionResponse

// ---------------------------------------------------------------------------------------------
// For integrations that hand tools and results to a framework of their own
// ---------------------------------------------------------------------------------------------

/**
 * A tool's parameters as a fresh, mutable JSON Schema object, as every format above sends them
 * (`{ strict: true }`: the OpenAI strict form). For an integration with a format of its own (the
 * MCP bridge's `inputSchema`, the AI SDK's `jsonSchema`, an @effect/ai tool).
 *
 * @since 0.2.0
 * @category conversions
 */
export const toolParameters: (tool: ModelTool.ModelTool, options?: FormatOptions) => ParametersSchema = (
  tool,
  options
) => Internal.parametersFor(tool, options)

/**
 * An outcome read through the model-facing table, as every result helper above reads it: a
 * success's text (a string body as it came, anything else as JSON), or the failure's text for the
 * model. An operator-side error goes to `options.onError` here, once.
 *
 * @since 0.2.0
 * @category models
 */
export type Reply = ModelFacing.Reply

/**
 * What the model is told of one outcome (see `Reply`), for an integration with a result shape of
 * its own (an MCP `CallToolResult`, an AI SDK tool's return).
 *
 * @since 0.2.0
 * @category conversions
 */
export const reply: (outcome: ToolOutcome, toolName: string, options?: ResultOptions) => Reply = (
  outcome,
  toolName,
  options
) => ModelFacing.reply(outcome, toolName, options)

// ---------------------------------------------------------------------------------------------
// Deferred loading (provider-native tool search) — docs/big-apis.md
// ---------------------------------------------------------------------------------------------

/**
 * @since 0.2.0
 * @category models
 */
export type DeferredOptions = Deferred.DeferredOptions

/**
 * @since 0.2.0
 * @category models
 */
export type AnthropicToolSearchTool = Deferred.AnthropicToolSearchTool

/**
 * @since 0.2.0
 * @category models
 */
export type AnthropicDeferredTool = Deferred.AnthropicDeferredTool

/**
 * @since 0.2.0
 * @category models
 */
export type AnthropicToolReferenceResult = Deferred.AnthropicToolReferenceResult

/**
 * @since 0.2.0
 * @category models
 */
export type ToolNamespace = Deferred.ToolNamespace

/**
 * @since 0.2.0
 * @category models
 */
export type OpenAiToolSearchTool = Deferred.OpenAiToolSearchTool

/**
 * @since 0.2.0
 * @category models
 */
export type OpenAiNamespaceTool = Deferred.OpenAiNamespaceTool

/**
 * Every tool for Anthropic's Messages API with `defer_loading: true` (but the pinned ones), and
 * Anthropic's server-side BM25 tool search first — or, with `search: "client"`, no server search:
 * send a search session's `search_tools` beside them (`omit` its name, so no name goes twice) and
 * answer its calls with `toAnthropicToolReferences`. The list is the same on every turn: a found
 * tool stays deferred, loaded by the references (never send `session.tools()` beside it: after a
 * search it holds the found tools, which would go twice). Claude loads a deferred tool only when a
 * search returns it. Claude Opus 4.5 / Sonnet 4.5 and later (Anthropic's tool search documentation).
 *
 * @example
 * ```ts
 * import * as Client from "rcp-sdk/client"
 *
 * export const request = (tools: ReadonlyArray<Client.ModelTool>) => ({
 *   model: "claude-sonnet-4-5",
 *   max_tokens: 1024,
 *   tools: Client.toAnthropicDeferredTools(tools, { pinned: ["repos_get"] })
 * })
 * ```
 *
 * @since 0.2.0
 * @category conversions
 */
export const toAnthropicDeferredTools: (
  tools: ReadonlyArray<ModelTool.ModelTool>,
  options?: DeferredOptions & { readonly search?: "server" | "client" | undefined }
) => Array<AnthropicToolSearchTool | AnthropicDeferredTool> = Deferred.toAnthropicDeferredTools

/**
 * The answer to a client-side tool search for Anthropic: a `tool_result` of `tool_reference`
 * blocks, one per tool found, which Claude then loads from the deferred tools of the request.
 *
 * @since 0.2.0
 * @category conversions
 */
export const toAnthropicToolReferences: (
  call: { readonly id: string },
  names: ReadonlyArray<string>
) => AnthropicToolReferenceResult = Deferred.toAnthropicToolReferences

/**
 * The tools for OpenAI's Responses API with its `tool_search`: one `namespace` tool per group (an
 * API, say: the `tools` of its `Discovery`), every function deferred but the pinned ones.
 *
 * @example
 * ```ts
 * import * as Client from "rcp-sdk/client"
 *
 * export const toolsOf = (github: Client.Discovery) =>
 *   Client.toOpenAiResponsesDeferredTools([
 *     { name: "github", description: "GitHub's REST API: repositories, issues, pull requests…", tools: github.tools }
 *   ])
 * ```
 *
 * @since 0.2.0
 * @category conversions
 */
export const toOpenAiResponsesDeferredTools: (
  namespaces: ReadonlyArray<ToolNamespace>,
  options?: DeferredOptions & FormatOptions
) => Array<OpenAiToolSearchTool | OpenAiNamespaceTool> = Deferred.toOpenAiResponsesDeferredTools

// ---------------------------------------------------------------------------------------------
// Tokens
// ---------------------------------------------------------------------------------------------

/**
 * @since 0.2.0
 * @category models
 */
export type TokenProvider = Tokens.TokenProvider

/**
 * @since 0.2.0
 * @category models
 */
export type ToolTokens = Tokens.ToolTokens

/**
 * How `countToolTokens` counts: the provider's format, and for OpenAI whether strict mode's schemas.
 *
 * @since 0.3.0
 * @category models
 */
export type TokenCountOptions = Tokens.CountOptions

/**
 * What a tool list costs in a request, counted with `gpt-tokenizer` (o200k_base, loaded on first
 * use): for OpenAI the count its API bills for the function definitions (within a few tokens); for
 * Anthropic and Gemini an estimate — their tokenizers are not published, so it is o200k_base over
 * the tools as sent in their format (`estimate: true`), without Anthropic's tool-use system prompt.
 * `strict: true` counts OpenAI's strict-mode schemas. Each tool's count is its share of the list
 * (what adding it costs); `overhead` is the list's own, once: `total` is their sum.
 *
 * @example
 * ```ts
 * import * as Client from "rcp-sdk/client"
 *
 * export const cost = async (tools: ReadonlyArray<Client.ModelTool>) =>
 *   (await Client.countToolTokens(tools, { provider: "anthropic" })).total
 * ```
 *
 * @since 0.2.0
 * @category conversions
 */
export const countToolTokens: (
  tools: ReadonlyArray<ModelTool.ModelTool>,
  options?: TokenCountOptions
) => Promise<ToolTokens> = Tokens.count
