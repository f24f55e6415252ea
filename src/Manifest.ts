/**
 * The RCP manifest (docs/protocol.md §1): its Schemas, and `decode`, which checks both its shape and its
 * meaning and reports every problem at once.
 *
 * @since 0.1.0
 */
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import * as Schema from "effect/Schema"
import { clip, describeValue, escapeControls } from "./internal/values.js"
import * as Lint from "./internal/lint.js"
import * as ManifestModel from "./internal/manifestModel.js"
import { ManifestInvalid } from "./internal/manifestModel.js"
import type * as Poisoning from "./internal/poisoning.js"
import * as Template from "./internal/template.js"
import * as Validate from "./internal/validate.js"

// The default message echoes the whole actual value (a 1 MiB name would make a 1 MiB message).
const stringMatching = (pattern: RegExp) =>
  Schema.String.pipe(Schema.pattern(pattern, {
    message: (issue) => `expected a string matching ${pattern.source}, got ${formatActual(issue.actual)}`
  }))

// Spec wording (`expected "a" | "b", got "c"`) rather than one line per union member.
const expectedOneOf = (literals: ReadonlyArray<string>, actual: unknown) => ({
  message: `expected ${literals.map((l) => JSON.stringify(l)).join(" | ")}, got ${formatActual(actual)}`,
  override: true
})

/**
 * The protocol version this library reads and writes.
 *
 * @since 0.1.0
 * @category models
 */
export const RCP_VERSION = ManifestModel.RCP_VERSION

/**
 * What a tool name must match: what OpenAI, Anthropic and Gemini accept. A client's exposed name
 * (a discover `prefix` plus the name) must match it too.
 *
 * @since 0.2.0
 * @category models
 */
export const TOOL_NAME = ManifestModel.TOOL_NAME

/**
 * Whether a param is required (`required` absent means required).
 *
 * @since 0.1.0
 * @category guards
 */
export const isRequired = ManifestModel.isRequired

/**
 * @since 0.1.0
 * @category models
 */
export const HttpMethod = Schema.Literal("GET", "POST", "PUT", "PATCH", "DELETE").annotations({
  identifier: "HttpMethod",
  message: (issue) => expectedOneOf(["GET", "POST", "PUT", "PATCH", "DELETE"], issue.actual)
})

/**
 * @since 0.1.0
 * @category models
 */
export type HttpMethod = typeof HttpMethod.Type

/**
 * @since 0.1.0
 * @category models
 */
export const ParamType = Schema.Literal("string", "number", "boolean").annotations({
  identifier: "ParamType",
  message: (issue) => expectedOneOf(["string", "number", "boolean"], issue.actual)
})

/**
 * @since 0.1.0
 * @category models
 */
export type ParamType = typeof ParamType.Type

/**
 * One argument of a tool. `required` absent means required. `enum` (an extension of RCP v0.1 that
 * older clients ignore; docs/protocol.md §8) lists the only values a string param takes.
 *
 * @since 0.1.0
 * @category models
 */
export const Param = Schema.Struct({
  name: stringMatching(Template.PARAM_NAME),
  type: ParamType,
  required: Schema.optionalWith(Schema.Boolean, { exact: true }),
  description: Schema.optionalWith(Schema.String, { exact: true }),
  enum: Schema.optionalWith(Schema.Array(Schema.String), { exact: true })
}).annotations({ identifier: "Param" })

/**
 * @since 0.1.0
 * @category models
 */
export interface Param extends Schema.Schema.Type<typeof Param> {}

/**
 * @since 0.1.0
 * @category models
 */
export const AuthNone = Schema.Struct({ type: Schema.Literal("none") }).annotations({ identifier: "AuthNone" })

/**
 * The client sends `name: scheme credential` (or `name: credential` without a scheme).
 *
 * @since 0.1.0
 * @category models
 */
export const AuthHeader = Schema.Struct({
  type: Schema.Literal("header"),
  name: Schema.NonEmptyString,
  scheme: Schema.optionalWith(Schema.NonEmptyString, { exact: true })
}).annotations({ identifier: "AuthHeader" })

