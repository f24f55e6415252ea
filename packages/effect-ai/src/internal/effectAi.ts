/**
 * The Effect AI integration: the client's discovered tools as a toolkit for
 * `LanguageModel.generateText` / `streamText` / `Chat` — of `@effect/ai` 0.37 on Effect 3, of
 * `effect/ai` on Effect 4 — over the public API of `rcp-sdk` (the client and its provider helpers)
 * only. What differs between the two AI modules (declaring a tool, a handler's result, the handler
 * contract) is the twin `#ai-target/Ai.js` (`./target/{v3,v4}/Ai.ts`); everything here is shared.
 *
 * The toolkit is a `Toolkit.WithHandler` built here rather than through `Toolkit.make(...).toLayer`:
 * the AI module's own `handle` either returns every handler failure to the model (`failureMode:
 * "return"`) or fails the turn with every one (`"error"`), and it decodes the arguments before the
 * handler sees them. rcp needs the split of the model-facing table (docs/providers.md "What the model is told of a failure") (the model's own
 * mistakes back to the model, operator errors to the operator) and its own argument checks, so this
 * `handle` hands the raw arguments to `execute` and sorts the outcome itself.
 */
import * as Ai from "#ai-target/Ai.js"
import * as Effect from "effect/Effect"
// Through the public module: the client's public models live there (and move there on main).
import {
  type ExecuteError,
  type InvalidArguments,
  type ModelTool,
  RcpClient,
  type SearchSession,
  type ToolNotFound,
  type ToolResult
} from "rcp-sdk/client"
import * as Providers from "rcp-sdk/providers"
import * as Result from "rcp-sdk/result"

/**
 * The errors of `execute` that the model does not get to read (docs/providers.md "What the model is told of a failure"):
 * resolvers, credentials, origins, transport, timeouts and HTTP 5xx. (`HttpError` 4xx goes to the
 * model, 5xx here.)
 *
 * @since 0.2.0
 * @category errors
 */
export type OperatorError = Exclude<ExecuteError, InvalidArguments | ToolNotFound>

/**
 * The parameters schema of an rcp tool: any arguments, shown to the provider as the tool's
 * model-facing JSON Schema (each AI module's own form: `Ai.ArgumentsSchema`).
 *
 * @since 0.2.0
 * @category models
 */
export type ArgumentsSchema = Ai.ArgumentsSchema

/**
 * One discovered tool as a `Tool` of the AI module: its failure in the error channel is `E`
 * (`OperatorError`, or `never` when an `onError` takes them), and it needs `R` (the services of
 * `options.context` and `options.onError`).
 *
 * @since 0.2.0
 * @category models
 */
export type RcpTool<E, R> = Ai.RcpTool<E, R>

/**
 * The discovered tools with their handlers, ready for `LanguageModel.generateText({ toolkit })`.
 *
 * @since 0.2.0
 * @category models
 */
export type RcpToolkit<E = OperatorError, R = never> = Ai.RcpToolkit<E, R>

/**
 * Options of `toolkit`.
 *
 * @since 0.2.0
 * @category models
 */
export interface ToolkitOptions<Ctx, R> {
  /**
   * The resolvers' context of a call, read from the fiber that runs the tool call — so a service
   * that the application provides around each `generateText` (the current user) gives each turn
   * its own values through one toolkit.
   */
  readonly context?: Effect.Effect<Ctx, never, R> | undefined
  /**
   * Show the model OpenAI's strict-mode schema (every property required, optional ones nullable;
   * `execute` reads `null` as "left out"). `OpenAiLanguageModel` sends `strict: true` unless its
   * config says otherwise, and OpenAI refuses a non-strict schema under it.
   */
  readonly strict?: boolean | undefined
  /**
   * The tools to show the model: the client's tools (`RcpClient.tools`) or a subset of them.
   * Default: all of them. Only these are ever executed. Not with `session`.
   */
  readonly tools?: ReadonlyArray<ModelTool> | undefined
  /**
   * Search mode (docs/big-apis.md): the toolkit holds this session's tools — `search_tools`, the
   * pinned tools and the tools found so far — and runs every call through it, so a tool the model
   * was not given fails as unknown before anything is sent. Build the toolkit again for each turn
   * (`generateText` call) to offer what the last turn found. Not with `tools`.
   */
  readonly session?: SearchSession | undefined
}

