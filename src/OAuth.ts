/**
 * OAuth 2 around the client (docs/credentials.md, docs/protocol.md §10): where users' tokens are
 * kept — the `TokenStore` service, in memory by default, over the application's own database, or
 * the `rcp` command's files — `login`/`logout` for a terminal, and the token manager of one API
 * for code that needs tokens outside a client.
 *
 * The client itself needs none of this to run OAuth: a manifest with an `oauth2` auth discovered
 * with a client registration (`discover(url, { oauth })`) gets its tokens obtained, refreshed and
 * sent by the client, kept in the `TokenStore` found in its context (else in memory). This module
 * is what an application provides or calls around it.
 *
 * @since 0.2.0
 */
import type * as Effect from "effect/Effect"
import type * as Layer from "effect/Layer"
import * as FileStore from "./internal/client/oauth/fileStore.js"
import * as Login from "./internal/client/oauth/login.js"
import type * as PrincipalInternal from "./internal/client/oauth/principal.js"
import * as PromiseOAuth from "./internal/client/oauth/promise.js"
import * as TokenManagerInternal from "./internal/client/oauth/tokenManager.js"
import * as TokenStoreInternal from "./internal/client/oauth/tokenStore.js"

export {
  /**
   * The OAuth errors — the same classes as `rcp-sdk/errors` and `rcp-sdk/client` export (taken from
   * the client's module, so that this one shares its code rather than splitting it: see
   * scripts/bundle.mjs).
   *
   * @since 0.2.0
   * @category errors
   */
  AuthorizationFailed,
  /**
   * The OAuth errors — the same classes as `rcp-sdk/errors` and `rcp-sdk/client` export (taken from
   * the client's module, so that this one shares its code rather than splitting it: see
   * scripts/bundle.mjs).
   *
   * @since 0.2.0
   * @category errors
   */
  AuthorizationRequired,
  /**
   * The OAuth errors — the same classes as `rcp-sdk/errors` and `rcp-sdk/client` export (taken from
   * the client's module, so that this one shares its code rather than splitting it: see
   * scripts/bundle.mjs).
   *
   * @since 0.2.0
   * @category errors
   */
  OAuthNotConfigured,
  /**
   * The OAuth errors — the same classes as `rcp-sdk/errors` and `rcp-sdk/client` export (taken from
   * the client's module, so that this one shares its code rather than splitting it: see
   * scripts/bundle.mjs).
   *
   * @since 0.2.0
   * @category errors
   */
  TokenRequestFailed,
  /**
   * The OAuth errors — the same classes as `rcp-sdk/errors` and `rcp-sdk/client` export (taken from
   * the client's module, so that this one shares its code rather than splitting it: see
   * scripts/bundle.mjs).
   *
   * @since 0.2.0
   * @category errors
   */
  TokenStoreFailed,
  /**
   * The OAuth errors — the same classes as `rcp-sdk/errors` and `rcp-sdk/client` export (taken from
   * the client's module, so that this one shares its code rather than splitting it: see
   * scripts/bundle.mjs).
   *
   * @since 0.2.0
   * @category errors
   */
  UntrustedAuthorizationServer
} from "./Client.js"

// ---------------------------------------------------------------------------------------------
// The token store
// ---------------------------------------------------------------------------------------------

export {
  /**
   * Where users' tokens live between calls: get, set and delete by API and subject. The client reads
   * a user's refresh token from it at every refresh and writes the rotated one back before the new
   * access token is used, so it always holds the newest. Provide a layer of it to the client's
   * layer; without one, the client keeps tokens in its process's memory.
   *
   * @example
   * ```ts
   * import * as Layer from "effect/Layer"
   * import * as Client from "rcp-sdk/client"
   * import * as OAuth from "rcp-sdk/oauth"
   * import * as Resolver from "rcp-sdk/resolver"
   *
   * // The application's own table of tokens, behind the promise shape.
   * declare const db: {
   *   readonly load: (api: string, subject: string) => Promise<OAuth.PlainTokens | undefined>
   *   readonly save: (api: string, subject: string, tokens: OAuth.PlainTokens) => Promise<void>
   *   readonly remove: (api: string, subject: string) => Promise<void>
   * }
   *
   * export const RcpLive = Client.layerUndici({ oauth: { subject: (turn: { readonly userId?: string }) => turn.userId } }).pipe(
   *   Layer.provide(Resolver.layerEmpty),
   *   Layer.provide(OAuth.layerPromiseStore({
   *     get: ({ api, subject }) => db.load(api, subject),
   *     set: ({ api, subject }, tokens) => db.save(api, subject, tokens),
   *     delete: ({ api, subject }) => db.remove(api, subject)
   *   }))
   * )
   * ```
   *
   * @since 0.2.0
   * @category models
   */
  TokenStore
} from "./internal/client/oauth/tokenStore.js"

