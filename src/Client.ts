/**
 * The RCP client: discover a manifest, show the model its tools (resolver-bound params removed),
 * and execute the model's tool calls directly against the REST endpoints.
 *
 * The public models are declared here; `internal/client/client.ts` assembles the service from them.
 *
 * Also the client's rules that the satellite packages apply to what they fetch, serve or print
 * (`@rcp-sdk/openapi`, `@rcp-sdk/mcp`, `@rcp-sdk/cli`): which hosts are loopback or internal (the
 * rules behind `allowHttp` and `blockPrivateNetworks`), how echoed secrets are redacted, and the HTTP
 * method behind a tool of `tools`. They are the client's rules, so they are exported here rather than
 * copied into each package.
 *
 * @since 0.1.0
 */
import type { DurationInput } from "#target/Effects.js"
import * as Effects from "#target/Effects.js"
import type * as HttpClient from "#target/HttpClientKey.js"
import { type Key as ServiceKey, Service as ServiceOf } from "#target/Service.js"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import type * as Redacted from "effect/Redacted"
import type * as Scope from "effect/Scope"
import type * as Errors from "./Errors.js"
import type * as Lock from "./Lock.js"
import type * as Manifest from "./Manifest.js"
import type * as Providers from "./Providers.js"
import type * as Resolver from "./Resolver.js"
import type * as Result from "./Result.js"
import type * as Approval from "./internal/client/approval.js"
import type { RankedTools } from "./internal/client/ranker.js"
import * as internal from "./internal/client/client.js"
import * as SearchSessionInternal from "./internal/client/searchSession.js"
import type * as Credential from "./internal/client/credential.js"
import type * as OAuthEndpoint from "./internal/client/oauth/endpoint.js"
import type * as Principal from "./internal/client/oauth/principal.js"
import type * as TokenManager from "./internal/client/oauth/tokenManager.js"
import type * as TokenStore from "./internal/client/oauth/tokenStore.js"
import * as describe from "./internal/manifest/describe.js"
import type * as EffectRequirements from "./internal/shared/requirements.js"
import type * as ModelTool from "./internal/model/modelTool.js"
import * as ToolMethod from "./internal/model/toolMethod.js"
import * as SearchToolInternal from "./internal/search/searchTool.js"
import * as Tokens from "./internal/search/tokens.js"
import * as Url from "./internal/shared/url.js"
import type * as TransportErrors from "./internal/transport/errors.js"
import type * as FetchJson from "./internal/transport/fetchJson.js"
import * as PrivateNetwork from "./internal/transport/privateNetwork.js"
import * as Redact from "./internal/transport/redact.js"

export type {
  /**
   * One property of a tool's `parameters`: `{ type, description? }`.
   *
   * @since 0.1.0
   * @category models
   */
  ModelParameter,
  /**
   * A tool as handed to a model: `{ name, description, parameters }`.
   *
   * @since 0.1.0
   * @category models
   */
  ModelTool
} from "./internal/model/modelTool.js"

/**
 * Every error a client raises (`rcp-sdk/errors`: each class with its own documentation, their union
 * `RcpError` and the guard `isRcpError`), re-exported so that one import serves a promise-facade
 * user (`err instanceof ResolverMissing`). The same classes as in `rcp-sdk/errors`,
 * `rcp-sdk/resolver` and `rcp-sdk/manifest`.
 *
 * @since 0.1.0
 * @category errors
 */
export * from "./Errors.js"

/**
 * The provider formats, tool-call shapes, the model-facing error table and the result helpers
 * (`rcp-sdk/providers`), re-exported for compatibility.
 *
 * @since 0.1.0
 * @category conversions
 */
export * from "./Providers.js"

/**
 * What the model sees of a result (`rcp-sdk/result`): budgets, the model's view, structured output
 * and the HTML converter — also here, so that one import serves an application that shapes a
 * result by hand (`Result.forModel`).
 *
 * @since 0.2.0
 * @category models
 */
export * as Result from "./Result.js"

export {
  /**
   * Approval for side effects (docs/security.md "Approval"): the hook as a service (`Approval.layer(f)`) and
   * its policy. Its two errors, `ApprovalDenied` and `ApprovalFailed`, are in `rcp-sdk/errors`.
   *
   * @since 0.3.0
   * @category models
   */
  Approval
} from "./internal/client/approval.js"
export type {
  /**
   * What the approval hook gets beside the request: `{ tool, context }`.
   *
   * @since 0.3.0
   * @category models
   */
  ApprovalInfo,
  /**
   * Which calls need approval: `{ methods, tools }` (default: every method but GET; a tool's entry wins over `methods`).
   *
   * @since 0.3.0
   * @category models
   */
  ApprovalPolicy,
  /**
   * The approval hook's interface: `approve(request, info)` → `Effect<boolean>`; only `true` sends the call.
   *
   * @since 0.3.0
   * @category models
   */
  ApprovalService,
  /**
   * The approval hook in any form: `(request, { tool, context }) =>` a boolean, a promise or an Effect of one.
   *
   * @since 0.3.0
   * @category models
   */
  ApproveFunction
} from "./internal/client/approval.js"

export {
  /**
   * The app's own ranker for `searchTools` and search mode as a service (`ToolRanker.layer(f)`, or a
   * layer built from the services it needs); `searchRanker` in the options wins over it.
   *
   * @since 0.3.0
   * @category models
   */
  ToolRanker
} from "./internal/client/ranker.js"
export type {
  /**
   * A ranker's answer: tool names, best first, each with its score.
   *
   * @since 0.3.0
   * @category models
   */
  RankedTools,
  /**
   * A ranker in any form for `ToolRanker.layer`: `(request, candidates, { limit }) =>` matches, a promise or an Effect of them.
   *
   * @since 0.3.0
   * @category models
   */
  RankFunction,
  /**
   * The ranker service's interface: `rank(request, candidates, { limit })` → `Effect<RankedTools, unknown>`.
   *
   * @since 0.3.0
   * @category models
   */
  ToolRankerService
} from "./internal/client/ranker.js"

// ---------------------------------------------------------------------------------------------
// Models
// ---------------------------------------------------------------------------------------------

/**
 * Where the credential will be sent, so a function can pick the right one per API.
 *
 * @since 0.1.0
 * @category models
 */
export interface CredentialRequest {
  readonly origin: string
  readonly manifestUrl: string
  readonly tool: string
}

/**
 * A credential function: called for each request with where the credential will be sent and the
 * call's context — the same context the resolvers get (`execute(call, { context })`) — so that it
 * can pick the signed-in user's own token. It may return the credential, a promise of it, or an
 * Effect; `undefined` or `null` means "none for this call" (`CredentialMissing`, nothing sent).
 * An Effect's requirements (`R`) are carried in the type of the layer (or `discover`) it is given
 * to, as `Resolver.Requirements` carries the resolvers'.
 *
 * @since 0.2.0
 * @category models
 */
export type CredentialFunction<Ctx = any, R = never> = (
  request: CredentialRequest,
  context: Ctx
) =>
  | string
  | Redacted.Redacted<string>
  | undefined
  | null
  | PromiseLike<string | Redacted.Redacted<string> | undefined | null>
  | Effect.Effect<string | Redacted.Redacted<string> | undefined | null, unknown, R>

