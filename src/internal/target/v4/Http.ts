/**
 * The HTTP client modules the `HttpClient` transport (`transport/httpClient.ts`) drives, from
 * `effect/http` on Effect 4, and what that transport sets differently per version (see
 * `../v3/Http.ts`). On Effect 4 tracing is switched by references provided around the request,
 * and the redacted header names and the `fetch` are references too.
 */
import * as Effect from "effect/Effect"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import * as Headers from "effect/http/Headers"
import * as HttpClient from "effect/http/HttpClient"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"

export * as FetchHttpClient from "effect/http/FetchHttpClient"
export * as HttpBody from "effect/http/HttpBody"
export * as HttpClient from "effect/http/HttpClient"
export type * as HttpClientError from "effect/http/HttpClientError"
export * as HttpClientRequest from "effect/http/HttpClientRequest"
export type * as HttpClientResponse from "effect/http/HttpClientResponse"

/**
 * The client, each request scoped. Its spans and trace headers are switched off in `around`
 * (Effect 4 reads them from references, not from the client).
 *
 * @internal
 */
export const untraced = (client: HttpClient.HttpClient): HttpClient.HttpClient =>
  HttpClient.withScope(client) as unknown as HttpClient.HttpClient

/**
 * `send` with no spans and no trace headers of the client's own, a fetch-based client told not to
 * follow redirects, and `header` (the credential's) redacted wherever Effect prints headers.
 *
 * @internal
 */
export const around = <A, E, R>(send: Effect.Effect<A, E, R>, header: string | undefined): Effect.Effect<A, E, R> => {
  const manual = Effect.flatMap(Effect.serviceOption(FetchHttpClient.RequestInit), (init) =>
    Effect.provideService(send, FetchHttpClient.RequestInit, { ...Option.getOrUndefined(init), redirect: "manual" }))
  const quiet = manual.pipe(
    Effect.provideService(HttpClient.TracerDisabledWhen, () => true),
    Effect.provideService(HttpClient.TracerPropagationEnabled, false)
  )
  return header === undefined
    ? quiet
    : Effect.updateService(quiet, Headers.CurrentRedactedNames, (names) => [...names, header])
}

/**
 * `FetchHttpClient` over the given `fetch` (a reference on Effect 4), else the global one.
 *
 * @internal
 */
export const fetchLayer = (fetch: typeof globalThis.fetch | undefined): Layer.Layer<HttpClient.HttpClient> =>
  fetch === undefined
    ? FetchHttpClient.layer
    : FetchHttpClient.layer.pipe(Layer.provide(Layer.succeed(FetchHttpClient.Fetch, fetch)))
