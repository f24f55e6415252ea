/**
 * The RCP client: discover a manifest, show the model its tools (resolver-bound params removed),
 * and execute the model's tool calls directly against the REST endpoints.
 *
 * @since 0.1.0
 */
import type * as HttpClient from "@effect/platform/HttpClient"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import type * as Scope from "effect/Scope"
import type * as Manifest from "./Manifest.js"
import type * as Resolver from "./Resolver.js"
import * as internal from "./internal/client.js"
import * as describe from "./internal/describe.js"
import type * as ModelTool from "./internal/modelTool.js"

/**
 * The data the client takes and returns.
 *
 * @since 0.1.0
 * @category models
 */
export type {
  Discovery,
  ExecuteOptions,
  Options,
  PreparedRequest,
  ToolCall,
  ToolResult
} from "./internal/client.js"
export type { RetryOptions } from "./internal/retry.js"
export type {
  CredentialInput,
  CredentialRequest
} from "./internal/credential.js"
export type {
  ModelParameter,
  ModelTool
} from "./internal/modelTool.js"

/**
 * The client's errors, each a tagged class with a readable `message` that never contains an
 * argument value, a resolved value or a credential.
 *
 * @since 0.1.0
 * @category errors
 */
export {
  BlockedAddress,
  ClientClosed,
  CredentialMissing,
  DuplicateTool,
  HttpError,
  InsecureUrl,
  InvalidArguments,
  InvalidResponse,
  RedirectRefused,
  ResponseTooLarge,
  Timeout,
  TooManyRedirects,
  ToolNotFound,
  TransportError,
  UnsupportedVersion,
  UntrustedOrigin
} from "./internal/clientErrors.js"

/**
 * The resolver and manifest errors, re-exported so that a promise-facade user can check
 * `err instanceof ResolverMissing` with one import (the same classes as in `rcp-sdk/resolver`).
 *
 * @since 0.1.0
 * @category errors
 */
export { ResolverFailed, ResolverMissing } from "./internal/resolver.js"
export { ManifestInvalid } from "./Manifest.js"

/**
 * Everything `discover` can fail with.
 *
 * @since 0.1.0
 * @category errors
 */
export type DiscoverError = internal.DiscoverError

/**
 * Everything `register` can fail with (discovery's failures after the manifest is in hand).
 *
 * @since 0.1.0
 * @category errors
 */
export type RegisterError = internal.RegisterError

/**
 * Everything `buildRequest` can fail with (SPEC §3 steps 1–5, all before any request).
 *
 * @since 0.1.0
 * @category errors
 */
export type BuildError = internal.BuildError

/**
 * Everything `execute` can fail with.
 *
 * @since 0.1.0
 * @category errors
 */
export type ExecuteError = internal.ExecuteError

/**
 * The client service.
 *
 * @since 0.1.0
 * @category models
 */
export interface Service extends internal.Service {}

/**
 * The RCP client. `RcpClient.layer(options)` needs an `HttpClient` and the `Resolvers`.
 *
 * @example
 * ```ts
 * import * as Config from "effect/Config"
 * import * as Layer from "effect/Layer"
 * import { Credential, RcpClient } from "rcp-sdk/client"
 * import * as Resolver from "rcp-sdk/resolver"
 *
 * // Straight over undici; the credential read from configuration, sent only where docs/protocol.md §3.5 allows.
 * export const RcpLive = RcpClient.layerUndici({ trustedOrigins: ["https://internal.example.com"] }).pipe(
 *   Layer.provide(Resolver.layer({ userId: (ctx: { readonly userId?: string }) => ctx.userId })),
 *   Layer.provide(Credential.layerConfig(Config.redacted("API_TOKEN")))
 * )
 * ```
 *
 * @since 0.1.0
 * @category models
 */
export class RcpClient extends Context.Tag("rcp-sdk/RcpClient")<RcpClient, Service>() {
  /**
   * The client over the `HttpClient` you provide (fetch, node:http, a test double).
   *
   * @since 0.1.0
   * @category layers
   */
  static readonly layer = (
    options: internal.Options = {}
  ): Layer.Layer<RcpClient, never, HttpClient.HttpClient | Resolver.Resolvers> => Layer.scoped(RcpClient, make(options))

  /**
   * The client straight over undici, with an agent of its own (closed with the layer): no
   * `HttpClient` needed, and several times less overhead per call than through one.
   *
   * @since 0.1.0
   * @category layers
   */
  static readonly layerUndici = (
    options: internal.Options = {}
  ): Layer.Layer<RcpClient, never, Resolver.Resolvers> => Layer.scoped(RcpClient, internal.makeUndici(options))
}

/**
 * Builds the client service; each one keeps its own set of discovered tools.
 *
 * @since 0.1.0
 * @category constructors
 */
export const make: (
  options?: internal.Options
) => Effect.Effect<Service, never, HttpClient.HttpClient | Resolver.Resolvers | Scope.Scope> = (options = {}) =>
  internal.make(options)

/**
 * `RcpClient.layer(options)`: over the `HttpClient` in context.
 *
 * @since 0.1.0
 * @category layers
 */
export const layer = RcpClient.layer

/**
 * `RcpClient.layerUndici(options)`: straight over undici, no `HttpClient` needed.
 *
 * @since 0.1.0
 * @category layers
 */
