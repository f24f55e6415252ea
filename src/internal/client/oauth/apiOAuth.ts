/**
 * One discovered API's OAuth 2, as the client's credential step uses it (docs/protocol.md §10):
 * its token manager over the client's own transport and token store, and whose token a call
 * sends. Execution asks it for a call's `Grant` — the access token and whose it is — and, after a
 * 401, for another one in its place.
 *
 * A client that never meets a manifest with an `oauth2` auth never loads `oauth4webapi`: the
 * manager's endpoint loads it when the first manager is made (`endpoint.ts`, test/startup.test.ts).
 */
import * as Effects from "#target/Effects.js"
import type * as Context from "effect/Context"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import type * as Redacted from "effect/Redacted"
import type * as Scope from "effect/Scope"
import type { OAuthClient } from "../../../Client.js"
import type * as Manifest from "../../../Manifest.js"
import type * as Transport from "../../transport/rules.js"
import type { CredentialMissing } from "../errors.js"
import * as Principal from "./principal.js"
import * as TokenManager from "./tokenManager.js"
import { TokenStore } from "./tokenStore.js"
import type * as TokenStoreModule from "./tokenStore.js"
import * as TransportFetch from "./transportFetch.js"

/**
 * The token one call sends, and whose it is (to replace it after a 401).
 *
 * @internal
 */
export interface Grant {
  readonly credential: Redacted.Redacted<string>
  readonly principal: TokenManager.Principal
}

/** @internal */
export interface ApiOAuth {
  readonly manager: TokenManager.Service
  /** The token of the call's principal: the user its context names, or the client itself. */
  readonly obtain: (info: Principal.SubjectInfo, context: unknown) => Effect.Effect<Grant, CredentialMissing | TokenManager.TokenError>
  /** A token for the same principal other than the one the API refused (docs/protocol.md §10.3, 401). */
  readonly replace: (refused: Grant) => Effect.Effect<Grant, TokenManager.TokenError>
}

/** @internal */
export interface Input {
  readonly auth: Manifest.AuthOAuth2
  readonly manifestUrl: string
  readonly registration: OAuthClient
  /** The subject function that applies to this API (its own, else the client's), if any. */
  readonly subject: Principal.SubjectFn<any, any> | undefined
  /** What the subject function's Effects run under: captured with the options that gave it. */
  readonly services: Context.Context<any>
  readonly store: TokenStoreModule.Service
  /** The manifest's origin is trusted anyway; these are the client's and the API's own. */
  readonly trustedOrigins: ReadonlyArray<string>
  readonly allowHttp: boolean
  readonly transport: Transport.Transport
  readonly timeoutMs: number
  readonly blockPrivateNetworks: boolean
  readonly refreshBefore: Effects.DurationInput | undefined
  readonly maxCachedUsers: number | undefined
}

/** A token response is a few hundred bytes (docs/protocol.md §10.2: at most 64 KiB read). */
const MAX_TOKEN_RESPONSE_BYTES = 64 * 1024

/**
 * The API's OAuth, its manager's token requests ending with the scope. A registration the manager
 * refuses (an empty client id, a bad redirect URI) fails with the problem, as a string.
 *
 * @internal
 */
export const make = (input: Input): Effect.Effect<ApiOAuth, string, Scope.Scope> => {
  const { auth, registration } = input
  const timeoutMs = registration.timeout === undefined ? input.timeoutMs : Duration.toMillis(registration.timeout)
  const options: TokenManager.Options = {
    auth,
    manifestUrl: input.manifestUrl,
    clientId: registration.clientId,
    clientSecret: registration.clientSecret,
    clientAuthentication: registration.clientAuthentication,
    redirectUri: registration.redirectUri,
    scopes: registration.scopes,
    name: registration.name,
    trustedOrigins: input.trustedOrigins,
    allowHttp: input.allowHttp,
    refreshBefore: input.refreshBefore,
    maxCachedUsers: input.maxCachedUsers,
    timeout: Duration.millis(timeoutMs),
    // Token requests go through the client's own transport: its agent, the private-network guard,
    // a timeout and a cap, no redirect followed (transportFetch.ts).
    fetch: TransportFetch.over(input.transport, {
      timeoutMs,
      maxBytes: MAX_TOKEN_RESPONSE_BYTES,
      blockPrivateNetworks: input.blockPrivateNetworks
    })
  }
  return TokenManager.make(options).pipe(
    Effect.provideService(TokenStore, input.store),
    // The manager checks its options as it is built and throws a TypeError naming the problem.
    Effects.catchDefect((defect) =>
      defect instanceof TypeError ? Effect.fail(defect.message.replace(/^rcp-sdk: /, "")) : Effect.die(defect)
    ),
    Effect.map((manager): ApiOAuth => ({
      manager,
      obtain: (info, context) =>
        Effect.flatMap(
          Principal.principalFor(auth, input.subject, input.services, context, info),
          (principal) => Effect.map(manager.token(principal), (token) => ({ credential: token.value, principal }))
        ),
      replace: (refused) =>
        Effect.map(manager.replace(refused.principal, refused.credential), (token) => ({
          credential: token.value,
          principal: refused.principal
        }))
    }))
  )
}
