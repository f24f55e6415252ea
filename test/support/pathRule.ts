/**
 * docs/protocol.md §3.4's rules for a value in a URL path segment, written from the text of the
 * rules as an oracle for the tests — never from src/ (the builder's own decoding is
 * `urlTemplate.ts`'s `percentDecode`; nothing here is shared with it).
 *
 * Percent-decoding is the WHATWG URL standard's: the text as UTF-8 bytes, each well-formed `%XX`
 * replaced by its byte, then "UTF-8 decode without BOM" (a malformed sequence becomes U+FFFD, a
 * byte order mark is kept).
 */

/** `fatal: false` (the default): malformed bytes become U+FFFD. `ignoreBOM`: a leading BOM is kept. */
const utf8 = new TextDecoder("utf-8", { ignoreBOM: true })

const PERCENT = 0x25

const hexValue = (byte: number): number => {
  if (byte >= 0x30 && byte <= 0x39) return byte - 0x30
  if (byte >= 0x41 && byte <= 0x46) return byte - 0x41 + 10
  if (byte >= 0x61 && byte <= 0x66) return byte - 0x61 + 10
  return -1
}

/** The WHATWG URL standard's "percent-decode" of a string, read back as UTF-8 without BOM. */
export const percentDecode = (text: string): string => {
  // A lone surrogate has no UTF-8 form: the encoder writes U+FFFD's bytes, as the standard does.
  const input = Buffer.from(text, "utf8")
  const output = new Uint8Array(input.length)
  let length = 0
  for (let i = 0; i < input.length; i++) {
    const byte = input[i]!
    const high = i + 2 < input.length ? hexValue(input[i + 1]!) : -1
    const low = i + 2 < input.length ? hexValue(input[i + 2]!) : -1
    if (byte === PERCENT && high !== -1 && low !== -1) {
      output[length++] = high * 16 + low
      i += 2
    } else {
      output[length++] = byte
    }
  }
  return utf8.decode(output.subarray(0, length))
}

/** docs/protocol.md §3.4: "up to three rounds of decoding". */
export const DECODE_ROUNDS = 3

/** The text as it is, then after each round of decoding that still changes it (three at most). */
export const decodedForms = (text: string): Array<string> => {
  const forms = [text]
  for (let round = 0; round < DECODE_ROUNDS; round++) {
    const next = percentDecode(forms[forms.length - 1]!)
    if (next === forms[forms.length - 1]) break
    forms.push(next)
  }
  return forms
}

/** An unpaired UTF-16 surrogate anywhere in the text. */
export const hasLoneSurrogate = (text: string): boolean => {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = text.charCodeAt(i + 1)
      if (next >= 0xdc00 && next <= 0xdfff) i++
      else return true
    } else if (code >= 0xdc00 && code <= 0xdfff) {
      return true
    }
  }
  return false
}

/** A control character: Unicode's general category Cc (C0, DEL and C1). */
const CONTROL = /\p{Cc}/u

const isDot = (form: string): boolean => form === "." || form === ".."
const hasSlash = (form: string): boolean => form.includes("/") || form.includes("\\")

export type PathReason = "empty" | "dot" | "slash" | "control" | "surrogate"

/** Why docs/protocol.md §3.4 refuses `value` (a path param's value, alone) in a path segment: none when it may go. */
export const pathValueReasons = (value: string): Array<PathReason> => {
  if (value === "") return ["empty"]
  const forms = decodedForms(value)
  const reasons: Array<PathReason> = []
  if (forms.some(isDot)) reasons.push("dot")
  if (forms.some(hasSlash)) reasons.push("slash")
  if (forms.some((form) => CONTROL.test(form))) reasons.push("control")
  if (hasLoneSurrogate(value)) reasons.push("surrogate")
  return reasons
}

/** One piece of a path segment's template: literal text, or a placeholder's value. */
export type SegmentPiece = { readonly text: string } | { readonly value: string }

/**
 * docs/protocol.md §3.4 "Values together": what a segment whose values are each fine alone is
 * refused for, as it is sent (text as written, each value percent-encoded) — a dot segment, or a
 * `/` or `\` the template's text alone does not already spell.
 */
export const segmentReasons = (pieces: ReadonlyArray<SegmentPiece>): Array<"dot" | "slash"> => {
  const sent = decodedForms(pieces.map((p) => ("text" in p ? p.text : encodeURIComponent(p.value))).join(""))
  const authors = decodedForms(pieces.map((p) => ("text" in p ? p.text : "")).join(""))
  const reasons: Array<"dot" | "slash"> = []
  if (sent.some(isDot)) reasons.push("dot")
  if (sent.some(hasSlash) && !authors.some(hasSlash)) reasons.push("slash")
  return reasons
}
