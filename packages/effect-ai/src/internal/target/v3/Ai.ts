/**
 * The AI boundary of `@rcp-sdk/effect-ai` on Effect 3 (docs/effect4.md §HTTP and AI): what the
 * toolkit needs of `@effect/ai` 0.37 — declaring a tool whose parameters are rcp's own JSON Schema,
 * a handler's result, and a `Toolkit.WithHandler` from a handle function. Its Effect 4 twin
 * (`../v4/Ai.ts`) exports the same names over `effect/ai`. Shared code (`../../effectAi.ts`) reaches
 * it as `#ai-target/Ai.js`; it imports only its own Effect.
 */
import * as Tool from "@effect/ai/Tool"
import type * as Toolkit from "@effect/ai/Toolkit"
import type * as Effect from "effect/Effect"
import * as Predicate from "effect/Predicate"
import * as Schema from "effect/Schema"

/** The AI module this twin is over: `LanguageModel.generateText` of `@effect/ai`. */
export const aiModule = "@effect/ai" as const

/**
 * The parameters of every rcp tool: any object. The arguments reach `execute` as the model sent
 * them, so that rcp's own checks (unknown and resolver-bound keys included) answer the model; the
 * `jsonSchema` annotation, which has a `type`, is what the provider is shown, verbatim.
 */
const AnyArguments = Schema.Struct({}, Schema.Record({ key: Schema.String, value: Schema.Unknown }))

/** The parameters schema of an rcp tool (`@effect/ai` 0.37: any object, shown as its annotation). */
export type ArgumentsSchema = typeof AnyArguments

/**
 * One discovered tool as an `@effect/ai` tool: its failure in the error channel is `E`, and it needs
 * `R` (the services of the toolkit's `context` and `onError`).
 */
export type RcpTool<E, R> = Tool.Tool<string, {
  readonly parameters: ArgumentsSchema
  readonly success: typeof Schema.Unknown
  readonly failure: Schema.Schema<E>
  readonly failureMode: "error"
}, R>

/** The tools with their handler (`Toolkit.WithHandler`). */
export type RcpToolkit<E, R> = Toolkit.WithHandler<Record<string, RcpTool<E, R>>>

/** What a handler gives `@effect/ai` for one call. */
export type Outcome = Tool.HandlerResult<RcpTool<never, never>>

/** A handler's result: the application's `result`, and `encodedResult`, what the prompt carries. */
export const outcome = (result: unknown, isFailure: boolean, encodedResult: unknown): Outcome => ({
  isFailure,
  result,
  encodedResult
})

/**
 * Only a type: the handler never decodes a failure, and the provider never sends one for a tool it
 * does not run itself.
 */
const failure = <E>(): Schema.Schema<E> => Schema.declare((u: unknown): u is E => Predicate.hasProperty(u, "_tag"))

/** A tool the provider is shown as `name`, `description` and `parameters` (a JSON Schema), verbatim. */
export const tool = <E>(name: string, description: string, parameters: object): RcpTool<E, never> =>
  Tool.make(name, {
    description,
    success: Schema.Unknown,
    failure: failure<E>(),
    failureMode: "error"
  }).setParameters(AnyArguments.annotations({ jsonSchema: parameters }))

/**
 * The toolkit of `tools` whose calls `handle` runs: `@effect/ai` 0.37 awaits one result per call.
 * The tools need `R` only through `handle`; a tool's requirements are a type, nothing at run time.
 */
export const toolkit = <E, R>(
  tools: Record<string, RcpTool<E, never>>,
  handle: (name: string, params: unknown) => Effect.Effect<Outcome, E, R>
): RcpToolkit<E, R> => ({ tools, handle } as unknown as RcpToolkit<E, R>)
