/**
 * The manifest's one `auth` from the spec's security (docs/openapi.md §Security): the first
 * security requirement that one credential can satisfy — an apiKey in a header or the query, an
 * http bearer token, or OAuth 2 (`oauth2`, `openIdConnect`: `oauth2.ts`); a requirement naming
 * several OAuth 2 schemes at once (Google's implicit and authorization code pair) is one bearer
 * token too. Basic and cookie keys, and a requirement mixing OAuth 2 with another kind, cannot be
 * described by a manifest: a note. When OAuth 2 was asked for but none of it could be described
 * as the manifest's `oauth2` auth, the auth is a bearer `Authorization` header — an OAuth 2 token
 * always travels there; the application then obtains it itself.
 */
import type * as Manifest from "rcp-sdk/manifest"
import * as OAuth2 from "./oauth2.js"
import type { Refs } from "./refs.js"
import { isRecord } from "./text.js"

/** @internal */
export interface Chosen {
  readonly auth: Manifest.Auth | undefined
  readonly notes: ReadonlyArray<string>
  /** The OpenID Connect discovery the choice waits for (`lookup` knew nothing of it). */
  readonly discover?: string
}

/** @internal */
export interface Context {
  /** The server the tools point at: relative URLs of the schemes resolve against it. */
  readonly base: string | undefined
  /** What the OpenID Connect discovery at a URL gave, or undefined when it was not fetched yet. */
  readonly lookup: (openIdConnectUrl: string) => OAuth2.Discovered | undefined
}

type Mapped =
  | { readonly _tag: "Auth"; readonly auth: Manifest.Auth; readonly notes?: ReadonlyArray<string> }
  | { readonly _tag: "No"; readonly why: string }
  | { readonly _tag: "Discover"; readonly url: string }

const mapScheme = (name: string, scheme: unknown, scopes: ReadonlyArray<string>, context: Context): Mapped => {
  if (!isRecord(scheme)) return { _tag: "No", why: `the security scheme "${name}" is not defined` }
  const type = scheme.type
  if (type === "oauth2") return OAuth2.fromOAuth2(name, scheme, scopes, context.base)
  if (type === "openIdConnect") {
    let url: string
    try {
      url = new URL(String(scheme.openIdConnectUrl), context.base).href
    } catch {
      return { _tag: "No", why: `"${name}": its openIdConnectUrl is not a URL` }
    }
    const discovered = context.lookup(url)
    if (discovered === undefined) return { _tag: "Discover", url }
    return discovered._tag === "Metadata"
      ? OAuth2.fromMetadata(name, discovered.metadata, scopes)
      : { _tag: "No", why: `"${name}": ${discovered.why}` }
  }
  if (type === "apiKey" && typeof scheme.name === "string" && scheme.name !== "") {
    if (scheme.in === "header") return { _tag: "Auth", auth: { type: "header", name: scheme.name } }
    if (scheme.in === "query") return { _tag: "Auth", auth: { type: "query", name: scheme.name } }
    return { _tag: "No", why: `"${name}" is an API key in a ${String(scheme.in)}, which a manifest cannot send` }
  }
  if (type === "http" && typeof scheme.scheme === "string" && scheme.scheme.toLowerCase() === "bearer") {
    return { _tag: "Auth", auth: { type: "header", name: "Authorization", scheme: "Bearer" } }
  }
  const what = type === "http" || type === "basic" ? `http ${String(scheme.scheme ?? "basic")}` : String(type)
  return { _tag: "No", why: `"${name}" is ${what} authentication, which a manifest cannot describe` }
}

const BEARER: Manifest.Auth = { type: "header", name: "Authorization", scheme: "Bearer" }

/** Whether a scheme is OAuth 2 (its token a bearer token in `Authorization`, RFC 6750 §2.1). */
const isOAuth = (scheme: unknown): boolean => isRecord(scheme) && (scheme.type === "oauth2" || scheme.type === "openIdConnect")

/** The requirements to choose from: the document's, then each operation's, in document order. */
const requirements = (doc: Record<string, unknown>): Array<unknown> => {
  const out: Array<unknown> = Array.isArray(doc.security) ? [...doc.security] : []
  const paths = isRecord(doc.paths) ? Object.values(doc.paths) : []
  for (const item of paths) {
    if (!isRecord(item)) continue
    for (const operation of Object.values(item)) {
      if (isRecord(operation) && Array.isArray(operation.security)) out.push(...operation.security)
    }
  }
  return out
}

