/**
 * Resolvers: values the model must never choose (who is asking, the tenant, a locale), registered
 * on the client by param name. A resolver-bound param is removed from the schema the model sees
 * and filled in just before the request; a missing value fails the call before any HTTP.
 *
 * @since 0.1.0
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import type * as Manifest from "./Manifest.js"
import * as internal from "./internal/client/resolver.js"
import type * as Values from "./internal/shared/values.js"

/**
 * What a resolver is told besides the call context: which tool and which param it fills.
 *
 * @since 0.1.0
 * @category models
 */
export interface ResolveInfo {
  readonly tool: string
  readonly param: string
}

/**
 * A resolver: from the per-call context to the param's value. It may return the value, a
 * Promise of it, or an Effect (whose requirements are provided when the layer is built).
 * `undefined` or `null` means "nothing to resolve from" and fails the call with `ResolverMissing`.
 *
 * @since 0.1.0
 * @category models
 */
export type ResolverFn<Ctx = any, R = never> = (
  context: Ctx,
  info: ResolveInfo
) => unknown | PromiseLike<unknown> | Effect.Effect<unknown, unknown, R>

/**
 * The requirements of the Effect-returning resolvers in a record.
 *
 * @since 0.1.0
 * @category models
 */
export type Requirements<Fns> = {
  // An untyped context (`(ctx) => ctx.currentUserId`) makes the result `any`: it requires nothing.
  [K in keyof Fns]: Fns[K] extends (...args: any) => infer Out
    ? 0 extends (1 & Out) ? never : Out extends Effect.Effect<any, any, infer R> ? R : never
    : never
}[keyof Fns]

/**
 * A resolved param value; its type always matches the param's declared type.
 *
 * @since 0.1.0
 * @category models
 */
export type Value = Values.Value

/**
 * The resolvers service.
 *
 * @since 0.1.0
 * @category models
 */
export interface Service {
  /** The param names that have a resolver (hidden from the model). */
  readonly names: ReadonlySet<string>
  /** Runs the resolver for one param of one call. */
  readonly resolve: (
    param: Manifest.Param,
    context: unknown,
    tool: string
  ) => Effect.Effect<Value, internal.ResolverMissing | internal.ResolverFailed>
}

/**
 * The resolvers registered on a client. Swap its layer to swap the resolvers (tests).
 *
 * @example
 * ```ts
 * import * as FetchHttpClient from "@effect/platform/FetchHttpClient"
 * import * as Effect from "effect/Effect"
 * import * as Layer from "effect/Layer"
 * import * as Client from "rcp-sdk/client"
 * import * as Resolver from "rcp-sdk/resolver"
 *
 * const profile = Effect.gen(function*() {
 *   yield* Client.discover("https://api.example.com/rcp/manifest")
 *   return yield* Client.execute({ name: "get_profile", arguments: "{}" })
 * })
 *
 * // The same program under two Resolvers layers: nothing else changes.
 * const withResolvers = (resolvers: Layer.Layer<Resolver.Resolvers>) =>
 *   profile.pipe(
 *     Effect.provide(Client.layer({ credential: "test-token" })),
 *     Effect.provide(resolvers),
 *     Effect.provide(FetchHttpClient.layer)
 *   )
 *
 * export const asAlice = withResolvers(Resolver.layer({ userId: () => "alice" }))
 * export const asNobody = withResolvers(Resolver.layer({ userId: () => undefined })) // ResolverMissing, nothing sent
 * ```
 *
 * @since 0.1.0
 * @category models
 */
export class Resolvers extends Context.Tag("rcp-sdk/Resolvers")<Resolvers, Service>() {}

export {
  /**
   * The resolver errors: `ResolverMissing { tool, param }` (nothing to resolve from) and
   * `ResolverFailed { tool, param, reason, cause }` (threw, failed, or wrong type).
   *
   * @since 0.1.0
   * @category errors
   */
  ResolverFailed,
  /**
   * The resolver errors: `ResolverMissing { tool, param }` (nothing to resolve from) and
   * `ResolverFailed { tool, param, reason, cause }` (threw, failed, or wrong type).
   *
   * @since 0.1.0
   * @category errors
   */
  ResolverMissing
} from "./internal/client/resolver.js"

/**
 * Builds the service from a record of resolvers, capturing the requirements of Effect resolvers.
 *
 * @since 0.1.0
 * @category constructors
 */
export const make = <const Fns extends Record<string, ResolverFn<any, any>>>(
  resolvers: Fns
): Effect.Effect<Service, never, Requirements<Fns>> =>
  Effect.map(Effect.context<Requirements<Fns>>(), (context) => internal.make(resolvers, context))

/**
 * The `Resolvers` layer: `Resolver.layer({ learnerId: (ctx) => ctx.currentUserId })`. Each key
 * is a param name: every param of that name, in every tool the client discovers, is removed from
 * the model's schema and filled by the resolver on each call (docs/protocol.md §3.3).
 *
 * @example
 * ```ts
 * import * as Context from "effect/Context"
 * import * as Effect from "effect/Effect"
 * import * as Resolver from "rcp-sdk/resolver"
 *
 * // What the application knows about the current turn; handed to `execute` as `context`.
 * interface Turn {
 *   readonly userId?: string
 *   readonly locale?: string
 * }
 *
 * // Plain resolvers: a value, or undefined for "nothing to resolve from" (→ ResolverMissing).
 * export const FromTurn = Resolver.layer({
 *   userId: (turn: Turn) => turn.userId,
 *   locale: (turn: Turn) => turn.locale ?? "en"
 * })
 *
 * // An Effect resolver: its requirements become the layer's (Layer<Resolvers, never, Tenancy>).
 * class Tenancy extends Context.Tag("app/Tenancy")<Tenancy, { readonly current: Effect.Effect<string> }>() {}
 *
 * export const FromTenancy = Resolver.layer({
 *   tenantId: () => Effect.flatMap(Tenancy, (tenancy) => tenancy.current)
 * })
 * ```
 *
 * @since 0.1.0
 * @category layers
 */
export const layer = <const Fns extends Record<string, ResolverFn<any, any>>>(
  resolvers: Fns
): Layer.Layer<Resolvers, never, Requirements<Fns>> => Layer.effect(Resolvers, make(resolvers))

/**
 * No resolvers: every param is shown to the model — for APIs without identity params, and for
 * tools that only read public data.
 *
 * @example
 * ```ts
 * import * as FetchHttpClient from "@effect/platform/FetchHttpClient"
 * import * as Layer from "effect/Layer"
 * import * as Client from "rcp-sdk/client"
 * import * as Resolver from "rcp-sdk/resolver"
 *
 * export const PublicClient = Client.layer().pipe(
 *   Layer.provide(Resolver.layerEmpty),
 *   Layer.provide(FetchHttpClient.layer)
 * )
 * ```
 *
 * @since 0.1.0
 * @category layers
 */
export const layerEmpty: Layer.Layer<Resolvers> = layer({})

/**
 * Resolves every resolver-bound param of one tool call, in param order, failing closed: one
 * missing or failed value fails the whole call, and no model value is ever used instead.
 *
 * @since 0.1.0
 * @category combinators
 */
export const resolveAll = (
  tool: string,
  params: ReadonlyArray<Manifest.Param>,
  context: unknown
): Effect.Effect<Readonly<Record<string, Value>>, internal.ResolverMissing | internal.ResolverFailed, Resolvers> =>
  Effect.flatMap(Resolvers, (service) => internal.resolveAll(service, tool, params, context))
