/**
 * What a tool list costs in a model's context, counted with the library's one tokenizer
 * (`shared/tokenizer.ts`: `gpt-tokenizer`, OpenAI's o200k_base encoding — GPT-4o, GPT-4.1, GPT-5,
 * o-series), loaded on first use only: a client that never counts never loads its vocabulary.
 *
 * - OpenAI (Chat Completions and Responses): `countChatCompletionTokens` renders the functions the
 *   way OpenAI's models read them (a TypeScript-like namespace, with its per-function overhead):
 *   the count the API bills for the tool definitions, within a few tokens.
 * - Anthropic and Gemini: their tokenizers are not published. The count is o200k_base over the
 *   tool definitions exactly as sent in that provider's format (JSON), an estimate: Claude's
 *   tokenizer usually yields somewhat more tokens for the same text, and Anthropic adds a tool-use
 *   system prompt to every request with tools (a few hundred tokens, per model, in its docs) that
 *   is not included here. Use it to compare tool lists, not to predict a bill to the token.
 */
import type { ModelTool } from "../model/modelTool.js"
import { toAnthropicTools, toGeminiTools, toOpenAiTools } from "../model/providers.js"
import { load } from "../shared/tokenizer.js"

/**
 * The wire format tokens are counted in.
 *
 * @since 0.2.0
 * @category models
 */
export type TokenProvider = "openai" | "anthropic" | "gemini"

/**
 * Tokens of a tool list: the whole (as one request carries it) and each tool's share.
 *
 * @since 0.2.0
 * @category models
 */
export interface ToolTokens {
  readonly provider: TokenProvider
  /** The tokenizer's encoding. */
  readonly encoding: "o200k_base"
  /** True where the provider's own tokenizer is not the one counted with (Anthropic, Gemini). */
  readonly estimate: boolean
  readonly total: number
  readonly tools: ReadonlyArray<{ readonly name: string; readonly tokens: number }>
}

/**
 * Counts the tokens of a tool list in a provider's format.
 *
 * @since 0.2.0
 * @category constructors
 */
export const count = async (
  tools: ReadonlyArray<ModelTool>,
  options?: { readonly provider?: TokenProvider | undefined }
): Promise<ToolTokens> => {
  const provider = options?.provider ?? "openai"
  const { countChatCompletionTokens, countTokens } = await load()
  if (provider === "openai") {
    const functions = toOpenAiTools(tools).map((tool) => tool.function)
    const empty = countChatCompletionTokens({ messages: [] })
    const perTool = functions.map((fn, i) => ({
      name: tools[i]!.name,
      tokens: countChatCompletionTokens({ messages: [], functions: [fn] }) - empty
    }))
    const total = functions.length === 0 ? 0 : countChatCompletionTokens({ messages: [], functions }) - empty
    return { provider, encoding: "o200k_base", estimate: false, total, tools: perTool }
  }
  // Gemini carries every declaration in one `functionDeclarations` list; a tool's share is its declaration.
  const one = (tool: ModelTool): unknown =>
    provider === "anthropic" ? toAnthropicTools([tool])[0] : toGeminiTools([tool])[0]?.functionDeclarations[0]
  const perTool = tools.map((tool) => ({ name: tool.name, tokens: countTokens(JSON.stringify(one(tool))) }))
  const wire: ReadonlyArray<unknown> = provider === "anthropic" ? toAnthropicTools(tools) : toGeminiTools(tools)
  const total = tools.length === 0 ? 0 : countTokens(JSON.stringify(wire))
  return { provider, encoding: "o200k_base", estimate: true, total, tools: perTool }
}
