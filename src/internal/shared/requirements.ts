/**
 * What an operator's function requires when it returns an Effect — the rule of
 * `Resolver.Requirements`, for the credential function and the OAuth subject function — so that a
 * client's layer (or `discover`) carries exactly the services its functions need.
 */
import type * as Effect from "effect/Effect"

/**
 * The requirements of the Effect a function may return; `never` for a value, a plain function, a
 * function typed `any`, or an Effect whose requirements are `any` (an untyped option: requiring
 * `any` would make the whole layer require it).
 *
 * @internal
 */
export type OfFunction<F> = F extends (...args: any) => infer Out ? 0 extends (1 & Out) ? never : OfResult<Out>
  : never

/** @internal */
export type OfResult<Out> = Out extends Effect.Effect<any, any, infer R> ? 0 extends (1 & R) ? never : R : never
