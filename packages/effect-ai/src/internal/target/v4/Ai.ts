/**
 * The AI boundary of `@rcp-sdk/effect-ai` on Effect 4 (docs/effect4.md §HTTP and AI): `../v3/Ai.ts`'s
 * names over `effect/ai`. Two things differ from `@effect/ai` 0.37: a tool is `Tool.dynamic` with
 * rcp's JSON Schema as its parameters (returned verbatim by `Tool.getJsonSchema`; Effect 4 ignores
 * a `jsonSchema` annotation), and a handler answers with a `Stream` of results, the last one not
 * `preliminary` (the handler contract of `Toolkit.WithHandler`).
 */
import * as Tool from "effect/ai/Tool"
import type * as Toolkit from "effect/ai/Toolkit"
import * as Effect from "effect/Effect"
import type * as JsonSchema from "effect/JsonSchema"
import * as Predicate from "effect/Predicate"
import * as Schema from "effect/Schema"
import * as Stream from "effect/Stream"

/** The AI module this twin is over: `LanguageModel.generateText` of `effect/ai`. */
export const aiModule = "effect/ai" as const

/**
 * The parameters schema of an rcp tool: `Tool.dynamic`'s for a JSON Schema (no decoding; the
 * arguments reach `execute` as the model sent them, and rcp's own checks answer the model).
 */
export type ArgumentsSchema = typeof Schema.Unknown

/**
 * One discovered tool as an `effect/ai` tool: its failure in the error channel is `E`, and it needs
 * `R` (the services of the toolkit's `context` and `onError`).
 */
export type RcpTool<E, R> = Tool.Tool<string, {
  readonly parameters: ArgumentsSchema
  readonly success: typeof Schema.Unknown
  readonly failure: Schema.Codec<E, E, never, never>
  readonly failureMode: "error"
}, R>

/** The tools with their handler (`Toolkit.WithHandler`). */
export type RcpToolkit<E, R> = Toolkit.WithHandler<Record<string, RcpTool<E, R>>>

/** What a handler gives `effect/ai` for one call. */
export type Outcome = Tool.HandlerResult<RcpTool<never, never>>

/** A handler's result: the application's `result`, and `encodedResult`, what the prompt carries. */
export const outcome = (result: unknown, isFailure: boolean, encodedResult: unknown): Outcome => ({
  isFailure,
  result,
  encodedResult,
  // A failure the handler answers (the model's own mistake) is the handler's, as `effect/ai` says.
  ...(isFailure ? { failureOrigin: "handler" as const } : {}),
  preliminary: false
})

/**
 * Only a type: the handler never decodes a failure, and the provider never sends one for a tool it
 * does not run itself.
 */
const failure = <E>(): Schema.Codec<E, E, never, never> => Schema.declare((u: unknown): u is E => Predicate.hasProperty(u, "_tag"))

/** A tool the provider is shown as `name`, `description` and `parameters` (a JSON Schema), verbatim. */
export const tool = <E>(name: string, description: string, parameters: object): RcpTool<E, never> =>
  Tool.dynamic(name, {
    description,
    parameters: parameters as JsonSchema.JsonSchema,
    success: Schema.Unknown,
    failure: failure<E>(),
    failureMode: "error"
  })

/**
 * The toolkit of `tools` whose calls `handle` runs: `effect/ai` reads each call's results as a
 * stream, here of one (the call's outcome, or its operator error as the stream's failure).
 */
export const toolkit = <E, R>(
  tools: Record<string, RcpTool<E, never>>,
  handle: (name: string, params: unknown) => Effect.Effect<Outcome, E, R>
): RcpToolkit<E, R> => ({
  tools,
  handle: (name: string, params: unknown) => Effect.succeed(Stream.fromEffect(handle(name, params)))
} as unknown as RcpToolkit<E, R>)
