/**
 * A hook the app hands in any form — a function returning a value, a promise or an Effect — run as
 * an Effect whose failure is what the hook threw, rejected or failed with, kept as it is (each
 * caller decides what that failure means: `ApprovalFailed`, a search's defect).
 */
import * as Effect from "effect/Effect"
import { identity } from "effect/Function"
import * as Predicate from "effect/Predicate"

/** @internal */
export const anyForm = <A>(run: () => A | PromiseLike<A> | Effect.Effect<A, unknown>): Effect.Effect<A, unknown> =>
  Effect.flatMap(Effect.try({ try: run, catch: identity }), (answer) =>
    Effect.isEffect(answer)
      ? answer
      : Predicate.isPromiseLike(answer)
      ? Effect.tryPromise({ try: () => Promise.resolve(answer), catch: identity })
      : Effect.succeed(answer))
