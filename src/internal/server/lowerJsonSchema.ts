/**
 * Lowering `args` given as JSON Schema — what a Standard Schema library (zod 4, valibot, arktype)
 * produces for itself — to one `Lowered` per property, by the same rules as Effect Schema
 * (docs/extensions.md): the property's type through `jsonSchemaNode.ts` (scalars with their bounds,
 * `integer` as a number described as an integer, string `enum`/`const` as an `enum`, arrays and
 * objects with their schema), `null` set aside and said so, a `default` making the arg optional;
 * anything else is `"string"`, flagged as a fallback.
 */
import { clip } from "../shared/text.js"
import { isRecord } from "../shared/values.js"
import { label, lowerJsonNode, resolveRef } from "./jsonSchemaNode.js"
import { type Lowered, paramParts } from "./loweredParam.js"

type JsonSchema = Readonly<Record<string, unknown>>

const lowerProperty = (root: JsonSchema, raw: JsonSchema, optional: boolean): Lowered => {
  const lowered = lowerJsonNode(root, raw)
  const common = {
    nullable: lowered.nullable,
    optional,
    label: clip(label(root, raw), 80),
    default: "default" in raw ? { value: raw.default } : undefined
  }
  const node = lowered.node
  const own = typeof raw.description === "string" ? raw.description : undefined
  if (node === undefined) {
    const resolved = resolveRef(root, raw)
    const description = own ?? (typeof resolved.description === "string" ? resolved.description : undefined)
    return { ...common, type: "string", description, fallback: true, losses: lowered.losses }
  }
  // An integer keeps saying so in its description too (docs/extensions.md, "Integers"): a 0.1
  // client shows the model a number, and only the description tells it more.
  const description = own ?? node.description ?? (node.type === "integer" ? "an integer" : undefined)
  return { ...common, ...paramParts(node), description, fallback: false, losses: lowered.losses }
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
