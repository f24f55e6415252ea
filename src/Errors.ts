/**
 * The errors a client raises — from `discover` and `register`, `execute` and `buildRequest`, the
 * promise facade — each a tagged class declared one by one below, with `RcpError` (their union) and
 * `isRcpError` (its guard), as `@effect/platform` declares `HttpClientError`. Every message is built
 * from safe parts only (tool and param names, origins, URL templates, statuses), never from an
 * argument value, a resolved value or a credential. Match them by `_tag` (`Effect.catchTags`) or
 * with `instanceof`.
 *
 * Each class is declared in the wing of `src/internal/` that raises it (the transport's in
 * `internal/transport/errors.ts`, the client's in `internal/client/errors.ts`, …), which is where
 * internal modules import it from; this module is their public face. `rcp-sdk/client` re-exports
 * every one of them. `LockInvalid` (`rcp-sdk/lock`) and `ArgsInvalid` (`rcp-sdk/server`) are declared
 * in those modules: a client does not raise them (a lock is read before a client is built, `args`
 * are lowered by `defineTool`). They are tagged errors like these (no longer Schema classes since the
 * release after 0.2.0, docs/effect4.md §Error classes on both Effects).
 *
 * @since 0.2.0
 */
import * as ApprovalErrors from "./internal/client/approval.js"
import * as ClientErrors from "./internal/client/errors.js"
import * as OAuthErrors from "./internal/client/oauth/oauthErrors.js"
import * as PinErrors from "./internal/client/pinErrors.js"
import * as ResolverErrors from "./internal/client/resolver.js"
import * as ManifestErrors from "./internal/manifest/model.js"
import * as TransportErrors from "./internal/transport/errors.js"

/**
 * A manifest broke the rules of docs/protocol.md §1. `issues` lists every problem; `source` names where the
 * manifest came from when that is known (a URL or a file). (A tagged error, not a Schema
 * class: the client raises it, and must not load `effect/Schema` to do so.)
 *
 * @since 0.1.0
 * @category errors
 */
export const ManifestInvalid = ManifestErrors.ManifestInvalid

/**
 * @since 0.1.0
 * @category errors
 */
export type ManifestInvalid = ManifestErrors.ManifestInvalid

/**
 * The manifest declares an RCP version this library does not read.
 *
 * @since 0.1.0
 * @category errors
 */
export const UnsupportedVersion = ClientErrors.UnsupportedVersion

/**
 * @since 0.1.0
 * @category errors
 */
export type UnsupportedVersion = ClientErrors.UnsupportedVersion

/**
 * Two discovered manifests define the same tool name.
 *
 * @since 0.1.0
 * @category errors
 */
export const DuplicateTool = ClientErrors.DuplicateTool

/**
 * @since 0.1.0
 * @category errors
 */
export type DuplicateTool = ClientErrors.DuplicateTool

/**
 * The options given to one `discover`/`register` cannot be used: a prefix with a character no tool
 * name may hold (a name made over 64 characters is shortened instead, docs/protocol.md §2), or a
 * trusted origin that is not an origin. Nothing from that manifest was registered.
 *
 * @since 0.2.0
 * @category errors
 */
export const InvalidDiscoverOptions = ClientErrors.InvalidDiscoverOptions

/**
 * @since 0.2.0
 * @category errors
 */
export type InvalidDiscoverOptions = ClientErrors.InvalidDiscoverOptions

/**
 * A discovered manifest differs from the pin it was approved as: tools added (under the `"exact"`
 * policy), removed, or changed (with the fields that changed), or a pin made for another origin.
 * Nothing from this manifest was registered; what an earlier discovery registered stays.
 *
 * @since 0.3.0
 * @category errors
 */
export const ManifestChanged = PinErrors.ManifestChanged

/**
 * @since 0.3.0
 * @category errors
 */
export type ManifestChanged = PinErrors.ManifestChanged

/**
 * The client has a lock, and the manifest's URL is not in it (and `discover` was given no `pin`):
 * refused before it was fetched or registered.
 *
 * @since 0.3.0
 * @category errors
 */
