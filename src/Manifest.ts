/**
 * The RCP manifest (docs/protocol.md §1): its Schemas, and `decode`, which checks both its shape and its
 * meaning and reports every problem at once.
 *
 * Also the manifest's text rules that other tools building or printing manifests must apply alike
 * (the OpenAPI import in `@rcp-sdk/openapi`, the `rcp` command in `@rcp-sdk/cli`): which header
 * names a tool may set, how a manifest's text is made safe to print, and how a document that is not
 * JSON is described. They are exported here, beside `decode`, so that there is one of each rule.
 *
 * @since 0.1.0
 */
import * as ManifestSchema from "#target/ManifestSchema.js"
import type * as Result from "#target/Result.js"
import type * as Effect from "effect/Effect"
import * as ManifestDecode from "./internal/manifest/decode.js"
import * as Lint from "./internal/manifest/lint.js"
import * as ManifestModel from "./internal/manifest/model.js"
import type * as Poisoning from "./internal/manifest/poisoning.js"
import type * as ParamSchemaInternal from "./internal/manifest/paramSchema.js"
import * as ProtocolVersion from "./internal/manifest/protocolVersion.js"
import { SPEC } from "./internal/manifest/schemaSpec.js"
import * as Tags from "./internal/manifest/tags.js"
import * as Validate from "./internal/manifest/validate.js"
import * as JsonPosition from "./internal/shared/jsonPosition.js"
import * as Text from "./internal/shared/text.js"

/**
 * The protocol version of a manifest that uses nothing of version 0.2: what this library writes
 * for it, so that it stays what it was byte for byte (docs/protocol.md §9).
 *
 * @since 0.1.0
 * @category models
 */
export const RCP_VERSION = ManifestModel.RCP_VERSION

/**
 * Every protocol version this library reads, oldest first: `"0.1"` and `"0.2"` (array and object
 * params, query styles, form bodies; docs/protocol.md §9).
 *
 * @since 0.2.0
 * @category models
 */
export const RCP_VERSIONS: readonly ["0.1", "0.2"] = ManifestModel.RCP_VERSIONS

/**
 * The lowest protocol version that can carry `tools`: `"0.2"` when one uses an array or object
 * param, a style or a form body, else `"0.1"`. What a server writes (`Server.manifest` does), and
 * what a tool that builds manifests (an importer) should write too.
 *
 * @example
 * ```ts
 * import * as Manifest from "rcp-sdk/manifest"
 *
 * const tools: ReadonlyArray<Manifest.Tool> = [{
 *   name: "add_labels",
 *   description: "Add labels to an issue.",
 *   method: "POST",
 *   params: [{ name: "labels", type: "array", schema: { type: "array", items: { type: "string" } } }],
 *   url: "https://api.example.com/issues/1/labels",
 *   body: { labels: "{{labels}}" }
 * }]
 * const manifest: Manifest.Manifest = { rcpVersion: Manifest.versionFor(tools), tools } // "0.2"
 * ```
 *
 * @since 0.2.0
 * @category constructors
 */
export const versionFor: (tools: ReadonlyArray<Tool>) => "0.1" | "0.2" = ProtocolVersion.versionFor

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

// The public Schemas, each target's own (Effect 3's or Effect 4's combinators, docs/effect4.md);
// decoding a manifest does not use them (`decode` runs the plain check on both).
const Schemas = ManifestSchema.make(SPEC)

/**
 * @since 0.1.0
 * @category models
 */
export const HttpMethod: ManifestSchema.Of<HttpMethod> = Schemas.HttpMethod as ManifestSchema.Of<HttpMethod>

/**
 * @since 0.1.0
 * @category models
 */
export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE"

/**
 * @since 0.1.0
 * @category models
 */
export const ParamType: ManifestSchema.Of<ParamType> = Schemas.ParamType as ManifestSchema.Of<ParamType>

