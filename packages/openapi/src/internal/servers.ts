/**
 * Where the tools point (docs/openapi.md §Servers): the caller's `baseUrl`, else the spec's
 * servers — 3.x `servers` (operation, then path, then document level) with each variable's
 * default, or 2.0 `schemes`/`host`/`basePath` — preferring an `https:` server the spec lists over
 * an `http:` one. A relative server is resolved against the URL the spec was fetched from.
 */
import { isBlockedAddress, isLoopbackHost } from "rcp-sdk/client"
import { clip, isRecord } from "./text.js"

/** @internal */
export type Base =
  | { readonly _tag: "Ok"; readonly url: string; readonly notes: ReadonlyArray<string> }
  | { readonly _tag: "None"; readonly reason: string }

/** @internal */
export interface Context {
  readonly baseUrl: string | undefined
  /** The spec's own URL when it was fetched (http/https) or read (file:). */
  readonly specUrl: string | undefined
  /** Tools may point at loopback and private addresses even when the spec came from elsewhere. */
  readonly allowPrivateServers: boolean
}

const absolute = (url: string, against: string | undefined): URL | undefined => {
  try {
    const resolved = new URL(url, against)
    return resolved.protocol === "https:" || resolved.protocol === "http:" ? resolved : undefined
  } catch {
    return undefined
  }
}

/** Without a trailing `/`, query or fragment: the spec's paths are appended to it. */
const baseOf = (url: URL): string => `${url.origin}${url.pathname.replace(/\/+$/, "")}`

const withDefaults = (server: Record<string, unknown>): string | undefined => {
  if (typeof server.url !== "string") return undefined
  const variables = isRecord(server.variables) ? server.variables : {}
  let missing = false
  const url = server.url.replace(/\{([^{}]*)\}/g, (_, name: string) => {
    const variable = variables[name]
    if (isRecord(variable) && (typeof variable.default === "string" || typeof variable.default === "number")) {
      return String(variable.default)
    }
    missing = true
    return ""
  })
  return missing ? undefined : url
}

const isInternalHost = (hostname: string): boolean =>
  isLoopbackHost(hostname) || isBlockedAddress(hostname)

/** Candidates in the order the spec lists them, https first. */
const pick = (candidates: ReadonlyArray<URL>, ctx: Context): Base => {
  const chosen = candidates.find((u) => u.protocol === "https:") ?? candidates[0]
  if (chosen === undefined) {
    return { _tag: "None", reason: "the spec names no absolute server URL: pass baseUrl" }
  }
  const spec = ctx.specUrl === undefined ? undefined : absolute(ctx.specUrl, undefined)
  if (spec !== undefined && !isInternalHost(spec.hostname) && isInternalHost(chosen.hostname) && !ctx.allowPrivateServers) {
    return {
      _tag: "None",
      reason: `the spec from ${spec.origin} points at the internal address ${chosen.origin}: ` +
        "pass baseUrl, or allowPrivateServers if that is intended"
    }
  }
  const notes = chosen.protocol === "http:" && !isLoopbackHost(chosen.hostname)
    ? [`the server ${chosen.origin} is plain http: a client needs allowHttp to call it`]
    : []
  return { _tag: "Ok", url: baseOf(chosen), notes }
}

/**
 * The base URL of 3.x `servers` lists, the first non-empty one winning (operation, path, document).
 *
 * @internal
 */
export const fromServers = (lists: ReadonlyArray<unknown>, ctx: Context): Base => {
  const list = lists.find((l): l is Array<unknown> => Array.isArray(l) && l.length > 0) ?? [{ url: "/" }]
  const candidates: Array<URL> = []
  for (const server of list) {
    if (!isRecord(server)) continue
    const url = withDefaults(server)
    const resolved = url === undefined ? undefined : absolute(url, ctx.specUrl)
    if (resolved !== undefined) candidates.push(resolved)
  }
  return pick(candidates, ctx)
}

/**
 * The base URL of a Swagger 2.0 document: `schemes` (https preferred), `host` (else the spec's
 * own host when fetched), `basePath`.
 *
 * @internal
 */
export const fromSwagger = (doc: Record<string, unknown>, ctx: Context): Base => {
  const spec = ctx.specUrl === undefined ? undefined : absolute(ctx.specUrl, undefined)
  const host = typeof doc.host === "string" ? doc.host : spec?.host
  if (host === undefined) return { _tag: "None", reason: "the spec names no host: pass baseUrl" }
  const basePath = typeof doc.basePath === "string" ? doc.basePath : ""
  const schemes = Array.isArray(doc.schemes) ? doc.schemes.filter((s) => s === "https" || s === "http") : []
  const listed = schemes.length > 0 ? schemes : [spec?.protocol === "http:" ? "http" : "https"]
  const candidates = listed.flatMap((scheme) => {
    const url = absolute(`${scheme}://${host}${basePath.startsWith("/") ? "" : "/"}${basePath}`, undefined)
    return url === undefined ? [] : [url]
  })
  return candidates.length === 0
    ? { _tag: "None", reason: `the host ${JSON.stringify(clip(host, 80))} does not make a URL: pass baseUrl` }
    : pick(candidates, ctx)
}

/**
 * The caller's `baseUrl`, checked; the caller chose it, so any host is fine.
 *
 * @internal
 */
export const fromOption = (baseUrl: string): Base => {
  const url = absolute(baseUrl, undefined)
  return url === undefined
    ? { _tag: "None", reason: `baseUrl ${JSON.stringify(clip(baseUrl, 80))} is not an absolute http(s) URL` }
    : { _tag: "Ok", url: baseOf(url), notes: [] }
}
