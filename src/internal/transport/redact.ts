/**
 * Redacting secrets (the credential, resolved values) that a server echoes back in an error body,
 * in every encoding servers actually use: raw; JSON-escaped, with `\/` (PHP) or `\u00XX` escapes
 * (Go); percent-encoded in either case, `+` for space (.NET, form encoding); inside a URL inside
 * JSON; base64 and base64url (padded or not, also at any alignment inside a longer base64 text,
 * as in `Basic base64(user:token)`); hex.
 *
 * Rather than list every spelling (a server may escape any subset of characters), the text is
 * decoded into a few views — JSON-unescaped, percent-decoded, both — each remembering where its
 * characters came from; a secret found in any view redacts the original characters it came from.
 * Every view is one linear pass.
 */

/** @internal */
export const REDACTED = "<redacted>"

/** A decoded text; its i-th character came from `source[from[i], to[i])`. */
interface View {
  readonly text: string
  readonly from: ReadonlyArray<number>
  readonly to: ReadonlyArray<number>
}

const identity = (text: string): View => {
  const from: Array<number> = []
  const to: Array<number> = []
  for (let i = 0; i < text.length; i++) {
    from.push(i)
    to.push(i + 1)
  }
  return { text, from, to }
}

const JSON_SIMPLE: Readonly<Record<string, string>> = {
  "\"": "\"",
  "\\": "\\",
  "/": "/",
  b: "\b",
  f: "\f",
  n: "\n",
  r: "\r",
  t: "\t"
}
const HEX4 = /^[0-9A-Fa-f]{4}$/
const HEX2 = /^[0-9A-Fa-f]{2}$/

/** JSON string escapes undone: `\/`, `\"`, `\uXXXX`, …; anything else kept as it is. */
const jsonUnescaped = (view: View): View => {
  const { text } = view
  let out = ""
  const from: Array<number> = []
  const to: Array<number> = []
  for (let i = 0; i < text.length;) {
    let char = text[i]!
    let width = 1
    if (char === "\\" && i + 1 < text.length) {
      const next = text[i + 1]!
      const simple = JSON_SIMPLE[next]
      if (simple !== undefined) {
        char = simple
        width = 2
      } else if (next === "u" && HEX4.test(text.slice(i + 2, i + 6))) {
        char = String.fromCharCode(parseInt(text.slice(i + 2, i + 6), 16))
        width = 6
      }
    }
    out += char
    from.push(view.from[i]!)
    to.push(view.to[i + width - 1]!)
    i += width
  }
  return { text: out, from, to }
}

const utf8 = new TextEncoder()

/** UTF-8 bytes as a string of one character per byte: how percent-decoded text is compared. */
const bytesOf = (text: string): string => {
  let out = ""
  for (const byte of utf8.encode(text)) out += String.fromCharCode(byte)
  return out
}

/** Percent-escapes undone into bytes (`+` as a space when `plus`); other characters as their UTF-8 bytes. */
const percentDecoded = (view: View, plus: boolean): View => {
  const { text } = view
  let out = ""
  const from: Array<number> = []
  const to: Array<number> = []
  for (let i = 0; i < text.length;) {
    const char = text[i]!
    if (char === "%" && HEX2.test(text.slice(i + 1, i + 3))) {
      out += String.fromCharCode(parseInt(text.slice(i + 1, i + 3), 16))
      from.push(view.from[i]!)
      to.push(view.to[i + 2]!)
      i += 3
      continue
    }
    // A surrogate pair is one character of two code units.
    const width = text.codePointAt(i)! > 0xffff ? 2 : 1
    const bytes = char === "+" && plus ? " " : bytesOf(text.slice(i, i + width))
    for (let b = 0; b < bytes.length; b++) {
      out += bytes[b]
      from.push(view.from[i]!)
      to.push(view.to[i + width - 1]!)
    }
    i += width
  }
  return { text: out, from, to }
}

/** The base64 text of `bytes` and, for each alignment inside longer data, the characters only the secret decides. */
const base64Forms = (bytes: Buffer): Array<string> => {
  const forms: Array<string> = []
  for (const alphabet of ["base64", "base64url"] as const) {
    const whole = bytes.toString(alphabet)
    forms.push(whole, whole.replace(/=+$/, ""))
    for (let k = 0; k < 3; k++) {
      const encoded = Buffer.concat([Buffer.alloc(k), bytes, Buffer.alloc(2)]).toString(alphabet)
      // Character j covers bits [6j, 6j + 6): keep those entirely inside the secret's bytes.
      const first = Math.ceil((8 * k) / 6)
      const last = Math.floor((8 * (k + bytes.length)) / 6)
      const core = encoded.slice(first, last)
      if (core.length >= 6) forms.push(core)
    }
  }
  forms.push(bytes.toString("hex"), bytes.toString("hex").toUpperCase())
  return forms
}

type Range = readonly [start: number, end: number]

const find = (view: View, needle: string, ranges: Array<Range>): void => {
  if (needle === "") return
  for (let at = view.text.indexOf(needle); at !== -1; at = view.text.indexOf(needle, at + 1)) {
    ranges.push([view.from[at]!, view.to[at + needle.length - 1]!])
  }
}

/**
 * `text` with every echoed form of each secret replaced by `<redacted>`. Callers cut text to
 * length only after redacting, so a secret straddling the cut cannot leak its first characters.
 *
 * @internal
 */
export const redact = (text: string, secrets: ReadonlyArray<string>): string => {
  const wanted = secrets.filter((secret) => secret !== "")
  if (wanted.length === 0 || text === "") return text
  const raw = identity(text)
  const json = jsonUnescaped(raw)
  const views = [json, percentDecoded(raw, false), percentDecoded(raw, true), percentDecoded(json, false), percentDecoded(json, true)]
  const ranges: Array<Range> = []
  for (const secret of wanted) {
    find(raw, secret, ranges)
    find(json, secret, ranges)
    const bytes = bytesOf(secret)
    for (const view of views.slice(1)) find(view, bytes, ranges)
    for (const form of base64Forms(Buffer.from(secret, "utf8"))) find(raw, form, ranges)
  }
  if (ranges.length === 0) return text
  ranges.sort((a, b) => a[0] - b[0])
  let out = ""
  let pos = 0
  for (const [start, end] of ranges) {
    if (end <= pos) continue
    if (start > pos) out += text.slice(pos, start) + REDACTED
    else if (pos === 0 && start === 0) out += REDACTED
    pos = end
  }
  return out + text.slice(pos)
}

/**
 * How many characters of text one character of a secret can take once echoed: a UTF-8 byte
 * percent-encoded inside JSON (`\u0025XX`) is 8, and a character is up to 4 bytes.
 *
 * @internal
 */
export const MAX_EXPANSION = 32