/**
 * A credential: a value, or a function (sync, async or Effect) called for each request with the
 * call's context.
 *
 * @since 0.1.0
 * @category models
 */
export type CredentialInput<Ctx = any, R = never> = string | Redacted.Redacted<string> | CredentialFunction<Ctx, R>

/**
 * What an Effect-returning credential function requires (never for a value or a plain function).
 *
 * @since 0.2.0
 * @category models
 */
export type CredentialRequirements<C> = Credential.Requirements<C>

/**
 * From the turn's context to the application's id for the signed-in user, whose OAuth tokens the
 * call sends (docs/protocol.md §10.2): a value, a promise or an Effect; `undefined` or `null` means
 * "no user for this call" (`CredentialMissing`, nothing sent — never the client's own token).
 *
 * @since 0.2.0
 * @category models
 */
export type OAuthSubject<Ctx = any, R = never> = Principal.SubjectFn<Ctx, R>

/**
 * The client's OAuth 2 settings (docs/protocol.md §10). The client registrations are per API
 * (`DiscoverOptions.oauth`): a client secret belongs to one authorization server. Where users'
 * tokens are kept is the `TokenStore` service (`rcp-sdk/oauth`; in the promise facade, `store`),
 * by default this process's memory.
 *
 * @since 0.2.0
 * @category models
 */
export interface OAuthOptions {
  /**
   * Whose token a call sends, for every API that offers the `authorization_code` flow (an API
   * discovered with a `subject` of its own uses that one). Without one, calls send the client's
   * own token (client credentials) where the API offers it.
   */
  readonly subject?: OAuthSubject<any, any> | undefined
  /** How long before its expiry a token is replaced; default 30 seconds (at most half its lifetime). */
  readonly refreshBefore?: DurationInput | undefined
  /** Users whose access token is kept in memory between calls, per API; default 10,000 (the store holds them all). */
  readonly maxCachedUsers?: number | undefined
}

/**
 * One API's OAuth 2 client registration (docs/protocol.md §10.2): what the operator registered at
 * the API's authorization server. Its endpoints come from the manifest, under the trust rules of
 * any request: the manifest's origin or a trusted one.
 *
 * @since 0.2.0
 * @category models
 */
export interface OAuthClient {
  readonly clientId: string
  /** None for a public client (a CLI, a native app). */
  readonly clientSecret?: string | Redacted.Redacted<string> | undefined
  /** Default `client_secret_basic` with a secret, `none` without. */
  readonly clientAuthentication?: OAuthEndpoint.ClientAuthentication | undefined
  /** Where the authorization server sends a user back (the application's callback): needed to connect users. */
  readonly redirectUri?: string | undefined
  /** The scopes asked for; default the manifest's. */
  readonly scopes?: ReadonlyArray<string> | undefined
  /** The API's name in messages, e.g. "GitHub" ("the user needs to connect their GitHub account"); default the authorization server's host. */
  readonly name?: string | undefined
  /** Whose token this API's calls send, instead of the client's `oauth.subject`. */
  readonly subject?: OAuthSubject<any, any> | undefined
  /** Timeout of one token request; default the client's `timeout`. */
  readonly timeout?: DurationInput | undefined
}

/**
 * The services the Effect functions of a client's options require — its credential function's and
 * its OAuth subject function's — carried in the type of its layer, as `Resolver.Requirements`
 * carries the resolvers'.
 *
 * @since 0.2.0
 * @category models
 */
export type Requirements<O> =
  | (O extends { readonly credential?: infer C } ? Credential.Requirements<C> : never)
  | (O extends { readonly oauth?: infer A } ? SubjectRequirements<A> : never)

type SubjectRequirements<A> = A extends { readonly subject?: infer S } ? EffectRequirements.OfFunction<S> : never

/**
 * When a request is sent again (docs/protocol.md §3.6).
 *
 * @since 0.1.0
 * @category models
 */
export interface RetryOptions {
  /** Retries after the first attempt; default 2. 0 turns retries off. */
  readonly retries?: number | undefined
  /** Methods retried besides GET (which is always safe); e.g. `["PUT", "DELETE"]`. Default none. */
  readonly methods?: ReadonlyArray<Manifest.HttpMethod> | undefined
  /** First backoff; doubles each retry. Default 200 ms. */
  readonly baseDelay?: DurationInput | undefined
  /** Longest backoff. Default 5 s. */
  readonly maxDelay?: DurationInput | undefined
  /** Longest `Retry-After` honoured; a server asking for longer gets its error returned instead. Default 30 s. */
  readonly maxRetryAfter?: DurationInput | undefined
}

/**
 * The client's options. Each is checked when the client is built; a bad one throws a `TypeError`
 * naming it.
 *
 * @since 0.1.0
 * @category models
 */
export interface Options {
  /**
   * The client-wide credential, for manifests discovered without one of their own. When absent, a
   * `Credential` layer in context supplies it (e.g. `Credential.layerConfig(...)`). A fixed value
   * (string or `Redacted`) is sent only to the origin of the first authenticated manifest
   * discovered with it and to `trustedOrigins`; a function decides per request (it receives
   * `{ origin, manifestUrl, tool }` and the call's context). See docs/client.md "Several APIs". An Effect
   * function's requirements become the layer's (`Requirements`).
   */
  readonly credential?: CredentialInput<any, any> | undefined
  /**
   * OAuth 2 for every API whose manifest has an `oauth2` auth and that is discovered with an `oauth`
   * client registration (docs/protocol.md §10, docs/credentials.md): whose token a call sends.
   */
  readonly oauth?: OAuthOptions | undefined
  /** Origins besides each manifest's own that every manifest's tools may call (and receive the credential). */
  readonly trustedOrigins?: ReadonlyArray<string> | undefined
  /** Allow plain `http:` to hosts that are not loopback. Default false. */
  readonly allowHttp?: boolean | undefined
  /**
   * Timeout of one attempt: connecting, every redirect and the whole body. Default 30 seconds. A
   * retried request (see `retry`) gets a fresh one per attempt.
   */
  readonly timeout?: DurationInput | undefined
  /** Largest tool response read, in bytes. Default 5 MiB. */
  readonly maxResponseBytes?: number | undefined
  /** Largest manifest read, in bytes. Default 1 MiB. */
  readonly maxManifestBytes?: number | undefined
  /** Most same-origin redirects followed. Default 5. */
  readonly maxRedirects?: number | undefined
  /** Retries of GET (and methods marked safe) on connection errors and 429/502/503/504. Default 2. */
  readonly retry?: RetryOptions | undefined
  /**
   * Refuse tool and manifest hosts that are, or resolve to, loopback, private, link-local or other
   * internal addresses — checked on the connection's resolved address, at every redirect hop.
   * For server-side deployments; off by default (local development uses loopback). The check runs
   * inside the DNS lookup of the client's own undici agent, so with it on the client always sends
   * through that agent: `layer` then does not use the `HttpClient` it is given.
   */
  readonly blockPrivateNetworks?: boolean | undefined
  /**
   * What the operator approved (a lock file, `JSON.parse`d or `Lock.decode`d; docs/lock.md). Every
   * manifest must then match its entry — or the `pin` it is discovered with — or discovery fails
   * with `ManifestChanged` (`ManifestNotPinned` for a URL the lock lacks) before any tool is exposed.
   */
  readonly lock?: Lock.Lock | undefined
  /** What a manifest with tools its pin lacks gets: refused (`"exact"`, the default) or its new tools hidden. */
  readonly pinPolicy?: Lock.PinPolicy | undefined
  /**
   * What discovery does with a tool the poisoning checks flag (docs/security.md "Poisoning checks"):
   * `"warn"` (default) exposes it and says why in `warnings`; `"refuse"` keeps it from the model
   * — it is not in `tools`, and a call to it fails with `ToolNotFound` — with a warning naming the rule.
   */
  readonly onPoisoning?: "warn" | "refuse" | undefined
  /** Options of the poisoning checks: `descriptionBudget` (characters, default 2000). */
  readonly poisoning?: Manifest.LintOptions | undefined
  /**
   * Which calls the approval hook (the `Approval` service; `approve` in `createRcpClient`) is asked
   * about, by method and by tool name (docs/security.md "Approval"). Default: every method but GET. Without a
   * hook, no call needs approval.
   */
  readonly approval?: Approval.ApprovalPolicy | undefined
  /**
   * The app's own ranker for `searchTools` and search mode (embeddings, a search service…) in
   * place of the default local index. See `SearchRanker`; an Effect application may provide it as
   * a `ToolRanker` layer instead (this option wins over one).
   */
  readonly searchRanker?: SearchRanker | undefined
  /**
   * The most characters of a result the model reads (docs/results.md "Budgets"), for every call
   * unless an API, a tool or the call sets its own. Default 40,000; `Infinity` for no limit.
   */
  readonly maxResultChars?: number | undefined
  /** The most tokens of a result the model reads (o200k, gpt-tokenizer), instead of characters. */
  readonly maxResultTokens?: number | undefined
}

