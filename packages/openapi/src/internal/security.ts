/**
 * The manifest's one `auth` from the spec's security (docs/openapi.md §Security): the first
 * security requirement that one credential can satisfy — an apiKey in a header or the query, an
 * http bearer token, or an OAuth 2 / OpenID Connect access token (sent as a bearer token: the
 * client's credential is the token, however it was obtained). Basic and cookie keys cannot be
 * described by a manifest: a note, and `auth` comes from the caller's `auth` option (else none).
 * `credentialNames` are the query and header names any scheme of the document sends a credential
 * under: a parameter of that name is never shown to the model.
 */
import type * as Manifest from "rcp-sdk/manifest"
import type { Refs } from "./refs.js"
import { isRecord } from "./text.js"

/** @internal */
export interface Chosen {
  readonly auth: Manifest.Auth | undefined
  readonly notes: ReadonlyArray<string>
}

const BEARER: Manifest.Auth = { type: "header", name: "Authorization", scheme: "Bearer" }

type Mapped =
  | { readonly _tag: "Auth"; readonly auth: Manifest.Auth; readonly oauth: boolean }
  | { readonly _tag: "No"; readonly why: string }

const mapScheme = (name: string, scheme: unknown): Mapped => {
  if (!isRecord(scheme)) return { _tag: "No", why: `the security scheme "${name}" is not defined` }
  const type = scheme.type
  if (type === "apiKey" && typeof scheme.name === "string" && scheme.name !== "") {
    if (scheme.in === "header") return { _tag: "Auth", auth: { type: "header", name: scheme.name }, oauth: false }
    if (scheme.in === "query") return { _tag: "Auth", auth: { type: "query", name: scheme.name }, oauth: false }
    return { _tag: "No", why: `"${name}" is an API key in a ${String(scheme.in)}, which a manifest cannot send` }
  }
  if (type === "http" && typeof scheme.scheme === "string" && scheme.scheme.toLowerCase() === "bearer") {
    return { _tag: "Auth", auth: BEARER, oauth: false }
  }
  // RFC 6750: an OAuth 2 access token (OpenID Connect's too) goes in `Authorization: Bearer`.
  if (type === "oauth2" || type === "openIdConnect") return { _tag: "Auth", auth: BEARER, oauth: true }
  const what = type === "http" || type === "basic" ? `http ${String(scheme.scheme ?? "basic")}` : String(type)
  return { _tag: "No", why: `"${name}" is ${what} authentication, which a manifest cannot describe` }
}

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

/** @internal */
export const choose = (refs: Refs, doc: Record<string, unknown>, override: Manifest.Auth | undefined): Chosen => {
  if (override !== undefined) return { auth: override, notes: [] }
  const schemes = schemesOf(doc)
  const why = new Set<string>()
  const documentLevel = Array.isArray(doc.security) ? doc.security.length : 0
  // A static credential (an API key, a bearer token) before an OAuth access token: where a
  // document offers both (Petstore), an operator with a key need not run an OAuth flow.
  let oauth: Manifest.Auth | undefined = undefined
  for (const [i, requirement] of requirements(doc).entries()) {
    if (!isRecord(requirement)) continue
    const names = Object.keys(requirement)
    // `{}` in the document's list: the API as a whole can be called without credentials.
    if (names.length === 0 && i < documentLevel) return { auth: undefined, notes: [] }
    if (names.length === 0) continue
    const mapped = names.map((name) => mapScheme(name, refs.resolve(Object.hasOwn(schemes, name) ? schemes[name] : undefined)))
    const first = mapped[0]!
    if (first._tag === "No") {
      why.add(first.why)
      continue
    }
    // Several schemes at once that all send the same thing (Google's two OAuth 2 flows) are one credential.
    const same = mapped.every((m) => m._tag === "Auth" && JSON.stringify(m.auth) === JSON.stringify(first.auth))
    if (!same) why.add(`one requirement needs ${names.length} credentials at once (${names.join(", ")})`)
    else if (!first.oauth) return { auth: first.auth, notes: [] }
    else oauth ??= first.auth
  }
  if (oauth !== undefined) return { auth: oauth, notes: [] }
  return {
    auth: undefined,
    notes: why.size === 0 ? [] : [
      `no auth the manifest can describe (${[...why].join("; ")}): pass the auth option, ` +
      `e.g. { type: "header", name: "Authorization", scheme: "Bearer" }`
    ]
  }
}

/**
 * The query and header names (headers lower-cased) the document's apiKey schemes send a
 * credential under, whichever scheme the manifest's auth is.
 *
 * @internal
 */
export const credentialNames = (refs: Refs, doc: Record<string, unknown>): { readonly query: ReadonlySet<string>; readonly header: ReadonlySet<string> } => {
  const query = new Set<string>()
  const header = new Set<string>()
  for (const unresolved of Object.values(schemesOf(doc))) {
    const scheme = refs.resolve(unresolved)
    if (!isRecord(scheme) || scheme.type !== "apiKey" || typeof scheme.name !== "string") continue
    if (scheme.in === "query") query.add(scheme.name)
    if (scheme.in === "header") header.add(scheme.name.toLowerCase())
  }
  return { query, header }
}

const schemesOf = (doc: Record<string, unknown>): Record<string, unknown> => {
  const components = isRecord(doc.components) ? doc.components : {}
  return isRecord(components.securitySchemes)
    ? components.securitySchemes
    : isRecord(doc.securityDefinitions)
    ? doc.securityDefinitions
    : {}
}
