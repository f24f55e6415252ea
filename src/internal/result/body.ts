/**
 * What kind of body a response carries, read from its `Content-Type` and, where that says nothing
 * useful, its bytes: JSON (shrunk as JSON), HTML (converted to Markdown, `html.ts`), text (clipped)
 * or binary — which a model is never sent: it is told the type and the size instead. Guessing text
 * where the type is missing or generic keeps a `text/plain`-less API readable; refusing to guess
 * JSON keeps docs/protocol.md §3.7's rule (JSON only by content type) the one rule.
 */

/**
 * @since 0.2.0
 * @category models
 */
export type BodyKind = "json" | "html" | "text" | "binary"

/** The media type alone, lower-cased: `Text/HTML; charset=utf-8` → `text/html`. @internal */
export const mediaType = (contentType: string | undefined): string | undefined => {
  if (contentType === undefined) return undefined
  const type = contentType.split(";", 1)[0]!.trim().toLowerCase()
  return type === "" ? undefined : type
}

/** docs/protocol.md §3.7: `application/json` and `application/<anything>+json`. @internal */
export const isJsonType = (type: string | undefined): boolean =>
  type !== undefined && /^application\/(?:[\w.+-]*\+)?json$/.test(type)

const HTML = new Set(["text/html", "application/xhtml+xml"])
const BINARY_FAMILIES = ["image/", "audio/", "video/", "font/", "model/"]
const BINARY = new Set([
  "application/octet-stream",
  "application/pdf",
  "application/zip",
  "application/gzip",
  "application/x-gzip",
  "application/x-tar",
  "application/x-7z-compressed",
  "application/vnd.ms-excel",
  "application/msword",
  "application/wasm",
  "application/x-protobuf",
  "application/protobuf",
  "application/cbor",
  "application/msgpack"
])

const strict = new TextDecoder("utf-8", { fatal: true })

/**
 * Whether bytes read as text: valid UTF-8, no NUL, and control characters (other than tab, line
 * breaks and form feed) in at most one in a hundred of the first 8 KiB's characters.
 *
 * @internal
 */
export const looksLikeText = (body: Uint8Array): boolean => {
  const head = body.subarray(0, 8192)
  let text: string
  try {
    // A cut in the middle of a character at the 8 KiB mark is not a decoding error.
    text = strict.decode(head, { stream: head.length < body.length })
  } catch {
    return false
  }
  let controls = 0
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c === 0) return false
    if ((c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0c && c !== 0x0d) || c === 0x7f) controls++
  }
  return controls * 100 <= text.length
}

/**
 * The kind of a body. JSON and HTML only by their declared types; text by a textual type (`text/*`,
 * XML, YAML, …) or, when the type is missing or unknown, by its bytes; binary by a binary type
 * (images, audio, video, fonts, archives, PDF, `application/octet-stream`) or bytes that are not
 * text. A textual type whose bytes are not UTF-8 is binary too: the model would read mojibake.
 *
 * @internal
 */
export const kindOf = (contentType: string | undefined, body: Uint8Array): BodyKind => {
  const type = mediaType(contentType)
  if (isJsonType(type)) return "json"
  if (type !== undefined) {
    if (BINARY.has(type) || BINARY_FAMILIES.some((family) => type.startsWith(family))) return "binary"
    if (HTML.has(type)) return looksLikeText(body) ? "html" : "binary"
  }
  return looksLikeText(body) ? "text" : "binary"
}

/**
 * What a model is told of a binary body: its type (as the server named it, escaped and clipped —
 * the header is the server's text) and size, never its bytes.
 *
 * @internal
 */
export const describeBinary = (contentType: string | undefined, size: number): string => {
  const type = mediaType(contentType)
  const named = type === undefined ? "no content type" : JSON.stringify(type.length > 100 ? `${type.slice(0, 100)}…` : type)
  return `The response is binary (${named}, ${size} bytes); its content is not shown to you.`
}

/**
 * A body as the client reads it (docs/protocol.md §3.7): its kind, what the application gets of
 * it, and the characters of a JSON body's text (for the `truncated` note's "it had N").
 *
 * @internal
 */
export interface Read {
  readonly kind: BodyKind
  /** Parsed JSON; the text of a text or HTML body (`""` when empty); the bytes of a binary one. */
  readonly data: unknown
  /** A JSON body's text length, in characters (what the note counts, never bytes). */
  readonly chars?: number | undefined
}

const lenient = new TextDecoder("utf-8")

/**
 * Reads a body by `kindOf`: JSON parsed (a blank JSON body is text, `""`), HTML and text decoded
 * as UTF-8, binary kept as its bytes — which no model is ever sent. `undefined`: the body says it
 * is JSON and does not parse (the caller's `InvalidResponse`). The one reading of a response body,
 * for the client and for anyone shaping a body by hand.
 *
 * @internal
 */
export const read = (contentType: string | undefined, bytes: Uint8Array): Read | undefined => {
  const kind = kindOf(contentType, bytes)
  if (kind === "binary") return { kind, data: bytes }
  const text = lenient.decode(bytes)
  if (kind !== "json") return { kind, data: text }
  if (text.trim() === "") return { kind: "text", data: text }
  try {
    return { kind, data: JSON.parse(text) as unknown, chars: text.length }
  } catch {
    return undefined
  }
}