/**
 * What one API — one manifest — is discovered with. Each applies to that manifest's tools only.
 *
 * @since 0.2.0
 * @category models
 */
export interface DiscoverOptions {
  /**
   * This API's credential (the same forms as the client-wide one), used instead of the client-wide
   * one. An Effect function's requirements become `discover`'s.
   */
  readonly credential?: CredentialInput<any, any> | undefined
  /**
   * This API's OAuth 2 client registration, for a manifest with an `oauth2` auth: the client
   * obtains, refreshes and sends the access tokens (docs/protocol.md §10). Without it, such a
   * manifest's tools are sent the `credential` (as `Authorization: Bearer`), if there is one.
   */
  readonly oauth?: OAuthClient | undefined
  /** Origins this API's tools may call (and receive its credential) besides the manifest's own. */
  readonly trustedOrigins?: ReadonlyArray<string> | undefined
  /**
   * Prepended verbatim to each of this manifest's tool names wherever a tool is named: `tools`,
   * provider formats, `execute`, errors. The result must still be a valid tool name.
   */
  readonly prefix?: string | undefined
  /** What this manifest must match (an entry of a lock), instead of the client's lock entry for its URL. */
  readonly pin?: Lock.ApiPin | undefined
  /** This API's pin policy, instead of the client's `pinPolicy`. */
  readonly pinPolicy?: Lock.PinPolicy | undefined
  /** The most characters of a result of this API's tools the model reads (docs/results.md "Budgets"). */
  readonly maxResultChars?: number | undefined
  /** The most tokens of a result of this API's tools the model reads. */
  readonly maxResultTokens?: number | undefined
  /**
   * Offer the model of every tool of this API the optional `fields` argument, with which it asks for
   * parts of the result only (docs/results.md "Asking for less: fields"). Default false.
   */
  readonly fields?: boolean | undefined
  /**
   * Result options of single tools, by the name `tools` gives them (prefix included): their own
   * budget and `fields`, over this API's. A name that is no tool of the manifest is a warning.
   */
  readonly toolResults?: { readonly [tool: string]: ToolResultOptions } | undefined
}

/**
 * One tool's result options (`DiscoverOptions.toolResults`).
 *
 * @since 0.2.0
 * @category models
 */
export interface ToolResultOptions extends Result.ResultBudget {
  /** Offer this tool's model the `fields` argument (or, `false`, not), whatever the API's `fields` says. */
  readonly fields?: boolean | undefined
}

/**
 * `register`'s source: the URL the manifest counts as discovered at, and the options of `discover`.
 *
 * @since 0.2.0
 * @category models
 */
export interface RegisterOptions extends DiscoverOptions {
  /** Its origin is the manifest's origin for the credential and trust rules. */
  readonly url: string
}

/**
 * One tool call of the model, in any shape `execute` reads: rcp's `{ name, arguments }`
 * (`RcpToolCall`) or a provider's own tool-call object (docs/providers.md).
 *
 * @since 0.1.0
 * @category models
 */
export type ToolCall = Providers.ToolCallInput

/**
 * @since 0.1.0
 * @category models
 */
export interface ExecuteOptions<Ctx = unknown> {
  /**
   * The turn's context: handed to every resolver, to the credential function and to the OAuth
   * subject function of this call. Typed with `Client.typed<Ctx>()`.
   */
  readonly context?: Ctx | undefined
  /** Overrides the client's timeout for this call. */
  readonly timeout?: DurationInput | undefined
  /**
   * The most characters of this call's result the model reads, over every other level
   * (docs/results.md "Budgets"). A budget below the smallest is a `TypeError` (a defect: it is the
   * operator's code, not the model's call), and nothing is sent.
   */
  readonly maxResultChars?: number | undefined
  /** The most tokens of this call's result the model reads. */
  readonly maxResultTokens?: number | undefined
}

/**
 * What a successful call returns: the status and the body, whole — for the application — and
 * what the model reads of it, shaped to the call's budget (docs/results.md).
 *
 * `headers` and `model` are not enumerable: `{ status, data }` compares, spreads and serializes
 * as before (a copy made by spreading has neither; the helpers shape its `data` by default then).
 *
 * @since 0.1.0
 * @category models
 */
export interface ToolResult {
  readonly status: number
  /**
   * The body as received: parsed JSON (then `responseMappings`, docs/protocol.md §4); the text of
   * a text or HTML body; the bytes (`Uint8Array`) of a binary one.
   */
  readonly data: unknown
  /** The response's headers, lower-cased names. @since 0.2.0 */
  readonly headers: Readonly<Record<string, string | undefined>>
  /**
   * What the model reads of this result — within the call's budget, as valid JSON for a JSON body,
   * with notes on what was cut and how to get a next page — shaped on first read (an application
   * that never reads it never pays for it). Every provider helper and adapter sends `model.text`.
   *
   * @since 0.2.0
   */
  readonly model: Result.ModelResult
}

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
 * What `discover` and `register` return.
 *
 * @since 0.1.0
 * @category models
 */
export interface Discovery {
  readonly url: string
  readonly manifest: Manifest.Manifest
  /** The model-facing tools, under their exposed names; resolver-bound params removed. */
  readonly tools: ReadonlyArray<ModelTool.ModelTool>
  /** Things the operator should know (an unused resolver, a credential that will not be sent), as readable lines. */
  readonly warnings: ReadonlyArray<string>
}

/**
 * What `fetchJson` returns: the document's URL (user info stripped) and its parsed JSON.
 *
 * @since 0.2.0
 * @category models
 */
export type Fetched = FetchJson.Fetched

/**
 * Everything `fetchJson` can fail with.
 *
 * @since 0.2.0
 * @category errors
 */
