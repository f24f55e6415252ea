/**
 * A JSON Schema — what zod 4, valibot and arktype write for themselves (Standard JSON Schema) — as
 * a param schema node (docs/protocol.md §1.10), and what that loses. The rule is the one the
 * protocol's subset draws: what the subset can say is kept exactly (types, `items`, `properties`,
 * `required`, maps, string enums, lengths, bounds, `format`); what it cannot say is left out and
 * named in a loss — a `pattern`, `multipleOf`, `uniqueItems`, a tuple, a union of different types,
 * `null`, a recursive type — so that a server author learns what the model will not be told, and
 * the endpoint (which still checks all of it) stays the judge.
 *
 * Where a part has no node at all, it is published as a string and said so, as a top-level arg
 * with no manifest type is (docs/extensions.md).
 */
import type { SchemaNode } from "../manifest/paramSchema.js"
import { propertyNameProblem } from "../manifest/paramSchema.js"
import { clip } from "../shared/text.js"
import { isRecord } from "../shared/values.js"
import type { Lowered, NodeLoss } from "./nodeWalk.js"
import * as NodeWalk from "./nodeWalk.js"
import { lose, NOT_PUBLISHED } from "./nodeWalk.js"

type JsonSchema = Readonly<Record<string, unknown>>

/**
 * Set by the zod options of `standardSchema.ts` on a type JSON Schema cannot describe (a `Date`),
 * so that a warning can name it instead of "any value".
 *
 * @internal
 */
export const UNREPRESENTABLE = "x-rcp-unrepresentable"

interface Walk extends NodeWalk.Walk {
  readonly root: JsonSchema
  /** The `$ref` targets being lowered, outermost first: one met again is a recursive type. */
  readonly open: Array<JsonSchema>
}

