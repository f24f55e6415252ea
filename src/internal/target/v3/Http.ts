/**
 * The HTTP client modules the `HttpClient` transport (`transport/httpClient.ts`) drives, from
 * `@effect/platform` on Effect 3 (`../v4/Http.ts`: `effect/http` on Effect 4), and the things that
 * transport sets differently per version: its own spans and trace headers off, fetch told not to
 * follow redirects, the credential's header redacted, a `fetch` of the caller's own. Loaded only
 * with that transport, so users of the undici transport never load the HTTP modules.
 */
import * as FetchHttpClient from "@effect/platform/FetchHttpClient"
import * as Headers from "@effect/platform/Headers"
import * as HttpClient from "@effect/platform/HttpClient"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"

export * as FetchHttpClient from "@effect/platform/FetchHttpClient"
export * as HttpBody from "@effect/platform/HttpBody"
export * as HttpClient from "@effect/platform/HttpClient"
export type * as HttpClientError from "@effect/platform/HttpClientError"
export * as HttpClientRequest from "@effect/platform/HttpClientRequest"
export type * as HttpClientResponse from "@effect/platform/HttpClientResponse"

/**
 * The client with its own spans off (they would record full URLs, and with them argument values
 * and query credentials), no trace headers sent to tool servers, each request scoped.
 *
 * @internal
 */
export const untraced = (client: HttpClient.HttpClient): HttpClient.HttpClient =>
  client.pipe(
    HttpClient.withTracerDisabledWhen(() => true),
    HttpClient.withTracerPropagation(false),
    HttpClient.withScope
  ) as unknown as HttpClient.HttpClient

/**
 * `send` with a fetch-based client told not to follow redirects (`redirect: "manual"`; the
 * transport follows them by its rules), and `header` (the credential's) redacted wherever Effect
 * prints headers.
 *
 * @internal
 */
export const around = <A, E, R>(send: Effect.Effect<A, E, R>, header: string | undefined): Effect.Effect<A, E, R> => {
  const manual = Effect.flatMap(Effect.serviceOption(FetchHttpClient.RequestInit), (init) =>
    Effect.provideService(send, FetchHttpClient.RequestInit, { ...Option.getOrUndefined(init), redirect: "manual" }))
  return header === undefined
    ? manual
    : Effect.locallyWith(manual, Headers.currentRedactedNames, (names) => [...names, header])
}

/**
 * `FetchHttpClient` over the given `fetch`, else the global one.
 *
 * @internal
 */
export const fetchLayer = (fetch: typeof globalThis.fetch | undefined): Layer.Layer<HttpClient.HttpClient> =>
  fetch === undefined
    ? FetchHttpClient.layer
    : FetchHttpClient.layer.pipe(Layer.provide(Layer.succeed(FetchHttpClient.Fetch, fetch)))
