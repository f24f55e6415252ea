/**
 * HttpClient layers for tests that must prove where the client did (or did not) connect:
 * `loopbackOnly` sends through fetch but refuses, before any connection, every host other than
 * 127.0.0.1; `noNetwork` refuses every request. Both record the URL of each attempt.
 */
import * as FetchHttpClient from "@effect/platform/FetchHttpClient"
import * as HttpClient from "@effect/platform/HttpClient"
import * as HttpClientError from "@effect/platform/HttpClientError"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"

export interface NetworkLog {
  /** Every URL the client tried to reach, in order. */
  readonly attempts: Array<string>
}

export const makeLog = (): NetworkLog => ({ attempts: [] })

/** Fetch, restricted to 127.0.0.1: any other host is a test bug and dies before connecting. */
export const loopbackOnly = (log: NetworkLog = makeLog()): Layer.Layer<HttpClient.HttpClient> =>
  Layer.effect(
    HttpClient.HttpClient,
    Effect.map(HttpClient.HttpClient, (client) =>
      HttpClient.transform(client, (response, request) =>
        Effect.suspend(() => {
          log.attempts.push(request.url)
          const host = new URL(request.url).hostname
          return host === "127.0.0.1" ? response : Effect.die(new Error(`test tried to reach ${host}`))
        })))
  ).pipe(Layer.provide(FetchHttpClient.layer))

/**
 * An HttpClient that records every request and fails it as a transport error without connecting:
 * an empty log is proof that nothing was sent.
 */
export const noNetwork = (log: NetworkLog): Layer.Layer<HttpClient.HttpClient> =>
  Layer.succeed(
    HttpClient.HttpClient,
    HttpClient.make((request) =>
      Effect.suspend(() => {
        log.attempts.push(request.url)
        const cause = new Error("no network in this test")
        return Effect.fail(new HttpClientError.RequestError({ request, reason: "Transport", cause }))
      })
    )
  )