export type FetchError = FetchJson.FetchError

/**
 * Everything sending one request can fail with (redirects, caps, timeouts, the guard).
 *
 * @since 0.2.0
 * @category errors
 */
export type SendError = TransportErrors.SendError

/**
 * Everything `register` can fail with (discovery's failures after the manifest is in hand).
 *
 * @since 0.1.0
 * @category errors
 */
export type RegisterError =
  | Errors.ManifestInvalid
  | Errors.UnsupportedVersion
  | Errors.DuplicateTool
  | Errors.InvalidResponse
  | Errors.InvalidDiscoverOptions
  | Errors.ManifestChanged
  | Errors.ManifestNotPinned

/**
 * Everything `discover` can fail with.
 *
 * @since 0.1.0
 * @category errors
 */
export type DiscoverError = SendError | Errors.HttpError | Errors.InsecureUrl | RegisterError

/**
 * Everything `buildRequest` can fail with (docs/protocol.md §3, all before any request).
 *
 * @since 0.1.0
 * @category errors
 */
export type BuildError =
  | Errors.ToolNotFound
  | Errors.InvalidArguments
  | Errors.ResolverMissing
  | Errors.ResolverFailed
  | Errors.InsecureUrl
  | Errors.UntrustedOrigin
  | Errors.CredentialMissing
  | TokenError

/**
 * Everything obtaining an OAuth 2 access token can fail with (docs/protocol.md §10.4), before any
 * request to the API: the user has not connected (`AuthorizationRequired`), the token endpoint
 * failed, the token store failed, or the endpoint is on an untrusted origin.
 *
 * @since 0.2.0
 * @category errors
 */
export type TokenError = TokenManager.TokenError

/**
 * Everything completing a user's authorization can fail with.
 *
 * @since 0.2.0
 * @category errors
 */
export type CompleteAuthorizationError = TokenManager.CompleteError | Errors.OAuthNotConfigured

/**
 * Everything `execute` can fail with.
 *
 * @since 0.1.0
 * @category errors
 */
export type ExecuteError =
  | BuildError
  | SendError
  | Errors.HttpError
  | Errors.InvalidResponse
  | Errors.ApprovalDenied
  | Errors.ApprovalFailed

/**
 * Options of `searchTools`.
 *
 * @since 0.2.0
 * @category models
 */
export interface SearchOptions {
  /** How many tools at most (default 5, at most 50). */
  readonly limit?: number | undefined
  /** Only the tools of these APIs, by the URL they were discovered or registered at. */
  readonly apis?: ReadonlyArray<string | URL> | undefined
  /**
   * Only the tools carrying one of these tags (the manifest's `tags`, docs/protocol.md §8; compared
   * exactly). With `apis`, a tool must pass both; an empty list keeps no tool.
   */
  readonly tags?: ReadonlyArray<string> | undefined
}

/**
 * One tool found by `searchTools`: the model-facing tool (a resolver-bound param is not in it),
 * its score (higher is better; comparable within one search only) and the API it belongs to.
 *
 * @since 0.2.0
 * @category models
 */
export interface ToolMatch {
  readonly tool: ModelTool.ModelTool
  readonly score: number
  /** The URL the tool's manifest was discovered or registered at. */
  readonly api: string
}

/**
 * Options of a search session (`searchSession`).
 *
 * @since 0.2.0
 * @category models
 */
export interface SearchSessionOptions {
  /** Tools always offered beside `search_tools`, by exposed name (a name not registered is left out). */
  readonly pinned?: ReadonlyArray<string> | undefined
  /** Search only the tools of these APIs, by the URL they were discovered or registered at. */
  readonly apis?: ReadonlyArray<string | URL> | undefined
  /** Search only the tools carrying one of these tags (as `SearchOptions.tags`). */
  readonly tags?: ReadonlyArray<string> | undefined
}

/**
 * One conversation in search mode: the model is given `search_tools` (and the pinned tools), and
 * what its searches return becomes callable on the following turns. Hand `tools` to the provider
 * each turn (`toOpenAiTools(yield* session.tools)` & co.) and run every call of the model through
 * `execute`: a `search_tools` call answers with the tools found (name, description, parameters;
 * a resolver-bound param is not in them), any other call runs as `RcpClient.execute` would — if
 * the session exposed that tool; otherwise it fails with `ToolNotFound` before anything is resolved
 * or sent. See docs/big-apis.md.
 *
 * @since 0.2.0
 * @category models
 */
export interface SearchSession {
  /** This turn's tool list: `search_tools`, the pinned tools, then the tools found so far (at most 64, oldest dropped first). */
  readonly tools: Effect.Effect<ReadonlyArray<ModelTool.ModelTool>>
  /** Runs a model's call (any accepted shape): a search, or a call of a tool this session exposed. */
  readonly execute: (call: ToolCall, options?: ExecuteOptions) => Effect.Effect<ToolResult, ExecuteError>
  /** The names found so far, oldest first. */
  readonly found: Effect.Effect<ReadonlyArray<string>>
}

/**
 * A tool as a ranker is handed it: the model-facing tool (a resolver-bound param is not in it) and
 * the URL of the manifest it came from.
 *
 * @since 0.2.0
 * @category models
 */
export interface SearchCandidate {
  readonly tool: ModelTool.ModelTool
  readonly api: string
}

/**
 * A pluggable ranker (`Options.searchRanker`, or as a service: `ToolRanker`): given the request and every candidate tool (those
 * of the APIs asked for), the best matches first, at most `limit`. It may be asynchronous (an
 * embedding model, a search service). Names it returns that are not candidates, and repeats, are
 * dropped; the list is cut at `limit`. Candidates come fresh on every search, so a ranker that
 * embeds tools caches by name. A ranker that throws or rejects fails the search as a defect: catch
 * what your ranker expects to fail (a network error) and fall back inside it.
 *
 * @example
 * ```ts
 * import { createRcpClient, type SearchRanker } from "rcp-sdk/client"
 *
 * // A toy ranker: tools whose name shares a word with the request, by how many words they share.
 * const byName: SearchRanker = (request, candidates, { limit }) => {
 *   const words = new Set(request.toLowerCase().split(/\W+/))
 *   return candidates
 *     .map(({ tool }) => ({ name: tool.name, score: tool.name.split("_").filter((w) => words.has(w)).length }))
 *     .filter((match) => match.score > 0)
 *     .sort((a, b) => b.score - a.score)
 *     .slice(0, limit)
 * }
 * const client = createRcpClient({ searchRanker: byName })
 * ```
 *
 * @since 0.2.0
 * @category models
 */
export type SearchRanker = (
  request: string,
  candidates: ReadonlyArray<SearchCandidate>,
  options: { readonly limit: number }
) => RankedTools | PromiseLike<RankedTools>

/**
 * The tools one model was shown, as a set that runs only them (`expose`): a call naming any other
 * tool — one discovered after the set was made, one never shown, one forgotten, or one whose
 * model-facing definition changed since — fails with `ToolNotFound` before any resolver runs or
 * anything is sent, and that error names only the set's tools. Every adapter that hands a model a
 * subset executes through one.
 *
 * @since 0.3.0
 * @category models
 */
