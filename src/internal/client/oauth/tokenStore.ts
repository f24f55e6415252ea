/**
 * Where each user's tokens live between calls (docs/protocol.md §10.3): an interface the
 * application implements over its own database — get, set and delete by API and subject — with an
 * in-memory default. The client reads a user's refresh token from the store every time it
 * refreshes, and writes a rotated one back before the new access token is used, so the store
 * always holds the newest refresh token: a crash after the write loses nothing, a crash before it
 * has used nothing.
 *
 * In the Effect API the tokens are `Redacted` (a log or a span of them prints `<redacted>`); the
 * promise shape an application implements deals in plain strings and is read through
 * `fromPromise`, which checks what it returns.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Predicate from "effect/Predicate"
import * as Redacted from "effect/Redacted"
import { TokenStoreFailed } from "./oauthErrors.js"

/**
 * Whose tokens: the API (the client's name for it, e.g. its manifest URL) and the user's subject
 * (the application's id for the signed-in user).
 *
 * @since 0.2.0
 * @category models
 */
export interface TokenKey {
  readonly api: string
  readonly subject: string
}

/**
 * One user's tokens for one API.
 *
 * @since 0.2.0
 * @category models
 */
export interface StoredTokens {
  readonly accessToken?: Redacted.Redacted<string> | undefined
  readonly refreshToken?: Redacted.Redacted<string> | undefined
  /** When the access token expires, in epoch milliseconds; absent when the server did not say. */
  readonly expiresAt?: number | undefined
  /** The scopes granted, space-separated, as the server reported them. */
  readonly scope?: string | undefined
}

/**
 * The token store as a service.
 *
 * @since 0.2.0
 * @category models
 */
export interface Service {
  readonly get: (key: TokenKey) => Effect.Effect<StoredTokens | undefined, TokenStoreFailed>
  readonly set: (key: TokenKey, tokens: StoredTokens) => Effect.Effect<void, TokenStoreFailed>
  readonly delete: (key: TokenKey) => Effect.Effect<void, TokenStoreFailed>
}

/**
 * The promise shape an application implements (over its database): plain strings, sync or async.
 *
 * @since 0.2.0
 * @category models
 */
export interface PromiseTokenStore {
  readonly get: (key: TokenKey) => PlainTokens | undefined | null | PromiseLike<PlainTokens | undefined | null>
  readonly set: (key: TokenKey, tokens: PlainTokens) => void | PromiseLike<void>
  readonly delete: (key: TokenKey) => void | PromiseLike<void>
}

/**
 * `StoredTokens` as an application persists them.
 *
 * @since 0.2.0
 * @category models
 */
export interface PlainTokens {
  readonly accessToken?: string | undefined
  readonly refreshToken?: string | undefined
  readonly expiresAt?: number | undefined
  readonly scope?: string | undefined
}

/** @internal */
export const toPlain = (tokens: StoredTokens): PlainTokens => {
  const out: { -readonly [K in keyof PlainTokens]: PlainTokens[K] } = {}
  if (tokens.accessToken !== undefined) out.accessToken = Redacted.value(tokens.accessToken)
  if (tokens.refreshToken !== undefined) out.refreshToken = Redacted.value(tokens.refreshToken)
  if (tokens.expiresAt !== undefined) out.expiresAt = tokens.expiresAt
  if (tokens.scope !== undefined) out.scope = tokens.scope
  return out
}

/**
 * Stored tokens read back from an application's store (or a file), checked: what is not a
 * non-empty string or a finite number where one belongs is refused rather than guessed at.
 *
 * @internal
 */
export const fromPlain = (value: unknown): StoredTokens | string => {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return "it is not an object"
  const record = value as Record<string, unknown>
  const text = (name: string): string | undefined | false => {
    const field = record[name]
    if (field === undefined || field === null) return undefined
    return typeof field === "string" && field !== "" ? field : false
  }
  const accessToken = text("accessToken")
  const refreshToken = text("refreshToken")
  const scope = typeof record.scope === "string" ? record.scope : record.scope == null ? undefined : false
  const expiresAt = record.expiresAt
  if (accessToken === false) return "its accessToken is not a non-empty string"
  if (refreshToken === false) return "its refreshToken is not a non-empty string"
  if (scope === false) return "its scope is not a string"
  if (expiresAt !== undefined && expiresAt !== null && (typeof expiresAt !== "number" || !Number.isFinite(expiresAt))) {
    return "its expiresAt is not a finite number"
  }
  const out: { -readonly [K in keyof StoredTokens]: StoredTokens[K] } = {}
  if (accessToken !== undefined) out.accessToken = Redacted.make(accessToken)
  if (refreshToken !== undefined) out.refreshToken = Redacted.make(refreshToken)
  if (typeof expiresAt === "number") out.expiresAt = expiresAt
  if (scope !== undefined) out.scope = scope
  return out
}

/**
 * The token store. Swap its layer to swap the storage (tests, a database, the `rcp` CLI's file).
 *
 * @since 0.2.0
 * @category models
 */
export class TokenStore extends Context.Tag("rcp-sdk/TokenStore")<TokenStore, Service>() {}

const keyText = (key: TokenKey): string => `${key.api}\u0000${key.subject}`

/**
 * A store in this process's memory: tokens are gone when it exits. The default.
 *
 * @since 0.2.0
 * @category constructors
 */
export const makeMemory = (): Service => {
  const entries = new Map<string, StoredTokens>()
  return {
    get: (key) => Effect.sync(() => entries.get(keyText(key))),
    set: (key, tokens) => Effect.sync(() => void entries.set(keyText(key), tokens)),
    delete: (key) => Effect.sync(() => void entries.delete(keyText(key)))
  }
}

const attempt = <A>(
  operation: TokenStoreFailed["operation"],
  run: () => A | PromiseLike<A>
): Effect.Effect<A, TokenStoreFailed> =>
  Effect.suspend(() => {
    let out: A | PromiseLike<A>
    try {
      out = run()
    } catch (cause) {
      return Effect.fail(new TokenStoreFailed({ operation, reason: "it threw an error", cause }))
    }
    if (!Predicate.isPromiseLike(out)) return Effect.succeed(out)
    return Effect.tryPromise({
      try: () => Promise.resolve(out),
      catch: (cause) => new TokenStoreFailed({ operation, reason: "it rejected", cause })
    })
  })

/**
 * An application's store (the promise shape) as the service: failures become `TokenStoreFailed`,
 * what `get` returns is checked.
 *
 * @since 0.2.0
 * @category constructors
 */
export const fromPromise = (store: PromiseTokenStore): Service => ({
  get: (key) =>
    Effect.flatMap(attempt("get", () => store.get(key)), (value) => {
      if (value === undefined || value === null) return Effect.succeed(undefined)
      const tokens = fromPlain(value)
      return typeof tokens === "string"
        ? Effect.fail(new TokenStoreFailed({ operation: "get", reason: `what it returned is not stored tokens: ${tokens}` }))
        : Effect.succeed(tokens)
    }),
  set: (key, tokens) => attempt("set", () => store.set(key, toPlain(tokens))),
  delete: (key) => attempt("delete", () => store.delete(key))
})

/**
 * A fresh in-memory store as a layer.
 *
 * @since 0.2.0
 * @category layers
 */
export const layerMemory: Layer.Layer<TokenStore> = Layer.sync(TokenStore, makeMemory)

/**
 * An application's store (the promise shape) as a layer.
 *
 * @since 0.2.0
 * @category layers
 */
export const layerPromise = (store: PromiseTokenStore): Layer.Layer<TokenStore> =>
  Layer.succeed(TokenStore, fromPromise(store))