/** `#/$defs/X` (or `#/definitions/X`) in the same document; anything else stays unresolved. */
export const resolveRef = (root: JsonSchema, node: JsonSchema): JsonSchema => {
  let current = node
  // A chain of refs is short in practice; the bound makes a cycle end.
  for (let hops = 0; hops < 8 && typeof current.$ref === "string"; hops++) {
    if (current.$ref === "#") {
      current = root
      continue
    }
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

/** Whether a schema accepts only `null` (how a nullable member of a union is written). @internal */
export const isNullSchema = (node: unknown): boolean =>
  isRecord(node) &&
  (node.type === "null" || node.const === null ||
    (Array.isArray(node.enum) && node.enum.length === 1 && node.enum[0] === null))

/** `anyOf` (or `oneOf`), when the schema is a union. @internal */
export const alternatives = (node: JsonSchema): ReadonlyArray<unknown> | undefined =>
  Array.isArray(node.anyOf) ? node.anyOf : Array.isArray(node.oneOf) ? node.oneOf : undefined

/** A schema's string values (`enum`, or `const`), when it lists only strings. @internal */
export const stringValues = (node: JsonSchema): Array<string> | undefined => {
  const values = Array.isArray(node.enum) ? node.enum : node.const === undefined ? undefined : [node.const]
  if (values === undefined || values.length === 0) return undefined
  if (!values.every((value) => typeof value === "string")) return undefined
  return [...new Set(values as Array<string>)]
}

/** The type as a person reads it in a warning: `Array<string>`, `string | null`, `Date`. @internal */
export const label = (root: JsonSchema, raw: unknown, depth = 0): string => {
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
  if (Array.isArray(node.prefixItems)) return "a tuple"
  return types
    .map((type) => (type === "array" ? `Array<${label(root, node.items, depth + 1)}>` : String(type)))
    .join(" | ")
}

const count = (u: unknown): number | undefined => (typeof u === "number" && Number.isSafeInteger(u) && u >= 0 ? u : undefined)
const finite = (u: unknown): number | undefined => (typeof u === "number" && Number.isFinite(u) ? u : undefined)

/**
 * The node of `raw`, or undefined (no manifest type; the caller says so). Recursion is bounded by
 * `MAX_DEPTH` and the walk by `MAX_NODES`, as the manifest bounds what it carries.
 */
const lower = (walk: Walk, raw: unknown, at: string, depth: number): Lowered => {
  if (!isRecord(raw)) return { node: undefined, nullable: false }
  const node = resolveRef(walk.root, raw)
  if (walk.open.includes(node)) {
    lose(walk, at, "a recursive type has no manifest type; published as \"string\"")
    return { node: { type: "string" }, nullable: false }
  }
  const recursive = node !== raw
  if (recursive) walk.open.push(node)
  try {
    return lowerResolved(walk, raw, node, at, depth)
  } finally {
    if (recursive) walk.open.pop()
  }
}

const lowerResolved = (walk: Walk, raw: JsonSchema, node: JsonSchema, at: string, depth: number): Lowered => {
  if (typeof node[UNREPRESENTABLE] === "string") return { node: undefined, nullable: false }
  const description = typeof raw.description === "string"
    ? raw.description
    : typeof node.description === "string"
    ? node.description
    : undefined
  // `anyOf: [X, {type: "null"}]` (valibot's nullable) is X with null set aside.
  const members = alternatives(node)
  if (members !== undefined) {
    const present = members.filter((member) => !isNullSchema(member))
    const nullable = present.length < members.length
    if (present.length === 1 && isRecord(present[0])) {
      const inner = lower(walk, present[0], at, depth)
      return { node: withDescription(inner.node, description), nullable: nullable || inner.nullable }
    }
    const values = present.map((member) => (isRecord(member) ? stringValues(resolveRef(walk.root, member)) : undefined))
    if (values.length > 0 && values.every((v) => v !== undefined)) {
      return { node: withDescription({ type: "string", enum: [...new Set(values.flat())] }, description), nullable }
    }
    return { node: undefined, nullable }
  }
  if (Array.isArray(node.allOf)) {
    if (node.allOf.length === 1 && isRecord(node.allOf[0])) {
      const inner = lower(walk, { ...node.allOf[0], ...withoutKey(node, "allOf") }, at, depth)
      return { node: withDescription(inner.node, description), nullable: inner.nullable }
    }
    return { node: undefined, nullable: false }
  }
  // `type: ["string", "null"]` (zod's nullable) likewise.
  const all = typesOf(node)
  const types = all.filter((type) => type !== "null")
  const nullable = types.length < all.length
  const values = stringValues(node)
  if (values !== undefined && types.every((type) => type === "string")) {
    return { node: withDescription({ type: "string", enum: values }, description), nullable }
  }
  if (node.enum !== undefined || node.const !== undefined) return { node: undefined, nullable }
  if (types.length !== 1 || typeof types[0] !== "string") return { node: undefined, nullable }
  const type = types[0]
  let out: SchemaNode | undefined
  switch (type) {
    case "string":
      out = lowerString(walk, node, at)
      break
    case "number":
    case "integer":
      out = lowerNumber(walk, node, at, type)
      break
    case "boolean":
      out = { type: "boolean" }
      break
    case "array":
      out = lowerArray(walk, node, at, depth)
      break
    case "object":
      out = lowerObject(walk, node, at, depth)
      break
  }
  return { node: withDescription(out, description), nullable }
}

/** `{}` — or what `standardSchema.ts` marks a `z.unknown()` or `z.any()` with: any JSON value. */
const isAnyValue = (node: unknown): boolean =>
  isRecord(node) &&
  Object.keys(node).every((key) =>
    key === "description" || (key === UNREPRESENTABLE && (node[key] === "unknown" || node[key] === "any"))
  )

const withoutKey = (node: JsonSchema, key: string): JsonSchema => {
  const out: Record<string, unknown> = { ...node }
  delete out[key]
  return out
}

const withDescription = (node: SchemaNode | undefined, description: string | undefined): SchemaNode | undefined =>
  node === undefined || description === undefined || node.description === description ? node : { ...node, description }

const lowerString = (walk: Walk, node: JsonSchema, at: string): SchemaNode => {
  const out: Record<string, unknown> = { type: "string" }
  const minLength = count(node.minLength)
  const maxLength = count(node.maxLength)
  if (minLength !== undefined && minLength > 0) out.minLength = minLength
  if (maxLength !== undefined) out.maxLength = maxLength
  if (typeof node.format === "string" && node.format !== "") out.format = node.format
  if (node.pattern !== undefined) lose(walk, at, `its pattern ${NOT_PUBLISHED}`)
  return out as unknown as SchemaNode
}

const lowerNumber = (walk: Walk, node: JsonSchema, at: string, type: "number" | "integer"): SchemaNode => {
  const out: Record<string, unknown> = { type }
  for (const keyword of ["minimum", "exclusiveMinimum", "maximum", "exclusiveMaximum"] as const) {
    const value = finite(node[keyword])
    // zod bounds every integer to the safe range: that says nothing a model needs.
    if (value === undefined || (type === "integer" && Math.abs(value) === Number.MAX_SAFE_INTEGER)) continue
    out[keyword] = value
  }
  if (node.multipleOf !== undefined) lose(walk, at, `multipleOf ${NOT_PUBLISHED}`)
  return out as unknown as SchemaNode
}

/** A child that has no node is published as a string, and said so. */
const child = (walk: Walk, raw: unknown, at: string, depth: number): SchemaNode =>
  NodeWalk.child(walk, at, depth, () => lower(walk, raw, at, depth), () => label(walk.root, raw))

const lowerArray = (walk: Walk, node: JsonSchema, at: string, depth: number): SchemaNode | undefined => {
  if (node.prefixItems !== undefined || Array.isArray(node.items)) return undefined
  if (!isRecord(node.items)) return undefined
  const out: Record<string, unknown> = { type: "array", items: child(walk, node.items, `${at}[]`, depth + 1) }
  const minItems = count(node.minItems)
  const maxItems = count(node.maxItems)
  if (minItems !== undefined && minItems > 0) out.minItems = minItems
  if (maxItems !== undefined) out.maxItems = maxItems
  if (node.uniqueItems === true) lose(walk, at, `uniqueItems ${NOT_PUBLISHED}`)
  return out as unknown as SchemaNode
}

const lowerObject = (walk: Walk, node: JsonSchema, at: string, depth: number): SchemaNode => {
  const out: Record<string, unknown> = { type: "object" }
  const declared = isRecord(node.properties) ? node.properties : {}
  const required = new Set(Array.isArray(node.required) ? node.required : [])
  const properties: Record<string, SchemaNode> = {}
  const names: Array<string> = []
  for (const name of Object.keys(declared)) {
    const problem = propertyNameProblem(name)
    const path = `${at}.${name}`
    if (problem !== undefined) {
      lose(walk, at, `the property ${JSON.stringify(clip(name, 40))} is left out: ${problem}`)
      continue
    }
    properties[name] = child(walk, declared[name], path, depth + 1)
    if (required.has(name)) names.push(name)
  }
  const additional = node.additionalProperties
  const open = additional === true || isAnyValue(additional)
    ? true
    : isRecord(additional)
    ? child(walk, additional, `${at}[*]`, depth + 1)
    : undefined
  if (Object.keys(properties).length > 0 || open === undefined) {
    out.properties = properties
    out.required = names
  }
  if (open !== undefined) out.additionalProperties = open
  if (node.patternProperties !== undefined) lose(walk, at, `patternProperties ${NOT_PUBLISHED}`)
  if (node.minProperties !== undefined || node.maxProperties !== undefined) {
    lose(walk, at, `minProperties and maxProperties ${NOT_PUBLISHED}`)
  }
  const keyRule = node.propertyNames
  if (isRecord(keyRule) && (keyRule.pattern !== undefined || keyRule.enum !== undefined)) {
    lose(walk, at, `the rule for its keys (propertyNames) ${NOT_PUBLISHED}`)
  }
  return out as unknown as SchemaNode
}

/**
 * The node of one property of `root` (`raw`, already read from `properties`), with every loss
 * found below it. `node` undefined: the property itself has no manifest type (the caller publishes
 * it as `"string"` and says so, as it always has); `nullable`: `null` was set aside at the top.
 *
 * @internal
 */
export const lowerJsonNode = (
  root: JsonSchema,
  raw: JsonSchema
): Lowered & { readonly losses: ReadonlyArray<NodeLoss> } => {
  const walk: Walk = { root, losses: [], open: [], nodes: 1 }
  const lowered = lower(walk, raw, "", 1)
  return { ...lowered, losses: walk.losses }
}
