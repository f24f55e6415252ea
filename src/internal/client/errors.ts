/**
 * The client's own tagged errors: a tool call that cannot be made (unknown tool, bad arguments, a
 * credential or origin refused), a manifest that cannot be registered, a closed client. The errors
 * of sending and reading a request are the transport's (`../transport/errors.ts`). Messages are built
 * only from safe parts — tool names, param names, origins, URL templates, statuses — never from
 * argument values, resolved values or credentials.
 */
import { RCP_VERSIONS } from "../manifest/model.js"
import { TaggedError } from "../shared/taggedError.js"
import { capLines, shown } from "../shared/text.js"

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
    const listed = this.available.slice(0, 20).join(", ")
    const more = this.available.length > 20 ? `, … (${this.available.length} in all)` : ""
    return `unknown tool "${shown(this.tool, 64)}"; available tools: ${listed === "" ? "(none)" : listed}${more}`
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
    // The model reads it: within MODEL_MESSAGE_MAX, whatever the arguments held.
    return capLines(`invalid arguments for tool "${shown(this.tool, 64)}":`, this.problems)
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
    return `${this.url}: unsupported rcpVersion ${this.version}; this library reads ${RCP_VERSIONS.map((v) => `"${v}"`).join(" and ")}`
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
 * The options given to one `discover`/`register` cannot be used: a prefix with a character no tool
 * name may hold (a name made over 64 characters is shortened instead, docs/protocol.md §2), or a
 * trusted origin that is not an origin. Nothing from that manifest was registered.
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
