/**
 * What the model is shown of a param's value (docs/protocol.md §7): its schema node as plain JSON
 * Schema — what Anthropic's `input_schema`, Gemini's `parametersJsonSchema` and OpenAI without
 * strict mode take — and as OpenAI's strict mode requires it.
 *
 * Strict mode's rules, at every depth: each object lists all its properties in `required` and says
 * `additionalProperties: false`; an optional property is spelled "may be null" (`type: [t, "null"]`,
 * and `null` joins an `enum`), which the argument check reads as "left out" (`paramValue.ts`); only
 * some keywords are taken — `minLength`, `maxLength` and formats it does not know are written into
 * the description instead ("at most 50 characters"), where the model still reads them and the
 * argument check still applies them. A map or a free-form object (`additionalProperties`) has no
 * strict form at all: such a param makes its tool non-strict (`providers.ts` says how).
 *
 * Every call returns fresh mutable objects: the providers' SDKs type schemas as mutable records.
 */
import type { SchemaNode } from "../manifest/paramSchema.js"

/** A JSON Schema object as handed to a provider. @internal */
export type JsonSchema = { [key: string]: unknown }

/**
 * The node as plain JSON Schema: `type` and `description` first, then the type's keywords; an
 * object always says `additionalProperties` (false, a schema, or true), and a fixed shape its
 * `required` list.
 *
 * @internal
 */
export const plain = (node: SchemaNode): JsonSchema => {
  const out: JsonSchema = { type: node.type }
  if (node.description !== undefined) out.description = node.description
  switch (node.type) {
    case "string":
      copy(node, out, ["enum", "minLength", "maxLength", "format"])
      if (Array.isArray(out.enum)) out.enum = [...node.enum!]
      break
    case "number":
    case "integer":
      copy(node, out, ["minimum", "exclusiveMinimum", "maximum", "exclusiveMaximum"])
      break
    case "boolean":
      break
    case "array":
      out.items = plain(node.items)
      copy(node, out, ["minItems", "maxItems"])
      break
    case "object": {
      if (node.properties !== undefined) {
        const properties: Record<string, JsonSchema> = {}
        for (const name of Object.keys(node.properties)) properties[name] = plain(node.properties[name]!)
        out.properties = properties
        out.required = [...node.required ?? []]
      }
      const additional = node.additionalProperties
      out.additionalProperties = additional === undefined
        ? false
        : typeof additional === "boolean"
        ? additional
        : plain(additional)
      break
    }
  }
  return out
}

const copy = (node: object, out: JsonSchema, keywords: ReadonlyArray<string>): void => {
  for (const keyword of keywords) {
    const value = (node as Record<string, unknown>)[keyword]
    if (value !== undefined) out[keyword] = value
  }
}

/**
 * The `format` values OpenAI's strict mode takes; any other is written into the description.
 *
 * @internal
 */
export const STRICT_FORMATS: ReadonlySet<string> = new Set([
  "date-time",
  "time",
  "date",
  "duration",
  "email",
  "hostname",
  "ipv4",
  "ipv6",
  "uuid"
])

/**
 * A node in strict form, with what OpenAI counts against its limits, or why it has none.
 *
 * @internal
 */
export type Strict =
  | { readonly _tag: "Strict"; readonly schema: JsonSchema; readonly properties: number; readonly enumValues: number }
  | { readonly _tag: "NotStrict"; readonly reason: string }

const characters = (n: number): string => `${n} character${n === 1 ? "" : "s"}`

/** What strict mode does not take of a string node, said in words. */
const stringNotes = (node: SchemaNode & { readonly type: "string" }): Array<string> => {
  const notes: Array<string> = []
  const { maxLength: max, minLength: min } = node
  if (min !== undefined && max !== undefined) {
    notes.push(min === max ? `exactly ${characters(min)}` : `${min} to ${characters(max)}`)
  }
  else if (min !== undefined) notes.push(`at least ${characters(min)}`)
  else if (max !== undefined) notes.push(`at most ${characters(max)}`)
  if (node.format !== undefined && !STRICT_FORMATS.has(node.format)) notes.push(`format: ${node.format}`)
  return notes
}

