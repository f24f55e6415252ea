/**
 * The manifest's public Schemas (`Manifest.Manifest`, `Manifest.Tool`, …) on Effect 4, written with
 * Effect 4's combinators. A client does not decode with them (`manifest/check.ts` does, on both
 * targets, with the protocol's messages); a user decoding with these Schemas directly reads
 * Effect 4's own messages (`Missing key`), as with any Effect 4 Schema. The Effect 3 twin is
 * `../v3/ManifestSchema.ts`; `test/manifest/manifestSchema.test.ts` holds both to the values the
 * shared check accepts and decodes.
 */
import * as Schema from "effect/Schema"
import { clip, describeValue } from "../../shared/text.js"

/** A public Schema of this target: `Schema.Codec<A>`. @internal */
export type Of<A> = Schema.Codec<A>

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
  /** What `Arbitrary` makes for a param's schema (on Effect 3). */
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

const quoted = (actual: unknown): string => {
  if (actual === undefined) return "(missing)"
  if (typeof actual === "object" && actual !== null) return describeValue(actual)
  return clip(typeof actual === "string" ? JSON.stringify(actual) : String(actual), 40)
}

// A string matching `pattern`, the message naming the pattern and a clipped value (as on Effect 3).
const matching = (pattern: RegExp) =>
  Schema.String.check(Schema.makeFilter((value: string) => {
    pattern.lastIndex = 0
    return pattern.test(value) || `expected a string matching ${pattern.source}, got ${quoted(value)}`
  }, { description: `a string matching the pattern ${pattern.source}` }))

const oneOf = (identifier: string, values: ReadonlyArray<string>) =>
  Schema.Literals(values).annotate({
    identifier,
    message: `expected ${values.map((value) => JSON.stringify(value)).join(" | ")}`
  })

/** The Schemas, written with Effect 4's combinators over `spec`. @internal */
export const make = (spec: Spec): Schemas => {
  const StringMap = Schema.Record(Schema.String, Schema.String)
  const HttpMethod = oneOf("HttpMethod", spec.methods)
  const ParamType = oneOf("ParamType", spec.paramTypes)
  // A param's schema is checked by the meaning checks; the shape asks for a JSON object only.
  const ParamSchema = Schema.Record(Schema.String, Schema.Unknown).annotate({
    identifier: "ParamSchema",
    description: "the JSON Schema of the param's value (docs/protocol.md §1.10)"
  })
  const ParamStyle = oneOf("ParamStyle", spec.styles)
  const Param = Schema.Struct({
    name: matching(spec.paramName),
    type: ParamType,
    required: Schema.optionalKey(Schema.Boolean),
    description: Schema.optionalKey(Schema.String),
    enum: Schema.optionalKey(Schema.Array(Schema.String)),
    schema: Schema.optionalKey(ParamSchema),
    style: Schema.optionalKey(ParamStyle),
    explode: Schema.optionalKey(Schema.Boolean)
  }).annotate({ identifier: "Param" })
  const BodyEncoding = oneOf("BodyEncoding", spec.bodyEncodings)
  const AuthNone = Schema.Struct({ type: Schema.Literal("none") }).annotate({ identifier: "AuthNone" })
  const AuthHeader = Schema.Struct({
    type: Schema.Literal("header"),
    name: Schema.NonEmptyString,
    scheme: Schema.optionalKey(Schema.NonEmptyString)
  }).annotate({ identifier: "AuthHeader" })
  const AuthQuery = Schema.Struct({ type: Schema.Literal("query"), name: Schema.NonEmptyString }).annotate({
    identifier: "AuthQuery"
  })
  const AuthOAuth2 = Schema.Struct({
    type: Schema.Literal("oauth2"),
    flows: Schema.Array(oneOf("OAuth2Flow", spec.flows)).check(Schema.isMinLength(1)),
    tokenUrl: Schema.NonEmptyString,
    authorizationUrl: Schema.optionalKey(Schema.NonEmptyString),
    revocationUrl: Schema.optionalKey(Schema.NonEmptyString),
    issuer: Schema.optionalKey(Schema.NonEmptyString),
    scopes: Schema.optionalKey(Schema.Array(Schema.String)),
    resource: Schema.optionalKey(Schema.NonEmptyString)
  }).annotate({ identifier: "AuthOAuth2" })
  const Auth = Schema.Union([AuthNone, AuthHeader, AuthQuery, AuthOAuth2]).annotate({ identifier: "Auth" })
  const Tool = Schema.Struct({
    name: matching(spec.toolName),
    description: Schema.NonEmptyString,
    method: HttpMethod,
    params: Schema.Array(Param),
    url: Schema.String,
    queryParams: Schema.optionalKey(StringMap),
    headers: Schema.optionalKey(StringMap),
    body: Schema.optionalKey(Schema.Unknown),
    bodyEncoding: Schema.optionalKey(BodyEncoding),
    responseMappings: Schema.optionalKey(StringMap),
    outputSchema: Schema.optionalKey(Schema.Union([Schema.Boolean, Schema.Record(Schema.String, Schema.Unknown)])),
    tags: Schema.optionalKey(Schema.Array(Schema.String))
  }).annotate({ identifier: "Tool" })
  const reads = spec.rcpVersions.map((version) => `"${version}"`).join(" and ")
  const Manifest = Schema.Struct({
    rcpVersion: Schema.Literals(spec.rcpVersions).annotate({ message: `unsupported rcpVersion: this library reads ${reads}` }),
    auth: Schema.optionalKey(Auth),
    tools: Schema.Array(Tool)
  }).annotate({ identifier: "Manifest" })
  const ManifestIssue = Schema.Struct({
    path: Schema.Array(Schema.Union([Schema.String, Schema.Number])),
    message: Schema.String
  }).annotate({ identifier: "ManifestIssue" })
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
  return { ...schemas, encode: Schema.encodeSync(Manifest as unknown as Schema.Codec<unknown>) }
}
