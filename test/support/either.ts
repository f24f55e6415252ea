/**
 * `Effect.either`'s outcome, written out as a plain value (`{ _tag: "Left", left }` /
 * `{ _tag: "Right", right }`): the same on both Effects (Effect 4 has `Effect.result`, whose
 * `Result` is spelled `Failure` / `Success`), so a test body reads the same on each target. A
 * synchronous `Result` (`Manifest.validate`) is read through `#target/Result.js` (or the kit's `getOrThrow`).
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

/** A promise's outcome, fulfilment or rejection, as the same value (the promise facade's side of `either`). */
export const settled = <A>(promise: Promise<A>): Promise<Outcome<A, unknown>> =>
  promise.then(
    (right): Outcome<A, unknown> => ({ _tag: "Right", right }),
    (left): Outcome<A, unknown> => ({ _tag: "Left", left })
  )