/**
 * A param's type: `"string"`, `"number"` or `"boolean"`, and from version 0.2 `"array"` and
 * `"object"` (with a `schema`; docs/protocol.md §1.10).
 *
 * @since 0.1.0
 * @category models
 */
export type ParamType = "string" | "number" | "boolean" | "array" | "object"

/**
 * The JSON Schema of a param's value (docs/protocol.md §1.10): a tree of nodes — `string`
 * (`enum`, `minLength`, `maxLength`, `format`), `number` and `integer` (`minimum`, `maximum`,
 * `exclusiveMinimum`, `exclusiveMaximum`), `boolean`, `array` (`items`, `minItems`, `maxItems`),
 * `object` (`properties`, `required`, `additionalProperties`). The Schema checks that it is an
 * object; `decode` checks every rule, with every problem's path.
 *
 * @since 0.2.0
 * @category models
 */
export const ParamSchema: ManifestSchema.Of<ParamSchema> = Schemas.ParamSchema as ManifestSchema.Of<ParamSchema>

/**
 * @since 0.2.0
 * @category models
 */
export type ParamSchema = ParamSchemaInternal.SchemaNode

/**
 * How an array or object param is written as `key=value` pairs in a query or a form body —
 * OpenAPI's names (docs/protocol.md §1.11).
 *
 * @since 0.2.0
 * @category models
 */
export const ParamStyle: ManifestSchema.Of<ParamStyle> = Schemas.ParamStyle as ManifestSchema.Of<ParamStyle>

/**
 * @since 0.2.0
 * @category models
 */
export type ParamStyle = "form" | "spaceDelimited" | "pipeDelimited" | "deepObject"

/**
 * One argument of a tool. `required` absent means required. `enum` (an extension of RCP v0.1 that
 * older clients ignore; docs/protocol.md §8) lists the only values a string param takes. `schema`
 * is the JSON Schema of the value: required for an `"array"` or `"object"` param (version 0.2),
 * optional bounds for a string or number one (§8). `style` and `explode`: how an array or object
 * is written in a query or a form body (§1.11).
 *
 * @example
 * ```ts
 * import * as Manifest from "rcp-sdk/manifest"
 *
 * const labels: Manifest.Param = {
 *   name: "labels",
 *   type: "array",
 *   schema: { type: "array", items: { type: "string", maxLength: 50 }, maxItems: 10 },
 *   style: "form",
 *   explode: false
 * }
 * const days: Manifest.Param = { name: "days", type: "number", schema: { type: "integer", minimum: 1, maximum: 7 } }
 * ```
 *
 * @since 0.1.0
 * @category models
 */
export const Param: ManifestSchema.Of<Param> = Schemas.Param as ManifestSchema.Of<Param>

/**
 * @since 0.1.0
 * @category models
 */
export type Param = {
  /** A placeholder name: `^[A-Za-z_][A-Za-z0-9_]*$`. */
  readonly name: string
  readonly type: ParamType
  readonly required?: boolean
  readonly description?: string
  readonly enum?: ReadonlyArray<string>
  readonly schema?: ParamSchema
  readonly style?: ParamStyle
  readonly explode?: boolean
}

/**
 * @since 0.1.0
 * @category models
 */
export const AuthNone: ManifestSchema.Of<AuthNone> = Schemas.AuthNone as ManifestSchema.Of<AuthNone>

/**
 * @since 0.1.0
 * @category models
 */
export type AuthNone = {
  readonly type: "none"
}

/**
 * The client sends `name: scheme credential` (or `name: credential` without a scheme).
 *
 * @since 0.1.0
 * @category models
 */
export const AuthHeader: ManifestSchema.Of<AuthHeader> = Schemas.AuthHeader as ManifestSchema.Of<AuthHeader>

/**
 * @since 0.1.0
 * @category models
 */
export type AuthHeader = {
  readonly type: "header"
  /** Not empty. */
  readonly name: string
  /** Not empty. */
  readonly scheme?: string
}