/**
 * The client adds the query parameter `name=credential`.
 *
 * @since 0.1.0
 * @category models
 */
export const AuthQuery = Schema.Struct({
  type: Schema.Literal("query"),
  name: Schema.NonEmptyString
}).annotations({ identifier: "AuthQuery" })

/**
 * @since 0.1.0
 * @category models
 */
export const Auth = Schema.Union(AuthNone, AuthHeader, AuthQuery).annotations({ identifier: "Auth" })

/**
 * @since 0.1.0
 * @category models
 */
export type Auth = typeof Auth.Type

const StringMap = Schema.Record({ key: Schema.String, value: Schema.String })

/**
 * One REST endpoint offered as a tool: `{{name}}` placeholders in `url`, `queryParams`, `headers`
 * and `body` strings are filled from the tool's `params` (docs/protocol.md §1.3–§1.8).
 *
 * @example
 * ```ts
 * import * as Manifest from "rcp-sdk/manifest"
 *
 * const searchCourses: Manifest.Tool = {
 *   name: "search_courses",
 *   description: "Search the course catalogue by keywords.",
 *   method: "GET",
 *   params: [
 *     { name: "query", type: "string", description: "words to look for" },
 *     { name: "limit", type: "number", required: false }
 *   ],
 *   url: "https://api.example.com/courses",
 *   queryParams: { q: "{{query}}", limit: "{{limit}}" }
 * }
 *
 * // `required` absent means required.
 * console.log(searchCourses.params.filter(Manifest.isRequired).map((param) => param.name)) // ["query"]
 * ```
 *
 * @since 0.1.0
 * @category models
 */
export const Tool = Schema.Struct({
  name: stringMatching(TOOL_NAME),
  description: Schema.NonEmptyString,
  method: HttpMethod,
  params: Schema.Array(Param),
  url: Schema.String,
  queryParams: Schema.optionalWith(StringMap, { exact: true }),
  headers: Schema.optionalWith(StringMap, { exact: true }),
  body: Schema.optionalWith(Schema.Unknown, { exact: true }),
  responseMappings: Schema.optionalWith(StringMap, { exact: true })
}).annotations({ identifier: "Tool" })

/**
 * @since 0.1.0
 * @category models
 */
export interface Tool extends Schema.Schema.Type<typeof Tool> {}

/**
 * A whole manifest: `{ rcpVersion: "0.1", auth?, tools }`. The Schema checks the shape only; use
 * `decode` (or `validate`) for every rule of docs/protocol.md §1.
 *
 * @since 0.1.0
 * @category models
 */
export const Manifest = Schema.Struct({
  rcpVersion: Schema.Literal(RCP_VERSION).annotations({
    message: (issue) => ({
      message: `unsupported rcpVersion ${formatActual(issue.actual)}: this library reads "${RCP_VERSION}"`,
      override: true
    })
  }),
  auth: Schema.optionalWith(Auth, { exact: true }),
  tools: Schema.Array(Tool)
}).annotations({ identifier: "Manifest" })

/**
 * @since 0.1.0
 * @category models
 */
export interface Manifest extends Schema.Schema.Type<typeof Manifest> {}

// Never `String(object)`: JSON may hold an own "toString" that is not a function.
const formatActual = (actual: unknown): string => {
  if (actual === undefined) return "(missing)"
  if (typeof actual === "object" && actual !== null) return describeValue(actual)
  return clip(typeof actual === "string" ? JSON.stringify(actual) : String(actual), 40)
}


/**
 * One problem in a manifest: where (`path`, as in `tools[2].params[0].type`) and what.
 *
 * @since 0.1.0
 * @category models
 */
export const ManifestIssue = Schema.Struct({
  path: Schema.Array(Schema.Union(Schema.String, Schema.Number)),
  message: Schema.String
}).annotations({ identifier: "ManifestIssue" })

/**
 * @since 0.1.0
 * @category models
 */
