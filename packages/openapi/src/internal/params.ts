/**
 * Path, query and header parameters (docs/openapi.md §Parameters): path-level and
 * operation-level lists merged (the operation wins), each placed under its original name in the
 * url path, `queryParams` or `headers`, with a param name a placeholder can hold. Cookie
 * parameters, and those the manifest reserves, are left out with a note.
 */
import type * as Manifest from "rcp-sdk/manifest"
import { HEADER_NAME, RESERVED_HEADERS } from "rcp-sdk/manifest"
import type { Draft } from "./draft.js"
import type { Refs } from "./refs.js"
import * as Schema from "./schema.js"
import type * as Shape from "./shape.js"
import * as Structured from "./structured.js"
import { isRecord } from "./text.js"

/** @internal */
export interface Context {
  readonly refs: Refs
  /** The import's schema walks (for array and object query values). */
  readonly walk: Shape.Context
  /** The manifest's auth query parameter or header (lower-cased), which a tool may not set. */
  readonly authQuery: string | undefined
  readonly authHeader: string | undefined
  /** Query keys the path already fixes (`/?Action=Describe`). */
  readonly fixedQuery: ReadonlySet<string>
  /** Query and header names (lower-cased) the document's schemes send a credential under. */
  readonly credentialQuery: ReadonlySet<string>
  readonly credentialHeader: ReadonlySet<string>
}

// Names that carry a credential whatever the document's schemes say — in the query, OAuth's
// `access_token` (RFC 6750) and `oauth_token`; in a header, Slack's `token`; and Google's API
// `key` beside its global parameters. The client sends the API's credential as its auth; a model
// never sees, chooses or echoes one.
const CREDENTIAL_QUERY = new Set(["access_token", "oauth_token"])
const CREDENTIAL_HEADER = new Set(["token", "access_token"])

// Google's global parameters, on every operation its discovery documents describe (they all
// carry `$.xgafv`): transport and response-format switches a model has no business setting.
const GOOGLE_GLOBALS = new Set(["$.xgafv", "alt", "callback", "fields", "prettyPrint", "quotaUser", "upload_protocol", "uploadType"])

// OpenAPI says these header parameters are ignored: the content negotiation and auth they name
// belong to other parts of the description.
const IGNORED_HEADERS = new Set(["accept", "content-type", "authorization"])

/** @internal */
export interface Merged {
  readonly parameters: Array<Record<string, unknown>>
  /** Why a parameter could not be read at all (its `$ref` points nowhere). */
  readonly broken: Array<string>
}

/** Path-level parameters, overridden by operation-level ones with the same `in` and name; `$ref`s followed. @internal */
export const merge = (refs: Refs, pathLevel: unknown, operationLevel: unknown): Merged => {
  const byKey = new Map<string, Record<string, unknown>>()
  const broken: Array<string> = []
  for (const list of [pathLevel, operationLevel]) {
    if (!Array.isArray(list)) continue
    for (const entry of list) {
      const p = refs.resolve(entry)
      const problem = refs.problem(p)
      if (problem !== undefined) broken.push(problem)
      if (!isRecord(p) || typeof p.name !== "string" || typeof p.in !== "string") continue
      const name = p.in === "header" ? p.name.toLowerCase() : p.name
      byKey.set(`${p.in}\u0000${name}`, p)
    }
  }
  return { parameters: [...byKey.values()], broken }
}

/** The schema of a parameter: 3.x `schema` or the one media type's, 2.0's fields on the parameter itself. */
const schemaOf = (refs: Refs, p: Record<string, unknown>): unknown => {
  if (isRecord(p.schema)) return refs.resolve(p.schema)
  if (isRecord(p.content)) {
    const first = Object.values(p.content)[0]
    return isRecord(first) ? { type: "string", description: "JSON text", ...omitType(refs.resolve(first.schema)) } : undefined
  }
  return p
}

// A `content` parameter is serialized JSON: a string whatever the inner schema's type.
const omitType = (schema: unknown): Record<string, unknown> => {
  if (!isRecord(schema)) return {}
  const { type: _type, ...rest } = schema
  return rest
}

