/**
 * HttpClient layers for tests that must prove where the client did (or did not) connect:
 * `loopbackOnly` sends through fetch but refuses, before any connection, every host other than
 * 127.0.0.1; `noNetwork` refuses every request. Both record the URL of each attempt. And a scripted
 * DNS resolver, for the private-network guard's lookup.
 */
import { FetchHttpClient, HttpClient } from "#target/Http.js"
import { transportError } from "#test-target"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import type * as PrivateNetwork from "../../src/internal/transport/privateNetwork.js"

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
        return Effect.fail(transportError(request, new Error("no network in this test")))
      })
    )
  )

export interface ScriptedResolver {
  readonly lookup: PrivateNetwork.BaseLookup
  /** The hostnames asked, in order. */
  readonly asked: Array<string>
}

/** Answers the i-th lookup with `answers[i]` (the last one repeats), whatever the name. */
export const scriptedResolver = (answers: ReadonlyArray<string>): ScriptedResolver => {
  const asked: Array<string> = []
  return {
    asked,
    lookup: (hostname, _options, callback) => {
      const address = answers[Math.min(asked.length, answers.length - 1)]!
      asked.push(hostname)
      setImmediate(() => callback(null, [{ address, family: address.includes(":") ? 6 : 4 }]))
    }
  }
}
