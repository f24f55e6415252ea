/**
 * Reading an Effect 4 Schema for `defineTool`'s lowering: the same `SchemaView`s and fields as
 * `../v3/LowerEffect.ts` reads from Effect 3, so that a tool written with either Effect's Schema
 * publishes the same params and `outputSchema` (`test/effect4/lowering.test.ts`, byte for byte).
 *
 * Effect 4's AST differs: a refinement is a check on the node (`checks`), a transformation is the
 * node's `encoding`, and a field's optionality and its own annotations sit in the node's `context`.
 * A handle here is a node together with how many of its checks are in force, so that the checks can
 * be looked through one at a time, outermost first, as Effect 3's refinements are; handles are
 * kept per node, so the same node always gives the same handle (the walk finds a recursive type by
 * a handle it met before).
 *
 * Effect 4 describes its built-in checks in its own words ("a value with a length of at least 1")
 * and keeps them under `expected`; what the model reads must not depend on the Effect, so the check's
 * `representation` is mapped to Effect 3's description, title and JSON Schema keywords (`EFFECT3`).
 * Effect 4 cannot tell `NonEmptyString` from `minLength(1)` (nor `Positive` from `greaterThan(0)`):
 * both are given the one text Effect 3 gives both; the title is that of `NonEmptyString`
 * (`nonEmptyString`) and of `greaterThan(0)` (not `positive`). An author's own words win.
 */
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import * as AST from "effect/SchemaAST"
import type { FieldView, SchemaHandle, SchemaView, ViewProperty } from "../../shared/schemaView.js"

/** Any Effect Schema: what `output` may be. @internal */
export type AnySchema = Schema.Top

/** A `Schema.Struct`'s fields: what `args` is made of. @internal */
export type StructFields = Schema.Struct.Fields

/** @internal */
export const isSchema = (u: unknown): u is AnySchema => Schema.isSchema(u)

/** The fields of a `Schema.Struct` (or a `Schema.Class`); undefined for anything else. @internal */
export const fieldsOf = (u: unknown): Readonly<Record<string, unknown>> | undefined =>
  Schema.isSchema(u) && "fields" in u && typeof u.fields === "object" && u.fields !== null && !Array.isArray(u.fields)
    ? u.fields as Readonly<Record<string, unknown>>
    : undefined

type Handle =
  | { readonly ast: AST.AST; readonly checks: number }
  | { readonly members: ReadonlyArray<SchemaHandle> }
  | { readonly made: SchemaView }

const handles = new WeakMap<AST.AST, Array<Handle>>()

/** The handle of `ast` with its first `checks` checks (all of them by default). */
const handle = (ast: AST.AST, checks = ast.checks?.length ?? 0): SchemaHandle => {
  let known = handles.get(ast)
  if (known === undefined) handles.set(ast, known = [])
  const found = known[checks] ??= { ast, checks }
  return found as unknown as SchemaHandle
}
const handleOf = (node: SchemaHandle): Handle => node as unknown as Handle

/** A view made here rather than read from an AST: Effect 3's structure of a type Effect 4 declares. */
const made = (v: SchemaView): SchemaHandle => ({ made: v } satisfies Handle) as unknown as SchemaHandle

const decodedFrom = (what: string): SchemaHandle =>
  handle(Schema.String.annotate({ description: `a string to be decoded into ${what}` }).ast)

const transformation = (identifier: string, from: SchemaHandle): SchemaView => ({
  _tag: "Transformation",
  from,
  struct: false,
  description: undefined,
  identifier,
  title: undefined,
  name: "transformation"
})

/**
 * Effect 4 declares `Date` and `URL`; Effect 3 builds them from a string (`Schema.Date` is a
 * `validDate` filter of `DateFromString`), which its JSON Schema writes as that string, described.
 * Read as Effect 3's structure, they publish what Effect 3 published.
 */
type Base = Pick<SchemaView, "description" | "identifier" | "title" | "name">
const dateFromString = made(transformation("DateFromString", decodedFrom("a Date")))
const urlFromString = decodedFrom("a URL")
const DECLARED: Readonly<Record<string, (base: Base) => SchemaView>> = {
  Date: (base) => ({ ...base, _tag: "Refinement", from: dateFromString, keywords: {}, hasJsonSchema: false }),
  URL: (base) => ({ ...transformation("URL", urlFromString), ...base })
}