/** How several values are joined in one value, when the style asks for one value at all. */
const delimiter = (p: Record<string, unknown>): string | undefined => {
  const format = p.collectionFormat
  if (typeof format === "string") {
    return format === "ssv" ? " " : format === "tsv" ? "\t" : format === "pipes" ? "|" : format === "multi" ? undefined : ","
  }
  const style = p.style
  if (style === "spaceDelimited") return " "
  if (style === "pipeDelimited") return "|"
  // Only the query's form style repeats the key (its default); path and header styles join with commas.
  if (p.in !== "query") return ","
  const explodes = p.explode === true || (p.explode === undefined && (style ?? "form") === "form")
  return explodes ? undefined : ","
}

/**
 * Adds each path, query and header parameter to the draft; cookie and `body`/`formData` (2.0)
 * parameters are the body's or are left out here.
 *
 * @internal
 */
export const addAll = (draft: Draft, parameters: ReadonlyArray<Record<string, unknown>>, ctx: Context): void => {
  // Path params first: they are always required and keep their names before any other place.
  const order = ["path", "query", "header", "cookie"]
  const sorted = parameters.filter((p) => order.includes(p.in as string))
    .sort((a, b) => order.indexOf(a.in as string) - order.indexOf(b.in as string))
  const google = parameters.some((p) => p.in === "query" && p.name === "$.xgafv")
  for (const p of sorted) {
    if (google && p.in === "query" && GOOGLE_GLOBALS.has(p.name as string)) {
      draft.note(`query parameter "${p.name as string}" left out: one of Google's global parameters (transport and format)`)
      continue
    }
    if (google && p.in === "query" && p.name === "key") {
      draft.note(`query parameter "key" left out: Google's API key, a credential the client sends as the API's auth`)
      continue
    }
    addOne(draft, p, ctx)
  }
}

/** Why a parameter carries a credential (and is never the model's), or `undefined`. */
const credential = (name: string, where: string, ctx: Context): string | undefined => {
  if (where === "query") {
    if (name === ctx.authQuery) return "it is the auth query parameter, which the client sets"
    if (ctx.credentialQuery.has(name)) return "the document sends a credential under that name"
  }
  if (where === "header") {
    const lower = name.toLowerCase()
    if (lower === ctx.authHeader) return "it is the auth header, which the client sets"
    if (ctx.credentialHeader.has(lower)) return "the document sends a credential under that name"
  }
  if ((where === "query" ? CREDENTIAL_QUERY : where === "header" ? CREDENTIAL_HEADER : new Set()).has(name.toLowerCase())) {
    return "it carries a credential, which the client sends as the API's auth"
  }
  return undefined
}