export const layerUndici = RcpClient.layerUndici

/**
 * Fetches, validates and registers a manifest; returns it with its model-facing tools.
 *
 * @since 0.1.0
 * @category accessors
 */
export const discover = (url: string | URL): Effect.Effect<internal.Discovery, DiscoverError, RcpClient> =>
  Effect.flatMap(RcpClient, (client) => client.discover(url))

/**
 * Registers a manifest that is already in hand (a file, a test fixture) as if discovered at `url`:
 * the tools' credential and origin rules use `url`'s origin.
 *
 * @since 0.1.0
 * @category accessors
 */
export const register = (
  manifest: unknown,
  source: { readonly url: string }
): Effect.Effect<internal.Discovery, RegisterError, RcpClient> =>
  Effect.flatMap(RcpClient, (client) => client.register(manifest, source))

/**
 * Executes one tool call of the model: checks, resolves, builds, authorizes, sends, maps
 * (docs/protocol.md §3). Everything up to sending fails before any HTTP request.
 *
 * @example
 * ```ts
 * import * as Effect from "effect/Effect"
 * import * as Client from "rcp-sdk/client"
 *
 * // One tool call as an LLM API returns it: arguments as a JSON string.
 * export const answer = (call: { readonly name: string; readonly arguments: string }, userId: string) =>
 *   Client.execute(call, { context: { userId } }).pipe(
 *     Effect.map(({ data }) => JSON.stringify(data)),
 *     // Written for the model: it can correct its call and retry (README "What to send back to the model").
 *     Effect.catchTags({
 *       InvalidArguments: (error) => Effect.succeed(error.message),
 *       ToolNotFound: (error) => Effect.succeed(error.message)
 *     })
 *   )
 * ```
 *
 * @since 0.1.0
 * @category accessors
 */
export const execute = (
  call: internal.ToolCall,
  options?: internal.ExecuteOptions
): Effect.Effect<internal.ToolResult, ExecuteError, RcpClient> =>
  Effect.flatMap(RcpClient, (client) => client.execute(call, options))

/**
 * The request `execute` would send, without sending it; the credential shows as `<redacted>`.
 *
 * @since 0.1.0
 * @category accessors
 */
export const buildRequest = (
  call: internal.ToolCall,
  options?: internal.ExecuteOptions
): Effect.Effect<internal.PreparedRequest, BuildError, RcpClient> =>
  Effect.flatMap(RcpClient, (client) => client.buildRequest(call, options))

/**
 * The model-facing tools of everything this client discovered.
 *
 * @since 0.1.0
 * @category accessors
 */
export const tools: Effect.Effect<ReadonlyArray<ModelTool.ModelTool>, never, RcpClient> = Effect.flatMap(
  RcpClient,
  (client) => client.tools
)

/**
 * The text of SPEC §5: the manifest's auth, each tool, and each param — marked where the client
 * resolves it and hides it from the model.
 *
 * @since 0.1.0
 * @category utils
 */
export const describeManifest: (manifest: Manifest.Manifest, tools: ReadonlyArray<ModelTool.ModelTool>) => string =
  describe.describeManifest

/**
 * The credential as a service — `Credential.layer(value)`, or
 * `Credential.layerConfig(Config.redacted("API_TOKEN"))` — used when the client's options give
 * none. Swapping the layer swaps the secret (tests, rotation).
 *
 * @since 0.1.0
 * @category layers
 */
export { Credential } from "./internal/credential.js"

/**
 * The promise facade for plain TypeScript: `createRcpClient({ resolvers, credential, trustedOrigins })`.
 * Requests go straight over undici unless a `fetch` is given.
 *
 * @example
 * ```ts
 * import { createRcpClient, ResolverMissing } from "rcp-sdk/client"
 *
 * const client = createRcpClient({
 *   resolvers: { userId: (ctx: { readonly currentUserId?: string }) => ctx.currentUserId },
 *   credential: () => process.env.API_TOKEN
 * })
 * const { tools } = await client.discover("https://api.example.com/rcp/manifest")
 * // … hand `tools` to the model, then run each call it makes:
 * try {
 *   const { status, data } = await client.execute(
 *     { name: "get_profile", arguments: "{}" },
 *     { context: { currentUserId: "u-42" } }
 *   )
 *   console.log(status, data)
 * } catch (error) {
 *   if (error instanceof ResolverMissing) console.error("no signed-in user; nothing was sent")
 *   else throw error
 * }
 * await client.close()
 * ```
 *
 * @since 0.1.0
 * @category constructors
 */
export { createRcpClient } from "./internal/promise.js"

/**
 * Types of the promise facade.
 *
 * @since 0.1.0
 * @category models
 */
export type { CallOptions, PromiseClient, RcpClientOptions } from "./internal/promise.js"

/**
 * Model-facing tools in the shape each provider's API takes: `toOpenAiTools(tools)` for OpenAI's
 * `tools` (`{ type: "function", function }`), `toAnthropicTools(tools)` for Anthropic's
 * (`{ name, description, input_schema }`). Gemini takes `parameters` as-is.
 *
 * @since 0.1.0
 * @category conversions
 */
export { toAnthropic as toAnthropicTools, toOpenAi as toOpenAiTools } from "./internal/modelTool.js"