/**
 * The scopes every requirement naming `name` asks for, in order, once each: the manifest has one
 * auth, so one token must serve every operation.
 */
const scopesOf = (all: ReadonlyArray<unknown>, name: string): Array<string> => {
  const scopes = new Set<string>()
  for (const requirement of all) {
    const asked = isRecord(requirement) ? requirement[name] : undefined
    if (Array.isArray(asked)) for (const scope of asked) if (typeof scope === "string") scopes.add(scope)
  }
  return [...scopes]
}

/** @internal */
export const choose = (doc: Record<string, unknown>, override: Manifest.Auth | undefined, context: Context): Chosen => {
  if (override !== undefined) return { auth: override, notes: [] }
  const components = isRecord(doc.components) ? doc.components : {}
  const schemes = isRecord(components.securitySchemes)
    ? components.securitySchemes
    : isRecord(doc.securityDefinitions)
    ? doc.securityDefinitions
    : {}
  const why = new Set<string>()
  // The OAuth 2 schemes reached that could not be described: the bearer header is the fallback.
  const oauthReached = new Set<string>()
  const documentLevel = Array.isArray(doc.security) ? doc.security.length : 0
  const all = requirements(doc)
  for (const [i, requirement] of all.entries()) {
    if (!isRecord(requirement)) continue
    const names = Object.keys(requirement)
    // `{}` in the document's list: the API as a whole can be called without credentials.
    if (names.length === 0 && i < documentLevel) return { auth: undefined, notes: [] }
    if (names.length === 0) continue
    if (names.length > 1 && !names.every((name) => isOAuth(schemes[name]))) {
      why.add(`one requirement needs ${names.length} credentials at once (${names.join(", ")})`)
      continue
    }
    // One scheme — or several OAuth 2 schemes at once, which one bearer token serves (one
    // `Authorization` header): the first of them that maps is the auth.
    const together = names.length > 1
      ? `one requirement names ${names.length} OAuth 2 schemes at once (${names.join(", ")}): one bearer token serves them`
      : undefined
    const skipped: Array<string> = []
    for (const name of names) {
      const mapped = mapScheme(name, schemes[name], scopesOf(all, name), context)
      if (mapped._tag === "Discover") return { auth: undefined, notes: [], discover: mapped.url }
      if (mapped._tag === "Auth") {
        const notes = together === undefined
          ? []
          : [`${together}; the auth is ${JSON.stringify(name)}'s${skipped.length === 0 ? "" : ` (${skipped.join("; ")})`}`]
        return { auth: mapped.auth, notes: [...notes, ...(mapped.notes ?? [])] }
      }
      skipped.push(mapped.why)
      why.add(mapped.why)
      if (isOAuth(schemes[name])) oauthReached.add(name)
    }
  }
  const cannot = [...why].join("; ")
  if (oauthReached.size > 0) {
    return {
      auth: BEARER,
      notes: [
        `OAuth 2 (${[...oauthReached].join(", ")}) cannot be described as the manifest's oauth2 auth (${cannot}): ` +
        "calls send the credential as a bearer token (Authorization: Bearer), which the application obtains itself"
      ]
    }
  }
  return {
    auth: undefined,
    notes: why.size === 0 ? [] : [
      `no auth the manifest can describe (${cannot}): pass the auth option, ` +
      `e.g. { type: "header", name: "Authorization", scheme: "Bearer" }`
    ]
  }
}

/**
 * The query and header names (headers lower-cased) the document's apiKey schemes send a
 * credential under, whichever scheme the manifest's auth is: a parameter of such a name is never
 * shown to the model (docs/openapi.md §Parameters).
 *
 * @internal
 */
export const credentialNames = (
  refs: Refs,
  doc: Record<string, unknown>
): { readonly query: ReadonlySet<string>; readonly header: ReadonlySet<string> } => {
  const components = isRecord(doc.components) ? doc.components : {}
  const schemes = isRecord(components.securitySchemes)
    ? components.securitySchemes
    : isRecord(doc.securityDefinitions)
    ? doc.securityDefinitions
    : {}
  const query = new Set<string>()
  const header = new Set<string>()
  for (const unresolved of Object.values(schemes)) {
    const scheme = refs.resolve(unresolved)
    if (!isRecord(scheme) || scheme.type !== "apiKey" || typeof scheme.name !== "string") continue
    if (scheme.in === "query") query.add(scheme.name)
    if (scheme.in === "header") header.add(scheme.name.toLowerCase())
  }
  return { query, header }
}