export interface Exposed {
  /** The tools of the set, for the provider formats (`toOpenAiTools(exposed.tools)`, …). */
  readonly tools: ReadonlyArray<ModelTool.ModelTool>
  /** Whether a call of this name would find its tool (in the set, and still as shown). */
  readonly has: (name: string) => boolean
  readonly execute: (call: ToolCall, options?: ExecuteOptions) => Effect.Effect<ToolResult, ExecuteError>
  readonly buildRequest: (call: ToolCall, options?: ExecuteOptions) => Effect.Effect<PreparedRequest, BuildError>
}

/**
 * What `discoverWith` hands its `load`: a GET of the URL being discovered, under discovery's rules
 * (no credential, user info stripped, same-origin redirects, capped at `maxBytes` — default the
 * manifest cap), parsed as JSON. `what` names the document in errors.
 *
 * With `url`, another document the manifest is made from (an OpenAPI spec's OpenID Connect
 * discovery document), under the same rules. A lock is not asked about it: it pins what such a
 * document decides, not where it is read — the manifest `load` returns, its `auth` included, is
 * held to the pin before anything is registered (docs/lock.md "OpenID Connect discovery").
 *
 * @since 0.3.0
 * @category models
 */
export type DocumentFetch = (
  options?: {
    readonly maxBytes?: number | undefined
    readonly what?: string | undefined
    /** Another document than the one discovered (`discoverWith`'s `url`); since 0.3.0. */
    readonly url?: string | URL | undefined
  }
) => Effect.Effect<FetchJson.Fetched, FetchJson.FetchError>

/**
 * The client service. Each client keeps its own set of discovered APIs.
 *
 * @since 0.1.0
 * @category models
 */
export interface Service<Ctx = unknown> {
  /** An Effect credential or subject function in `options` makes `discover` require its services. */
  readonly discover: <const D extends DiscoverOptions = DiscoverOptions>(
    url: string | URL,
    options?: D
  ) => Effect.Effect<Discovery, DiscoverError, Requirements<D>>
  readonly register: <const D extends RegisterOptions>(
    manifest: unknown,
    options: D
  ) => Effect.Effect<Discovery, RegisterError, Requirements<D>>
  /**
   * Discovery of a document that becomes a manifest by `load` — an OpenAPI import, a bridge — with
   * every rule of `discover`: the client's lock (or `options.pin`) decides first, so a URL it does
   * not pin fails with `ManifestNotPinned` before `load` runs and nothing is fetched; `load` gets a
   * fetch of that URL (`DocumentFetch`) and returns the manifest, which is registered under the URL
   * and held to the pin (`ManifestChanged`). The one entry point for importers: they fetch nothing
   * and register nothing themselves.
   */
  readonly discoverWith: <E>(
    url: string | URL,
    load: (fetch: DocumentFetch) => Effect.Effect<unknown, E>,
    options?: DiscoverOptions
  ) => Effect.Effect<Discovery, DiscoverError | E>
  /** Drops the tools of the manifest discovered at `url`; true when there were any. */
  readonly forget: (url: string | URL) => Effect.Effect<boolean>
  readonly tools: Effect.Effect<ReadonlyArray<ModelTool.ModelTool>>
  /** The model-facing tools best matching a request, best first, across every discovered API. */
  readonly searchTools: (request: string, options?: SearchOptions) => Effect.Effect<ReadonlyArray<ToolMatch>>
  readonly execute: (call: ToolCall, options?: ExecuteOptions<Ctx>) => Effect.Effect<ToolResult, ExecuteError>
  readonly buildRequest: (call: ToolCall, options?: ExecuteOptions<Ctx>) => Effect.Effect<PreparedRequest, BuildError>
  /** Whether the `approval` policy marks calls of this tool (by its exposed name); false for an unknown tool. */
  readonly needsApproval: (tool: string) => Effect.Effect<boolean>
  /**
   * The tools a model is shown (from `tools`, or a subset of them) as a set that executes only them
   * (`Exposed`). Show the model `exposed.tools`, run its calls with `exposed.execute`.
   */
  readonly expose: (tools: ReadonlyArray<ModelTool.ModelTool>) => Exposed
  /**
   * GETs a JSON document under discovery's rules (no credential, user info stripped, same-origin
   * redirects, capped at `maxBytes`, default the manifest cap) without registering anything. With
   * a lock, a URL the lock does not pin is refused (`ManifestNotPinned`) before any request.
   * Importers (`@rcp-sdk/openapi`) use `discoverWith`, which also applies a `pin` and registers.
   */
  readonly fetchJson: (
    url: string | URL,
    options?: {
      readonly maxBytes?: number | undefined
      /** Names the document in errors ("the manifest is not JSON"); default "document". */
      readonly what?: string | undefined
    }
  ) => Effect.Effect<Fetched, FetchError | Errors.ManifestNotPinned>
  /**
   * Where `subject` — the user signed in to the application — connects the OAuth 2 API discovered
   * at `url`: its authorization endpoint with PKCE and a fresh state, held by the client for ten
   * minutes (needs the API's `redirectUri`). For the application to show the user; never the model.
   */
  readonly authorizationUrl: (
    url: string | URL,
    subject: string
  ) => Effect.Effect<URL, Errors.AuthorizationFailed | Errors.UntrustedAuthorizationServer | Errors.OAuthNotConfigured>
  /**
   * Completes the authorization the application's callback received (the whole callback URL), for
   * the user signed in to the application now: it must have been started for that user, here, and
   * not used yet. The code is exchanged and the user's tokens stored.
   */
  readonly completeAuthorization: (
    callback: string | URL,
    expected: { readonly subject: string }
  ) => Effect.Effect<void, CompleteAuthorizationError>
  /** Revokes `subject`'s refresh token for the API at `url` where it allows it, and deletes their tokens. */
  readonly disconnect: (
    url: string | URL,
    subject: string
  ) => Effect.Effect<{ readonly revoked: boolean }, Errors.TokenStoreFailed | Errors.OAuthNotConfigured>
}

/**
 * The RCP client. Get it from `layer(options)` (over an `HttpClient`) or `layerUndici(options)`.
 *
 * @example
 * ```ts
 * import * as Config from "effect/Config"
 * import * as Layer from "effect/Layer"
 * import { Credential, layerUndici } from "rcp-sdk/client"
 * import * as Resolver from "rcp-sdk/resolver"
 *
 * // Straight over undici; the credential read from configuration, sent only where docs/protocol.md §3.5 allows.
 * export const RcpLive = layerUndici({ trustedOrigins: ["https://internal.example.com"] }).pipe(
 *   Layer.provide(Resolver.layer({ userId: (ctx: { readonly userId?: string }) => ctx.userId })),
 *   Layer.provide(Credential.layerConfig(Config.redacted("API_TOKEN")))
 * )
 * ```
 *
 * @since 0.1.0
 * @category models
 */
export class RcpClient extends ServiceOf<RcpClient, Service>()("rcp-sdk/RcpClient") {}

/**
 * The client's tag, with the turn's context typed: `execute` and `buildRequest` then take only a
 * `context` of type `Ctx`, as the promise facade's do. The same tag as `RcpClient` (any client
 * layer provides it); only its type is narrower.
 *
 * @example
 * ```ts
 * import * as Effect from "effect/Effect"
 * import * as Client from "rcp-sdk/client"
 *
 * interface Turn {
 *   readonly userId: string
 * }
 * const Rcp = Client.typed<Turn>()
 *
 * export const answer = (call: Client.ToolCall, turn: Turn) =>
 *   Effect.flatMap(Rcp, (client) => client.execute(call, { context: turn }))
 * ```
 *
 * @since 0.2.0
 * @category constructors
 */
