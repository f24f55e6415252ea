/**
 * Lowering the fields of an Effect `Schema.Struct` (docs/extensions.md): one
 * `Lowered` per field, read from the schema's AST — the side the model writes, since a template
 * sends the model's value as it is.
 */
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import * as AST from "effect/SchemaAST"
import { clip } from "../shared/text.js"
import { isRecord } from "../shared/values.js"
import { described, label, lowerEffectNode, typeDescription } from "./effectSchemaNode.js"
import { type Lowered, paramParts } from "./loweredParam.js"

/**
 * The param parts of a field's type: the schema node of `effectSchemaNode.ts` (refinements and
 * brands looked through with the bounds they carry, a suspend its target, string literals an
 * `enum`, arrays and structs with their schema), `undefined` and `null` in a union set aside (the
 * first is how an absent key is spelled; the second is lost, and said so). Anything else is
 * `"string"`, flagged as a fallback. The outermost description wins.
 */
const lowerType = (ast: AST.AST): TypePart => {
  const lowered = lowerEffectNode(ast)
  const common = { nullable: lowered.nullable, label: clip(label(ast), 80), losses: lowered.losses }
  const node = lowered.node
  if (node === undefined) return { ...common, type: "string", description: peelDescription(ast), fallback: true }
  return { ...common, ...paramParts(node), description: node.description, fallback: false }
}

/** The outermost description of a type that has no node (a fallback keeps its author's words). */
const peelDescription = (ast: AST.AST): string | undefined => {
  let node = ast
  let description = typeDescription(node)
  const seen = new Set<AST.AST>([node])
  while (description === undefined && (node._tag === "Refinement" || node._tag === "Suspend")) {
    const next = node._tag === "Refinement" ? node.from : node.f()
    if (seen.has(next)) break
    seen.add(node = next)
    description = typeDescription(node)
  }
  return description
}

type TypePart = Omit<Lowered, "optional" | "default" | "description"> & { readonly description: string | undefined }

/**
 * `optionalWith(X, { default })` decodes an absent key to its default; any other property
 * transformation (`as: "Option"`, renames) has no default the model could rely on.
 */
const defaultOf = (ast: Schema.PropertySignatureTransformation): { readonly value: unknown } | undefined => {
  try {
    const decoded = ast.decode(Option.none())
    if (Option.isNone(decoded) || Option.isOption(decoded.value)) return undefined
    return { value: decoded.value }
  } catch {
    return undefined
  }
}

/**
 * One field of a struct: its type, optionality, default and the description on the field itself.
 *
 * @internal
 */
export const lowerField = (value: Schema.Struct.Field): Lowered => {
  const ast = value.ast
  switch (ast._tag) {
    case "PropertySignatureDeclaration": {
      const lowered = lowerType(ast.type)
      return { ...lowered, description: described(ast) ?? lowered.description, optional: ast.isOptional }
    }
    case "PropertySignatureTransformation": {
      // The model writes the encoded side (`optionalWith(X, { default })` may be left out there);
      // `.annotations()` on such a field lands on the decoded side.
      const lowered = lowerType(ast.from.type)
      return {
        ...lowered,
        description: described(ast.to) ?? described(ast.from) ?? lowered.description,
        optional: ast.from.isOptional,
        default: ast.from.isOptional ? defaultOf(ast) : undefined
      }
    }
    default:
      return { ...lowerType(ast), optional: false }
  }
}

/**
 * Whether `u` is a `Schema.Struct` (or a `Schema.Class`): an Effect schema with its `fields`.
 *
 * @internal
 */
export const fieldsOf = (u: unknown): Schema.Struct.Fields | undefined =>
  Schema.isSchema(u) && "fields" in u && isRecord(u.fields) ? u.fields as Schema.Struct.Fields : undefined
