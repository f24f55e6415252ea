/**
 * An Effect Schema type as a param schema node (docs/protocol.md §1.10), read from its AST — the
 * encoded side, which is what the model writes and the endpoint decodes — and what that loses. The
 * same rule as `jsonSchemaNode.ts` for Standard Schema libraries: what the protocol's subset can say
 * is kept exactly (structs, arrays, records, string literal unions, and the bounds refinements
 * carry as JSON Schema: `Schema.Int`, `between`, `maxLength`, `minItems`, …); what it cannot is left
 * out and named (a `pattern`, a tuple, a union of types, `null`, a recursive or transformed type).
 *
 * Read from the AST rather than through `JSONSchema.make`, whose output names every refinement
 * (`"title": "between(1, 7)"`) and leans on `$ref` siblings: the node here holds only what a model
 * reads and a client checks. Written once for both Effects: the AST is read one level at a time
 * through the target's `LowerEffect.ts` twin (`SchemaView`, docs/effect4.md §Model-facing schemas).
 */
import { union, view } from "#target/LowerEffect.js"
import type { SchemaNode } from "../manifest/paramSchema.js"
import { propertyNameProblem } from "../manifest/paramSchema.js"
import type { SchemaHandle, SchemaView } from "../shared/schemaView.js"
import { clip } from "../shared/text.js"
import type { NodeLoss } from "./nodeWalk.js"
import * as NodeWalk from "./nodeWalk.js"
import { lose, NOT_PUBLISHED } from "./nodeWalk.js"

/** A node's own description, unless it is the built-in one of its keyword. @internal */
export const typeDescription = (node: SchemaHandle): string | undefined => view(node).description

const isUndefined = (node: SchemaHandle): boolean => view(node)._tag === "Undefined"
const isNull = (node: SchemaHandle): boolean => view(node)._tag === "Null"

/** The values of a union made only of string literals (`Schema.Literal("c", "f")`), else undefined. @internal */
export const stringLiterals = (node: SchemaHandle): Array<string> | undefined => {
  const top = view(node)
  const members = top._tag === "Union" ? top.members.map(view) : [top]
  const values: Array<string> = []
  for (const member of members) {
    if (member._tag === "Literal" && typeof member.literal === "string") values.push(member.literal)
    else if (member._tag === "Enums" && member.values.every((value) => typeof value === "string")) {
      values.push(...member.values.map((value) => String(value)))
    } else return undefined
  }
  return [...new Set(values)]
}

/**
 * The type as a person reads it in a warning: `Array<string>`, `string | null`, `Date`. An
 * identifier (`Date`, `NumberFromString`) wins over the structure; `undefined` (how
 * `Schema.optional` spells an absent key) is not part of it.
 *
 * @internal
 */
export const label = (node: SchemaHandle, depth = 0): string => {
  const v = view(node)
  if (v.identifier !== undefined) return v.identifier
  if (depth > 3) return "…"
  switch (v._tag) {
    case "Tuple":
      return v.elements.length === 0 && v.rest.length === 1 ? `Array<${label(v.rest[0]!, depth + 1)}>` : "a tuple"
    case "Union":
      return v.members.filter((member) => !isUndefined(member)).map((member) => label(member, depth + 1)).join(" | ")
    case "Struct":
      return "a struct"
    case "Literal":
      return JSON.stringify(String(v.literal))
    case "Null":
      return "null"
    case "Refinement":
      return label(v.from, depth + 1)
    case "Transformation":
      return `${label(v.from, depth + 1)} (transformed)`
    case "Suspend":
      return "a recursive type"
    default:
      return v.name
  }
}

interface Walk extends NodeWalk.Walk {
  /** The suspended schemas being lowered: one met again is a recursive type. */
  readonly open: Array<SchemaHandle>
}

/** What refinements say that the subset says too, by keyword; the outermost refinement wins. */
const BOUNDS = ["minimum", "exclusiveMinimum", "maximum", "exclusiveMaximum", "minLength", "maxLength", "minItems", "maxItems"]


interface Peeled {
  readonly node: SchemaHandle
  readonly view: SchemaView
  readonly description: string | undefined
  readonly nullable: boolean
  /** JSON Schema keywords the refinements on the way carried. */
  readonly keywords: Record<string, unknown>
  /** The targets of the suspends looked through: what is being lowered below, for cycle detection. */
  readonly suspended: ReadonlyArray<SchemaHandle>
  readonly recursive: boolean
}