/**
 * The client adds the query parameter `name=credential`.
 *
 * @since 0.1.0
 * @category models
 */
export const AuthQuery: ManifestSchema.Of<AuthQuery> = Schemas.AuthQuery as ManifestSchema.Of<AuthQuery>

/**
 * @since 0.1.0
 * @category models
 */
export type AuthQuery = {
  readonly type: "query"
  /** Not empty. */
  readonly name: string
}

/**
 * An OAuth 2 flow an API accepts tokens from: `client_credentials` (the client acts as itself) or
 * `authorization_code` (a user signs in, with PKCE; the client keeps a refresh token per user).
 *
 * @since 0.2.0
 * @category models
 */
export type OAuth2Flow = "client_credentials" | "authorization_code"

/**
 * The client sends `Authorization: Bearer <access token>`, the token obtained from the API's OAuth 2
 * authorization server and kept fresh by the client (docs/protocol.md §10). The manifest names the
 * server's endpoints and what it offers; the client registration, the tokens and whose token a call
 * sends are the client operator's.
 *
 * @example
 * ```ts
 * import * as Manifest from "rcp-sdk/manifest"
 *
 * export const auth: Manifest.AuthOAuth2 = {
 *   type: "oauth2",
 *   flows: ["authorization_code"],
 *   tokenUrl: "https://auth.example.com/oauth/token",
 *   authorizationUrl: "https://auth.example.com/oauth/authorize",
 *   scopes: ["offline_access", "orders:read"]
 * }
 * ```
 *
 * @since 0.2.0
 * @category models
 */
export const AuthOAuth2: ManifestSchema.Of<AuthOAuth2> = Schemas.AuthOAuth2 as ManifestSchema.Of<AuthOAuth2>

/**
 * @since 0.2.0
 * @category models
 */
export type AuthOAuth2 = {
  readonly type: "oauth2"
  /** At least one. */
  readonly flows: ReadonlyArray<OAuth2Flow>
  /** The token endpoint. */
  readonly tokenUrl: string
  /** Where a user signs in; required with `authorization_code`. */
  readonly authorizationUrl?: string
  /** The revocation endpoint (RFC 7009), used when a user disconnects. */
  readonly revocationUrl?: string
  /** The authorization server's issuer identifier (RFC 8414); required with the `openid` scope. */
  readonly issuer?: string
  /** The scopes the client asks for. */
  readonly scopes?: ReadonlyArray<string>
  /** The resource indicator (RFC 8707) sent with every authorization and token request. */
  readonly resource?: string
}

/**
 * @since 0.1.0
 * @category models
 */
export const Auth: ManifestSchema.Of<Auth> = Schemas.Auth as ManifestSchema.Of<Auth>

/**
 * @since 0.1.0
 * @category models
 */
export type Auth = AuthNone | AuthHeader | AuthQuery | AuthOAuth2

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
export const Tool: ManifestSchema.Of<Tool> = Schemas.Tool as ManifestSchema.Of<Tool>

/**
 * @since 0.1.0
 * @category models
 */
export type Tool = {
  /** `TOOL_NAME`. */
  readonly name: string
  /** Not empty. */
  readonly description: string
  readonly method: HttpMethod
  readonly params: ReadonlyArray<Param>
  readonly url: string
  readonly queryParams?: { readonly [key: string]: string }
  readonly headers?: { readonly [name: string]: string }
  readonly body?: unknown
  /** `"json"` (the default) or `"form"` (version 0.2): how `body` is sent (docs/protocol.md §1.12). */
  readonly bodyEncoding?: BodyEncoding
  readonly responseMappings?: { readonly [field: string]: string }
  /**
   * The shape of the tool's result (the `data` a call returns, after `responseMappings`): a JSON
   * Schema in the bounded subset of docs/protocol.md §8 (`Result.OutputSchema`).
   */
  readonly outputSchema?: boolean | { readonly [keyword: string]: unknown }
  /**
   * Labels the API groups its tools by (OpenAPI's operation `tags`): at most `MAX_TAGS`, each at
   * most `MAX_TAG_LENGTH` characters (docs/protocol.md §8). For selecting tools; never shown to the model.
   */
  readonly tags?: ReadonlyArray<string>
}

