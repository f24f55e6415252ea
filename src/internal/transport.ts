/**
 * Sending one logical request (SPEC §3.6): redirects followed here, never by the HTTP client —
 * same-origin only and re-checked at each hop — with one timeout over all hops and the body, and a
 * size cap that stops reading as soon as it is crossed. Discovery and execution both use it.
 */
import * as FetchHttpClient from "@effect/platform/FetchHttpClient"
import * as Headers from "@effect/platform/Headers"
import * as HttpBody from "@effect/platform/HttpBody"
import * as HttpClient from "@effect/platform/HttpClient"
import type * as HttpClientError from "@effect/platform/HttpClientError"
import * as HttpClientRequest from "@effect/platform/HttpClientRequest"
import type * as HttpClientResponse from "@effect/platform/HttpClientResponse"
import * as Chunk from "effect/Chunk"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Stream from "effect/Stream"
import {
  BlockedAddress,
  RedirectRefused,
  ResponseTooLarge,
  Timeout,
  TooManyRedirects,
  TransportError
} from "./clientErrors.js"
import * as PrivateNetwork from "./privateNetwork.js"
import type { Outgoing } from "./request.js"

/** @internal */
export interface SendOptions {
  /** How errors name this request: a manifest URL, or a tool and its URL template — never values. */
  readonly target: string
  readonly timeoutMs: number
  readonly maxBytes: number
  readonly maxRedirects: number
  /** Adds the credential to each hop (the URL may change on a redirect). */
  readonly authorize: (request: Outgoing) => Outgoing
  /** Refuse internal addresses: IP literals here, before each hop; resolved names in the client's DNS lookup. */
  readonly blockPrivateNetworks: boolean
}

/** @internal */
export interface Received {
  readonly status: number
  readonly headers: Headers.Headers
  readonly body: Uint8Array
  readonly url: URL
}

/** @internal */
export type SendError = TransportError | Timeout | ResponseTooLarge | RedirectRefused | TooManyRedirects | BlockedAddress

const REDIRECTS = new Set([301, 302, 303, 307, 308])

/**
 * The HTTP client as this library uses it: its own spans off (they would record full URLs, and
 * with them argument values and query credentials), no trace headers sent to tool servers.
 *
 * @internal
 */
export const prepareClient = (client: HttpClient.HttpClient): HttpClient.HttpClient =>
  client.pipe(
    HttpClient.withTracerDisabledWhen(() => true),
    HttpClient.withTracerPropagation(false),
    HttpClient.withScope
  ) as unknown as HttpClient.HttpClient

const toRequest = (out: Outgoing): HttpClientRequest.HttpClientRequest => {
  const request = HttpClientRequest.make(out.method as "GET")(out.url.toString(), { headers: out.headers })
  return out.body === undefined
    ? request
    : HttpClientRequest.setBody(request, HttpBody.text(out.body, out.headers["content-type"] ?? "application/json"))
}

/** A safe description of why the socket failed: error codes only, no messages that may echo URLs. */
const describeCodes = (codes: ReadonlyArray<string>): string => {
  const code = codes.find((c) => c.startsWith("E")) ?? codes[0]
  switch (code) {
    case "ECONNREFUSED":
      return "connection refused"
    case "ECONNRESET":
    case "UND_ERR_SOCKET":
      return "connection reset"
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return "host not found"
    case "ETIMEDOUT":
      return "connection timed out"
    case undefined:
      return "the request failed"
    default:
      return `the request failed (${code})`
  }
}

const causeCodes = (cause: unknown): Array<string> => {
  const codes: Array<string> = []
  let current: unknown = cause
  for (let depth = 0; depth < 5 && typeof current === "object" && current !== null; depth++) {
    const code = (current as { code?: unknown }).code
    if (typeof code === "string") codes.push(code)
    current = (current as { cause?: unknown }).cause
  }
  return codes
}

const transportError = (target: string, url: URL) =>
(error: HttpClientError.HttpClientError): TransportError | BlockedAddress => {
  if (error._tag === "ResponseError") {
    return new TransportError({ target, reason: `the connection to ${url.origin} broke while reading the response` })
  }
  const codes = causeCodes(error.cause)
  if (codes.includes(PrivateNetwork.BLOCKED_CODE)) return new BlockedAddress({ target, host: url.hostname })
  return new TransportError({ target, reason: `${describeCodes(codes)} (${url.origin})` })
}

