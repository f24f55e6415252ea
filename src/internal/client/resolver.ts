import * as Cause from "effect/Cause"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Predicate from "effect/Predicate"
import type * as Manifest from "../../Manifest.js"
import type { ResolverFn, Service } from "../../Resolver.js"
import { TaggedError } from "../shared/taggedError.js"
import { describeValue } from "../shared/text.js"
import type { Value } from "../shared/values.js"
import { isParamValue } from "../shared/values.js"

/**
 * Nothing to resolve from for this call (`undefined`, `null`, no context): the call fails
 * before any HTTP request. The message never contains a value.
 *
 * @since 0.1.0
 * @category errors
 */
export class ResolverMissing extends TaggedError("ResolverMissing")<{
  readonly tool: string
  readonly param: string
}> {
  override get message(): string {
    return `tool "${this.tool}": no value for "${this.param}" — its resolver had nothing to resolve from for this call`
  }
}

/**
 * A resolver threw, failed, rejected, or returned a value of the wrong type. `reason` says which
 * (never the value); `cause` holds what was thrown, for the operator.
 *
 * @since 0.1.0
 * @category errors
 */
export class ResolverFailed extends TaggedError("ResolverFailed")<{
  readonly tool: string
  readonly param: string
  readonly reason: string
  readonly cause?: unknown
}> {
  override get message(): string {
    return `tool "${this.tool}": the resolver for "${this.param}" ${this.reason}`
  }
}

// A call without context still runs its resolvers, so `ctx.currentUserId` reads `undefined`
// (ResolverMissing) instead of throwing on `undefined.currentUserId` (ResolverFailed).
const NO_CONTEXT: unknown = Object.freeze({})

/** @internal */
export const make = (resolvers: Record<string, ResolverFn<any, any>>, context: Context.Context<any>): Service => {
  const table = new Map(Object.entries(resolvers))
  const names: ReadonlySet<string> = new Set(table.keys())

  const resolve: Service["resolve"] = (param, callContext, tool) => {
    const fn = table.get(param.name)
    if (fn === undefined) return Effect.die(new Error(`no resolver for "${param.name}"`))
    const failed = (reason: string, cause?: unknown) =>
      new ResolverFailed(cause === undefined ? { tool, param: param.name, reason } : { tool, param: param.name, reason, cause })
    const run: Effect.Effect<unknown, ResolverFailed> = Effect.suspend(() => {
      let out: unknown
      try {
        out = fn(callContext ?? NO_CONTEXT, { tool, param: param.name })
      } catch (cause) {
        return Effect.fail(failed("threw an error", cause))
      }
      if (Effect.isEffect(out)) {
        return Effect.provide(out, context).pipe(
          Effect.catchAllCause((cause) =>
            Cause.isInterruptedOnly(cause) ? Effect.failCause(cause) : Effect.fail(failed("failed", Cause.squash(cause)))
          )
        ) as Effect.Effect<unknown, ResolverFailed>
      }
      if (Predicate.isPromiseLike(out)) {
        return Effect.tryPromise({ try: () => Promise.resolve(out), catch: (cause) => failed("rejected", cause) })
      }
      return Effect.succeed(out)
    })
    return Effect.flatMap(run, (value): Effect.Effect<Value, ResolverMissing | ResolverFailed> => {
      if (value === undefined || value === null) return Effect.fail(new ResolverMissing({ tool, param: param.name }))
      if (!isParamValue(param.type, value)) {
        return Effect.fail(failed(`returned ${describeValue(value)}, but the param is declared as ${param.type}`))
      }
      return Effect.succeed(value)
    })
  }

  return { names, resolve }
}

/** @internal */
export const resolveAll = (
  service: Service,
  tool: string,
  params: ReadonlyArray<Manifest.Param>,
  context: unknown
): Effect.Effect<Readonly<Record<string, Value>>, ResolverMissing | ResolverFailed> =>
  // No prototype: a param named "__proto__" must be an own key like any other, never Object.prototype.
  Effect.reduce(params, Object.create(null) as Record<string, Value>, (values, param) =>
    Effect.map(service.resolve(param, context, tool), (value) => {
      values[param.name] = value
      return values
    }))