export interface ManifestIssue extends Schema.Schema.Type<typeof ManifestIssue> {}

/**
 * A manifest broke the rules of docs/protocol.md §1. `issues` lists every problem; `source` names where the
 * manifest came from when that is known (a URL or a file). A `Data.TaggedError`, not a Schema class:
 * the client raises it without loading `effect/Schema`.
 *
 * @example
 * ```ts
 * import * as Effect from "effect/Effect"
 * import * as Manifest from "rcp-sdk/manifest"
 *
 * const report = Manifest.decode({ rcpVersion: "0.1", tools: [{ name: "get thing" }] }).pipe(
 *   Effect.catchTag("ManifestInvalid", (error) =>
 *     // error.message holds the same lines, under a heading naming the source
 *     Effect.succeed(error.issues.map(Manifest.formatIssue)))
 * )
 * // ["tools[0].name: expected a string matching ^[A-Za-z0-9_-]{1,64}$, got \"get thing\"",
 * //  "tools[0].description: is missing", …]
 * ```
 *
 * @since 0.1.0
 * @category errors
 */
export { ManifestInvalid } from "./internal/manifestModel.js"

/**
 * `tools[2].params[0].type: expected …`.
 *
 * @since 0.1.0
 * @category models
 */
export const formatIssue: (issue: ManifestIssue) => string = Validate.formatIssue

const reasonOf = (cause: unknown): string => {
  try {
    return cause instanceof Error ? String(cause.message) : "unknown"
  } catch {
    return "unknown"
  }
}

/**
 * Effect's union matching reads a discriminant with `String(value)`, which throws on JSON such as
 * `{"toString": 1}`; an object there can never match anyway, so the Schema sees a stand-in.
 */
const withReadableDiscriminant = (input: Record<string, unknown>): Record<string, unknown> => {
  const auth = input["auth"]
  if (typeof auth !== "object" || auth === null || Array.isArray(auth)) return input
  const type = (auth as Record<string, unknown>)["type"]
  if (typeof type !== "object" || type === null) return input
  return { ...input, auth: { ...auth, type: describeValue(type) } }
}

const decodeShape = Schema.decodeUnknownEither(Manifest, { errors: "all", onExcessProperty: "ignore" })

/**
 * What a reader of manifests accepts beyond the strict default.
 *
 * @since 0.1.0
 * @category models
 */
export interface ValidateOptions {
  /** Accept plain `http:` tool URLs on hosts that are not loopback (default: only `https:`). */
  readonly allowHttp?: boolean | undefined
}

/**
 * Every problem of `input`, shape and meaning together, or the decoded manifest. Never throws.
 * For code that does not run Effects; `decode` is the same check as an Effect.
 *
 * @example
 * ```ts
 * import * as Either from "effect/Either"
 * import * as Manifest from "rcp-sdk/manifest"
 *
 * const result = Manifest.validate({ rcpVersion: "0.1", tools: [] })
 * if (Either.isLeft(result)) {
 *   for (const issue of result.left) console.error(Manifest.formatIssue(issue))
 * } else {
 *   console.log(`${result.right.tools.length} tool(s)`)
 * }
 * ```
 *
 * @since 0.1.0
 * @category decoding
 */
export const validate = (
  input: unknown,
  options: ValidateOptions = {}
): Either.Either<Manifest, ReadonlyArray<ManifestIssue>> => {
  try {
    if (typeof input !== "object" || input === null || Array.isArray(input)) {
      return Either.left([{ path: [], message: `a manifest must be a JSON object, got ${describeValue(input)}` }])
    }
    // Junk too deep (or cyclic) to look at safely: the Schema's error formatting would recurse through it.
    const structure = Validate.checkStructure(input)
    if (structure !== undefined) return Either.left([structure])
    const shape = decodeShape(withReadableDiscriminant(input as Record<string, unknown>))
    const shapeIssues: Array<ManifestIssue> = Either.isLeft(shape) ? Validate.parseIssues(shape.left) : []
    // Messages quote manifest text: no raw control character may reach a terminal or a log.
    const issues = [...shapeIssues, ...Validate.check(input, options)].map((issue) => ({
      ...issue,
      message: escapeControls(issue.message)
    }))
    if (issues.length > 0 || Either.isLeft(shape)) return Either.left(issues)
    return Either.right(shape.right)
  } catch (cause) {
    // Only exotic inputs get here (a getter or Proxy that throws): still a typed rejection.
    return Either.left([{ path: [], message: `could not be read: ${reasonOf(cause)}` }])
  }
}

