/**
 * The RcpClient service, assembled: its options and their defaults, how it sends (an `HttpClient`
 * or undici), and the discovery (`discovery.ts`) and execution (`execution.ts`) it offers.
 */
import * as HttpClient from "@effect/platform/HttpClient"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import type * as Redacted from "effect/Redacted"
import type * as Scope from "effect/Scope"
import type * as Manifest from "../Manifest.js"
import * as Resolver from "../Resolver.js"
import * as Credential from "./credential.js"
import * as Discovery_ from "./discovery.js"
import * as Execution from "./execution.js"
import * as FetchJson from "./fetchJson.js"
import type * as ModelTool from "./modelTool.js"
import { Registry } from "./registry.js"
import type * as Response from "./response.js"
import * as Retry from "./retry.js"
import * as Transport from "./transport.js"
import * as UndiciTransport from "./undiciTransport.js"

/**
 * @since 0.1.0
 * @category models
 */
export interface Options {
  /**
   * The credential for authenticated manifests: a value, or a function called per request. When
   * absent, a `Credential` layer in context supplies it (e.g. `Credential.layerConfig(...)`).
   */
  readonly credential?: Credential.CredentialInput | undefined
  /** Origins besides each manifest's own that its tools may call (and receive the credential). */
  readonly trustedOrigins?: ReadonlyArray<string> | undefined
  /** Allow plain `http:` to hosts that are not loopback. Default false. */
  readonly allowHttp?: boolean | undefined
  /**
   * Timeout of one attempt: connecting, every redirect and the whole body. Default 30 seconds. A
   * retried request (see `retry`) gets a fresh one per attempt.
   */
  readonly timeout?: Duration.DurationInput | undefined
  /** Largest tool response read, in bytes. Default 5 MiB. */
  readonly maxResponseBytes?: number | undefined
  /** Largest manifest read, in bytes. Default 1 MiB. */
  readonly maxManifestBytes?: number | undefined
  /** Most same-origin redirects followed. Default 5. */
  readonly maxRedirects?: number | undefined
  /** Retries of GET (and methods marked safe) on connection errors and 429/502/503/504. Default 2. */
  readonly retry?: Retry.RetryOptions | undefined
  /**
   * Refuse tool and manifest hosts that are, or resolve to, loopback, private, link-local or other
   * internal addresses — checked on the connection's resolved address, at every redirect hop.
   * For server-side deployments; off by default (local development uses loopback). When on, the
   * client sends through its own guarded undici agent, whatever `HttpClient` is provided.
   */
  readonly blockPrivateNetworks?: boolean | undefined
}

/**
 * @since 0.1.0
 * @category models
 */
export interface ToolCall {
  readonly name: string
  /** An object, or the JSON string LLM APIs return. */
  readonly arguments?: unknown
}

/**
 * @since 0.1.0
 * @category models
 */
export interface ExecuteOptions {
  /** Handed to every resolver of this call. */
  readonly context?: unknown
  /** Overrides the client's timeout for this call. */
  readonly timeout?: Duration.DurationInput | undefined
}

/**
 * @since 0.1.0
 * @category models
 */
export type ToolResult = Response.ToolResult

/**
 * What `buildRequest` returns: the request `execute` would send, credential shown as `<redacted>`.
 *
 * @since 0.1.0
 * @category models
 */
export interface PreparedRequest {
  readonly method: string
  readonly url: string
  readonly headers: Readonly<Record<string, string>>
  readonly body: string | undefined
}

/**
 * @since 0.1.0
 * @category models
 */
export interface Discovery {
  readonly url: string
  readonly manifest: Manifest.Manifest
  /** The model-facing tools; resolver-bound params removed. */
  readonly tools: ReadonlyArray<ModelTool.ModelTool>
  /** Resolvers that match no param of this manifest (likely typos), as readable lines. */
  readonly warnings: ReadonlyArray<string>
}

/** @internal */
export type DiscoverError = Discovery_.DiscoverError

/** @internal */
export type RegisterError = Discovery_.RegisterError

/** @internal */
export type BuildError = Execution.BuildError

/** @internal */
export type ExecuteError = Execution.ExecuteError

/** @internal */
export interface Service {
  readonly discover: (url: string | URL) => Effect.Effect<Discovery, DiscoverError>
  readonly register: (input: unknown, source: { readonly url: string }) => Effect.Effect<Discovery, RegisterError>
  readonly tools: Effect.Effect<ReadonlyArray<ModelTool.ModelTool>>
  readonly execute: (call: ToolCall, options?: ExecuteOptions) => Effect.Effect<ToolResult, ExecuteError>
  readonly buildRequest: (call: ToolCall, options?: ExecuteOptions) => Effect.Effect<PreparedRequest, BuildError>
  /**
   * GETs a JSON document under discovery's rules (no credential, same-origin redirects, capped at
   * `maxBytes`, default the manifest cap) without registering anything: for importers such as
   * `rcp-sdk/openapi`.
   */
  readonly fetchJson: (
    url: string | URL,
    options?: { readonly maxBytes?: number | undefined }
  ) => Effect.Effect<FetchJson.Fetched, FetchJson.FetchError>
}

