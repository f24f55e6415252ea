/**
 * The server side (`rcp-sdk/server`): describe your own REST endpoints as tools in code, build a
 * manifest that is checked by the same rules every client applies, and serve it.
 *
 * @since 0.1.0
 */
import * as HttpLayerRouter from "@effect/platform/HttpLayerRouter"
import * as HttpRouter from "@effect/platform/HttpRouter"
import * as HttpServer from "@effect/platform/HttpServer"
import * as HttpServerResponse from "@effect/platform/HttpServerResponse"
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import { dual } from "effect/Function"
import type * as Layer from "effect/Layer"
import type * as Schema from "effect/Schema"
import * as Lower from "./internal/lower.js"
import * as Manifest from "./Manifest.js"

/**
 * The `t` of a template callback. `t.arg("city")` is the placeholder `"{{city}}"`, typed as that
 * literal; only the names of the tool's `args` are accepted, so a typo does not compile.
 *
 * @since 0.1.0
 * @category models
 */
export interface Template<Name extends string> {
  readonly arg: <const N extends Name>(name: N) => `{{${N}}}`
}

/**
 * A value written as is, or computed from `t` so that it can contain placeholders.
 *
 * @since 0.1.0
 * @category models
 */
export type Templated<A, Name extends string> = A | ((t: Template<Name>) => A)

/**
 * `queryParams` and `headers`: one callback per entry, or one callback for the whole record.
 *
 * @since 0.1.0
 * @category models
 */
export type StringTemplates<Name extends string> =
  | { readonly [key: string]: Templated<string, Name> }
  | ((t: Template<Name>) => { readonly [key: string]: string })

/**
 * A JSON request body in which any part, at any depth, may be a callback of `t`.
 *
 * @since 0.1.0
 * @category models
 */
export type BodyTemplate<Name extends string> =
  | string
  | number
  | boolean
  | null
  | ((t: Template<Name>) => BodyTemplate<Name>)
  | ReadonlyArray<BodyTemplate<Name>>
  | { readonly [key: string]: BodyTemplate<Name> }

/**
 * What `defineTool` takes. `args` declares the arguments the model fills in, one param per
 * field; `url`, `queryParams`, `headers` and `body` refer to them with `t.arg(name)`.
 *
 * @since 0.1.0
 * @category models
 */
export interface ToolOptions<Fields extends Schema.Struct.Fields> {
  readonly name: string
  /** What the model reads when it decides whether to call the tool. */
  readonly description: string
  readonly method: Manifest.HttpMethod
  /** Left out: the tool takes no arguments. */
  readonly args?: Schema.Struct<Fields> | undefined
  readonly url: Templated<string, Extract<keyof Fields, string>>
  readonly queryParams?: StringTemplates<Extract<keyof Fields, string>> | undefined
  readonly headers?: StringTemplates<Extract<keyof Fields, string>> | undefined
  readonly body?: BodyTemplate<Extract<keyof Fields, string>> | undefined
  /** `{ field: "@json.path" }` (SPEC §4). */
  readonly responseMappings?: { readonly [field: string]: `@${string}` } | undefined
}

/**
 * Describes one endpoint as a manifest tool. Pure: no network, no validation (`manifest` checks
 * the whole set), the result is plain JSON-ready data.
 *
 * `args` is lowered to `params`, one per field in field order: `Schema.String`, `Schema.Number`
 * and `Schema.Boolean` give that type, also through refinements and brands (`Schema.Int`,
 * `Schema.NonEmptyString`, `Schema.String.pipe(Schema.brand("UserId"))`); any other type (a
 * union, a struct, an array, a transformation such as `Schema.NumberFromString`, a literal) gives
 * `"string"`. `required` is always written out: `false` for `Schema.optional` /
 * `Schema.optionalWith` fields, else `true`. `description` comes from the field's annotation
 * (`Schema.optional(X).annotations(…)`, `Schema.propertySignature(X).annotations(…)`), else from
 * the outermost `description` on its type — Effect's own refinements carry one (`Schema.Int` is
 * "an integer"), the plain `String`/`Number`/`Boolean` descriptions are left out.
 *
 * @example
 * ```ts
 * import * as Schema from "effect/Schema"
 * import * as Server from "rcp-sdk/server"
 *
 * const getWeather = Server.defineTool({
 *   name: "get_weather",
 *   description: "Get current weather information for a city.",
 *   method: "GET",
 *   args: Schema.Struct({ city: Schema.String.annotations({ description: "City name, e.g. \"Paris\"" }) }),
 *   url: "https://internal.example.com/weather",
 *   queryParams: { city: (t) => t.arg("city") },
 *   responseMappings: { temperatureC: "@temperatureC", conditions: "@conditions" }
 * })
 * ```
 *
 * @since 0.1.0
 * @category constructors
 */
