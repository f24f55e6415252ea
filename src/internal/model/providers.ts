/**
 * The model providers' wire shapes, in one place: the model-facing tools in each provider's `tools`
 * format (OpenAI Chat Completions and Responses, with strict mode; Anthropic; Gemini), each
 * provider's tool-call object read into one `{ name, arguments }`, and an execute outcome written
 * back as each provider's tool-result message (through the table in `modelFacing.ts`).
 *
 * Every format returns fresh mutable arrays and objects, so that it is assignable to the SDKs' own
 * types (which declare `Array<string>`, not `ReadonlyArray<string>`).
 */
import { InvalidArguments } from "../client/errors.js"
import * as Shape from "../result/shape.js"
import { clip } from "../shared/text.js"
import { isRecord } from "../shared/values.js"
import type { SchemaNode } from "../manifest/paramSchema.js"
import * as ModelFacing from "./modelFacing.js"
import * as ModelSchema from "./modelSchema.js"
import type { ModelParameter, ModelTool } from "./modelTool.js"

// ---------------------------------------------------------------------------------------------
// Formats
// ---------------------------------------------------------------------------------------------

/**
 * A property of a schema handed to a provider: the model-facing one, or in strict mode the same
 * made strict — nullable when optional (`type: [t, "null"]`, `null` in its `enum`), and at every
 * depth of an array or object (docs/protocol.md §7).
 *
 * @since 0.2.0
 * @category models
 */
export type ProviderParameter = {
  readonly type: ModelParameter["type"] | [ModelParameter["type"], "null"]
  readonly description?: string
  readonly enum?: ReadonlyArray<string | null>
  readonly [keyword: string]: unknown
}

/**
 * A tool's parameters as a fresh JSON Schema object. A type alias, not an interface: the SDKs type
 * schemas as `{ [key: string]: unknown }`, which only an alias is assignable to.
 *
 * @since 0.2.0
 * @category models
 */
export type ParametersSchema = {
  type: "object"
  properties: Record<string, ProviderParameter>
  required: Array<string>
  additionalProperties: false
}

/**
 * @since 0.2.0
 * @category models
 */
export interface FormatOptions {
  /**
   * OpenAI strict mode (structured outputs): every property required, the optional ones nullable.
   * A strict model sends `null` for an optional param it leaves out; `execute` treats that `null`
   * as "left out".
   */
  readonly strict?: boolean | undefined
}

/**
 * A tool's parameters as a fresh, mutable JSON Schema object.
 *
 * @internal
 */
export const copy = (parameters: ModelTool["parameters"]): ParametersSchema => ({
  type: "object",
  properties: { ...parameters.properties },
  required: [...parameters.required],
  additionalProperties: false
})

/**
 * A tool's parameters in OpenAI's strict form (`modelSchema.ts`: every property required, the
 * optional ones nullable, at every depth), or why the tool has none — a map or a free-form object,
 * or more than strict mode takes.
 *
 * @internal
 */
export const strictParameters = (
  parameters: ModelTool["parameters"]
): { readonly _tag: "Strict"; readonly schema: ParametersSchema } | { readonly _tag: "NotStrict"; readonly reason: string } => {
  const strict = ModelSchema.strictParameters(parameters as unknown as SchemaNode)
  return strict._tag === "Strict" ? { _tag: "Strict", schema: strict.schema as ParametersSchema } : strict
}

/**
 * The parameters a format sends, and whether they are strict: a tool with no strict form is sent
 * with its plain schema and `strict: false` even when strict mode is asked for (`strictWarnings`).
 */
const formatted = (
  tool: ModelTool,
  options: FormatOptions | undefined
): { readonly parameters: ParametersSchema; readonly strict: boolean } => {
  if (options?.strict !== true) return { parameters: copy(tool.parameters), strict: false }
  const strict = strictParameters(tool.parameters)
  return strict._tag === "Strict" ? { parameters: strict.schema, strict: true } : { parameters: copy(tool.parameters), strict: false }
}

/**
 * A tool's parameters as a format sends them: strict when asked for and the tool has a strict form.
 *
 * @internal
 */
