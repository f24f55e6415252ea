/**
 * Reading what a server answered (docs/protocol.md §3.7): JSON by content type, else text; `responseMappings`
 * applied; a non-2xx becomes `HttpError` with an excerpt in which the credential and resolved
 * values are redacted.
 */
import type { ToolResult } from "../Client.js"
import { HttpError, InvalidResponse } from "./clientErrors.js"
import type * as CompiledTool from "./compiledTool.js"
import * as JsonPath from "./jsonPath.js"
import * as Redact from "./redact.js"
import type * as Transport from "./transport.js"
import { escapeControls } from "./values.js"


const EXCERPT_CHARS = 1024
const decoder = new TextDecoder("utf-8")

/** @internal */
export const text = (body: Uint8Array): string => decoder.decode(body)

const isJsonType = (contentType: string | undefined): boolean =>
  contentType !== undefined && /^application\/(?:[\w.+-]*\+)?json\s*(?:;|$)/i.test(contentType.trim())

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

/** @internal */
export const interpret = (
  tool: CompiledTool.CompiledTool,
  received: Transport.Received,
  secrets: ReadonlyArray<string>
): ToolResult | HttpError | InvalidResponse => {
  if (!isSuccess(received.status)) {
    return new HttpError({ target: tool.target, status: received.status, body: excerpt(received.body, secrets) })
  }
  const body = text(received.body)
  let data: unknown = body
  if (isJsonType(received.headers["content-type"]) && body.trim() !== "") {
    const json = parseJson(body)
    if (!json.ok) return new InvalidResponse({ target: tool.target, reason: "the response says it is JSON but does not parse" })
    data = json.value
  }
  if (tool.mappings !== undefined) data = JsonPath.applyMappings(tool.mappings, data)
  return { status: received.status, data }
}
