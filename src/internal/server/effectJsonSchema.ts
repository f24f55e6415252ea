/**
 * The JSON Schema of an Effect Schema `output`'s encoded side, written from the shared `SchemaView`
 * (docs/effect4.md §Model-facing schemas): the same bytes whichever Effect the Schema is written
 * with, since an `outputSchema` reaches a model through an MCP host. `lowerOutput.ts` then
 * translates it into the protocol's subset, as it does any other JSON Schema.
 *
 * Each Effect's own JSON Schema was not taken: Effect 4's `toJsonSchemaDocument` writes open
 * objects, `Number` with its `"Infinity"`/`"NaN"` strings and `Int` as the safe-integer bounds,
 * where Effect 3's `JSONSchema.make` does not. What is written here is what Effect 3's
 * `JSONSchema.make` wrote before (the shapes, key order, titles and descriptions; Effect 4's built-in
 * checks get Effect 3's words from its twin), so that an Effect 3 server publishes what it did.
 * Where a view cannot say what Effect 3 said (a `jsonSchema` annotation on anything but a
 * refinement, `default` and `examples`, the words of a template literal with a union in it,
 * `parseJson`'s schema), the CHANGELOG names it; `test/server/output.effect3.test.ts` holds the rest to
 * `JSONSchema.make` itself.
 *
 * No `$ref`s: a type met again inside itself (through a suspend) is marked `RECURSIVE`, which the
 * translation publishes as any value with a warning, as it does a definition inside itself.
 */
import { view } from "#target/LowerEffect.js"
import type { SchemaHandle, SchemaView } from "../shared/schemaView.js"
import { label } from "./effectSchemaNode.js"

/** Marks a type met again inside itself; the value names it. @internal */
export const RECURSIVE = "x-rcp-recursive"

type Json = Record<string, unknown>

// Effect 3's schemas for `object` and `{}` (the translation drops the `$id`s).
const OBJECT_ID = "/schemas/object"
const EMPTY_STRUCT_ID = "/schemas/%7B%7D"
const UNKNOWN_ID = "/schemas/unknown"
const objectOrArray = (id: string): Json => ({ $id: id, anyOf: [{ type: "object" }, { type: "array" }] })

/** A type with no JSON Schema: `output` is refused where the tool is written, as Effect 3 refused it. */
class NoJsonSchema extends Error {}

const annotations = (v: SchemaView): Json => {
  const out: Json = {}
  if (v.description !== undefined) out.description = v.description
  if (v.title !== undefined) out.title = v.title
  return out
}

const annotate = (schema: Json, v: SchemaView): Json => ({ ...schema, ...annotations(v) })

const isUndefined = (node: SchemaHandle): boolean => view(node)._tag === "Undefined"

/** Effect 3's keywords that a nested refinement of the same kind writes beside the outer one (`allOf`). */
const STACKED: ReadonlyArray<readonly [string, (inner: unknown, outer: unknown) => boolean]> = [
  ["minLength", (i, o) => (i as number) > (o as number)],
  ["maxLength", (i, o) => (i as number) < (o as number)],
  ["pattern", (i, o) => i !== o],
  ["minItems", (i, o) => (i as number) > (o as number)],
  ["maxItems", (i, o) => (i as number) < (o as number)],
  ["minimum", (i, o) => (i as number) > (o as number)],
  ["maximum", (i, o) => (i as number) < (o as number)],
  ["exclusiveMinimum", (i, o) => (i as number) > (o as number)],
  ["exclusiveMaximum", (i, o) => (i as number) < (o as number)],
  ["multipleOf", (i, o) => i !== o]
]

/** A refinement: its base, its words, then its keywords; an inner bound that still says more is kept in `allOf`. */
const refine = (from: Json, v: SchemaView, keywords: Readonly<Record<string, unknown>>): Json => {
  // Keywords that name a type of their own replace the base (Effect 3's "override"); `Int`'s refine it.
  const override = ("type" in keywords && keywords.type !== "integer") || "anyOf" in keywords || "oneOf" in keywords
  if (override) return { ...keywords }
  const out: Json = { ...from, ...annotations(v), ...keywords }
  let allOf: Array<unknown> = Array.isArray(from.allOf) ? [...from.allOf as Array<unknown>] : []
  for (const [keyword, stricter] of STACKED) {
    if (keyword in keywords && keyword in from) {
      allOf.unshift({ [keyword]: from[keyword] })
      allOf = allOf.filter((entry) =>
        !(keyword in (entry as Json)) || stricter((entry as Json)[keyword], keywords[keyword])
      )
    }
  }
  if (allOf.length > 0) out.allOf = allOf
  else delete out.allOf
  return out
}

