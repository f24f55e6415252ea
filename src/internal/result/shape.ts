/**
 * What the model sees of a result (docs/results.md): the one function every model-facing path
 * calls — provider result helpers, the AI SDK and @effect/ai adapters, the MCP bridge, `rcp call` —
 * so that all of them send the same text for the same call. The application keeps the full result
 * (`ToolResult`: status, headers, data); this is only the model's view of it.
 *
 * The steps, each its own module:
 *
 * 1. the body's kind (`body.ts`): JSON, HTML, text or binary;
 * 2. JSON: the model's `fields` (`fields.ts`), then shrinking to the budget (`shrink.ts`);
 *    HTML: Markdown (`html.ts`), then clipped like text (`text.ts`); binary: described, never sent;
 * 3. a next page (`pages.ts`), as a note naming the tool's own params;
 * 4. the budget (`budget.ts`): characters, or tokens counted by the caller's tokenizer.
 */
import { type BodyKind, describeBinary } from "./body.js"
import { effective, type EffectiveBudget, type ResultBudget, type TokenCounter, withinTokens } from "./budget.js"
import * as Fields from "./fields.js"
import { htmlToMarkdown } from "./html.js"
import { describeNextPage, type NextPage, nextPage, type PagingTool } from "./pages.js"
import { type Cut, fixedNote, type Note, shrink } from "./shrink.js"
import { clipText } from "./text.js"

/** The most HTML converted: turndown reads ~250 KB/s here, so this bounds a conversion near 100 ms. @internal */
export const MAX_HTML_CHARS = 32_768

/**
 * A result as the client holds it, with what shaping needs besides `data`.
 *
 * @internal
 */
export interface ShapeInput {
  readonly status: number
  /** Lower-cased names. */
  readonly headers: Readonly<Record<string, string | undefined>>
  /**
   * What the application gets (`body.ts` `read`, then responseMappings): parsed JSON, the text of a
   * text or HTML body, the bytes of a binary one; undefined or empty for no content.
   */
  readonly data: unknown
  /** The body's kind as read (`body.ts`); without it a string is plain text. */
  readonly kind?: BodyKind | undefined
  /** The parsed JSON body before responseMappings (for pages); undefined for other bodies. */
  readonly json?: unknown
  /** The JSON body's text length in characters, when `data` is that body as it came (no mappings). */
  readonly fullChars?: number | undefined
  /** The URL the request went to, without the credential (compared, never shown). */
  readonly requestUrl?: string | undefined
  /** The model's arguments, as checked. */
  readonly args: Readonly<Record<string, unknown>>
}

/** @internal */
export interface ShapeOptions {
  readonly budget: EffectiveBudget
  readonly countTokens?: TokenCounter | undefined
  /** The tool that was called, for a next page's note; undefined: no pages are looked for. */
  readonly tool?: PagingTool | undefined
  /** The model's `fields`, parsed (`Fields.parse`); undefined for the whole result. */
  readonly fields?: Fields.Selection | undefined
}

/**
 * What was cut of a result, for the application (the model reads the same in the `truncated` note).
 *
 * @since 0.2.0
 * @category models
 */
export type Truncation =
  | { readonly _tag: "Json"; readonly cut: Cut }
  | { readonly _tag: "Text"; readonly omittedChars: number; readonly fullChars: number }

/**
 * The model's view of one result.
 *
 * @since 0.2.0
 * @category models
 */
export interface ModelResult {
  /** What the model reads. */
  readonly text: string
  /** The body's kind; `"text"` for no content. */
  readonly kind: BodyKind
  /** What was cut; undefined when `text` holds everything the model asked for. */
  readonly truncated: Truncation | undefined
  /** A next page, if the response says so (also when the model is told it cannot fetch it). */
  readonly nextPage: NextPage | undefined
  /** `text`'s length. */
  readonly chars: number
  /** `text`'s tokens, when the budget counts tokens. */
  readonly tokens: number | undefined
  /** The budget `text` was fitted to, and the level that set it. */
  readonly budget: EffectiveBudget
}

/** The page note, its text following how many of the page's items the model saw. */
const pageNote = (page: NextPage, tool: PagingTool): Note => {
  const text = (shown: number | undefined) => describeNextPage(page, tool, shown)
  const short = (shown: number | undefined) => describeNextPage(page, tool, shown, true)
  const total = page.list?.length ?? 0
  // The longest the text can be: the most digits of "you saw N", or Stripe's next page named by
  // the item with the longest id (what `describeNextPage` continues after).
  const candidates = [undefined, total > 0 ? total - 1 : undefined]
  if (page.source === "has_more" && page.list !== undefined) {
    let longest = 0
    let length = -1
    page.list.forEach((item, i) => {
      const id = typeof item === "object" && item !== null ? (item as { readonly id?: unknown }).id : undefined
      if (typeof id === "string" && id.length > length) {
        longest = i
        length = id.length
      }
    })
    candidates.push(longest + 1)
  }
  const reserveOf = (render: (shown: number | undefined) => string) =>
    Math.max(...candidates.map((shown) => JSON.stringify(render(shown)).length))
  return { key: "nextPage", text, reserve: reserveOf(text), short: { text: short, reserve: reserveOf(short) } }
}

const textNotes = (notes: ReadonlyArray<string | undefined>): Array<string> => notes.filter((note) => note !== undefined)