/**
 * Options of `toolkit` that keep operator errors out of the error channel: the model gets the safe
 * text, `onError` gets the error.
 *
 * @since 0.2.0
 * @category models
 */
export interface ReportingOptions<Ctx, R, R2> extends ToolkitOptions<Ctx, R> {
  readonly onError: (error: OperatorError) => Effect.Effect<void, never, R2>
}

type Outcome = Ai.Outcome

const toolOf = (model: ModelTool, options: ToolkitOptions<unknown, unknown>): RcpTool<OperatorError, never> =>
  Ai.tool(model.name, model.description, Providers.toolParameters(model, options))

/**
 * `toolkit`'s two shapes: with `onError`, operator errors leave the error channel.
 *
 * @since 0.2.0
 * @category models
 */
export interface ToolkitConstructor {
  <Ctx = undefined, R = never, R2 = never>(
    options: ReportingOptions<Ctx, R, R2>
  ): Effect.Effect<RcpToolkit<never, R | R2>, never, RcpClient>
  <Ctx = undefined, R = never>(options?: ToolkitOptions<Ctx, R>): Effect.Effect<RcpToolkit<OperatorError, R>, never, RcpClient>
}

const make = <Ctx, R, R2>(
  options: ToolkitOptions<Ctx, R> & { readonly onError?: ReportingOptions<Ctx, R, R2>["onError"] | undefined } = {}
): Effect.Effect<RcpToolkit<OperatorError, R | R2>, never, RcpClient> =>
  Effect.gen(function*() {
    const client = yield* RcpClient
    // The toolkit runs only the tools it shows (issue #29): a tool discovered after it was built,
    // never shown to the model, or changed since, is `ToolNotFound` before anything is resolved
    // or sent — @effect/ai 0.37 itself would only refuse the name after the handler had run. A search
    // session's calls go through its own exposed set, which grows with what its searches return.
    const session = options.session
    if (session !== undefined && options.tools !== undefined) {
      return yield* Effect.die(new TypeError("toolkit: give either `tools` or `session`, not both"))
    }
    const { execute, tools: models } = session === undefined
      ? client.expose(options.tools ?? (yield* client.tools))
      : { execute: session.execute, tools: yield* session.tools }
    const context: Effect.Effect<unknown, never, R> = options.context ?? Effect.void
    const onError = options.onError
    const succeeded = (result: ToolResult): Outcome =>
      // The application's part (`result`, in the response's tool-result parts) is the whole data —
      // a tool result must be JSON, so an empty body is `null`, not `undefined`; the prompt carries
      // `encodedResult`, the model's view of it (docs/results.md).
      Ai.outcome(result.data ?? null, false, Result.modelValue(result.model))
    const failed = (error: ExecuteError, name: string): Effect.Effect<Outcome, OperatorError, R2> => {
      const facing = Providers.modelFacingError(error, name)
      if (facing._tag === "ModelError") return Effect.succeed(Ai.outcome(facing.text, true, facing.text))
      // The table leaves to the operator exactly the errors that are not the model's own.
      const operator = error as OperatorError
      return onError === undefined
        ? Effect.fail(operator)
        : Effect.as(onError(operator), Ai.outcome(facing.text, true, facing.text))
    }
    const handle = (name: string, params: unknown): Effect.Effect<Outcome, OperatorError, R | R2> =>
      Effect.flatMap(
        context,
        (ctx) =>
          execute({ name, arguments: params }, { context: ctx }).pipe(
            Effect.matchEffect({ onFailure: (error) => failed(error, name), onSuccess: (r) => Effect.succeed(succeeded(r)) })
          )
      )
    return Ai.toolkit(Object.fromEntries(models.map((model) => [model.name, toolOf(model, options)])), handle)
  })

/**
 * With `onError` no handler fails with an operator error (`failed` hands each to `onError`), which
 * the first signature says with `never`; one implementation serves both.
 *
 * @internal
 */
export const toolkit = make as ToolkitConstructor
