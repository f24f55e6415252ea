/**
 * The promise facade (README "Quick start: plain TypeScript"): one `ManagedRuntime` per client over the same Effect service, so
 * both APIs share every rule; rejections carry the original tagged error, not a FiberFailure.
 */
import * as Effects from "#target/Effects.js"
import { Service as ServiceOf } from "#target/Service.js"
import * as Cause from "effect/Cause"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import { identity } from "effect/Function"
import * as Exit from "effect/Exit"
import * as Layer from "effect/Layer"
import * as ManagedRuntime from "effect/ManagedRuntime"
import type * as Scope from "effect/Scope"
import type * as Client from "../../Client.js"
import * as Resolver from "../../Resolver.js"
import * as TransportChoice from "../transport/choice.js"
import type * as Transport from "../transport/rules.js"
import { Approval } from "./approval.js"
import * as InternalClient from "./client.js"
import { ClientClosed } from "./errors.js"
import * as SearchSession from "./searchSession.js"
import * as TokenStore from "./oauth/tokenStore.js"
import * as Settings from "./settings.js"

// The facade's own handle on the service; the public RcpClient tag lives in Client.ts, which
// re-exports this module.
class Service extends ServiceOf<Service, Client.Service>()("rcp-sdk/internal/PromiseClient") {}

const millis = (ms: number | undefined): Duration.Duration | undefined =>
  ms === undefined ? undefined : Duration.millis(ms)

/**
 * Creates a promise client. No Effect knowledge needed; HTTP goes straight over undici, or through
 * the `fetch` given.
 *
 * @since 0.1.0
 * @category constructors
 */
export const createRcpClient = <Ctx = any>(options: Client.RcpClientOptions<Ctx> = {}): Client.PromiseClient<Ctx> =>
  createWith(options, (clientOptions) => {
    // Bad options throw here, at construction, rather than inside the first call — all but a bad
    // lock: its Schema loads with the runtime (manifest/codec.ts), so it rejects the first call.
    Settings.make({ ...clientOptions, lock: undefined })
    return TransportChoice.facade({ blockPrivateNetworks: options.blockPrivateNetworks, fetch: options.fetch })
  })

/**
 * The facade over the transport `transportFor` gives (`bench/cpuFlight.ts` hands it one over an
 * undici dispatcher double, to measure the facade's own cost per call).
 *
 * @internal
 */
