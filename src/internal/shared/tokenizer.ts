/**
 * The tokenizer: gpt-tokenizer's o200k_base encoding (GPT-4o, GPT-4.1, GPT-5, the o-series), the
 * one count of tokens in this library — result budgets (`maxResultTokens`, docs/results.md) and,
 * with the tool-search wing, what a tool list costs. Loaded on first use only, by a dynamic import:
 * its vocabulary of 200k tokens takes a second to load on a busy machine, and a client that never
 * counts (no token budget) never pays for it (test/startup.test.ts counts what a first call loads).
 *
 * Why o200k for every provider: Anthropic's and Google's tokenizers are not published; o200k is
 * what the largest share of models count with, and a budget is a bound on context, for which a
 * close count serves (docs/results.md "Budgets" says so).
 *
 * `gpt-tokenizer` is a dependency of the core (main's rule, issue #28: the core has no optional
 * peers): an install always has it, so there is no "tokenizer missing" error to handle.
 */

/** @internal */
export interface Tokenizer {
  readonly countTokens: (text: string) => number
  /**
   * The tokens of a Chat Completions request as OpenAI bills them: its messages and its
   * `functions`, rendered the way OpenAI's models read function definitions (the tool-search wing
   * counts tool lists with it).
   */
  readonly countChatCompletionTokens: (request: {
    readonly messages: ReadonlyArray<{ readonly role: string; readonly content: string }>
    readonly functions?: ReadonlyArray<unknown>
  }) => number
}

let loading: Promise<Tokenizer> | undefined
let ready: Tokenizer | undefined

/**
 * The tokenizer, imported once. The same module (`gpt-tokenizer/model/gpt-4o`) serves the counts
 * of chat requests too, so whoever loads it first loads it for all.
 *
 * @internal
 */
export const load = (): Promise<Tokenizer> =>
  loading ??= import("gpt-tokenizer/model/gpt-4o").then((module) => {
    const chat = module.countChatCompletionTokens
    ready = {
      countTokens: (text) => module.countTokens(text),
      countChatCompletionTokens: (request) => {
        // gpt-4o's model module has the function-calling counter; the check keeps the type honest.
        if (chat === undefined) throw new Error("gpt-tokenizer/model/gpt-4o has no countChatCompletionTokens")
        return chat(request as Parameters<typeof chat>[0])
      }
    }
    return ready
  })

/**
 * The tokenizer once `load` has finished; undefined before (a caller on a synchronous path loads
 * it first).
 *
 * @internal
 */
export const loaded = (): Tokenizer | undefined => ready
