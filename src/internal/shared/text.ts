/**
 * Text about untrusted values, shared so that every message treats them alike: name a value by its
 * kind, never its content; cut text that goes into a message; make text from a manifest or a server
 * safe to print. A leaf: it imports nothing.
 */

/**
 * How a value is named in a message: its kind, never its content (a message may reach a model, a
 * log or an operator; the value may be a secret, or a megabyte). Never calls `String(object)`,
 * which throws on JSON like `{"toString": 1}`.
 *
 * @internal
 */
export const describeValue = (u: unknown): string =>
  u === null
    ? "null"
    : u === undefined
    ? "an undefined value"
    : Array.isArray(u)
    ? "an array"
    : typeof u === "object"
    ? "an object"
    : typeof u === "number" && !Number.isFinite(u)
    ? "a non-finite number"
    : `a ${typeof u}`

/**
 * A thrown value's message, or `fallback` when it is not an `Error`.
 *
 * @internal
 */
export const messageOf = (cause: unknown, fallback: string): string => {
  // Reading `message` may itself throw (a getter, a Proxy): the fallback then.
  try {
    return cause instanceof Error ? String(cause.message) : fallback
  } catch {
    return fallback
  }
}

/**
 * Text for a message, cut to `max` characters (UTF-16 units) — never between the two halves of a
 * surrogate pair, which would leave a lone half.
 *
 * @internal
 */
export const clip = (text: string, max = 40): string => {
  if (text.length <= max) return text
  const code = text.charCodeAt(max - 1)
  const end = code >= 0xd800 && code <= 0xdbff ? max - 1 : max
  return `${text.slice(0, end)}…`
}

const SHORT_ESCAPES: Readonly<Record<string, string>> = { "\n": "\\n", "\r": "\\r", "\t": "\\t" }

/**
 * What a reader of a message cannot see as it is: C0 and C1 controls and DEL (`\p{Cc}`), the
 * Unicode line and paragraph separators, every default-ignorable character and bidi control
 * (zero-width characters, overrides, isolates, variation selectors, tag characters), and a lone
 * surrogate.
 */
const UNSAFE = /[\p{Cc}\u2028\u2029\p{Default_Ignorable_Code_Point}\p{Bidi_Control}]|\p{Surrogate}/gu

const UNSAFE_ONE = /[\p{Cc}\u2028\u2029\p{Default_Ignorable_Code_Point}\p{Bidi_Control}]|\p{Surrogate}/u

/**
 * Whether `text` holds a character `escapeControls` would escape: for fields that must not hold
 * one at all (a tool's tags, docs/protocol.md §8), rather than have it escaped where it is shown.
 *
 * @internal
 */
export const hasUnsafeCharacters = (text: string): boolean => UNSAFE_ONE.test(text)

const escapeOne = (c: string): string => {
  const short = SHORT_ESCAPES[c]
  if (short !== undefined) return short
  const code = c.codePointAt(0)!
  return code > 0xffff ? `\\u{${code.toString(16)}}` : `\\u${code.toString(16).padStart(4, "0")}`
}

/**
 * The one escaping rule for text from a manifest, a lock file, an OpenAPI document, a server or a
 * model before it reaches a message or a terminal: everything `UNSAFE` names written as an escape
 * (`\u001b`, `\u202e`, `\u{e0041}`), so that it can neither drive a terminal (ESC, OSC, CSI), nor
 * forge a line of a log or of `rcp describe`, nor hide or reorder what the reader sees.
 *
 * @internal
 */
export const escapeControls = (text: string): string => text.replace(UNSAFE, escapeOne)

/**
 * `UNSAFE` but for U+0000–U+001F: inside a string `JSON.stringify` has escaped those already, and
 * outside one they are its own line breaks (`space`), which must stay.
 */
const UNSAFE_IN_JSON = /[\u007f-\u009f\u2028\u2029\p{Default_Ignorable_Code_Point}\p{Bidi_Control}]|\p{Surrogate}/gu

/** A character of `UNSAFE` as JSON writes it: `\uXXXX`, an astral one as its surrogate pair. */
const jsonEscape = (c: string): string => {
  let out = ""
  for (let i = 0; i < c.length; i++) out += `\\u${c.charCodeAt(i).toString(16).padStart(4, "0")}`
  return out
}

/**
 * `JSON.stringify(value, null, space)` with the rule of `escapeControls` applied inside its
 * strings: `JSON.stringify` escapes only U+0000–U+001F (and lone surrogates), leaving DEL, the C1
 * controls (U+009B is CSI to many terminals), line separators, bidi controls and default-ignorable
 * characters raw. Outside strings JSON has no such character, so writing each as a `\u` escape
 * keeps the same JSON value: `JSON.parse` of the result equals `JSON.parse` of `JSON.stringify`'s.
 *
 * @internal
 */
export const stringifyJson = (value: unknown, space?: number): string =>
  (JSON.stringify(value, null, space) as string | undefined ?? "undefined").replace(UNSAFE_IN_JSON, jsonEscape)

/**
 * Untrusted text as a message quotes it: cut to `max` characters, then escaped (`escapeControls`).
 * Cut first, so that an escape is never cut in half.
 *
 * @internal
 */
export const shown = (text: string, max = 80): string => escapeControls(clip(text, max))

/**
 * The most a message meant for a model may hold, in characters (UTF-16 units): a model reads every
 * character of it, on every turn it stays in the conversation, and a hostile input (thousands of
 * unknown keys, a huge error body) must not turn one failed call into a 500 KB prompt.
 *
 * @internal
 */
export const MODEL_MESSAGE_MAX = 2048

/**
 * `text` within `max` characters: as it is, or cut — never inside a surrogate pair — with the
 * count of what was left out.
 *
 * @internal
 */
export const capText = (text: string, max = MODEL_MESSAGE_MAX): string => {
  if (text.length <= max) return text
  const note = (n: number) => `… (${n} more characters left out)`
  // The note's own length depends on the count; the longest count it can show is text.length.
  let end = max - note(text.length).length
  const code = text.charCodeAt(end - 1)
  if (code >= 0xd800 && code <= 0xdbff) end--
  return `${text.slice(0, end)}${note(text.length - end)}`
}

/**
 * `head`, then one `- line` per line while the whole stays within `max` characters; the lines
 * that do not fit are counted instead of shown. A line too long on its own is cut (`capText`).
 *
 * @internal
 */
export const capLines = (head: string, lines: ReadonlyArray<string>, max = MODEL_MESSAGE_MAX): string => {
  // Room kept for the count, so that the message with it still fits.
  const budget = max - 40
  let out = head
  for (let i = 0; i < lines.length; i++) {
    const line = `\n- ${capText(lines[i]!, Math.max(80, budget - head.length - 3))}`
    if (out.length + line.length > budget) {
      return `${out}\n- … and ${lines.length - i} more problem(s) left out`
    }
    out += line
  }
  return out
}
