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
 * reads and a client checks. This module is Effect-version-specific, like `lowerEffect.ts`.
 */
import * as Option from "effect/Option"
import * as AST from "effect/SchemaAST"
import type { SchemaNode } from "../manifest/paramSchema.js"
import { propertyNameProblem } from "../manifest/paramSchema.js"
import { clip } from "../shared/text.js"
import type { NodeLoss } from "./nodeWalk.js"
import * as NodeWalk from "./nodeWalk.js"
import { lose, NOT_PUBLISHED } from "./nodeWalk.js"

// A brand or an annotation copies the keyword with its built-in description ("a string"); that
// text is Effect's, not the author's, and would only be noise in front of the model.
const builtInDescriptions: ReadonlyMap<AST.AST["_tag"], string | undefined> = new Map(
  [AST.stringKeyword, AST.numberKeyword, AST.booleanKeyword].map((ast) => [
    ast._tag,
    Option.getOrUndefined(AST.getDescriptionAnnotation(ast))
  ])
)

/** @internal */
export const described = (annotated: AST.Annotated): string | undefined =>
  Option.getOrUndefined(AST.getDescriptionAnnotation(annotated))

/** A node's own description, unless it is the built-in one of its keyword. @internal */
export const typeDescription = (ast: AST.AST): string | undefined => {
  const description = described(ast)
  return description === builtInDescriptions.get(ast._tag) ? undefined : description
}

const isUndefined = (ast: AST.AST): boolean => ast._tag === "UndefinedKeyword"
const isNull = (ast: AST.AST): boolean => ast._tag === "Literal" && ast.literal === null

