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
import { type BodyKind, describeBinary, kindOf } from "./body.js"
import { type EffectiveBudget, type TokenCounter, withinTokens } from "./budget.js"
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
  /** The body as received. */
  readonly body: Uint8Array
  /** What the application gets: parsed JSON (after responseMappings), or the text of the body. */
  readonly data: unknown
  /** The parsed JSON body before responseMappings (for pages); undefined for other bodies. */
  readonly json?: unknown
  /** The URL the request went to (compared, never shown). */
  readonly requestUrl?: string | undefined
  /** The model's arguments, as checked. */
  readonly args: Readonly<Record<string, unknown>>
}

/** @internal */
export interface ShapeOptions {
  readonly budget: EffectiveBudget
  readonly countTokens?: TokenCounter | undefined
  readonly tool: PagingTool
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
  readonly kind: BodyKind
  /** What was cut; undefined when `text` holds everything the model asked for. */
  readonly truncated: Truncation | undefined
  /** A next page, if the response says so (also when the model is told it cannot fetch it). */
  readonly nextPage: NextPage | undefined
  /** `text`'s length. */
  readonly chars: number
  /** `text`'s tokens, when the budget counts tokens. */
  readonly tokens: number | undefined
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
  const page = nextPage(
    { headers: input.headers, body: input.json ?? (typeof input.data === "string" ? undefined : input.data), requestUrl: input.requestUrl, args: input.args },
    tool
  )
  const finish = (kind: BodyKind, render: (maxChars: number) => { text: string; truncated: Truncation | undefined }) => {
    let truncated: Truncation | undefined
    const fitted = withinTokens((maxChars) => {
      const rendered = render(maxChars)
      truncated = rendered.truncated
      return rendered.text
    }, budget, countTokens)
    return { text: fitted.text, kind, truncated, nextPage: page, chars: fitted.text.length, tokens: fitted.tokens }
  }

  if (input.data === undefined) {
    return finish("text", () => ({ text: `HTTP ${input.status} (no content)`, truncated: undefined }))
  }

  if (typeof input.data !== "string") {
    let value: unknown = input.data
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
    if (page !== undefined) notes.push(pageNote(page, tool))
    const fullChars = options.fields === undefined && input.json === input.data ? input.body.length : undefined
    return finish("json", (maxChars) => {
      const shrunk = shrink(value, { maxChars, fullChars, notes, watch })
      return { text: shrunk.text, truncated: shrunk.cut === undefined ? undefined : { _tag: "Json", cut: shrunk.cut } }
    })
  }

  const kind = kindOf(input.headers["content-type"], input.body)
  const pageText = (short: boolean) => (page === undefined ? undefined : describeNextPage(page, tool, undefined, short))
  if (kind === "binary") {
    return finish("binary", (maxChars) => ({
      text: clipText(describeBinary(input.headers["content-type"], input.body.length), maxChars, textNotes([pageText(true)])).text,
      truncated: undefined
    }))
  }
  let text = input.data
  let converted: string | undefined
  if (kind === "html") {
    const conversion = htmlToMarkdown(text, { maxInputChars: MAX_HTML_CHARS })
    if (conversion._tag === "Converted") {
      text = conversion.markdown
      if (conversion.inputCut) {
        converted = `This is Markdown of the first ${MAX_HTML_CHARS} characters of an HTML page of ${input.data.length}.`
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

/** Whether `list` is `value` or one of its members (where a page's list sits in a response). */
const holds = (value: unknown, list: ReadonlyArray<unknown>): boolean =>
  value === list ||
  (typeof value === "object" && value !== null && !Array.isArray(value) &&
    Object.values(value as Record<string, unknown>).includes(list))