/** The type of a schema, to view (tests lower a bare type). @internal */
export const typeOf = (schema: AnySchema): SchemaHandle => handle(schema.ast)

/** A union of `members` (the walk sets `undefined` and `null` aside). @internal */
export const union = (members: ReadonlyArray<SchemaHandle>): SchemaHandle =>
  ({ members } satisfies Handle) as unknown as SchemaHandle

const text = (u: unknown): string | undefined => (typeof u === "string" ? u : undefined)
const field_ = (u: unknown, key: string): unknown =>
  typeof u === "object" && u !== null ? (u as Record<string, unknown>)[key] : undefined

interface Effect3 {
  readonly description?: string
  readonly title?: string
  readonly identifier?: string
  readonly keywords?: Readonly<Record<string, unknown>>
}

/** A bound in Effect 3's words: 0 has its own description ("a positive number"). */
const bound = (value: unknown, zero: string, other: string, keyword: string, title: string): Effect3 => ({
  description: value === 0 ? zero : `${other} ${value}`,
  title: `${title}(${value})`,
  keywords: { [keyword]: value }
})

/**
 * Effect 3's description, identifier and JSON Schema keywords for Effect's own checks and
 * declarations, by the representation id Effect 4 gives the same one; `kind` is the checked node's
 * (a length is a string's or an array's).
 */
const EFFECT3: Readonly<Record<string, (payload: unknown, kind: AST.AST["_tag"]) => Effect3>> = {
  "effect/schema/isInt": () => ({ description: "an integer", title: "int", identifier: "Int", keywords: { type: "integer" } }),
  "effect/schema/isFinite": () => ({ description: "a finite number", title: "finite", identifier: "Finite", keywords: {} }),
  "effect/schema/isMinLength": (p, kind) => {
    const n = field_(p, "minLength")
    if (kind === "Arrays") {
      return { description: `an array of at least ${n} item(s)`, title: `minItems(${n})`, keywords: { minItems: n } }
    }
    return n === 1
      ? { description: "a non empty string", title: "nonEmptyString", identifier: "NonEmptyString", keywords: { minLength: 1 } }
      : { description: `a string at least ${n} character(s) long`, title: `minLength(${n})`, keywords: { minLength: n } }
  },
  "effect/schema/isMaxLength": (p, kind) => {
    const n = field_(p, "maxLength")
    return kind === "Arrays"
      ? { description: `an array of at most ${n} item(s)`, title: `maxItems(${n})`, keywords: { maxItems: n } }
      : { description: `a string at most ${n} character(s) long`, title: `maxLength(${n})`, keywords: { maxLength: n } }
  },
  "effect/schema/isBetweenLength": (p, kind) => {
    const min = field_(p, "minimum")
    const max = field_(p, "maximum")
    // Effect 3 has no range of items: the same array is written `minItems(a), maxItems(b)`, whose
    // outermost refinement gives the text.
    if (kind === "Arrays") {
      return {
        description: min === max ? `an array of exactly ${min} item(s)` : `an array of at most ${max} item(s)`,
        title: min === max ? `itemsCount(${min})` : `maxItems(${max})`,
        keywords: { minItems: min, maxItems: max }
      }
    }
    return {
      description: min === max
        ? `a string ${min} character(s) long`
        : `a string at least ${min} character(s) and at most ${max} character(s) long`,
      // Effect 3's own title, its missing brace included.
      title: min === max ? `length(${min})` : `length({ min: ${min}, max: ${max})`,
      keywords: { minLength: min, maxLength: max }
    }
  },
  "effect/schema/isGreaterThan": (p) =>
    bound(field_(p, "exclusiveMinimum"), "a positive number", "a number greater than", "exclusiveMinimum", "greaterThan"),
  "effect/schema/isGreaterThanOrEqualTo": (p) =>
    bound(field_(p, "minimum"), "a non-negative number", "a number greater than or equal to", "minimum", "greaterThanOrEqualTo"),
  "effect/schema/isLessThan": (p) =>
    bound(field_(p, "exclusiveMaximum"), "a negative number", "a number less than", "exclusiveMaximum", "lessThan"),
  "effect/schema/isLessThanOrEqualTo": (p) =>
    bound(field_(p, "maximum"), "a non-positive number", "a number less than or equal to", "maximum", "lessThanOrEqualTo"),
  "effect/schema/isBetween": (p) => ({
    description: `a number between ${field_(p, "minimum")} and ${field_(p, "maximum")}`,
    title: `between(${field_(p, "minimum")}, ${field_(p, "maximum")})`,
    // Effect 4 may exclude either end (Effect 3's `between` cannot): the bound is then exclusive.
    keywords: {
      [field_(p, "exclusiveMinimum") === true ? "exclusiveMinimum" : "minimum"]: field_(p, "minimum"),
      [field_(p, "exclusiveMaximum") === true ? "exclusiveMaximum" : "maximum"]: field_(p, "maximum")
    }
  }),
  "effect/schema/isMultipleOf": (p) => ({
    description: `a number divisible by ${field_(p, "divisor")}`,
    title: `multipleOf(${field_(p, "divisor")})`,
    keywords: { multipleOf: field_(p, "divisor") }
  }),
  "effect/schema/isPattern": (p) => ({
    description: `a string matching the pattern ${field_(p, "source")}`,
    keywords: { pattern: field_(p, "source") }
  }),
  "effect/schema/isTrimmed": () => ({
    description: "a string with no leading or trailing whitespace",
    title: "trimmed",
    identifier: "Trimmed",
    keywords: { pattern: "^\\S[\\s\\S]*\\S$|^\\S$|^$" }
  }),
  "effect/schema/isUUID": () => ({
    description: "a Universally Unique Identifier",
    identifier: "UUID",
    keywords: { format: "uuid", pattern: "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$" }
  }),
  "effect/schema/Date": () => ({ description: "a valid Date", title: "validDate", identifier: "Date" }),
  "effect/schema/URL": () => ({ identifier: "URL" })
}

