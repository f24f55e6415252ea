/**
 * OAuth 2 security schemes → the manifest's `oauth2` auth (docs/openapi.md §Security).
 *
 * - `oauth2` (3.x `flows`, 2.0 `flow`): the client credentials and authorization code flows
 *   become `flows`, with their token and authorization URLs (relative ones resolved against the
 *   server). The implicit and password flows are left out with a note: the client runs neither
 *   (implicit puts the token in a redirect, password hands the user's password to the client —
 *   both deprecated by the OAuth 2.0 Security BCP).
 * - `openIdConnect`: the discovery document at `openIdConnectUrl` is fetched (with the import's
 *   own fetch: discovery's rules, no credential) and read by `oauth4webapi`, which checks that it
 *   belongs to the issuer its URL names; its endpoints and `grant_types_supported` give the auth.
 *
 * The scopes are those the spec's security requirements ask of the scheme, every operation's
 * together: the manifest has one auth, so one token must serve every tool.
 */
import * as Effect from "effect/Effect"
import type * as Manifest from "rcp-sdk/manifest"
import type { Fetch } from "./convert.js"
import { clip, isRecord } from "./text.js"

/** @internal */
export type Mapped =
  | { readonly _tag: "Auth"; readonly auth: Manifest.AuthOAuth2; readonly notes: ReadonlyArray<string> }
  | { readonly _tag: "No"; readonly why: string }

/** What one OpenID Connect discovery gave: the server's metadata, or why there is none. @internal */
export type Discovered =
  | { readonly _tag: "Metadata"; readonly metadata: Metadata }
  | { readonly _tag: "Failed"; readonly why: string }

/** The fields of RFC 8414 / OpenID Connect Discovery metadata the auth is made of. @internal */
export interface Metadata {
  readonly issuer: string
  readonly token_endpoint?: unknown
  readonly authorization_endpoint?: unknown
  readonly revocation_endpoint?: unknown
  readonly grant_types_supported?: unknown
}

/** A discovery document is a few KiB; this leaves room and bounds a hostile one. @internal */
export const MAX_DISCOVERY_BYTES = 256 * 1024

type Kind = "clientCredentials" | "authorizationCode" | "implicit" | "password"

interface Flow {
  readonly kind: Kind
  readonly tokenUrl: unknown
  readonly authorizationUrl: unknown
  readonly refreshUrl: unknown
}

/** The 2.0 names of the flows (`flow: "application"` is client credentials). */
const SWAGGER_FLOWS: Readonly<Record<string, Kind>> = {
  application: "clientCredentials",
  accessCode: "authorizationCode",
  implicit: "implicit",
  password: "password"
}

const KINDS: ReadonlyArray<Kind> = ["clientCredentials", "authorizationCode", "implicit", "password"]

const LEFT_OUT: Readonly<Record<"implicit" | "password", string>> = {
  implicit: "the implicit flow is left out (it returns the token in a redirect; the client runs the authorization code flow with PKCE instead)",
  password: "the password flow is left out (it hands the user's password to the client; the client never asks for one)"
}

const quote = (text: string): string => JSON.stringify(clip(text, 200))

/** The flows a scheme declares, in one form for 3.x and 2.0. */
const flowsOf = (scheme: Record<string, unknown>): Array<Flow> => {
  if (isRecord(scheme.flows)) {
    const flows = scheme.flows
    return KINDS.flatMap((kind) => {
      const flow = flows[kind]
      return isRecord(flow)
        ? [{ kind, tokenUrl: flow.tokenUrl, authorizationUrl: flow.authorizationUrl, refreshUrl: flow.refreshUrl }]
        : []
    })
  }
  const kind = typeof scheme.flow === "string" ? SWAGGER_FLOWS[scheme.flow] : undefined
  return kind === undefined
    ? []
    : [{ kind, tokenUrl: scheme.tokenUrl, authorizationUrl: scheme.authorizationUrl, refreshUrl: undefined }]
}

