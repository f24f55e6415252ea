/**
 * What every schema lowerer (Effect Schema, JSON Schema from a Standard Schema library) produces
 * for one field of `args`, and the one function that turns it into a manifest param and the
 * warnings that say what the lowering lost. Sharing it keeps the two lowerers saying the same
 * thing the same way: a default in the description, a fallback named, null named.
 */
import type * as Manifest from "../../Manifest.js"
import type { SchemaNode } from "../manifest/paramSchema.js"
import { clip } from "../shared/text.js"
import type { NodeLoss } from "./nodeWalk.js"

/**
 * One field of `args` as a lowerer understood it.
 *
 * @internal
 */
export interface Lowered {
  readonly type: Manifest.ParamType
  readonly enum?: ReadonlyArray<string> | undefined
  /** An array or object's schema; a string or number's bounds (docs/protocol.md §1.10, §8). */
  readonly schema?: SchemaNode | undefined
  /** What the schema lost below the field itself, each at its path. */
  readonly losses?: ReadonlyArray<NodeLoss> | undefined
  readonly description: string | undefined
  readonly optional: boolean
  /** The field's default, when the schema has one the model may rely on by leaving the arg out. */
  readonly default?: { readonly value: unknown } | undefined
  /** The schema's type, written for a person; set when it could not be published exactly. */
  readonly label: string
  /** The type had no manifest equivalent and is published as `"string"`. */
  readonly fallback: boolean
  /** The type also allowed `null`, which a manifest param cannot carry. */
  readonly nullable: boolean
}

/**
 * A lowering that lost something: which tool, which arg, and what in `message`.
 *
 * @internal
 */
export interface LossWarning {
  readonly arg: string
  readonly message: string
}

/**
 * How a default reads in a description: JSON, short. A value JSON cannot write is left out.
 *
 * @internal
 */
export const describeDefault = (value: unknown): string | undefined => {
  try {
    const json = JSON.stringify(value)
    return json === undefined ? undefined : clip(json, 60)
  } catch {
    return undefined
  }
}

const withDefault = (description: string | undefined, lowered: Lowered): string | undefined => {
  const shown = lowered.default === undefined ? undefined : describeDefault(lowered.default.value)
  if (shown === undefined) return description
  return description === undefined ? `default: ${shown}` : `${description} (default: ${shown})`
}

/**
 * A field's schema node as a param's parts: its type, `enum` and `schema`. A string or number
 * carries a `schema` only when it says more than the type — bounds, a format, or that it is an
 * integer (published as `"number"` with `schema: { type: "integer" }`, which a 0.1 client ignores;
 * docs/extensions.md). The node's own description is the caller's (it becomes the param's).
 *
 * @internal
 */
export const paramParts = (
  node: SchemaNode
): Pick<Lowered, "type" | "enum" | "schema"> => {
  const { description: _description, ...rest } = node
  switch (rest.type) {
    case "string": {
      const { enum: values, ...bounds } = rest
      const schema = Object.keys(bounds).length > 1 ? bounds as SchemaNode : undefined
      return { type: "string", enum: values, schema }
    }
    case "number":
      return { type: "number", schema: Object.keys(rest).length > 1 ? rest : undefined }
    case "integer":
      return { type: "number", schema: rest }
    case "boolean":
      return { type: "boolean" }
    case "array":
    case "object":
      return { type: rest.type, schema: rest }
  }
}

/**
 * The manifest param of one lowered field, and what its lowering lost (nothing, most of the time).
 *
 * @internal
 */
export const toParam = (
  toolName: string,
  name: string,
  lowered: Lowered
): { readonly param: Manifest.Param; readonly warnings: ReadonlyArray<LossWarning> } => {
  const required = !lowered.optional && lowered.default === undefined
  const description = withDefault(lowered.description, lowered)
  const param: Manifest.Param = {
    name,
    type: lowered.type,
    required,
    ...(description === undefined ? {} : { description }),
    ...(lowered.enum === undefined ? {} : { enum: lowered.enum }),
    ...(lowered.schema === undefined ? {} : { schema: lowered.schema })
  }
  const at = `arg "${name}" of tool "${toolName}"`
  const published = `published as ${required ? "a required" : "an optional"} "${lowered.type}"`
  const warnings: Array<LossWarning> = []
  if (lowered.fallback) {
    warnings.push({ arg: name, message: `${at}: ${lowered.label} has no manifest type; ${published}` })
  } else if (lowered.nullable) {
    warnings.push({ arg: name, message: `${at}: ${lowered.label} is ${published}; the model cannot send null` })
  }
  // Inside an array or object (or the bounds of a scalar): what the subset could not say, where.
  for (const loss of lowered.losses ?? []) {
    const where = loss.at === "" ? "" : ` at ${name}${loss.at}`
    warnings.push({ arg: name, message: `${at}${where}: ${loss.message}` })
  }
  return { param, warnings }
}
