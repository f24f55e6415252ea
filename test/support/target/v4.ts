/**
 * The Effect 4 test kit: `./v3.ts`'s names, Effect 4's spelling.
 */
import * as Cause from "effect/Cause"
import * as Config from "effect/Config"
import * as ConfigProvider from "effect/ConfigProvider"
import * as Effect from "effect/Effect"
import * as HttpClientError from "effect/http/HttpClientError"
import type * as HttpClientRequest from "effect/http/HttpClientRequest"
import type * as Layer from "effect/Layer"
import * as Logger from "effect/Logger"
import * as Option from "effect/Option"
import type * as Redacted from "effect/Redacted"
import * as References from "effect/References"
import * as TestClock from "effect/testing/TestClock"
import * as Tracer from "effect/Tracer"
import { safeStringify } from "../stringify.js"

/** Which Effect this run is on. */
export const target: "effect3" | "effect4" = "effect4"

/** What `it.effect` provides: the test clock. */
export const TestServices: Layer.Layer<never> = TestClock.layer() as Layer.Layer<never>

/** The typed failure of a cause, if it has one. */
export const failureOf = <E>(cause: Cause.Cause<E>): E | undefined => Option.getOrUndefined(Cause.findErrorOption(cause))

/** Whether a cause is interruption only. */
export const interruptedOnly = <E>(cause: Cause.Cause<E>): boolean => Cause.hasInterruptsOnly(cause)

/** The `_tag` of `Effect.timeout`'s error. */
export const TIMEOUT_TAG = "TimeoutError"

export interface RecordedSpan {
  readonly name: string
  /** The parent span's name (`undefined` for a root, `"external"` for an external parent). */
  readonly parent: string | undefined
  readonly attributes: Map<string, unknown>
  readonly events: Array<{ readonly name: string; readonly attributes: Record<string, unknown> | undefined }>
  ended: boolean
}

/** A tracer that keeps every span it is asked to start, with its attributes and events (Effect 4's `NativeSpan`). */
export const recordingTracer = (spans: Array<RecordedSpan>): Tracer.Tracer =>
  Tracer.make({
    span: (options) => {
      const recorded: RecordedSpan = {
        name: options.name,
        parent: Option.match(options.parent, {
          onNone: () => undefined,
          onSome: (p) => (p._tag === "Span" ? p.name : "external")
        }),
        attributes: new Map(),
        events: [],
        ended: false
      }
      spans.push(recorded)
      const span = new Tracer.NativeSpan(options)
      const attribute = span.attribute.bind(span)
      const event = span.event.bind(span)
      const end = span.end.bind(span)
      span.attribute = (key, value) => {
        recorded.attributes.set(key, value)
        attribute(key, value)
      }
      span.event = (name, startTime, attributes) => {
        recorded.events.push({ name, attributes })
        event(name, startTime, attributes)
      }
      span.end = (endTime, exit) => {
        recorded.ended = true
        end(endTime, exit)
      }
      return span
    }
  })

/** A logger that keeps every line (message and annotations) instead of printing it. */
export const recordingLogger = (lines: Array<string>): Layer.Layer<never> =>
  Logger.layer([
    Logger.make(({ fiber, message }) => {
      const annotations = Object.entries(fiber.getRef(References.CurrentLogAnnotations))
      lines.push(`${safeStringify(message)} ${safeStringify(annotations)}`)
    })
  ])

/** The error an `HttpClient` fails with when nothing could be sent (Effect 4: one class, its `reason` a `TransportError`). */
export const transportError = (request: HttpClientRequest.HttpClientRequest, cause: unknown): HttpClientError.HttpClientError =>
  new HttpClientError.HttpClientError({ reason: new HttpClientError.TransportError({ request, cause }) })

/** Runs `effect` with Debug logging on, each line kept in `lines` as `LEVEL: message` (`DEBUG: …`). */
export const withDebugLog = (lines: Array<string>) => <A, E, R>(effect: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> => {
  const logger = Logger.make(({ logLevel, message }) => {
    lines.push(`${logLevel.toUpperCase()}: ${Array.isArray(message) ? message.join(" ") : String(message)}`)
  })
  return effect.pipe(
    // Replaces the default logger, as the test services drop it on Effect 3: nothing printed.
    Effect.provide(Logger.layer([logger])),
    Effect.provideService(References.MinimumLogLevel, "Debug")
  )
}

/** Runs `effect` in a child fiber of the current one (Effect 4: `Effect.forkChild`). */
export const fork = <A, E, R>(effect: Effect.Effect<A, E, R>) => Effect.forkChild(effect)

/** Runs `effect` with every level logged, Debug included (Effect 4: the `MinimumLogLevel` reference). */
export const atDebugLevel = <A, E, R>(effect: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
  Effect.provideService(effect, References.MinimumLogLevel, "Debug")

/** How many exit observers the current fiber holds (Effect internals, read for a leak test; none yet is `undefined`). */
export const observerCount: Effect.Effect<number> = Effect.withFiber((fiber) =>
  Effect.succeed((fiber as unknown as { readonly _observers: ReadonlyArray<unknown> | undefined })._observers?.length ?? 0)
)

/** `Config.Redacted(name)` (Effect 3: `Config.redacted`). */
export const redactedConfig = (name: string): Config.Config<Redacted.Redacted<string>> => Config.Redacted(name)

/** Runs `effect` with configuration read from `env` alone (the `ConfigProvider` reference). */
export const withConfigFrom = (env: Record<string, string>) => <A, E, R>(effect: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
  Effect.provideService(effect, ConfigProvider.ConfigProvider, ConfigProvider.fromEnvRecord(env))

/** The error of a cause that is one typed failure and nothing else (one `Fail` reason), else `undefined`. */
export const onlyFailure = <E>(cause: Cause.Cause<E>): E | undefined => {
  const [reason, ...more] = cause.reasons
  return reason !== undefined && more.length === 0 && reason._tag === "Fail" ? reason.error : undefined
}

/** Runs `effect` with every level logged, Trace included. */
export const atEveryLevel = <A, E, R>(effect: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
  Effect.provideService(effect, References.MinimumLogLevel, "All")
