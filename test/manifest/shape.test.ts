/**
 * The manifest's Schemas are Effect Schema ASTs built without `effect/Schema`
 * (`src/internal/manifest/shape.ts`), so that a client decodes manifests without loading it. The
 * oracle here is the same shape written with the `effect/Schema` combinators — the readable form
 * of docs/protocol.md §1 — and the two must agree on everything a user can see: what decodes and
 * to what, every error's path and message, the JSON Schema, the types, and what `Arbitrary` makes.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Arbitrary from "effect/Arbitrary"
import * as Either from "effect/Either"
import * as EffectFc from "effect/FastCheck"
import * as JSONSchema from "effect/JSONSchema"
import * as ParseResult from "effect/ParseResult"
import * as Schema from "effect/Schema"
import * as fc from "fast-check"
import * as Manifest from "../../src/Manifest.js"
import * as ManifestShape from "../../src/internal/manifest/shape.js"
import { clip, describeValue } from "../../src/internal/shared/text.js"
import { propertyRuns, seeded } from "../support/property.js"

const RUNS = propertyRuns(300)

// ---------------------------------------------------------------------------------------------
// The oracle: the manifest written with the combinators.
// ---------------------------------------------------------------------------------------------

// The value quoted in a message, as the library quotes values everywhere (not under test here).
const actualText = (actual: unknown): string => {
  if (actual === undefined) return "(missing)"
  if (typeof actual === "object" && actual !== null) return describeValue(actual)
  return clip(typeof actual === "string" ? JSON.stringify(actual) : String(actual), 40)
}

const matching = (pattern: RegExp) =>
  Schema.String.pipe(Schema.pattern(pattern, {
    message: (issue) => `expected a string matching ${pattern.source}, got ${actualText(issue.actual)}`
  }))

const oneOf = <const L extends readonly [string, ...Array<string>]>(identifier: string, ...literals: L) =>
  Schema.Literal(...literals).annotations({
    identifier,
    message: (issue) => ({
      message: `expected ${literals.map((l) => JSON.stringify(l)).join(" | ")}, got ${actualText(issue.actual)}`,
      override: true
    })
  })

const exact = <S extends Schema.Schema.All>(schema: S) => Schema.optionalWith(schema, { exact: true })
const StringMap = Schema.Record({ key: Schema.String, value: Schema.String })

const Reference = (() => {
  const HttpMethod = oneOf("HttpMethod", "GET", "POST", "PUT", "PATCH", "DELETE")
  const ParamType = oneOf("ParamType", "string", "number", "boolean", "array", "object")
  const isObject = (u: unknown): u is Manifest.ParamSchema => typeof u === "object" && u !== null && !Array.isArray(u)
  const ParamSchema = Schema.declare(isObject, {
    identifier: "ParamSchema",
    message: (issue) => ({ message: `expected a schema (a JSON object), got ${actualText(issue.actual)}`, override: true }),
    jsonSchema: {
      type: "object",
      description: "the JSON Schema of the param's value (docs/protocol.md §1.10)",
      required: ["type"],
      properties: { type: { enum: ["string", "number", "integer", "boolean", "array", "object"] } }
    },
    arbitrary: () => (fc) =>
      fc.constantFrom<Manifest.ParamSchema>(
        { type: "string" },
        { type: "integer", minimum: 1 },
        { type: "array", items: { type: "string" } },
        { type: "object", properties: { a: { type: "boolean" } }, required: ["a"] },
        { type: "object", additionalProperties: { type: "string" } }
      )
  })
  const ParamStyle = oneOf("ParamStyle", "form", "spaceDelimited", "pipeDelimited", "deepObject")
  const Param = Schema.Struct({
    name: matching(/^[A-Za-z_][A-Za-z0-9_]*$/),
    type: ParamType,
    required: exact(Schema.Boolean),
    description: exact(Schema.String),
    enum: exact(Schema.Array(Schema.String)),
    schema: exact(ParamSchema),
    style: exact(ParamStyle),
    explode: exact(Schema.Boolean)
  }).annotations({ identifier: "Param" })
  const BodyEncoding = oneOf("BodyEncoding", "json", "form")
  const AuthNone = Schema.Struct({ type: Schema.Literal("none") }).annotations({ identifier: "AuthNone" })
  const AuthHeader = Schema.Struct({
    type: Schema.Literal("header"),
    name: Schema.NonEmptyString,
    scheme: exact(Schema.NonEmptyString)
  }).annotations({ identifier: "AuthHeader" })
  const AuthQuery = Schema.Struct({ type: Schema.Literal("query"), name: Schema.NonEmptyString }).annotations({
    identifier: "AuthQuery"
  })
  const OAuth2Flow = oneOf("OAuth2Flow", "client_credentials", "authorization_code")
  const AuthOAuth2 = Schema.Struct({
    type: Schema.Literal("oauth2"),
    flows: Schema.Array(OAuth2Flow).pipe(Schema.minItems(1)),
    tokenUrl: Schema.NonEmptyString,
    authorizationUrl: exact(Schema.NonEmptyString),
    revocationUrl: exact(Schema.NonEmptyString),
    issuer: exact(Schema.NonEmptyString),
    scopes: exact(Schema.Array(Schema.String)),
    resource: exact(Schema.NonEmptyString)
  }).annotations({ identifier: "AuthOAuth2" })
  const Auth = Schema.Union(AuthNone, AuthHeader, AuthQuery, AuthOAuth2).annotations({ identifier: "Auth" })
  const Tool = Schema.Struct({
    name: matching(/^[A-Za-z0-9_-]{1,64}$/),
    description: Schema.NonEmptyString,
    method: HttpMethod,
    params: Schema.Array(Param),
    url: Schema.String,
    queryParams: exact(StringMap),
    headers: exact(StringMap),
    body: exact(Schema.Unknown),
    bodyEncoding: exact(BodyEncoding),
    responseMappings: exact(StringMap),
    outputSchema: exact(Schema.Union(Schema.Boolean, Schema.Record({ key: Schema.String, value: Schema.Unknown }))),
    tags: exact(Schema.Array(Schema.String))
  }).annotations({ identifier: "Tool" })
  const Manifest = Schema.Struct({
    rcpVersion: Schema.Literal("0.1", "0.2").annotations({
      message: (issue) => ({
        message: `unsupported rcpVersion ${actualText(issue.actual)}: this library reads "0.1" and "0.2"`,
        override: true
      })
    }),
    auth: exact(Auth),
    tools: Schema.Array(Tool)
  }).annotations({ identifier: "Manifest" })
  return {
    HttpMethod,
    ParamType,
    ParamSchema,
    ParamStyle,
    Param,
    BodyEncoding,
    AuthNone,
    AuthHeader,
    AuthQuery,
    AuthOAuth2,
    Auth,
    Tool,
    Manifest
  }
})()

// The types the Schemas decode to are the oracle's, both ways.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
const sameTypes: [
  Same<Schema.Schema.Type<typeof Reference.Manifest>, Manifest.Manifest>,
  Same<Schema.Schema.Type<typeof Reference.Tool>, Manifest.Tool>,
  Same<Schema.Schema.Type<typeof Reference.Param>, Manifest.Param>,
  Same<Schema.Schema.Type<typeof Reference.Auth>, Manifest.Auth>,
  Same<Schema.Schema.Type<typeof Reference.AuthOAuth2>, Manifest.AuthOAuth2>,
  Same<Schema.Schema.Type<typeof Reference.HttpMethod>, Manifest.HttpMethod>,
  Same<Schema.Schema.Type<typeof Reference.ParamType>, Manifest.ParamType>,
  Same<Schema.Schema.Type<typeof Reference.ParamStyle>, Manifest.ParamStyle>,
  Same<Schema.Schema.Type<typeof Reference.BodyEncoding>, Manifest.BodyEncoding>,
  Same<Schema.Schema.Encoded<typeof Reference.Manifest>, Schema.Schema.Encoded<typeof Manifest.Manifest>>
] = [true, true, true, true, true, true, true, true, true, true]
// @ts-expect-error a Tool without a url is no Tool
const noUrl: Manifest.Tool = { name: "t", description: "d", method: "GET", params: [] }
void noUrl

// ---------------------------------------------------------------------------------------------
// Inputs: manifest-shaped values, each part sometimes right, sometimes missing, sometimes junk.
// ---------------------------------------------------------------------------------------------

const junk = fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.constant(undefined), fc.constant({ toString: 1 }))
const maybe = <T>(arbitrary: fc.Arbitrary<T>): fc.Arbitrary<unknown> =>
  fc.oneof({ weight: 4, arbitrary }, { weight: 1, arbitrary: junk })
const text = fc.oneof(fc.string({ maxLength: 6 }), fc.constantFrom("", "x".repeat(70), "a b", "get_thing", "Id_1"))
const stringMap = fc.dictionary(fc.oneof(text, fc.constant("__proto__")), maybe(text), { maxKeys: 3 })
const schemaNode = fc.oneof(
  fc.constantFrom({ type: "string" }, { type: "array", items: { type: "integer" } }, { type: "tuple" }, {}),
  fc.dictionary(text, junk, { maxKeys: 3 })
)
const param = fc.record({
  name: maybe(text),
  type: maybe(fc.constantFrom("string", "number", "boolean", "array", "object", "integer", "String")),
  required: maybe(fc.boolean()),
  description: maybe(text),
  enum: maybe(fc.array(maybe(text), { maxLength: 3 })),
  schema: maybe(schemaNode),
  style: maybe(fc.constantFrom("form", "spaceDelimited", "pipeDelimited", "deepObject", "matrix")),
  explode: maybe(fc.boolean()),
  extra: junk
}, { requiredKeys: [] })
const tool = fc.record({
  name: maybe(text),
  description: maybe(text),
  method: maybe(fc.constantFrom("GET", "POST", "PUT", "PATCH", "DELETE", "get", "TRACE")),
  params: maybe(fc.array(maybe(param), { maxLength: 3 })),
  url: maybe(text),
  queryParams: maybe(stringMap),
  headers: maybe(stringMap),
  body: junk,
  bodyEncoding: maybe(fc.constantFrom("json", "form", "multipart")),
  responseMappings: maybe(stringMap),
  outputSchema: maybe(fc.oneof(fc.boolean(), fc.dictionary(text, junk, { maxKeys: 3 }))),
  tags: maybe(fc.oneof(fc.array(maybe(text), { maxLength: 3 }), text)),
  extra: junk
}, { requiredKeys: [] })
const flow = fc.constantFrom("client_credentials", "authorization_code", "implicit", "password", "")
const auth = fc.oneof(
  fc.record({
    type: maybe(fc.constantFrom("none", "header", "query", "cookie", "oauth2")),
    name: maybe(text),
    scheme: maybe(text)
  }, { requiredKeys: [] }),
  fc.record({
    type: maybe(fc.constantFrom("oauth2", "oauth")),
    flows: maybe(fc.array(maybe(flow), { maxLength: 3 })),
    tokenUrl: maybe(text),
    authorizationUrl: maybe(text),
    revocationUrl: maybe(text),
    issuer: maybe(text),
    scopes: maybe(fc.array(maybe(text), { maxLength: 3 })),
    resource: maybe(text),
    extra: junk
  }, { requiredKeys: [] })
)
const manifest = fc.record({
  rcpVersion: maybe(fc.constantFrom("0.1", "0.2", "1")),
  auth: maybe(auth),
  tools: maybe(fc.array(maybe(tool), { maxLength: 3 }))
}, { requiredKeys: [] })

// ---------------------------------------------------------------------------------------------

type Outcome =
  | { readonly _tag: "Right"; readonly value: unknown }
  | { readonly _tag: "Left"; readonly issues: ReadonlyArray<ParseResult.ArrayFormatterIssue> }
  | { readonly _tag: "Threw"; readonly message: string }

const outcome = (run: () => Either.Either<unknown, ParseResult.ParseIssue>): Outcome => {
  try {
    const result = run()
    return Either.isRight(result)
      ? { _tag: "Right", value: result.right }
      : { _tag: "Left", issues: ParseResult.ArrayFormatter.formatIssueSync(result.left) }
  } catch (error) {
    return { _tag: "Threw", message: String(error) }
  }
}

const OPTIONS = { errors: "all", onExcessProperty: "ignore" } as const

const viaSchema = <A, I>(schema: Schema.Schema<A, I>, input: unknown): Outcome =>
  outcome(() => Either.mapLeft(Schema.decodeUnknownEither(schema, OPTIONS)(input), (error) => error.issue))

const PAIRS = [
  ["Manifest", Manifest.Manifest, Reference.Manifest],
  ["Tool", Manifest.Tool, Reference.Tool],
  ["Param", Manifest.Param, Reference.Param],
  ["Auth", Manifest.Auth, Reference.Auth],
  ["AuthOAuth2", Manifest.AuthOAuth2, Reference.AuthOAuth2],
  ["HttpMethod", Manifest.HttpMethod, Reference.HttpMethod],
  ["ParamType", Manifest.ParamType, Reference.ParamType],
  ["ParamSchema", Manifest.ParamSchema, Reference.ParamSchema],
  ["ParamStyle", Manifest.ParamStyle, Reference.ParamStyle],
  ["BodyEncoding", Manifest.BodyEncoding, Reference.BodyEncoding]
] as const

describe("the manifest's Schemas, built as ASTs, are the combinators' (docs/protocol.md §1)", () => {
  it("the types decoded are the same", () => {
    assert.deepStrictEqual(sameTypes, [true, true, true, true, true, true, true, true, true, true])
  })

  it("the client's decoder and the oracle agree on every input: value, or every error's path and message", () => {
    fc.assert(
      fc.property(manifest, (input) => {
        assert.deepStrictEqual(outcome(() => ManifestShape.decode(input)), viaSchema(Reference.Manifest, input))
      }),
      seeded(1, RUNS * 3)
    )
  })

  it("each public Schema decodes its part as the oracle's does", () => {
    const parts = {
      Manifest: manifest,
      Tool: tool,
      Param: param,
      Auth: auth,
      AuthOAuth2: auth,
      HttpMethod: junk,
      ParamType: junk,
      ParamSchema: schemaNode,
      ParamStyle: junk,
      BodyEncoding: junk
    }
    for (const [name, ours, reference] of PAIRS) {
      fc.assert(
        fc.property(fc.oneof(parts[name], junk), (input) => {
          assert.deepStrictEqual(
            viaSchema(ours as Schema.Schema<unknown>, input),
            viaSchema(reference as Schema.Schema<unknown>, input),
            name
          )
        }),
        seeded(2, RUNS)
      )
    }
  })

  it("the messages a server author reads, exactly", () => {
    const input = {
      rcpVersion: "1.0",
      auth: { type: "header", name: "" },
      tools: [{
        name: "get thing",
        description: "",
        method: "get",
        params: [{ name: "1x", type: "int", schema: [], style: "matrix" }],
        url: 1,
        bodyEncoding: "multipart"
      }]
    }
    const issues = outcome(() => ManifestShape.decode(input))
    assert.deepStrictEqual(issues._tag === "Left" ? issues.issues.map((i) => `${i.path.join(".")}: ${i.message}`) : issues, [
      "rcpVersion: unsupported rcpVersion \"1.0\": this library reads \"0.1\" and \"0.2\"",
      "auth.name: Expected a non empty string, actual \"\"",
      "tools.0.name: expected a string matching ^[A-Za-z0-9_-]{1,64}$, got \"get thing\"",
      "tools.0.description: Expected a non empty string, actual \"\"",
      "tools.0.method: expected \"GET\" | \"POST\" | \"PUT\" | \"PATCH\" | \"DELETE\", got \"get\"",
      "tools.0.params.0.name: expected a string matching ^[A-Za-z_][A-Za-z0-9_]*$, got \"1x\"",
      "tools.0.params.0.type: expected \"string\" | \"number\" | \"boolean\" | \"array\" | \"object\", got \"int\"",
      "tools.0.params.0.schema: expected a schema (a JSON object), got an array",
      "tools.0.params.0.style: expected \"form\" | \"spaceDelimited\" | \"pipeDelimited\" | \"deepObject\", got \"matrix\"",
      "tools.0.url: Expected string, actual 1",
      "tools.0.bodyEncoding: expected \"json\" | \"form\", got \"multipart\""
    ])
  })

  it("the JSON Schema of each is the oracle's", () => {
    for (const [name, ours, reference] of PAIRS) {
      assert.deepStrictEqual(
        JSONSchema.make(ours as Schema.Schema<unknown>),
        JSONSchema.make(reference as Schema.Schema<unknown>),
        name
      )
    }
  })

  it("what Arbitrary makes of ours, the oracle decodes, and both encode it alike", () => {
    // Effect's own fast-check: Arbitrary.make builds on it.
    EffectFc.assert(
      EffectFc.property(Arbitrary.make(Manifest.Manifest), (value) => {
        const decoded = viaSchema(Reference.Manifest, value)
        assert.strictEqual(decoded._tag, "Right")
        // Not `value` itself: a generated record may hold an own "__proto__" key, which decoding and
        // encoding (ours and the oracle's alike) cannot keep — the meaning checks refuse it.
        assert.deepStrictEqual(Manifest.encode(value), Schema.encodeSync(Reference.Manifest)(value))
      }),
      seeded(3, Math.ceil(RUNS / 3))
    )
  })
})
