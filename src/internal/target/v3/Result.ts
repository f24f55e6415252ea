/**
 * A result that is either a success or a failure, as the running Effect spells it: `Either` on
 * Effect 3 (`Right`/`Left`, `.right`/`.left`). The Effect 4 twin is `../v4/Result.ts` (`Result`,
 * `.success`/`.failure`). Shared code never reads the fields: it goes through these functions, and
 * public signatures name `Result`, which each target's declarations resolve to its own type.
 */
import * as Either from "effect/Either"

/** `Either.Either<A, E>`. @internal */
export type Result<A, E> = Either.Either<A, E>

/** @internal */
export type Failure<A, E> = Either.Left<E, A>

/** @internal */
export type Success<A, E> = Either.Right<E, A>

/** @internal */
export const succeed = <A, E = never>(value: A): Result<A, E> => Either.right(value)

/** @internal */
export const fail = <E, A = never>(error: E): Result<A, E> => Either.left(error)

/** @internal */
export const isFailure = <A, E>(result: Result<A, E>): result is Failure<A, E> => Either.isLeft(result)

/** @internal */
export const isSuccess = <A, E>(result: Result<A, E>): result is Success<A, E> => Either.isRight(result)

/** @internal */
export const failureOf = <A, E>(result: Failure<A, E>): E => result.left

/** @internal */
export const successOf = <A, E>(result: Success<A, E>): A => result.right

/** @internal */
export const match = <A, E, B, C = B>(
  result: Result<A, E>,
  cases: { readonly onFailure: (error: E) => B; readonly onSuccess: (value: A) => C }
): B | C => Either.match(result, { onLeft: cases.onFailure, onRight: cases.onSuccess })
