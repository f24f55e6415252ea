/**
 * `rcp tools --tokens` and `rcp describe --tokens`: what the tool list costs in a request of the format's provider, counted by
 * the core's `countToolTokens` (gpt-tokenizer, o200k_base: exact for OpenAI's formats, an estimate
 * for Anthropic and Gemini, whose tokenizers are not published). Kept apart from the command's
 * flags so the parsing can change without touching it.
 */
import * as Effect from "effect/Effect"
import * as Client from "rcp-sdk/client"
import { escapeControls } from "rcp-sdk/manifest"
import type { Output } from "./output.js"

/**
 * How a `--format`'s request is counted: its provider (`json`: OpenAI's, the most common), and for
 * `openai-strict` the strict-mode schemas it prints. `openai-responses` sends the same functions as
 * `openai` (the Responses API renders them for the model as Chat Completions does), not strict.
 */
const countOptionsOf = (format: string): Client.TokenCountOptions =>
  format === "anthropic" || format === "gemini"
    ? { provider: format }
    : { provider: "openai", strict: format === "openai-strict" }

/** The tools' tokens in a provider's request, counted by the core (the tokenizer loads on the first count). @internal */
export const countTokens = (format: string, tools: ReadonlyArray<Client.ModelTool>): Effect.Effect<Client.ToolTokens> =>
  Effect.promise(() => Client.countToolTokens(tools, countOptionsOf(format)))

/**
 * Each tool's share, the list's own tokens (a row no tool can be named: a tool name has no
 * parenthesis), the total — their sum — and what counted them: the lines `rcp tools --tokens` and
 * `rcp describe --tokens` print.
 *
 * @internal
 */
export const tokenLines = (counted: Client.ToolTokens): Array<string> => {
  const width = Math.max(6, ...counted.tools.map((tool) => escapeControls(tool.name).length))
  return [
    ...counted.tools.map((tool) => `${escapeControls(tool.name).padEnd(width)}  ${tool.tokens}`),
    `${"(list)".padEnd(width)}  ${counted.overhead}`,
    `${"total".padEnd(width)}  ${counted.total}`,
    `${counted.tools.length} tools, ${counted.provider} format, ${counted.encoding}${
      counted.estimate ? " (an estimate: the provider's tokenizer is not published)" : ""
    }`
  ]
}

/** @internal */
export const printTokens = (
  io: Output,
  format: string,
  tools: ReadonlyArray<Client.ModelTool>,
  json: boolean,
  warnings: ReadonlyArray<string>
): Effect.Effect<void> =>
  Effect.flatMap(countTokens(format, tools), (counted) =>
    json
      ? io.json({ format, ...counted, warnings })
      : Effect.forEach(tokenLines(counted), io.out, { discard: true }))