const addOne = (draft: Draft, p: Record<string, unknown>, ctx: Context): void => {
  const name = p.name as string
  const where = p.in as string
  const required = where === "path" || p.required === true
  const leaveOut = (why: string) => {
    if (required && where !== "header") draft.fail(`${where} parameter "${name}" ${why}`)
    else draft.note(`${where} parameter "${name}" left out: ${why}`)
  }
  if (where === "cookie") return draft.note(`cookie parameter "${name}" left out: a manifest cannot send cookies`)
  if (where === "header" && IGNORED_HEADERS.has(name.toLowerCase())) return draft.note(`header parameter "${name}" left out: OpenAPI ignores it`)
  // Left out, the operation kept: the client supplies these, the path fixes the other.
  const supplied = credential(name, where, ctx)
  if (supplied !== undefined) return draft.note(`${where} parameter "${name}" left out: ${supplied}`)
  if (where === "query" && ctx.fixedQuery.has(name)) return draft.note(`query parameter "${name}" left out: the path fixes it`)
  if (where === "header" && (!HEADER_NAME.test(name) || RESERVED_HEADERS.has(name.toLowerCase()))) {
    return leaveOut("a tool may not set that header")
  }
  // A manifest refuses `__proto__` as a `queryParams` or `headers` key; written into the draft's
  // plain object it would not even be a key (issue #29): left out, and said so.
  if ((where === "query" || where === "header") && name === "__proto__") {
    return leaveOut("the name cannot be a manifest key")
  }

  const schema = schemaOf(ctx.refs, p)
  const kind = Schema.kind(ctx.refs, schema)
  // A required query value with one allowed value is no choice: sent as it is (AWS's `Version`).
  const only = where === "query" && required && kind._tag === "Scalar" ? Schema.stringEnum(schema) : undefined
  if (only?.length === 1 && !only[0]!.includes("{{") && !only[0]!.includes("}}")) {
    draft.queryParams[name] = only[0]!
    return
  }
  const own = typeof p.description === "string" ? p.description : Schema.ownText(schema)
  let type: "string" | "number" | "boolean" = "string"
  if (where === "query" && (kind._tag === "Array" || kind._tag === "Object")) {
    // Protocol 0.2: the whole value as a structured param, written by the parameter's style.
    const converted = Structured.convert(ctx.walk, schema)
    const placement = converted === undefined ? undefined : queryStyle(p, converted.node)
    if (converted !== undefined && placement !== undefined) {
      const { description: _own, ...node } = converted.node
      const description = Schema.joinDescription([own])
      const paramName = draft.add(name, where, { type: converted.node.type === "array" ? "array" : "object", required, description, schema: node as Manifest.ParamSchema, ...placement })
      for (const loss of converted.losses) draft.note(`query parameter "${name}": ${loss}`)
      draft.queryParams[name] = `{{${paramName}}}`
      return
    }
  }
  const extra: Array<string> = []
  switch (kind._tag) {
    case "Scalar":
      type = kind.type
      break
    case "Array": {
      const joiner = delimiter(p)
      if (joiner === undefined) {
        draft.note(`${where} parameter "${name}" takes one value: the spec sends several as repeated keys`)
        extra.push(`One value only (the API takes ${Schema.summarize(ctx.refs, schema)}).`)
      } else {
        extra.push(`Several values joined with ${JSON.stringify(joiner)} (${Schema.summarize(ctx.refs, schema)}).`)
      }
      break
    }
    case "Object":
      return leaveOut(`is an object (${Schema.summarize(ctx.refs, schema)}), which one ${where} value cannot carry`)
    case "Unknown":
      extra.push(`Schema: ${Schema.summarize(ctx.refs, schema)}.`)
  }
  const description = Schema.joinDescription([own, ...extra, ...Schema.facts(schema)])
  const allowed = kind._tag === "Scalar" ? Schema.stringEnum(schema) : undefined
  const paramName = draft.add(name, where, { type, required, description, enum: allowed })
  const placeholder = `{{${paramName}}}`
  if (where === "path") draft.pathParams.set(name, paramName)
  else if (where === "query") draft.queryParams[name] = placeholder
  else draft.headers[name] = placeholder
}

/**
 * How an array or object query value is written (docs/protocol.md §1.11), from OpenAPI's `style`
 * and `explode` (2.0: `collectionFormat`); `undefined` when the protocol has no such style for
 * this value (an object spread into the query by `form`, tab-separated values).
 */
const queryStyle = (p: Record<string, unknown>, node: Manifest.ParamSchema): { style: Manifest.ParamStyle; explode?: boolean } | undefined => {
  const scalars = node.type === "array" && node.items.type !== "array" && node.items.type !== "object"
  const format = p.collectionFormat
  if (typeof format === "string" || (p.style === undefined && typeof p.type === "string")) {
    if (!scalars) return undefined
    switch (format ?? "csv") {
      case "csv":
        return { style: "form", explode: false }
      case "ssv":
        return { style: "spaceDelimited" }
      case "pipes":
        return { style: "pipeDelimited" }
      case "multi":
        return { style: "form", explode: true }
      default:
        return undefined
    }
  }
  const style = typeof p.style === "string" ? p.style : "form"
  const explode = typeof p.explode === "boolean" ? p.explode : style === "form"
  if (style === "deepObject") return { style: "deepObject" }
  if (!scalars) return undefined
  if (style === "form" || explode) return { style: "form", explode }
  return style === "spaceDelimited" || style === "pipeDelimited" ? { style } : undefined
}
