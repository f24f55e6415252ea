/**
 * What every schema lowerer (Effect Schema, JSON Schema from a Standard Schema library) produces
 * for one field of `args`, and the one function that turns it into a manifest param and the
 * warnings that say what the lowering lost. Sharing it keeps the two lowerers saying the same
 * thing the same way: a default in the description, a fallback named, null named.
 */
import type * as Manifest from "../../Manifest.js"
import { clip } from "../shared/text.js"

/**
 * One field of `args` as a lowerer understood it.
 *
 * @internal
 */
export interface Lowered {
  readonly type: Manifest.ParamType
  readonly enum?: ReadonlyArray<string> | undefined
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
    ...(lowered.enum === undefined ? {} : { enum: lowered.enum })
  }
  const at = `arg "${name}" of tool "${toolName}"`
  const published = `published as ${required ? "a required" : "an optional"} "${lowered.type}"`
  const warnings: Array<LossWarning> = []
  if (lowered.fallback) {
    warnings.push({ arg: name, message: `${at}: ${lowered.label} has no manifest type; ${published}` })
  } else if (lowered.nullable) {
    warnings.push({ arg: name, message: `${at}: ${lowered.label} is ${published}; the model cannot send null` })
  }
  return { param, warnings }
}