/**
 * Decodes and validates a manifest (docs/protocol.md §1): succeeds with a `Manifest` or fails with
 * `ManifestInvalid` listing every problem with its path. Unknown fields are ignored and left out.
 *
 * @example
 * ```ts
 * import * as Effect from "effect/Effect"
 * import * as Manifest from "rcp-sdk/manifest"
 * import { readFileSync } from "node:fs"
 *
 * const fromFile = (path: string) =>
 *   Effect.flatMap(
 *     Effect.sync(() => JSON.parse(readFileSync(path, "utf8")) as unknown),
 *     // `source` puts the file's name into the error message.
 *     (json) => Manifest.decode(json, { source: path })
 *   )
 *
 * // Effect<Manifest.Manifest, Manifest.ManifestInvalid>
 * export const manifest = fromFile("manifest.json")
 * ```
 *
 * @since 0.1.0
 * @category decoding
 */
export const decode = (
  input: unknown,
  options?: ValidateOptions & { readonly source?: string }
): Effect.Effect<Manifest, ManifestInvalid> =>
  Either.match(validate(input, options), {
    onLeft: (issues) =>
      Effect.fail(new ManifestInvalid(options?.source === undefined ? { issues } : { issues, source: options.source })),
    onRight: Effect.succeed
  })

/**
 * The manifest as JSON-ready data (the inverse of `decode`).
 *
 * @since 0.1.0
 * @category encoding
 */
export const encode: (manifest: Manifest) => Schema.Schema.Encoded<typeof Manifest> = Schema.encodeSync(Manifest)

/**
 * Advice for server authors on a valid manifest: params without a description, params no
 * template uses, identity-looking params (`userId`, `tenantId`, …) whose description does not
 * tell the client operator to resolve them. Warnings only; `decode` does not run them.
 *
 * It also runs the poisoning checks (README "Poisoning checks"): each such warning names its rule
 * (`invisible-unicode`, `model-instruction`, `sensitive-path`, `long-description`,
 * `credential-param`, `confusable-name`), the tool or param, and the offending text, escaped and
 * clipped.
 *
 * @example
 * ```ts
 * import * as Effect from "effect/Effect"
 * import * as Manifest from "rcp-sdk/manifest"
 *
 * const advice = Effect.map(
 *   Manifest.decode({
 *     rcpVersion: "0.1",
 *     tools: [{
 *       name: "get_profile",
 *       description: "Get a user's profile.",
 *       method: "GET",
 *       params: [{ name: "userId", type: "string" }],
 *       url: "https://api.example.com/users/{{userId}}"
 *     }]
 *   }),
 *   (manifest) => Manifest.lint(manifest).map(Manifest.formatIssue)
 * )
 * // ["tools[0].params[0]: param \"userId\" of tool \"get_profile\" has no description",
 * //  "tools[0].params[0]: param \"userId\" of tool \"get_profile\" looks like an identity; …"]
 * ```
 *
 * @since 0.1.0
 * @category decoding
 */
export const lint: (manifest: Manifest, options?: LintOptions) => ReadonlyArray<ManifestIssue> = Lint.lint

/**
 * Options of `lint`: the poisoning checks' description budget (README "Poisoning checks").
 *
 * @since 0.3.0
 * @category models
 */
export type LintOptions = Poisoning.PoisoningOptions

/**
 * The poisoning rules a lint warning can name (README "Poisoning checks").
 *
 * @since 0.3.0
 * @category models
 */
export type PoisoningRule = Poisoning.PoisoningRule