/**
 * A fresh store in this process's memory (what the client uses without a `TokenStore`).
 *
 * @since 0.2.0
 * @category layers
 */
export const layerMemoryStore: Layer.Layer<TokenStoreInternal.TokenStore> = TokenStoreInternal.layerMemory

/**
 * The application's store (the promise shape, plain strings) as the service: what it returns is
 * checked, what it throws or rejects is `TokenStoreFailed`.
 *
 * @since 0.2.0
 * @category layers
 */
export const layerPromiseStore: (store: PromiseTokenStore) => Layer.Layer<TokenStoreInternal.TokenStore> =
  TokenStoreInternal.layerPromise

/**
 * The `rcp` command's store: one file per API and user under `directory` (default
 * `credentialsDirectory()`), `0600` in a `0700` directory; a file others could read is refused.
 *
 * @since 0.2.0
 * @category layers
 */
export const layerFileStore: (directory?: string) => Layer.Layer<TokenStoreInternal.TokenStore> = FileStore.layer

/**
 * The token store's interface: `get`, `set`, `delete` by `TokenKey`, tokens `Redacted`.
 *
 * @since 0.2.0
 * @category models
 */
export type TokenStoreService = TokenStoreInternal.Service

/**
 * Whose tokens: the API (the manifest URL the client discovered it at) and the user's subject.
 *
 * @since 0.2.0
 * @category models
 */
export type TokenKey = TokenStoreInternal.TokenKey

/**
 * One user's tokens for one API, `Redacted`.
 *
 * @since 0.2.0
 * @category models
 */
export type StoredTokens = TokenStoreInternal.StoredTokens

/**
 * The promise shape of a store an application implements: plain strings, sync or async.
 *
 * @since 0.2.0
 * @category models
 */
export type PromiseTokenStore = TokenStoreInternal.PromiseTokenStore

/**
 * `StoredTokens` as an application persists them.
 *
 * @since 0.2.0
 * @category models
 */
export type PlainTokens = TokenStoreInternal.PlainTokens

/**
 * A store in this process's memory, as a value.
 *
 * @since 0.2.0
 * @category constructors
 */
export const makeMemoryStore: () => TokenStoreService = TokenStoreInternal.makeMemory

/**
 * An application's promise store as the service, as a value.
 *
 * @since 0.2.0
 * @category constructors
 */
export const fromPromiseStore: (store: PromiseTokenStore) => TokenStoreService = TokenStoreInternal.fromPromise

/**
 * The `rcp` command's file store in `directory` (default `credentialsDirectory()`), as a value.
 *
 * @since 0.2.0
 * @category constructors
 */
export const makeFileStore: (directory?: string) => TokenStoreService = FileStore.make

/**
 * The user's configuration directory for rcp: `$XDG_CONFIG_HOME/rcp`, `%APPDATA%\rcp` on Windows,
 * else `~/.config/rcp`.
 *
 * @since 0.2.0
 * @category constructors
 */
export const configDirectory: (
  env?: Readonly<Record<string, string | undefined>>,
  platform?: string,
  home?: string
) => string = FileStore.configDirectory

/**
 * Where `rcp login` keeps tokens: `<config directory>/credentials`.
 *
 * @since 0.2.0
 * @category constructors
 */
export const credentialsDirectory: (env?: Readonly<Record<string, string | undefined>>) => string =
  FileStore.credentialsDirectory