/**
 * How a tool's body is sent: as JSON, or as `application/x-www-form-urlencoded` (docs/protocol.md §1.12).
 *
 * @since 0.2.0
 * @category models
 */
export const BodyEncoding: ManifestSchema.Of<BodyEncoding> = Schemas.BodyEncoding as ManifestSchema.Of<BodyEncoding>

/**
 * @since 0.2.0
 * @category models
 */
export type BodyEncoding = "json" | "form"

/**
 * A whole manifest: `{ rcpVersion: "0.1" | "0.2", auth?, tools }`. The Schema checks the shape only; use
 * `decode` (or `validate`) for every rule of docs/protocol.md §1.
 *
 * @since 0.1.0
 * @category models
 */
export const Manifest: ManifestSchema.Of<Manifest> = Schemas.Manifest as ManifestSchema.Of<Manifest>

/**
 * @since 0.1.0
 * @category models
 */
export type Manifest = {
  readonly rcpVersion: typeof RCP_VERSIONS[number]
  readonly auth?: Auth
  readonly tools: ReadonlyArray<Tool>
}


/**
 * One problem in a manifest: where (`path`, as in `tools[2].params[0].type`) and what.
 *
 * @since 0.1.0
 * @category models
 */
export const ManifestIssue: ManifestSchema.Of<ManifestIssue> = Schemas.ManifestIssue as ManifestSchema.Of<ManifestIssue>

/**
 * @since 0.1.0
 * @category models
 */
export interface ManifestIssue {
  readonly path: ReadonlyArray<string | number>
  readonly message: string
}

export {
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
  ManifestInvalid
} from "./internal/manifest/model.js"

/**
 * `tools[2].params[0].type: expected …`.
 *
 * @since 0.1.0
 * @category models
 */
export const formatIssue: (issue: ManifestIssue) => string = Validate.formatIssue

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
export const validate: (
  input: unknown,
  options?: ValidateOptions
) => Result.Result<Manifest, ReadonlyArray<ManifestIssue>> = ManifestDecode.validate

/**
 * Every problem of `input` that `validate` finds, in its order; none for a valid manifest. The
 * same check without `Either` / `Result`, so that code shared by both Effect lines (such as
 * `@rcp-sdk/openapi`'s check of each tool it writes) reads it in one way. Never throws.
 *
 * @example
 * ```ts
 * import * as Manifest from "rcp-sdk/manifest"
 *
 * const problems = Manifest.issuesOf({ rcpVersion: "0.1", tools: [{ name: "x" }] })
 * for (const issue of problems) console.error(Manifest.formatIssue(issue))
 * ```
 *
 * @since 0.2.0
 * @category decoding
 */
export const issuesOf: (input: unknown, options?: ValidateOptions) => ReadonlyArray<ManifestIssue> = ManifestDecode.issuesOf

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
export const decode: (
  input: unknown,
  options?: ValidateOptions & { readonly source?: string }
) => Effect.Effect<Manifest, ManifestModel.ManifestInvalid> = ManifestDecode.decode

/**
 * The manifest as JSON-ready data (the inverse of `decode`).
 *
 * @since 0.1.0
 * @category encoding
 */
export const encode: (manifest: Manifest) => Manifest = Schemas.encode as (manifest: Manifest) => Manifest

/**
 * Advice for server authors on a valid manifest: params without a description, params no
 * template uses, identity-looking params (`userId`, `tenantId`, …) whose description does not
 * tell the client operator to resolve them. Warnings only; `decode` does not run them.
 *
 * It also runs the poisoning checks (docs/security.md "Poisoning checks"): each such warning names its rule
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
 * Options of `lint`: the poisoning checks' description budget (docs/security.md "Poisoning checks").
 *
 * @since 0.3.0
 * @category models
 */
