/**
 * A span around a client operation, paid for only when someone can see it. With Effect's own
 * native tracer (no tracer installed) a span is never exported, yet creating, parenting and ending
 * it was most of the Effect runtime's cost of a call (bench/RESULTS.md §Profile); so with that
 * tracer the operation runs without one. Any other tracer (OpenTelemetry, a test's recorder) gets
 * the span as before.
 */
import * as Effect from "effect/Effect"
import type * as Tracer from "effect/Tracer"

let native: Tracer.Tracer | undefined
// Effect's default services hold the native tracer; one synchronous run reads it, once.
const nativeTracer = (): Tracer.Tracer => (native ??= Effect.runSync(Effect.tracer))

/**
 * Runs `f` inside a span named `name` (its parent for everything `f` does), or without a span when
 * `tracer` — the one in use, from `Effect.tracerWith`, which the caller's own step already is — is
 * the native one: then `f` gets `undefined`.
 *
 * @internal
 */
export const within = <A, E, R>(
  tracer: Tracer.Tracer,
  name: string,
  attributes: Readonly<Record<string, unknown>>,
  f: (span: Tracer.Span | undefined) => Effect.Effect<A, E, R>
): Effect.Effect<A, E, R> =>
  tracer === nativeTracer()
    ? f(undefined)
    : Effect.useSpan(name, spanOptions(attributes), (span) => Effect.withParentSpan(f(span), span))

// No stack trace captured: Effect 3 reads `captureStackTrace` here; Effect 4's `useSpan` captures
// none and has no such option (so it is handed over as a plain object, which both accept).
const spanOptions = (attributes: Readonly<Record<string, unknown>>) => ({ captureStackTrace: false, attributes })
