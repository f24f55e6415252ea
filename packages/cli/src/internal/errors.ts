/**
 * How the `rcp` command fails: every error becomes one CLI-speaking line on stderr (a manifest's
 * problems add one line each) and an exit code by kind. The codes are documented in README
 * ("The rcp command"); packages/cli/test/cli.test.ts checks each.
 */
import * as OpenApiCli from "@rcp-sdk/openapi/cli"
import * as Data from "effect/Data"
import type * as Effect from "effect/Effect"
import * as Client from "rcp-sdk/client"
import type * as Errors from "rcp-sdk/errors"
import type * as Lock from "rcp-sdk/lock"
import type * as OpenApi from "@rcp-sdk/openapi"
import { ExitCode } from "./exitCode.js"
import { clip } from "./text.js"

export { ExitCode } from "./exitCode.js"

/** The command line is wrong; `command` names the subcommand whose help to point at. @internal */
export class UsageError extends Data.TaggedError("UsageError")<{
  readonly message: string
  readonly command?: string | undefined
}> {}

/** A failure the CLI itself found (a file it cannot read, a manifest that is not JSON). @internal */
export class CliError extends Data.TaggedError("CliError")<{ readonly message: string }> {}

/**
 * Every way an `rcp` command fails: the command line (`UsageError`), what the CLI itself found
 * (`CliError`), the library's errors, a lock that is not a lock, an OpenAPI document that cannot be
 * imported. A command's own union is a part of this one; `handlers` below has a line for each tag,
 * so an error a command adds without a line is a type error, not a stack trace.
 *
 * @internal
 */
export type Failure = Reportable | WithSecrets

/** @internal */
export type Reportable =
  | UsageError
  | CliError
  | Errors.RcpError
  | Lock.LockInvalid
  | OpenApi.OpenApiInvalid
  | OpenApi.OpenApiParserMissing
  | OutputMismatch

/**
 * `rcp mcp`'s `onError`: a result that did not fit its tool's `outputSchema` (`@rcp-sdk/mcp`'s
 * `OutputMismatch`, by its shape: nothing here imports the MCP package, which loads for `rcp mcp` only).
 *
 * @internal
 */
export interface OutputMismatch {
  readonly _tag: "OutputMismatch"
  readonly message: string
}

/** A failure whose report must not echo these values (a credential, `--set` values). @internal */
export class WithSecrets extends Data.TaggedError("WithSecrets")<{
  readonly error: Reportable
  readonly secrets: ReadonlyArray<string>
}> {}

/** What to print and how to exit. @internal */
export interface Report {
  readonly text: string
  readonly code: number
}

const NETWORK: ReadonlySet<string> = new Set(["TransportError", "Timeout"])

const EXCERPT_CHARS = 200

/**
 * A server's words for a terminal: one line, no control characters (an ESC would let the server
 * drive the operator's terminal), short, and without the secrets this run knows.
 */
const bodyExcerpt = (body: string, secrets: ReadonlyArray<string>): string => {
  const flat = Client.redact(body, secrets).replace(/[\u0000-\u001f\u007f-\u009f]+/g, " ").trim()
  return flat === "" ? "(empty body)" : clip(flat, EXCERPT_CHARS)
}

/** `rcp: Tag: message`, exit 3 when no response came, else 1. */
const tagged = (error: { readonly _tag: string; readonly message: string }, text = error.message): Report => ({
  text: `rcp: ${error._tag}: ${text}`,
  code: NETWORK.has(error._tag) ? ExitCode.network : ExitCode.failed
})

/**
 * A required param missing from a call is most often one the app resolves (a user's id) that the
 * operator has not given: say how to give it, as the client would (hidden from the model), or as
 * the model would.
 */
const setHint = (problems: ReadonlyArray<string>): string => {
  const missing = problems.flatMap((problem) => /^missing required argument "([^"]+)"/.exec(problem)?.[1] ?? [])
  if (missing.length === 0) return ""
  const name = missing[0]!
  return `\n(pass a value the client resolves, hidden from the model, with --set ${name}=VALUE; ` +
    `the model's arguments with --args '{"${name}": …}')`
}

type Lines = {
  readonly [K in Reportable["_tag"]]: (error: Extract<Reportable, { readonly _tag: K }>, secrets: ReadonlyArray<string>) => Report
}

/**
 * The report of each failure, by tag. Library messages name library options; on the command line
 * the operator needs the flag, so a few are said again in CLI words. Every tag has its entry: a
 * failure a command adds to its union without one is a type error here.
 */
