/**
 * The manifest's one `auth` from the spec's security (docs/openapi.md §Security): the first
 * security requirement that one credential can satisfy — an apiKey in a header or the query, or
 * an http bearer token. Basic, OAuth 2, OpenID Connect and cookie keys cannot be described by a
 * manifest: a note, and `auth` comes from the caller's `auth` option (else none).
 */
import type * as Manifest from "rcp-sdk/manifest"
import { isRecord } from "./text.js"

/** @internal */
export interface Chosen {
  readonly auth: Manifest.Auth | undefined
  readonly notes: ReadonlyArray<string>
}

type Mapped = { readonly _tag: "Auth"; readonly auth: Manifest.Auth } | { readonly _tag: "No"; readonly why: string }

const mapScheme = (name: string, scheme: unknown): Mapped => {
  if (!isRecord(scheme)) return { _tag: "No", why: `the security scheme "${name}" is not defined` }
  const type = scheme.type
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
export const choose = (doc: Record<string, unknown>, override: Manifest.Auth | undefined): Chosen => {
  if (override !== undefined) return { auth: override, notes: [] }
  const components = isRecord(doc.components) ? doc.components : {}
  const schemes = isRecord(components.securitySchemes)
    ? components.securitySchemes
    : isRecord(doc.securityDefinitions)
    ? doc.securityDefinitions
    : {}
  const why = new Set<string>()
  const documentLevel = Array.isArray(doc.security) ? doc.security.length : 0
  for (const [i, requirement] of requirements(doc).entries()) {
    if (!isRecord(requirement)) continue
    const names = Object.keys(requirement)
    // `{}` in the document's list: the API as a whole can be called without credentials.
    if (names.length === 0 && i < documentLevel) return { auth: undefined, notes: [] }
    if (names.length === 0) continue
    if (names.length > 1) {
      why.add(`one requirement needs ${names.length} credentials at once (${names.join(", ")})`)
      continue
    }
    const mapped = mapScheme(names[0]!, schemes[names[0]!])
    if (mapped._tag === "Auth") return { auth: mapped.auth, notes: [] }
    why.add(mapped.why)
  }
  return {
    auth: undefined,
    notes: why.size === 0 ? [] : [
      `no auth the manifest can describe (${[...why].join("; ")}): pass the auth option, ` +
      `e.g. { type: "header", name: "Authorization", scheme: "Bearer" }`
    ]
  }
}
