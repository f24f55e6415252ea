/**
 * The Effect combinators shared code uses whose name or shape changed in Effect 4, each under one
 * neutral name (Effect 4's name where it has one). Effect 3 here; `../v4/Effects.ts` is the twin.
 * Everything else shared code calls exists alike on both; a name joins this module when the
 * Effect 4 build (or the Effect 4 test project) finds it missing, not before.
 */
import * as Cause from "effect/Cause"
import type * as ConfigError_ from "effect/ConfigError"
import * as Deferred from "effect/Deferred"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import type * as Either from "effect/Either"
import * as ExecutionStrategy from "effect/ExecutionStrategy"
import type * as Fiber from "effect/Fiber"
import * as FiberId from "effect/FiberId"
import * as Layer from "effect/Layer"
import * as Scope from "effect/Scope"
import type * as Tracer from "effect/Tracer"

/** `Effect.catchAllCause` (Effect 4: `Effect.catchCause`). @internal */
export const catchCause: typeof Effect.catchAllCause = Effect.catchAllCause

/** `Cause.isInterruptedOnly` (Effect 4: `Cause.hasInterruptsOnly`). @internal */
export const hasInterruptsOnly: <E>(cause: Cause.Cause<E>) => boolean = Cause.isInterruptedOnly

/** A child scope of `scope` whose finalizers run one after another (Effect 4: `Scope.fork(scope, "sequential")`). @internal */
export const forkScope = (scope: Scope.Scope): Effect.Effect<Scope.CloseableScope> => Scope.fork(scope, ExecutionStrategy.sequential)

// The client (rcp-sdk/client) and its transports.

/** `Duration.DurationInput` (Effect 4: `Duration.Input`). @internal */
export type DurationInput = Duration.DurationInput

/** `ConfigError.ConfigError` (Effect 4: `Config.ConfigError`). @internal */
export type ConfigError = ConfigError_.ConfigError

/** A fiber the runtime runs (Effect 4: `Fiber.Fiber`). @internal */
export type RuntimeFiber<A, E> = Fiber.RuntimeFiber<A, E>

/** `Effect.catchAllDefect` (Effect 4: `Effect.catchDefect`). @internal */
export const catchDefect: typeof Effect.catchAllDefect = Effect.catchAllDefect

/** Fails with `onTimeout()` unless `self` ends within `duration` (Effect 4: `Effect.timeoutOrElse`). @internal */
export const timeoutFail = <A, E, R, E2>(
  self: Effect.Effect<A, E, R>,
  duration: DurationInput,
  onTimeout: () => E2
): Effect.Effect<A, E | E2, R> => Effect.timeoutFail(self, { duration, onTimeout })

/** `Layer.scoped` (Effect 4: `Layer.effect`, which takes a scoped effect). @internal */
export const layerScoped: typeof Layer.scoped = Layer.scoped

/** Interrupts `fiber` without waiting for it (Effect 4: `fiber.interruptUnsafe()`). @internal */
export const interruptFork = (fiber: RuntimeFiber<unknown, unknown>): void => fiber.unsafeInterruptAsFork(FiberId.none)

/** A `Deferred` made outside any fiber (Effect 4: `Deferred.makeUnsafe()`). @internal */
export const deferredUnsafe = <A, E>(): Deferred.Deferred<A, E> => Deferred.unsafeMake<A, E>(FiberId.none)

/** The error a span wrapped: Effect 3 fails with a copy of an error thrown inside a span (Effect 4: the error itself). @internal */
export const originalError: <E>(error: E) => E = Cause.originalError

/** `Scope.CloseableScope` (Effect 4: `Scope.Closeable`). @internal */
export type CloseableScope = Scope.CloseableScope

/** Runs `self` in `scope`, which its finalizers join (Effect 4: `Scope.provide`). @internal */
export const inScope: (scope: Scope.Scope) => <A, E, R>(self: Effect.Effect<A, E, R>) => Effect.Effect<A, E, Exclude<R, Scope.Scope>> =
  Scope.extend

/** `Effect.either` (Effect 4: `Effect.result`): the failure as a value. Read it with `#target/Result.js`. @internal */
export const result: <A, E, R>(self: Effect.Effect<A, E, R>) => Effect.Effect<Either.Either<A, E>, never, R> = Effect.either

/** `Effect.tracerWith` (Effect 4: `Tracer.Tracer.use`): the tracer in use, read in the same step as `Effect.suspend` would. @internal */
export const tracerWith: <A, E, R>(f: (tracer: Tracer.Tracer) => Effect.Effect<A, E, R>) => Effect.Effect<A, E, R> =
  Effect.tracerWith

/** `Effect.withSpan` without a captured stack trace (Effect 4 takes that option apart). @internal */
export const withSpan = (
  name: string,
  attributes: Readonly<Record<string, unknown>>
): <A, E, R>(self: Effect.Effect<A, E, R>) => Effect.Effect<A, E, R> =>
  Effect.withSpan(name, { captureStackTrace: false, attributes })

/**
 * `Effect.withFiberRuntime` itself (Effect 4: `Effect.withFiber`): on the undici transport's path of
 * every call, so no wrapper of ours around it. @internal
 */
export const withFiber: <A, E, R>(f: (fiber: RuntimeFiber<unknown, unknown>) => Effect.Effect<A, E, R>) => Effect.Effect<A, E, R> =
  Effect.withFiberRuntime

/**
 * `Effect.async` itself, typed for a one-parameter `register` (Effect 4: `Effect.callback`): it
 * makes no AbortController and no canceler for a register of one parameter. @internal
 */
export const callback: <A, E>(register: (resume: (effect: Effect.Effect<A, E>) => void) => void) => Effect.Effect<A, E> =
  Effect.async

/** What `watch` hands back for `unwatch`: nothing on Effect 3 (`removeObserver` takes the observer). @internal */
export type Watching = undefined

/** Calls `f` when `fiber` ends (`addObserver`); allocates nothing more than `f`. @internal */
export const watch = (fiber: RuntimeFiber<unknown, unknown>, f: () => void): Watching => {
  fiber.addObserver(f)
  return undefined
}

/** Stops the `watch` that returned `watching` (Effect 3: `removeObserver(f)`). @internal */
export const unwatch = (fiber: RuntimeFiber<unknown, unknown>, f: () => void, _watching: Watching): void =>
  fiber.removeObserver(f)

/** The error of a cause that is one failure and nothing else, else `undefined` (Effect 4: one `Fail` reason). @internal */
export const soleFailure = <E>(cause: Cause.Cause<E>): E | undefined => cause._tag === "Fail" ? cause.error : undefined

/** Completes `deferred` from outside any fiber (Effect 4: `Deferred.doneUnsafe`); nothing if it was already done. @internal */
export const deferredDone = <A, E>(deferred: Deferred.Deferred<A, E>, effect: Effect.Effect<A, E>): void => {
  Deferred.unsafeDone(deferred, effect)
}

/** A `Duration` from any duration input; throws on a malformed one (Effect 4: `Duration.fromInputUnsafe`). @internal */
export const durationOf = (input: DurationInput): Duration.Duration => Duration.decode(input)
