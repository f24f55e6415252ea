/**
 * The manifest's shape (docs/protocol.md §1) as Effect Schema ASTs, and its decoder: the one
 * definition that `rcp-sdk/manifest`'s Schemas wrap (`Schema.make`) and that a client decodes
 * with. Built from `effect/SchemaAST` and decoded by `effect/ParseResult` — the part of Effect
 * Schema that decoding runs on — so that a client's first discovery does not load `effect/Schema`,
 * whose module graph (fast-check for `Arbitrary`, `Pretty`, …) is most of a cold process's time to a
 * first result (bench/RESULTS.md §Start-up).
 *
 * Each node is what the `effect/Schema` combinator named beside it builds, annotations included;
 * `test/manifest/shape.test.ts` holds the two equal (same decoding, same messages, same JSON Schema)
 * against a definition written with the combinators.
 */
import * as Either from "effect/Either"
import * as Option from "effect/Option"
import * as ParseResult from "effect/ParseResult"
import type * as Schema from "effect/Schema"
import * as AST from "effect/SchemaAST"
import { clip, describeValue } from "../shared/text.js"
import { isRecord } from "../shared/values.js"
import { RCP_VERSIONS, TOOL_NAME } from "./model.js"
import { FLOWS } from "./oauth2.js"
import { NODE_TYPES, PARAM_TYPES, STYLES } from "./paramSchema.js"
import { BODY_ENCODINGS } from "./protocolVersion.js"
import * as Template from "./template.js"

// Never `String(object)`: JSON may hold an own "toString" that is not a function.
const formatActual = (actual: unknown): string => {
  if (actual === undefined) return "(missing)"
  if (typeof actual === "object" && actual !== null) return describeValue(actual)
  return clip(typeof actual === "string" ? JSON.stringify(actual) : String(actual), 40)
}

// The ids `Schema.pattern` and `Schema.minLength` annotate with (JSON Schema and Arbitrary read them).
const PATTERN_SCHEMA_ID = Symbol.for("effect/SchemaId/Pattern")
const MIN_LENGTH_SCHEMA_ID = Symbol.for("effect/SchemaId/MinLength")
const MIN_ITEMS_SCHEMA_ID = Symbol.for("effect/SchemaId/MinItems")
// `AST.StableFilterAnnotationId`, which the published declarations leave out.
const STABLE_FILTER_ANNOTATION_ID = Symbol.for("effect/annotation/StableFilter")

/** `Schema.String.pipe(Schema.filter(predicate, annotations))`: the filter sees strings only. */
const refineString = (predicate: (value: string) => boolean, annotations: AST.Annotations): AST.Refinement =>
  new AST.Refinement(
    AST.stringKeyword,
    (input, _options, self) => predicate(input as string) ? Option.none() : Option.some(new ParseResult.Type(self, input)),
    annotations
  )

/**
 * `Schema.String.pipe(Schema.pattern(pattern, { message }))`, the message naming the pattern and
 * a clipped actual value (the default echoes the whole value: a 1 MiB name would make a 1 MiB message).
 */
const stringMatching = (pattern: RegExp): AST.Refinement =>
  refineString((value) => {
    pattern.lastIndex = 0
    return pattern.test(value)
  }, {
    [AST.SchemaIdAnnotationId]: PATTERN_SCHEMA_ID,
    [PATTERN_SCHEMA_ID]: { regex: pattern },
    [AST.DescriptionAnnotationId]: `a string matching the pattern ${pattern.source}`,
    [AST.JSONSchemaAnnotationId]: { pattern: pattern.source },
    [AST.MessageAnnotationId]: (issue: ParseResult.ParseIssue) =>
      `expected a string matching ${pattern.source}, got ${formatActual(issue.actual)}`
  })

/** `Schema.NonEmptyString`. */
const NonEmptyString = refineString((value) => value.length >= 1, {
  [AST.SchemaIdAnnotationId]: MIN_LENGTH_SCHEMA_ID,
  [AST.TitleAnnotationId]: "nonEmptyString",
  [AST.DescriptionAnnotationId]: "a non empty string",
  [AST.JSONSchemaAnnotationId]: { minLength: 1 },
  [AST.IdentifierAnnotationId]: "NonEmptyString"
})