const MiB = 1024 * 1024

/**
 * What discovery and execution share within one client.
 *
 * @internal
 */
export interface Deps {
  readonly settings: Settings
  readonly resolvers: Resolver.Service
  readonly registry: Registry
  readonly transport: Transport.Transport
}

/** @internal */
export interface Settings {
  readonly credential: Credential.CredentialInput | undefined
  /** The credential checked once, when it is a plain value. */
  readonly constantCredential: Redacted.Redacted<string> | undefined
  readonly trusted: ReadonlySet<string>
  readonly allowHttp: boolean
  readonly timeoutMs: number
  readonly maxResponseBytes: number
  readonly maxManifestBytes: number
  readonly maxRedirects: number
  readonly retry: Retry.Policy
  readonly blockPrivateNetworks: boolean
}

const positive = (name: string, value: number | undefined, fallback: number): number => {
  if (value === undefined) return fallback
  if (!Number.isFinite(value) || value < 0) throw new TypeError(`rcp-sdk: ${name} must be a non-negative number`)
  return value
}

/**
 * The options, checked and with defaults; a bad option throws a `TypeError` naming it.
 *
 * @internal
 */
export const settings = (options: Options): Settings => ({
  credential: options.credential,
  constantCredential: Credential.constant(options.credential),
  trusted: new Set(
    (options.trustedOrigins ?? []).map((origin, i) => {
      let url: URL | undefined
      try {
        url = new URL(origin)
      } catch {
        url = undefined
      }
      // "localhost:3000" parses, as a URL whose origin is "null": refuse rather than trust nothing.
      if (url === undefined || (url.protocol !== "https:" && url.protocol !== "http:")) {
        throw new TypeError(`rcp-sdk: trustedOrigins[${i}] is not a URL origin like "https://api.example.com"`)
      }
      return url.origin
    })
  ),
  allowHttp: options.allowHttp ?? false,
  timeoutMs: Duration.toMillis(options.timeout ?? Duration.seconds(30)),
  maxResponseBytes: positive("maxResponseBytes", options.maxResponseBytes, 5 * MiB),
  maxManifestBytes: positive("maxManifestBytes", options.maxManifestBytes, MiB),
  maxRedirects: positive("maxRedirects", options.maxRedirects, 5),
  retry: Retry.policy(options.retry),
  blockPrivateNetworks: options.blockPrivateNetworks ?? false
})

/**
 * Over the `HttpClient` in context — except with `blockPrivateNetworks`, whose check must run
 * inside the connection's DNS lookup, which only the client's own undici agent can promise.
 *
 * @internal
 */
export const make = (
  options: Options
): Effect.Effect<Service, never, HttpClient.HttpClient | Resolver.Resolvers | Scope.Scope> =>
  Effect.flatMap(
    options.blockPrivateNetworks === true
      ? UndiciTransport.make({ blockPrivateNetworks: true })
      : Effect.map(HttpClient.HttpClient, Transport.fromHttpClient) as Effect.Effect<
        Transport.Transport,
        never,
        HttpClient.HttpClient | Scope.Scope
      >,
    (transport) => makeWith(options, transport)
  )

/**
 * Straight over undici: no `HttpClient` needed, and the least overhead per call.
 *
 * @internal
 */
export const makeUndici = (options: Options): Effect.Effect<Service, never, Resolver.Resolvers | Scope.Scope> =>
  Effect.flatMap(
    UndiciTransport.make({ blockPrivateNetworks: options.blockPrivateNetworks ?? false }),
    (transport) => makeWith(options, transport)
  )

/** @internal */
export const makeWith = (
  options: Options,
  transport: Transport.Transport
): Effect.Effect<Service, never, Resolver.Resolvers> =>
  Effect.map(Effect.all([Resolver.Resolvers, Effect.serviceOption(Credential.Credential)]), ([resolvers, fromLayer]) => {
    const registry = new Registry()
    const credential = options.credential ?? Option.getOrUndefined(fromLayer)
    const deps: Deps = { settings: settings({ ...options, credential }), resolvers, registry, transport }
    return {
      discover: Discovery_.discover(deps),
      register: Discovery_.register(deps),
      tools: Effect.sync(() => registry.models()),
      execute: Execution.execute(deps),
      buildRequest: Execution.buildRequest(deps),
      fetchJson: (url, fetchOptions) =>
        FetchJson.fetchJson(deps.settings, transport)(url, {
          maxBytes: fetchOptions?.maxBytes ?? deps.settings.maxManifestBytes,
          what: "document"
        })
    }
  })
