/**
 * What the model sees of a result (`rcp-sdk/result`, docs/results.md): the budgets, the model's
 * view of a call's result (`ToolResult.model`) and what it says was cut, the structured output a
 * tool may declare (`outputSchema`, docs/protocol.md §8), and the HTML converter every part of the
 * library uses — response bodies and the OpenAPI import's descriptions alike.
 *
 * The work is in `internal/result/` (shrinking, text, HTML, pages, fields, budgets) and
 * `internal/manifest/outputSchema.ts`; this module declares what a user or a satellite package
 * (the AI SDK and @effect/ai adapters, the MCP bridge, the OpenAPI import) may rely on.
 *
 * @since 0.2.0
 */
import type * as Budget from "./internal/result/budget.js"
import * as Html from "./internal/result/html.js"
import type * as Pages from "./internal/result/pages.js"
import * as Shape from "./internal/result/shape.js"
import type * as Shrink from "./internal/result/shrink.js"
import type * as Body from "./internal/result/body.js"
import * as OutputSchemaInternal from "./internal/manifest/outputSchema.js"
import * as BudgetInternal from "./internal/result/budget.js"

// ---------------------------------------------------------------------------------------------
// Budgets
// ---------------------------------------------------------------------------------------------

/**
 * How much of a result the model may read, at any level — the client's options, `discover`'s (the
 * API, and per tool in `toolResults`), and a call's: the nearest level that sets either limit
 * decides both. Unset means "as the level above"; `Infinity` means no limit. The smallest budgets
 * are `MIN_RESULT_CHARS` and `MIN_RESULT_TOKENS`.
 *
 * @example
 * ```ts
 * import { createRcpClient } from "rcp-sdk/client"
 *
 * const client = createRcpClient({ maxResultChars: 20_000 })
 * export const connect = () =>
 *   client.discover("https://api.example.com/rcp/manifest", {
 *     maxResultTokens: 4_000,
 *     toolResults: { list_orders: { maxResultChars: 60_000, fields: true } }
 *   })
 * ```
 *
 * @since 0.2.0
 * @category models
 */
export type ResultBudget = Budget.ResultBudget

/**
 * Where a budget was set, most general first.
 *
 * @since 0.2.0
 * @category models
 */
export type BudgetLevel = Budget.BudgetLevel

/**
 * The budget in force for one call: `maxChars` (`Infinity` when characters are not limited),
 * `maxTokens` (undefined when tokens are not), and the level that set it (`"default"`: none did).
 *
 * @since 0.2.0
 * @category models
 */
export type EffectiveBudget = Budget.EffectiveBudget

/**
 * The budget when no level sets one: 40,000 characters, about 10,000 tokens of JSON or English
 * (docs/results.md "Budgets" says why).
 *
 * @since 0.2.0
 * @category constants
 */
export const DEFAULT_MAX_RESULT_CHARS: number = BudgetInternal.DEFAULT_MAX_CHARS

/**
 * The smallest `maxResultChars`: room for a note and a value.
 *
 * @since 0.2.0
 * @category constants
 */
export const MIN_RESULT_CHARS: number = BudgetInternal.MIN_CHARS

/**
 * The smallest `maxResultTokens`: three tokens a character of `MIN_RESULT_CHARS`, which no
 * byte-level tokenizer exceeds.
 *
 * @since 0.2.0
 * @category constants
 */
export const MIN_RESULT_TOKENS: number = BudgetInternal.MIN_TOKENS

/**
 * The problems of a budget (an options object, not trusted to be typed right); empty when it is
 * usable. The client runs this on every level it is given.
 *
 * @since 0.2.0
 * @category utils
 */
export const checkBudget: (budget: unknown) => ReadonlyArray<string> = BudgetInternal.check

// ---------------------------------------------------------------------------------------------
// The model's view
// ---------------------------------------------------------------------------------------------

/**
 * What kind of body a response carried: JSON (shrunk as JSON), HTML (as Markdown), text (clipped)
 * or binary (described by type and size, never sent).
 *
 * @since 0.2.0
 * @category models
 */
export type BodyKind = Body.BodyKind

/**
 * The model's view of one result: `text` (what the model reads — valid JSON for a JSON body, within
 * the budget), the body's `kind`, what was cut (`truncated`), a `nextPage` when the response says
 * there is one, its size in `chars` (and `tokens` under a token budget), and the `budget` it was
 * fitted to. `ToolResult.model` holds one for every call.
 *
 * @since 0.2.0
 * @category models
 */
export type ModelResult = Shape.ModelResult

/**
 * What was cut of a result: of JSON, the counts of a `Cut`; of text or HTML, the characters left out.
 *
 * @since 0.2.0
 * @category models
 */
export type Truncation = Shape.Truncation

/**
 * What shrinking cut of a JSON result: items and keys left out, strings clipped, values summarised
 * below a depth, and the size of the full body in characters when it is known.
 *
 * @since 0.2.0
 * @category models
 */
export type Cut = Shrink.Cut

/**
 * A next page, and which of the called tool's own params ask for it (`set`: undefined when none
 * can, `problem` says why). Never a URL.
 *
 * @since 0.2.0
 * @category models
 */
export type NextPage = Pages.NextPage

/**
 * Counts the tokens of a text.
 *
 * @since 0.2.0
 * @category models
 */
export type TokenCounter = Budget.TokenCounter

