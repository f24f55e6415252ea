/**
 * Reading what a server answered to a tool call (docs/protocol.md §3.7): the body read by its kind
 * (`../result/body.ts`: JSON by content type, text and HTML decoded, binary kept as bytes);
 * `responseMappings` applied; a non-2xx becomes `HttpError` with an excerpt in which the credential
 * and resolved values are redacted (`../transport/responseBody.ts`).
 *
 * The result carries, besides `{ status, data }` for the application, what the model reads of it
 * (`model`, docs/results.md) — computed on first read, from what the call knew: the budget, the
 * tool's pages, the model's `fields`. Nothing of the credential is kept for it: the request URL
 * is the one before the credential was attached.
 */
import * as Effect from "effect/Effect"
import type { ToolResult } from "../../Client.js"
import * as JsonPath from "../manifest/jsonPath.js"
import * as Body from "../result/body.js"
import * as Budget from "../result/budget.js"
import type * as Fields from "../result/fields.js"
import * as Shape from "../result/shape.js"
import * as Tokenizer from "../shared/tokenizer.js"
import type { Value } from "../shared/values.js"
import { HttpError, InvalidResponse } from "../transport/errors.js"
import * as ResponseBody from "../transport/responseBody.js"
import type * as Transport from "../transport/rules.js"
import type * as CompiledTool from "./compiledTool.js"

/**
 * What shaping a call's result for the model needs of the call.
 *
 * @internal
 */
export interface Shaping {
  /** Where the request went, before the credential was attached (compared with a next link, never shown). */
  readonly requestUrl: string
  /** The model's arguments, as checked (no resolved value). */
  readonly args: ReadonlyMap<string, Value>
  readonly budget: Budget.EffectiveBudget
  /** The model's `fields`, parsed; undefined for the whole result. */
  readonly fields: Fields.Selection | undefined
}

/** @internal */
export const interpret = (
  tool: CompiledTool.CompiledTool,
  received: Transport.Received,
  secrets: ReadonlyArray<string>,
  shaping: Shaping
): ToolResult | HttpError | InvalidResponse => {
  if (!ResponseBody.isSuccess(received.status)) {
    return new HttpError({ target: tool.target, status: received.status, body: ResponseBody.excerpt(received.body, secrets) })
  }
  const headers = received.headers
  const body = Body.read(headers["content-type"], received.body)
  if (body === undefined) return new InvalidResponse({ target: tool.target, reason: "the response says it is JSON but does not parse" })
  const json = body.kind === "json" ? body.data : undefined
  // Mappings select from JSON or text; a binary body stays its bytes (a path into bytes is no answer).
  const data = tool.mappings === undefined || body.kind === "binary" ? body.data : JsonPath.applyMappings(tool.mappings, body.data)
  const status = received.status
  return make(status, data, headers, () =>
    Shape.shape({
      status,
      headers,
      data,
      kind: body.kind,
      json,
      fullChars: data === json ? body.chars : undefined,
      requestUrl: shaping.requestUrl,
      args: Object.fromEntries(shaping.args)
    }, {
      budget: shaping.budget,
      // Loaded before the request was sent, when the budget counts tokens (execution.ts).
      countTokens: shaping.budget.maxTokens === undefined ? undefined : Tokenizer.loaded()?.countTokens,
      tool: tool.paging,
      fields: shaping.fields
    }))
}

/**
 * A `ToolResult`: `status` and `data` enumerable, as they always were; `headers` and the model's
 * view (computed once, on first read) not, so that a result compares, spreads and serializes as
 * `{ status, data }`.
 */
const make = (
  status: number,
  data: unknown,
  headers: Readonly<Record<string, string | undefined>>,
  view: () => Shape.ModelResult
): ToolResult => {
  let model: Shape.ModelResult | undefined
  return Object.defineProperties({ status, data }, {
    headers: { value: headers },
    model: { get: () => (model ??= view()) }
  }) as ToolResult
}

/**
 * A result the client answers itself, with no request behind it (a search session's
 * `search_tools`): no headers, its model view shaped like any call's — on first read, to the
 * call's budget (else the default; the tokenizer loaded first when it counts tokens), with no
 * pages. A bad budget is the operator's `TypeError`, as for `execute`.
 *
 * @internal
 */
export const answered = (
  status: number,
  data: unknown,
  call: Budget.ResultBudget | undefined
): Effect.Effect<ToolResult> => {
  if (call !== undefined && (call.maxResultChars !== undefined || call.maxResultTokens !== undefined)) {
    const problems = Budget.check({ maxResultChars: call.maxResultChars, maxResultTokens: call.maxResultTokens })
    if (problems.length > 0) return Effect.die(new TypeError(`rcp-sdk: execute: ${problems.join("; ")}`))
  }
  const budget = Budget.effective({ call })
  const result = () =>
    make(status, data, NO_HEADERS, () =>
      Shape.shape({ status, headers: NO_HEADERS, data, args: NO_ARGS }, {
        budget,
        countTokens: budget.maxTokens === undefined ? undefined : Tokenizer.loaded()?.countTokens
      }))
  return budget.maxTokens === undefined || Tokenizer.loaded() !== undefined
    ? Effect.sync(result)
    : Effect.map(Effect.promise(Tokenizer.load), result)
}

const NO_HEADERS: Readonly<Record<string, string | undefined>> = {}
const NO_ARGS: Readonly<Record<string, unknown>> = {}