export const parametersFor = (tool: ModelTool, options: FormatOptions | undefined): ParametersSchema =>
  formatted(tool, options).parameters

/**
 * One line per tool that cannot be sent in OpenAI's strict mode, saying why; such a tool is sent
 * with `strict: false` by `toOpenAiTools` and `toOpenAiResponsesTools` (docs/protocol.md §7).
 *
 * @internal
 */
export const strictWarnings = (tools: ReadonlyArray<ModelTool>): Array<string> => {
  const warnings: Array<string> = []
  for (const tool of tools) {
    const strict = strictParameters(tool.parameters)
    if (strict._tag === "NotStrict") {
      warnings.push(`tool "${clip(tool.name, 64)}" is sent with strict: false: ${strict.reason}`)
    }
  }
  return warnings
}

/**
 * @since 0.2.0
 * @category models
 */
export interface OpenAiTool {
  type: "function"
  function: { name: string; description: string; parameters: ParametersSchema; strict?: boolean }
}

/** @internal */
export const toOpenAiTools = (tools: ReadonlyArray<ModelTool>, options?: FormatOptions): Array<OpenAiTool> =>
  tools.map((tool) => {
    const { parameters, strict } = formatted(tool, options)
    return {
      type: "function",
      function: {
        name: tool.name,
        description: tool.description,
        parameters,
        ...(options?.strict === undefined ? {} : { strict })
      }
    }
  })

/**
 * @since 0.2.0
 * @category models
 */
export interface OpenAiResponsesTool {
  type: "function"
  name: string
  description: string
  parameters: ParametersSchema
  strict: boolean
}

/** @internal */
export const toOpenAiResponsesTools = (
  tools: ReadonlyArray<ModelTool>,
  options?: FormatOptions
): Array<OpenAiResponsesTool> =>
  tools.map((tool) => {
    const { parameters, strict } = formatted(tool, options)
    // The Responses API requires the field; it is spelled out rather than left to its default.
    return { type: "function", name: tool.name, description: tool.description, parameters, strict }
  })

/**
 * @since 0.2.0
 * @category models
 */
export interface AnthropicTool {
  name: string
  description: string
  input_schema: ParametersSchema
}

/** @internal */
export const toAnthropicTools = (tools: ReadonlyArray<ModelTool>): Array<AnthropicTool> =>
  tools.map((tool) => ({ name: tool.name, description: tool.description, input_schema: copy(tool.parameters) }))

/**
 * @since 0.2.0
 * @category models
 */
export interface GeminiTool {
  functionDeclarations: Array<{
    name: string
    description: string
    parametersJsonSchema: ParametersSchema
    /** The tool's `outputSchema` (docs/protocol.md §8), when it has one. */
    responseJsonSchema?: unknown
  }>
}

/**
 * Gemini's `parameters` field takes its own OpenAPI subset (`type: "OBJECT"`, no
 * `additionalProperties`); `parametersJsonSchema` takes JSON Schema, which is what the model-facing
 * schema is — so it goes there unchanged. A tool's `outputSchema`, JSON Schema too, goes to
 * `responseJsonSchema` (as a copy: nothing done to the declaration reaches the client's tool).
 *
 * @internal
 */
export const toGeminiTools = (tools: ReadonlyArray<ModelTool>): Array<GeminiTool> =>
  tools.length === 0 ? [] : [{
    functionDeclarations: tools.map((tool) =>
      tool.outputSchema === undefined
        ? { name: tool.name, description: tool.description, parametersJsonSchema: copy(tool.parameters) }
        : {
          name: tool.name,
          description: tool.description,
          parametersJsonSchema: copy(tool.parameters),
          responseJsonSchema: structuredClone(tool.outputSchema)
        }
    )
  }]

// ---------------------------------------------------------------------------------------------
// Names
// ---------------------------------------------------------------------------------------------

