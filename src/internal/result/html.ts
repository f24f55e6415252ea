/**
 * HTML as Markdown, for a model to read: the one converter of the library (turndown), used for an
 * HTML response body and by the OpenAPI import for descriptions written in HTML, so both read alike.
 *
 * Turndown (and the DOM it parses into, domino) is loaded on the first conversion, not with the
 * client: it costs ~60 ms to load and a client that never meets HTML never pays it (the startup
 * test counts what a first call loads). `createRequire` keeps the call synchronous for both callers.
 *
 * Bounded: turndown's cost grows with the square of how deeply elements nest (measured here:
 * 15 KB of `<table><tr><td>` repeated took 3.2 s, 20,000 nested `<div>`s 6.8 s before overflowing
 * the stack). So the input is cut to `maxInputChars` first, and a document whose elements nest more
 * than `MAX_NESTING` deep (counted by a scan of its tags, `nesting`) is not converted: the caller
 * sends it as text instead, which a model reads too. The scan is a guard, not a parser: it may
 * count too deep (elements a browser would close), never too shallow for turndown's recursion.
 */
import { createRequire } from "node:module"

/** Deeper documents are not converted (see the module header). @internal */
export const MAX_NESTING = 100

/** @internal */
export type Conversion =
  | { readonly _tag: "Converted"; readonly markdown: string; readonly inputCut: boolean }
  | { readonly _tag: "NotConverted"; readonly reason: string }

interface Turndown {
  readonly turndown: (html: string) => string
}

let converter: Turndown | undefined

const load = (): Turndown => {
  if (converter === undefined) {
    const require = createRequire(import.meta.url)
    const TurndownService = require("turndown") as new(options: Record<string, unknown>) => Turndown & {
      remove: (tags: Array<string>) => void
    }
    const service = new TurndownService({ headingStyle: "atx", codeBlockStyle: "fenced", bulletListMarker: "-" })
    // Content a reader never sees on the page. (turndown parses its input inside a body, where a
    // `<title>` is an element like any other: removed by name, with `head`.)
    service.remove(["script", "style", "noscript", "template", "svg", "canvas", "iframe", "object", "embed", "head", "title"])
    converter = service
  }
  return converter
}

// Elements that never nest (void) or close themselves when a sibling opens (optional end tags):
// counting them would call ordinary HTML deep.
const FLAT = new Set([
  "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source", "track", "wbr",
  "p", "li", "dt", "dd", "tr", "td", "th", "option", "optgroup", "thead", "tbody", "tfoot", "colgroup", "caption",
  "rb", "rt", "rtc", "rp"
])
// Their content is text to a parser, not tags.
const RAW = new Set(["script", "style", "textarea", "title", "xmp", "plaintext", "noscript", "iframe", "noembed", "noframes"])

// At a `<`: a start or end tag (its attributes end at the next `<` or `>`, so that a stray `<` costs
// one step, not a scan to the end), a comment opening, or a declaration.
const TAG = /<(\/?)([A-Za-z][A-Za-z0-9-]*)[^<>]*?(\/?)>/y

/**
 * How deeply the elements of `html` nest, as its tags say: start tags open, end tags close, void,
 * self-closing and optional-end elements do not count, comments and raw-text content (scripts,
 * styles) are skipped. One pass, linear in the text.
 *
 * @internal
 */
export const nesting = (html: string): number => {
  // Lower-cased only when a raw-text element needs its end found. (Made eagerly, alongside a sticky
  // RegExp test for comments, V8 20 fell into a slow path after a few calls: 1.6 s for 80 KB.)
  let lower: string | undefined
  let depth = 0
  let deepest = 0
  let at = html.indexOf("<")
  while (at !== -1) {
    if (html.startsWith("<!--", at)) {
      const end = html.indexOf("-->", at + 4)
      if (end === -1) break
      at = html.indexOf("<", end + 3)
      continue
    }
    TAG.lastIndex = at
    const match = TAG.exec(html)
    if (match === null) {
      at = html.indexOf("<", at + 1)
      continue
    }
    let next = TAG.lastIndex
    const name = match[2]!.toLowerCase()
    if (match[1] === "/") {
      if (!FLAT.has(name)) depth = Math.max(0, depth - 1)
    } else if (RAW.has(name)) {
      lower ??= html.toLowerCase()
      const end = lower.indexOf(`</${name}`, next)
      if (end === -1) break
      next = end + 2 + name.length
    } else if (!FLAT.has(name) && match[3] !== "/") {
      depth++
      if (depth > deepest) deepest = depth
    }
    at = html.indexOf("<", next)
  }
  return deepest
}

/**
 * Whether a text is HTML rather than prose or Markdown that mentions a `<`: it has a start or end
 * tag of a common element. The OpenAPI import converts only such descriptions (turndown would
 * escape a Markdown description's `*` and `_`).
 *
 * @internal
 */
export const looksLikeHtml = (text: string): boolean =>
  /<\/?(?:p|br|a|b|i|em|strong|code|pre|ul|ol|li|h[1-6]|div|span|table|tr|td|th|blockquote|img|html|body)\b[^>]*>/i
    .test(text)

/**
 * Markdown for `html`, from at most its first `maxInputChars` characters (the rest is not read:
 * `inputCut` says so), or the reason it was not converted.
 *
 * @internal
 */
export const htmlToMarkdown = (html: string, options: { readonly maxInputChars?: number | undefined } = {}): Conversion => {
  const limit = options.maxInputChars ?? Infinity
  const input = html.length > limit ? html.slice(0, limit) : html
  if (nesting(input) > MAX_NESTING) return { _tag: "NotConverted", reason: `its elements nest more than ${MAX_NESTING} deep` }
  try {
    return { _tag: "Converted", markdown: load().turndown(input).trim(), inputCut: input.length < html.length }
  } catch {
    // A document turndown cannot take (its recursion, a DOM it rejects): the caller sends text.
    return { _tag: "NotConverted", reason: "the converter could not read it" }
  }
}
