/**
 * A result that is either a success or a failure, as the running Effect spells it: `Result` on
 * Effect 4 (`Success`/`Failure`, `.success`/`.failure`). The Effect 3 twin is `../v3/Result.ts`.
 */
import * as Result_ from "effect/Result"

/** `Result.Result<A, E>`. @internal */
export type Result<A, E> = Result_.Result<A, E>

/** @internal */
export type Failure<A, E> = Result_.Failure<A, E>

/** @internal */
export type Success<A, E> = Result_.Success<A, E>

/** @internal */
export const succeed = <A, E = never>(value: A): Result<A, E> => Result_.succeed(value)

/** @internal */
export const fail = <E, A = never>(error: E): Result<A, E> => Result_.fail(error)

/** @internal */
export const isFailure = <A, E>(result: Result<A, E>): result is Failure<A, E> => Result_.isFailure(result)

/** @internal */
export const isSuccess = <A, E>(result: Result<A, E>): result is Success<A, E> => Result_.isSuccess(result)

/** @internal */
export const failureOf = <A, E>(result: Failure<A, E>): E => result.failure

/** @internal */
export const successOf = <A, E>(result: Success<A, E>): A => result.success

/** @internal */
export const match = <A, E, B, C = B>(
  result: Result<A, E>,
  cases: { readonly onFailure: (error: E) => B; readonly onSuccess: (value: A) => C }
): B | C => Result_.match(result, cases)