const NAME_RULES: ReadonlyArray<{ readonly provider: string; readonly pattern: RegExp; readonly rule: string }> = [
  { provider: "OpenAI", pattern: /^[A-Za-z0-9_-]{1,64}$/, rule: "letters, digits, _ and -, at most 64 characters" },
  { provider: "Anthropic", pattern: /^[A-Za-z0-9_-]{1,64}$/, rule: "letters, digits, _ and -, at most 64 characters" },
  {
    provider: "Gemini",
    pattern: /^[A-Za-z_][A-Za-z0-9_.:-]{0,127}$/,
    rule: "it must start with a letter or an underscore; then letters, digits, _ . : -, at most 128 characters"
  }
]

/**
 * One warning per tool name that a provider would reject, naming the provider and its rule. The
 * manifest's own rule fits OpenAI and Anthropic, but not Gemini's first character.
 *
 * @internal
 */
export const nameWarnings = (tools: ReadonlyArray<{ readonly name: string }>): Array<string> => {
  // A loop, not flatMap/filter/map: discovery runs this over every tool, and most yield nothing.
  const warnings: Array<string> = []
  for (const tool of tools) {
    for (const { pattern, provider, rule } of NAME_RULES) {
      if (!pattern.test(tool.name)) warnings.push(`tool "${clip(tool.name, 64)}": ${provider} rejects this name (${rule})`)
    }
  }
  return warnings
}

// ---------------------------------------------------------------------------------------------
// Tool calls in
// ---------------------------------------------------------------------------------------------

/**
 * rcp's own shape: the tool's name and the arguments (an object, or the JSON string LLM APIs return).
 *
 * @since 0.1.0
 * @category models
 */
export interface RcpToolCall {
  readonly type?: undefined
  /** The exposed name (with the manifest's prefix, if it was discovered with one). */
  readonly name: string
  /** An object, or the JSON string LLM APIs return. */
  readonly arguments?: unknown
}

/**
 * An OpenAI Chat Completions tool call (`message.tool_calls[i]` of type `"function"`).
 *
 * @since 0.2.0
 * @category models
 */
export interface OpenAiToolCall {
  readonly id: string
  readonly type: "function"
  readonly function: { readonly name: string; readonly arguments: string }
}

/**
 * An OpenAI Responses API output item of type `"function_call"`.
 *
 * @since 0.2.0
 * @category models
 */
export interface OpenAiResponsesToolCall {
  readonly type: "function_call"
  readonly call_id: string
  readonly name: string
  readonly arguments: string
}

/**
 * An Anthropic `tool_use` content block.
 *
 * @since 0.2.0
 * @category models
 */
export interface AnthropicToolUse {
  readonly type: "tool_use"
  readonly id: string
  readonly name: string
  readonly input: unknown
}

/**
 * A Gemini `functionCall` part's value (its SDK declares every field optional).
 *
 * @since 0.2.0
 * @category models
 */
export interface GeminiFunctionCall {
  /** Gemini's calls have no `type`; saying so keeps every other provider's object out of this loose shape. */
  readonly type?: undefined
  readonly id?: string | undefined
  readonly name?: string | undefined
  readonly args?: Readonly<Record<string, unknown>> | undefined
}

/**
 * Every tool-call shape `execute` reads.
 *
 * @since 0.2.0
 * @category models
 */
export type ToolCallInput = RcpToolCall | OpenAiToolCall | OpenAiResponsesToolCall | AnthropicToolUse | GeminiFunctionCall

const ACCEPTED_SHAPES = "the tool call is not in a shape this client reads; send one of: " +
  "{ name, arguments } (rcp), " +
  "{ type: \"function\", id, function: { name, arguments } } (OpenAI Chat Completions), " +
  "{ type: \"function_call\", call_id, name, arguments } (OpenAI Responses), " +
  "{ type: \"tool_use\", id, name, input } (Anthropic), " +
  "{ name, args } (Gemini functionCall)"

const has = (record: Record<string, unknown>, key: string): boolean => Object.hasOwn(record, key)

/**
 * Any of the accepted shapes, read into rcp's; anything else is `InvalidArguments` listing them.
 * An object without `type` that carries `input` or `function` is a provider object with its tag
 * stripped: refused rather than run with its arguments silently dropped.
 *
 * @internal
 */
