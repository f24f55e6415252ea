/**
 * What an operation returns, as the tool's `outputSchema` (docs/protocol.md §8; the import's
 * `outputSchemas` option): the schema of its first 2xx response with a JSON body, translated into
 * the bounded subset a manifest may declare — OpenAPI 3.0's `nullable` (and Swagger's
 * `x-nullable`) as a `null` type, a 3.0 boolean `exclusiveMinimum`/`exclusiveMaximum` as the bound
 * itself, HTML descriptions as Markdown; `pattern`s, tuple `items` and keywords outside the subset
 * dropped (a warning says which); a recursive schema, or one nested past the subset's depth, cut
 * there (any value below); a `required` member that is `writeOnly` (never in a response) left
 * out; and the whole given up past the subset's size (a warning; no `outputSchema`).
 */
import * as Result from "rcp-sdk/result"
import { describe } from "./html.js"
import { clip, isRecord } from "./text.js"

/** How deep a translated schema may nest (the subset's bound). */
const MAX_DEPTH = 16
/** Nodes visited at most: a dereferenced document shares subtrees, which a walk would write out again and again. */
const MAX_NODES = 4_000
/** The longest description kept in a schema (the rest is clipped). */
const DESCRIPTION_MAX = 500
/** The most branches of an `anyOf` / `oneOf` / `allOf` the subset takes. */
const MAX_BRANCHES = 16

const TYPES = new Set(["object", "array", "string", "number", "integer", "boolean", "null"])
const KEPT_AS_IS = new Set(["const", "default", "examples", "format", "deprecated", "readOnly", "writeOnly"])
const COUNTS = new Set(["minItems", "maxItems", "minLength", "maxLength"])
const BOUNDS = new Set(["minimum", "maximum"])
/** Keywords that say nothing a result is checked against, dropped without a word. */
const SILENT = new Set(["example", "discriminator", "xml", "externalDocs", "nullable", "x-nullable", "$schema", "$id"])

/** The translation of one operation's response, and what it had to leave out. @internal */
export interface Translated {
  readonly schema: Result.OutputSchema | undefined
  readonly notes: ReadonlyArray<string>
}

const JSON_TYPE = /^application\/(?:[\w.+-]*\+)?json(?:;|$)/i

/** The first 2xx response (by code; `2XX` last) of an operation, with its JSON body's schema. */
const successSchema = (operation: Record<string, unknown>, swagger: boolean): unknown => {
  const responses = isRecord(operation.responses) ? operation.responses : {}
  const codes = Object.keys(responses).filter((code) => /^2(?:\d\d|XX)$/i.test(code)).sort()
  for (const code of codes) {
    const response = responses[code]
    if (!isRecord(response)) continue
    if (swagger) return response.schema
    if (!isRecord(response.content)) return undefined
    const type = Object.keys(response.content).find((media) => JSON_TYPE.test(media))
    const media = type === undefined ? undefined : response.content[type]
    return isRecord(media) ? media.schema : undefined
  }
  return undefined
}

/**
 * The `outputSchema` of an operation, or none (no 2xx JSON response with a schema, or one past the
 * subset's bounds), with notes for the import's warnings.
 *
 * @internal
 */
