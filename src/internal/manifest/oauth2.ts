/**
 * The meaning rules of the `oauth2` auth (docs/protocol.md §10.1) that its shape cannot say: https
 * endpoints, no user info or fragment, literal URLs, a registered scope syntax, what each flow
 * needs. The shape itself is a node of the manifest's Schema (`shape.ts`, `AuthOAuth2`); these
 * rules run with the rest of the manifest's meaning checks (`validate.ts`), and again when a token
 * manager is built over an auth that did not come through discovery.
 *
 * A manifest still never carries a secret: the client id and secret, the tokens and the token
 * store are the client operator's.
 */
import type * as Manifest from "../../Manifest.js"
import { clip } from "../shared/text.js"
import { isLoopbackHost } from "../shared/url.js"
import type { Issue, Path } from "./issue.js"
import * as UrlTemplate from "./urlTemplate.js"

/**
 * The OAuth 2 flows a manifest may name. `authorization_code` means the user signs in at the
 * authorization server (with PKCE) and the client keeps a refresh token per user;
 * `client_credentials` means the client acts as itself (machine to machine).
 *
 * @internal
 */
export const FLOWS: ReadonlyArray<OAuth2Flow> = ["client_credentials", "authorization_code"]

/** @internal */
export type OAuth2Flow = Manifest.OAuth2Flow

/**
 * A scope token (RFC 6749 §3.3): printable ASCII but space, `"` and `\`. Scopes are joined with
 * spaces into one parameter, so a space inside one would add a scope the manifest did not list.
 *
 * @internal
 */
export const SCOPE_TOKEN = /^[\x21\x23-\x5b\x5d-\x7e]+$/

/** What a URL of the auth may not contain, before it is parsed (parsers drop or reinterpret these). */
const UNPARSEABLE = /[\u0000-\u0020\u007f-\u009f\\]/

const quote = (s: string): string => JSON.stringify(clip(s, 60))

/** @internal */
export interface CheckOptions {
  /** Accept plain `http:` endpoints on hosts that are not loopback. */
  readonly allowHttp?: boolean | undefined
}

/**
 * The problem with one URL of the auth, or undefined. The same rules as a tool's origin (§1.6):
 * `https:` (plain `http:` to loopback, or with `allowHttp`), no user info, no fragment — and a
 * literal: a placeholder could let a value choose where a secret goes. `query: false` for the
 * issuer, which RFC 8414 §2 gives neither query nor fragment.
 *
 * @internal
 */
export const urlProblem = (text: string, options: CheckOptions & { readonly query?: boolean }): string | undefined => {
  if (text.length > UrlTemplate.MAX_CHARS) return `is longer than ${UrlTemplate.MAX_CHARS} characters`
  if (text.includes("{{")) return "must be a literal URL (no placeholders)"
  if (UNPARSEABLE.test(text)) return "contains a space, a control character or a backslash"
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return "is not an absolute URL"
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return "must be an https: URL"
  if (url.protocol === "http:" && options.allowHttp !== true && !isLoopbackHost(url.hostname)) {
    return "plain http: is allowed only to loopback hosts (use https:, or a client that allows http)"
  }
  if (url.username !== "" || url.password !== "" || text.slice(0, text.indexOf(url.host)).includes("@")) {
    return "must not contain user info"
  }
  if (text.includes("#")) return "must not contain a fragment"
  if (options.query === false && text.includes("?")) return "must not contain a query"
  return undefined
}

const URL_FIELDS = ["tokenUrl", "authorizationUrl", "revocationUrl", "resource"] as const

/**
 * The meaning problems of an `oauth2` auth, read defensively from the raw input (the shape may
 * have failed too; a wrong type is the Schema's to report, not twice).
 *
 * @internal
 */
export const check = (auth: Readonly<Record<string, unknown>>, options: CheckOptions = {}): Array<Issue> => {
  const issues: Array<Issue> = []
  const at: Path = ["auth"]
  for (const field of URL_FIELDS) {
    const value = auth[field]
    if (typeof value !== "string" || value === "") continue
    const problem = urlProblem(value, options)
    if (problem !== undefined) issues.push({ path: [...at, field], message: problem })
  }
  if (typeof auth.issuer === "string" && auth.issuer !== "") {
    const problem = urlProblem(auth.issuer, { ...options, query: false })
    if (problem !== undefined) issues.push({ path: [...at, "issuer"], message: problem })
  }

  const flows = Array.isArray(auth.flows) ? auth.flows : []
  const seenFlows = new Map<unknown, number>()
  flows.forEach((flow, i) => {
    const first = seenFlows.get(flow)
    if (first === undefined) seenFlows.set(flow, i)
    else if (typeof flow === "string") {
      issues.push({ path: [...at, "flows", i], message: `duplicate flow ${quote(flow)} (also flows[${first}])` })
    }
  })
  if (seenFlows.has("authorization_code") && auth.authorizationUrl === undefined) {
    issues.push({
      path: [...at, "authorizationUrl"],
      message: "is required by the authorization_code flow (where the user signs in)"
    })
  }

  const scopes = Array.isArray(auth.scopes) ? auth.scopes : []
  const seenScopes = new Map<string, number>()
  scopes.forEach((scope, i) => {
    if (typeof scope !== "string") return
    if (!SCOPE_TOKEN.test(scope)) {
      issues.push({
        path: [...at, "scopes", i],
        message: `${quote(scope)} is not a scope (printable ASCII without spaces, quotes or backslashes)`
      })
      return
    }
    const first = seenScopes.get(scope)
    if (first === undefined) seenScopes.set(scope, i)
    else issues.push({ path: [...at, "scopes", i], message: `duplicate scope ${quote(scope)} (also scopes[${first}])` })
  })
  if (seenScopes.has("openid") && auth.issuer === undefined) {
    issues.push({
      path: [...at, "issuer"],
      message: "is required when scopes include \"openid\" (the ID token is checked against it)"
    })
  }
  return issues
}

/**
 * The header an `oauth2` auth writes: `Authorization: Bearer <access token>` (RFC 6750 §2.1).
 * No tool may set it (§1.7), as for the header of a `header` auth.
 *
 * @internal
 */
export const HEADER = "Authorization"
