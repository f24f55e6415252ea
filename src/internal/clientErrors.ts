/**
 * The client's tagged errors. Messages are built only from safe parts — tool names, param names,
 * origins, URL templates, statuses — never from argument values, resolved values or credentials.
 */
import { RCP_VERSION } from "./manifestModel.js"
import { TaggedError } from "./taggedError.js"
import { clip } from "./values.js"

/**
 * The model called a tool that no discovered manifest defines.
 *
 * @since 0.1.0
 * @category errors
 */
export class ToolNotFound extends TaggedError("ToolNotFound")<{
  readonly tool: string
  readonly available: ReadonlyArray<string>
}> {
  override get message(): string {
    const shown = this.available.slice(0, 20).join(", ")
    const more = this.available.length > 20 ? `, … (${this.available.length} in all)` : ""
    return `unknown tool "${clip(this.tool, 64)}"; available tools: ${shown === "" ? "(none)" : shown}${more}`
  }
}

/**
 * The model's arguments do not fit the tool's schema. `problems` is written for the model to
 * read and retry; it names arguments, never echoes their values.
 *
 * @since 0.1.0
 * @category errors
 */
export class InvalidArguments extends TaggedError("InvalidArguments")<{
  readonly tool: string
  readonly problems: ReadonlyArray<string>
}> {
  override get message(): string {
    return `invalid arguments for tool "${this.tool}":\n${this.problems.map((p) => `- ${p}`).join("\n")}`
  }
}

/**
 * The manifest requires a credential and the client has none for this call.
 *
 * @since 0.1.0
 * @category errors
 */
export class CredentialMissing extends TaggedError("CredentialMissing")<{
  readonly tool: string
  readonly origin: string
  readonly reason: string
}> {
  override get message(): string {
    return `tool "${this.tool}": the manifest requires a credential for ${this.origin}, but ${this.reason}`
  }
}

/**
 * A tool points at an origin that is neither the manifest's nor one the operator trusted.
 *
 * @since 0.1.0
 * @category errors
 */
export class UntrustedOrigin extends TaggedError("UntrustedOrigin")<{
  readonly tool: string
  readonly origin: string
  readonly manifestOrigin: string
}> {
  override get message(): string {
    return `tool "${this.tool}" calls ${this.origin}, which is not the manifest's origin (${this.manifestOrigin}); ` +
      `nothing was sent. To allow it, add "${this.origin}" to the client's trustedOrigins, or to the trustedOrigins ` +
      `this manifest is discovered with`
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
 * Two discovered manifests define the same tool name.
 *
 * @since 0.1.0
 * @category errors
 */
export class DuplicateTool extends TaggedError("DuplicateTool")<{
  readonly tool: string
  readonly firstUrl: string
  readonly secondUrl: string
}> {
  override get message(): string {
    return `tool "${this.tool}" is defined by both ${this.firstUrl} and ${this.secondUrl}; tool names must be unique ` +
      `across the manifests one client discovers`
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
 * The manifest declares an RCP version this library does not read.
 *
 * @since 0.1.0
 * @category errors
 */
export class UnsupportedVersion extends TaggedError("UnsupportedVersion")<{
  readonly url: string
  readonly version: string
}> {
  override get message(): string {
    return `${this.url}: unsupported rcpVersion ${this.version}; this library reads "${RCP_VERSION}"`
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
 * A call on a promise client after `close()`.
 *
 * @since 0.1.0
 * @category errors
 */
export class ClientClosed extends TaggedError("ClientClosed")<{}> {
  override get message(): string {
    return "this RCP client was closed; create a new one"
  }
}


/**
 * The options given to one `discover`/`register` cannot be used: a prefix that makes a tool name
 * invalid, or a trusted origin that is not an origin. Nothing from that manifest was registered.
 *
 * @since 0.2.0
 * @category errors
 */
export class InvalidDiscoverOptions extends TaggedError("InvalidDiscoverOptions")<{
  readonly url: string
  readonly problem: string
}> {
  override get message(): string {
    return `${this.url}: ${this.problem}; nothing from this manifest was registered`
  }
}