export const outputSchema = (
  operation: Record<string, unknown>,
  swagger: boolean,
  resolve: (schema: unknown) => unknown
): Translated => {
  const source = successSchema(operation, swagger)
  if (source === undefined) return { schema: undefined, notes: [] }
  const dropped = new Set<string>()
  const notes: Array<string> = []
  let nodes = 0
  let recursive = false
  let deep = false
  // The schemas on the way down: a schema met again below itself is a cycle the parser closed.
  const above = new Set<unknown>()

  const walk = (given: unknown, depth: number): Result.OutputSchema => {
    if (typeof given === "boolean") return given
    // The parser leaves a `$ref` where a schema recurs: followed once, then met again above.
    const node = resolve(given)
    if (!isRecord(node)) return true
    if (++nodes > MAX_NODES) return true
    if (typeof node.$ref === "string" || above.has(node)) {
      recursive = true
      return true
    }
    if (depth >= MAX_DEPTH) {
      deep = true
      return true
    }
    above.add(node)
    try {
      return translate(node, depth)
    } finally {
      above.delete(node)
    }
  }

  const translate = (node: Record<string, unknown>, depth: number): Result.OutputSchema => {
    const out: Record<string, unknown> = {}
    const nullable = node.nullable === true || node["x-nullable"] === true
    for (const [keyword, value] of Object.entries(node)) {
      if (keyword === "type") {
        const types = (Array.isArray(value) ? value : [value]).filter((t): t is string => typeof t === "string" && TYPES.has(t))
        if (types.length > 0) out.type = [...new Set(types)]
      } else if (keyword === "enum") {
        if (Array.isArray(value) && value.length > 0) out.enum = unique(value)
      } else if (keyword === "properties") {
        if (isRecord(value)) {
          out.properties = Object.fromEntries(Object.entries(value).map(([name, child]) => [name, walk(child, depth + 1)]))
        }
      } else if (keyword === "required") {
        if (Array.isArray(value)) {
          const properties = isRecord(node.properties) ? node.properties : {}
          const writeOnly = (name: string) => isRecord(properties[name]) && (properties[name] as { writeOnly?: unknown }).writeOnly === true
          out.required = [...new Set(value.filter((name): name is string => typeof name === "string" && !writeOnly(name)))]
        }
      } else if (keyword === "additionalProperties") {
        out.additionalProperties = typeof value === "boolean" ? value : walk(value, depth + 1)
      } else if (keyword === "items") {
        if (Array.isArray(value)) dropped.add("tuple items")
        else out.items = walk(value, depth + 1)
      } else if (keyword === "anyOf" || keyword === "oneOf" || keyword === "allOf") {
        if (!Array.isArray(value) || value.length === 0) continue
        if (value.length > MAX_BRANCHES) dropped.add(`${keyword} of more than ${MAX_BRANCHES}`)
        else out[keyword] = value.map((child) => walk(child, depth + 1))
      } else if (COUNTS.has(keyword)) {
        if (Number.isSafeInteger(value) && (value as number) >= 0) out[keyword] = value
      } else if (BOUNDS.has(keyword)) {
        if (typeof value === "number" && Number.isFinite(value)) out[keyword] = value
      } else if (keyword === "exclusiveMinimum" || keyword === "exclusiveMaximum") {
        // 3.1: the bound itself; 3.0 and Swagger: a flag on `minimum` / `maximum`.
        const bound = keyword === "exclusiveMinimum" ? "minimum" : "maximum"
        if (typeof value === "number" && Number.isFinite(value)) out[keyword] = value
        else if (value === true && typeof node[bound] === "number") out[keyword] = node[bound]
      } else if (keyword === "description" || keyword === "title") {
        if (typeof value === "string") out[keyword] = clip(describe(value), DESCRIPTION_MAX)
      } else if (KEPT_AS_IS.has(keyword)) {
        out[keyword] = value
      } else if (keyword === "pattern" || keyword === "patternProperties") {
        dropped.add("pattern")
      } else if (!SILENT.has(keyword) && !keyword.startsWith("x-")) {
        dropped.add(keyword)
      }
    }
    // A 3.0 `exclusiveMinimum: true` took `minimum`'s value: the inclusive bound goes.
    if (node.exclusiveMinimum === true && out.exclusiveMinimum !== undefined) delete out.minimum
    if (node.exclusiveMaximum === true && out.exclusiveMaximum !== undefined) delete out.maximum
    if (nullable) {
      const types = out.type as Array<string> | undefined
      if (types !== undefined && !types.includes("null")) types.push("null")
      if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null]
    }
    // One type is written as itself, the way specs and validators usually have it.
    if (Array.isArray(out.type) && out.type.length === 1) out.type = out.type[0]
    return out
  }

  const schema = walk(source, 0)
  if (nodes > MAX_NODES) return { schema: undefined, notes: [`the response schema has more than ${MAX_NODES} schemas: no outputSchema`] }
  const problems = Result.checkOutputSchema(schema)
  if (problems.length > 0) {
    return { schema: undefined, notes: [`the response schema cannot be an outputSchema (${problems[0]!.message}): no outputSchema`] }
  }
  if (recursive) notes.push("the response schema is recursive: outputSchema accepts any value where it recurs")
  if (deep) notes.push(`the response schema nests deeper than ${MAX_DEPTH}: outputSchema accepts any value below`)
  if (dropped.size > 0) notes.push(`outputSchema leaves out what the subset has no keyword for: ${[...dropped].sort().join(", ")}`)
  return { schema, notes }
}

/** An enum's values once each (validators refuse a repeated one), compared as JSON. */
const unique = (values: ReadonlyArray<unknown>): Array<unknown> => {
  const seen = new Set<string>()
  return values.filter((value) => {
    const key = JSON.stringify(value) ?? "undefined"
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}
