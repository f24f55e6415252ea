/**
 * The errors of sending one request and reading its answer (docs/protocol.md §3.6–3.7): the URL
 * refused, the connection failed, a redirect refused, a cap or the timeout crossed, a non-2xx
 * status, a body that cannot be used. Declared here, with the rules that raise them, so that the
 * transport imports nothing of the client. Messages name the target (a manifest URL, or a tool and
 * its URL template), never a value.
 */
import { TaggedError } from "../shared/taggedError.js"

/**
 * The request could not be sent or the response could not be read (refused, reset, closed).
 *
 * @since 0.1.0
 * @category errors
 */
export class TransportError extends TaggedError("TransportError")<{
  readonly target: string
  readonly reason: string
}> {
  override get message(): string {
    return `${this.target}: ${this.reason}`
  }
}

/**
 * No complete response within the timeout; the request was aborted.
 *
 * @since 0.1.0
 * @category errors
 */
export class Timeout extends TaggedError("Timeout")<{
  readonly target: string
  readonly timeoutMs: number
}> {
  override get message(): string {
    return `${this.target}: no complete response within ${this.timeoutMs} ms; the request was aborted`
  }
}

/**
 * The response body is larger than the cap; the rest was not read.
 *
 * @since 0.1.0
 * @category errors
 */
export class ResponseTooLarge extends TaggedError("ResponseTooLarge")<{
  readonly target: string
  readonly maxBytes: number
}> {
  override get message(): string {
    return `${this.target}: the response is larger than ${this.maxBytes} bytes; the rest was not read`
  }
}

/**
 * A redirect to another origin; nothing was sent there.
 *
 * @since 0.1.0
 * @category errors
 */
export class RedirectRefused extends TaggedError("RedirectRefused")<{
  readonly target: string
  readonly status: number
  readonly origin: string
  readonly location: string
}> {
  override get message(): string {
    return `${this.target}: refused a ${this.status} redirect from ${this.origin} to ${this.location} ` +
      `(only same-origin redirects are followed); nothing was sent there`
  }
}

/**
 * More same-origin redirects than allowed.
 *
 * @since 0.1.0
 * @category errors
 */
export class TooManyRedirects extends TaggedError("TooManyRedirects")<{
  readonly target: string
  readonly max: number
}> {
  override get message(): string {
    return `${this.target}: more than ${this.max} redirects`
  }
}

/**
 * With `blockPrivateNetworks`, a host that is (or resolves to) a loopback, private, link-local or
 * otherwise internal address; no connection was made.
 *
 * @since 0.1.0
 * @category errors
 */
export class BlockedAddress extends TaggedError("BlockedAddress")<{
  readonly target: string
  readonly host: string
}> {
  override get message(): string {
    return `${this.target}: refused to connect to ${this.host}: it is or resolves to a private, loopback or ` +
      `link-local address (blockPrivateNetworks is on)`
  }
}

/**
 * Plain `http:` to a host that is not loopback without `allowHttp`, or a scheme other than http(s).
 *
 * @since 0.1.0
 * @category errors
 */
export class InsecureUrl extends TaggedError("InsecureUrl")<{
  readonly url: string
}> {
  override get message(): string {
    return `refusing ${this.url}: only https: is allowed, or http: to loopback (allowHttp: true permits plain http)`
  }
}

/**
 * A non-2xx response. `body` is an excerpt of what the server said (credential and resolved strings redacted).
 *
 * @since 0.1.0
 * @category errors
 */
export class HttpError extends TaggedError("HttpError")<{
  readonly target: string
  readonly status: number
  readonly body: string
}> {
  override get message(): string {
    return `${this.target}: HTTP ${this.status}`
  }
}

/**
 * A 2xx response that cannot be used: not JSON where JSON is required, or JSON that does not parse.
 *
 * @since 0.1.0
 * @category errors
 */
export class InvalidResponse extends TaggedError("InvalidResponse")<{
  readonly target: string
  readonly reason: string
}> {
  override get message(): string {
    return `${this.target}: ${this.reason}`
  }
}

/**
 * Everything sending one request can fail with (redirects, caps, timeouts, the guard).
 *
 * @internal
 */
export type SendError =
  | TransportError
  | Timeout
  | ResponseTooLarge
  | RedirectRefused
  | TooManyRedirects
  | BlockedAddress
