/**
 * Provider-native deferred loading: the whole tool list goes in the request, but the provider keeps
 * the deferred tools out of the model's context until its own tool search (or ours, answered with
 * tool references) brings them in. The tool definitions are the same model-facing ones as
 * everywhere (a resolver-bound param is in none of them); only the wrapping differs.
 *
 * - Anthropic (Messages API): `defer_loading: true` on each tool and a tool search tool that is
 *   never deferred — the server-side BM25 one (`tool_search_tool_bm25_20251119`), or the
 *   client's own `search_tools` (a search session) answered with `tool_reference` blocks
 *   (`toAnthropicToolReferences`). Claude Opus 4.5 and Sonnet 4.5 and later, per Anthropic's tool
 *   search documentation (launched in beta behind `anthropic-beta: advanced-tool-use-2025-11-20`;
 *   `@anthropic-ai/sdk` 1.14 types it in the main Messages API).
 * - OpenAI (Responses API): a `tool_search` tool and the functions grouped in `namespace` tools
 *   (one per API), each function `defer_loading: true`. The model's `function_call` names the
 *   function by its own name (and its namespace apart), which `execute` reads as it is. GPT-5.4 and
 *   later, per OpenAI's tools guide ("Only gpt-5.4 and later models support tool_search"; `openai`
 *   6.49 types it).
 *
 * Pinned tools (the operator's always-available ones) are sent without `defer_loading`. Omitted
 * tools are left out: the ones a request sends otherwise (a search session's `search_tools`), since
 * both providers refuse a request that names a tool twice.
 */
import type { ModelTool } from "./modelTool.js"
import { type AnthropicTool, copy, type FormatOptions, parametersFor } from "./providers.js"

/**
 * @since 0.2.0
 * @category models
 */
export interface DeferredOptions {
  /** Tools sent without `defer_loading`, by name: always in the model's context. */
  readonly pinned?: ReadonlyArray<string> | undefined
  /**
   * Tools left out, by name: the ones the request sends otherwise (a search session's
   * `search_tools`, say), so that no name goes twice — both providers refuse a repeated tool name.
   */
  readonly omit?: ReadonlyArray<string> | undefined
}

/** The tools to send, those omitted left out. */
const kept = (tools: ReadonlyArray<ModelTool>, options: DeferredOptions | undefined): ReadonlyArray<ModelTool> => {
  const omit = new Set(options?.omit ?? [])
  return omit.size === 0 ? tools : tools.filter((tool) => !omit.has(tool.name))
}

/**
 * Anthropic's server-side tool search (BM25 over names, descriptions and parameters).
 *
 * @since 0.2.0
 * @category models
 */
export interface AnthropicToolSearchTool {
  type: "tool_search_tool_bm25_20251119"
  name: "tool_search_tool_bm25"
}

/**
 * An Anthropic tool with `defer_loading`.
 *
 * @since 0.2.0
 * @category models
 */
export interface AnthropicDeferredTool extends AnthropicTool {
  defer_loading?: boolean
}

/** @internal */
export const toAnthropicDeferredTools = (
  tools: ReadonlyArray<ModelTool>,
  options?: DeferredOptions & {
    /** `"server"` (default): Anthropic's BM25 tool search is added; `"client"`: none is, the list holds the session's `search_tools`. */
    readonly search?: "server" | "client" | undefined
  }
): Array<AnthropicToolSearchTool | AnthropicDeferredTool> => {
  const pinned = new Set(options?.pinned ?? [])
  const deferred = kept(tools, options).map((tool): AnthropicDeferredTool => ({
    name: tool.name,
    description: tool.description,
    input_schema: copy(tool.parameters),
    ...(pinned.has(tool.name) ? {} : { defer_loading: true })
  }))
  return options?.search === "client"
    ? deferred
    : [{ type: "tool_search_tool_bm25_20251119", name: "tool_search_tool_bm25" }, ...deferred]
}

/**
 * A `tool_result` whose content references tools for Anthropic to load: the answer to a
 * client-side search.
 *
 * @since 0.2.0
 * @category models
 */
export interface AnthropicToolReferenceResult {
  type: "tool_result"
  tool_use_id: string
  content: Array<{ type: "tool_reference"; tool_name: string }>
}

/** @internal */
export const toAnthropicToolReferences = (
  call: { readonly id: string },
  names: ReadonlyArray<string>
): AnthropicToolReferenceResult => ({
  type: "tool_result",
  tool_use_id: call.id,
  content: names.map((name) => ({ type: "tool_reference", tool_name: name }))
})

/**
 * A group of tools under one name for OpenAI's Responses API (one API, typically).
 *
 * @since 0.2.0
 * @category models
 */
export interface ToolNamespace {
  readonly name: string
  readonly description: string
  readonly tools: ReadonlyArray<ModelTool>
}

/**
 * OpenAI Responses' `tool_search` tool (executed by OpenAI).
 *
 * @since 0.2.0
 * @category models
 */
export interface OpenAiToolSearchTool {
  type: "tool_search"
}

/**
 * OpenAI Responses' `namespace` tool, its functions deferred.
 *
 * @since 0.2.0
 * @category models
 */
export interface OpenAiNamespaceTool {
  type: "namespace"
  name: string
  description: string
  tools: Array<{
    type: "function"
    name: string
    description: string
    parameters: ReturnType<typeof parametersFor>
    strict: boolean
    defer_loading?: boolean
  }>
}

/** @internal */
export const toOpenAiResponsesDeferredTools = (
  namespaces: ReadonlyArray<ToolNamespace>,
  options?: DeferredOptions & FormatOptions
): Array<OpenAiToolSearchTool | OpenAiNamespaceTool> => {
  const pinned = new Set(options?.pinned ?? [])
  return [
    { type: "tool_search" },
    ...namespaces.map((namespace): OpenAiNamespaceTool => ({
      type: "namespace",
      name: namespace.name,
      description: namespace.description,
      tools: kept(namespace.tools, options).map((tool) => ({
        type: "function",
        name: tool.name,
        description: tool.description,
        parameters: parametersFor(tool, options),
        strict: options?.strict ?? false,
        ...(pinned.has(tool.name) ? {} : { defer_loading: true })
      }))
    }))
  ]
}
