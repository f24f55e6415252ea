/**
 * The authorization server as the client talks to it: every token endpoint request, the
 * authorization request and the callback's check go through `oauth4webapi` — a maintained,
 * conformance-tested implementation — and nothing here builds or parses a token request by hand.
 * What this module adds is the client's transport discipline around it:
 *
 * - plain `http:` only where the manifest rules allow it (loopback, or `allowHttp`);
 * - a timeout per request and interruption (an aborted fiber aborts the socket);
 * - a cap on what is read of an answer (a token response is a few hundred bytes), no redirects;
 * - failures translated into `TokenRequestFailed` from safe parts only. The library's own errors
 *   are never kept as a `cause`: theirs may hold the response body, which holds the tokens.
 *
 * The library is loaded when the first endpoint is made (`load`), not with the client: a client that
 * never meets an `oauth2` auth never loads it (test/startup.test.ts). An `import()` of the package,
 * rather than of a module of ours, so that the built bundle gains no chunk of its own.
 */
import * as Effects from "#target/Effects.js"
import * as Effect from "effect/Effect"
import * as Redacted from "effect/Redacted"
import type * as OAuth4WebApi from "oauth4webapi"
import * as HeaderValue from "../../shared/headerValue.js"
import { isLoopbackHost } from "../../shared/url.js"
import type { AuthOAuth2 } from "../../../Manifest.js"
import { type Grant, TokenRequestFailed } from "./oauthErrors.js"
import { Refused } from "./transportFetch.js"

/**
 * How the client authenticates at the token endpoint (RFC 6749 §2.3): the secret in HTTP Basic
 * (the default with a secret), in the form body, or none (a public client, e.g. a CLI).
 *
 * @since 0.2.0
 * @category models
 */
export type ClientAuthentication = "client_secret_basic" | "client_secret_post" | "none"

/** @internal */
export interface Options {
  /** The API's display name, for messages. */
  readonly api: string
  readonly auth: AuthOAuth2
  readonly clientId: string
  readonly clientSecret: Redacted.Redacted<string> | undefined
  readonly clientAuthentication: ClientAuthentication
  readonly allowHttp: boolean
  readonly timeoutMs: number
  readonly maxResponseBytes: number
  readonly fetch: typeof globalThis.fetch
}

/**
 * A token response, checked: a bearer access token that can be sent in a header.
 *
 * @internal
 */
export interface TokenSet {
  readonly accessToken: Redacted.Redacted<string>
  readonly refreshToken: Redacted.Redacted<string> | undefined
  /** Seconds, as the server said; undefined when it did not. */
  readonly expiresIn: number | undefined
  readonly scope: string | undefined
}

/**
 * An authorization request in progress: the URL the user opens, and what completing it needs.
 *
 * @internal
 */
export interface AuthorizationRequest {
  readonly url: URL
  readonly state: string
  readonly verifier: Redacted.Redacted<string>
  readonly redirectUri: string
}

/** @internal */
export interface Endpoint {
  readonly origin: string
  readonly clientCredentials: (scopes: ReadonlyArray<string>) => Effect.Effect<TokenSet, TokenRequestFailed>
  readonly refresh: (refreshToken: Redacted.Redacted<string>) => Effect.Effect<TokenSet, TokenRequestFailed>
  readonly exchangeCode: (
    parameters: URLSearchParams,
    request: AuthorizationRequest
  ) => Effect.Effect<TokenSet, TokenRequestFailed>
  /** RFC 7009 revocation; fails when the manifest names no revocation endpoint. */
  readonly revoke: (token: Redacted.Redacted<string>) => Effect.Effect<void, TokenRequestFailed>
  readonly authorizationRequest: (redirectUri: string, scopes: ReadonlyArray<string>) => Effect.Effect<AuthorizationRequest>
  /**
   * The callback's parameters checked against the request (`state`, `iss`), or why not — the
   * server's refusal named by its registered `error` code only.
   */
  readonly checkCallback: (callback: URL, request: AuthorizationRequest) => URLSearchParams | string
}