/** The values of a union made only of string literals (`Schema.Literal("c", "f")`), else undefined. @internal */
export const stringLiterals = (ast: AST.AST): Array<string> | undefined => {
  const members = ast._tag === "Union" ? ast.types : [ast]
  const values: Array<string> = []
  for (const member of members) {
    if (member._tag === "Literal" && typeof member.literal === "string") values.push(member.literal)
    else if (member._tag === "Enums" && member.enums.every(([, value]) => typeof value === "string")) {
      values.push(...member.enums.map(([, value]) => String(value)))
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
export const label = (ast: AST.AST, depth = 0): string => {
  const identifier = Option.getOrUndefined(AST.getIdentifierAnnotation(ast))
  if (identifier !== undefined) return identifier
  if (depth > 3) return "…"
  switch (ast._tag) {
    case "TupleType":
      return ast.elements.length === 0 && ast.rest.length === 1
        ? `Array<${label(ast.rest[0]!.type, depth + 1)}>`
        : "a tuple"
    case "Union":
      return ast.types.filter((member) => !isUndefined(member)).map((member) => label(member, depth + 1)).join(" | ")
    case "TypeLiteral":
      return "a struct"
    case "Literal":
      return ast.literal === null ? "null" : JSON.stringify(String(ast.literal))
    case "Refinement":
      return label(ast.from, depth + 1)
    case "Transformation":
      return `${label(ast.from, depth + 1)} (transformed)`
    case "Suspend":
      return "a recursive type"
    default:
      return ast._tag.replace(/Keyword$/, "").toLowerCase()
  }
}

interface Walk extends NodeWalk.Walk {
  /** The suspended schemas being lowered: one met again is a recursive type. */
  readonly open: Array<AST.AST>
}

/** What refinements say that the subset says too, by keyword; the outermost refinement wins. */
const BOUNDS = ["minimum", "exclusiveMinimum", "maximum", "exclusiveMaximum", "minLength", "maxLength", "minItems", "maxItems"]


interface Peeled {
  readonly ast: AST.AST
  readonly description: string | undefined
  readonly nullable: boolean
  /** JSON Schema keywords the refinements on the way carried. */
  readonly keywords: Record<string, unknown>
  /** The targets of the suspends looked through: what is being lowered below, for cycle detection. */
  readonly suspended: ReadonlyArray<AST.AST>
  readonly recursive: boolean
}

/**
 * Looks through refinements (keeping the JSON Schema they carry), suspends, a struct's encoded
 * side, and `undefined`/`null` in a union, to the type underneath. The outermost description wins.
 */
const peel = (walk: Walk, start: AST.AST): Peeled => {
  let node = start
  let description = typeDescription(node)
  let nullable = false
  let recursive = false
  const suspended: Array<AST.AST> = []
  const keywords: Record<string, unknown> = {}
  const seen = new Set<AST.AST>([node])
  for (;;) {
    let next: AST.AST | undefined
    if (node._tag === "Refinement") {
      const json = Option.getOrUndefined(AST.getJSONSchemaAnnotation(node)) as Record<string, unknown> | undefined
      for (const [keyword, value] of Object.entries(json ?? {})) if (!(keyword in keywords)) keywords[keyword] = value
      next = node.from
    } else if (node._tag === "Suspend") {
      next = node.f()
      if (walk.open.includes(next)) {
        recursive = true
        break
      }
      suspended.push(next)
    } else if (node._tag === "Transformation" && AST.isTypeLiteralTransformation(node.transformation)) {
      // A struct with defaults or renamed keys: the model writes the encoded side.
      next = node.from
    } else if (node._tag === "Union") {
      const defined = node.types.filter((member) => !isUndefined(member))
      const present = defined.filter((member) => !isNull(member))
      nullable ||= present.length < defined.length
      if (present.length === 1) next = present[0]
      else if (present.length > 1 && present.length < node.types.length) next = AST.Union.make(present)
    }
    if (next === undefined || seen.has(next)) break
    node = next
    seen.add(node)
    description ??= typeDescription(node)
  }
  return { ast: node, description, nullable, keywords, suspended, recursive }
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
const lower = (walk: Walk, start: AST.AST, at: string, depth: number): { node: SchemaNode | undefined; nullable: boolean } => {
  const peeled = peel(walk, start)
  const { ast, description, keywords, nullable } = peeled
  if (peeled.recursive) {
    lose(walk, at, "a recursive type has no manifest type; published as \"string\"")
    return { node: withDescription({ type: "string" }, description), nullable }
  }
  const values = stringLiterals(ast)
  if (values !== undefined) return { node: withDescription({ type: "string", enum: values }, description), nullable }
  // Every type being lowered is open, so that a suspend leading back to any of them ends there.
  walk.open.push(...peeled.suspended, ast)
  try {
    return { node: withDescription(lowerPeeled(walk, ast, at, depth, keywords), description), nullable }
  } finally {
    walk.open.length -= peeled.suspended.length + 1
  }
}

const lowerPeeled = (
  walk: Walk,
  ast: AST.AST,
  at: string,
  depth: number,
  keywords: Record<string, unknown>
): SchemaNode | undefined => {
  let node: SchemaNode | undefined
  switch (ast._tag) {
    case "StringKeyword":
    case "TemplateLiteral":
      node = { type: "string", ...bounds(walk, at, "string", keywords) } as SchemaNode
      break
    case "NumberKeyword": {
      const type = keywords.type === "integer" ? "integer" : "number"
      node = { type, ...bounds(walk, at, type, keywords) } as SchemaNode
      break
    }
    case "BooleanKeyword":
      node = { type: "boolean" }
      break
    case "TupleType":
      node = lowerTuple(walk, ast, at, depth, keywords)
      break
    case "TypeLiteral":
      node = lowerStruct(walk, ast, at, depth)
      break
  }
  return node
}

const withDescription = (node: SchemaNode | undefined, description: string | undefined): SchemaNode | undefined =>
  node === undefined || description === undefined ? node : { ...node, description }

/** A child that has no node is published as a string, and said so. */
const child = (walk: Walk, ast: AST.AST, at: string, depth: number): SchemaNode =>
  NodeWalk.child(walk, at, depth, () => lower(walk, ast, at, depth), () => label(ast))

/** `Schema.Array(X)`, and `Schema.NonEmptyArray(X)` (one `X` element before the rest); any other tuple has no node. */
const lowerTuple = (
  walk: Walk,
  ast: AST.TupleType,
  at: string,
  depth: number,
  keywords: Record<string, unknown>
): SchemaNode | undefined => {
  const rest = ast.rest[0]?.type
  if (ast.rest.length !== 1 || rest === undefined) return undefined
  if (!ast.elements.every((element) => element.type === rest && !element.isOptional)) return undefined
  const out: Record<string, unknown> = { type: "array", items: child(walk, rest, `${at}[]`, depth + 1) }
  Object.assign(out, bounds(walk, at, "array", keywords))
  const minItems = Math.max(ast.elements.length, typeof out.minItems === "number" ? out.minItems : 0)
  if (minItems > 0) out.minItems = minItems
  return out as unknown as SchemaNode
}

/** `Schema.Struct` (its encoded side) and `Schema.Record({ key: Schema.String, value })`. */
const lowerStruct = (walk: Walk, ast: AST.TypeLiteral, at: string, depth: number): SchemaNode => {
  const properties: Record<string, SchemaNode> = {}
  const required: Array<string> = []
  for (const signature of ast.propertySignatures) {
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
    const description = described(signature)
    properties[name] = description === undefined ? node : { ...node, description }
    if (!signature.isOptional) required.push(name)
  }
  let additional: SchemaNode | true | undefined
  for (const index of ast.indexSignatures) {
    if (index.parameter._tag !== "StringKeyword" || additional !== undefined) {
      lose(walk, at, `a record whose keys are ${clip(label(index.parameter), 40)} ${NOT_PUBLISHED}`)
      continue
    }
    // `Schema.Record({ key: Schema.String, value: Schema.Unknown })`: any JSON under any key.
    const free = index.type._tag === "UnknownKeyword" || index.type._tag === "AnyKeyword"
    additional = free ? true : child(walk, index.type, `${at}[*]`, depth + 1)
  }
  if (additional !== undefined && additional !== true && ast.propertySignatures.length > 0) {
    // JSON Schema's additionalProperties covers the other keys only; Effect's record covers every key.
    lose(walk, at, "Effect checks its fields against the record's values too, which a param schema cannot say; " +
      "the fields are published with their own schemas")
  }
  const out: Record<string, unknown> = { type: "object" }
  if (ast.propertySignatures.length > 0 || additional === undefined) {
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
  ast: AST.AST
): { readonly node: SchemaNode | undefined; readonly nullable: boolean; readonly losses: ReadonlyArray<NodeLoss> } => {
  const walk: Walk = { losses: [], open: [], nodes: 1 }
  const lowered = lower(walk, ast, "", 1)
  return { ...lowered, losses: walk.losses }
}
