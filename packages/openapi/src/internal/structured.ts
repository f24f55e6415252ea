/**
 * An OpenAPI schema as the schema of an array or object param (docs/protocol.md §1.10,
 * docs/openapi.md §Structured values): the subset every provider takes — types, `items`,
 * `properties`/`required`, `additionalProperties`, string `enum`, bounds, `format` — within the
 * protocol's limits (8 levels, 1,000 nodes, property names a form key can hold). What the subset
 * cannot say is approximated on the side of letting the REST API judge: a shape too deep, too large
 * or recursive becomes a free-form object; `allOf` is merged; Stripe's "emptyable" `anyOf` (a shape,
 * or `""` to unset it) is the shape; another choice between shapes takes the first, and says so.
 * Every node spends from the import's budget.
 */
import type * as Manifest from "rcp-sdk/manifest"
import * as Body from "./shape.js"
import * as Schema from "./schema.js"
import { clip, isRecord } from "./text.js"

// docs/protocol.md §1.10's limits (the manifest's validation checks them again).
const MAX_DEPTH = 8
const MAX_NODES = 1000
const MAX_PROPERTY_NAME = 128
const NODE_DESCRIPTION_MAX = 300

type Node = Manifest.ParamSchema

const FREE: Node = { type: "object", additionalProperties: true }

/** What a schema is, seen through an `anyOf`/`oneOf` that only adds "unset" (`""`, `null`). @internal */
export const unwrap = (ctx: Body.Context, unresolved: unknown): { readonly schema: unknown; readonly choices: number } => {
  const schema = ctx.refs.resolve(unresolved)
  if (!isRecord(schema)) return { schema, choices: 1 }
  const options = Array.isArray(schema.anyOf) ? schema.anyOf : Array.isArray(schema.oneOf) ? schema.oneOf : undefined
  if (options === undefined || schema.type !== undefined || isRecord(schema.properties)) return { schema, choices: 1 }
  const real = options.map((o) => ctx.refs.resolve(o)).filter((o) => !unsets(o))
  if (real.length === 0) return { schema, choices: 1 }
  // The choice's own description (Stripe writes it beside `anyOf`) goes with the shape.
  const first = real[0]
  const merged = isRecord(first) && typeof schema.description === "string" ? { ...first, description: schema.description } : first
  return { schema: merged, choices: real.length }
}

/** `{ "type": "string", "enum": [""] }` (Stripe: post an empty value to unset) or `{ "type": "null" }`. */
const unsets = (schema: unknown): boolean =>
  isRecord(schema) &&
  (schema.type === "null" ||
    (schema.type === "string" && Array.isArray(schema.enum) && schema.enum.length === 1 && schema.enum[0] === ""))

/** Whether the schema (or an array's items) is a file: a multipart body with one cannot be a form. @internal */
export const isFile = (ctx: Body.Context, unresolved: unknown): boolean => {
  const { schema } = unwrap(ctx, unresolved)
  if (!isRecord(schema)) return false
  if (schema.type === "file" || schema.format === "binary" || schema.format === "base64" && schema.type === "string") return true
  if (typeof schema.contentMediaType === "string" || typeof schema.contentEncoding === "string") return true
  return schema.type === "array" && isRecord(ctx.refs.resolve(schema.items)) && isFile(ctx, schema.items)
}

/** The structured kind of a schema after `unwrap`: what a param of it would be. @internal */
export const kindOf = (ctx: Body.Context, unresolved: unknown): Schema.Kind => Schema.kind(ctx.refs, unwrap(ctx, unresolved).schema)

/** A name a form key and a JSON object can both hold as a property. */
const propertyNameOk = (name: string): boolean =>
  name.length >= 1 && name.length <= MAX_PROPERTY_NAME && name !== "__proto__" && !/[[\]\u0000-\u001f\u007f]/.test(name)

const finite = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value)
const whole = (value: unknown): value is number => finite(value) && Number.isInteger(value) && value >= 0

/** @internal */
export interface Converted {
  readonly node: Node
  /** What the conversion had to approximate, for a note. */
  readonly losses: ReadonlyArray<string>
}

/**
 * The param schema of `unresolved`, an array or object (after `unwrap`), or `undefined` when no
 * node of the subset can hold its values (an array nested past the depth limit).
 *
 * @internal
 */
export const convert = (ctx: Body.Context, unresolved: unknown): Converted | undefined => {
  // The same schema (a `$ref`'d request object many operations take) converts the same way every
  // time: once per import, so that the budget pays for each distinct shape once.
  const root = ctx.refs.resolve(unresolved)
  return isRecord(root) ? convertNode(ctx, root) : convertOnce(ctx, root)
}

const convertNode = Body.perNode((ctx, node) => convertOnce(ctx, node))