/**
 * The OAuth `error` codes of RFC 6749 §4.1.2.1 and §5.2, RFC 6750, RFC 7009, RFC 8707 and OpenID
 * Connect: the only server-written text a message quotes. Anything else could be an echo of what
 * the server was sent.
 */
const REGISTERED = new Set([
  "invalid_request",
  "invalid_client",
  "invalid_grant",
  "unauthorized_client",
  "unsupported_grant_type",
  "invalid_scope",
  "access_denied",
  "unsupported_response_type",
  "server_error",
  "temporarily_unavailable",
  "invalid_token",
  "insufficient_scope",
  "unsupported_token_type",
  "invalid_target",
  "interaction_required",
  "login_required",
  "account_selection_required",
  "consent_required",
  "invalid_request_uri",
  "invalid_request_object",
  "request_not_supported",
  "request_uri_not_supported",
  "registration_not_supported"
])

/**
 * The library, loaded on first use.
 *
 * @internal
 */
export const load: Effect.Effect<typeof OAuth4WebApi> = Effect.promise(() => import("oauth4webapi"))

/** @internal */
export const registered = (code: unknown): string | undefined =>
  typeof code === "string" && REGISTERED.has(code) ? code : undefined

/** Thrown by the bounded fetch; recognised by `failure`. */
class BodyTooLarge extends Error {}

/**
 * `fetch`, reading at most `maxBytes` of the answer into memory before handing it to the library
 * (which reads it whole). No redirects: the library asks for `redirect: "manual"` and refuses a 3xx.
 */
const bounded = (base: typeof globalThis.fetch, maxBytes: number) =>
async (url: string, init: OAuth4WebApi.CustomFetchOptions<string, unknown>): Promise<Response> => {
  const response = await base(url, init as RequestInit)
  const declared = Number(response.headers.get("content-length") ?? "0")
  if (declared > maxBytes) {
    await response.body?.cancel()
    throw new BodyTooLarge()
  }
  const chunks: Array<Uint8Array> = []
  let size = 0
  if (response.body !== null) {
    const reader = response.body.getReader()
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      size += value.byteLength
      if (size > maxBytes) {
        await reader.cancel()
        throw new BodyTooLarge()
      }
      chunks.push(value)
    }
  }
  const body = size === 0 ? null : Buffer.concat(chunks, size)
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers })
}

/**
 * The endpoint over the library `oauth` (`load`).
 *
 * @internal
 */
