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

/** The provider whose request a `--format` is part of (`json`: OpenAI's, the most common). */
const providerOf = (format: string): Client.TokenProvider =>
  format === "anthropic" ? "anthropic" : format === "gemini" ? "gemini" : "openai"

/** The tools' tokens in a provider's request, counted by the core (the tokenizer loads on the first count). @internal */
export const countTokens = (format: string, tools: ReadonlyArray<Client.ModelTool>): Effect.Effect<Client.ToolTokens> =>
  Effect.promise(() => Client.countToolTokens(tools, { provider: providerOf(format) }))

/** Each tool's count, the total, and what counted them: the lines `rcp tools --tokens` and `rcp describe --tokens` print. @internal */
export const tokenLines = (counted: Client.ToolTokens): Array<string> => {
  const width = Math.max(5, ...counted.tools.map((tool) => escapeControls(tool.name).length))
  return [
    ...counted.tools.map((tool) => `${escapeControls(tool.name).padEnd(width)}  ${tool.tokens}`),
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
