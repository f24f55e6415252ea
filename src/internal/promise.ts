/**
 * The promise facade (SPEC §6): one `ManagedRuntime` per client over the same Effect service, so
 * both APIs share every rule; rejections carry the original tagged error, not a FiberFailure.
 */
import * as FetchHttpClient from "@effect/platform/FetchHttpClient"
import * as HttpClient from "@effect/platform/HttpClient"
import * as Cause from "effect/Cause"
import * as Context from "effect/Context"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Layer from "effect/Layer"
import * as ManagedRuntime from "effect/ManagedRuntime"
import * as Resolver from "../Resolver.js"
import * as Client from "./client.js"
import { ClientClosed } from "./clientErrors.js"
import type { CredentialRequest } from "./credential.js"
import type { Fetched } from "./fetchJson.js"
import type { ModelTool } from "./modelTool.js"
import type { RetryOptions } from "./retry.js"
import * as Transport from "./transport.js"
import * as UndiciTransport from "./undiciTransport.js"

/**
 * Options of `createRcpClient`. `Ctx` — the per-call context — is inferred from the resolvers'
 * parameter type, so `execute`'s `context` is checked against it.
 *
 * @since 0.1.0
 * @category models
 */
export interface RcpClientOptions<Ctx> {
  /** Values the model never chooses, by param name: `{ learnerId: (ctx) => ctx.currentUserId }`. */
  readonly resolvers?: { readonly [param: string]: (context: Ctx, info: Resolver.ResolveInfo) => unknown } | undefined
  /** The API credential, or a function returning it (called per request, may be async). */
  readonly credential?:
    | string
    | ((request: CredentialRequest) => string | undefined | null | PromiseLike<string | undefined | null>)
    | undefined
  /** Origins besides each manifest's own that its tools may call. */
  readonly trustedOrigins?: ReadonlyArray<string> | undefined
  /** Allow plain `http:` to hosts that are not loopback. */
  readonly allowHttp?: boolean | undefined
  /** Per-request timeout; default 30000. */
  readonly timeoutMs?: number | undefined
  /** Default 5 MiB. */
  readonly maxResponseBytes?: number | undefined
  /** Default 1 MiB. */
  readonly maxManifestBytes?: number | undefined
  /** Default 5. */
  readonly maxRedirects?: number | undefined
  /** Retries of GET (and methods marked safe) on connection errors and 429/502/503/504; default 2. */
  readonly retry?: RetryOptions | undefined
  /** Refuse hosts that are or resolve to internal addresses (server-side deployments). */
  readonly blockPrivateNetworks?: boolean | undefined
  /**
   * A `fetch` to send requests with (a test double, a proxy-aware fetch). Default: none — requests
   * go straight over undici (global `fetch` only where undici cannot be loaded).
   */
  readonly fetch?: typeof globalThis.fetch | undefined
}

/**
 * @since 0.1.0
 * @category models
 */
export interface CallOptions<Ctx> {
  readonly context?: Ctx | undefined
  readonly signal?: AbortSignal | undefined
  readonly timeoutMs?: number | undefined
}

/**
 * A client for plain TypeScript: every method returns a Promise; a rejection is the same tagged
 * error instance the Effect API fails with (`err._tag`, `instanceof ResolverMissing`).
 *
 * @since 0.1.0
 * @category models
 */
export interface PromiseClient<Ctx> {
  readonly discover: (url: string | URL) => Promise<Client.Discovery>
  readonly register: (manifest: unknown, source: { readonly url: string }) => Promise<Client.Discovery>
  readonly execute: (call: Client.ToolCall, options?: CallOptions<Ctx>) => Promise<Client.ToolResult>
  readonly buildRequest: (
    call: Client.ToolCall,
    options?: Omit<CallOptions<Ctx>, "timeoutMs">
  ) => Promise<Client.PreparedRequest>
  /** GETs a JSON document under discovery's rules without registering it (for importers such as `rcp-sdk/openapi`). */
  readonly fetchJson: (url: string | URL, options?: { readonly maxBytes?: number | undefined }) => Promise<Fetched>
  /** The model-facing tools of everything discovered so far. */
  readonly tools: () => Promise<ReadonlyArray<ModelTool>>
  /** Releases the client; safe to call twice. Later calls reject with `ClientClosed`. */
  readonly close: () => Promise<void>
}

