/**
 * The manifest's public Schemas (`Manifest.Manifest`, `Manifest.Tool`, …) on Effect 3, written with
 * Effect 3's combinators. A client does not decode with them (`manifest/check.ts` does, on both
 * targets, with the protocol's messages); they are for users who compose, print or derive from
 * them (JSON Schema, `Arbitrary`), and decoding with them directly gives Effect 3's own messages —
 * which are the protocol's, as `test/manifest/shape.test.ts` holds. The Effect 4 twin is
 * `../v4/ManifestSchema.ts`.
 *
 * A twin imports only its Effect and shared/: the protocol's constants come in as a `Spec`
 * (`Manifest.ts` passes the manifest wing's), so that each is written once.
 */
import * as Schema from "effect/Schema"
import { clip, describeValue } from "../../shared/text.js"

/** A public Schema of this target: `Schema.Schema<A>`. @internal */
export type Of<A> = Schema.Schema<A>

/** The protocol's constants the Schemas are written with (the manifest wing's). @internal */
export interface Spec {
  readonly rcpVersions: ReadonlyArray<string>
  readonly toolName: RegExp
  readonly paramName: RegExp
  readonly methods: ReadonlyArray<string>
  readonly paramTypes: ReadonlyArray<string>
  readonly nodeTypes: ReadonlyArray<string>
  readonly styles: ReadonlyArray<string>
  readonly bodyEncodings: ReadonlyArray<string>
  readonly flows: ReadonlyArray<string>
  /** What `Arbitrary` makes for a param's schema. */
  readonly schemaExamples: ReadonlyArray<Readonly<Record<string, unknown>>>
}

/** The Schemas, by their public names. @internal */
export interface Schemas {
  readonly HttpMethod: Of<unknown>
  readonly ParamType: Of<unknown>
  readonly ParamSchema: Of<unknown>
  readonly ParamStyle: Of<unknown>
  readonly Param: Of<unknown>
  readonly BodyEncoding: Of<unknown>
  readonly AuthNone: Of<unknown>
  readonly AuthHeader: Of<unknown>
  readonly AuthQuery: Of<unknown>
  readonly AuthOAuth2: Of<unknown>
  readonly Auth: Of<unknown>
  readonly Tool: Of<unknown>
  readonly Manifest: Of<unknown>
  readonly ManifestIssue: Of<unknown>
  /** `Schema.encodeSync(Manifest)`. */
  readonly encode: (manifest: unknown) => unknown
}

// The value quoted in rcp's own messages: a kind for objects, a clipped text for the rest.
const quoted = (actual: unknown): string => {
  if (actual === undefined) return "(missing)"
  if (typeof actual === "object" && actual !== null) return describeValue(actual)
  return clip(typeof actual === "string" ? JSON.stringify(actual) : String(actual), 40)
}

const isRecord = (u: unknown): u is Readonly<Record<string, unknown>> =>
  typeof u === "object" && u !== null && !Array.isArray(u)

const matching = (pattern: RegExp) =>
  Schema.String.pipe(Schema.pattern(pattern, {
    message: (issue) => `expected a string matching ${pattern.source}, got ${quoted(issue.actual)}`
  }))

const oneOf = (identifier: string, values: ReadonlyArray<string>) =>
  Schema.Literal(...(values as [string, ...Array<string>])).annotations({
    identifier,
    message: (issue) => ({
      message: `expected ${values.map((value) => JSON.stringify(value)).join(" | ")}, got ${quoted(issue.actual)}`,
      override: true
    })
  })

const exact = <S extends Schema.Schema.All>(schema: S) => Schema.optionalWith(schema, { exact: true })

/** The Schemas, written with Effect 3's combinators over `spec`. @internal */
export const make = (spec: Spec): Schemas => {
  const StringMap = Schema.Record({ key: Schema.String, value: Schema.String })
  const HttpMethod = oneOf("HttpMethod", spec.methods)
  const ParamType = oneOf("ParamType", spec.paramTypes)
  // A param's schema is checked by the meaning checks, every problem with its path; the shape asks
  // for an object only, so that a problem is reported once and in the protocol's words.
  const ParamSchema = Schema.declare(isRecord, {
    identifier: "ParamSchema",
    message: (issue) => ({ message: `expected a schema (a JSON object), got ${quoted(issue.actual)}`, override: true }),
    jsonSchema: {
      type: "object",
      description: "the JSON Schema of the param's value (docs/protocol.md §1.10)",
      required: ["type"],
      properties: { type: { enum: spec.nodeTypes } }
    },
    arbitrary: () => (fc) => fc.constantFrom(...spec.schemaExamples)
  })
  const ParamStyle = oneOf("ParamStyle", spec.styles)
  const Param = Schema.Struct({
    name: matching(spec.paramName),
    type: ParamType,
    required: exact(Schema.Boolean),
    description: exact(Schema.String),
    enum: exact(Schema.Array(Schema.String)),
    schema: exact(ParamSchema),
    style: exact(ParamStyle),
    explode: exact(Schema.Boolean)
  }).annotations({ identifier: "Param" })
  const BodyEncoding = oneOf("BodyEncoding", spec.bodyEncodings)
  const AuthNone = Schema.Struct({ type: Schema.Literal("none") }).annotations({ identifier: "AuthNone" })
  const AuthHeader = Schema.Struct({
    type: Schema.Literal("header"),
    name: Schema.NonEmptyString,
    scheme: exact(Schema.NonEmptyString)
  }).annotations({ identifier: "AuthHeader" })
  const AuthQuery = Schema.Struct({ type: Schema.Literal("query"), name: Schema.NonEmptyString }).annotations({
    identifier: "AuthQuery"
  })
  const AuthOAuth2 = Schema.Struct({
    type: Schema.Literal("oauth2"),
    flows: Schema.Array(oneOf("OAuth2Flow", spec.flows)).pipe(Schema.minItems(1)),
    tokenUrl: Schema.NonEmptyString,
    authorizationUrl: exact(Schema.NonEmptyString),
    revocationUrl: exact(Schema.NonEmptyString),
    issuer: exact(Schema.NonEmptyString),
    scopes: exact(Schema.Array(Schema.String)),
    resource: exact(Schema.NonEmptyString)
  }).annotations({ identifier: "AuthOAuth2" })
  const Auth = Schema.Union(AuthNone, AuthHeader, AuthQuery, AuthOAuth2).annotations({ identifier: "Auth" })
  const Tool = Schema.Struct({
    name: matching(spec.toolName),
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
  const reads = spec.rcpVersions.map((version) => `"${version}"`).join(" and ")
  const Manifest = Schema.Struct({
    rcpVersion: Schema.Literal(...(spec.rcpVersions as [string, ...Array<string>])).annotations({
      message: (issue) => ({ message: `unsupported rcpVersion ${quoted(issue.actual)}: this library reads ${reads}`, override: true })
    }),
    auth: exact(Auth),
    tools: Schema.Array(Tool)
  }).annotations({ identifier: "Manifest" })
  const ManifestIssue = Schema.Struct({
    path: Schema.Array(Schema.Union(Schema.String, Schema.Number)),
    message: Schema.String
  }).annotations({ identifier: "ManifestIssue" })
  const schemas = {
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
    Manifest,
    ManifestIssue
  } as unknown as Omit<Schemas, "encode">
  return { ...schemas, encode: Schema.encodeSync(Manifest as Schema.Schema<unknown>) }
}
