/**
 * The tokens of one OAuth 2 API (docs/protocol.md §10.3): which access token a call sends, and
 * when a new one is fetched. This is where hand-written OAuth glue usually breaks, so each rule
 * is one place here:
 *
 * - **One request in flight per token.** However many calls wait for the client's token, or for
 *   one user's, a single token request is made; the others wait for its answer. The request runs
 *   in a fiber of the manager's own, so a caller that gives up (an interrupted call, a timeout)
 *   does not cancel it halfway through a rotation.
 * - **Fresh tokens only.** A token is handed out until shortly before it expires (`refreshBefore`,
 *   at most half its lifetime), never after.
 * - **Rotation stored first.** A user's refresh token is read from the store at every refresh, and
 *   the rotated one is written back before the new access token is handed to anyone; a refresh
 *   token refused by the server (expired, revoked, reused) deletes the user's tokens and the call
 *   fails with `AuthorizationRequired`.
 * - **401: refresh once, retry once.** `withToken` sends again once with a token other than the
 *   one the API refused; a second refusal is the caller's answer (fail closed, no loop).
 * - **Nothing leaks.** Tokens are `Redacted` from the token response on; errors and spans carry
 *   the API's name, the grant and origins, never a token, a code or a user's subject.
 */
import * as Effects from "#target/Effects.js"
import { Service as ServiceOf } from "#target/Service.js"
import * as Clock from "effect/Clock"
import * as Deferred from "effect/Deferred"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import type * as Layer from "effect/Layer"
import * as Redacted from "effect/Redacted"
import type * as Scope from "effect/Scope"
import { clip, escapeControls } from "../../shared/text.js"
import { normalizeUrl } from "../../shared/url.js"
import * as Settings from "../settings.js"
import * as Endpoint from "./endpoint.js"
import type * as Manifest from "../../../Manifest.js"
import * as OAuth2 from "../../manifest/oauth2.js"
import {
  AuthorizationFailed,
  AuthorizationRequired,
  TokenRequestFailed,
  type TokenStoreFailed,
  UntrustedAuthorizationServer
} from "./oauthErrors.js"
import { type StoredTokens, type TokenKey, TokenStore } from "./tokenStore.js"

/**
 * Whose token: the client's own (client credentials), or a user's (authorization code, kept
 * fresh with the refresh token the store holds under `subject`).
 *
 * @since 0.2.0
 * @category models
 */
export type Principal =
  | { readonly _tag: "Client" }
  | { readonly _tag: "User"; readonly subject: string }

/**
 * The client itself (machine to machine).
 *
 * @since 0.2.0
 * @category constructors
 */
export const client: Principal = { _tag: "Client" }

/**
 * A user, by the application's id for them.
 *
 * @since 0.2.0
 * @category constructors
 */
export const user = (subject: string): Principal => ({ _tag: "User", subject })

/**
 * An access token as the manager hands it out.
 *
 * @since 0.2.0
 * @category models
 */
export interface AccessToken {
  readonly value: Redacted.Redacted<string>
  /** Epoch milliseconds; undefined when the server did not say (used until the API refuses it). */
  readonly expiresAt: number | undefined
  /** From this moment on the manager fetches a new one instead of handing this one out. */
  readonly refreshAt: number | undefined
}

/**
 * One API's OAuth client.
 *
 * @since 0.2.0
 * @category models
 */