/**
 * Looks through refinements (keeping the JSON Schema they carry), suspends, a struct's encoded
 * side, and `undefined`/`null` in a union, to the type underneath. The outermost description wins.
 */
const peel = (walk: Walk, start: SchemaHandle): Peeled => {
  let node = start
  let current = view(node)
  let description = current.description
  let nullable = false
  let recursive = false
  const suspended: Array<SchemaHandle> = []
  const keywords: Record<string, unknown> = {}
  const seen = new Set<SchemaHandle>([node])
  for (;;) {
    let next: SchemaHandle | undefined
    if (current._tag === "Refinement") {
      for (const [keyword, value] of Object.entries(current.keywords)) if (!(keyword in keywords)) keywords[keyword] = value
      next = current.from
    } else if (current._tag === "Suspend") {
      next = current.target()
      if (walk.open.includes(next)) {
        recursive = true
        break
      }
      suspended.push(next)
    } else if (current._tag === "Transformation" && current.struct) {
      // A struct with defaults or renamed keys: the model writes the encoded side.
      next = current.from
    } else if (current._tag === "Union") {
      const defined = current.members.filter((member) => !isUndefined(member))
      const present = defined.filter((member) => !isNull(member))
      nullable ||= present.length < defined.length
      if (present.length === 1) next = present[0]
      else if (present.length > 1 && present.length < current.members.length) next = union(present)
    }
    if (next === undefined || seen.has(next)) break
    node = next
    seen.add(node)
    current = view(node)
    description ??= current.description
  }
  return { node, view: current, description, nullable, keywords, suspended, recursive }
}

const count = (u: unknown): number | undefined => (typeof u === "number" && Number.isSafeInteger(u) && u >= 0 ? u : undefined)

/** The keywords of `type` that the refinements carried and the subset takes; the others are named. */
const bounds = (walk: Walk, at: string, type: string, keywords: Record<string, unknown>): Record<string, unknown> => {
  const out: Record<string, unknown> = {}
  const own = type === "string"
    ? ["minLength", "maxLength"]
    : type === "number" || type === "integer"
    ? ["minimum", "exclusiveMinimum", "maximum", "exclusiveMaximum"]
    : type === "array"
    ? ["minItems", "maxItems"]
    : []
  for (const keyword of BOUNDS) {
    const value = keywords[keyword]
    if (value === undefined || !own.includes(keyword)) continue
    const ok = keyword.endsWith("imum") ? typeof value === "number" && Number.isFinite(value) : count(value) !== undefined
    if (ok && !(keyword === "minLength" && value === 0) && !(keyword === "minItems" && value === 0)) out[keyword] = value
  }
  if (keywords.pattern !== undefined) lose(walk, at, `its pattern ${NOT_PUBLISHED}`)
  if (keywords.multipleOf !== undefined) lose(walk, at, `multipleOf ${NOT_PUBLISHED}`)
  return out
}

/** A node, or undefined when the type has none ("no manifest type"). */
const lower = (walk: Walk, start: SchemaHandle, at: string, depth: number): { node: SchemaNode | undefined; nullable: boolean } => {
  const peeled = peel(walk, start)
  const { description, keywords, node, nullable } = peeled
  if (peeled.recursive) {
    lose(walk, at, "a recursive type has no manifest type; published as \"string\"")
    return { node: withDescription({ type: "string" }, description), nullable }
  }
  const values = stringLiterals(node)
  if (values !== undefined) return { node: withDescription({ type: "string", enum: values }, description), nullable }
  // Every type being lowered is open, so that a suspend leading back to any of them ends there.
  walk.open.push(...peeled.suspended, node)
  try {
    return { node: withDescription(lowerPeeled(walk, peeled.view, at, depth, keywords), description), nullable }
  } finally {
    walk.open.length -= peeled.suspended.length + 1
  }
}

const lowerPeeled = (
  walk: Walk,
  peeled: SchemaView,
  at: string,
  depth: number,
  keywords: Record<string, unknown>
): SchemaNode | undefined => {
  switch (peeled._tag) {
    case "String":
    case "TemplateLiteral":
      return { type: "string", ...bounds(walk, at, "string", keywords) } as SchemaNode
    case "Number": {
      const type = keywords.type === "integer" ? "integer" : "number"
      return { type, ...bounds(walk, at, type, keywords) } as SchemaNode
    }
    case "Boolean":
      return { type: "boolean" }
    case "Tuple":
      return lowerTuple(walk, peeled, at, depth, keywords)
    case "Struct":
      return lowerStruct(walk, peeled, at, depth)
    default:
      return undefined
  }
}

