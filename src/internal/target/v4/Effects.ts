/**
 * The Effect combinators shared code uses whose name or shape changed in Effect 4, each under one
 * neutral name (Effect 4's name where it has one). Effect 4 here; `../v3/Effects.ts` is the twin.
 */
import * as Cause from "effect/Cause"
import type * as Config from "effect/Config"
import * as Deferred from "effect/Deferred"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import type * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import type * as Result from "effect/Result"
import * as Scope from "effect/Scope"
import * as Tracer from "effect/Tracer"

/** `Effect.catchCause` (Effect 3: `Effect.catchAllCause`). @internal */
export const catchCause: typeof Effect.catchCause = Effect.catchCause

/** `Cause.hasInterruptsOnly` (Effect 3: `Cause.isInterruptedOnly`). @internal */
export const hasInterruptsOnly: <E>(cause: Cause.Cause<E>) => boolean = Cause.hasInterruptsOnly

/** A child scope of `scope` whose finalizers run one after another (Effect 3: `Scope.fork(scope, ExecutionStrategy.sequential)`). @internal */
export const forkScope = (scope: Scope.Scope): Effect.Effect<Scope.Closeable> => Scope.fork(scope, "sequential")

// The client (rcp-sdk/client) and its transports.

/** `Duration.Input` (Effect 3: `Duration.DurationInput`). @internal */
export type DurationInput = Duration.Input

/** `Config.ConfigError` (Effect 3: `ConfigError.ConfigError`). @internal */
export type ConfigError = Config.ConfigError

/** A fiber the runtime runs (Effect 3: `Fiber.RuntimeFiber`). @internal */
export type RuntimeFiber<A, E> = Fiber.Fiber<A, E>

/** `Effect.catchDefect` (Effect 3: `Effect.catchAllDefect`). @internal */
export const catchDefect: typeof Effect.catchDefect = Effect.catchDefect

/** Fails with `onTimeout()` unless `self` ends within `duration` (Effect 3: `Effect.timeoutFail`). @internal */
export const timeoutFail = <A, E, R, E2>(
  self: Effect.Effect<A, E, R>,
  duration: DurationInput,
  onTimeout: () => E2
): Effect.Effect<A, E | E2, R> => Effect.timeoutOrElse(self, { duration, orElse: () => Effect.fail(onTimeout()) })

/** `Layer.effect`, which takes a scoped effect (Effect 3: `Layer.scoped`). @internal */
export const layerScoped: typeof Layer.effect = Layer.effect

/** Interrupts `fiber` without waiting for it (Effect 3: `unsafeInterruptAsFork`). @internal */
export const interruptFork = (fiber: RuntimeFiber<unknown, unknown>): void => fiber.interruptUnsafe()

/** A `Deferred` made outside any fiber (Effect 3: `Deferred.unsafeMake(FiberId.none)`). @internal */
export const deferredUnsafe = <A, E>(): Deferred.Deferred<A, E> => Deferred.makeUnsafe<A, E>()

/** The error itself: Effect 4 fails with it, also inside a span (Effect 3: `Cause.originalError`). @internal */
export const originalError = <E>(error: E): E => error

/** `Scope.Closeable` (Effect 3: `Scope.CloseableScope`). @internal */
export type CloseableScope = Scope.Closeable

/** Runs `self` in `scope`, which its finalizers join (Effect 3: `Scope.extend`). @internal */
export const inScope: (scope: Scope.Scope) => <A, E, R>(self: Effect.Effect<A, E, R>) => Effect.Effect<A, E, Exclude<R, Scope.Scope>> =
  Scope.provide

/** `Effect.result` (Effect 3: `Effect.either`): the failure as a value. Read it with `#target/Result.js`. @internal */
export const result: <A, E, R>(self: Effect.Effect<A, E, R>) => Effect.Effect<Result.Result<A, E>, never, R> = Effect.result

/** `Tracer.Tracer.use` (Effect 3: `Effect.tracerWith`). @internal */
export const tracerWith = <A, E, R>(f: (tracer: Tracer.Tracer) => Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
  Tracer.Tracer.use(f)

/** `Effect.withSpan` without a captured stack trace (the trace options are its third argument on Effect 4). @internal */
export const withSpan = (
  name: string,
  attributes: Readonly<Record<string, unknown>>
): <A, E, R>(self: Effect.Effect<A, E, R>) => Effect.Effect<A, E, R> =>
  Effect.withSpan(name, { attributes }, { captureStackTrace: false })

/**
 * `Effect.withFiber` itself (Effect 3: `Effect.withFiberRuntime`): on the undici transport's path of
 * every call, so no wrapper of ours around it. @internal
 */
export const withFiber: <A, E, R>(f: (fiber: RuntimeFiber<unknown, unknown>) => Effect.Effect<A, E, R>) => Effect.Effect<A, E, R> =
  Effect.withFiber

/**
 * `Effect.callback` itself, typed for a one-parameter `register` (Effect 3: `Effect.async`): it
 * makes an AbortController only for a register of two parameters (`register.length`), so none here,
 * and no closure of ours per call. @internal
 */
export const callback: <A, E>(register: (resume: (effect: Effect.Effect<A, E>) => void) => void) => Effect.Effect<A, E> =
  Effect.callback

/** What `watch` hands back for `unwatch`: Effect 4's `addObserver` returns its remover. @internal */
export type Watching = () => void

/** Calls `f` when `fiber` ends (`addObserver`). @internal */
export const watch = (fiber: RuntimeFiber<unknown, unknown>, f: () => void): Watching => fiber.addObserver(f)

/** Stops the `watch` that returned `watching` (Effect 4 has no `removeObserver`). @internal */
export const unwatch = (_fiber: RuntimeFiber<unknown, unknown>, _f: () => void, watching: Watching): void => watching()

/** The error of a cause that is one failure and nothing else, else `undefined` (Effect 3: a `Fail` cause). @internal */
export const soleFailure = <E>(cause: Cause.Cause<E>): E | undefined => {
  const reason = cause.reasons.length === 1 ? cause.reasons[0] : undefined
  return reason !== undefined && Cause.isFailReason(reason) ? reason.error : undefined
}

/** Completes `deferred` from outside any fiber (Effect 3: `Deferred.unsafeDone`); nothing if it was already done. @internal */
export const deferredDone = <A, E>(deferred: Deferred.Deferred<A, E>, effect: Effect.Effect<A, E>): void => {
  Deferred.doneUnsafe(deferred, effect)
}

/** A `Duration` from any duration input; throws on a malformed one (Effect 3: `Duration.decode`). @internal */
export const durationOf = (input: DurationInput): Duration.Duration => Duration.fromInputUnsafe(input)