/**
 * A URL of the spec as an absolute one: relative to the server the tools point at (OpenAPI 3.1
 * §4.8.1.1: relative URLs in the document resolve against the Server Object's URL).
 */
const absolute = (value: unknown, base: string | undefined): string | undefined => {
  if (typeof value !== "string" || value === "") return undefined
  try {
    return new URL(value, base).href
  } catch {
    return undefined
  }
}

/**
 * An `oauth2` scheme (3.x or 2.0) as the manifest's auth, or why it cannot be one.
 *
 * @internal
 */
export const fromOAuth2 = (
  name: string,
  scheme: Record<string, unknown>,
  scopes: ReadonlyArray<string>,
  base: string | undefined
): Mapped => {
  const notes: Array<string> = []
  const usable: Array<{ readonly kind: Kind; readonly tokenUrl: string; readonly authorizationUrl?: string }> = []
  for (const flow of flowsOf(scheme)) {
    if (flow.kind === "implicit" || flow.kind === "password") {
      notes.push(`"${name}": ${LEFT_OUT[flow.kind]}`)
      continue
    }
    const tokenUrl = absolute(flow.tokenUrl, base)
    if (tokenUrl === undefined) {
      notes.push(`"${name}": the ${flow.kind} flow is left out: its tokenUrl is not a URL`)
      continue
    }
    let authorizationUrl: string | undefined
    if (flow.kind === "authorizationCode") {
      authorizationUrl = absolute(flow.authorizationUrl, base)
      if (authorizationUrl === undefined) {
        notes.push(`"${name}": the authorizationCode flow is left out: its authorizationUrl is not a URL`)
        continue
      }
    }
    const refreshUrl = absolute(flow.refreshUrl, base)
    if (refreshUrl !== undefined && refreshUrl !== tokenUrl) {
      notes.push(
        `"${name}": the ${flow.kind} flow's refreshUrl ${quote(refreshUrl)} is not its tokenUrl: the client refreshes at the tokenUrl`
      )
    }
    usable.push(authorizationUrl === undefined ? { kind: flow.kind, tokenUrl } : { kind: flow.kind, tokenUrl, authorizationUrl })
  }
  if (usable.length === 0) {
    return { _tag: "No", why: `"${name}" is oauth2 with no client credentials or authorization code flow the client can run` }
  }
  // One auth has one token endpoint. Per-user access (the authorization code flow) is what an
  // agent acting for a signed-in user needs, so its endpoint wins when the two differ.
  const main = usable.find((flow) => flow.kind === "authorizationCode") ?? usable[0]!
  const flows: Array<Manifest.OAuth2Flow> = []
  for (const flow of usable) {
    if (flow.tokenUrl !== main.tokenUrl) {
      notes.push(`"${name}": the ${flow.kind} flow is left out: its tokenUrl is not the ${main.kind} flow's`)
      continue
    }
    flows.push(flow.kind === "authorizationCode" ? "authorization_code" : "client_credentials")
  }
  const auth: Manifest.AuthOAuth2 = {
    type: "oauth2",
    flows: flows.sort(),
    tokenUrl: main.tokenUrl,
    ...(main.authorizationUrl === undefined ? {} : { authorizationUrl: main.authorizationUrl }),
    ...(scopes.length === 0 ? {} : { scopes })
  }
  return { _tag: "Auth", auth, notes }
}

/**
 * An `openIdConnect` scheme, once its discovery document was read, as the manifest's auth.
 * `grant_types_supported` defaults to `authorization_code` and `implicit` (RFC 8414 §2).
 *
 * @internal
 */
