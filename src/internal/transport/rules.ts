/**
 * Sending one logical request (docs/protocol.md §3.6): redirects followed here, never by the HTTP client —
 * same-origin only and re-checked at each hop — with one timeout over all hops and the body, and a
 * size cap that stops reading as soon as it is crossed. Discovery and execution both use it.
 *
 * The rules live in this module; two drivers apply them: `httpClient.ts` (any
 * @effect/platform `HttpClient`, for custom clients and test doubles) and `undici.ts`
 * (straight over undici, the fast default). Neither is imported here: a client loads only the one
 * it sends with.
 */
import type * as Effect from "effect/Effect"
import { isLoopbackHost } from "../shared/url.js"
import {
  BlockedAddress,
  RedirectRefused,
  ResponseTooLarge,
  type SendError,
  Timeout,
  TooManyRedirects,
  TransportError
} from "./errors.js"
import type { Attached, Outgoing } from "./outgoing.js"
import * as PrivateNetwork from "./privateNetwork.js"

/** @internal */
export interface SendOptions {
  /** How errors name this request: a manifest URL, or a tool and its URL template — never values. */
  readonly target: string
  readonly timeoutMs: number
  readonly maxBytes: number
  readonly maxRedirects: number
  /** Written into each hop (the URL may change on a redirect); its header redacted from logs. */
  readonly credential: Attached
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
export type { SendError }

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
export const tooLarge = (options: SendOptions): ResponseTooLarge => {
  const error = new ResponseTooLarge({ target: options.target, maxBytes: options.maxBytes })
  // Read now, V8 formats the stack and lets go of the frames it captured: until then they keep the
  // closures of the call alive — the body read so far (up to the cap) among them — for as long as
  // anyone holds the error (test/faults.test.ts counted 5.8 MiB still live after the next call).
  void error.stack
  return error
}

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

/**
 * Plain `http:` to a host that is not loopback, without `allowHttp`: refused before anything is
 * sent, for a manifest, a document and a tool call alike.
 *
 * @internal
 */
export const insecure = (
  url: { readonly protocol: string; readonly hostname: string },
  settings: { readonly allowHttp: boolean }
): boolean => url.protocol === "http:" && !settings.allowHttp && !isLoopbackHost(url.hostname)