/**
 * The model's view of a result within the budget.
 *
 * @internal
 */
export const shape = (input: ShapeInput, options: ShapeOptions): ModelResult => {
  const { budget, countTokens, tool } = options
  const data = input.data
  const page = tool === undefined
    ? undefined
    : nextPage({ headers: input.headers, body: input.json ?? (isJson(data) ? data : undefined), requestUrl: input.requestUrl, args: input.args }, tool)
  const finish = (kind: BodyKind, render: (maxChars: number) => { text: string; truncated: Truncation | undefined }) => {
    let truncated: Truncation | undefined
    const fitted = withinTokens((maxChars) => {
      const rendered = render(maxChars)
      truncated = rendered.truncated
      return rendered.text
    }, budget, countTokens)
    return { text: fitted.text, kind, truncated, nextPage: page, chars: fitted.text.length, tokens: fitted.tokens, budget }
  }

  if (data === undefined || data === "" || (data instanceof Uint8Array && data.length === 0)) {
    return finish("text", () => ({ text: `HTTP ${input.status} (no content)`, truncated: undefined }))
  }

  const pageText = (short: boolean) => (page === undefined || tool === undefined ? undefined : describeNextPage(page, tool, undefined, short))
  if (data instanceof Uint8Array) {
    return finish("binary", (maxChars) => ({
      text: clipText(describeBinary(input.headers["content-type"], data.length), maxChars, textNotes([pageText(true)])).text,
      truncated: undefined
    }))
  }

  if (typeof data !== "string") {
    let value: unknown = data
    let watch = page?.list
    const notes: Array<Note> = []
    if (options.fields !== undefined) {
      const projected = Fields.project(options.fields, value)
      value = projected.value
      watch = watch === undefined ? undefined : projected.counterpart(watch)
      const missing = Fields.describeMissing(projected.missing)
      if (missing !== undefined) notes.push(fixedNote("fields", missing))
    }
    // The page's list is followed only where the model's value holds it (not after mappings).
    if (watch !== undefined && !holds(value, watch)) watch = undefined
    if (page !== undefined && tool !== undefined) notes.push(pageNote(page, tool))
    // The note's "it had N" counts characters of the body, and only of the value the model would
    // otherwise have got whole (not a projection, not a mapping's).
    const fullChars = options.fields === undefined ? input.fullChars : undefined
    return finish("json", (maxChars) => {
      const shrunk = shrink(value, { maxChars, fullChars, notes, watch })
      return { text: shrunk.text, truncated: shrunk.cut === undefined ? undefined : { _tag: "Json", cut: shrunk.cut } }
    })
  }

  const kind = input.kind === "html" ? "html" : "text"
  let text = data
  let converted: string | undefined
  if (kind === "html") {
    const conversion = htmlToMarkdown(text, { maxInputChars: MAX_HTML_CHARS })
    if (conversion._tag === "Converted") {
      text = conversion.markdown
      if (conversion.inputCut) {
        converted = `This is Markdown of the first ${MAX_HTML_CHARS} characters of an HTML page of ${data.length}.`
      }
    } else {
      converted = `This HTML page is shown as it came: ${conversion.reason}.`
    }
  }
  const fullChars = text.length
  return finish(kind, (maxChars) => {
    const clipped = clipText(text, maxChars, textNotes([converted, pageText(false)]))
    return {
      text: clipped.text,
      truncated: clipped.omitted === 0 ? undefined : { _tag: "Text", omittedChars: clipped.omitted, fullChars }
    }
  })
}

/**
 * A result as every model-facing helper reads it: one `execute` returned (its `model`, shaped to
 * the call's budget with the tool's pages and the model's fields), or one built by hand
 * (`{ status, data }`), shaped here — with `budget`, else the default — and without pages, since
 * nothing says which tool it came from.
 *
 * @internal
 */
export const forResult = (
  result: { readonly status: number; readonly data: unknown; readonly model?: ModelResult | undefined },
  budget?: ResultBudget | undefined
): ModelResult =>
  result.model ?? shape({ status: result.status, headers: NO_HEADERS, data: result.data, args: NO_ARGS }, { budget: effective({ call: budget }) })

/**
 * The model's view as a value, for a format that takes one (Gemini's `output`, the AI SDK's
 * `json` output, @effect/ai's encoded result): the shaped JSON parsed — `text` of a JSON body is
 * always valid JSON, notes included — or the text of any other body. Serialised again, it is the
 * same text every provider gets.
 *
 * @internal
 */
export const valueOf = (model: ModelResult): unknown => model.kind === "json" ? JSON.parse(model.text) as unknown : model.text

const NO_HEADERS: Readonly<Record<string, string | undefined>> = {}
const NO_ARGS: Readonly<Record<string, unknown>> = {}

/** A value that came as JSON (not text, bytes or nothing). */
const isJson = (data: unknown): boolean => data !== undefined && typeof data !== "string" && !(data instanceof Uint8Array)

/** Whether `list` is `value` or one of its members (where a page's list sits in a response). */
const holds = (value: unknown, list: ReadonlyArray<unknown>): boolean =>
  value === list ||
  (typeof value === "object" && value !== null && !Array.isArray(value) &&
    Object.values(value as Record<string, unknown>).includes(list))
