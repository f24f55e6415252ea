/**
 * `Effect.either`'s outcome, written out as a plain value (`{ _tag: "Left", left }` /
 * `{ _tag: "Right", right }`): the same on both Effects (Effect 4 has `Effect.result`, whose
 * `Result` is spelled `Failure` / `Success`), so a test body reads the same on each target.
 */
import * as Effect from "effect/Effect"

export type Outcome<A, E> =
  | { readonly _tag: "Left"; readonly left: E }
  | { readonly _tag: "Right"; readonly right: A }

/** Runs `effect` and returns its outcome, success or typed failure, as a value. */
export const either = <A, E, R>(effect: Effect.Effect<A, E, R>): Effect.Effect<Outcome<A, E>, never, R> =>
  Effect.match(effect, {
    onFailure: (left): Outcome<A, E> => ({ _tag: "Left", left }),
    onSuccess: (right): Outcome<A, E> => ({ _tag: "Right", right })
  })
