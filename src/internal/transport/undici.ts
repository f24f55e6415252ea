/**
 * The fast transport: straight over undici's `dispatch` handler API, one Effect per logical
 * request. It applies exactly the rules of `rules.ts` (`next`, `blockedHost`, `failure`, the
 * cap and the timeout) — only the sending differs. Each client has its own undici agent, closed
 * with the client, so no socket outlives it; with `blockPrivateNetworks` that agent resolves names
 * through the guard.
 *
 * `dispatch` rather than `undici.request`: no body stream and no `AbortController` per call — a
 * timeout, an interruption, a body over the cap and a redirect all end the exchange through the
 * handler's own controller (which destroys the socket), and every error arrives in one callback,
 * so none can surface as an unhandled stream error.
 */
import * as Effects from "#target/Effects.js"
import * as Effect from "effect/Effect"
import type * as Scope from "effect/Scope"
import type * as Undici from "undici"
import { BodyBuffer } from "./bodyBuffer.js"
import type { Outgoing } from "./outgoing.js"
import * as PrivateNetwork from "./privateNetwork.js"
import * as Transport from "./rules.js"

/** The longest delay `setTimeout` honours. */
const MAX_TIMER_MS = 2 ** 31 - 1

type Resume = (effect: Effect.Effect<Transport.Received, Transport.SendError>) => void

const headerValue = (value: string | Array<string> | undefined): string | undefined =>
  Array.isArray(value) ? value.join(", ") : value

const headersOf = (headers: Record<string, string | Array<string> | undefined>): Record<string, string | undefined> => {
  const out: Record<string, string | undefined> = {}
  for (const key in headers) out[key] = headerValue(headers[key])
  return out
}

/** Why an exchange was cut short; undici hands it back to `onResponseError`, where it is ignored. */
const aborted = (): Error => new Error("rcp-sdk: exchange aborted")

/**
 * One logical request: its hops one after the other, one timer over all of them, and exactly one
 * `resume`. After `done`, late callbacks of an abandoned hop change nothing.
 *
 * Interruption: the exchange watches the fiber that sent it and is cut (socket closed) when that
 * fiber ends first — interrupted by `close()`, a caller's signal, a lost race or a timeout around
 * it. An `Effect.async` (Effect 4: `Effect.callback`) canceler would do the same at the moment of
 * interruption, but costs an `onInterrupt` (an uninterruptible region and an exit match) on every
 * call, ~2 KB of allocation that 64 calls in flight turn into GC time (bench/RESULTS.md,
 * `bench/cpuFlight.ts`).
 */
class Exchange {
  done = false
  hop: Hop | undefined = undefined
  timer: ReturnType<typeof setTimeout> | undefined = undefined
  /** Whether `onFiberExit` is still among the fiber's observers. */
  private observing = false
  /** What stops it observing (`Effects.unwatch`). */
  private watching: Effects.Watching | undefined = undefined

  constructor(
    readonly dispatcher: Undici.Dispatcher,
    readonly options: Transport.SendOptions,
    readonly resume: Resume,
    readonly fiber: Effects.RuntimeFiber<unknown, unknown>
  ) {}

  /** The sending fiber ended with the exchange still open: nobody waits for it any more. */
  readonly onFiberExit = (): void => {
    this.observing = false
    this.interrupt()
  }

  start(request: Outgoing): void {
    this.observing = true
    this.watching = Effects.watch(this.fiber, this.onFiberExit)
    // Like Effect's own clock: a delay no timer can hold (over 2^31 - 1 ms, or infinite) never
    // fires; handed to setTimeout it would fire at once.
    if (this.options.timeoutMs <= MAX_TIMER_MS) this.timer = setTimeout(onTimeout, this.options.timeoutMs, this)
    this.send(request, 0)
  }

  send(request: Outgoing, hops: number): void {
    if (this.done) return
    const blocked = Transport.blockedHost(request.url, this.options)
    if (blocked !== undefined) return this.fail(blocked)
    const hop = new Hop(this, request, hops)
    this.hop = hop
    try {
      const out = this.options.credential.apply(request)
      const url = out.url
      // A rejected request (bad header, closed agent) comes back through `onResponseError`.
      this.dispatcher.dispatch({
        origin: url.origin,
        path: url.search === "" ? url.pathname : url.pathname + url.search,
        method: out.method as Undici.Dispatcher.HttpMethod,
        headers: out.headers,
        body: out.body ?? null
      }, hop)
    } catch (cause) {
      hop.abort()
      this.fail(Transport.failure("connect", cause, request.url, this.options))
    }
  }

  succeed(received: Transport.Received): void {
    if (this.done) return
    this.end()
    this.resume(Effect.succeed(received))
  }

  fail(error: Transport.SendError): void {
    if (this.done) return
    this.end()
    this.resume(Effect.fail(error))
  }

  /** The fiber was interrupted: nobody waits for a result any more, only the socket is closed. */
  interrupt(): void {
    if (this.done) return
    this.end()
    this.hop?.abort()
  }

  private end(): void {
    this.done = true
    if (this.timer !== undefined) clearTimeout(this.timer)
    if (this.observing) {
      this.observing = false
      Effects.unwatch(this.fiber, this.onFiberExit, this.watching as Effects.Watching)
    }
  }
}

/** Module-level, with the exchange as the timer's argument: no closure per call. */
const onTimeout = (exchange: Exchange): void => {
  if (exchange.done) return
  exchange.hop?.abort()
  exchange.fail(Transport.timeout(exchange.options))
}

