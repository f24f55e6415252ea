/**
 * The Effect combinators shared code uses whose name or shape changed in Effect 4, each under one
 * neutral name (Effect 4's name where it has one). Effect 4 here; `../v3/Effects.ts` is the twin.
 */
import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import * as Scope from "effect/Scope"

/** `Effect.catchCause` (Effect 3: `Effect.catchAllCause`). @internal */
export const catchCause: typeof Effect.catchCause = Effect.catchCause

/** `Cause.hasInterruptsOnly` (Effect 3: `Cause.isInterruptedOnly`). @internal */
export const hasInterruptsOnly: <E>(cause: Cause.Cause<E>) => boolean = Cause.hasInterruptsOnly

/** A child scope of `scope` whose finalizers run one after another (Effect 3: `Scope.fork(scope, ExecutionStrategy.sequential)`). @internal */
export const forkScope = (scope: Scope.Scope): Effect.Effect<Scope.Closeable> => Scope.fork(scope, "sequential")
