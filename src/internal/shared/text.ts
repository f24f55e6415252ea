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
 * Text for a message, cut to `max` characters.
 *
 * @internal
 */
export const clip = (text: string, max = 40): string => (text.length > max ? `${text.slice(0, max)}…` : text)

const SHORT_ESCAPES: Readonly<Record<string, string>> = { "\n": "\\n", "\r": "\\r", "\t": "\\t" }

/**
 * Text from a manifest or a server made safe to print: C0 and C1 controls, DEL and the Unicode
 * line separators written as escapes (`\u001b`), so it can neither drive a terminal (ESC, OSC,
 * CSI) nor forge a line of a log or of `rcp describe`.
 *
 * @internal
 */
export const escapeControls = (text: string): string =>
  text.replace(
    /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g,
    (c) => SHORT_ESCAPES[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`
  )
