/**
 * Lowering `args` given as JSON Schema — what a Standard Schema library (zod 4, valibot, arktype)
 * produces for itself — to one `Lowered` per property, by the same rules as Effect Schema
 * (docs/extensions.md): string/number/boolean as they are, `integer` as a number described as an
 * integer, string `enum`/`const` as an `enum`, `null` set aside and said so, a `default` making
 * the arg optional; anything else is `"string"`, flagged as a fallback.
 */
import type * as Manifest from "../../Manifest.js"
import { clip } from "../shared/text.js"
import { isRecord } from "../shared/values.js"
import type { Lowered } from "./loweredParam.js"

type JsonSchema = Readonly<Record<string, unknown>>

/**
 * Set by the zod options of `standardSchema.ts` on a type JSON Schema cannot describe (a `Date`),
 * so that a warning can name it instead of "any value".
 *
 * @internal
 */
export const UNREPRESENTABLE = "x-rcp-unrepresentable"

/** `#/$defs/X` (or `#/definitions/X`) in the same document; anything else stays unresolved. */
const resolveRef = (root: JsonSchema, node: JsonSchema): JsonSchema => {
  let current = node
  // A chain of refs is short in practice; the bound makes a cycle end.
  for (let hops = 0; hops < 8 && typeof current.$ref === "string"; hops++) {
    const match = /^#\/(\$defs|definitions)\/([^/]+)$/.exec(current.$ref)
    const defs = match === null ? undefined : root[match[1]!]
    const target = match === null || !isRecord(defs) ? undefined : defs[match[2]!]
    if (!isRecord(target)) break
    current = target
  }
  return current
}

const typesOf = (node: JsonSchema): ReadonlyArray<unknown> =>
  Array.isArray(node.type) ? node.type : node.type === undefined ? [] : [node.type]

const isNullSchema = (node: unknown): boolean =>
  isRecord(node) &&
  (node.type === "null" || node.const === null ||
    (Array.isArray(node.enum) && node.enum.length === 1 && node.enum[0] === null))

const alternatives = (node: JsonSchema): ReadonlyArray<unknown> | undefined =>
  Array.isArray(node.anyOf) ? node.anyOf : Array.isArray(node.oneOf) ? node.oneOf : undefined

/** The type as a person reads it in a warning: `Array<string>`, `string | null`, `Date`. */
const label = (root: JsonSchema, raw: unknown, depth = 0): string => {
  if (!isRecord(raw)) return "any value"
  const node = resolveRef(root, raw)
  if (typeof node[UNREPRESENTABLE] === "string") return node[UNREPRESENTABLE]
  if (depth > 3) return "…"
  const members = alternatives(node)
  if (members !== undefined) return members.map((member) => label(root, member, depth + 1)).join(" | ")
  if (Array.isArray(node.enum)) return node.enum.map((value) => JSON.stringify(value)).join(" | ")
  if (node.const !== undefined) return JSON.stringify(node.const)
  const types = typesOf(node)
  if (types.length === 0) return "any value"
  return types
    .map((type) => (type === "array" ? `Array<${label(root, node.items, depth + 1)}>` : String(type)))
    .join(" | ")
}

const stringValues = (node: JsonSchema): Array<string> | undefined => {
  const values = Array.isArray(node.enum) ? node.enum : node.const === undefined ? undefined : [node.const]
  if (values === undefined || values.length === 0) return undefined
  if (!values.every((value) => typeof value === "string")) return undefined
  return [...new Set(values as Array<string>)]
}

const primitives: Readonly<Record<string, Manifest.ParamType>> = {
  string: "string",
  number: "number",
  integer: "number",
  boolean: "boolean"
}

const lowerProperty = (root: JsonSchema, raw: JsonSchema, optional: boolean): Lowered => {
  let node = resolveRef(root, raw)
  let description = typeof raw.description === "string" ? raw.description : undefined
  let nullable = false
  // `anyOf: [X, {type: "null"}]` (valibot's nullable) is X with null set aside.
  const members = alternatives(node)
  if (members !== undefined) {
    const present = members.filter((member) => !isNullSchema(member))
    nullable = present.length < members.length
    if (present.length === 1 && isRecord(present[0])) node = resolveRef(root, present[0])
    else if (present.every(isRecord)) {
      const values = present.map((member) => stringValues(resolveRef(root, member)))
      if (values.every((v) => v !== undefined)) node = { type: "string", enum: values.flat() }
    }
  }
  description ??= typeof node.description === "string" ? node.description : undefined
  // `type: ["string", "null"]` (zod's nullable) likewise.
  const types = typesOf(node).filter((type) => type !== "null")
  nullable ||= types.length < typesOf(node).length
  const common = {
    nullable,
    optional,
    label: clip(label(root, raw), 80),
    default: "default" in raw ? { value: raw.default } : undefined
  }
  const values = stringValues(node)
  if (values !== undefined && types.every((type) => type === "string")) {
    return { ...common, type: "string", enum: values, description, fallback: false }
  }
  const type = types.length === 1 && typeof types[0] === "string" ? primitives[types[0]] : undefined
  if (type === undefined || alternatives(node) !== undefined) {
    return { ...common, type: "string", description, fallback: true }
  }
  // An integer is published as a number (docs/extensions.md, "Integers"); the description keeps it.
  const integer = types[0] === "integer" ? "an integer" : undefined
  return { ...common, type, description: description ?? integer, fallback: false }
}

/**
 * One `Lowered` per property of an object JSON Schema, in property order, or why the schema is not
 * one (`args` must describe an object).
 *
 * @internal
 */
export const lowerObject = (
  schema: JsonSchema
): { readonly _tag: "Ok"; readonly fields: ReadonlyArray<readonly [string, Lowered]> } | {
  readonly _tag: "NotAnObject"
  readonly got: string
} => {
  const root = resolveRef(schema, schema)
  if (!isRecord(root.properties) || (root.type !== undefined && root.type !== "object")) {
    return { _tag: "NotAnObject", got: label(schema, schema) }
  }
  const required = new Set(Array.isArray(root.required) ? root.required : [])
  const properties = root.properties
  return {
    _tag: "Ok",
    fields: Object.keys(properties).map((name) => {
      const property = properties[name]
      return [name, lowerProperty(schema, isRecord(property) ? property : {}, !required.has(name))] as const
    })
  }
}