export interface Options {
  /** The manifest's `auth` (decoded and checked, as discovery does). */
  readonly auth: Manifest.AuthOAuth2
  /** Where the manifest came from: its origin may host the authorization server without trust. */
  readonly manifestUrl: string
  readonly clientId: string
  readonly clientSecret?: string | Redacted.Redacted<string> | undefined
  /** Default `client_secret_basic` with a secret, `none` without. */
  readonly clientAuthentication?: Endpoint.ClientAuthentication | undefined
  /** The key of this API's tokens in the store; default the manifest URL. */
  readonly api?: string | undefined
  /** The API's name in messages ("GitHub"); default the authorization server's host. */
  readonly name?: string | undefined
  /** Where the authorization server sends the user back; needed for `authorizationUrl`. */
  readonly redirectUri?: string | undefined
  /** The scopes asked for; default the manifest's. */
  readonly scopes?: ReadonlyArray<string> | undefined
  /** Origins besides the manifest's that may host the authorization server's endpoints. */
  readonly trustedOrigins?: ReadonlyArray<string> | undefined
  readonly allowHttp?: boolean | undefined
  /** How long before its expiry a token is replaced; default 30 seconds (at most half its lifetime). */
  readonly refreshBefore?: Effects.DurationInput | undefined
  /** Timeout of one token endpoint request; default 30 seconds. */
  readonly timeout?: Effects.DurationInput | undefined
  /** The `fetch` token requests go through; default the global one. */
  readonly fetch?: typeof globalThis.fetch | undefined
  /** Users whose access token is kept in memory between calls; default 10,000 (the store holds them all). */
  readonly maxCachedUsers?: number | undefined
}

/**
 * What getting a token can fail with.
 *
 * @since 0.2.0
 * @category errors
 */
export type TokenError = AuthorizationRequired | TokenRequestFailed | TokenStoreFailed | UntrustedAuthorizationServer

/**
 * What completing an authorization can fail with.
 *
 * @since 0.2.0
 * @category errors
 */
export type CompleteError = AuthorizationFailed | TokenRequestFailed | TokenStoreFailed | UntrustedAuthorizationServer

/**
 * The token manager of one API.
 *
 * @since 0.2.0
 * @category models
 */
export interface Service {
  /** The key of this API's tokens in the store. */
  readonly api: string
  /** The API's name in messages. */
  readonly name: string
  /** A fresh access token for `principal`. */
  readonly token: (principal: Principal) => Effect.Effect<AccessToken, TokenError>
  /**
   * A fresh access token other than `refused` (which the API answered 401): one token request for
   * every caller refused at the same time, or the newer token another caller already got.
   */
  readonly replace: (principal: Principal, refused: Redacted.Redacted<string>) => Effect.Effect<AccessToken, TokenError>
  /**
   * Runs `use` with a fresh token; when `rejected` says the API refused it (a 401), gets a token
   * other than that one and runs `use` once more, returning what the second run returns.
   */
  readonly withToken: <A, E, R>(
    principal: Principal,
    use: (token: Redacted.Redacted<string>) => Effect.Effect<A, E, R>,
    rejected: (result: A) => boolean
  ) => Effect.Effect<A, E | TokenError, R>
  /**
   * The URL where `subject` connects this API (authorization code with PKCE and state, held here
   * for ten minutes); the same URL again while it is valid.
   */
  readonly authorizationUrl: (
    subject: string,
    options?: { readonly redirectUri?: string | undefined }
  ) => Effect.Effect<URL, AuthorizationFailed | UntrustedAuthorizationServer>
  /**
   * Completes the authorization the callback URL answers: checks it was started here for
   * `subject` (the user signed in to the application now), exchanges the code, stores the tokens.
   */
  readonly completeAuthorization: (
    callback: string | URL,
    expected: { readonly subject: string }
  ) => Effect.Effect<void, CompleteError>
  /** Revokes the user's refresh token where the API allows it, and forgets their tokens. */
  readonly disconnect: (subject: string) => Effect.Effect<{ readonly revoked: boolean }, TokenStoreFailed>
  /**
   * Whether the callback carries the `state` of an authorization this manager started and has not
   * used yet (expired or not): how a client with several APIs finds the one to complete it.
   */
  readonly owns: (callback: string | URL) => boolean
}

/**
 * The token manager as a service, for an application with one OAuth API.
 *
 * @since 0.2.0
 * @category models
 */
export class TokenManager extends ServiceOf<TokenManager, Service>()("rcp-sdk/TokenManager") {
  /**
   * The manager of one API over the `TokenStore` in context; its token requests end with the layer.
   *
   * @since 0.2.0
   * @category layers
   */
  static readonly layer = (options: Options): Layer.Layer<TokenManager, never, TokenStore> =>
    Effects.layerScoped(TokenManager, make(options))
}