/**
 * `Schema.Literal(...values).annotations({ identifier, message })`, in the spec's wording
 * (`expected "a" | "b", got "c"`) rather than one line per member.
 */
const oneOf = (values: ReadonlyArray<string>, identifier: string): AST.AST =>
  AST.annotations(AST.Union.make(values.map((value) => new AST.Literal(value))), {
    [AST.IdentifierAnnotationId]: identifier,
    [AST.MessageAnnotationId]: (issue: ParseResult.ParseIssue) => ({
      message: `expected ${values.map((value) => JSON.stringify(value)).join(" | ")}, got ${formatActual(issue.actual)}`,
      override: true
    })
  })

/** `Schema.Struct(fields)`: `[type]` is an `optionalWith(type, { exact: true })` field. */
const struct = (
  fields: Readonly<Record<string, AST.AST | readonly [AST.AST]>>,
  identifier?: string
): AST.TypeLiteral =>
  new AST.TypeLiteral(
    Object.entries(fields).map(([name, field]) =>
      Array.isArray(field)
        ? new AST.PropertySignature(name, field[0], true, true, {})
        : new AST.PropertySignature(name, field as AST.AST, false, true)
    ),
    [],
    identifier === undefined ? {} : { [AST.IdentifierAnnotationId]: identifier }
  )

/** `Schema.Array(item)`. */
const array = (item: AST.AST): AST.TupleType => new AST.TupleType([], [new AST.Type(item)], true)

/** `Schema.Array(item).pipe(Schema.minItems(1))`. */
const nonEmptyArray = (item: AST.AST): AST.Refinement =>
  new AST.Refinement(
    array(item),
    (input, _options, self) =>
      (input as ReadonlyArray<unknown>).length >= 1 ? Option.none() : Option.some(new ParseResult.Type(self, input)),
    {
      [AST.SchemaIdAnnotationId]: MIN_ITEMS_SCHEMA_ID,
      [AST.TitleAnnotationId]: "minItems(1)",
      [AST.DescriptionAnnotationId]: "an array of at least 1 item(s)",
      [AST.JSONSchemaAnnotationId]: { minItems: 1 },
      [STABLE_FILTER_ANNOTATION_ID]: true
    }
  )

/** `Schema.Record({ key: Schema.String, value: Schema.String })`. */
const StringMap = new AST.TypeLiteral([], [new AST.IndexSignature(AST.stringKeyword, AST.stringKeyword, true)])

/**
 * `Schema.Union(Schema.Boolean, Schema.Record({ key: Schema.String, value: Schema.Unknown }))`: a
 * JSON Schema as a tool's `outputSchema` (docs/protocol.md §8); its keywords are checked by
 * `outputSchema.ts`, from `validate.ts`.
 */
const JsonSchema = AST.Union.make([
  AST.booleanKeyword,
  new AST.TypeLiteral([], [new AST.IndexSignature(AST.stringKeyword, AST.unknownKeyword, true)])
])

/** @internal */
export const HttpMethod = oneOf(["GET", "POST", "PUT", "PATCH", "DELETE"], "HttpMethod")

/** @internal */
export const ParamType = oneOf(PARAM_TYPES, "ParamType")

const SCHEMA_EXAMPLES = [
  { type: "string" },
  { type: "integer", minimum: 1 },
  { type: "array", items: { type: "string" } },
  { type: "object", properties: { a: { type: "boolean" } }, required: ["a"] },
  { type: "object", additionalProperties: { type: "string" } }
]

/**
 * `Schema.declare(isRecord, { identifier: "ParamSchema", message, jsonSchema, arbitrary })`: a
 * param's schema (docs/protocol.md §1.10) is checked by the meaning checks (`paramSchema.ts`), every
 * problem with its path; the shape only asks for an object, so that a problem is reported once and
 * in the protocol's words rather than as a union's mismatch per node type.
 *
 * @internal
 */
