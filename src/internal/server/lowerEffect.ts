/**
 * Lowering the fields of an Effect `Schema.Struct` (docs/extensions.md): one
 * `Lowered` per field, read from the schema's AST — the side the model writes, since a template
 * sends the model's value as it is.
 */
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import * as AST from "effect/SchemaAST"
import type * as Manifest from "../../Manifest.js"
import { clip } from "../shared/text.js"
import { isRecord } from "../shared/values.js"
import type { Lowered } from "./loweredParam.js"

// A brand or an annotation copies the keyword with its built-in description ("a string"); that
// text is Effect's, not the author's, and would only be noise in front of the model.
const builtInDescriptions: ReadonlyMap<AST.AST["_tag"], string | undefined> = new Map(
  [AST.stringKeyword, AST.numberKeyword, AST.booleanKeyword].map((ast) => [
    ast._tag,
    Option.getOrUndefined(AST.getDescriptionAnnotation(ast))
  ])
)

const described = (annotated: AST.Annotated): string | undefined =>
  Option.getOrUndefined(AST.getDescriptionAnnotation(annotated))

const typeDescription = (ast: AST.AST): string | undefined => {
  const description = described(ast)
  return description === builtInDescriptions.get(ast._tag) ? undefined : description
}

const isUndefined = (ast: AST.AST): boolean => ast._tag === "UndefinedKeyword"
const isNull = (ast: AST.AST): boolean => ast._tag === "Literal" && ast.literal === null

/** The values of a union made only of string literals (`Schema.Literal("c", "f")`), else undefined. */
const stringLiterals = (ast: AST.AST): Array<string> | undefined => {
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
 */
const label = (ast: AST.AST, depth = 0): string => {
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

const primitives: Partial<Record<AST.AST["_tag"], Manifest.ParamType>> = {
  StringKeyword: "string",
  NumberKeyword: "number",
  BooleanKeyword: "boolean",
  TemplateLiteral: "string"
}

type TypePart = Omit<Lowered, "optional" | "default" | "description"> & { readonly description: string | undefined }

/**
 * The param type of a field's type: refinements and brands are looked through (they check their
 * base type), a suspend is its target, `undefined` and `null` in a union are set aside (the first
 * is how an absent key is spelled; the second is lost, and said so), string literals become an
 * `enum`. Anything else is `"string"`, flagged as a fallback. The outermost description wins.
 */
const lowerType = (ast: AST.AST): TypePart => {
  let node = ast
  let description = typeDescription(node)
  let nullable = false
  // A suspend may point back at itself; the walk must end anyway.
  const seen = new Set<AST.AST>([node])
  for (;;) {
    let next: AST.AST | undefined
    if (node._tag === "Refinement") next = node.from
    else if (node._tag === "Suspend") next = node.f()
    else if (node._tag === "Union") {
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
  const common = { description, nullable, label: clip(label(ast), 80) }
  const type = primitives[node._tag]
  if (type !== undefined) return { ...common, type, fallback: false }
  const values = stringLiterals(node)
  if (values !== undefined) return { ...common, type: "string", enum: values, fallback: false }
  return { ...common, type: "string", fallback: true }
}

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