/**
 * The model's view of a result: a `ToolResult`'s own `model` (shaped to its call's budget, with its
 * tool's pages and the model's `fields`), or — for a result built by hand, `{ status, data }` — the
 * data shaped here, to `budget` (default: 40,000 characters), with no page note. Every provider
 * helper and adapter reads results through this, so a hand-built result is shaped like any other.
 *
 * @example
 * ```ts
 * import * as Result from "rcp-sdk/result"
 *
 * const view = Result.forModel({ status: 200, data: { items: Array.from({ length: 5000 }, (_, id) => ({ id })) } })
 * console.log(view.chars <= 40_000, view.truncated?._tag) // true "Json"
 * ```
 *
 * @since 0.2.0
 * @category conversions
 */
export const forModel: (
  result: { readonly status: number; readonly data: unknown; readonly model?: ModelResult | undefined },
  budget?: ResultBudget | undefined
) => ModelResult = Shape.forResult

/**
 * The model's view as a value, for a format that takes a value rather than text (Gemini's
 * `output`, the AI SDK's `json` tool output, @effect/ai's encoded result): a JSON body's shaped
 * text parsed (always valid JSON, the notes of what was cut included), any other body's text as it
 * is. Serialised again it is the text every provider gets, within the same budget.
 *
 * @example
 * ```ts
 * import * as Result from "rcp-sdk/result"
 *
 * const view = Result.forModel({ status: 200, data: { ok: true } })
 * console.log(Result.modelValue(view)) // { ok: true }
 * ```
 *
 * @since 0.2.0
 * @category conversions
 */
export const modelValue: (view: ModelResult) => unknown = Shape.valueOf

// ---------------------------------------------------------------------------------------------
// Structured output
// ---------------------------------------------------------------------------------------------

/**
 * A tool's output shape: a JSON Schema in the bounded subset of docs/protocol.md §8 (no `$ref`, no
 * `pattern`, at most 16 deep and 64 KiB).
 *
 * @since 0.2.0
 * @category models
 */
export type OutputSchema = OutputSchemaInternal.OutputSchema

/**
 * One problem: where (a path, as in `["outputSchema", "properties", "id"]`, or `"data.items[0]"` for
 * a value) and what.
 *
 * @since 0.2.0
 * @category models
 */
export interface SchemaProblem<Path> {
  readonly path: Path
  readonly message: string
}

/**
 * The problems of a schema declared as an `outputSchema`, at paths under `path`; empty when it is
 * in the subset. A manifest's are checked at validation; an importer checks what it writes.
 *
 * @since 0.2.0
 * @category utils
 */
export const checkOutputSchema: (
  schema: unknown,
  path?: ReadonlyArray<string | number>
) => ReadonlyArray<SchemaProblem<ReadonlyArray<string | number>>> = OutputSchemaInternal.check

/**
 * Whether a value fits an `outputSchema` (one that passes `checkOutputSchema`): `Valid`, `Invalid`
 * with up to ten problems (paths and kinds, never values), or `Unchecked` when the check would
 * take more than a million steps.
 *
 * @since 0.2.0
 * @category models
 */
export type Verdict = OutputSchemaInternal.Verdict

/**
 * Checks a value against an `outputSchema`, in time linear in schema and value (bounded).
 *
 * @since 0.2.0
 * @category utils
 */
export const validateOutput: (schema: OutputSchema, value: unknown, path?: string) => Verdict = OutputSchemaInternal.validate

/**
 * The shape `responseMappings` give a tool's result: an object of the mapped fields, any of which
 * may be missing, each any JSON value. A tool with mappings and no `outputSchema` has this one.
 *
 * @since 0.2.0
 * @category constructors
 */
export const fromMappings: (mappings: { readonly [field: string]: string }) => OutputSchema = OutputSchemaInternal.fromMappings

/**
 * An `outputSchema` as MCP takes it (its `outputSchema` must describe an object): an object schema
 * as it is; any other wrapped as `{ result: … }` (`wrapped: true`), and the result must be wrapped alike.
 *
 * @since 0.2.0
 * @category conversions
 */
export const forMcp: (schema: OutputSchema) => { readonly schema: Record<string, unknown>; readonly wrapped: boolean } =
  OutputSchemaInternal.forMcp

// ---------------------------------------------------------------------------------------------
// HTML
// ---------------------------------------------------------------------------------------------

/**
 * A conversion of HTML: its Markdown (`inputCut` when only the first `maxInputChars` were read), or
 * why it was not converted (elements nested too deep for the converter, a document it rejects).
 *
 * @since 0.2.0
 * @category models
 */
export type Conversion = Html.Conversion

/**
 * HTML as Markdown for a model to read — the library's one converter (turndown, loaded on first
 * use): headings, links, lists and code kept; scripts, styles, `<head>` and `<title>` left out. A
 * document nested more than 100 elements deep is not converted (the converter's cost grows with
 * the square of the depth): send it as text.
 *
 * @example
 * ```ts
 * import * as Result from "rcp-sdk/result"
 *
 * const converted = Result.htmlToMarkdown("<p>Returns the <b>current</b> user.</p>")
 * if (converted._tag === "Converted") console.log(converted.markdown) // Returns the **current** user.
 * ```
 *
 * @since 0.2.0
 * @category conversions
 */
export const htmlToMarkdown: (html: string, options?: { readonly maxInputChars?: number | undefined }) => Conversion =
  Html.htmlToMarkdown

/**
 * Whether a text is HTML rather than prose or Markdown that mentions a `<` — convert only such texts
 * (the converter escapes Markdown's own `*` and `_`).
 *
 * @since 0.2.0
 * @category guards
 */
export const looksLikeHtml: (text: string) => boolean = Html.looksLikeHtml
