/**
 * The Effect `HttpClient` driver of `rules.ts`, for `Client.layer` (custom clients, test doubles)
 * and the promise facade's `fetch`. Loaded by `choice.ts` only when a client sends this way, so
 * that users of the undici transport never load Effect's HTTP modules (bench/RESULTS.md §Cold
 * start). The HTTP modules and what each Effect sets differently (tracing, redirects, redaction)
 * come from the boundary (`#target/Http.js`); the rules here are shared.
 */
import { timeoutFail } from "#target/Effects.js"
import {
  around,
  fetchLayer,
  HttpBody,
  HttpClient,
  type HttpClientError,
  HttpClientRequest,
  type HttpClientResponse,
  untraced
} from "#target/Http.js"
import * as Effect from "effect/Effect"
import * as Stream from "effect/Stream"
import { BodyBuffer } from "./bodyBuffer.js"
import type { Outgoing } from "./outgoing.js"
import {
  blockedHost,
  declaredLength,
  failure,
  next,
  type Next,
  type Received,
  type SendError,
  type SendOptions,
  timeout,
  tooLarge,
  type Transport
} from "./rules.js"

const toRequest = (out: Outgoing): HttpClientRequest.HttpClientRequest => {
  const request = HttpClientRequest.make(out.method as "GET")(out.url.toString(), { headers: out.headers })
  return out.body === undefined
    ? request
    : HttpClientRequest.setBody(request, HttpBody.text(out.body, out.headers["content-type"] ?? "application/json"))
}

const readBody = (
  response: HttpClientResponse.HttpClientResponse,
  options: SendOptions,
  url: URL
): Effect.Effect<Uint8Array, SendError> => {
  const mapError = (error: HttpClientError.HttpClientError) => failure("body", error.cause ?? error, url, options)
  // A fetch-based client decompresses: then the declared length counts compressed bytes, and only
  // counting what is read keeps a small gzip bomb from filling memory.
  const encoded = (response.headers["content-encoding"] ?? "identity").toLowerCase() !== "identity"
  const declared = declaredLength(response.headers["content-length"])
  if (declared !== undefined && declared > options.maxBytes) return Effect.fail(tooLarge(options))
  // Otherwise a declared length is exactly what HTTP framing delivers: safe to read whole.
  if (declared !== undefined && !encoded) {
    return Effect.map(Effect.mapError(response.arrayBuffer, mapError), (buffer) => new Uint8Array(buffer))
  }
  const body = new BodyBuffer(options.maxBytes)
  return response.stream.pipe(
    Stream.mapError(mapError),
    Stream.runForEach((chunk) => (body.push(chunk) ? Effect.void : Effect.fail(tooLarge(options)))),
    Effect.map(() => body.result())
  )
}

type Hop =
  | { readonly _tag: "Done"; readonly received: Received }
  | { readonly _tag: "Next"; readonly next: Next }

const oneHop = (
  client: HttpClient.HttpClient,
  out: Outgoing,
  hops: number,
  options: SendOptions
): Effect.Effect<Hop, SendError> =>
  Effect.scoped(
    Effect.gen(function*() {
      const blocked = blockedHost(out.url, options)
      if (blocked !== undefined) return yield* blocked
      const response = yield* client.execute(toRequest(options.credential.apply(out))).pipe(
        Effect.mapError((error) => failure("connect", error.cause ?? error, out.url, options))
      )
      const decision = next(out, response.status, response.headers["location"], hops, options)
      // A redirect's body is never read: the scope closes on return and aborts it.
      if (decision._tag !== "Done") return { _tag: "Next", next: decision } as const
      const body = yield* readBody(response, options, out.url)
      return { _tag: "Done", received: { status: response.status, headers: response.headers, body, url: out.url } } as const
    })
  )

/**
 * A transport over any `HttpClient`: its own spans off (they would record full URLs, and with them
 * argument values and query credentials), no trace headers sent to tool servers, and a fetch-based
 * client told not to follow redirects itself (`redirect: "manual"`).
 *
 * @internal
 */
export const fromHttpClient = (httpClient: HttpClient.HttpClient): Transport => {
  const client = untraced(httpClient)
  const follow = (request: Outgoing, options: SendOptions): Effect.Effect<Received, SendError> =>
    Effect.gen(function*() {
      let current = request
      for (let hops = 0;; hops++) {
        const hop = yield* oneHop(client, current, hops, options)
        if (hop._tag === "Done") return hop.received
        if (hop.next._tag === "Fail") return yield* hop.next.error
        if (hop.next._tag === "Follow") current = hop.next.request
      }
    })
  return {
    send: (request, options) =>
      around(timeoutFail(follow(request, options), options.timeoutMs, () => timeout(options)), options.credential.header)
  }
}

/**
 * Over `FetchHttpClient`: the given `fetch`, else the global one.
 *
 * @internal
 */
export const overFetch = (fetch: typeof globalThis.fetch | undefined): Effect.Effect<Transport> =>
  Effect.map(Effect.provide(HttpClient.HttpClient, fetchLayer(fetch)), fromHttpClient)