const withNotes = (description: string | undefined, notes: ReadonlyArray<string>): string | undefined =>
  notes.length === 0 ? description : description === undefined ? notes.join("; ") : `${description} (${notes.join("; ")})`

/**
 * The node in strict form. `nullable`: the slot holding it is optional, so the model may send
 * `null` there instead of leaving it out.
 *
 * @internal
 */
export const strict = (node: SchemaNode, nullable: boolean): Strict => {
  const counts = { properties: 0, enumValues: 0 }
  const reason = { text: undefined as string | undefined }
  const schema = strictNode(node, nullable, counts, reason)
  if (schema === undefined) return { _tag: "NotStrict", reason: reason.text ?? "it has no strict form" }
  return { _tag: "Strict", schema, ...counts }
}

const strictNode = (
  node: SchemaNode,
  nullable: boolean,
  counts: { properties: number; enumValues: number },
  reason: { text: string | undefined }
): JsonSchema | undefined => {
  const type = nullable ? [node.type, "null"] : node.type
  const out: JsonSchema = { type }
  switch (node.type) {
    case "string": {
      const description = withNotes(node.description, stringNotes(node))
      if (description !== undefined) out.description = description
      if (node.enum !== undefined) {
        out.enum = nullable ? [...node.enum, null] : [...node.enum]
        counts.enumValues += node.enum.length
      }
      if (node.format !== undefined && STRICT_FORMATS.has(node.format)) out.format = node.format
      return out
    }
    case "number":
    case "integer":
      if (node.description !== undefined) out.description = node.description
      copy(node, out, ["minimum", "exclusiveMinimum", "maximum", "exclusiveMaximum"])
      return out
    case "boolean":
      if (node.description !== undefined) out.description = node.description
      return out
    case "array": {
      if (node.description !== undefined) out.description = node.description
      const items = strictNode(node.items, false, counts, reason)
      if (items === undefined) return undefined
      out.items = items
      copy(node, out, ["minItems", "maxItems"])
      return out
    }
    case "object": {
      if (node.additionalProperties !== undefined && node.additionalProperties !== false) {
        reason.text = "it holds an object with keys of the model's choosing (additionalProperties), which strict mode " +
          "cannot describe"
        return undefined
      }
      if (node.description !== undefined) out.description = node.description
      const properties: Record<string, JsonSchema> = {}
      const required = new Set(node.required ?? [])
      const names = Object.keys(node.properties ?? {})
      for (const name of names) {
        const child = strictNode(node.properties![name]!, !required.has(name), counts, reason)
        if (child === undefined) return undefined
        properties[name] = child
      }
      counts.properties += names.length
      out.properties = properties
      out.required = names
      out.additionalProperties = false
      return out
    }
  }
}

/** What OpenAI's strict mode takes in one tool's parameters, beyond which it refuses the schema. @internal */
export const STRICT_LIMITS = { properties: 5000, enumValues: 1000 } as const

/**
 * A tool's `parameters` (an object node) in strict form, or why it has none: a map or free-form
 * object somewhere, or more properties or enum values than strict mode takes.
 *
 * @internal
 */
export const strictParameters = (parameters: SchemaNode): Strict => {
  const strictForm = strict(parameters, false)
  if (strictForm._tag === "NotStrict") return strictForm
  if (strictForm.properties > STRICT_LIMITS.properties) {
    return { _tag: "NotStrict", reason: `it has ${strictForm.properties} properties; strict mode takes at most ${STRICT_LIMITS.properties}` }
  }
  if (strictForm.enumValues > STRICT_LIMITS.enumValues) {
    return { _tag: "NotStrict", reason: `it lists ${strictForm.enumValues} enum values; strict mode takes at most ${STRICT_LIMITS.enumValues}` }
  }
  return strictForm
}
