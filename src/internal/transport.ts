/**
 * Sending one logical request (docs/protocol.md §3.6): redirects followed here, never by the HTTP client —
 * same-origin only and re-checked at each hop — with one timeout over all hops and the body, and a
 * size cap that stops reading as soon as it is crossed. Discovery and execution both use it.
 *
 * The rules live in this module; two drivers apply them: `fromHttpClient` (any @effect/platform
 * `HttpClient`, for custom clients and test doubles) and `undiciTransport.ts` (straight over
 * undici, the fast default).
 */
import type * as Client from "../Client.js"
import * as FetchHttpClient from "@effect/platform/FetchHttpClient"
import * as Headers from "@effect/platform/Headers"
import * as HttpBody from "@effect/platform/HttpBody"
import * as HttpClient from "@effect/platform/HttpClient"
import type * as HttpClientError from "@effect/platform/HttpClientError"
import * as HttpClientRequest from "@effect/platform/HttpClientRequest"
import type * as HttpClientResponse from "@effect/platform/HttpClientResponse"
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
import type * as Credential from "./credential.js"
import { BodyBuffer } from "./bodyBuffer.js"
import * as PrivateNetwork from "./privateNetwork.js"
import type { Outgoing } from "./request.js"

/** @internal */
export interface SendOptions {
  /** How errors name this request: a manifest URL, or a tool and its URL template — never values. */
  readonly target: string
  readonly timeoutMs: number
  readonly maxBytes: number
  readonly maxRedirects: number
  /** Written into each hop (the URL may change on a redirect); its header redacted from logs. */
  readonly credential: Credential.Attached
  /** Refuse internal addresses: IP literals here, before each hop; resolved names in the driver's DNS lookup. */
  readonly blockPrivateNetworks: boolean
}

/** @internal */
export interface Received {
  readonly status: number
  /** Lower-cased names. */
  readonly headers: Readonly<Record<string, string | undefined>>
  readonly body: Uint8Array
  readonly url: URL
}

/** @internal */
export type SendError = Client.SendError

/**
 * One way of sending: what the client is built on.
 *
 * @internal
 */
export interface Transport {
  readonly send: (request: Outgoing, options: SendOptions) => Effect.Effect<Received, SendError>
}

// ---------------------------------------------------------------------------------------------
// The rules, shared by both drivers
// ---------------------------------------------------------------------------------------------

const REDIRECTS = new Set([301, 302, 303, 307, 308])

/** @internal */
export type Next =
  | { readonly _tag: "Done" }
  | { readonly _tag: "Follow"; readonly request: Outgoing }
  | { readonly _tag: "Fail"; readonly error: SendError }

/**
 * What to do with a response whose headers have arrived, after `hops` redirects so far: keep it,
 * follow it (same origin, within the limit), or fail.
 *
 * @internal
 */
export const next = (
  current: Outgoing,
  status: number,
  location: string | undefined,
  hops: number,
  options: SendOptions
): Next => {
  if (!REDIRECTS.has(status) || location === undefined) return { _tag: "Done" }
  let url: URL
  try {
    url = new URL(location, current.url)
  } catch {
    return {
      _tag: "Fail",
      error: new TransportError({ target: options.target, reason: `invalid redirect Location from ${current.url.origin}` })
    }
  }
  url.hash = ""
  if (url.origin !== current.url.origin) {
    return {
      _tag: "Fail",
      error: new RedirectRefused({
        target: options.target,
        status,
        origin: current.url.origin,
        location: url.origin === "null" ? url.protocol : url.origin
      })
    }
  }
  if (hops + 1 > options.maxRedirects) {
    return { _tag: "Fail", error: new TooManyRedirects({ target: options.target, max: options.maxRedirects }) }
  }
  return { _tag: "Follow", request: redirected(current, status, url) }
}

/** 303 (and 301/302 after a POST, as browsers do) become a GET without a body; 307/308 keep both. */
const redirected = (out: Outgoing, status: number, location: URL): Outgoing => {
  const toGet = (status === 303 && out.method !== "HEAD") || ((status === 301 || status === 302) && out.method === "POST")
  if (!toGet) return { ...out, url: location }
  const { "content-type": _contentType, ...headers } = out.headers
  return { method: "GET", url: location, headers, body: undefined }
}

/** A literal IP host is connected to without DNS, so the guard checks it here, before each hop. @internal */
export const blockedHost = (url: URL, options: SendOptions): BlockedAddress | undefined =>
  options.blockPrivateNetworks && PrivateNetwork.isBlockedAddress(url.hostname)
    ? new BlockedAddress({ target: options.target, host: url.hostname })
    : undefined

/** @internal */
export const tooLarge = (options: SendOptions): ResponseTooLarge =>
  new ResponseTooLarge({ target: options.target, maxBytes: options.maxBytes })

/** @internal */
export const timeout = (options: SendOptions): Timeout =>
  new Timeout({ target: options.target, timeoutMs: options.timeoutMs })

/** @internal */
export const declaredLength = (value: string | undefined): number | undefined => {
  if (value === undefined || !/^\d+$/.test(value)) return undefined
  return Number(value)
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

/**
 * The typed error for a failed exchange: before the response (`connect`) or while reading its body.
 *
 * @internal
 */
export const failure = (
  phase: "connect" | "body",
  cause: unknown,
  url: URL,
  options: SendOptions
): TransportError | BlockedAddress => {
  const codes = causeCodes(cause)
  if (codes.includes(PrivateNetwork.BLOCKED_CODE)) return new BlockedAddress({ target: options.target, host: url.hostname })
  if (phase === "body") {
    return new TransportError({ target: options.target, reason: `the connection to ${url.origin} broke while reading the response` })
  }
  return new TransportError({ target: options.target, reason: `${describeCodes(codes)} (${url.origin})` })
}

// ---------------------------------------------------------------------------------------------
// The @effect/platform HttpClient driver
// ---------------------------------------------------------------------------------------------

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
  const client = httpClient.pipe(
    HttpClient.withTracerDisabledWhen(() => true),
    HttpClient.withTracerPropagation(false),
    HttpClient.withScope
  ) as unknown as HttpClient.HttpClient
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
    send: (request, options) => {
      const credentialHeader = options.credential.header
      const sent = Effect.serviceOption(FetchHttpClient.RequestInit).pipe(
        Effect.flatMap((init) =>
          follow(request, options).pipe(
            Effect.provideService(FetchHttpClient.RequestInit, { ...Option.getOrUndefined(init), redirect: "manual" })
          )
        ),
        Effect.timeoutFail({ duration: options.timeoutMs, onTimeout: () => timeout(options) })
      )
      return credentialHeader === undefined
        ? sent
        : Effect.locallyWith(sent, Headers.currentRedactedNames, (names) => [...names, credentialHeader])
    }
  }
}
