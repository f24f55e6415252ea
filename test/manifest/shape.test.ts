/**
 * A client decodes manifests with a plain check (`src/internal/manifest/check.ts` over
 * `shared/shapeCheck.ts`, shared by the Effect 3 and Effect 4 builds, loading no Effect module),
 * and `rcp-sdk/manifest` publishes the shape as Schemas built as Effect Schema ASTs
 * (`src/internal/manifest/shape.ts`). The oracle here is the shape written with Effect 3's
 * `effect/Schema` combinators — the readable form of docs/protocol.md §1 — and all must agree on
 * everything a user can see: what decodes and to what, every problem's path and message (the plain
 * check words them as Effect 3's `ArrayFormatter` does, on both targets), the JSON Schema, the
 * types, and what `Arbitrary` makes.
 *
 * Effect 3 only (not in the two-target run, docs/effect4.md §Tests): the oracle is Effect 3's
 * combinators, and so are the JSON Schema, `Arbitrary` and type comparisons it makes. What it
 * checks on Effect 4 is checked elsewhere: the plain check is the same code on both targets (its
 * messages asserted exactly on both by manifest.test.ts, lockCheck.test.ts), and the public Schemas
 * take what it takes on each target (manifestSchema.test.ts).
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
import * as ManifestCheck from "../../src/internal/manifest/check.js"
import { clip, describeValue } from "../../src/internal/shared/text.js"
import { auth, junk, manifest, param, schemaNode, tool } from "../support/manifestArbitraries.js"
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

type Problems =
  | { readonly _tag: "Ok"; readonly value: unknown }
  | { readonly _tag: "Invalid"; readonly issues: ReadonlyArray<{ readonly path: ReadonlyArray<PropertyKey>; readonly message: string }> }
  | { readonly _tag: "Threw"; readonly message: string }

/**
 * What Effect 3 reports, as rcp-sdk always printed it (each message cut to 300 characters). Effect
 * 3's union matching reads `auth.type` with `String(value)`, which throws on JSON such as
 * `{"toString": 1}`: rcp-sdk always handed it a stand-in there (an object's kind), and so does the oracle.
 */
const viaOracle = (input: unknown): Problems => {
  let readable = input
  if (typeof input === "object" && input !== null && !Array.isArray(input)) {
    const auth = (input as Record<string, unknown>)["auth"]
    const type = typeof auth === "object" && auth !== null && !Array.isArray(auth)
      ? (auth as Record<string, unknown>)["type"]
      : undefined
    if (typeof type === "object" && type !== null) {
      readable = { ...input, auth: { ...(auth as Record<string, unknown>), type: describeValue(type) } }
    }
  }
  const result = viaSchema(Reference.Manifest, readable)
  return result._tag === "Right"
    ? { _tag: "Ok", value: result.value }
    : result._tag === "Threw"
    ? result
    : { _tag: "Invalid", issues: result.issues.map((issue) => ({ path: issue.path, message: clip(issue.message, 300) })) }
}

const viaCheck = (input: unknown): Problems => {
  try {
    return ManifestCheck.check(input)
  } catch (error) {
    return { _tag: "Threw", message: String(error) }
  }
}

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

describe("the manifest's shape: the plain check and the Schemas built as ASTs are the combinators' (docs/protocol.md §1)", () => {
  it("the types decoded are the same", () => {
    assert.deepStrictEqual(sameTypes, [true, true, true, true, true, true, true, true, true, true])
  })

  it("the plain check (what a client decodes with) and the oracle agree on every input: value, or every problem's path and message", () => {
    fc.assert(
      fc.property(manifest, (input) => {
        assert.deepStrictEqual(viaCheck(input), viaOracle(input))
      }),
      seeded(1, RUNS * 3)
    )
  })

  it("hostile values: the same messages as the oracle's, cut to 300 characters, built within a budget", () => {
    const wide = Object.fromEntries(Array.from({ length: 5_000 }, (_, i) => [`k${i}`, "v".repeat(50)]))
    const inputs: Array<unknown> = [
      { rcpVersion: "0.2", tools: [wide, Array.from({ length: 10_000 }, (_, i) => i)] },
      { rcpVersion: "0.2", tools: [{ name: "x".repeat(1 << 20), description: "d", method: "GET", params: [], url: "u" }] },
      { rcpVersion: "0.2", auth: { type: { toString: 1 } }, tools: [] },
      { rcpVersion: "0.2", auth: { type: ["header"] }, tools: [] },
      { rcpVersion: "0.2", auth: { type: "toString" }, tools: [] },
      { rcpVersion: { constructor: { name: "Evil" } }, tools: { constructor: { name: "Evil" }, a: [1, "2", null] } },
      { rcpVersion: "0.2", tools: [{ ...wide, name: "t" }], auth: { type: "oauth2", flows: [], tokenUrl: wide } }
    ]
    for (const input of inputs) {
      const ours = viaCheck(input)
      assert.deepStrictEqual(ours, viaOracle(input))
      assert.strictEqual(ours._tag, "Invalid")
      for (const issue of ours._tag === "Invalid" ? ours.issues : []) assert.isAtMost(issue.message.length, 301)
    }
  })

  it("the public Schema and the oracle agree on every input", () => {
    fc.assert(
      fc.property(manifest, (input) => {
        assert.deepStrictEqual(viaSchema(Manifest.Manifest, input), viaSchema(Reference.Manifest, input))
      }),
      seeded(4, RUNS)
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
    const issues = viaCheck(input)
    assert.deepStrictEqual(issues._tag === "Invalid" ? issues.issues.map((i) => `${i.path.join(".")}: ${i.message}`) : issues, [
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