export const typed = <Ctx>(): ServiceKey<RcpClient, Service<Ctx>> =>
  // Sound: the service accepts any context; `Service<Ctx>` only narrows what callers may pass.
  RcpClient as unknown as ServiceKey<RcpClient, Service<Ctx>>

// ---------------------------------------------------------------------------------------------
// Constructors and layers
// ---------------------------------------------------------------------------------------------

/**
 * Builds the client service over the `HttpClient` in context.
 *
 * @since 0.1.0
 * @category constructors
 */
export const make = <const O extends Options = Options>(
  options?: O
): Effect.Effect<Service, never, HttpClient.HttpClient | Resolver.Resolvers | Scope.Scope | Requirements<O>> =>
  internal.make(options ?? {})

/**
 * The client over the `HttpClient` you provide (fetch, node:http, a test double). With
 * `blockPrivateNetworks` it sends through its own guarded undici agent instead (see that option).
 *
 * @example
 * ```ts
 * import * as FetchHttpClient from "@effect/platform/FetchHttpClient"
 * import * as Layer from "effect/Layer"
 * import * as Client from "rcp-sdk/client"
 * import * as Resolver from "rcp-sdk/resolver"
 *
 * const RcpLive = Client.layer({ credential: "token" }).pipe(
 *   Layer.provide(Resolver.layer({ userId: (ctx: { userId?: string }) => ctx.userId })),
 *   Layer.provide(FetchHttpClient.layer)
 * )
 * ```
 *
 * @since 0.1.0
 * @category layers
 */
export const layer = <const O extends Options = Options>(
  options?: O
): Layer.Layer<RcpClient, never, HttpClient.HttpClient | Resolver.Resolvers | Requirements<O>> =>
  Effects.layerScoped(RcpClient, make(options))

/**
 * The client straight over undici, with an agent of its own (closed with the layer): no
 * `HttpClient` needed, and several times less overhead per call than through one.
 *
 * @since 0.1.0
 * @category layers
 */
export const layerUndici = <const O extends Options = Options>(
  options?: O
): Layer.Layer<RcpClient, never, Resolver.Resolvers | Requirements<O>> =>
  Effects.layerScoped(RcpClient, internal.makeUndici(options ?? {}))

// ---------------------------------------------------------------------------------------------
// Accessors
// ---------------------------------------------------------------------------------------------

/**
 * Fetches, validates and registers a manifest; returns it with its model-facing tools.
 * Discovering a URL again replaces that manifest's tools (and options) only.
 *
 * @example
 * ```ts
 * import * as Effect from "effect/Effect"
 * import * as Client from "rcp-sdk/client"
 *
 * const both = Effect.gen(function*() {
 *   yield* Client.discover("https://api.github.example/rcp/manifest", { credential: "gh-token", prefix: "gh_" })
 *   yield* Client.discover("https://crm.example.com/rcp/manifest", { credential: "crm-token", prefix: "crm_" })
 *   return yield* Client.tools
 * })
 * ```
 *
 * @since 0.1.0
 * @category accessors
 */
export const discover = <const D extends DiscoverOptions = DiscoverOptions>(
  url: string | URL,
  options?: D
): Effect.Effect<Discovery, DiscoverError, RcpClient | Requirements<D>> =>
  Effect.flatMap(RcpClient, (client) => client.discover(url, options))

/**
 * Registers a manifest that is already in hand (a file, a test fixture) as if discovered at
 * `options.url`: the tools' credential and origin rules use its origin.
 *
 * @since 0.1.0
 * @category accessors
 */
export const register = <const D extends RegisterOptions>(
  manifest: unknown,
  options: D
): Effect.Effect<Discovery, RegisterError, RcpClient | Requirements<D>> =>
  Effect.flatMap(RcpClient, (client) => client.register(manifest, options))

/**
 * Drops the tools of the manifest discovered (or registered) at `url`; succeeds with whether there
 * were any. Its options go with it.
 *
 * @since 0.2.0
 * @category accessors
 */
export const forget = (url: string | URL): Effect.Effect<boolean, never, RcpClient> =>
  Effect.flatMap(RcpClient, (client) => client.forget(url))

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
 *     // Written for the model: it can correct its call and retry (docs/providers.md "What the model is told of a failure").
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
  call: ToolCall,
  options?: ExecuteOptions
): Effect.Effect<ToolResult, ExecuteError, RcpClient> =>
  Effect.flatMap(RcpClient, (client) => client.execute(call, options))

/**
 * The request `execute` would send, without sending it; the credential shows as `<redacted>`.
 *
 * @since 0.1.0
 * @category accessors
 */
export const buildRequest = (
  call: ToolCall,
  options?: ExecuteOptions
): Effect.Effect<PreparedRequest, BuildError, RcpClient> =>
  Effect.flatMap(RcpClient, (client) => client.buildRequest(call, options))

/**
 * The tools a model is shown as a set that executes only them (see `Exposed`).
 *
 * @example
 * ```ts
 * import * as Effect from "effect/Effect"
 * import * as Client from "rcp-sdk/client"
 *
 * // Only the read-only tools for this model; a call to any other tool is ToolNotFound, nothing sent.
 * export const readOnly = Effect.gen(function*() {
 *   const all = yield* Client.tools
 *   const exposed = yield* Client.expose(all.filter((tool) => tool.name.startsWith("get_")))
 *   return { tools: Client.toOpenAiTools(exposed.tools), run: exposed.execute }
 * })
 * ```
 *
 * @since 0.3.0
 * @category accessors
 */
export const expose = (tools: ReadonlyArray<ModelTool.ModelTool>): Effect.Effect<Exposed, never, RcpClient> =>
  Effect.map(RcpClient, (client) => client.expose(tools))

/**
 * Where `subject` connects the OAuth 2 API discovered at `url` (see `Service.authorizationUrl`).
 *
 * @since 0.2.0
 * @category accessors
 */
export const authorizationUrl = (
  url: string | URL,
  subject: string
): Effect.Effect<URL, Errors.AuthorizationFailed | Errors.UntrustedAuthorizationServer | Errors.OAuthNotConfigured, RcpClient> =>
  Effect.flatMap(RcpClient, (client) => client.authorizationUrl(url, subject))

/**
 * Completes a user's authorization from the callback URL the application received (see
 * `Service.completeAuthorization`).
 *
 * @example
 * ```ts
 * import * as Effect from "effect/Effect"
 * import * as Client from "rcp-sdk/client"
 *
 * // The application's OAuth callback route, for the user signed in to the application.
 * export const callback = (requestUrl: string, signedInUser: string) =>
 *   Client.completeAuthorization(requestUrl, { subject: signedInUser }).pipe(
 *     Effect.as("connected"),
 *     Effect.catchTag("AuthorizationFailed", () => Effect.succeed("try connecting again"))
 *   )
 * ```
 *
 * @since 0.2.0
 * @category accessors
 */
export const completeAuthorization = (
  callback: string | URL,
  expected: { readonly subject: string }
): Effect.Effect<void, CompleteAuthorizationError, RcpClient> =>
  Effect.flatMap(RcpClient, (client) => client.completeAuthorization(callback, expected))

