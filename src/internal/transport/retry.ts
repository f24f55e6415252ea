/**
 * Retries for requests that are safe to repeat: connection errors and 429/502/503/504, with capped
 * exponential backoff plus jitter, honouring `Retry-After`. A retry re-sends the very request the
 * call built — resolvers are not run again and nothing is kept once the call ends.
 */
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Random from "effect/Random"
import type { RetryOptions } from "../../Client.js"
import type { TransportError } from "./errors.js"
import type * as Transport from "./rules.js"

/** @internal */
export interface Policy {
  readonly retries: number
  readonly methods: ReadonlySet<string>
  readonly baseDelayMs: number
  readonly maxDelayMs: number
  readonly maxRetryAfterMs: number
}

/** @internal */
export const policy = (options: RetryOptions | undefined): Policy => {
  const retries = options?.retries ?? 2
  if (!Number.isInteger(retries) || retries < 0) throw new TypeError("rcp-sdk: retry.retries must be a whole number ≥ 0")
  return {
    retries,
    methods: new Set(["GET", ...(options?.methods ?? [])]),
    baseDelayMs: Duration.toMillis(options?.baseDelay ?? Duration.millis(200)),
    maxDelayMs: Duration.toMillis(options?.maxDelay ?? Duration.seconds(5)),
    maxRetryAfterMs: Duration.toMillis(options?.maxRetryAfter ?? Duration.seconds(30))
  }
}

const RETRY_STATUS = new Set([429, 502, 503, 504])

/**
 * `Retry-After` in milliseconds: delta-seconds or an HTTP date. Undefined when absent or unreadable.
 *
 * @internal
 */
export const retryAfterMs = (header: string | undefined, nowMs: number): number | undefined => {
  if (header === undefined) return undefined
  const text = header.trim()
  if (/^\d+$/.test(text)) return Number(text) * 1000
  const date = Date.parse(text)
  return Number.isNaN(date) ? undefined : Math.max(0, date - nowMs)
}

/** Full jitter over the upper half: never less than half the backoff, so retries do not bunch up. */
const backoff = (p: Policy, attempt: number): Effect.Effect<number> =>
  Effect.map(Random.next, (r) => {
    const ceiling = Math.min(p.maxDelayMs, p.baseDelayMs * 2 ** attempt)
    return Math.round(ceiling / 2 + (ceiling / 2) * r)
  })

/**
 * Runs `attempt` (one complete send) and repeats it while the outcome is retryable.
 *
 * @internal
 */
export const withRetries = (
  p: Policy,
  method: string,
  attempt: Effect.Effect<Transport.Received, Transport.SendError>
): Effect.Effect<Transport.Received, Transport.SendError> =>
  p.retries === 0 || !p.methods.has(method) ? attempt : withRetriesThen(p, method, attempt, Effect.succeed)

/**
 * `withRetries` followed by `then` on the response kept, in one step: the response goes straight
 * from the retry decision to `then`, not through another `flatMap`.
 *
 * @internal
 */
export const withRetriesThen = <A, E>(
  p: Policy,
  method: string,
  attempt: Effect.Effect<Transport.Received, Transport.SendError>,
  then: (received: Transport.Received) => Effect.Effect<A, E>
): Effect.Effect<A, Transport.SendError | E> => {
  if (p.retries === 0 || !p.methods.has(method)) return Effect.flatMap(attempt, then)
  const loop = (n: number): Effect.Effect<A, Transport.SendError | E> =>
    Effect.matchEffect(attempt, {
      onFailure: (error) =>
        n < p.retries && isConnectionError(error)
          ? Effect.flatMap(backoff(p, n), (ms) => Effect.andThen(Effect.sleep(ms), loop(n + 1)))
          : Effect.fail(error),
      onSuccess: (received) => {
        if (n >= p.retries || !RETRY_STATUS.has(received.status)) return then(received)
        return Effect.flatMap(Effect.clockWith((clock) => clock.currentTimeMillis), (now) => {
          const asked = retryAfterMs(received.headers["retry-after"], now)
          if (asked !== undefined && asked > p.maxRetryAfterMs) return then(received)
          return Effect.flatMap(backoff(p, n), (ms) =>
            Effect.andThen(Effect.sleep(Math.max(ms, asked ?? 0)), loop(n + 1)))
        })
      }
    })
  return loop(0)
}

const isConnectionError = (error: Transport.SendError): error is TransportError => error._tag === "TransportError"
