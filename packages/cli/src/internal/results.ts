/**
 * What a model reads of a result, from the command line (docs/results.md): the budget flags of
 * `rcp call` and `rcp mcp` (`--max-result-chars`, `--max-result-tokens`), and `rcp call`'s
 * `--as-model` (print the model's view instead of the whole data) and `--fields` (ask, as the model
 * would, for parts of the result only). The flags are declared here and read here, so a command
 * only spreads them and hands their values over.
 */
import * as Effect from "effect/Effect"
import type * as Client from "rcp-sdk/client"
import type * as Manifest from "rcp-sdk/manifest"
import * as Result from "rcp-sdk/result"
import type { OptionSpec, Values } from "./command.js"
import { UsageError } from "./errors.js"
import { clip } from "./text.js"

/** The budget flags (`rcp call`, `rcp mcp`). @internal */
export const budgetOptions = {
  "max-result-chars": {
    type: "string",
    value: "N",
    description: `The most characters of a result the model reads (default ${Result.DEFAULT_MAX_RESULT_CHARS})`
  },
  "max-result-tokens": { type: "string", value: "N", description: "The most tokens (o200k) of a result the model reads" }
} as const satisfies Record<string, OptionSpec>

/** `rcp call`'s flags for what the model reads: the budget, `--as-model`, `--fields`. @internal */
export const modelViewOptions = {
  ...budgetOptions,
  "as-model": { type: "boolean", description: "Print what the model reads of the result (its view, within the budget)" },
  fields: {
    type: "string",
    multiple: true,
    value: "PATH",
    description: "A part of the result the model asks for, as its `fields` argument, e.g. @items[*].id; with --as-model"
  }
} as const satisfies Record<string, OptionSpec>

/** A whole number of at least `min` (the client's floor for the budget), or the usage error that says so. */
const whole = (flag: string, text: string, min: number, command: string): Effect.Effect<number, UsageError> => {
  const usage = (message: string) => Effect.fail(new UsageError({ message, command }))
  if (!/^[0-9]{1,9}$/.test(text)) return usage(`--${flag} takes a whole number, got ${JSON.stringify(clip(text, 20))}`)
  const value = Number(text)
  return value >= min ? Effect.succeed(value) : usage(`--${flag} must be at least ${min}: room for a note and a value`)
}

/**
 * The budget the flags give, held to the client's floors; empty when neither is given, so the
 * client's default holds.
 *
 * @internal
 */
export const budgetOf = (
  options: Values<typeof budgetOptions>,
  command: string
): Effect.Effect<Result.ResultBudget, UsageError> =>
  Effect.gen(function*() {
    const chars = options["max-result-chars"]
    const tokens = options["max-result-tokens"]
    return {
      ...(chars === undefined ? {} : { maxResultChars: yield* whole("max-result-chars", chars, Result.MIN_RESULT_CHARS, command) }),
      ...(tokens === undefined
        ? {}
        : { maxResultTokens: yield* whole("max-result-tokens", tokens, Result.MIN_RESULT_TOKENS, command) })
    }
  })

/** What `rcp call` does with the model-view flags. @internal */
export interface ModelView {
  /** Print the model's view, not `{ status, data }`. */
  readonly asModel: boolean
  /** The call's budget. */
  readonly budget: Result.ResultBudget
  /** The model's `fields` argument, when given. */
  readonly fields: ReadonlyArray<string> | undefined
}

/**
 * The model-view flags read: the budget and `--fields` shape only what the model reads, so they
 * need `--as-model`; and a dry run sends nothing to shape.
 *
 * @internal
 */
export const modelViewOf = (
  options: Values<typeof modelViewOptions> & { readonly "dry-run": boolean }
): Effect.Effect<ModelView, UsageError> =>
  Effect.gen(function*() {
    const usage = (message: string) => new UsageError({ message, command: "call" })
    const budget = yield* budgetOf(options, "call")
    const asModel = options["as-model"]
    const given = [
      ...(options["max-result-chars"] === undefined ? [] : ["--max-result-chars"]),
      ...(options["max-result-tokens"] === undefined ? [] : ["--max-result-tokens"]),
      ...(options.fields.length === 0 ? [] : ["--fields"])
    ]
    if (!asModel && given.length > 0) {
      return yield* usage(`${given.join(" and ")} shape what the model reads of the result: add --as-model to print it`)
    }
    if (asModel && options["dry-run"]) return yield* usage("--as-model prints a result; --dry-run sends nothing")
    return { asModel, budget, fields: options.fields.length === 0 ? undefined : options.fields }
  })

/**
 * The name under which the client offers `tool` the `fields` argument: `fields`, or `rcp_fields`
 * when the tool has a param of its own named `fields` (docs/results.md "Asking for less: fields").
 *
 * @internal
 */
export const fieldsArgument = (model: Client.ModelTool, tool: Manifest.Tool | undefined): string | undefined => {
  const own = new Set(tool?.params.map((param) => param.name) ?? [])
  return ["fields", "rcp_fields"].find((name) => Object.hasOwn(model.parameters.properties, name) && !own.has(name))
}

/** What `--as-model` prints: the status and the model's view of the result, as JSON. @internal */
export const printed = (result: Client.ToolResult) => {
  const { budget, chars, kind, nextPage, text, tokens, truncated } = result.model
  return { status: result.status, text, kind, truncated, nextPage, chars, tokens, budget }
}

/**
 * What `rcp call` prints of a result without `--as-model`: `{ status, data }` as it came, but a
 * binary body — bytes, which JSON would spell as an object of numbers — as its type and size.
 *
 * @internal
 */
export const printedWhole = (result: Client.ToolResult) =>
  result.data instanceof Uint8Array
    ? { status: result.status, data: { binary: true, contentType: result.headers["content-type"], bytes: result.data.length } }
    : result