export const defineTool = <Fields extends Schema.Struct.Fields = {}>(options: ToolOptions<Fields>): Manifest.Tool =>
  Lower.tool(options)

/**
 * What `manifest` takes: the auth the tools expect (absent = none) and the tools.
 *
 * @since 0.1.0
 * @category models
 */
export interface ManifestOptions {
  readonly auth?: Manifest.Auth | undefined
  readonly tools: ReadonlyArray<Manifest.Tool>
  /**
   * Publish plain `http:` tool URLs on hosts that are not loopback. Clients refuse them unless
   * they allow http too, so this is for private networks whose clients are configured alike.
   */
  readonly allowHttp?: boolean | undefined
}

// A server author thinks in tool names, not in indices into an array they built in code.
const withToolNames = (
  issues: ReadonlyArray<Manifest.ManifestIssue>,
  tools: unknown
): Array<Manifest.ManifestIssue> =>
  issues.map((issue) => {
    const [root, index] = issue.path
    const inTool = root === "tools" && typeof index === "number" && Array.isArray(tools)
    const tool: unknown = inTool ? tools[index] : undefined
    const name = typeof tool === "object" && tool !== null && "name" in tool ? tool.name : undefined
    if (typeof name !== "string" || issue.message.includes(JSON.stringify(name))) return issue
    return { ...issue, message: `${issue.message} (tool ${JSON.stringify(name)})` }
  })

const check = (input: {
  readonly rcpVersion: string
  readonly tools: unknown
}, options: Manifest.ValidateOptions = {}): Either.Either<Manifest.Manifest, Manifest.ManifestInvalid> =>
  Either.mapLeft(
    Manifest.validate(input, options),
    (issues) => new Manifest.ManifestInvalid({ issues: withToolNames(issues, input.tools) })
  )

const build = (options: ManifestOptions) =>
  check({
    rcpVersion: Manifest.RCP_VERSION,
    ...(options.auth === undefined ? {} : { auth: options.auth }),
    tools: options.tools
  }, { allowHttp: options.allowHttp })

/**
 * `{ rcpVersion: "0.1", auth, tools }`, validated exactly as a client validates it (SPEC §1), so
 * a server cannot publish a manifest that clients reject. Fails with `ManifestInvalid` listing
 * every problem with its path and the name of the tool it is in.
 *
 * @since 0.1.0
 * @category constructors
 */
export const manifest = (options: ManifestOptions): Effect.Effect<Manifest.Manifest, Manifest.ManifestInvalid> =>
  Effect.suspend(() => build(options))

/**
 * `manifest` for code that does not run Effects: returns the manifest or throws the
 * `ManifestInvalid` itself (`instanceof` and `_tag` work). Serve it with
 * `JSON.stringify(manifest)` as `application/json`.
 *
 * @since 0.1.0
 * @category constructors
 */
export const manifestSync = (options: ManifestOptions): Manifest.Manifest =>
  Either.getOrThrowWith(build(options), (error) => error)

const json = (manifest: Manifest.Manifest): HttpServerResponse.HttpServerResponse =>
  HttpServerResponse.unsafeJson(manifest)

/**
 * The HTTP response that serves `manifest` as `application/json`, serialized once. It is checked
 * again here because a `Manifest` can also be built by hand: one that fails validation is never
 * sent — the request dies with the `ManifestInvalid` (a 500) instead.
 *
 * @since 0.1.0
 * @category constructors
 */
