/**
 * What the OAuth tests share: the manifest `auth` for the test world (a real oidc-provider and
 * the API it protects, test/support/oidcProvider.ts), the client registrations as token manager
 * options, a call to the API as the client will make it (`Authorization: Bearer`), and a store
 * seeded with tokens the server really issued.
 */
import * as Effect from "effect/Effect"
import * as Redacted from "effect/Redacted"
import type * as Scope from "effect/Scope"
import type { AuthOAuth2 } from "../../../src/Manifest.js"
import * as TokenManager from "../../../src/internal/client/oauth/tokenManager.js"
import * as TokenStore from "../../../src/internal/client/oauth/tokenStore.js"
import type { IssuedTokens, OAuthWorld } from "../../support/oidcProvider.js"

export const manifestUrlOf = (world: OAuthWorld): string => world.api.url("/rcp/manifest")

export const authFor = (world: OAuthWorld, overrides: Partial<AuthOAuth2> = {}): AuthOAuth2 => ({
  type: "oauth2",
  flows: ["client_credentials", "authorization_code"],
  tokenUrl: world.oidc.tokenUrl,
  authorizationUrl: world.oidc.authorizationUrl,
  revocationUrl: world.oidc.revocationUrl,
  issuer: world.oidc.issuer,
  scopes: ["offline_access", "orders:read"],
  resource: world.oidc.resource,
  ...overrides
})

/** The machine client: client credentials. The authorization server is on its own origin, trusted. */
export const machine = (world: OAuthWorld, overrides: Partial<TokenManager.Options> = {}): TokenManager.Options => ({
  auth: authFor(world, { scopes: ["orders:read"] }),
  manifestUrl: manifestUrlOf(world),
  clientId: world.oidc.clients.machine.id,
  clientSecret: world.oidc.clients.machine.secret,
  trustedOrigins: [world.oidc.issuer],
  name: "Orders",
  ...overrides
})

/** The web client: users connect through the authorization code flow, refresh tokens in the store. */
export const web = (world: OAuthWorld, overrides: Partial<TokenManager.Options> = {}): TokenManager.Options => ({
  auth: authFor(world),
  manifestUrl: manifestUrlOf(world),
  clientId: world.oidc.clients.web.id,
  clientSecret: world.oidc.clients.web.secret,
  redirectUri: world.oidc.clients.web.redirectUri,
  trustedOrigins: [world.oidc.issuer],
  name: "Orders",
  ...overrides
})

export const managerOver = (
  options: TokenManager.Options,
  store: TokenStore.Service = TokenStore.makeMemory()
): Effect.Effect<TokenManager.Service, never, Scope.Scope> =>
  TokenManager.make(options).pipe(Effect.provideService(TokenStore.TokenStore, store))

export interface Answer {
  readonly status: number
  readonly token: string
}

/** One API request with the token, as the client sends it (RFC 6750 §2.1). */
export const callApi = (world: OAuthWorld, path = "/api/orders") => (token: Redacted.Redacted<string>) =>
  Effect.promise(async (): Promise<Answer> => {
    const response = await fetch(world.api.url(path), { headers: { authorization: `Bearer ${Redacted.value(token)}` } })
    await response.arrayBuffer()
    return { status: response.status, token: Redacted.value(token) }
  })

export const unauthorized = (answer: Answer): boolean => answer.status === 401

/** A user's tokens, as the server issued them, in the store; the access token already expired when `expired`. */
export const seed = (
  store: TokenStore.Service,
  api: string,
  subject: string,
  issued: IssuedTokens,
  options: { readonly expired?: boolean } = {}
): Effect.Effect<void, never> =>
  Effect.orDie(store.set({ api, subject }, {
    accessToken: Redacted.make(issued.accessToken),
    refreshToken: Redacted.make(issued.refreshToken),
    expiresAt: options.expired === true ? Date.now() - 1000 : Date.now() + issued.expiresIn * 1000
  }))

/** The plain tokens a store holds for a user (the test reads them to compare with the server). */
export const storedPlain = (store: TokenStore.Service, api: string, subject: string) =>
  Effect.map(Effect.orDie(store.get({ api, subject })), (tokens) => (tokens === undefined ? undefined : TokenStore.toPlain(tokens)))