export const ParamSchema = new AST.Declaration(
  [],
  () => (input, _options, ast) => isRecord(input) ? ParseResult.succeed(input) : ParseResult.fail(new ParseResult.Type(ast, input)),
  () => (input, _options, ast) => isRecord(input) ? ParseResult.succeed(input) : ParseResult.fail(new ParseResult.Type(ast, input)),
  {
    [AST.IdentifierAnnotationId]: "ParamSchema",
    [AST.MessageAnnotationId]: (issue: ParseResult.ParseIssue) => ({
      message: `expected a schema (a JSON object), got ${formatActual(issue.actual)}`,
      override: true
    }),
    [AST.JSONSchemaAnnotationId]: {
      type: "object",
      description: "the JSON Schema of the param's value (docs/protocol.md §1.10)",
      required: ["type"],
      properties: { type: { enum: NODE_TYPES } }
    },
    [AST.ArbitraryAnnotationId]: () => (fc: { constantFrom: (...values: Array<unknown>) => unknown }) =>
      fc.constantFrom(...SCHEMA_EXAMPLES)
  }
)

/** @internal */
export const ParamStyle = oneOf(STYLES, "ParamStyle")

/** @internal */
export const Param = struct({
  name: stringMatching(Template.PARAM_NAME),
  type: ParamType,
  required: [AST.booleanKeyword],
  description: [AST.stringKeyword],
  enum: [array(AST.stringKeyword)],
  schema: [ParamSchema],
  style: [ParamStyle],
  explode: [AST.booleanKeyword]
}, "Param")

/** @internal */
export const BodyEncoding = oneOf(BODY_ENCODINGS, "BodyEncoding")

/** @internal */
export const AuthNone = struct({ type: new AST.Literal("none") }, "AuthNone")

/** @internal */
export const AuthHeader = struct({
  type: new AST.Literal("header"),
  name: NonEmptyString,
  scheme: [NonEmptyString]
}, "AuthHeader")

/** @internal */
export const AuthQuery = struct({ type: new AST.Literal("query"), name: NonEmptyString }, "AuthQuery")

/** @internal */
export const OAuth2Flow = oneOf(FLOWS, "OAuth2Flow")

/** @internal */
export const AuthOAuth2 = struct({
  type: new AST.Literal("oauth2"),
  flows: nonEmptyArray(OAuth2Flow),
  tokenUrl: NonEmptyString,
  authorizationUrl: [NonEmptyString],
  revocationUrl: [NonEmptyString],
  issuer: [NonEmptyString],
  scopes: [array(AST.stringKeyword)],
  resource: [NonEmptyString]
}, "AuthOAuth2")

/** @internal */
export const Auth = AST.annotations(AST.Union.make([AuthNone, AuthHeader, AuthQuery, AuthOAuth2]), {
  [AST.IdentifierAnnotationId]: "Auth"
})

/** @internal */
export const Tool = struct({
  name: stringMatching(TOOL_NAME),
  description: NonEmptyString,
  method: HttpMethod,
  params: array(Param),
  url: AST.stringKeyword,
  queryParams: [StringMap],
  headers: [StringMap],
  body: [AST.unknownKeyword],
  bodyEncoding: [BodyEncoding],
  responseMappings: [StringMap],
  outputSchema: [JsonSchema],
  tags: [array(AST.stringKeyword)]
}, "Tool")

const READS = RCP_VERSIONS.map((version) => `"${version}"`).join(" and ")

/** @internal */
export const Manifest = struct({
  rcpVersion: AST.annotations(AST.Union.make(RCP_VERSIONS.map((version) => new AST.Literal(version))), {
    [AST.MessageAnnotationId]: (issue: ParseResult.ParseIssue) => ({
      message: `unsupported rcpVersion ${formatActual(issue.actual)}: this library reads ${READS}`,
      override: true
    })
  }),
  auth: [Auth],
  tools: array(Tool)
}, "Manifest")

// `decodeUnknownEither` reads only the schema's `ast`: handed the AST alone, `effect/Schema` stays unloaded.
const decodeManifest = ParseResult.decodeUnknownEither({ ast: Manifest } as Schema.Schema<unknown>, {
  errors: "all",
  onExcessProperty: "ignore"
})

/**
 * The manifest's shape checked (every problem, unknown fields left out), as `Schema.decodeUnknownEither`
 * of `Manifest.Manifest` does it. The caller types the result: this AST is `Manifest.Manifest`'s.
 *
 * @internal
 */
export const decode = (input: unknown): Either.Either<unknown, ParseResult.ParseIssue> => decodeManifest(input)