export const fromMetadata = (name: string, metadata: Metadata, scopes: ReadonlyArray<string>): Mapped => {
  const grants = Array.isArray(metadata.grant_types_supported)
    ? metadata.grant_types_supported
    : ["authorization_code", "implicit"]
  const tokenUrl = absolute(metadata.token_endpoint, undefined)
  if (tokenUrl === undefined) return { _tag: "No", why: `"${name}": its OpenID Connect discovery names no token endpoint` }
  const authorizationUrl = absolute(metadata.authorization_endpoint, undefined)
  const revocationUrl = absolute(metadata.revocation_endpoint, undefined)
  const flows: Array<Manifest.OAuth2Flow> = []
  if (grants.includes("authorization_code") && authorizationUrl !== undefined) flows.push("authorization_code")
  if (grants.includes("client_credentials")) flows.push("client_credentials")
  if (flows.length === 0) {
    return { _tag: "No", why: `"${name}": its OpenID Connect server supports neither the client credentials nor the authorization code flow` }
  }
  const auth: Manifest.AuthOAuth2 = {
    type: "oauth2",
    flows,
    tokenUrl,
    ...(flows.includes("authorization_code") ? { authorizationUrl } : {}),
    ...(revocationUrl === undefined ? {} : { revocationUrl }),
    issuer: metadata.issuer,
    ...(scopes.length === 0 ? {} : { scopes })
  } as Manifest.AuthOAuth2
  return { _tag: "Auth", auth, notes: [] }
}

/**
 * The issuer a discovery URL belongs to: OpenID Connect Discovery §4 appends
 * `/.well-known/openid-configuration` to the issuer; RFC 8414 §3 inserts
 * `/.well-known/oauth-authorization-server` (or the OpenID name) between host and path.
 *
 * @internal
 */
export const issuerOf = (discoveryUrl: URL): URL | undefined => {
  if (discoveryUrl.search !== "" || discoveryUrl.hash !== "") return undefined
  const path = discoveryUrl.pathname
  for (const wellKnown of ["/.well-known/openid-configuration", "/.well-known/oauth-authorization-server"]) {
    if (path.startsWith(`${wellKnown}/`)) return new URL(path.slice(wellKnown.length), discoveryUrl.origin)
    if (path === wellKnown || path.endsWith(wellKnown)) {
      return new URL(path.slice(0, path.length - wellKnown.length) || "/", discoveryUrl.origin)
    }
  }
  return undefined
}

const reason = (error: unknown): string => {
  const message = error instanceof Error ? error.message : String(error)
  return clip(message.replace(/[\u0000-\u001f\u007f-\u009f]/g, " "), 200)
}

/**
 * Reads the discovery document of an `openIdConnect` scheme. Never fails: a document that cannot
 * be fetched or is not the named issuer's is a reason, for a note.
 *
 * @internal
 */
export const discover = (openIdConnectUrl: string, fetch: Fetch): Effect.Effect<Discovered> => {
  let url: URL
  try {
    url = new URL(openIdConnectUrl)
  } catch {
    return Effect.succeed({ _tag: "Failed", why: "its openIdConnectUrl is not a URL" })
  }
  const issuer = issuerOf(url)
  if (issuer === undefined) {
    return Effect.succeed({
      _tag: "Failed",
      why: "its openIdConnectUrl does not end in /.well-known/openid-configuration, so the issuer it must name is unknown"
    })
  }
  return fetch(url.href, MAX_DISCOVERY_BYTES).pipe(
    Effect.flatMap((fetched) =>
      Effect.tryPromise({
        try: async () => {
          // oauth4webapi reads a Response: the body the import's fetch already capped and parsed.
          const { processDiscoveryResponse } = await import("oauth4webapi")
          const response = new Response(JSON.stringify(fetched.json), { headers: { "content-type": "application/json" } })
          return await processDiscoveryResponse(issuer, response)
        },
        // What oauth4webapi threw, as it is (each Effect wraps a bare thunk's failure in its own class).
        catch: (thrown) => thrown
      })
    ),
    Effect.match({
      onSuccess: (metadata): Discovered => ({ _tag: "Metadata", metadata }),
      onFailure: (error): Discovered => ({
        _tag: "Failed",
        why: `its OpenID Connect discovery ${quote(url.href)} could not be read (${reason(error)})`
      })
    })
  )
}