// Effect 3's own words on keywords that its JSON Schema keeps (`Schema.Unknown` is titled "unknown").
const KEYWORDS: Readonly<Partial<Record<AST.AST["_tag"], Effect3>>> = {
  Unknown: { title: "unknown" },
  Any: { title: "any" },
  ObjectKeyword: { title: "object", description: "an object in the TypeScript meaning, i.e. the `object` type" }
}

// Effect 4's built-in transformations carry no name; their encoded side says what it expects.
// Effect 3 names the transformation and describes the string.
const EXPECTED: Readonly<Record<string, { readonly identifier: string; readonly description: string }>> = {
  "a string that will be decoded as a number": {
    identifier: "NumberFromString",
    description: "a string to be decoded into a number"
  }
}

/** Effect 3's words for one of Effect's own checks or declarations, by its annotations. */
const effect3 = (annotations: unknown, kind: AST.AST["_tag"]): Effect3 | undefined => {
  const representation = field_(annotations, "representation")
  const id = text(field_(representation, "id"))
  return id === undefined ? undefined : EFFECT3[id]?.(field_(representation, "payload"), kind)
}

/**
 * A check group (`isInt32()`, `a.and(b)`) reads as Effect 3's refinements one after another: the
 * keywords of all its checks (the outermost first), the last one's description; its own words win.
 */
const checkWords = (check: AST.Check<unknown>, kind: AST.AST["_tag"]): Effect3 => {
  const own = effect3(check.annotations, kind)
  if (check._tag === "Filter") return own ?? {}
  const inner = [...check.checks].reverse().map((one) => checkWords(one, kind))
  const keywords: Record<string, unknown> = {}
  for (const words of inner) for (const [keyword, value] of Object.entries(words.keywords ?? {})) keywords[keyword] ??= value
  const description = own?.description ?? inner[0]?.description
  const title = own?.title ?? inner[0]?.title
  return {
    ...own,
    ...(description === undefined ? {} : { description }),
    ...(title === undefined ? {} : { title }),
    keywords: { ...keywords, ...own?.keywords }
  }
}

