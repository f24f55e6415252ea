/**
 * The Effect combinators shared code uses whose name or shape changed in Effect 4, each under one
 * neutral name (Effect 4's name where it has one). Effect 3 here; `../v4/Effects.ts` is the twin.
 * Everything else shared code calls exists alike on both; a name joins this module when the
 * Effect 4 build (or the Effect 4 test project) finds it missing, not before.
 */
import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import * as ExecutionStrategy from "effect/ExecutionStrategy"
import * as Scope from "effect/Scope"

/** `Effect.catchAllCause` (Effect 4: `Effect.catchCause`). @internal */
export const catchCause: typeof Effect.catchAllCause = Effect.catchAllCause

/** `Cause.isInterruptedOnly` (Effect 4: `Cause.hasInterruptsOnly`). @internal */
export const hasInterruptsOnly: <E>(cause: Cause.Cause<E>) => boolean = Cause.isInterruptedOnly

/** A child scope of `scope` whose finalizers run one after another (Effect 4: `Scope.fork(scope, "sequential")`). @internal */
export const forkScope = (scope: Scope.Scope): Effect.Effect<Scope.CloseableScope> => Scope.fork(scope, ExecutionStrategy.sequential)