export const readToolCall = (input: unknown): RcpToolCall | InvalidArguments => {
  if (isRecord(input)) {
    const { type, name } = input
    if (type === "function" && isRecord(input.function) && typeof input.function.name === "string") {
      return { name: input.function.name, arguments: input.function.arguments }
    }
    if (typeof name === "string") {
      if (type === "function_call") return { name, arguments: input.arguments }
      if (type === "tool_use") return { name, arguments: input.input }
      if (type === undefined && !has(input, "input") && !has(input, "function")) {
        const gemini = has(input, "args")
        if (!(gemini && has(input, "arguments"))) return { name, arguments: gemini ? input.args : input.arguments }
      }
    }
  }
  return new InvalidArguments({ tool: callName(input), problems: [ACCEPTED_SHAPES] })
}

/** The name to report for a call in any shape (the model's text, clipped), or "(unnamed)". */
const callName = (input: unknown): string => {
  if (!isRecord(input)) return "(unnamed)"
  const name = isRecord(input.function) ? input.function.name : input.name
  return typeof name === "string" ? clip(name, 64) : "(unnamed)"
}

// ---------------------------------------------------------------------------------------------
// Tool results out
// ---------------------------------------------------------------------------------------------

/**
 * @since 0.2.0
 * @category models
 */
export interface OpenAiToolMessage {
  role: "tool"
  tool_call_id: string
  content: string
}

/** @internal */
export const toOpenAiToolMessage = (
  call: OpenAiToolCall,
  outcome: ModelFacing.ToolOutcome,
  options?: ModelFacing.ResultOptions
): OpenAiToolMessage => ({
  role: "tool",
  tool_call_id: call.id,
  content: ModelFacing.reply(outcome, call.function.name, options).text
})

/**
 * @since 0.2.0
 * @category models
 */
export interface OpenAiResponsesOutput {
  type: "function_call_output"
  call_id: string
  output: string
}

/** @internal */
export const toOpenAiResponsesOutput = (
  call: OpenAiResponsesToolCall,
  outcome: ModelFacing.ToolOutcome,
  options?: ModelFacing.ResultOptions
): OpenAiResponsesOutput => ({
  type: "function_call_output",
  call_id: call.call_id,
  output: ModelFacing.reply(outcome, call.name, options).text
})

/**
 * @since 0.2.0
 * @category models
 */
export interface AnthropicToolResult {
  type: "tool_result"
  tool_use_id: string
  content: string
  is_error: boolean
}

/** @internal */
export const toAnthropicToolResult = (
  call: AnthropicToolUse,
  outcome: ModelFacing.ToolOutcome,
  options?: ModelFacing.ResultOptions
): AnthropicToolResult => {
  const reply = ModelFacing.reply(outcome, call.name, options)
  return { type: "tool_result", tool_use_id: call.id, content: reply.text, is_error: reply._tag === "Failure" }
}

/**
 * A Gemini `Part` carrying a `functionResponse`: `{ output }` on success — the model's view of the
 * result (docs/results.md): the shaped JSON value, or the text of any other body — and `{ error }`
 * on failure, the keys Gemini's documentation suggests.
 *
 * @since 0.2.0
 * @category models
 */
export interface GeminiFunctionResponsePart {
  functionResponse: { id?: string; name: string; response: Record<string, unknown> }
}

/** @internal */
export const toGeminiFunctionResponse = (
  call: GeminiFunctionCall,
  outcome: ModelFacing.ToolOutcome,
  options?: ModelFacing.ResultOptions
): GeminiFunctionResponsePart => {
  const name = call.name ?? "(unnamed)"
  const reply = ModelFacing.reply(outcome, name, options)
  // The same view every provider gets, as a value.
  const response = reply._tag === "Success"
    ? { output: Shape.valueOf(reply.model) }
    : { error: reply.text }
  return { functionResponse: { ...(call.id === undefined ? {} : { id: call.id }), name, response } }
}