export const response = (manifest: Manifest.Manifest): Effect.Effect<HttpServerResponse.HttpServerResponse> =>
  // Whether plain http is acceptable was decided when the manifest was built; this re-check is about
  // hand-built manifests breaking the format.
  Either.match(check(manifest, { allowHttp: true }), { onLeft: Effect.die, onRight: json })

/**
 * Adds `GET path` serving the manifest to an `HttpRouter`:
 * `HttpRouter.empty.pipe(Server.route("/rcp/manifest", manifest))`. Build the manifest with
 * `manifest` (or `manifestSync`) so that a broken one stops the server from starting.
 *
 * @since 0.1.0
 * @category combinators
 */
export const route: {
  (
    path: HttpRouter.PathInput,
    manifest: Manifest.Manifest
  ): <E, R>(self: HttpRouter.HttpRouter<E, R>) => HttpRouter.HttpRouter<E, R>
  <E, R>(
    self: HttpRouter.HttpRouter<E, R>,
    path: HttpRouter.PathInput,
    manifest: Manifest.Manifest
  ): HttpRouter.HttpRouter<E, R>
} = dual(
  3,
  <E, R>(self: HttpRouter.HttpRouter<E, R>, path: HttpRouter.PathInput, manifest: Manifest.Manifest) =>
    HttpRouter.get(self, path, response(manifest))
)

/**
 * The origin the current `HttpServer` listens on (`http://127.0.0.1:51234`; a server on every
 * interface is given as loopback): for tool URLs of a server that binds port 0 (tests, demos) and
 * so learns its port only once it listens.
 *
 * @since 0.1.0
 * @category accessors
 */
export const origin: Effect.Effect<string, never, HttpServer.HttpServer> = Effect.flatMap(
  HttpServer.HttpServer,
  ({ address }) => {
    if (address._tag === "UnixAddress") return Effect.dieMessage("Server.origin: the server listens on a Unix socket")
    // A server bound to every interface is reached on loopback; a client cannot connect to 0.0.0.0.
    const host = address.hostname === "0.0.0.0" || address.hostname === ""
      ? "127.0.0.1"
      : address.hostname === "::"
      ? "[::1]"
      : address.hostname.includes(":")
      ? `[${address.hostname}]`
      : address.hostname
    return Effect.succeed(`http://${host}:${address.port}`)
  }
)

/**
 * Serves the manifest at `GET path` on an `HttpLayerRouter`. The manifest is built and validated
 * when the layer is built, so an invalid one fails the server's startup with `ManifestInvalid`.
 * Given a function, it is called with the server's `origin`, so tool URLs can name a port that is
 * only known once the server listens.
 *
 * @since 0.1.0
 * @category layers
 */
export const layer: {
  (
    path: HttpLayerRouter.PathInput,
    options: ManifestOptions
  ): Layer.Layer<never, Manifest.ManifestInvalid, HttpLayerRouter.HttpRouter>
  (
    path: HttpLayerRouter.PathInput,
    options: (origin: string) => ManifestOptions
  ): Layer.Layer<never, Manifest.ManifestInvalid, HttpLayerRouter.HttpRouter | HttpServer.HttpServer>
} = ((
  path: HttpLayerRouter.PathInput,
  options: ManifestOptions | ((origin: string) => ManifestOptions)
) =>
  HttpLayerRouter.addAll(
    (typeof options === "function" ? Effect.flatMap(origin, (o) => manifest(options(o))) : manifest(options)).pipe(
      Effect.map((built) => [HttpLayerRouter.route("GET", path, json(built))])
    )
    // The overloads say which form needs the HttpServer; one implementation serves both.
  )) as typeof layer

/**
 * Re-exported so a server author needs one import: the manifest error and data types.
 *
 * @since 0.1.0
 * @category errors
 */
export { ManifestInvalid } from "./Manifest.js"

/**
 * @since 0.1.0
 * @category models
 */
export type { Auth, Manifest, Param, Tool } from "./Manifest.js"