export const ManifestNotPinned = PinErrors.ManifestNotPinned

/**
 * @since 0.3.0
 * @category errors
 */
export type ManifestNotPinned = PinErrors.ManifestNotPinned

/**
 * The model called a tool that no discovered manifest defines.
 *
 * @since 0.1.0
 * @category errors
 */
export const ToolNotFound = ClientErrors.ToolNotFound

/**
 * @since 0.1.0
 * @category errors
 */
export type ToolNotFound = ClientErrors.ToolNotFound

/**
 * The model's arguments do not fit the tool's schema. `problems` is written for the model to
 * read and retry; it names arguments, never echoes their values.
 *
 * @since 0.1.0
 * @category errors
 */
export const InvalidArguments = ClientErrors.InvalidArguments

/**
 * @since 0.1.0
 * @category errors
 */
export type InvalidArguments = ClientErrors.InvalidArguments

/**
 * Nothing to resolve from for this call (`undefined`, `null`, no context): the call fails
 * before any HTTP request. The message never contains a value.
 *
 * @since 0.1.0
 * @category errors
 */
export const ResolverMissing = ResolverErrors.ResolverMissing

/**
 * @since 0.1.0
 * @category errors
 */
export type ResolverMissing = ResolverErrors.ResolverMissing

/**
 * A resolver threw, failed, rejected, or returned a value of the wrong type. `reason` says which
 * (never the value); `cause` holds what was thrown, for the operator.
 *
 * @since 0.1.0
 * @category errors
 */
export const ResolverFailed = ResolverErrors.ResolverFailed

/**
 * @since 0.1.0
 * @category errors
 */
export type ResolverFailed = ResolverErrors.ResolverFailed

/**
 * Plain `http:` to a host that is not loopback without `allowHttp`, or a scheme other than http(s).
 *
 * @since 0.1.0
 * @category errors
 */
export const InsecureUrl = TransportErrors.InsecureUrl

/**
 * @since 0.1.0
 * @category errors
 */
export type InsecureUrl = TransportErrors.InsecureUrl

/**
 * A tool points at an origin that is neither the manifest's nor one the operator trusted.
 *
 * @since 0.1.0
 * @category errors
 */
export const UntrustedOrigin = ClientErrors.UntrustedOrigin

/**
 * @since 0.1.0
 * @category errors
 */
export type UntrustedOrigin = ClientErrors.UntrustedOrigin

/**
 * The manifest requires a credential and the client has none for this call.
 *
 * @since 0.1.0
 * @category errors
 */
export const CredentialMissing = ClientErrors.CredentialMissing

/**
 * @since 0.1.0
 * @category errors
 */
export type CredentialMissing = ClientErrors.CredentialMissing

/**
 * The call was not approved: the hook answered something other than `true`. Nothing was sent.
 * The model is told "The user declined this action." (docs/providers.md "What the model is told of a failure").
 *
 * @since 0.3.0
 * @category errors
 */
export const ApprovalDenied = ApprovalErrors.ApprovalDenied

/**
 * @since 0.3.0
 * @category errors
 */
export type ApprovalDenied = ApprovalErrors.ApprovalDenied

/**
 * The approval hook threw, rejected, failed or died: the call is refused (fail closed) and nothing
 * was sent. An operator error: the hook's error is the `cause`, the model only hears the tool is
 * unavailable.
 *
 * @since 0.3.0
 * @category errors
 */
export const ApprovalFailed = ApprovalErrors.ApprovalFailed

/**
 * @since 0.3.0
 * @category errors
 */
export type ApprovalFailed = ApprovalErrors.ApprovalFailed

/**
 * The request could not be sent or the response could not be read (refused, reset, closed).
 *
 * @since 0.1.0
 * @category errors
 */
export const TransportError = TransportErrors.TransportError

/**
 * @since 0.1.0
 * @category errors
 */
export type TransportError = TransportErrors.TransportError