const withDescription = (node: SchemaNode | undefined, description: string | undefined): SchemaNode | undefined =>
  node === undefined || description === undefined ? node : { ...node, description }

/** A child that has no node is published as a string, and said so. */
const child = (walk: Walk, node: SchemaHandle, at: string, depth: number): SchemaNode =>
  NodeWalk.child(walk, at, depth, () => lower(walk, node, at, depth), () => label(node))

/** `Schema.Array(X)`, and `Schema.NonEmptyArray(X)` (one `X` element before the rest); any other tuple has no node. */
const lowerTuple = (
  walk: Walk,
  tuple: Extract<SchemaView, { readonly _tag: "Tuple" }>,
  at: string,
  depth: number,
  keywords: Record<string, unknown>
): SchemaNode | undefined => {
  const rest = tuple.rest[0]
  if (tuple.rest.length !== 1 || rest === undefined) return undefined
  if (!tuple.elements.every((element) => element.type === rest && !element.optional)) return undefined
  const out: Record<string, unknown> = { type: "array", items: child(walk, rest, `${at}[]`, depth + 1) }
  Object.assign(out, bounds(walk, at, "array", keywords))
  const minItems = Math.max(tuple.elements.length, typeof out.minItems === "number" ? out.minItems : 0)
  if (minItems > 0) out.minItems = minItems
  return out as unknown as SchemaNode
}

/** `Schema.Struct` (its encoded side) and `Schema.Record({ key: Schema.String, value })`. */
const lowerStruct = (
  walk: Walk,
  struct: Extract<SchemaView, { readonly _tag: "Struct" }>,
  at: string,
  depth: number
): SchemaNode => {
  const properties: Record<string, SchemaNode> = {}
  const required: Array<string> = []
  for (const signature of struct.properties) {
    const name = signature.name
    if (typeof name !== "string") {
      lose(walk, at, "a symbol key is left out: JSON has none")
      continue
    }
    const problem = propertyNameProblem(name)
    if (problem !== undefined) {
      lose(walk, at, `the property ${JSON.stringify(clip(name, 40))} is left out: ${problem}`)
      continue
    }
    const node = child(walk, signature.type, `${at}.${name}`, depth + 1)
    const description = signature.description
    properties[name] = description === undefined ? node : { ...node, description }
    if (!signature.optional) required.push(name)
  }
  let additional: SchemaNode | true | undefined
  for (const index of struct.indexes) {
    if (view(index.parameter)._tag !== "String" || additional !== undefined) {
      lose(walk, at, `a record whose keys are ${clip(label(index.parameter), 40)} ${NOT_PUBLISHED}`)
      continue
    }
    // `Schema.Record({ key: Schema.String, value: Schema.Unknown })`: any JSON under any key.
    const free = view(index.type)._tag === "Unknown"
    additional = free ? true : child(walk, index.type, `${at}[*]`, depth + 1)
  }
  if (additional !== undefined && additional !== true && struct.properties.length > 0) {
    // JSON Schema's additionalProperties covers the other keys only; Effect's record covers every key.
    lose(walk, at, "Effect checks its fields against the record's values too, which a param schema cannot say; " +
      "the fields are published with their own schemas")
  }
  const out: Record<string, unknown> = { type: "object" }
  if (struct.properties.length > 0 || additional === undefined) {
    out.properties = properties
    out.required = required
  }
  if (additional !== undefined) out.additionalProperties = additional
  return out as unknown as SchemaNode
}

/**
 * The node of one field's type, with every loss found below it. `node` undefined: the type itself
 * has no manifest type (the caller publishes `"string"` and says so, as it always has); `nullable`:
 * `null` was set aside at the top.
 *
 * @internal
 */
export const lowerEffectNode = (
  node: SchemaHandle
): { readonly node: SchemaNode | undefined; readonly nullable: boolean; readonly losses: ReadonlyArray<NodeLoss> } => {
  const walk: Walk = { losses: [], open: [], nodes: 1 }
  const lowered = lower(walk, node, "", 1)
  return { ...lowered, losses: walk.losses }
}
