/**
 * How much of a result the model may read: `maxResultChars` and `maxResultTokens`, settable per
 * client, per API (`discover` option), per tool (a `discover` option keyed by tool name) and per
 * call; the nearest setting wins (docs/results.md "Budgets"). One pure function decides it, so every
 * model-facing path — provider helpers, the AI SDK and @effect/ai adapters, the MCP bridge,
 * `rcp call` — applies the same budget to the same call.
 *
 * The default is 40,000 characters, about 10,000 tokens of JSON or English. Why that figure: a
 * result is one of many in an agent's context, and the contexts in use hold 128k (GPT-4o, o-series),
 * 200k (Claude) to 1M tokens (Gemini) — 10k tokens is under a tenth of the smallest. Hosts draw the
 * line near it: Claude Code warns at 10,000 tokens of MCP output, refuses more than 25,000 by default
 * and writes any result over 50,000 characters to a file instead of the context. A default under
 * all three means a result shaped here reaches the model as it was shaped. An operator who knows
 * better sets it; `Infinity` turns shaping off (the transport's 5 MiB cap still applies).
 *
 * Tokens are counted by a function the caller passes (the client uses the tokenizer of the tool
 * search wing, gpt-tokenizer's o200k encoding): this module only needs a count.
 */
import { MIN_CHARS } from "./shrink.js"

/**
 * A result budget, at any level. Unset means "as the level above"; `Infinity` means no limit.
 *
 * @since 0.2.0
 * @category models
 */
export interface ResultBudget {
  /** Most characters (UTF-16 code units, as `string.length` counts) of a result the model reads. */
  readonly maxResultChars?: number | undefined
  /** Most tokens of a result the model reads, counted by the client's tokenizer. */
  readonly maxResultTokens?: number | undefined
}

/** The default: see the module header. @internal */
export const DEFAULT_MAX_CHARS = 40_000

/** The smallest character budget: room for a note and a value. @internal */
export { MIN_CHARS }

/**
 * The smallest token budget: three times `MIN_CHARS`, because a UTF-16 code unit is at most three
 * UTF-8 bytes and a byte-level tokenizer spends at most a token per byte — so `MIN_CHARS`
 * characters always fit, and the search in `withinTokens` always ends within the budget.
 *
 * @internal
 */
export const MIN_TOKENS = 3 * MIN_CHARS

/**
 * Where a budget was set, most general first.
 *
 * @since 0.2.0
 * @category models
 */
export type BudgetLevel = "client" | "api" | "tool" | "call"

/** @internal */
export type Levels = { readonly [level in BudgetLevel]?: ResultBudget | undefined }

/**
 * The budget in force for one call.
 *
 * @since 0.2.0
 * @category models
 */
export interface EffectiveBudget {
  /** `Infinity` when characters are not limited. */
  readonly maxChars: number
  /** Undefined when tokens are not limited. */
  readonly maxTokens: number | undefined
  /** The level whose setting this is, or `"default"`. */
  readonly from: BudgetLevel | "default"
}

const ORDER: ReadonlyArray<BudgetLevel> = ["call", "tool", "api", "client"]

const isSet = (budget: ResultBudget | undefined): budget is ResultBudget =>
  budget !== undefined && (budget.maxResultChars !== undefined || budget.maxResultTokens !== undefined)

/**
 * The budget of one call: the nearest level that sets either limit decides both (a call that says
 * `maxResultTokens: 2000` means 2,000 tokens, not that *and* the client's characters); none set
 * means the default, 40,000 characters. A level's values are assumed checked (`check`).
 *
 * @internal
 */
export const effective = (levels: Levels): EffectiveBudget => {
  for (const level of ORDER) {
    const budget = levels[level]
    if (isSet(budget)) {
      const tokens = budget.maxResultTokens
      return {
        maxChars: budget.maxResultChars ?? Infinity,
        maxTokens: tokens === undefined || tokens === Infinity ? undefined : tokens,
        from: level
      }
    }
  }
  return { maxChars: DEFAULT_MAX_CHARS, maxTokens: undefined, from: "default" }
}

const checkOne = (name: string, value: unknown, min: number): string | undefined => {
  if (value === undefined || value === Infinity) return undefined
  return typeof value === "number" && Number.isSafeInteger(value) && value >= min
    ? undefined
    : `${name} must be a whole number of at least ${min}, or Infinity for no limit`
}

/**
 * The problems of a budget as an operator wrote it (an options object: not trusted to be typed
 * right), for the error of the option that carries it. Empty when it is usable.
 *
 * @internal
 */
export const check = (budget: unknown): ReadonlyArray<string> => {
  if (budget === undefined) return []
  if (typeof budget !== "object" || budget === null) return ["a result budget must be an object"]
  const { maxResultChars, maxResultTokens } = budget as Record<string, unknown>
  return [
    checkOne("maxResultChars", maxResultChars, MIN_CHARS),
    checkOne("maxResultTokens", maxResultTokens, MIN_TOKENS)
  ].filter((problem) => problem !== undefined)
}

/**
 * Counts the tokens of a text (gpt-tokenizer's `countTokens`, say).
 *
 * @since 0.2.0
 * @category models
 */
export type TokenCounter = (text: string) => number

/** What `withinTokens` found: the text and, when tokens were counted, their number. @internal */
export interface Fitted {
  readonly text: string
  readonly tokens: number | undefined
  /** The character budget the text was rendered for. */
  readonly maxChars: number
}

/** A first guess: JSON and English run near four characters a token in the OpenAI and Claude tokenizers. */
const CHARS_PER_TOKEN = 4
const ATTEMPTS = 4

/**
 * Renders within the effective budget: characters directly; tokens by rendering for a character
 * budget, counting, and rendering again for a budget scaled by what the count showed (at most
 * four times), then — should the text still count too many — for `maxTokens / 3` characters, which
 * a byte-level tokenizer cannot exceed (see `MIN_TOKENS`). Work: at most five renders and counts.
 *
 * @internal
 */
export const withinTokens = (
  render: (maxChars: number) => string,
  budget: EffectiveBudget,
  count: TokenCounter | undefined
): Fitted => {
  const maxTokens = budget.maxTokens
  if (maxTokens === undefined) return { text: render(budget.maxChars), tokens: undefined, maxChars: budget.maxChars }
  if (count === undefined) {
    // Nothing to count with (the client always has a counter; a caller of this function may not):
    // the usual ratio, unverified.
    const chars = Math.max(MIN_CHARS, Math.min(budget.maxChars, maxTokens * CHARS_PER_TOKEN))
    return { text: render(chars), tokens: undefined, maxChars: chars }
  }
  let chars = Math.max(MIN_CHARS, Math.min(budget.maxChars, maxTokens * CHARS_PER_TOKEN))
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const text = render(chars)
    const tokens = count(text)
    if (tokens <= maxTokens) return { text, tokens, maxChars: chars }
    // Scaled by the count, a little under it so that the next try lands inside.
    const next = Math.max(MIN_CHARS, Math.floor((chars * maxTokens * 0.95) / tokens))
    if (next >= chars) break
    chars = next
  }
  chars = Math.max(MIN_CHARS, Math.min(chars, Math.floor(maxTokens / 3)))
  const text = render(chars)
  return { text, tokens: count(text), maxChars: chars }
}