/**
 * No complete response within the timeout; the request was aborted.
 *
 * @since 0.1.0
 * @category errors
 */
export const Timeout = TransportErrors.Timeout

/**
 * @since 0.1.0
 * @category errors
 */
export type Timeout = TransportErrors.Timeout

/**
 * The response body is larger than the cap; the rest was not read.
 *
 * @since 0.1.0
 * @category errors
 */
export const ResponseTooLarge = TransportErrors.ResponseTooLarge

/**
 * @since 0.1.0
 * @category errors
 */
export type ResponseTooLarge = TransportErrors.ResponseTooLarge

/**
 * A redirect to another origin; nothing was sent there.
 *
 * @since 0.1.0
 * @category errors
 */
export const RedirectRefused = TransportErrors.RedirectRefused

/**
 * @since 0.1.0
 * @category errors
 */
export type RedirectRefused = TransportErrors.RedirectRefused

/**
 * More same-origin redirects than allowed.
 *
 * @since 0.1.0
 * @category errors
 */
export const TooManyRedirects = TransportErrors.TooManyRedirects

/**
 * @since 0.1.0
 * @category errors
 */
export type TooManyRedirects = TransportErrors.TooManyRedirects

/**
 * With `blockPrivateNetworks`, a host that is (or resolves to) a loopback, private, link-local or
 * otherwise internal address; no connection was made.
 *
 * @since 0.1.0
 * @category errors
 */
export const BlockedAddress = TransportErrors.BlockedAddress

/**
 * @since 0.1.0
 * @category errors
 */
export type BlockedAddress = TransportErrors.BlockedAddress

/**
 * A non-2xx response. `body` is an excerpt of what the server said (credential and resolved strings redacted).
 *
 * @since 0.1.0
 * @category errors
 */
export const HttpError = TransportErrors.HttpError

/**
 * @since 0.1.0
 * @category errors
 */
export type HttpError = TransportErrors.HttpError

/**
 * A 2xx response that cannot be used: not JSON where JSON is required, or JSON that does not parse.
 *
 * @since 0.1.0
 * @category errors
 */
export const InvalidResponse = TransportErrors.InvalidResponse

/**
 * @since 0.1.0
 * @category errors
 */
export type InvalidResponse = TransportErrors.InvalidResponse

/**
 * A call on a promise client after `close()`.
 *
 * @since 0.1.0
 * @category errors
 */
export const ClientClosed = ClientErrors.ClientClosed

/**
 * @since 0.1.0
 * @category errors
 */
export type ClientClosed = ClientErrors.ClientClosed

/**
 * The user has not connected this OAuth 2 API, or their connection expired or was revoked
 * (docs/protocol.md §10.4): nothing was sent to the API. The message is a sentence a model can relay
 * ("the user needs to connect their GitHub account…"); `authorizationUrl`, when the API has a
 * `redirectUri`, is where the application sends the signed-in user to connect — for the operator,
 * never the model.
 *
 * @since 0.2.0
 * @category errors
 */
export const AuthorizationRequired = OAuthErrors.AuthorizationRequired

/**
 * @since 0.2.0
 * @category errors
 */
export type AuthorizationRequired = OAuthErrors.AuthorizationRequired

/**
 * A request to an OAuth 2 token endpoint failed: refused (with its registered `error` code),
 * unreachable, too slow, too large, or without a usable bearer token. Nothing was sent to the API.
 *
 * @since 0.2.0
 * @category errors
 */
export const TokenRequestFailed = OAuthErrors.TokenRequestFailed

/**
 * @since 0.2.0
 * @category errors
 */
export type TokenRequestFailed = OAuthErrors.TokenRequestFailed

/**
 * The application's OAuth token store threw, rejected, or returned something that is not tokens;
 * `cause` is for the operator. Nothing was sent to the API.
 *
 * @since 0.2.0
 * @category errors
 */
export const TokenStoreFailed = OAuthErrors.TokenStoreFailed

/**
 * @since 0.2.0
 * @category errors
 */