const AUTHORIZATION_TTL_MS = 10 * 60 * 1000
const MAX_PENDING = 10_000

interface Slot {
  /** The token handed out while it is fresh. */
  current: AccessToken | undefined
  /** The one token request in flight for this principal, if any. */
  flight: Deferred.Deferred<AccessToken, TokenError> | undefined
}

interface Pending {
  readonly request: Endpoint.AuthorizationRequest
  readonly subject: string
  readonly expiresAt: number
}

const nonEmpty = (name: string, value: unknown): string => {
  if (typeof value !== "string" || value === "") throw new TypeError(`rcp-sdk: oauth ${name} must be a non-empty string`)
  return value
}

/**
 * The manager of one API's tokens. Needs the `TokenStore` (read per refresh) and a scope (its
 * token requests run in fibers of their own, ended with it). Bad options — or an `auth` that was
 * not checked — throw a `TypeError` naming the problem.
 *
 * @since 0.2.0
 * @category constructors
 */
export const make = (options: Options): Effect.Effect<Service, never, TokenStore | Scope.Scope> =>
  Effect.gen(function*() {
    const store = yield* TokenStore
    const scope = yield* Effect.scope
    const { auth } = options
    const allowHttp = options.allowHttp ?? false
    const problems = OAuth2.check(auth, { allowHttp })
    if (problems.length > 0) {
      throw new TypeError(`rcp-sdk: the oauth2 auth is not valid: ${problems[0]!.path.join(".")} ${problems[0]!.message}`)
    }
    const clientId = nonEmpty("clientId", options.clientId)
    const secret = options.clientSecret === undefined
      ? undefined
      : Redacted.isRedacted(options.clientSecret)
      ? options.clientSecret
      : Redacted.make(nonEmpty("clientSecret", options.clientSecret))
    const api = options.api ?? normalizeUrl(options.manifestUrl)
    const name = clip(escapeControls(options.name ?? new URL(auth.authorizationUrl ?? auth.tokenUrl).host), 60)
    const scopes = options.scopes ?? auth.scopes ?? []
    const skewMs = Duration.toMillis(options.refreshBefore ?? Duration.seconds(30))
    const maxCached = options.maxCachedUsers ?? 10_000
    const library = yield* Endpoint.load
    const endpoint = Endpoint.make({
      api: name,
      auth,
      clientId,
      clientSecret: secret,
      clientAuthentication: options.clientAuthentication ?? (secret === undefined ? "none" : "client_secret_basic"),
      allowHttp,
      timeoutMs: Duration.toMillis(options.timeout ?? Duration.seconds(30)),
      maxResponseBytes: 64 * 1024,
      fetch: options.fetch ?? globalThis.fetch
    }, library)

    // The authorization server's endpoints are under the same trust rule as a tool's origin
    // (docs/protocol.md §3.5): the manifest's own origin, or one the operator named. Checked once.
    const manifestOrigin = new URL(options.manifestUrl).origin
    const trustedList = Settings.origins(options.trustedOrigins, "trustedOrigins")
    if (trustedList._tag === "Invalid") throw new TypeError(`rcp-sdk: oauth ${trustedList.problem}`)
    const trusted = trustedList.origins
    const untrusted = (["tokenUrl", "authorizationUrl", "revocationUrl"] as const).flatMap((endpointName) => {
      const url = auth[endpointName]
      if (url === undefined) return []
      const origin = new URL(url).origin
      return origin === manifestOrigin || trusted.has(origin)
        ? []
        : [new UntrustedAuthorizationServer({ api: name, endpoint: endpointName, origin, manifestOrigin })]
    })
    const refusal = untrusted.length === 0 ? undefined : Effect.fail(untrusted[0]!)
    const guarded = <A, E>(effect: Effect.Effect<A, E>): Effect.Effect<A, E | UntrustedAuthorizationServer> =>
      refusal ?? effect

    const keyOf = (subject: string): TokenKey => ({ api, subject })
    const offers = (flow: Manifest.OAuth2Flow) => auth.flows.includes(flow)
    const notOffered = (grant: "client_credentials" | "authorization_code") =>
      Effect.fail(
        new TokenRequestFailed({
          api: name,
          grant,
          origin: endpoint.origin,
          reason: `the manifest does not offer the ${grant} flow, so no token was requested`
        })
      )

    /** An access token from a token response obtained at `now`: fresh until shortly before it expires. */
    const issued = (value: Redacted.Redacted<string>, expiresIn: number | undefined, now: number): AccessToken => {
      if (expiresIn === undefined) return { value, expiresAt: undefined, refreshAt: undefined }
      const lifetime = expiresIn * 1000
      const expiresAt = now + lifetime
      return { value, expiresAt, refreshAt: expiresAt - Math.min(skewMs, lifetime / 2) }
    }
    /** An access token read back from the store: its lifetime is unknown, so the full margin. */
    const stored = (tokens: StoredTokens): AccessToken | undefined =>
      tokens.accessToken === undefined
        ? undefined
        : {
          value: tokens.accessToken,
          expiresAt: tokens.expiresAt,
          refreshAt: tokens.expiresAt === undefined ? undefined : tokens.expiresAt - skewMs
        }
    const fresh = (token: AccessToken, now: number) => token.refreshAt === undefined || now < token.refreshAt
    const same = (token: AccessToken, value: string | undefined) => Redacted.value(token.value) === value

    // ---------------------------------------------------------------------------------------
    // Authorizations in progress: by state (the callback's key) and by subject (one each).
    // ---------------------------------------------------------------------------------------
    const pendingByState = new Map<string, Pending>()
    const pendingBySubject = new Map<string, string>()
    const dropPending = (pending: Pending) => {
      pendingByState.delete(pending.request.state)
      if (pendingBySubject.get(pending.subject) === pending.request.state) pendingBySubject.delete(pending.subject)
    }

    const startAuthorization = (subject: string, redirectUri: string | undefined) =>
      Effect.flatMap(Clock.currentTimeMillis, (now): Effect.Effect<URL, AuthorizationFailed> => {
        const uri = redirectUri ?? options.redirectUri
        if (!offers("authorization_code") || uri === undefined) {
          return Effect.fail(
            new AuthorizationFailed({
              api: name,
              reason: offers("authorization_code")
                ? "the client has no redirectUri"
                : "the manifest does not offer the authorization_code flow"
            })
          )
        }
        const state = pendingBySubject.get(subject)
        const existing = state === undefined ? undefined : pendingByState.get(state)
        // The same URL while it is good for a while yet: a user halfway through signing in keeps theirs.
        if (existing !== undefined && existing.request.redirectUri === uri && existing.expiresAt - now > 60_000) {
          return Effect.succeed(new URL(existing.request.url))
        }
        if (existing !== undefined) dropPending(existing)
        return Effect.map(endpoint.authorizationRequest(uri, scopes), (request) => {
          if (pendingByState.size >= MAX_PENDING) dropPending(pendingByState.values().next().value!)
          pendingByState.set(request.state, { request, subject, expiresAt: now + AUTHORIZATION_TTL_MS })
          pendingBySubject.set(subject, request.state)
          return new URL(request.url)
        })
      })

    /** The call cannot go on until the user connects: with the URL to do so when the client can build one. */
    const required = (subject: string, reason: AuthorizationRequired["reason"]): Effect.Effect<never, AuthorizationRequired> =>
      Effect.flatMap(
        options.redirectUri === undefined || !offers("authorization_code")
          ? Effect.succeed(undefined)
          : Effect.map(Effect.option(startAuthorization(subject, undefined)), (url) =>
            url._tag === "Some" ? url.value.toString() : undefined),
        (authorizationUrl) => Effect.fail(new AuthorizationRequired({ api: name, reason, authorizationUrl }))
      )

    // ---------------------------------------------------------------------------------------
    // Obtaining a token (runs in the one flight of its principal).
    // ---------------------------------------------------------------------------------------
    const clientToken: Effect.Effect<AccessToken, TokenError> = offers("client_credentials")
      ? Effect.flatMap(Clock.currentTimeMillis, (now) =>
        Effect.map(endpoint.clientCredentials(scopes), (set) => issued(set.accessToken, set.expiresIn, now)))
      : notOffered("client_credentials")

    const userToken = (subject: string, replacing: string | undefined): Effect.Effect<AccessToken, TokenError> => {
      if (!offers("authorization_code")) return notOffered("authorization_code")
      const key = keyOf(subject)
      return Effect.gen(function*() {
        const tokens = yield* store.get(key)
        if (tokens === undefined) return yield* required(subject, "not-connected")
        const now = yield* Clock.currentTimeMillis
        const kept = stored(tokens)
        if (kept !== undefined && fresh(kept, now) && !same(kept, replacing)) return kept
        const refreshToken = tokens.refreshToken
        if (refreshToken === undefined) {
          yield* store.delete(key)
          return yield* required(subject, "expired")
        }
        // From the answer to the store write, nothing may interrupt: a rotated refresh token that
        // was received and not stored would be lost, and the old one is already spent.
        return yield* Effect.uninterruptibleMask((restore) =>
          Effect.matchEffect(restore(endpoint.refresh(refreshToken)), {
            // Expired, revoked, or reused (the server then revokes the whole grant): gone for good.
            onFailure: (error): Effect.Effect<AccessToken, TokenError> =>
              error.error === "invalid_grant"
                ? Effect.andThen(store.delete(key), required(subject, "expired"))
                : Effect.fail(error),
            onSuccess: (set): Effect.Effect<AccessToken, TokenError> => {
              const token = issued(set.accessToken, set.expiresIn, now)
              const next: StoredTokens = {
                accessToken: set.accessToken,
                refreshToken: set.refreshToken ?? refreshToken,
                expiresAt: token.expiresAt,
                scope: set.scope ?? tokens.scope
              }
              return Effect.as(store.set(key, next), token)
            }
          })
        )
      })
    }

    // ---------------------------------------------------------------------------------------
    // One flight per principal.
    // ---------------------------------------------------------------------------------------
    const slots = new Map<string, Slot>()
    const slotOf = (key: string): Slot => {
      let slot = slots.get(key)
      if (slot === undefined) {
        if (slots.size >= maxCached + 1) {
          // The oldest idle slots go; their users' tokens are still in the store.
          for (const [old, candidate] of slots) {
            if (slots.size < maxCached + 1) break
            if (candidate.flight === undefined && old !== "client") slots.delete(old)
          }
        }
        slot = { current: undefined, flight: undefined }
        slots.set(key, slot)
      }
      return slot
    }

    const acquire = (
      principal: Principal,
      replacing: string | undefined,
      retried = false
    ): Effect.Effect<AccessToken, TokenError> =>
      Effect.flatMap(Clock.currentTimeMillis, (now) => {
        // Everything from here to the fork is synchronous: no other fiber sees a slot half-updated.
        const slot = slotOf(principal._tag === "Client" ? "client" : `user:${principal.subject}`)
        const current = slot.current
        if (current !== undefined && fresh(current, now) && !same(current, replacing)) return Effect.succeed(current)
        // A refused token is handed to no one else while its replacement is fetched.
        if (current !== undefined && same(current, replacing)) slot.current = undefined
        const waiting = slot.flight
        if (waiting !== undefined) {
          return Effect.flatMap(Deferred.await(waiting), (token) =>
            // The flight was started before the refusal and brought back the refused token: once more.
            !retried && same(token, replacing) ? acquire(principal, replacing, true) : Effect.succeed(token))
        }
        const flight = Effects.deferredUnsafe<AccessToken, TokenError>()
        slot.flight = flight
        const obtain = principal._tag === "Client" ? clientToken : userToken(principal.subject, replacing)
        const run = obtain.pipe(
          Effects.withSpan("RcpOAuth.token", {
            "rcp.oauth.api": name,
            "rcp.oauth.principal": principal._tag === "Client" ? "client" : "user"
          }),
          Effect.onExit((exit) =>
            Effect.suspend(() => {
              if (slot.flight === flight) slot.flight = undefined
              if (Exit.isSuccess(exit)) slot.current = exit.value
              return Deferred.done(flight, exit)
            })
          )
        )
        return Effect.andThen(Effect.forkIn(run, scope), Deferred.await(flight))
      })

    const token = (principal: Principal) => guarded(acquire(principal, undefined))
    const replace = (principal: Principal, refused: Redacted.Redacted<string>) =>
      guarded(acquire(principal, Redacted.value(refused)))

    const withToken = <A, E, R>(
      principal: Principal,
      use: (token: Redacted.Redacted<string>) => Effect.Effect<A, E, R>,
      rejected: (result: A) => boolean
    ): Effect.Effect<A, E | TokenError, R> =>
      Effect.flatMap(token(principal), (first) =>
        Effect.flatMap(use(first.value), (result) =>
          rejected(result)
            ? Effect.flatMap(replace(principal, first.value), (second) => use(second.value))
            : Effect.succeed(result)))

    const authorizationUrl: Service["authorizationUrl"] = (subject, authorizationOptions) =>
      guarded(startAuthorization(subject, authorizationOptions?.redirectUri))

    const completeAuthorization: Service["completeAuthorization"] = (callback, expected) =>
      guarded(Effect.gen(function*() {
        const fail = (reason: string) => Effect.fail(new AuthorizationFailed({ api: name, reason }))
        let url: URL
        try {
          url = new URL(callback)
        } catch {
          return yield* fail("the callback is not a URL")
        }
        const now = yield* Clock.currentTimeMillis
        const pending = pendingByState.get(url.searchParams.get("state") ?? "")
        if (pending === undefined || pending.expiresAt <= now) {
          if (pending !== undefined) dropPending(pending)
          return yield* fail("it matches no authorization in progress (unknown, already used or expired)")
        }
        // Single use, whatever happens next.
        dropPending(pending)
        if (pending.subject !== expected.subject) return yield* fail("it was started for another user")
        const parameters = endpoint.checkCallback(url, pending.request)
        if (typeof parameters === "string") return yield* fail(parameters)
        const set = yield* endpoint.exchangeCode(parameters, pending.request)
        const access = issued(set.accessToken, set.expiresIn, now)
        yield* store.set(keyOf(expected.subject), {
          accessToken: set.accessToken,
          refreshToken: set.refreshToken,
          expiresAt: access.expiresAt,
          scope: set.scope
        })
        const slot = slots.get(`user:${expected.subject}`)
        if (slot !== undefined) slot.current = access
      }))

    const disconnect: Service["disconnect"] = (subject) =>
      Effect.gen(function*() {
        const key = keyOf(subject)
        const tokens = yield* store.get(key)
        const secret = tokens?.refreshToken ?? tokens?.accessToken
        const revoked = secret === undefined || auth.revocationUrl === undefined || refusal !== undefined
          ? false
          : yield* Effect.match(endpoint.revoke(secret), { onFailure: () => false, onSuccess: () => true })
        yield* store.delete(key)
        slots.delete(`user:${subject}`)
        const state = pendingBySubject.get(subject)
        const pending = state === undefined ? undefined : pendingByState.get(state)
        if (pending !== undefined) dropPending(pending)
        return { revoked }
      })

    const owns: Service["owns"] = (callback) => {
      let url: URL
      try {
        url = new URL(callback)
      } catch {
        return false
      }
      return pendingByState.has(url.searchParams.get("state") ?? "")
    }

    return { api, name, token, replace, withToken, authorizationUrl, completeAuthorization, disconnect, owns }
  })