const NAMES: Readonly<Partial<Record<AST.AST["_tag"], string>>> = {
  Enum: "enums",
  ObjectKeyword: "object",
  UniqueSymbol: "uniquesymbol",
  TemplateLiteral: "templateliteral"
}

const escape = (text: string): string => text.replace(/[/\\^$*+?.()|[\]{}]/g, "\\$&")

/**
 * A template literal's text and pattern as Effect 3 writes them, for parts Effect 3 writes the same
 * way (literals, `string`, `number`); undefined for any other part (a union, a nested template).
 */
const templateLiteral = (parts: ReadonlyArray<AST.AST>): { text: string | undefined; pattern: string | undefined } => {
  let text = ""
  let pattern = ""
  for (const part of parts) {
    if (part.checks !== undefined || part.encoding !== undefined) return { text: undefined, pattern: undefined }
    if (part._tag === "Literal" && (typeof part.literal === "string" || typeof part.literal === "number")) {
      text += String(part.literal)
      pattern += escape(String(part.literal))
    } else if (part._tag === "String") {
      text += "${string}"
      pattern += "[\\s\\S]*?"
    } else if (part._tag === "Number") {
      text += "${number}"
      pattern += "[+-]?\\d*\\.?\\d+(?:[Ee][+-]?\\d+)?"
    } else return { text: undefined, pattern: undefined }
  }
  return { text: `\`${text}\``, pattern: `^${pattern}$` }
}

