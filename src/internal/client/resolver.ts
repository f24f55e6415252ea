import * as Cause from "effect/Cause"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Predicate from "effect/Predicate"
import type * as Manifest from "../../Manifest.js"
import type { ResolverFn, Service } from "../../Resolver.js"
import * as ParamSchema from "../manifest/paramSchema.js"
import * as ParamValue from "../manifest/paramValue.js"
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
      if (!ParamSchema.constrained(param)) {
        return isParamValue(param.type as "string" | "number" | "boolean", value)
          ? Effect.succeed(value)
          : Effect.fail(failed(`returned ${describeValue(value)}, but the param is declared as ${param.type}`))
      }
      // An array or object (or a scalar with bounds) is checked against its schema like a model's
      // value, and what is sent is the checked copy.
      const checked = ParamValue.conform(ParamSchema.nodeOf(param), value)
      return checked._tag === "Ok"
        ? Effect.succeed(checked.value as Value)
        : Effect.fail(failed(unfit(param, value, checked.problems, checked.more)))
    })
  }

  return { names, resolve }
}

/**
 * Why a resolved value does not fit its param's schema, for the operator: its kind when the type
 * itself is wrong, else the first problem with its path — a map's keys written `[*]`, since a
 * resolver's keys are as private as its values (docs/protocol.md §3.3).
 */
const unfit = (
  param: Manifest.Param,
  value: unknown,
  problems: ReadonlyArray<ParamValue.ValueProblem>,
  more: number
): string => {
  const first = problems[0]
  if (first === undefined || (first.path.length === 0 && !ParamValue.fitsType(ParamSchema.nodeOf(param), value))) {
    return `returned ${describeValue(value)}, but the param is declared as ${param.type}`
  }
  const at = (path: ParamValue.ValuePath) => `"${ParamValue.describePath(param.name, path, { maskKeys: true })}"`
  const text = first._tag === "Mismatch"
    ? `${at(first.path)} ${first.problem}`
    : first._tag === "Missing"
    ? `${at(first.path)} is missing (${first.type})`
    : `${at(first.path.slice(0, -1))} has a key its schema does not declare`
  const rest = problems.length - 1 + more
  return `produced a value that does not fit the param's schema: ${text}${rest > 0 ? ` (and ${rest} more problem(s))` : ""}`
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
