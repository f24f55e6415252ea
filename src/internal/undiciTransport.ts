/**
 * The fast transport: straight over `undici.request`, one Effect per logical request. It applies
 * exactly the rules of `transport.ts` (`next`, `blockedHost`, `failure`, the cap and the timeout)
 * — only the sending differs. Each client has its own undici agent, closed with the client, so no
 * socket outlives it; with `blockPrivateNetworks` that agent resolves names through the guard.
 */
import * as Effect from "effect/Effect"
import type * as Scope from "effect/Scope"
import type * as Undici from "undici"
import * as PrivateNetwork from "./privateNetwork.js"
import type { Outgoing } from "./request.js"
import * as Transport from "./transport.js"

/** The longest delay `setTimeout` honours. */
const MAX_TIMER_MS = 2 ** 31 - 1

/** Carries a typed error out of the async loop, so it is not mistaken for a socket failure. */
class Stop {
  constructor(readonly error: Transport.SendError) {}
}

const headerValue = (value: string | Array<string> | undefined): string | undefined =>
  Array.isArray(value) ? value.join(", ") : value

const headersOf = (headers: Record<string, string | Array<string> | undefined>): Record<string, string | undefined> => {
  const out: Record<string, string | undefined> = {}
  for (const key in headers) out[key] = headerValue(headers[key])
  return out
}

/** Stops reading a body; undici reports that as an error event, which nobody is waiting for. */
const discard = (body: Undici.Dispatcher.ResponseData["body"]): void => {
  body.on("error", () => {})
  body.destroy()
}

const readBody = async (
  body: Undici.Dispatcher.ResponseData["body"],
  headers: Record<string, string | undefined>,
  options: Transport.SendOptions
): Promise<Uint8Array> => {
  const declared = Transport.declaredLength(headers["content-length"])
  if (declared !== undefined && declared > options.maxBytes) {
    discard(body)
    throw new Stop(Transport.tooLarge(options))
  }
  // A declared length is exactly what HTTP framing delivers: safe to read whole.
  if (declared !== undefined) return new Uint8Array(await body.arrayBuffer())
  const chunks: Array<Uint8Array> = []
  let total = 0
  for await (const chunk of body as AsyncIterable<Uint8Array>) {
    total += chunk.length
    if (total > options.maxBytes) {
      discard(body)
      throw new Stop(Transport.tooLarge(options))
    }
    chunks.push(chunk)
  }
  return Transport.concat(chunks, total)
}

const follow = async (
  undici: typeof Undici,
  dispatcher: Undici.Dispatcher,
  request: Outgoing,
  options: Transport.SendOptions,
  signal: AbortSignal
): Promise<Transport.Received> => {
  let current = request
  for (let hops = 0;; hops++) {
    const blocked = Transport.blockedHost(current.url, options)
    if (blocked !== undefined) throw new Stop(blocked)
    const out = options.authorize(current)
    let response: Undici.Dispatcher.ResponseData
    try {
      response = await undici.request(out.url, {
        method: out.method as Undici.Dispatcher.HttpMethod,
        headers: out.headers,
        body: out.body ?? null,
        signal,
        dispatcher
      })
    } catch (cause) {
      throw signal.aborted ? cause : new Stop(Transport.failure("connect", cause, current.url, options))
    }
    const headers = headersOf(response.headers)
    const decision = Transport.next(current, response.statusCode, headers["location"], hops, options)
    if (decision._tag !== "Done") {
      // A redirect's body is never read.
      discard(response.body)
      if (decision._tag === "Fail") throw new Stop(decision.error)
      current = decision.request
      continue
    }
    try {
      const body = await readBody(response.body, headers, options)
      return { status: response.statusCode, headers, body, url: current.url }
    } catch (cause) {
      if (cause instanceof Stop || signal.aborted) throw cause
      throw new Stop(Transport.failure("body", cause, current.url, options))
    }
  }
}

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
    const undici = yield* Effect.promise(() => import("undici"))
    const agent = yield* Effect.acquireRelease(
      Effect.sync(() =>
        // The transport's own timer is the one timeout; undici's 300 s defaults would cut longer ones short.
        new undici.Agent({
          headersTimeout: 0,
          bodyTimeout: 0,
          ...(options.blockPrivateNetworks
            ? { connect: { lookup: options.lookup ?? PrivateNetwork.guardedLookup } }
            : {})
        })
      ),
      (agent) => Effect.promise(() => agent.destroy())
    )
    return {
      send: (request, sendOptions) =>
        Effect.async<Transport.Received, Transport.SendError>((resume, interrupted) => {
          const controller = new AbortController()
          let timedOut = false
          // Like Effect's own clock: a delay no timer can hold (over 2^31 - 1 ms, or infinite) never
          // fires; handed to setTimeout it would fire at once.
          const timer = sendOptions.timeoutMs > MAX_TIMER_MS ? undefined : setTimeout(() => {
            timedOut = true
            controller.abort()
          }, sendOptions.timeoutMs)
          const onInterrupt = () => controller.abort()
          interrupted.addEventListener("abort", onInterrupt, { once: true })
          follow(undici, agent, request, sendOptions, controller.signal).then(
            (received) => resume(Effect.succeed(received)),
            (error: unknown) =>
              resume(Effect.fail(
                error instanceof Stop
                  ? error.error
                  : timedOut
                  ? Transport.timeout(sendOptions)
                  : Transport.failure("connect", error, request.url, sendOptions)
              ))
          ).finally(() => {
            clearTimeout(timer)
            interrupted.removeEventListener("abort", onInterrupt)
          })
        })
    }
  })