// The facade's own handle on the service; the public RcpClient tag lives in Client.ts, which
// re-exports this module.
class Service extends Context.Tag("rcp-sdk/internal/PromiseClient")<Service, Client.Service>() {}

/**
 * Creates a promise client. No Effect knowledge needed. Requests go straight over undici, as
 * with `RcpClient.layerUndici`, unless `fetch` is given.
 *
 * @since 0.1.0
 * @category constructors
 */
export const createRcpClient = <Ctx = any>(options: RcpClientOptions<Ctx> = {}): PromiseClient<Ctx> => {
  const clientOptions: Client.Options = {
    credential: options.credential,
    trustedOrigins: options.trustedOrigins,
    allowHttp: options.allowHttp,
    timeout: options.timeoutMs === undefined ? undefined : Duration.millis(options.timeoutMs),
    maxResponseBytes: options.maxResponseBytes,
    maxManifestBytes: options.maxManifestBytes,
    maxRedirects: options.maxRedirects,
    retry: options.retry,
    blockPrivateNetworks: options.blockPrivateNetworks
  }
  // Bad options throw here, at construction, rather than inside the first call.
  Client.settings(clientOptions)
  if (options.blockPrivateNetworks === true && options.fetch !== undefined) {
    // The guard runs inside the client's own undici agent; a custom fetch would bypass it.
    throw new TypeError("rcp-sdk: blockPrivateNetworks cannot be combined with a custom fetch")
  }
  const fetchTransport = (fetch: typeof globalThis.fetch | undefined) =>
    Effect.map(
      HttpClient.HttpClient.pipe(
        Effect.provide(
          fetch === undefined
            ? FetchHttpClient.layer
            : FetchHttpClient.layer.pipe(Layer.provide(Layer.succeed(FetchHttpClient.Fetch, fetch)))
        )
      ),
      Transport.fromHttpClient
    )
  // undici directly unless the caller brings a fetch; fetch too if undici cannot be loaded — but
  // never when the private-network guard is on, which only undici's agent can enforce.
  const undici = UndiciTransport.make({ blockPrivateNetworks: options.blockPrivateNetworks ?? false })
  const transport = options.fetch !== undefined
    ? fetchTransport(options.fetch)
    : options.blockPrivateNetworks === true
    ? undici
    : undici.pipe(Effect.catchAllDefect(() => fetchTransport(undefined)))
  const runtime = ManagedRuntime.make(
    Layer.scoped(Service, Effect.flatMap(transport, (t) => Client.makeWith(clientOptions, t))).pipe(
      Layer.provide(Resolver.layer(options.resolvers ?? {}))
    )
  )

  let closed: Promise<void> | undefined
  const run = <A, E>(
    f: (client: Client.Service) => Effect.Effect<A, E>,
    signal?: AbortSignal | undefined
  ): Promise<A> => {
    if (closed !== undefined) return Promise.reject(new ClientClosed())
    return runtime.runPromiseExit(Effect.flatMap(Service, f), signal === undefined ? undefined : { signal }).then(
      (exit) => {
        if (Exit.isSuccess(exit)) return exit.value
        if (signal?.aborted === true && Cause.isInterruptedOnly(exit.cause)) throw abortReason(signal)
        throw Cause.squash(exit.cause)
      }
    )
  }

  return {
    discover: (url) => run((client) => client.discover(url)),
    register: (manifest, source) => run((client) => client.register(manifest, source)),
    execute: (call, callOptions) =>
      run(
        (client) =>
          client.execute(call, {
            context: callOptions?.context,
            timeout: callOptions?.timeoutMs === undefined ? undefined : Duration.millis(callOptions.timeoutMs)
          }),
        callOptions?.signal
      ),
    buildRequest: (call, callOptions) =>
      run((client) => client.buildRequest(call, { context: callOptions?.context }), callOptions?.signal),
    fetchJson: (url, fetchOptions) => run((client) => client.fetchJson(url, fetchOptions)),
    tools: () => run((client) => client.tools),
    close: () => (closed ??= runtime.dispose())
  }
}

const abortReason = (signal: AbortSignal): unknown =>
  signal.reason ?? Object.assign(new Error("the operation was aborted"), { name: "AbortError" })