const lines: Lines = {
  UsageError: (error) => ({
    text: `rcp: ${error.message} (see ${error.command === undefined ? "rcp --help" : `rcp ${error.command} --help`})`,
    code: ExitCode.usage
  }),
  CliError: (error) => ({ text: `rcp: ${error.message}`, code: ExitCode.failed }),
  OpenApiParserMissing: (error) => ({ text: OpenApiCli.failureLine(error), code: ExitCode.failed }),
  OpenApiInvalid: (error) => tagged(error),
  LockInvalid: (error) => tagged(error),
  CredentialMissing: (error) =>
    tagged(error, `${error.message}; put the credential in an environment variable and pass --credential-env NAME`),
  InsecureUrl: (error) =>
    tagged(error, `refusing ${error.url}: plain http: is allowed only to loopback hosts; pass --allow-http to permit it`),
  UntrustedOrigin: (error) =>
    tagged(
      error,
      `tool "${error.tool}" calls ${error.origin}, which is not the manifest's origin (${error.manifestOrigin}); ` +
        `nothing was sent. To allow it, pass --trust ${error.origin}`
    ),
  HttpError: (error, secrets) => tagged(error, `${error.message}: ${bodyExcerpt(error.body, secrets)}`),
  ManifestInvalid: (error) =>
    tagged(
      error,
      /plain http:/.test(error.message)
        ? `${error.message}\n(pass --allow-http to accept plain http: to hosts that are not loopback)`
        : error.message
    ),
  ResolverMissing: (error) =>
    tagged(error, `${error.message}; pass its value with --set ${error.param}=VALUE`),
  // A --set value of the wrong type fails inside its resolver; say why, not just that it failed.
  ResolverFailed: (error) =>
    tagged(error, error.cause instanceof CliError ? `${error.message} (${error.cause.message})` : error.message),
  UnsupportedVersion: (error) => tagged(error),
  DuplicateTool: (error) => tagged(error),
  InvalidDiscoverOptions: (error) => tagged(error),
  ManifestChanged: (error) => tagged(error),
  ManifestNotPinned: (error) => tagged(error),
  ToolNotFound: (error) => tagged(error),
  InvalidArguments: (error) => tagged(error, `${error.message}${setHint(error.problems)}`),
  ApprovalDenied: (error) => tagged(error),
  ApprovalFailed: (error) => tagged(error),
  TransportError: (error) => tagged(error),
  Timeout: (error) => tagged(error),
  ResponseTooLarge: (error) => tagged(error),
  RedirectRefused: (error) => tagged(error),
  TooManyRedirects: (error) => tagged(error),
  BlockedAddress: (error) => tagged(error),
  InvalidResponse: (error) => tagged(error),
  ClientClosed: (error) => tagged(error),
  // OAuth 2 (rcp login): `rcp call` and `rcp mcp` turn AuthorizationRequired into the login to run.
  AuthorizationRequired: (error) => tagged(error, `${error.message}; sign in with rcp login <manifest-url> --client-id ID`),
  TokenRequestFailed: (error) => tagged(error),
  TokenStoreFailed: (error) => tagged(error),
  UntrustedAuthorizationServer: (error) =>
    tagged(
      error,
      `${error.api}: the manifest's ${error.endpoint} is on ${error.origin}, which is not the manifest's origin ` +
        `(${error.manifestOrigin}); no token was requested and nothing was sent. To allow it, pass --trust ${error.origin}`
    ),
  AuthorizationFailed: (error) => tagged(error),
  OAuthNotConfigured: (error) => tagged(error),
  // `rcp mcp`'s onError: a result that did not fit its tool's outputSchema (the host's model was told so).
  OutputMismatch: (error) => tagged(error)
}

/**
 * The line(s) and exit code for a failure. `secrets` are values this run was given (credential,
 * `--set` values) that must not be echoed from a server's answer.
 *
 * @internal
 */
export const report = (error: Failure, secrets: ReadonlyArray<string> = []): Report =>
  error._tag === "WithSecrets"
    ? report(error.error, [...secrets, ...error.secrets])
    : (lines[error._tag] as (error: Reportable, secrets: ReadonlyArray<string>) => Report)(error, secrets)

/** A defect (a bug, not a failure): still one line, never a stack trace. @internal */
export const defect = (cause: unknown): Report => ({
  text: `rcp: internal error: ${cause instanceof Error ? cause.message : "unexpected failure"}`,
  code: ExitCode.failed
})

/**
 * A handler for every tag of `Failure`, for `Effect.catchTags`: what is left uncaught is `never`.
 *
 * @internal
 */
export const handlers = <A>(
  print: (report: Report) => Effect.Effect<A>
): { readonly [K in Failure["_tag"]]: (error: Failure) => Effect.Effect<A> } => {
  const each = (error: Failure) => print(report(error))
  return { WithSecrets: each, ...(Object.fromEntries(Object.keys(lines).map((tag) => [tag, each])) as Record<Reportable["_tag"], typeof each>) }
}