export const createWith = <Ctx>(
  options: Client.RcpClientOptions<Ctx>,
  transportFor: (clientOptions: Client.Options) => Effect.Effect<Transport.Transport, never, Scope.Scope>
): Client.PromiseClient<Ctx> => {
  // The facade's own options are taken out; the rest are the Effect client's, as they are.
  const { approve, fetch: _fetch, resolvers, timeoutMs, oauth, ...rest } = options
  const { store, ...oauthOptions } = oauth ?? {}
  const clientOptions: Client.Options = {
    ...rest,
    timeout: millis(timeoutMs),
    ...(oauth === undefined ? {} : { oauth: oauthOptions })
  }
  const transport = transportFor(clientOptions)
  const runtime = ManagedRuntime.make(
    Effects.layerScoped(Service, Effect.flatMap(transport, (t) => InternalClient.makeWith(clientOptions, t))).pipe(
      Layer.provide(Resolver.layer(resolvers ?? {})),
      Layer.provide(approve === undefined ? Layer.empty : Approval.layer(approve)),
      // The application's token store, read through the same checks as an Effect one.
      Layer.provide(store === undefined ? Layer.empty : TokenStore.layerPromise(store))
    )
  )

  let closed: Promise<void> | undefined
  // Set before close() interrupts anything: an interrupted fiber may end (and its observer run)
  // within the interruption itself, before `closed` is assigned (it does on Effect 4).
  let closing = false
  // Every fiber in flight: close() interrupts them all (whatever the transport — a custom fetch has
  // no agent to destroy, a call in retry back-off no socket). A Set of fibers costs a call nothing
  // more than its fiber; an AbortController and a listener per call cost ~50 µs (bench/RESULTS.md).
  const inFlight = new Set<Effects.RuntimeFiber<unknown, unknown>>()
  // The service, once the runtime has built it: later calls need no lookup in the context.
  let service: Client.Service | undefined
  const remember = <A, E>(f: (client: Client.Service) => Effect.Effect<A, E>) => (client: Client.Service) => {
    service = client
    return f(client)
  }
  const run = <A, E>(
    f: (client: Client.Service) => Effect.Effect<A, E>,
    signal?: AbortSignal | undefined
  ): Promise<A> => {
    if (closing) return Promise.reject(new ClientClosed())
    return new Promise<A>((resolve, reject) => {
      const fiber = runtime.runFork(service === undefined ? Effect.flatMap(Service, remember(f)) : f(service))
      inFlight.add(fiber)
      // Only a caller's own signal gets a listener; most calls pass none.
      let onAbort: (() => void) | undefined
      if (signal !== undefined) {
        onAbort = () => Effects.interruptFork(fiber)
        if (signal.aborted) onAbort()
        else signal.addEventListener("abort", onAbort, { once: true })
      }
      fiber.addObserver((exit) => {
        inFlight.delete(fiber)
        if (onAbort !== undefined) signal?.removeEventListener("abort", onAbort)
        if (Exit.isSuccess(exit)) return resolve(exit.value)
        if (Effects.hasInterruptsOnly(exit.cause)) {
          if (signal?.aborted === true) return reject(abortReason(signal))
          if (closing) return reject(new ClientClosed())
        }
        reject(Cause.squash(exit.cause))
      })
    })
  }
  // One way to run a call for `execute` and a search session's `execute`: the timeout and the signal.
  const execute = (
    of: (client: Client.Service) => Client.Service["execute"],
    call: Client.ToolCall,
    callOptions: Client.CallOptions<Ctx> | undefined
  ): Promise<Client.ToolResult> =>
    callOptions === undefined
      ? run((client) => of(client)(call))
      : run(
        (client) =>
          of(client)(call, {
            context: callOptions.context,
            timeout: millis(callOptions.timeoutMs),
            maxResultChars: callOptions.maxResultChars,
            maxResultTokens: callOptions.maxResultTokens
          }),
        callOptions.signal
      )
  const close = async (): Promise<void> => {
    closing = true
    const fibers = [...inFlight]
    for (const fiber of fibers) Effects.interruptFork(fiber)
    await Promise.all(fibers.map((fiber) => new Promise<void>((done) => fiber.addObserver(() => done()))))
    await runtime.dispose()
  }

  const callOptionsOf = (callOptions: Client.CallOptions<Ctx>): Client.ExecuteOptions => ({
    context: callOptions.context,
    timeout: millis(callOptions.timeoutMs)
  })
  const expose = (tools: ReadonlyArray<Client.ModelTool>): Client.PromiseExposed<Ctx> => {
    // Of a name given twice, the first (as `Exposed.tools`).
    const names = new Set<string>()
    const shown = tools.filter((tool) => !names.has(tool.name) && names.add(tool.name) !== undefined)
    // Made once, by the client the runtime builds.
    let exposed: Client.Exposed | undefined
    const within = (client: Client.Service) => (exposed ??= client.expose(shown))
    return {
      tools: shown,
      has: (name) => run((client) => Effect.sync(() => within(client).has(name))),
      execute: (call, callOptions) =>
        run((client) => within(client).execute(call, callOptions === undefined ? undefined : callOptionsOf(callOptions)), callOptions?.signal),
      buildRequest: (call, callOptions) =>
        run((client) => within(client).buildRequest(call, { context: callOptions?.context }), callOptions?.signal)
    }
  }

  return {
    discover: (url, discoverOptions) => run((client) => client.discover(url, discoverOptions)),
    register: (manifest, registerOptions) => run((client) => client.register(manifest, registerOptions)),
    discoverWith: (url, load, discoverOptions) =>
      run((client) =>
        client.discoverWith(
          url,
          (fetch) =>
            // The load's own fetches end with the call: its signal interrupts them.
            Effect.tryPromise({ try: (signal) => load((o) => Effect.runPromise(fetch(o), { signal })), catch: identity }),
          discoverOptions
        )
      ),
    forget: (url) => run((client) => client.forget(url)),
    execute: (call, callOptions) => execute((client) => client.execute, call, callOptions),
    buildRequest: (call, callOptions) =>
      run((client) => client.buildRequest(call, { context: callOptions?.context }), callOptions?.signal),
    fetchJson: (url, fetchOptions) => run((client) => client.fetchJson(url, fetchOptions)),
    tools: () => run((client) => client.tools),
    searchTools: (request, searchOptions) => run((client) => client.searchTools(request, searchOptions)),
    searchSession: (sessionOptions) => {
      // The session is made once, on its first use, over the runtime's service; it holds only its found names.
      let session: Client.SearchSession | undefined
      const over = (client: Client.Service) => (session ??= SearchSession.make(client, sessionOptions))
      return {
        tools: () => run((client) => over(client).tools),
        execute: (call, callOptions) => execute((client) => over(client).execute, call, callOptions),
        found: () => run((client) => over(client).found)
      }
    },
    needsApproval: (tool) => run((client) => client.needsApproval(tool)),
    expose,
    authorizationUrl: (url, subject) => run((client) => client.authorizationUrl(url, subject)),
    completeAuthorization: (callback, expected) => run((client) => client.completeAuthorization(callback, expected)),
    disconnect: (url, subject) => run((client) => client.disconnect(url, subject)),
    close: () => (closed ??= close())
  }
}

const abortReason = (signal: AbortSignal): unknown =>
  signal.reason ?? Object.assign(new Error("the operation was aborted"), { name: "AbortError" })
