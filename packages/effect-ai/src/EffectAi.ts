/**
 * The Effect AI integration (`@rcp-sdk/effect-ai`): every tool a client discovered, as a toolkit for
 * `LanguageModel.generateText` / `streamText` and `Chat` — of `@effect/ai` 0.37 on Effect 3 (a peer
 * dependency: the app's own `@effect/ai`), of `effect/ai` on Effect 4 (the 1.x line). It uses only
 * the public API of `rcp-sdk` (a peer too). The examples are Effect 3's; on Effect 4,
 * `LanguageModel` comes from `effect/ai` and a service is a `Context.Service`.
 *
 * @since 0.2.0
 */
import * as internal from "./internal/effectAi.js"

/**
 * The errors of `execute` that fail the turn instead of reaching the model (resolvers,
 * credentials, origins, transport, timeouts, HTTP 5xx).
 *
 * @since 0.2.0
 * @category errors
 */
export type OperatorError = internal.OperatorError

/**
 * The parameters schema of every rcp tool: any object, shown to the provider as the tool's
 * model-facing JSON Schema.
 *
 * @since 0.2.0
 * @category models
 */
export type ArgumentsSchema = internal.ArgumentsSchema

/**
 * One discovered tool as an @effect/ai `Tool`.
 *
 * @since 0.2.0
 * @category models
 */
export type RcpTool<E, R> = internal.RcpTool<E, R>

/**
 * The discovered tools with their handlers (`Toolkit.WithHandler`).
 *
 * @since 0.2.0
 * @category models
 */
export type RcpToolkit<E = OperatorError, R = never> = internal.RcpToolkit<E, R>

/**
 * Options of `toolkit`: where a call's resolver context comes from, OpenAI strict mode, and a search session (search mode).
 *
 * @since 0.2.0
 * @category models
 */
export type ToolkitOptions<Ctx, R> = internal.ToolkitOptions<Ctx, R>

/**
 * Options of `toolkit` with `onError`: operator errors reach the model as a safe text and
 * `onError`, and leave the error channel.
 *
 * @since 0.2.0
 * @category models
 */
export type ReportingOptions<Ctx, R, R2> = internal.ReportingOptions<Ctx, R, R2>

/**
 * The type of `toolkit`: with `onError`, operator errors leave the error channel.
 *
 * @since 0.2.0
 * @category models
 */
export type ToolkitConstructor = internal.ToolkitConstructor

/**
 * The client's current tools as an @effect/ai toolkit. Each tool shows the provider the tool's
 * model-facing JSON Schema (resolver-bound params absent) and runs the model's call through
 * the client's `expose` of the tools shown (`options.tools`, default all the client's tools): a
 * call naming any other tool — one discovered after the toolkit was built, or one changed since —
 * is `ToolNotFound` before anything is resolved or sent. The resolvers' context is
 * `options.context`, an Effect run in the calling fiber.
 *
 * What the model sees (docs/providers.md "What the model is told of a failure"): a result as the response's JSON; its own
 * mistakes (`InvalidArguments`, `ToolNotFound`, HTTP 4xx) as a failed tool result it can retry.
 * Operator errors (`OperatorError`) fail the `generateText` with the tagged error — the turn stops,
 * fail closed — unless `onError` is given: then the model gets the safe text and `onError` the error.
 *
 * The built toolkit is a snapshot of the tools at the time it was built; `generateText({ toolkit:
 * RcpAi.toolkit() })` (the Effect, not its value) builds it again for each call, so that a
 * discovery or `forget` shows in the next turn.
 *
 * @example
 * ```ts
 * import { LanguageModel } from "@effect/ai"
 * import { Context, Effect } from "effect"
 * import * as RcpAi from "@rcp-sdk/effect-ai"
 *
 * class CurrentUser extends Context.Tag("CurrentUser")<CurrentUser, { readonly id: string }>() {}
 *
 * const answer = (prompt: string, userId: string) =>
 *   LanguageModel.generateText({ prompt, toolkit: RcpAi.toolkit({ context: CurrentUser }) }).pipe(
 *     Effect.provideService(CurrentUser, { id: userId })
 *   )
 * ```
 *
 * @since 0.2.0
 * @category constructors
 */
export const toolkit: internal.ToolkitConstructor = internal.toolkit