const convertOnce = (ctx: Body.Context, unresolved: unknown): Converted | undefined => {
  let nodes = 0
  const losses = new Set<string>()
  const onPath = new Set<object>()

  const describe = (schema: Record<string, unknown>): { description?: string } => {
    const text = Schema.ownText(schema)?.trim()
    return text === undefined || text === "" ? {} : { description: clip(text.replace(/\s+/g, " "), NODE_DESCRIPTION_MAX) }
  }

  const walk = (raw: unknown, depth: number): Node | undefined => {
    ctx.budget.spend(1)
    // Past the protocol's node limit nothing more is laid out: an object above takes the rest
    // free-form, an array above cannot be said.
    if (nodes >= MAX_NODES) {
      losses.add("more than 1,000 nodes: the rest is free-form")
      return undefined
    }
    nodes++
    const { choices, schema } = unwrap(ctx, raw)
    if (choices > 1) losses.add("one of several shapes: the first is taken")
    if (!isRecord(schema) || typeof schema.$ref === "string") {
      losses.add("a schema that cannot be read is free-form")
      return FREE
    }
    if (onPath.has(schema)) {
      losses.add("a recursive shape is free-form where it repeats")
      return FREE
    }
    const kind = Schema.kind(ctx.refs, schema)
    const own = describe(schema)
    switch (kind._tag) {
      case "Scalar":
        return scalar(schema, kind.type, own)
      case "Unknown":
        losses.add("a value of no declared type is free-form")
        return { ...FREE, ...own }
      case "Array": {
        if (depth >= MAX_DEPTH) return undefined
        onPath.add(schema)
        const items = walk(schema.items, depth + 1)
        onPath.delete(schema)
        if (items === undefined) return undefined
        return {
          type: "array",
          ...own,
          items,
          ...(whole(schema.minItems) ? { minItems: schema.minItems } : {}),
          ...(whole(schema.maxItems) && (!whole(schema.minItems) || schema.maxItems >= schema.minItems) ? { maxItems: schema.maxItems } : {})
        }
      }
      case "Object": {
        if (depth >= MAX_DEPTH) {
          losses.add("deeper than 8 levels: free-form")
          return { ...FREE, ...own }
        }
        const shape = Body.objectShape(ctx, schema)
        onPath.add(schema)
        try {
          const properties: Record<string, Node> = {}
          let open = false
          for (const [name, property] of Object.entries(shape?.properties ?? {})) {
            const resolved = ctx.refs.resolve(property)
            if (isRecord(resolved) && resolved.readOnly === true) continue
            const node = propertyNameOk(name) ? walk(property, depth + 1) : undefined
            if (node === undefined) {
              // Its values are still taken, unchecked: the API judges them.
              losses.add(`property ${JSON.stringify(clip(name, 40))} taken free-form`)
              open = true
              continue
            }
            properties[name] = node
          }
          const required = [...(shape?.required ?? [])].filter((name) => Object.hasOwn(properties, name))
          const extra = ctx.refs.resolve(schema.additionalProperties)
          let additional: boolean | Node | undefined = open ? true : undefined
          if (additional === undefined && extra === true) additional = true
          if (additional === undefined && isRecord(extra)) additional = walk(extra, depth + 1) ?? true
          if (Object.keys(properties).length === 0 && additional === undefined) additional = true
          return {
            type: "object",
            ...own,
            ...(Object.keys(properties).length > 0 ? { properties } : {}),
            ...(required.length > 0 ? { required } : {}),
            ...(additional !== undefined ? { additionalProperties: additional } : {})
          }
        } finally {
          onPath.delete(schema)
        }
      }
    }
  }

  const node = walk(unresolved, 1)
  return node === undefined ? undefined : { node, losses: [...losses] }
}

const scalar = (schema: Record<string, unknown>, type: Manifest.ParamType, own: { description?: string }): Node => {
  if (type === "boolean") return { type: "boolean", ...own }
  if (type === "number") {
    const integer = schema.type === "integer" || (Array.isArray(schema.type) && schema.type.includes("integer"))
    const bounds: { minimum?: number; maximum?: number; exclusiveMinimum?: number; exclusiveMaximum?: number } = {}
    // OpenAPI 3.0 (draft 4) writes exclusive bounds as flags beside the bound; 2020-12 as numbers.
    if (finite(schema.minimum)) bounds[schema.exclusiveMinimum === true ? "exclusiveMinimum" : "minimum"] = schema.minimum
    if (finite(schema.maximum)) bounds[schema.exclusiveMaximum === true ? "exclusiveMaximum" : "maximum"] = schema.maximum
    if (finite(schema.exclusiveMinimum)) bounds.exclusiveMinimum = schema.exclusiveMinimum
    if (finite(schema.exclusiveMaximum)) bounds.exclusiveMaximum = schema.exclusiveMaximum
    const low = Math.max(bounds.minimum ?? -Infinity, bounds.exclusiveMinimum ?? -Infinity)
    const high = Math.min(bounds.maximum ?? Infinity, bounds.exclusiveMaximum ?? Infinity)
    // Bounds that leave no value are a mistake of the document: the API judges instead.
    const sound = low < high || (low === high && bounds.exclusiveMinimum === undefined && bounds.exclusiveMaximum === undefined)
    return { type: integer ? "integer" : "number", ...own, ...(sound ? bounds : {}) }
  }
  const values = Schema.stringEnum(schema)
  const min = whole(schema.minLength) ? schema.minLength : undefined
  const max = whole(schema.maxLength) && (min === undefined || schema.maxLength >= min) ? schema.maxLength : undefined
  return {
    type: "string",
    ...own,
    ...(values !== undefined ? { enum: values } : {}),
    ...(min !== undefined ? { minLength: min } : {}),
    ...(max !== undefined ? { maxLength: max } : {}),
    ...(typeof schema.format === "string" && schema.format !== "" && schema.format.length <= 40 ? { format: schema.format } : {})
  }
}
