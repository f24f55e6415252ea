/**
 * What a model is told about the outcome of one of its tool calls. The one table of which errors
 * the model may read (it can fix its call) and which belong to the operator (the model gets a short
 * safe text, the operator gets the error), shared by every integration that hands results back to
 * a model — the provider helpers, the AI SDK tools, and later @effect/ai and MCP — so that none of
 * them can leak more than another.
 */
import * as Cause from "effect/Cause"
import * as Exit from "effect/Exit"
import type { ToolResult } from "../../Client.js"
import { ApprovalDenied } from "../client/approval.js"
import { InvalidArguments, ToolNotFound } from "../client/errors.js"
import { AuthorizationRequired } from "../client/oauth/oauthErrors.js"
import { capText, clip, shown } from "../shared/text.js"
import { HttpError, Timeout } from "../transport/errors.js"
import * as Shape from "../result/shape.js"
import type { ModelResult } from "../result/shape.js"

/**
 * What the model receives for a failed call. `ModelError`: the error's own text, written so the
 * model can retry. `OperatorError`: a short text without internal detail; the error itself is the
 * operator's to see (through `onError` or the error channel).
 *
 * @since 0.2.0
 * @category models
 */
export interface ModelFacingError {
  readonly _tag: "ModelError" | "OperatorError"
  readonly text: string
}

/** A 4xx body is the API talking to the caller; the excerpt arrives redacted (credential, resolved strings), only clipped here. */
const HTTP_EXCERPT_CHARS = 500

/**
 * The table (docs/providers.md "What the model is told of a failure"): arguments, unknown tool, 4xx, a declined
 * approval and a user who has not connected an OAuth API (`AuthorizationRequired`) are the model's;
 * everything else — resolvers, credentials, origins, transport, 5xx, timeouts, and any error this
 * function does not know — reaches the model only as a safe sentence.
 *
 * @since 0.2.0
 * @category conversions
 */
export const modelFacingError = (error: unknown, toolName: string): ModelFacingError => {
  const name = shown(toolName, 64)
  if (error instanceof InvalidArguments || error instanceof ToolNotFound) {
    // Each bounds its own message; capped here too, as every text of this table is.
    return { _tag: "ModelError", text: capText(error.message) }
  }
  if (error instanceof HttpError) {
    return error.status >= 400 && error.status <= 499
      ? { _tag: "ModelError", text: `HTTP ${error.status}: ${clip(error.body, HTTP_EXCERPT_CHARS)}` }
      : {
        _tag: "OperatorError",
        text: `The tool "${name}" failed on the server (HTTP ${error.status}). You may retry later.`
      }
  }
  if (error instanceof Timeout) return { _tag: "OperatorError", text: `The tool "${name}" timed out.` }
  // The user's answer, not a failure: the model should hear it and carry on without the action.
  if (error instanceof ApprovalDenied) return { _tag: "ModelError", text: "The user declined this action." }
  // A sentence the model can relay ("the user needs to connect their GitHub account…"). Its
  // authorizationUrl is the operator's: whoever opens it connects their account to this user.
  if (error instanceof AuthorizationRequired) return { _tag: "ModelError", text: error.message }
  return { _tag: "OperatorError", text: `The tool "${name}" is unavailable right now.` }
}

/**
 * What a result helper reads of a successful call: a `ToolResult` as `execute` returns it (the
 * model gets its `model` view), or one built by hand, `{ status, data }` (its `data` is shaped
 * with the default budget, `Result.forModel`).
 *
 * @since 0.2.0
 * @category models
 */
export type ResultInput = Pick<ToolResult, "status" | "data"> & { readonly model?: ModelResult | undefined }

/**
 * The outcome of one `execute`, as an `Exit`: `Effect.exit(Client.execute(call))` in Effect code,
 * `await outcomeOf(client.execute(call))` with the promise client.
 *
 * @since 0.2.0
 * @category models
 */
export type ToolOutcome = Exit.Exit<ResultInput, unknown>

/**
 * Settles an `execute` promise into a `ToolOutcome` (never rejects).
 *
 * @since 0.2.0
 * @category constructors
 */
export const outcomeOf = (promise: PromiseLike<ResultInput>): Promise<ToolOutcome> =>
  Promise.resolve(promise).then(Exit.succeed, (error: unknown) => Exit.fail(error))

/**
 * Options of every helper that turns an outcome into a message for a model.
 *
 * @since 0.2.0
 * @category models
 */
export interface ResultOptions {
  /** Called with each operator-side error (see `modelFacingError`); the model only gets a safe text. */
  readonly onError?: ((error: unknown) => void) | undefined
}

/** @internal */
export type Reply =
  | { readonly _tag: "Success"; readonly result: ResultInput; readonly model: ModelResult; readonly text: string }
  | { readonly _tag: "Failure"; readonly text: string }

/**
 * An outcome read through the table; an operator-side error goes to `onError` here, once, so that
 * no caller can forget it. A success is the result's model view (docs/results.md): every helper
 * sends the same shaped text for the same call.
 *
 * @internal
 */
export const reply = (outcome: ToolOutcome, toolName: string, options: ResultOptions | undefined): Reply => {
  if (Exit.isSuccess(outcome)) {
    const model = Shape.forResult(outcome.value)
    return { _tag: "Success", result: outcome.value, model, text: model.text }
  }
  const error = Cause.squash(outcome.cause)
  const facing = modelFacingError(error, toolName)
  // A user who has not connected an API is the model's to relay and the operator's to act on (its
  // authorizationUrl starts the flow), like an approval: both hear of it.
  if (facing._tag === "OperatorError" || error instanceof AuthorizationRequired) options?.onError?.(error)
  return { _tag: "Failure", text: facing.text }
}