/** `Schema.Literal("a")` as Effect 3 wrote it: a type and a one-value enum. */
const literal = (value: unknown): Json => {
  if (value === null) return { type: "null" }
  if (typeof value === "string") return { type: "string", enum: [value] }
  if (typeof value === "number") return { type: "number", enum: [value] }
  if (typeof value === "boolean") return { type: "boolean", enum: [value] }
  throw new NoJsonSchema(`${typeof value} literal`)
}

const enumOnly = (m: Json | boolean | undefined): m is Json =>
  typeof m === "object" && Array.isArray(m.enum) && "type" in m && Object.keys(m).length === 2

/**
 * A union's members as Effect 3 wrote them: adjacent one-value enums of one type become one enum,
 * and any value (`Schema.Unknown`) stands for the whole union.
 */
const anyOf = (members: ReadonlyArray<Json | boolean>, v: SchemaView): Json | boolean => {
  const out: Array<Json | boolean> = []
  for (const member of members) {
    if (typeof member === "object" && member.$id === UNKNOWN_ID) {
      out.length = 0
      out.push(member)
      break
    }
    const last = out[out.length - 1]
    if (enumOnly(member) && enumOnly(last) && last.type === member.type) {
      const values = [...(last.enum as Array<unknown>), ...(member.enum as Array<unknown>)]
      out[out.length - 1] = { type: last.type, enum: values }
    } else out.push(member)
  }
  const [only] = out
  if (out.length === 1 && only !== undefined) return typeof only === "boolean" ? only : annotate(only, v)
  return annotate({ anyOf: out }, v)
}

interface Walk {
  /** The types being written, outermost first: one met again through a suspend is recursive. */
  readonly open: Array<SchemaHandle>
  nodes: number
  readonly budget: number
}

const write = (walk: Walk, node: SchemaHandle): Json | boolean => {
  // Past the budget the rest is any value; the translation, which counts the same way, says so.
  if (++walk.nodes > walk.budget) return true
  const v = view(node)
  walk.open.push(node)
  try {
    return writeView(walk, v)
  } finally {
    walk.open.pop()
  }
}

const writeView = (walk: Walk, v: SchemaView): Json | boolean => {
  switch (v._tag) {
    case "String":
      return annotate({ type: "string" }, v)
    case "Number":
      return annotate({ type: "number" }, v)
    case "Boolean":
      return annotate({ type: "boolean" }, v)
    case "TemplateLiteral":
      return annotate(
        v.text === undefined
          ? { type: "string" }
          : { type: "string", title: v.text, description: "a template literal", pattern: v.pattern },
        v
      )
    case "Null":
      return annotate({ type: "null" }, v)
    case "Unknown":
      return annotate({ $id: UNKNOWN_ID }, v)
    case "Literal":
      return annotate(literal(v.literal), v)
    case "Enums":
      return annotate({
        $comment: "/schemas/enums",
        anyOf: v.values.map((value, i) => ({
          type: typeof value === "number" ? "number" : "string",
          title: v.names[i],
          enum: [value]
        }))
      }, v)
    case "Refinement": {
      const from = write(walk, v.from)
      // Effect 3 writes a refinement of a transformation (`Schema.Date`) as the encoded side alone.
      if (typeof from === "boolean" || !v.hasJsonSchema || view(v.from)._tag === "Transformation") return from
      return refine(from, v, v.keywords)
    }
    case "Transformation": {
      const from = write(walk, v.from)
      return typeof from === "boolean" ? from : annotate(from, v)
    }
    case "Suspend": {
      const target = v.target()
      if (walk.open.includes(target)) return { [RECURSIVE]: view(target).identifier ?? label(target) }
      return write(walk, target)
    }
    case "Union":
      return anyOf(v.members.map((member) => write(walk, member)), v)
    case "Tuple":
      return writeTuple(walk, v)
    case "Struct":
      return writeStruct(walk, v)
    case "Undefined":
      throw new NoJsonSchema("undefined")
    default:
      if (v.name === "object") return annotate(objectOrArray(OBJECT_ID), v)
      throw new NoJsonSchema(v.identifier ?? v.name)
  }
}

