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
 * Tokens of a tool list: the whole (as one request carries it), each tool's share, and the list's
 * own tokens — `total` is the shares plus `overhead`.
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
  /**
   * Each tool's share: what it adds to a request's tool list (a request with the tool alone, less
   * the list's own tokens). Adding a tool to a list costs about its share.
   */
  readonly tools: ReadonlyArray<{ readonly name: string; readonly tokens: number }>
  /**
   * What the list costs once, whatever its tools (OpenAI's namespace around the functions, the
   * brackets and commas of a JSON list): `total` less the shares.
   */
  readonly overhead: number
}

/**
 * How a tool list is counted: in whose format, and for OpenAI whether in strict mode (the schemas
 * `toOpenAiTools(tools, { strict: true })` sends, every property required, `null` allowed for the
 * optional ones: more tokens).
 *
 * @since 0.3.0
 * @category models
 */
export interface CountOptions {
  readonly provider?: TokenProvider | undefined
  /** OpenAI only: count the strict-mode schemas (`rcp tools --format openai-strict`). Default false. */
  readonly strict?: boolean | undefined
}

/**
 * Counts the tokens of a tool list in a provider's format.
 *
 * @since 0.2.0
 * @category constructors
 */
export const count = async (tools: ReadonlyArray<ModelTool>, options?: CountOptions): Promise<ToolTokens> => {
  const provider = options?.provider ?? "openai"
  const { countChatCompletionTokens, countTokens } = await load()
  // Each tool as the provider's request carries it, formatted once, and what a list of them costs.
  if (provider === "openai") {
    const empty = countChatCompletionTokens({ messages: [] })
    const functions = toOpenAiTools(tools, { strict: options?.strict === true }).map((tool) => tool.function)
    return {
      provider,
      encoding: "o200k_base",
      estimate: false,
      ...shared(tools, functions, (list) => countChatCompletionTokens({ messages: [], functions: [...list] }) - empty)
    }
  }
  const counted = provider === "anthropic"
    ? shared(tools, toAnthropicTools(tools), (list) => countTokens(JSON.stringify(list)))
    // Gemini carries every declaration in one `functionDeclarations` list (`toGeminiTools`' one tool).
    : shared(tools, toGeminiTools(tools)[0]?.functionDeclarations ?? [], (list) => countTokens(JSON.stringify([{ functionDeclarations: list }])))
  return { provider, encoding: "o200k_base", estimate: true, ...counted }
}

/**
 * The total of a list of `items` (the tools in a provider's format), each tool's share and the
 * list's own tokens. Those are measured on the first item: a list of it twice costs its share once
 * more than a list of it alone (the functions of OpenAI's rendering, the items of a JSON list, are
 * counted one after another). Counting each tool alone and summing counted them once per tool.
 */
const shared = <A>(
  tools: ReadonlyArray<ModelTool>,
  items: ReadonlyArray<A>,
  listTokens: (list: ReadonlyArray<A>) => number
): Pick<ToolTokens, "total" | "tools" | "overhead"> => {
  const first = items[0]
  if (first === undefined) return { total: 0, tools: [], overhead: 0 }
  const wrapper = 2 * listTokens([first]) - listTokens([first, first])
  const shares = items.map((item, i) => ({ name: tools[i]!.name, tokens: listTokens([item]) - wrapper }))
  const total = listTokens(items)
  return { total, tools: shares, overhead: total - shares.reduce((sum, share) => sum + share.tokens, 0) }
}
