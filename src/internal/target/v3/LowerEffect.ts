/**
 * Reading an Effect 3 Schema for `defineTool`'s lowering (docs/effect4.md §Model-facing schemas):
 * the AST one level at a time as the shared `SchemaView`, and a struct's fields. The walks that turn
 * views into params and into an `output`'s JSON Schema are shared (`server/effectSchemaNode.ts`,
 * `server/effectJsonSchema.ts`); `../v4/LowerEffect.ts` is the twin, which gives Effect 4's AST the
 * same views and Effect 3's words.
 * A handle here is the AST node itself.
 */
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import * as AST from "effect/SchemaAST"
import type { FieldView, SchemaHandle, SchemaView } from "../../shared/schemaView.js"

/** Any Effect Schema: what `output` may be. @internal */
export type AnySchema = Schema.Schema.Any

/** A `Schema.Struct`'s fields: what `args` is made of. @internal */
export type StructFields = Schema.Struct.Fields

/** @internal */
export const isSchema = (u: unknown): u is AnySchema => Schema.isSchema(u)

/** The fields of a `Schema.Struct` (or a `Schema.Class`); undefined for anything else. @internal */
export const fieldsOf = (u: unknown): Readonly<Record<string, unknown>> | undefined =>
  Schema.isSchema(u) && "fields" in u && typeof u.fields === "object" && u.fields !== null && !Array.isArray(u.fields)
    ? u.fields as Readonly<Record<string, unknown>>
    : undefined

const handle = (ast: AST.AST): SchemaHandle => ast as unknown as SchemaHandle
const astOf = (node: SchemaHandle): AST.AST => node as unknown as AST.AST

/** The type of a schema, to view (tests lower a bare type). @internal */
export const typeOf = (schema: AnySchema): SchemaHandle => handle(schema.ast)

/** A union of `members` (the walk sets `undefined` and `null` aside). @internal */
export const union = (members: ReadonlyArray<SchemaHandle>): SchemaHandle => handle(AST.Union.make(members.map(astOf)))

const described = (annotated: AST.Annotated): string | undefined =>
  Option.getOrUndefined(AST.getDescriptionAnnotation(annotated))

const titled = (annotated: AST.Annotated): string | undefined => Option.getOrUndefined(AST.getTitleAnnotation(annotated))

// A brand or an annotation copies the keyword with its built-in description ("a string") and title
// ("string"); that text is Effect's, not the author's, and would only be noise in front of the model.
const KEYWORDS = [AST.stringKeyword, AST.numberKeyword, AST.booleanKeyword]
const builtInDescriptions: ReadonlyMap<AST.AST["_tag"], string | undefined> = new Map(
  KEYWORDS.map((ast) => [ast._tag, described(ast)])
)
const builtInTitles: ReadonlyMap<AST.AST["_tag"], string | undefined> = new Map(KEYWORDS.map((ast) => [ast._tag, titled(ast)]))

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

/** One field: the model writes the encoded side, which a property transformation may leave out. @internal */
export const field = (value: unknown): FieldView => {
  const ast = (value as Schema.Struct.Field).ast
  switch (ast._tag) {
    case "PropertySignatureDeclaration":
      return { type: handle(ast.type), optional: ast.isOptional, description: described(ast), default: undefined }
    case "PropertySignatureTransformation":
      // `.annotations()` on such a field lands on the decoded side.
      return {
        type: handle(ast.from.type),
        optional: ast.from.isOptional,
        description: described(ast.to) ?? described(ast.from),
        default: ast.from.isOptional ? defaultOf(ast) : undefined
      }
    default:
      return { type: handle(ast), optional: false, description: undefined, default: undefined }
  }
}

/** One node of the AST as the walk reads it. @internal */
export const view = (node: SchemaHandle): SchemaView => {
  const ast = astOf(node)
  const own = described(ast)
  const title = titled(ast)
  const base = {
    description: own === builtInDescriptions.get(ast._tag) ? undefined : own,
    title: title === builtInTitles.get(ast._tag) ? undefined : title,
    identifier: Option.getOrUndefined(AST.getIdentifierAnnotation(ast)),
    name: ast._tag.replace(/Keyword$/, "").toLowerCase()
  }
  switch (ast._tag) {
    case "StringKeyword":
      return { ...base, _tag: "String" }
    case "NumberKeyword":
      return { ...base, _tag: "Number" }
    case "BooleanKeyword":
      return { ...base, _tag: "Boolean" }
    case "TemplateLiteral":
      return { ...base, _tag: "TemplateLiteral", text: String(ast), pattern: AST.getTemplateLiteralRegExp(ast).source }
    case "UndefinedKeyword":
      return { ...base, _tag: "Undefined" }
    case "UnknownKeyword":
    case "AnyKeyword":
      return { ...base, _tag: "Unknown" }
    case "Literal":
      return ast.literal === null ? { ...base, _tag: "Null" } : { ...base, _tag: "Literal", literal: ast.literal }
    case "Enums":
      return {
        ...base,
        _tag: "Enums",
        names: ast.enums.map(([name]) => name),
        values: ast.enums.map(([, value]) => value)
      }
    case "Refinement": {
      const json = Option.getOrUndefined(AST.getJSONSchemaAnnotation(ast)) as Record<string, unknown> | undefined
      return {
        ...base,
        _tag: "Refinement",
        from: handle(ast.from),
        keywords: json ?? {},
        hasJsonSchema: json !== undefined
      }
    }
    case "Suspend": {
      const f = ast.f
      return { ...base, _tag: "Suspend", target: () => handle(f()) }
    }
    case "Transformation":
      return {
        ...base,
        _tag: "Transformation",
        from: handle(ast.from),
        struct: AST.isTypeLiteralTransformation(ast.transformation)
      }
    case "Union":
      return { ...base, _tag: "Union", members: ast.types.map(handle) }
    case "TupleType":
      return {
        ...base,
        _tag: "Tuple",
        elements: ast.elements.map((element) => ({ type: handle(element.type), optional: element.isOptional })),
        rest: ast.rest.map((rest) => handle(rest.type))
      }
    case "TypeLiteral":
      return {
        ...base,
        _tag: "Struct",
        properties: ast.propertySignatures.map((signature) => ({
          name: signature.name,
          type: handle(signature.type),
          optional: signature.isOptional,
          description: described(signature)
        })),
        indexes: ast.indexSignatures.map((index) => ({ parameter: handle(index.parameter), type: handle(index.type) }))
      }
    default:
      return { ...base, _tag: "Other" }
  }
}
