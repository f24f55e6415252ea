/**
 * Lowering what a server author writes in code (`defineTool`'s options: an Effect `Schema.Struct`
 * and template callbacks) to the manifest's JSON shape (SPEC §1). Pure: nothing here validates —
 * `Server.manifest` runs the one validation the client runs too.
 */
import * as Option from "effect/Option"
import type * as Schema from "effect/Schema"
import * as AST from "effect/SchemaAST"
import type * as Manifest from "../Manifest.js"
import type * as Server from "../Server.js"

/**
 * The `t` handed to every template callback. One shared object: `arg` has no state.
 *
 * @internal
 */
export const template: Server.Template<string> = {
  arg: (name) => `{{${name}}}`
}

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

const primitive = (ast: AST.AST): Manifest.ParamType =>
  ast._tag === "NumberKeyword" ? "number" : ast._tag === "BooleanKeyword" ? "boolean" : "string"

/**
 * The node a param's type "looks through": a refinement or brand checks its base type, a suspend
 * is its target, and `undefined` in a union cannot travel in JSON (it is how `Schema.optional`
 * spells an absent key), so `X | undefined` is `X`.
 */
const inner = (ast: AST.AST): AST.AST | undefined => {
  switch (ast._tag) {
    case "Refinement":
      return ast.from
    case "Suspend":
      return ast.f()
    case "Union": {
      const defined = ast.types.filter((member) => member._tag !== "UndefinedKeyword")
      return defined.length === 1 && defined.length < ast.types.length ? defined[0] : undefined
    }
    default:
      return undefined
  }
}

interface Lowered {
  readonly type: Manifest.ParamType
  readonly description: string | undefined
}

/**
 * The param type and the outermost description an author put on the type. Anything that is not
 * `String`/`Number`/`Boolean` once refinements, brands and `undefined` are looked through (a union,
 * a struct, an array, a transformation, a literal…) is `"string"`, as SPEC §6 says.
 */
const lowerType = (ast: AST.AST): Lowered => {
  let node = ast
  let description = typeDescription(node)
  // A suspend may point back at itself; the walk must end anyway.
  const seen = new Set<AST.AST>([node])
  for (let next = inner(node); next !== undefined && !seen.has(next); next = inner(node)) {
    node = next
    seen.add(node)
    description ??= typeDescription(node)
  }
  return { type: primitive(node), description }
}

interface Field {
  readonly type: AST.AST
  readonly optional: boolean
  readonly description: string | undefined
}

const field = (value: Schema.Struct.Field): Field => {
  const ast = value.ast
  switch (ast._tag) {
    case "PropertySignatureDeclaration":
      return { type: ast.type, optional: ast.isOptional, description: described(ast) }
    case "PropertySignatureTransformation":
      // The model writes the encoded side (`optionalWith(X, { default })` may be left out there);
      // `.annotations()` on such a field lands on the decoded side.
      return {
        type: ast.from.type,
        optional: ast.from.isOptional,
        description: described(ast.to) ?? described(ast.from)
      }
    default:
      return { type: ast, optional: false, description: undefined }
  }
}

/**
 * One param per field of `args`, in field order; `required` is always written out.
 *
 * @internal
 */
export const params = (fields: Schema.Struct.Fields): Array<Manifest.Param> =>
  Object.keys(fields).map((name) => {
    const { description: onField, optional, type } = field(fields[name]!)
    const lowered = lowerType(type)
    const description = onField ?? lowered.description
    return {
      name,
      type: lowered.type,
      required: !optional,
      ...(description === undefined ? {} : { description })
    }
  })

const resolve = <A>(value: A | ((t: Server.Template<string>) => A)): A =>
  typeof value === "function" ? (value as (t: Server.Template<string>) => A)(template) : value

const resolveRecord = (record: Server.StringTemplates<string>): Record<string, string> => {
  if (typeof record === "function") return { ...record(template) }
  const out: Record<string, string> = {}
  for (const [key, value] of Object.entries(record)) out[key] = resolve(value)
  return out
}

const isPlainObject = (u: unknown): u is Record<string, unknown> => {
  if (typeof u !== "object" || u === null) return false
  const proto = Object.getPrototypeOf(u)
  return proto === Object.prototype || proto === null
}

/**
 * Calls every callback in a body template, at any depth. Anything that is not a callback, an
 * array or a plain object is kept as it is, so that validation can name it.
 */
const resolveBody = (body: unknown): unknown => {
  if (typeof body === "function") return resolveBody((body as (t: Server.Template<string>) => unknown)(template))
  if (Array.isArray(body)) return body.map(resolveBody)
  if (!isPlainObject(body)) return body
  const out: Record<string, unknown> = {}
  for (const [key, child] of Object.entries(body)) out[key] = resolveBody(child)
  return out
}

/**
 * `defineTool`'s options as a manifest tool; optional fields the author left out stay absent.
 *
 * @internal
 */
export const tool = <Fields extends Schema.Struct.Fields>(options: Server.ToolOptions<Fields>): Manifest.Tool => ({
  name: options.name,
  description: options.description,
  method: options.method,
  params: options.args === undefined ? [] : params(options.args.fields),
  url: resolve(options.url),
  ...(options.queryParams === undefined ? {} : { queryParams: resolveRecord(options.queryParams) }),
  ...(options.headers === undefined ? {} : { headers: resolveRecord(options.headers) }),
  ...(options.body === undefined ? {} : { body: resolveBody(options.body) }),
  ...(options.responseMappings === undefined ? {} : { responseMappings: { ...options.responseMappings } })
})