export const make = (options: Options, oauth: typeof OAuth4WebApi): Endpoint => {
  const { auth } = options
  const origin = new URL(auth.tokenUrl).origin
  const as: OAuth4WebApi.AuthorizationServer = {
    // Without a declared issuer, the token endpoint's origin stands in: an `iss` in a callback or
    // an ID token then has to match it (docs/protocol.md §10.1, `issuer`).
    issuer: auth.issuer ?? origin,
    token_endpoint: auth.tokenUrl,
    ...(auth.authorizationUrl === undefined ? {} : { authorization_endpoint: auth.authorizationUrl }),
    ...(auth.revocationUrl === undefined ? {} : { revocation_endpoint: auth.revocationUrl })
  }
  const client: OAuth4WebApi.Client = { client_id: options.clientId }
  const clientAuth = (): OAuth4WebApi.ClientAuth => {
    const secret = options.clientSecret === undefined ? "" : Redacted.value(options.clientSecret)
    switch (options.clientAuthentication) {
      case "client_secret_basic":
        return oauth.ClientSecretBasic(secret)
      case "client_secret_post":
        return oauth.ClientSecretPost(secret)
      case "none":
        return oauth.None()
    }
  }
  // Plain http: is allowed exactly where the manifest's rules allowed it (§10.1); the library
  // would refuse it otherwise, and must not be told to allow more.
  const insecureAllowed = (url: string): boolean => {
    const parsed = new URL(url)
    return parsed.protocol === "http:" && (options.allowHttp || isLoopbackHost(parsed.hostname))
  }
  const customFetch = bounded(options.fetch, options.maxResponseBytes)

  /** One request to the authorization server, with its timeout, translated failures and a span. */
  const request = <A>(
    grant: Grant,
    url: string,
    run: (http: OAuth4WebApi.HttpRequestOptions<"POST", URLSearchParams>) => Promise<A>
  ): Effect.Effect<A, TokenRequestFailed> =>
    Effect.tryPromise({
      try: (signal) => {
        const timeout = AbortSignal.timeout(options.timeoutMs)
        return run({
          signal: AbortSignal.any([signal, timeout]),
          [oauth.customFetch]: customFetch,
          ...(insecureAllowed(url) ? { [oauth.allowInsecureRequests]: true } : {})
        }).catch((cause: unknown) => {
          throw timeout.aborted ? new TimedOut() : cause
        })
      },
      catch: (cause) => failure(oauth, options, origin, grant, cause)
    }).pipe(Effects.withSpan("RcpOAuth.tokenRequest", {
      "rcp.oauth.api": options.api,
      "rcp.oauth.grant": grant,
      "server.origin": origin
    }))

  const tokens = (grant: Grant, response: OAuth4WebApi.TokenEndpointResponse): Effect.Effect<TokenSet, TokenRequestFailed> => {
    const fail = (reason: string) => Effect.fail(new TokenRequestFailed({ api: options.api, grant, origin, reason }))
    // `dpop` tokens need a proof per request, which this client does not make.
    if (response.token_type !== "bearer") return fail("it issued a token that is not a bearer token")
    if (response.access_token === "" || HeaderValue.UNSENDABLE.test(response.access_token)) {
      return fail("it issued an access token that cannot be sent in a header")
    }
    return Effect.succeed({
      accessToken: Redacted.make(response.access_token),
      refreshToken: response.refresh_token === undefined || response.refresh_token === ""
        ? undefined
        : Redacted.make(response.refresh_token),
      expiresIn: response.expires_in,
      scope: response.scope
    })
  }

  const resource = auth.resource === undefined ? {} : { resource: auth.resource }

  return {
    origin,
    clientCredentials: (scopes) =>
      Effect.flatMap(
        request("client_credentials", auth.tokenUrl, async (http) => {
          const parameters = new URLSearchParams(resource)
          if (scopes.length > 0) parameters.set("scope", scopes.join(" "))
          const response = await oauth.clientCredentialsGrantRequest(as, client, clientAuth(), parameters, http)
          return oauth.processClientCredentialsResponse(as, client, response)
        }),
        (response) => tokens("client_credentials", response)
      ),
    refresh: (refreshToken) =>
      Effect.flatMap(
        request("refresh_token", auth.tokenUrl, async (http) => {
          const response = await oauth.refreshTokenGrantRequest(as, client, clientAuth(), Redacted.value(refreshToken), {
            ...http,
            additionalParameters: resource
          })
          return oauth.processRefreshTokenResponse(as, client, response)
        }),
        (response) => tokens("refresh_token", response)
      ),
    exchangeCode: (parameters, pending) =>
      Effect.flatMap(
        request("authorization_code", auth.tokenUrl, async (http) => {
          const response = await oauth.authorizationCodeGrantRequest(
            as,
            client,
            clientAuth(),
            parameters,
            pending.redirectUri,
            Redacted.value(pending.verifier),
            { ...http, additionalParameters: resource }
          )
          return oauth.processAuthorizationCodeResponse(as, client, response)
        }),
        (response) => tokens("authorization_code", response)
      ),
    revoke: (token) => {
      const url = auth.revocationUrl
      if (url === undefined) {
        return Effect.fail(
          new TokenRequestFailed({ api: options.api, grant: "revocation", origin, reason: "the manifest names no revocationUrl" })
        )
      }
      return request("revocation", url, async (http) => {
        const response = await oauth.revocationRequest(as, client, clientAuth(), Redacted.value(token), http)
        await oauth.processRevocationResponse(response)
      })
    },
    authorizationRequest: (redirectUri, scopes) =>
      Effect.promise(async () => {
        const verifier = oauth.generateRandomCodeVerifier()
        const state = oauth.generateRandomState()
        // Present: the authorization_code flow requires it (manifest/oauth2.ts, check), and only that flow asks.
        const url = new URL(auth.authorizationUrl!)
        url.searchParams.set("client_id", options.clientId)
        url.searchParams.set("redirect_uri", redirectUri)
        url.searchParams.set("response_type", "code")
        if (scopes.length > 0) url.searchParams.set("scope", scopes.join(" "))
        url.searchParams.set("state", state)
        url.searchParams.set("code_challenge", await oauth.calculatePKCECodeChallenge(verifier))
        url.searchParams.set("code_challenge_method", "S256")
        if (auth.resource !== undefined) url.searchParams.set("resource", auth.resource)
        return { url, state, verifier: Redacted.make(verifier), redirectUri }
      }),
    checkCallback: (callback, pending) => {
      try {
        return oauth.validateAuthResponse(as, client, callback.searchParams, pending.state)
      } catch (cause) {
        if (cause instanceof oauth.AuthorizationResponseError) {
          const code = registered(cause.error)
          return code === undefined ? "the authorization server refused it" : `the authorization server answered "${code}"`
        }
        return "the authorization response does not match the request (state or issuer)"
      }
    }
  }
}