/**
 * Disconnects `subject` from the OAuth 2 API discovered at `url` (see `Service.disconnect`).
 *
 * @since 0.2.0
 * @category accessors
 */
export const disconnect = (
  url: string | URL,
  subject: string
): Effect.Effect<{ readonly revoked: boolean }, Errors.TokenStoreFailed | Errors.OAuthNotConfigured, RcpClient> =>
  Effect.flatMap(RcpClient, (client) => client.disconnect(url, subject))

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
 * The registered model-facing tools best matching a natural-language request, best first, across
 * every discovered API: a local, deterministic full-text index (no network, no model) that reads
 * everyday verbs, developer words and hints (`owner/repo`, `#channel`, `cus_…` ids) — see
 * docs/big-apis.md.
 *
 * @example
 * ```ts
 * import { Effect } from "effect"
 * import * as Client from "rcp-sdk/client"
 *
 * const found = Client.searchTools("refund the last charge of cus_9s6XKz", { limit: 5 })
 * ```
 *
 * @since 0.2.0
 * @category accessors
 */
export const searchTools = (
  request: string,
  options?: SearchOptions
): Effect.Effect<ReadonlyArray<ToolMatch>, never, RcpClient> =>
  Effect.flatMap(RcpClient, (client) => client.searchTools(request, options))

/**
 * A search session over the client (see `SearchSession`): the name of its search tool is
 * `SEARCH_TOOL_NAME` ("search_tools").
 *
 * @example
 * ```ts
 * import { Effect } from "effect"
 * import * as Client from "rcp-sdk/client"
 *
 * const turn = Effect.gen(function*() {
 *   const session = yield* Client.searchSession({ pinned: ["users_get_authenticated"] })
 *   const tools = Client.toOpenAiTools(yield* session.tools) // the request's `tools`
 *   // …for each tool call of the model's answer: yield* session.execute(call)
 *   return tools
 * })
 * ```
 *
 * @since 0.2.0
 * @category constructors
 */
export const searchSession = (options?: SearchSessionOptions): Effect.Effect<SearchSession, never, RcpClient> =>
  Effect.map(RcpClient, (client) => SearchSessionInternal.make(client, options))

/**
 * What a tool list costs in a provider's request, as an Effect (see `countToolTokens`): the whole
 * and each tool's share, counted with `gpt-tokenizer` (o200k_base; exact for OpenAI, an estimate
 * for Anthropic and Gemini).
 *
 * @example
 * ```ts
 * import { Effect } from "effect"
 * import * as Client from "rcp-sdk/client"
 *
 * const cost = Effect.flatMap(Client.tools, (tools) => Client.toolTokens(tools, { provider: "openai" }))
 * ```
 *
 * @since 0.2.0
 * @category utils
 */
export const toolTokens = (
  tools: ReadonlyArray<ModelTool.ModelTool>,
  options?: Providers.TokenCountOptions
): Effect.Effect<Providers.ToolTokens> => Effect.promise(() => Tokens.count(tools, options))

/**
 * The name of the search tool a search session gives the model.
 *
 * @since 0.2.0
 * @category constants
 */
export const SEARCH_TOOL_NAME: string = SearchToolInternal.SEARCH_TOOL_NAME

/**
 * The manifest as text (docs/protocol.md §5): its auth, each tool, and each param —
 * marked where the client resolves it and hides it from the model. Tools are shown under the names
 * `tools` gives them, so a manifest discovered with a prefix shows its exposed names.
 *
 * @since 0.1.0
 * @category utils
 */
export const describeManifest: (manifest: Manifest.Manifest, tools: ReadonlyArray<ModelTool.ModelTool>) => string =
  describe.describeManifest

export {
  /**
   * The credential as a service — `Credential.layer(value)`, or
   * `Credential.layerConfig(Config.redacted("API_TOKEN"))` — used when the client's options give
   * none. Swapping the layer swaps the secret (tests, rotation).
   *
   * @since 0.1.0
   * @category layers
   */
  Credential
} from "./internal/client/credential.js"

// ---------------------------------------------------------------------------------------------
// The promise facade
// ---------------------------------------------------------------------------------------------

/**
 * Options of `createRcpClient`: the client's `Options`, with `timeoutMs` (milliseconds) for
 * `timeout`, plus the resolvers and an optional `fetch`. `Ctx` — the per-call context — is inferred
 * from the resolvers' parameter type, so `execute`'s `context` is checked against it.
 *
 * @since 0.1.0
 * @category models
 */
export type RcpClientOptions<Ctx> = Omit<Options, "timeout" | "credential" | "oauth"> & {
  /**
   * The client-wide credential: a value, or a function called per request with where it goes and
   * the call's `context` (typed `Ctx`). An Effect it returns must require nothing: the promise client
   * has no services to give it (a missing one fails the call with `CredentialMissing`).
   */
  readonly credential?: CredentialInput<Ctx, any> | undefined
  /**
   * OAuth 2 (docs/credentials.md): whose token a call sends (`subject`, from the call's `context`),
   * and where users' tokens are kept (`store`: get/set/delete by API and subject; default in memory).
   */
  readonly oauth?: (Omit<OAuthOptions, "subject"> & {
    readonly subject?: OAuthSubject<Ctx, any> | undefined
    readonly store?: TokenStore.PromiseTokenStore | undefined
  }) | undefined
  /** Values the model never chooses, by param name: `{ learnerId: (ctx) => ctx.currentUserId }`. */
  readonly resolvers?: { readonly [param: string]: (context: Ctx, info: Resolver.ResolveInfo) => unknown } | undefined
  /** Per-request timeout in milliseconds; default 30000. */
  readonly timeoutMs?: number | undefined
  /** A `fetch` to send requests with (a test double, a proxy-aware fetch). Default: straight over undici. */
  readonly fetch?: typeof globalThis.fetch | undefined
  /**
   * Asked before each call the `approval` policy marks (default: every method but GET), with the
   * prepared request, credential shown as `<redacted>`; only `true` sends it (docs/security.md "Approval").
   */
  readonly approve?: Approval.ApproveFunction | undefined
}

/**
 * What the promise facade discovers an API with: `DiscoverOptions`, its credential and OAuth subject
 * functions typed by the client's `Ctx`.
 *
 * @since 0.2.0
 * @category models
 */
export type PromiseDiscoverOptions<Ctx> = Omit<DiscoverOptions, "credential" | "oauth"> & {
  readonly credential?: CredentialInput<Ctx, any> | undefined
  readonly oauth?: (Omit<OAuthClient, "subject"> & { readonly subject?: OAuthSubject<Ctx, any> | undefined }) | undefined
}

/**
 * Per-call options of the promise facade: `ExecuteOptions` with a typed `context`, `timeoutMs` for
 * `timeout`, and an `AbortSignal`.
 *
 * @since 0.1.0
 * @category models
 */
export type CallOptions<Ctx> = Omit<ExecuteOptions, "context" | "timeout"> & {
  readonly context?: Ctx | undefined
  readonly signal?: AbortSignal | undefined
  readonly timeoutMs?: number | undefined
}

/**
 * `Exposed` for the promise client: the set's tools, and `execute`/`buildRequest` that run only them.
 *
 * @since 0.3.0
 * @category models
 */