export type LintOptions = Poisoning.PoisoningOptions

/**
 * The poisoning rules a lint warning can name (docs/security.md "Poisoning checks").
 *
 * @since 0.3.0
 * @category models
 */
export type PoisoningRule = Poisoning.PoisoningRule

// ---------------------------------------------------------------------------------------------
// Text rules shared with the tools that build and print manifests
// ---------------------------------------------------------------------------------------------

/**
 * What a header name must match (an HTTP token): the manifest's `auth.name` and the names of a
 * tool's `headers`.
 *
 * @since 0.2.0
 * @category rules
 */
export const HEADER_NAME: RegExp = Validate.HEADER_NAME

/**
 * The header names (lower case) a tool may not set: `Host`, `Content-Length`, `Cookie`, hop-by-hop
 * headers and the like; the auth header is refused besides, per manifest.
 *
 * @since 0.2.0
 * @category rules
 */
export const RESERVED_HEADERS: ReadonlySet<string> = Validate.RESERVED_HEADERS

/**
 * The most tags a tool may carry (docs/protocol.md §8).
 *
 * @since 0.3.0
 * @category rules
 */
export const MAX_TAGS: number = Tags.MAX_TAGS

/**
 * The longest tag a tool may carry, in UTF-16 code units (docs/protocol.md §8).
 *
 * @since 0.3.0
 * @category rules
 */
export const MAX_TAG_LENGTH: number = Tags.MAX_TAG_LENGTH

/**
 * Why a string cannot be one of a tool's `tags`, or undefined when it can: empty, longer than
 * `MAX_TAG_LENGTH`, whitespace at either end, or a control, invisible or bidi character. What a
 * tool builder (the OpenAPI import) checks before it keeps a tag; validation applies the same rule.
 *
 * @example
 * ```ts
 * import * as Manifest from "rcp-sdk/manifest"
 *
 * Manifest.tagProblem("repos") // undefined
 * Manifest.tagProblem("a\u202eb") // "contains a control, invisible or bidi character"
 * ```
 *
 * @since 0.3.0
 * @category rules
 */
export const tagProblem: (tag: string) => string | undefined = Tags.problem

/**
 * Text from a manifest or a server made safe to print: C0 and C1 controls, DEL and the Unicode line
 * separators written as escapes (`\u001b`), so that it can neither drive a terminal nor forge a line.
 * Every message of this library that quotes a manifest applies it.
 *
 * @example
 * ```ts
 * import * as Manifest from "rcp-sdk/manifest"
 *
 * console.log(Manifest.escapeControls("get_profile\u001b[2J")) // get_profile\u001b[2J, as text
 * ```
 *
 * @since 0.2.0
 * @category rules
 */
export const escapeControls: (text: string) => string = Text.escapeControls

/**
 * A JSON document safe to print: `JSON.stringify`'s text with every character `escapeControls`
 * escapes (DEL, C1 controls, line separators, bidi controls, default-ignorables, which
 * `JSON.stringify` leaves raw) written as a JSON `\u` escape — the same value for `JSON.parse`,
 * nothing a terminal acts on or hides. `rcp` prints every JSON document through it.
 *
 * @example
 * ```ts
 * import * as Manifest from "rcp-sdk/manifest"
 *
 * Manifest.stringifyJson({ description: "a\u202eb" }) // '{"description":"a\\u202eb"}'
 * ```
 *
 * @since 0.3.0
 * @category rules
 */
export const stringifyJson: (value: unknown, space?: number) => string = Text.stringifyJson

/**
 * Why `text` is not JSON, for a message: `expected X at line L, column C` where `JSON.parse`
 * stopped (or "it does not parse"). Discovery says so of a manifest that is not JSON.
 *
 * @since 0.2.0
 * @category rules
 */
export const describeJsonError: (text: string) => string = JsonPosition.describe
