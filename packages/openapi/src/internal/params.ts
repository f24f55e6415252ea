/**
 * Path, query and header parameters (docs/openapi.md §Parameters): path-level and
 * operation-level lists merged (the operation wins), each placed under its original name in the
 * url path, `queryParams` or `headers`, with a param name a placeholder can hold. Cookie
 * parameters, and those the manifest reserves, are left out with a note.
 */
import { HEADER_NAME, RESERVED_HEADERS } from "rcp-sdk/manifest"
import type { Draft } from "./draft.js"
import * as Schema from "./schema.js"
import { isRecord } from "./text.js"

/** @internal */
export interface Context {
  /** The manifest's auth query parameter or header (lower-cased), which a tool may not set. */
  readonly authQuery: string | undefined
  readonly authHeader: string | undefined
  /** Query keys the path already fixes (`/?Action=Describe`). */
  readonly fixedQuery: ReadonlySet<string>
}

// OpenAPI says these header parameters are ignored: the content negotiation and auth they name
// belong to other parts of the description.
const IGNORED_HEADERS = new Set(["accept", "content-type", "authorization"])

/** Path-level parameters, overridden by operation-level ones with the same `in` and name. @internal */
export const merge = (pathLevel: unknown, operationLevel: unknown): Array<Record<string, unknown>> => {
  const byKey = new Map<string, Record<string, unknown>>()
  for (const list of [pathLevel, operationLevel]) {
    if (!Array.isArray(list)) continue
    for (const p of list) {
      if (!isRecord(p) || typeof p.name !== "string" || typeof p.in !== "string") continue
      const name = p.in === "header" ? p.name.toLowerCase() : p.name
      byKey.set(`${p.in}\u0000${name}`, p)
    }
  }
  return [...byKey.values()]
}

/** The schema of a parameter: 3.x `schema` or the one media type's, 2.0's fields on the parameter itself. */
const schemaOf = (p: Record<string, unknown>): unknown => {
  if (isRecord(p.schema)) return p.schema
  if (isRecord(p.content)) {
    const first = Object.values(p.content)[0]
    return isRecord(first) ? { type: "string", description: "JSON text", ...omitType(first.schema) } : undefined
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
  for (const p of sorted) addOne(draft, p, ctx)
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
  if (where === "query" && (name === ctx.authQuery || ctx.fixedQuery.has(name))) {
    return leaveOut(name === ctx.authQuery ? "it is the auth query parameter" : "the path already fixes it")
  }
  if (where === "header") {
    const lower = name.toLowerCase()
    if (IGNORED_HEADERS.has(lower)) return draft.note(`header parameter "${name}" left out: OpenAPI ignores it`)
    if (lower === ctx.authHeader) return leaveOut("it is the auth header, which the client sets")
    if (!HEADER_NAME.test(name) || RESERVED_HEADERS.has(lower)) return leaveOut("a tool may not set that header")
  }
  if (where === "query" && name === "__proto__") return leaveOut("the name cannot be a manifest key")

  const schema = schemaOf(p)
  const kind = Schema.kind(schema)
  const own = typeof p.description === "string" ? p.description : Schema.ownText(schema)
  let type: "string" | "number" | "boolean" = "string"
  const extra: Array<string> = []
  switch (kind._tag) {
    case "Scalar":
      type = kind.type
      break
    case "Array": {
      const joiner = delimiter(p)
      if (joiner === undefined) {
        draft.note(`${where} parameter "${name}" takes one value: the spec sends several as repeated keys`)
        extra.push(`One value only (the API takes ${Schema.summarize(schema)}).`)
      } else {
        extra.push(`Several values joined with ${JSON.stringify(joiner)} (${Schema.summarize(schema)}).`)
      }
      break
    }
    case "Object":
      return leaveOut(`is an object (${Schema.summarize(schema)}), which one ${where} value cannot carry`)
    case "Unknown":
      extra.push(`Schema: ${Schema.summarize(schema)}.`)
  }
  const description = Schema.joinDescription([own, ...extra, ...Schema.facts(schema)])
  const allowed = kind._tag === "Scalar" ? Schema.stringEnum(schema) : undefined
  const paramName = draft.add(name, where, { type, required, description, enum: allowed })
  const placeholder = `{{${paramName}}}`
  if (where === "path") draft.pathParams.set(name, paramName)
  else if (where === "query") draft.queryParams[name] = placeholder
  else draft.headers[name] = placeholder
}
