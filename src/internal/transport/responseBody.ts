/**
 * Reading a response body: as text, as JSON, and as an excerpt for an error in which every echoed
 * form of the secrets is redacted. Shared by a tool call's response (`../client/response.ts`) and
 * the JSON documents discovery fetches (`fetchJson.ts`), so both read bodies alike.
 */
import { escapeControls } from "../shared/text.js"
import * as Redact from "./redact.js"

const EXCERPT_CHARS = 1024
const decoder = new TextDecoder("utf-8")

/** @internal */
export const text = (body: Uint8Array): string => decoder.decode(body)

/** @internal */
export const parseJson = (source: string): { readonly ok: true; readonly value: unknown } | { readonly ok: false } => {
  try {
    return { ok: true, value: JSON.parse(source) }
  } catch {
    return { ok: false }
  }
}

/** @internal */
export const isSuccess = (status: number): boolean => status >= 200 && status <= 299

/**
 * The start of a body for an error, with every echoed form of the secrets redacted first.
 *
 * @internal
 */
export const excerpt = (body: Uint8Array, secrets: ReadonlyArray<string>): string => {
  // Room for a secret (in its longest, escaped form) that straddles the cut.
  const margin = secrets.reduce((max, secret) => Math.max(max, secret.length * Redact.MAX_EXPANSION), 0)
  const head = decoder.decode(body.subarray(0, (EXCERPT_CHARS + margin) * 4))
  // Escaped after redacting (an escape could split a secret) and before cutting.
  return escapeControls(Redact.redact(head, secrets)).slice(0, EXCERPT_CHARS)
}
