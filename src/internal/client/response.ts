/**
 * Reading what a server answered to a tool call (docs/protocol.md §3.7): JSON by content type, else
 * text; `responseMappings` applied; a non-2xx becomes `HttpError` with an excerpt in which the
 * credential and resolved values are redacted (`../transport/responseBody.ts`).
 */
import type { ToolResult } from "../../Client.js"
import * as JsonPath from "../manifest/jsonPath.js"
import { HttpError, InvalidResponse } from "../transport/errors.js"
import * as ResponseBody from "../transport/responseBody.js"
import type * as Transport from "../transport/rules.js"
import type * as CompiledTool from "./compiledTool.js"

const isJsonType = (contentType: string | undefined): boolean =>
  contentType !== undefined && /^application\/(?:[\w.+-]*\+)?json\s*(?:;|$)/i.test(contentType.trim())

/** @internal */
export const interpret = (
  tool: CompiledTool.CompiledTool,
  received: Transport.Received,
  secrets: ReadonlyArray<string>
): ToolResult | HttpError | InvalidResponse => {
  if (!ResponseBody.isSuccess(received.status)) {
    return new HttpError({ target: tool.target, status: received.status, body: ResponseBody.excerpt(received.body, secrets) })
  }
  const body = ResponseBody.text(received.body)
  let data: unknown = body
  if (isJsonType(received.headers["content-type"]) && body.trim() !== "") {
    const json = ResponseBody.parseJson(body)
    if (!json.ok) return new InvalidResponse({ target: tool.target, reason: "the response says it is JSON but does not parse" })
    data = json.value
  }
  if (tool.mappings !== undefined) data = JsonPath.applyMappings(tool.mappings, data)
  return { status: received.status, data }
}
