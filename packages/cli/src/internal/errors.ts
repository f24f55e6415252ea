/**
 * How the `rcp` command fails: every error becomes one CLI-speaking line on stderr (a manifest's
 * problems add one line each) and an exit code by kind. The codes are documented in README
 * ("The rcp command"); packages/cli/test/cli.test.ts checks each.
 */
import * as OpenApiCli from "@rcp-sdk/openapi/cli"
import * as Data from "effect/Data"
import * as Client from "rcp-sdk/client"
import { clip } from "./text.js"

/**
 * @internal
 */
export const ExitCode = {
  ok: 0,
  /** The call or the manifest failed: an HTTP error, an invalid manifest, a refused call. */
  failed: 1,
  /** The command line is wrong: unknown option, missing argument, a value of the wrong form. */
  usage: 2,
  /** No response: the connection was refused, reset or timed out. */
  network: 3
} as const

/** The command line is wrong; `command` names the subcommand whose help to point at. @internal */
export class UsageError extends Data.TaggedError("UsageError")<{
  readonly message: string
  readonly command?: string | undefined
}> {}

/** A failure the CLI itself found (a file it cannot read, a manifest that is not JSON). @internal */
export class CliError extends Data.TaggedError("CliError")<{ readonly message: string }> {}

/** A failure whose report must not echo these values (a credential, `--set` values). @internal */
export class WithSecrets extends Data.TaggedError("WithSecrets")<{
  readonly error: unknown
  readonly secrets: ReadonlyArray<string>
}> {}

/** What to print and how to exit. @internal */
export interface Report {
  readonly text: string
  readonly code: number
}

const NETWORK = new Set(["TransportError", "Timeout"])

interface Tagged {
  readonly _tag: string
  readonly message: string
  readonly [key: string]: unknown
}

const isTagged = (u: unknown): u is Tagged =>
  typeof u === "object" && u !== null && typeof (u as Tagged)._tag === "string" &&
  typeof (u as Tagged).message === "string"

const EXCERPT_CHARS = 200

/**
 * A server's words for a terminal: one line, no control characters (an ESC would let the server
 * drive the operator's terminal), short, and without the secrets this run knows.
 */
const bodyExcerpt = (body: string, secrets: ReadonlyArray<string>): string => {
  const flat = Client.redact(body, secrets).replace(/[\u0000-\u001f\u007f-\u009f]+/g, " ").trim()
  return flat === "" ? "(empty body)" : clip(flat, EXCERPT_CHARS)
}

/** Library messages name library options; on the command line the operator needs the flag. */
const cliMessage = (error: Tagged, secrets: ReadonlyArray<string>): string => {
  switch (error._tag) {
    case "CredentialMissing":
      return `${error.message}; put the credential in an environment variable and pass --credential-env NAME`
    case "InsecureUrl":
      return `refusing ${String(error.url)}: plain http: is allowed only to loopback hosts; pass --allow-http to permit it`
    case "UntrustedOrigin":
      return `tool "${String(error.tool)}" calls ${String(error.origin)}, which is not the manifest's origin ` +
        `(${String(error.manifestOrigin)}); nothing was sent. To allow it, pass --trust ${String(error.origin)}`
    case "HttpError":
      return `${error.message}: ${bodyExcerpt(String(error.body), secrets)}`
    case "ManifestInvalid":
      return /plain http:/.test(error.message)
        ? `${error.message}\n(pass --allow-http to accept plain http: to hosts that are not loopback)`
        : error.message
    case "ResolverFailed":
      // A --set value of the wrong type fails inside its resolver; say why, not just that it failed.
      return error.cause instanceof CliError ? `${error.message} (${error.cause.message})` : error.message
    default:
      return error.message
  }
}

/**
 * The line(s) and exit code for any failure. `secrets` are values this run was given (credential,
 * `--set` values) that must not be echoed from a server's answer.
 *
 * @internal
 */
export const report = (error: unknown, secrets: ReadonlyArray<string> = []): Report => {
  if (error instanceof WithSecrets) return report(error.error, [...secrets, ...error.secrets])
  if (error instanceof UsageError) {
    const help = error.command === undefined ? "rcp --help" : `rcp ${error.command} --help`
    return { text: `rcp: ${error.message} (see ${help})`, code: ExitCode.usage }
  }
  if (error instanceof CliError) return { text: `rcp: ${error.message}`, code: ExitCode.failed }
  if (OpenApiCli.ownsFailure(error)) return { text: OpenApiCli.failureLine(error), code: ExitCode.failed }
  if (isTagged(error)) {
    return {
      text: `rcp: ${error._tag}: ${cliMessage(error, secrets)}`,
      code: NETWORK.has(error._tag) ? ExitCode.network : ExitCode.failed
    }
  }
  // A defect: still one line, never a stack trace.
  const reason = error instanceof Error ? error.message : "unexpected failure"
  return { text: `rcp: internal error: ${reason}`, code: ExitCode.failed }
}