/** One node of the AST as the walk reads it. @internal */
export const view = (node: SchemaHandle): SchemaView => {
  const h = handleOf(node)
  if ("members" in h) {
    return { _tag: "Union", members: h.members, description: undefined, identifier: undefined, title: undefined, name: "union" }
  }
  if ("made" in h) return h.made
  const { ast, checks } = h
  const name = NAMES[ast._tag] ?? ast._tag.toLowerCase()
  const check = checks > 0 ? ast.checks?.[checks - 1] : undefined
  if (check !== undefined) {
    // `.annotate()` on a schema with checks lands on its last check.
    const words = checkWords(check, ast._tag)
    return {
      _tag: "Refinement",
      from: handle(ast, checks - 1),
      keywords: words.keywords ?? {},
      // An author's own check (no representation Effect 3 has words for) is a `filter` to Effect 3.
      hasJsonSchema: words.keywords !== undefined,
      description: text(check.annotations?.description) ?? words.description,
      identifier: text(check.annotations?.identifier) ?? words.identifier,
      title: text(check.annotations?.title) ?? words.title,
      name
    }
  }
  const expected = EXPECTED[text(ast.annotations?.expected) ?? ""]
  const words = effect3(ast.annotations, ast._tag) ?? KEYWORDS[ast._tag] ??
    (expected === undefined ? undefined : { description: expected.description })
  const base = {
    description: text(ast.annotations?.description) ?? words?.description,
    identifier: text(ast.annotations?.identifier) ?? words?.identifier,
    title: text(ast.annotations?.title) ?? words?.title,
    name
  }
  const declared = ast._tag === "Declaration" && base.identifier !== undefined ? DECLARED[base.identifier] : undefined
  if (declared !== undefined) return declared(base)
  // A default (`withDecodingDefaultKey`) is an encoding too, but one that keeps the type: only an
  // encoding from another kind of value (`NumberFromString`) makes the model write something else.
  if (ast.encoding !== undefined) {
    const encoded = AST.toEncoded(ast)
    if (encoded._tag !== ast._tag) {
      const identifier = base.identifier ?? EXPECTED[text(encoded.annotations?.expected) ?? ""]?.identifier
      return { ...base, identifier, _tag: "Transformation", from: handle(encoded), struct: false }
    }
    // Renamed keys (`encodeKeys`): a struct decoded from a struct with other key names. The model
    // writes the encoded side, as Effect 3's `fromKey` publishes it (a struct transformation).
    if (renamesKeys(ast, encoded)) return { ...base, _tag: "Transformation", from: handle(encoded), struct: true }
  }
  switch (ast._tag) {
    case "String":
      return { ...base, _tag: "String" }
    case "Number":
      return { ...base, _tag: "Number" }
    case "Boolean":
      return { ...base, _tag: "Boolean" }
    case "TemplateLiteral":
      return { ...base, _tag: "TemplateLiteral", ...templateLiteral(ast.parts) }
    case "Undefined":
      return { ...base, _tag: "Undefined" }
    case "Null":
      return { ...base, _tag: "Null" }
    case "Unknown":
    case "Any":
      return { ...base, _tag: "Unknown" }
    case "Literal":
      return { ...base, _tag: "Literal", literal: ast.literal }
    case "Enum":
      return {
        ...base,
        _tag: "Enums",
        names: ast.enums.map(([name]) => name),
        values: ast.enums.map(([, value]) => value)
      }
    case "Suspend": {
      const thunk = ast.thunk
      return { ...base, _tag: "Suspend", target: () => handle(thunk()) }
    }
    case "Union":
      return { ...base, _tag: "Union", members: ast.types.map((member) => handle(member)) }
    case "Arrays":
      return {
        ...base,
        _tag: "Tuple",
        elements: ast.elements.map((element) => ({ type: handle(element), optional: AST.isOptional(element) })),
        rest: ast.rest.map((rest) => handle(rest))
      }
    case "Objects": {
      const properties = ast.propertySignatures.map((signature) => ({
        name: signature.name,
        type: handle(signature.type),
        optional: AST.isOptional(signature.type),
        description: text(signature.type.context?.annotations?.["description"]),
        // A default: an encoding that keeps the type.
        defaulted: signature.type.encoding !== undefined && AST.toEncoded(signature.type)._tag === signature.type._tag
      }))
      const indexes = ast.indexSignatures.map((index) => ({ parameter: handle(index.parameter), type: handle(index.type) }))
      const struct = (description: (p: typeof properties[number]) => string | undefined): Array<ViewProperty> =>
        properties.map((p) => ({ name: p.name, type: p.type, optional: p.optional, description: description(p) }))
      if (!properties.some((p) => p.defaulted)) return { ...base, _tag: "Struct", properties: struct((p) => p.description), indexes }
      // Effect 3 makes a struct with defaults a transformation from its encoded side, which keeps
      // the key descriptions of the defaulted fields only: read as Effect 3 reads it.
      const encoded: SchemaView = {
        _tag: "Struct",
        properties: struct((p) => (p.defaulted ? p.description : undefined)),
        indexes,
        description: undefined,
        identifier: undefined,
        title: undefined,
        name
      }
      return { ...base, _tag: "Transformation", from: made(encoded), struct: true }
    }
    default:
      return { ...base, _tag: "Other" }
  }
}

/** Whether `encoded` is `ast`'s struct with some keys renamed: the same number of fields, other names. */
const renamesKeys = (ast: AST.AST, encoded: AST.AST): boolean => {
  if (ast._tag !== "Objects" || encoded._tag !== "Objects") return false
  const names = ast.propertySignatures.map((signature) => signature.name)
  const encodedNames = encoded.propertySignatures.map((signature) => signature.name)
  return names.length === encodedNames.length && names.some((name, i) => name !== encodedNames[i])
}

/** The value an absent key decodes to, if the field has a default the model may rely on. */
const defaultOf = (value: Schema.Top): { readonly value: unknown } | undefined => {
  try {
    const decoded = Schema.decodeUnknownResult(Schema.Struct({ field: value as Schema.Codec<unknown> }))({})
    if (Result.isFailure(decoded)) return undefined
    const out: Record<string, unknown> = decoded.success
    return Object.hasOwn(out, "field") ? { value: out["field"] } : undefined
  } catch {
    // A default that needs services, or fails: nothing the model could rely on.
    return undefined
  }
}

/** One field: its optionality and own description are in its node's `context`. @internal */
export const field = (value: unknown): FieldView => {
  const schema = value as Schema.Top
  const ast = schema.ast
  const optional = AST.isOptional(ast)
  return {
    type: handle(ast),
    optional,
    description: text(ast.context?.annotations?.["description"]),
    default: optional ? defaultOf(schema) : undefined
  }
}