const readBody = (
  response: HttpClientResponse.HttpClientResponse,
  options: SendOptions,
  url: URL
): Effect.Effect<Uint8Array, ResponseTooLarge | TransportError | BlockedAddress> => {
  const tooLarge = new ResponseTooLarge({ target: options.target, maxBytes: options.maxBytes })
  const declared = Number(response.headers["content-length"] ?? Number.NaN)
  if (declared > options.maxBytes) return Effect.fail(tooLarge)
  let total = 0
  return response.stream.pipe(
    Stream.mapError(transportError(options.target, url)),
    Stream.mapEffect((chunk) => {
      total += chunk.length
      return total > options.maxBytes ? Effect.fail(tooLarge) : Effect.succeed(chunk)
    }),
    Stream.runCollect,
    Effect.map((chunks) => concat(Chunk.toReadonlyArray(chunks), total))
  )
}

const concat = (chunks: ReadonlyArray<Uint8Array>, total: number): Uint8Array => {
  if (chunks.length === 1) return chunks[0]!
  const out = new Uint8Array(total)
  let offset = 0
  for (const chunk of chunks) {
    out.set(chunk, offset)
    offset += chunk.length
  }
  return out
}

type Hop =
  | { readonly _tag: "Done"; readonly received: Received }
  | { readonly _tag: "Redirect"; readonly status: number; readonly location: URL }

const oneHop = (client: HttpClient.HttpClient, out: Outgoing, options: SendOptions): Effect.Effect<Hop, SendError> =>
  Effect.scoped(
    Effect.gen(function*() {
      const origin = out.url.origin
      if (options.blockPrivateNetworks && PrivateNetwork.isBlockedAddress(out.url.hostname)) {
        return yield* new BlockedAddress({ target: options.target, host: out.url.hostname })
      }
      const response = yield* client.execute(toRequest(options.authorize(out))).pipe(
        Effect.mapError(transportError(options.target, out.url))
      )
      const location = response.headers["location"]
      if (REDIRECTS.has(response.status) && location !== undefined) {
        let next: URL
        try {
          next = new URL(location, out.url)
        } catch {
          return yield* new TransportError({ target: options.target, reason: `invalid redirect Location from ${origin}` })
        }
        next.hash = ""
        // The scope closes on return, aborting this response: a redirect body is never read.
        return { _tag: "Redirect", status: response.status, location: next } as const
      }
      const body = yield* readBody(response, options, out.url)
      return { _tag: "Done", received: { status: response.status, headers: response.headers, body, url: out.url } } as const
    })
  )

const followRedirects = (
  client: HttpClient.HttpClient,
  first: Outgoing,
  options: SendOptions
): Effect.Effect<Received, SendError> =>
  Effect.gen(function*() {
    let current = first
    for (let hops = 0;; hops++) {
      const hop = yield* oneHop(client, current, options)
      if (hop._tag === "Done") return hop.received
      if (hop.location.origin !== current.url.origin) {
        return yield* new RedirectRefused({
          target: options.target,
          status: hop.status,
          origin: current.url.origin,
          location: hop.location.origin === "null" ? hop.location.protocol : hop.location.origin
        })
      }
      if (hops + 1 > options.maxRedirects) {
        return yield* new TooManyRedirects({ target: options.target, max: options.maxRedirects })
      }
      current = redirected(current, hop.status, hop.location)
    }
  })

/** 303 (and 301/302 after a POST, as browsers do) become a GET without a body; 307/308 keep both. */
const redirected = (out: Outgoing, status: number, location: URL): Outgoing => {
  const toGet = (status === 303 && out.method !== "HEAD") || ((status === 301 || status === 302) && out.method === "POST")
  if (!toGet) return { ...out, url: location }
  const { "content-type": _contentType, ...headers } = out.headers
  return { method: "GET", url: location, headers, body: undefined }
}

/**
 * Sends `request` through `client`, following same-origin redirects, within the timeout and cap.
 * A fetch-based client is told not to follow redirects itself (`redirect: "manual"`).
 *
 * @internal
 */
export const send = (
  client: HttpClient.HttpClient,
  request: Outgoing,
  options: SendOptions
): Effect.Effect<Received, SendError> =>
  Effect.serviceOption(FetchHttpClient.RequestInit).pipe(
    Effect.flatMap((init) =>
      followRedirects(client, request, options).pipe(
        Effect.provideService(FetchHttpClient.RequestInit, { ...Option.getOrUndefined(init), redirect: "manual" })
      )
    ),
    Effect.timeoutFail({
      duration: options.timeoutMs,
      onTimeout: () => new Timeout({ target: options.target, timeoutMs: options.timeoutMs })
    })
  )