// ---------------------------------------------------------------------------------------------
// A terminal: rcp login / rcp logout
// ---------------------------------------------------------------------------------------------

/**
 * What `login` needs: the API's `auth` and manifest URL, the client registered for the command
 * line (usually public: no secret), and how to show the user the URL to open.
 *
 * @since 0.2.0
 * @category models
 */
export type LoginOptions = Login.LoginOptions

/**
 * A completed login: where the tokens were saved, never the tokens.
 *
 * @since 0.2.0
 * @category models
 */
export type LoginResult = Login.LoginResult

/**
 * What a login can fail with.
 *
 * @since 0.2.0
 * @category errors
 */
export type LoginError = Login.LoginError

/**
 * The authorization code flow with PKCE for a terminal (RFC 8252): a one-shot listener on
 * 127.0.0.1, the user's browser sent to the authorization server, the tokens saved in the file
 * store. `rcp login <manifest-url>` is this.
 *
 * @since 0.2.0
 * @category constructors
 */
export const login: (options: LoginOptions) => Effect.Effect<LoginResult, LoginError> = Login.login

/**
 * Forgets the tokens `login` saved, revoking the refresh token where the manifest names a
 * revocation endpoint: `rcp logout <manifest-url>`.
 *
 * @since 0.2.0
 * @category constructors
 */
export const logout: (
  options: Omit<LoginOptions, "onAuthorizationUrl" | "waitFor">
) => Effect.Effect<{ readonly revoked: boolean }, LoginError> = Login.logout

// ---------------------------------------------------------------------------------------------
// One API's tokens, outside a client
// ---------------------------------------------------------------------------------------------

export {
  /**
   * The token manager of one API as a service: tokens for the client itself or a user, kept fresh
   * under the same rules as inside a client (one request in flight, rotation stored first, 401 →
   * one replacement). `TokenManager.layer(options)` needs a `TokenStore`.
   *
   * @since 0.2.0
   * @category models
   */
  TokenManager
} from "./internal/client/oauth/tokenManager.js"

/**
 * The token manager's options (the manifest's `auth`, the client registration, trust).
 *
 * @since 0.2.0
 * @category models
 */
export type TokenManagerOptions = TokenManagerInternal.Options

/**
 * The token manager's interface.
 *
 * @since 0.2.0
 * @category models
 */
export type TokenManagerService = TokenManagerInternal.Service

/**
 * Whose token: the client itself, or a user by subject.
 *
 * @since 0.2.0
 * @category models
 */
export type Principal = TokenManagerInternal.Principal

/**
 * An access token as a manager hands it out.
 *
 * @since 0.2.0
 * @category models
 */
export type AccessToken = TokenManagerInternal.AccessToken

/**
 * The client itself (client credentials).
 *
 * @since 0.2.0
 * @category constructors
 */
export const client: Principal = TokenManagerInternal.client

/**
 * A user, by the application's id for them.
 *
 * @since 0.2.0
 * @category constructors
 */
export const user: (subject: string) => Principal = TokenManagerInternal.user

/**
 * From the turn's context to the signed-in user's id (`Client.OAuthSubject`).
 *
 * @since 0.2.0
 * @category models
 */
export type SubjectFn<Ctx = any, R = never> = PrincipalInternal.SubjectFn<Ctx, R>

/**
 * What a subject function is told besides the context: where the token will be sent.
 *
 * @since 0.2.0
 * @category models
 */
export type SubjectInfo = PrincipalInternal.SubjectInfo

/**
 * One API's OAuth for plain TypeScript: `authorizationUrl`, `completeAuthorization`,
 * `disconnect`, `close`.
 *
 * @since 0.2.0
 * @category models
 */
export type PromiseTokenManager = PromiseOAuth.PromiseTokenManager

/**
 * The token manager of one API for plain TypeScript, over the application's store (default: in
 * memory).
 *
 * @since 0.2.0
 * @category constructors
 */
export const createTokenManager: (
  options: TokenManagerOptions & { readonly store?: PromiseTokenStore | undefined }
) => PromiseTokenManager = PromiseOAuth.createTokenManager
