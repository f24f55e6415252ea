/**
 * The promise facade (README "Plain TypeScript"): one `ManagedRuntime` per client over the same Effect service, so
 * both APIs share every rule; rejections carry the original tagged error, not a FiberFailure.
 */
import * as Cause from "effect/Cause"
import * as Context from "effect/Context"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Layer from "effect/Layer"
import * as ManagedRuntime from "effect/ManagedRuntime"
import type * as Client from "../Client.js"
import * as Resolver from "../Resolver.js"
import * as InternalClient from "./client.js"
import { Approval } from "./approval.js"
import { ClientClosed } from "./clientErrors.js"
import * as Settings from "./settings.js"
import * as TransportChoice from "./transportChoice.js"

// The facade's own handle on the service; the public RcpClient tag lives in Client.ts, which
// re-exports this module.
class Service extends Context.Tag("rcp-sdk/internal/PromiseClient")<Service, Client.Service>() {}

const millis = (ms: number | undefined): Duration.Duration | undefined =>
  ms === undefined ? undefined : Duration.millis(ms)

/**
 * Creates a promise client. No Effect knowledge needed; HTTP goes straight over undici, or through
 * the `fetch` given.
 *
 * @since 0.1.0
 * @category constructors
 */
export const createRcpClient = <Ctx = any>(options: Client.RcpClientOptions<Ctx> = {}): Client.PromiseClient<Ctx> => {
  // The facade's own options are taken out; the rest are the Effect client's, as they are.
  const { approve, fetch, resolvers, timeoutMs, ...rest } = options
  const clientOptions: Client.Options = { ...rest, timeout: millis(timeoutMs) }
  // Bad options throw here, at construction, rather than inside the first call.
  Settings.make(clientOptions)
  const transport = TransportChoice.facade({ blockPrivateNetworks: options.blockPrivateNetworks, fetch })
  const runtime = ManagedRuntime.make(
    Layer.scoped(Service, Effect.flatMap(transport, (t) => InternalClient.makeWith(clientOptions, t))).pipe(
      Layer.provide(Resolver.layer(resolvers ?? {})),
      Layer.provide(approve === undefined ? Layer.empty : Approval.layer(approve))
    )
  )

  let closed: Promise<void> | undefined
  // Every call in flight, with the controller that interrupts it: close() ends them all (whatever
  // the transport — a custom fetch has no agent to destroy, a call in retry back-off no socket).
  const inFlight = new Map<Promise<unknown>, AbortController>()
  const run = <A, E>(
    f: (client: Client.Service) => Effect.Effect<A, E>,
    signal?: AbortSignal | undefined
  ): Promise<A> => {
    if (closed !== undefined) return Promise.reject(new ClientClosed())
    const interrupt = new AbortController()
    const onAbort = () => interrupt.abort()
    if (signal?.aborted === true) interrupt.abort()
    else signal?.addEventListener("abort", onAbort, { once: true })
    const call = runtime.runPromiseExit(Effect.flatMap(Service, f), { signal: interrupt.signal }).then(
      (exit) => {
        if (Exit.isSuccess(exit)) return exit.value
        if (Cause.isInterruptedOnly(exit.cause)) {
          if (signal?.aborted === true) throw abortReason(signal)
          if (closed !== undefined) throw new ClientClosed()
        }
        throw Cause.squash(exit.cause)
      }
    ).finally(() => {
      signal?.removeEventListener("abort", onAbort)
      inFlight.delete(call)
    })
    inFlight.set(call, interrupt)
    return call
  }
  const close = async (): Promise<void> => {
    const calls = [...inFlight]
    for (const [, interrupt] of calls) interrupt.abort()
    await Promise.allSettled(calls.map(([call]) => call))
    await runtime.dispose()
  }

  return {
    discover: (url, discoverOptions) => run((client) => client.discover(url, discoverOptions)),
    register: (manifest, registerOptions) => run((client) => client.register(manifest, registerOptions)),
    forget: (url) => run((client) => client.forget(url)),
    execute: (call, callOptions) =>
      run(
        (client) => client.execute(call, { context: callOptions?.context, timeout: millis(callOptions?.timeoutMs) }),
        callOptions?.signal
      ),
    buildRequest: (call, callOptions) =>
      run((client) => client.buildRequest(call, { context: callOptions?.context }), callOptions?.signal),
    fetchJson: (url, fetchOptions) => run((client) => client.fetchJson(url, fetchOptions)),
    tools: () => run((client) => client.tools),
    needsApproval: (tool) => run((client) => client.needsApproval(tool)),
    close: () => (closed ??= close())
  }
}

const abortReason = (signal: AbortSignal): unknown =>
  signal.reason ?? Object.assign(new Error("the operation was aborted"), { name: "AbortError" })
