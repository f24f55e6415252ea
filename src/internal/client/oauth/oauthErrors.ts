/**
 * The errors of OAuth 2 (docs/protocol.md §10.4). Like every error of the client, each message is
 * built from safe parts only — the API's display name, origins, the grant, an HTTP status, an
 * OAuth error code from the registered list — and never holds an access token, a refresh token,
 * a client secret, an authorization code, a PKCE verifier or a user's subject. What the
 * authorization server wrote in `error_description` is not quoted either: it is the server's
 * text, and a server may echo what it was sent.
 */
import { TaggedError } from "../../shared/taggedError.js"

/**
 * The user has not connected this API (or their connection expired or was revoked): nothing was
 * sent to the API. The message is a sentence a model can relay to the user. `authorizationUrl`
 * (present when the client has a redirect URI) is for the operator's application, which shows it
 * to the signed-in user — never to the model: whoever completes that flow connects *their*
 * account to this user.
 *
 * @since 0.2.0
 * @category errors
 */
export class AuthorizationRequired extends TaggedError("AuthorizationRequired")<{
  /** The API's display name (operator-given, or the authorization server's host). */
  readonly api: string
  /** `not-connected`: no tokens stored; `expired`: the refresh token was refused (expired or revoked) or none was issued. */
  readonly reason: "not-connected" | "expired"
  /** Where the user signs in (PKCE and state held by the client); for the operator, not the model. */
  readonly authorizationUrl: string | undefined
}> {
  override get message(): string {
    return this.reason === "not-connected"
      ? `the user needs to connect their ${this.api} account before this tool can be used; nothing was sent`
      : `the user's ${this.api} connection has expired or was revoked; they need to connect their account again ` +
        `before this tool can be used; nothing was sent`
  }
}

/**
 * The OAuth grants the client runs against a token endpoint.
 *
 * @since 0.2.0
 * @category models
 */
export type Grant = "client_credentials" | "refresh_token" | "authorization_code" | "revocation"

/**
 * A token endpoint request failed: refused (with the OAuth `error` code when it is a registered
 * one), unreachable, too slow, too large, or not a usable bearer token. Nothing was sent to the API.
 *
 * @since 0.2.0
 * @category errors
 */
export class TokenRequestFailed extends TaggedError("TokenRequestFailed")<{
  readonly api: string
  readonly grant: Grant
  /** The token endpoint's origin. */
  readonly origin: string
  /** Why, from safe parts only ("answered HTTP 400 (invalid_scope)", "did not answer within 30000 ms"). */
  readonly reason: string
  readonly status?: number | undefined
  /** The OAuth `error` code when the server sent a registered one (RFC 6749 §5.2 and its extensions). */
  readonly error?: string | undefined
}> {
  override get message(): string {
    return `${this.api}: the ${this.grant} request to the token endpoint ${this.origin} failed: ${this.reason}; ` +
      `nothing was sent to the API`
  }
}

/**
 * The application's token store failed (threw, rejected, or returned something that is not stored
 * tokens). `cause` is what it threw, for the operator; it is not part of the message.
 *
 * @since 0.2.0
 * @category errors
 */
export class TokenStoreFailed extends TaggedError("TokenStoreFailed")<{
  readonly operation: "get" | "set" | "delete"
  readonly reason: string
  readonly cause?: unknown
}> {
  override get message(): string {
    return `the OAuth token store could not ${this.operation} a user's tokens: ${this.reason}; nothing was sent to the API`
  }
}

/**
 * An authorization server endpoint is on an origin that is neither the manifest's nor one the
 * operator trusted: no token is requested and no secret sent there (docs/protocol.md §10.2).
 *
 * @since 0.2.0
 * @category errors
 */
export class UntrustedAuthorizationServer extends TaggedError("UntrustedAuthorizationServer")<{
  readonly api: string
  /** `tokenUrl`, `authorizationUrl` or `revocationUrl`. */
  readonly endpoint: string
  readonly origin: string
  readonly manifestOrigin: string
}> {
  override get message(): string {
    return `${this.api}: the manifest's ${this.endpoint} is on ${this.origin}, which is not the manifest's origin ` +
      `(${this.manifestOrigin}); no token was requested and nothing was sent. To allow it, add "${this.origin}" to ` +
      `the trustedOrigins this manifest is discovered with, or to the client's`
  }
}

/**
 * Completing a user's authorization failed: the response matches no authorization in progress
 * (unknown, used or expired `state`; started for another user), the server refused it
 * (`access_denied`), or the login timed out. Nothing was stored.
 *
 * @since 0.2.0
 * @category errors
 */
export class AuthorizationFailed extends TaggedError("AuthorizationFailed")<{
  readonly api: string
  readonly reason: string
}> {
  override get message(): string {
    return `${this.api}: the authorization did not complete: ${this.reason}; no token was stored`
  }
}

/**
 * An operation for a user's connection (`authorizationUrl`, `completeAuthorization`, `disconnect`)
 * named an API this client has no OAuth 2 client for: nothing discovered at that URL has an
 * `oauth2` auth and a client registration (the `oauth` option of `discover`). Nothing was done.
 *
 * @since 0.2.0
 * @category errors
 */
export class OAuthNotConfigured extends TaggedError("OAuthNotConfigured")<{
  /** The manifest URL asked about, or the callback's origin for a callback no API started. */
  readonly url: string
}> {
  override get message(): string {
    return `${this.url}: this client has no OAuth 2 client for it (a manifest with an oauth2 auth, discovered ` +
      `with the oauth option); nothing was done`
  }
}