export type TokenStoreFailed = OAuthErrors.TokenStoreFailed

/**
 * An endpoint of a manifest's `oauth2` auth is on an origin that is neither the manifest's nor a
 * trusted one: no token was requested and no secret sent there (docs/protocol.md §10.2).
 *
 * @since 0.2.0
 * @category errors
 */
export const UntrustedAuthorizationServer = OAuthErrors.UntrustedAuthorizationServer

/**
 * @since 0.2.0
 * @category errors
 */
export type UntrustedAuthorizationServer = OAuthErrors.UntrustedAuthorizationServer

/**
 * Completing a user's authorization failed: the callback matches no authorization in progress, was
 * started for another user, was refused by the server, or a login timed out. Nothing was stored.
 *
 * @since 0.2.0
 * @category errors
 */
export const AuthorizationFailed = OAuthErrors.AuthorizationFailed

/**
 * @since 0.2.0
 * @category errors
 */
export type AuthorizationFailed = OAuthErrors.AuthorizationFailed

/**
 * A user's connection was asked of an API this client has no OAuth 2 client for (not discovered,
 * no `oauth2` auth, or discovered without the `oauth` option). Nothing was done.
 *
 * @since 0.2.0
 * @category errors
 */
export const OAuthNotConfigured = OAuthErrors.OAuthNotConfigured

/**
 * @since 0.2.0
 * @category errors
 */
export type OAuthNotConfigured = OAuthErrors.OAuthNotConfigured

/**
 * Any error of this module: what a client's Effects fail with and its promises reject with (the
 * resolver errors included), besides a `defineTool` or lock error raised elsewhere.
 *
 * @since 0.2.0
 * @category errors
 */
export type RcpError =
  | ManifestInvalid
  | UnsupportedVersion
  | DuplicateTool
  | InvalidDiscoverOptions
  | ManifestChanged
  | ManifestNotPinned
  | ToolNotFound
  | InvalidArguments
  | ResolverMissing
  | ResolverFailed
  | InsecureUrl
  | UntrustedOrigin
  | CredentialMissing
  | ApprovalDenied
  | ApprovalFailed
  | TransportError
  | Timeout
  | ResponseTooLarge
  | RedirectRefused
  | TooManyRedirects
  | BlockedAddress
  | HttpError
  | InvalidResponse
  | ClientClosed
  | AuthorizationRequired
  | TokenRequestFailed
  | TokenStoreFailed
  | UntrustedAuthorizationServer
  | AuthorizationFailed
  | OAuthNotConfigured

const classes: ReadonlyArray<abstract new(...args: ReadonlyArray<any>) => RcpError> = [
  ManifestInvalid,
  UnsupportedVersion,
  DuplicateTool,
  InvalidDiscoverOptions,
  ManifestChanged,
  ManifestNotPinned,
  ToolNotFound,
  InvalidArguments,
  ResolverMissing,
  ResolverFailed,
  InsecureUrl,
  UntrustedOrigin,
  CredentialMissing,
  ApprovalDenied,
  ApprovalFailed,
  TransportError,
  Timeout,
  ResponseTooLarge,
  RedirectRefused,
  TooManyRedirects,
  BlockedAddress,
  HttpError,
  InvalidResponse,
  ClientClosed,
  AuthorizationRequired,
  TokenRequestFailed,
  TokenStoreFailed,
  UntrustedAuthorizationServer,
  AuthorizationFailed,
  OAuthNotConfigured
]

/**
 * Whether a value is one of this module's errors (by class, not by `_tag`: an object that merely
 * looks like one is not).
 *
 * @example
 * ```ts
 * import { isRcpError } from "rcp-sdk/errors"
 *
 * export const describe = (error: unknown): string =>
 *   isRcpError(error) ? `${error._tag}: ${error.message}` : "not an RCP error"
 * ```
 *
 * @since 0.2.0
 * @category guards
 */
export const isRcpError = (u: unknown): u is RcpError => classes.some((error) => u instanceof error)
