/**
 * Which transport a client sends through — decided here and nowhere else. The rules (redirects,
 * caps, timeouts, the guard's literal-IP check) are the same in both (`rules.ts`); the
 * implementations are an Effect `HttpClient` and undici's `dispatch`.
 *
 * The one rule that overrides a caller's choice: `blockPrivateNetworks` is checked inside the DNS
 * lookup of the connection, which only the client's own undici agent can promise — so with it on,
 * the client sends through that agent whatever it was given. `Client.layer` documents that it then
 * ignores its `HttpClient`; the promise facade refuses a custom `fetch` outright, because there the
 * caller chose it explicitly and would otherwise silently lose it.
 */
import { catchDefect } from "#target/Effects.js"
// The HttpClient service by its key: requiring it needs no import of the HTTP modules, which load
// only when a client sends through them.
import * as HttpClient from "#target/HttpClientKey.js"
import * as Effect from "effect/Effect"
import type * as Scope from "effect/Scope"
import type * as Transport from "./rules.js"
import * as UndiciTransport from "./undici.js"

const driver = Effect.promise(() => import("./httpClient.js"))

interface Guard {
  readonly blockPrivateNetworks?: boolean | undefined
}

const guarded = (options: Guard): boolean => options.blockPrivateNetworks === true

/**
 * The client's own undici agent (guarded when asked).
 *
 * @internal
 */
export const undici = (options: Guard): Effect.Effect<Transport.Transport, never, Scope.Scope> =>
  UndiciTransport.make({ blockPrivateNetworks: guarded(options) })

/**
 * The `HttpClient` in context — unless the guard is on (see the module's header).
 *
 * @internal
 */
export const httpClient = (
  options: Guard
): Effect.Effect<Transport.Transport, never, HttpClient.HttpClient | Scope.Scope> =>
  guarded(options)
    ? undici(options)
    : Effect.flatMap(HttpClient.HttpClient, (client) => Effect.map(driver, (d) => d.fromHttpClient(client)))

const overFetch = (fetch: typeof globalThis.fetch | undefined): Effect.Effect<Transport.Transport> =>
  Effect.flatMap(driver, (d) => d.overFetch(fetch))

/**
 * The promise facade's: undici unless the caller brings a `fetch`; the global fetch if undici
 * cannot be loaded — but never when the guard is on. Throws (at construction) for a custom
 * `fetch` with the guard on.
 *
 * @internal
 */
export const facade = (
  options: Guard & { readonly fetch?: typeof globalThis.fetch | undefined }
): Effect.Effect<Transport.Transport, never, Scope.Scope> => {
  if (options.fetch !== undefined) {
    if (guarded(options)) throw new TypeError("rcp-sdk: blockPrivateNetworks cannot be combined with a custom fetch")
    return overFetch(options.fetch)
  }
  return guarded(options) ? undici(options) : undici(options).pipe(catchDefect(() => overFetch(undefined)))
}
