/**
 * Lowering the fields of an Effect `Schema.Struct` (docs/extensions.md): one
 * `Lowered` per field, read from the schema's AST — the side the model writes, since a template
 * sends the model's value as it is. The same on both Effects: the target's `LowerEffect.ts` twin
 * reads a field and its AST (docs/effect4.md §Model-facing schemas).
 */
import * as Target from "#target/LowerEffect.js"
import type { SchemaHandle } from "../shared/schemaView.js"
import { clip } from "../shared/text.js"
import { label, lowerEffectNode, typeDescription } from "./effectSchemaNode.js"
import { type Lowered, paramParts } from "./loweredParam.js"

/**
 * The param parts of a field's type: the schema node of `effectSchemaNode.ts` (refinements and
 * brands looked through with the bounds they carry, a suspend its target, string literals an
 * `enum`, arrays and structs with their schema), `undefined` and `null` in a union set aside (the
 * first is how an absent key is spelled; the second is lost, and said so). Anything else is
 * `"string"`, flagged as a fallback. The outermost description wins.
 */
const lowerType = (type: SchemaHandle): TypePart => {
  const lowered = lowerEffectNode(type)
  const common = { nullable: lowered.nullable, label: clip(label(type), 80), losses: lowered.losses }
  const node = lowered.node
  if (node === undefined) return { ...common, type: "string", description: peelDescription(type), fallback: true }
  return { ...common, ...paramParts(node), description: node.description, fallback: false }
}

/** The outermost description of a type that has no node (a fallback keeps its author's words). */
const peelDescription = (start: SchemaHandle): string | undefined => {
  let node = start
  let description = typeDescription(node)
  const seen = new Set<SchemaHandle>([node])
  for (;;) {
    if (description !== undefined) break
    const current = Target.view(node)
    const next = current._tag === "Refinement" ? current.from : current._tag === "Suspend" ? current.target() : undefined
    if (next === undefined || seen.has(next)) break
    seen.add(node = next)
    description = typeDescription(node)
  }
  return description
}

type TypePart = Omit<Lowered, "optional" | "default" | "description"> & { readonly description: string | undefined }

/**
 * One field of a struct: its type, optionality, default and the description on the field itself.
 *
 * @internal
 */
export const lowerField = (value: unknown): Lowered => {
  const field = Target.field(value)
  const lowered = lowerType(field.type)
  return { ...lowered, description: field.description ?? lowered.description, optional: field.optional, default: field.default }
}

/**
 * Whether `u` is a `Schema.Struct` (or a `Schema.Class`): an Effect schema with its `fields`.
 *
 * @internal
 */
export const fieldsOf: (u: unknown) => Readonly<Record<string, unknown>> | undefined = Target.fieldsOf