/** One request/response on the wire: undici's handler for it. */
class Hop implements Undici.Dispatcher.DispatchHandler {
  controller: Undici.Dispatcher.DispatchController | undefined = undefined
  /** Set once this hop's outcome is decided; later callbacks are its aftermath. */
  settled = false
  status = 0
  headers: Record<string, string | undefined> = {}
  body: BodyBuffer | undefined = undefined

  constructor(readonly exchange: Exchange, readonly request: Outgoing, readonly hops: number) {}

  /** Stops this hop now or, when undici has not started it yet, as soon as it does. */
  abort(): void {
    this.settled = true
    // undici may keep this handler a while after the socket is gone: not the body read so far (up
    // to the cap), which test/faults.test.ts found still alive after the next call.
    this.body = undefined
    const controller = this.controller
    if (controller !== undefined && !controller.aborted) controller.abort(aborted())
  }

  onRequestStart(controller: Undici.Dispatcher.DispatchController): void {
    this.controller = controller
    if (this.settled || this.exchange.done) controller.abort(aborted())
  }

  onResponseStart(
    _controller: Undici.Dispatcher.DispatchController,
    statusCode: number,
    parsed: Record<string, string | Array<string> | undefined>
  ): void {
    if (this.settled) return
    // Informational answers (100 Continue, 103 Early Hints) precede the real one.
    if (statusCode < 200) return
    const exchange = this.exchange
    const options = exchange.options
    const headers = headersOf(parsed)
    const decision = Transport.next(this.request, statusCode, headers["location"], this.hops, options)
    if (decision._tag !== "Done") {
      // A redirect's body is never read: the connection is dropped rather than drained.
      this.abort()
      if (decision._tag === "Fail") return exchange.fail(decision.error)
      const request = decision.request
      const hops = this.hops + 1
      // Not from inside undici's parser callback: the next hop starts once this one has unwound.
      queueMicrotask(() => exchange.send(request, hops))
      return
    }
    const declared = Transport.declaredLength(headers["content-length"])
    if (declared !== undefined && declared > options.maxBytes) {
      this.abort()
      return exchange.fail(Transport.tooLarge(options))
    }
    this.status = statusCode
    this.headers = headers
    this.body = new BodyBuffer(options.maxBytes, declared)
  }

  onResponseData(_controller: Undici.Dispatcher.DispatchController, chunk: Uint8Array): void {
    if (this.settled) return
    this.body ??= new BodyBuffer(this.exchange.options.maxBytes)
    if (!this.body.push(chunk)) {
      this.abort()
      return this.exchange.fail(Transport.tooLarge(this.exchange.options))
    }
  }

  onResponseEnd(): void {
    if (this.settled) return
    this.settled = true
    this.exchange.succeed({
      status: this.status,
      headers: this.headers,
      body: this.body?.result() ?? new Uint8Array(0),
      url: this.request.url
    })
  }

  onResponseError(_controller: Undici.Dispatcher.DispatchController | undefined, error: Error): void {
    if (this.settled) return
    this.settled = true
    const exchange = this.exchange
    exchange.fail(Transport.failure(this.status === 0 ? "connect" : "body", error, this.request.url, exchange.options))
  }
}

/**
 * undici's `Agent` alone, not `undici`'s index.js: that loads all of undici (fetch, WebSocket, the
 * cache…: ~90 ms cold, against ~25 ms for the Agent) and, on load, installs a process-wide
 * dispatcher for Node's built-in `fetch` when none is set — a library must not change that.
 */
const loadAgent = Effect.promise(() => import("undici/lib/dispatcher/agent.js").then((module) => module.default))

/**
 * A transport over its own undici agent (guarded when `blockPrivateNetworks` is on), closed with
 * the scope. undici is loaded here, not when the library is imported.
 *
 * @internal
 */
export const make = (
  options: { readonly blockPrivateNetworks: boolean; readonly lookup?: PrivateNetwork.Lookup }
): Effect.Effect<Transport.Transport, never, Scope.Scope> =>
  Effect.gen(function*() {
    const Agent = yield* loadAgent
    const agent = yield* Effect.acquireRelease(
      Effect.sync(() =>
        // The transport's own timer is the one timeout; undici's 300 s defaults would cut longer ones short.
        new Agent({
          headersTimeout: 0,
          bodyTimeout: 0,
          ...(options.blockPrivateNetworks
            ? { connect: { lookup: options.lookup ?? PrivateNetwork.guardedLookup } }
            : {})
        })
      ),
      (agent) => Effect.promise(() => agent.destroy())
    )
    return over(agent)
  })

/**
 * A transport over any undici dispatcher: the agent `make` builds, or a double that answers
 * without a network (`bench/cpuFlight.ts` measures the library's CPU per call through it).
 *
 * @internal
 */
export const over = (dispatcher: Undici.Dispatcher): Transport.Transport => ({
  // One parameter and no canceler returned: Effect then adds neither an AbortController nor an
  // `onInterrupt` per call; the exchange watches its fiber instead (see `Exchange`).
  send: (request, sendOptions) =>
    Effects.withFiber<Transport.Received, Transport.SendError, never>((fiber) =>
      Effects.callback<Transport.Received, Transport.SendError>((resume) => {
        new Exchange(dispatcher, sendOptions, resume, fiber).start(request)
      })
    )
})