/** Thrown when the request's own timeout fired; recognised by `failure`. */
class TimedOut extends Error {}

/** What the client's transport refused, in the words of `TokenRequestFailed`. */
const refusedReason = (error: Refused["error"]): string => {
  switch (error._tag) {
    case "Timeout":
      return `it did not answer within ${error.timeoutMs} ms`
    case "ResponseTooLarge":
      return `its answer is larger than ${error.maxBytes} bytes`
    case "BlockedAddress":
      return "its address is internal, and the client blocks private networks"
    case "RedirectRefused":
    case "TooManyRedirects":
      return "it answered with a redirect, which a token request does not follow"
    case "TransportError":
      return "it could not be reached"
  }
}

/** A failed request as the client reports it: safe parts only, the library's error dropped. */
const failure = (
  oauth: typeof OAuth4WebApi,
  options: Options,
  origin: string,
  grant: Grant,
  cause: unknown
): TokenRequestFailed => {
  const base = { api: options.api, grant, origin }
  if (cause instanceof oauth.ResponseBodyError) {
    const error = registered(cause.error)
    return new TokenRequestFailed({
      ...base,
      status: cause.status,
      error,
      reason: `it answered HTTP ${cause.status}${error === undefined ? "" : ` (${error})`}`
    })
  }
  if (cause instanceof oauth.WWWAuthenticateChallengeError) {
    const error = registered(cause.cause[0]?.parameters.error)
    return new TokenRequestFailed({
      ...base,
      status: cause.status,
      error,
      reason: `it answered HTTP ${cause.status} with an authentication challenge${error === undefined ? "" : ` (${error})`}`
    })
  }
  if (cause instanceof Refused) return new TokenRequestFailed({ ...base, reason: refusedReason(cause.error) })
  if (cause instanceof TimedOut) return new TokenRequestFailed({ ...base, reason: `it did not answer within ${options.timeoutMs} ms` })
  if (cause instanceof BodyTooLarge) {
    return new TokenRequestFailed({ ...base, reason: `its answer is larger than ${options.maxResponseBytes} bytes` })
  }
  if (cause instanceof oauth.OperationProcessingError || cause instanceof oauth.UnsupportedOperationError) {
    const status = cause.cause instanceof Response ? cause.cause.status : undefined
    const code = typeof cause.code === "string" ? cause.code : "OAUTH_INVALID_RESPONSE"
    return new TokenRequestFailed({
      ...base,
      status,
      reason: status === undefined
        ? `its answer is not a usable token response (${code})`
        : `it answered HTTP ${status}, which is not a token response (${code})`
    })
  }
  // fetch rejects with a TypeError when the connection fails (refused, reset, DNS).
  if (cause instanceof TypeError && !("code" in cause)) return new TokenRequestFailed({ ...base, reason: "it could not be reached" })
  return new TokenRequestFailed({ ...base, reason: "the request could not be made" })
}