const writeTuple = (walk: Walk, v: Extract<SchemaView, { readonly _tag: "Tuple" }>): Json => {
  const out: Json = { type: "array" }
  if (v.elements.length > 0) {
    out.minItems = v.elements.filter((element) => !element.optional).length
    out.items = v.elements.map((element) => write(walk, element.type))
  }
  const rest = v.rest[0]
  if (rest !== undefined) {
    if (v.rest.length > 1) throw new NoJsonSchema("a tuple with elements after its rest")
    const head = write(walk, rest)
    if (v.elements.every((element) => element.type === rest)) out.items = head
    else out.additionalItems = head
  } else if (v.elements.length > 0) out.additionalItems = false
  else out.maxItems = 0
  return annotate(out, v)
}

/** The type of a property: an optional key's `undefined` is the key's absence, not a value. */
const withoutUndefined = (
  node: SchemaHandle
): { readonly node: SchemaHandle | undefined; readonly pruned: boolean } => {
  const v = view(node)
  if (v._tag !== "Union" || !v.members.some(isUndefined)) return { node, pruned: false }
  const defined = v.members.filter((member) => !isUndefined(member))
  return { node: defined.length === 1 ? defined[0] : undefined, pruned: true }
}

const writeStruct = (walk: Walk, v: Extract<SchemaView, { readonly _tag: "Struct" }>): Json => {
  if (v.properties.length === 0 && v.indexes.length === 0) return annotate(objectOrArray(EMPTY_STRUCT_ID), v)
  const required: Array<string> = []
  const properties: Json = {}
  const out: Json = { type: "object", required, properties, additionalProperties: false }
  let patternProperties: unknown
  for (const index of v.indexes) {
    const value = writeProperty(walk, index.type)
    if (view(index.parameter)._tag === "String") out.additionalProperties = value
    else patternProperties = value
  }
  for (const property of v.properties) {
    if (typeof property.name !== "string") throw new NoJsonSchema("a symbol key")
    const written = writeProperty(walk, property.type)
    const schema = typeof written === "boolean" || property.description === undefined
      ? written
      : { ...written, description: property.description }
    // Defined, not assigned: a property named `__proto__` is a property like any other.
    Object.defineProperty(properties, property.name, {
      value: schema,
      enumerable: true,
      writable: true,
      configurable: true
    })
    if (!property.optional && !withoutUndefined(property.type).pruned) required.push(property.name)
  }
  if (patternProperties !== undefined) {
    delete out.additionalProperties
    out.patternProperties = { "": patternProperties }
  }
  return annotate(out, v)
}

const writeProperty = (walk: Walk, type: SchemaHandle): Json | boolean => {
  const { node, pruned } = withoutUndefined(type)
  if (node !== undefined) return write(walk, node)
  const v = view(type)
  // `X | Y | undefined`: the union of the defined members.
  if (!pruned || v._tag !== "Union") return write(walk, type)
  return anyOf(v.members.filter((member) => !isUndefined(member)).map((member) => write(walk, member)), v)
}

/**
 * The JSON Schema of the type `node` (an `output`'s), or the reason it has none: a type JSON
 * cannot carry (a `Schema.declare`d class, a bigint, a symbol, `undefined` outside a key).
 *
 * @internal
 */
export const jsonSchema = (
  node: SchemaHandle,
  budget: number
): { readonly _tag: "Ok"; readonly schema: Json | boolean } | { readonly _tag: "None"; readonly reason: string } => {
  try {
    return { _tag: "Ok", schema: write({ open: [], nodes: 0, budget }, node) }
  } catch (cause) {
    if (cause instanceof NoJsonSchema) return { _tag: "None", reason: `${cause.message} has no JSON Schema` }
    throw cause
  }
}
