/**
 * Small helpers about untrusted values, shared so that every message and every check treats them
 * alike: name a value by its kind, never its content; cut text that goes into a message; tell a
 * JSON object from everything else; check a param value's type strictly.
 */
import type * as Manifest from "../Manifest.js"
import type { Value } from "../Resolver.js"

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

/**
 * A JSON object (not an array, not null).
 *
 * @internal
 */
export const isRecord = (u: unknown): u is Record<string, unknown> =>
  typeof u === "object" && u !== null && !Array.isArray(u)

/**
 * Whether `value` has the param's declared type, strictly: `"5"` is not a number, `NaN` is not one.
 *
 * @internal
 */
export const isParamValue = (type: Manifest.ParamType, value: unknown): value is Value =>
  type === "number" ? typeof value === "number" && Number.isFinite(value) : typeof value === type

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

/**
 * A URL as it may be shown — in a message, a warning, a span, a result: without user info
 * (`https://user:pass@host` → `https://host`). Text that does not parse loses anything between
 * `//` and an `@`.
 *
 * @internal
 */
export const withoutUserinfo = (url: string): string => {
  try {
    const parsed = new URL(url)
    if (parsed.username === "" && parsed.password === "") return url
    parsed.username = ""
    parsed.password = ""
    return parsed.toString()
  } catch {
    return url.replace(/\/\/[^/?#@]*@/g, "//")
  }
}

/**
 * A manifest URL as the client keys it — as `URL` spells it, so that `forget`, a second
 * `discover` and a lock find it however the caller wrote it.
 *
 * @internal
 */
export const normalizeUrl = (url: string | URL): string => {
  try {
    return new URL(url).toString()
  } catch {
    return String(url)
  }
}