export interface PromiseExposed<Ctx> {
  readonly tools: ReadonlyArray<ModelTool.ModelTool>
  readonly has: (name: string) => Promise<boolean>
  readonly execute: (call: ToolCall, options?: CallOptions<Ctx>) => Promise<ToolResult>
  readonly buildRequest: (call: ToolCall, options?: Omit<CallOptions<Ctx>, "timeoutMs">) => Promise<PreparedRequest>
}

/**
 * A client for plain TypeScript: every method returns a Promise; a rejection is the same tagged
 * error instance the Effect API fails with (`err._tag`, `instanceof ResolverMissing`).
 *
 * @since 0.1.0
 * @category models
 */
export interface PromiseClient<Ctx> {
  readonly discover: (url: string | URL, options?: PromiseDiscoverOptions<Ctx>) => Promise<Discovery>
  readonly register: (manifest: unknown, options: PromiseDiscoverOptions<Ctx> & { readonly url: string }) => Promise<Discovery>
  /**
   * `discoverWith` for promises: the lock (or `options.pin`) decides before `load` runs; `load`
   * gets a fetch of that URL and resolves to the manifest, registered under the URL and held to
   * the pin. A rejection of `load` rejects the discovery with the same value.
   */
  readonly discoverWith: (
    url: string | URL,
    load: (fetch: (options?: Parameters<DocumentFetch>[0]) => Promise<FetchJson.Fetched>) => Promise<unknown>,
    options?: DiscoverOptions
  ) => Promise<Discovery>
  /** Drops one API's tools; resolves to whether there were any. */
  readonly forget: (url: string | URL) => Promise<boolean>
  readonly execute: (call: ToolCall, options?: CallOptions<Ctx>) => Promise<ToolResult>
  readonly buildRequest: (call: ToolCall, options?: Omit<CallOptions<Ctx>, "timeoutMs">) => Promise<PreparedRequest>
  /** GETs a JSON document under discovery's rules without registering it (for importers such as `@rcp-sdk/openapi`). */
  readonly fetchJson: (url: string | URL, options?: { readonly maxBytes?: number | undefined }) => Promise<Fetched>
  /** The model-facing tools of everything discovered so far. */
  readonly tools: () => Promise<ReadonlyArray<ModelTool.ModelTool>>
  /** The model-facing tools best matching a request, best first, across every discovered API. */
  readonly searchTools: (request: string, options?: SearchOptions) => Promise<ReadonlyArray<ToolMatch>>
  /** A search session (see `SearchSession`): `search_tools`, the pinned tools and what the model found. */
  readonly searchSession: (options?: SearchSessionOptions) => PromiseSearchSession<Ctx>
  /** Whether the `approval` policy marks calls of this tool (by its exposed name); false for an unknown tool. */
  readonly needsApproval: (tool: string) => Promise<boolean>
  /** Where `subject` connects the OAuth 2 API discovered at `url` (for the application to show the user; never the model). */
  readonly authorizationUrl: (url: string | URL, subject: string) => Promise<URL>
  /** Completes a user's authorization from the callback URL the application received, for the user signed in now. */
  readonly completeAuthorization: (callback: string | URL, expected: { readonly subject: string }) => Promise<void>
  /** Revokes the user's refresh token for the API at `url` where it allows it, and deletes their tokens. */
  readonly disconnect: (url: string | URL, subject: string) => Promise<{ readonly revoked: boolean }>
  /**
   * The tools a model is shown as a set that executes only them (`Exposed`): show the model
   * `exposed.tools`, run its calls with `exposed.execute`.
   */
  readonly expose: (tools: ReadonlyArray<ModelTool.ModelTool>) => PromiseExposed<Ctx>
  /**
   * Releases the client; safe to call twice. Calls in flight — sending, or waiting to retry — are
   * interrupted and reject with `ClientClosed` before this resolves; nothing is sent afterwards.
   * Later calls reject with `ClientClosed`.
   */
  readonly close: () => Promise<void>
}

/**
 * A search session of the promise facade: the same as `SearchSession`, in promises.
 *
 * @since 0.2.0
 * @category models
 */
export interface PromiseSearchSession<Ctx> {
  readonly tools: () => Promise<ReadonlyArray<ModelTool.ModelTool>>
  readonly execute: (call: ToolCall, options?: CallOptions<Ctx>) => Promise<ToolResult>
  readonly found: () => Promise<ReadonlyArray<string>>
}

export {
  /**
   * The promise facade for plain TypeScript: `createRcpClient({ resolvers, credential, trustedOrigins })`.
   * Requests go straight over undici unless a `fetch` is given.
   *
   * @example
   * ```ts
   * import { createRcpClient, ResolverMissing } from "rcp-sdk/client"
   *
   * const client = createRcpClient({
   *   resolvers: { userId: (ctx: { readonly currentUserId?: string | undefined }) => ctx.currentUserId },
   *   credential: () => process.env.API_TOKEN
   * })
   *
   * // One turn of the application, for the signed-in user (if any).
   * export const turn = async (currentUserId: string | undefined) => {
   *   const { tools } = await client.discover("https://api.example.com/rcp/manifest")
   *   // … hand `tools` to the model, then run each call it makes:
   *   try {
   *     const { status, data } = await client.execute({ name: "get_profile", arguments: "{}" }, { context: { currentUserId } })
   *     return `${status} ${JSON.stringify(data)}`
   *   } catch (error) {
   *     if (error instanceof ResolverMissing) return "no signed-in user; nothing was sent"
   *     throw error
   *   }
   * }
   * ```
   *
   * @since 0.1.0
   * @category constructors
   */
  createRcpClient
} from "./internal/client/promise.js"

// ---------------------------------------------------------------------------------------------
// The client's rules, for the packages that fetch, serve or print for it
// ---------------------------------------------------------------------------------------------

/**
 * Whether a host is loopback (`localhost`, `*.localhost`, `127.0.0.0/8`, `[::1]`): where plain
 * `http:` is allowed without `allowHttp`.
 *
 * @since 0.2.0
 * @category rules
 */
export const isLoopbackHost: (hostname: string) => boolean = Url.isLoopbackHost

/**
 * Whether a host (an IP literal, in any spelling, or a URL's bracketed IPv6 host) is an address
 * `blockPrivateNetworks` refuses: loopback, private, link-local, unique-local, carrier-grade NAT,
 * documentation and the IPv4 forms carried in IPv6. A name is not an address: the client judges a
 * name by what it resolves to, at connection time.
 *
 * @since 0.2.0
 * @category rules
 */
export const isBlockedAddress: (host: string) => boolean = PrivateNetwork.isBlockedAddress

/**
 * `text` with every echoed form of each secret (raw, JSON- or percent-escaped, base64, hex) replaced
 * by `<redacted>`: what the client does to a server's error body before it reaches `HttpError`.
 * Secrets shorter than 4 characters are left (they would redact everything).
 *
 * @since 0.2.0
 * @category rules
 */
export const redact: (text: string, secrets: ReadonlyArray<string>) => string = Redact.redact

/**
 * The HTTP method behind a tool this client's `tools` returned (what a model is shown carries
 * none); undefined for a `ModelTool` built elsewhere. For integrations that describe a tool's
 * effects to a host, as the MCP bridge's annotations do.
 *
 * @since 0.2.0
 * @category utils
 */
export const toolMethod: (tool: ModelTool.ModelTool) => Manifest.HttpMethod | undefined = ToolMethod.of
