/**
 * The server side (`rcp-sdk/server`): describe your own REST endpoints as tools in code, build a
 * manifest that is checked by the same rules every client applies, and serve it.
 *
 * @since 0.1.0
 */
import type { AnySchema, StructFields } from "#target/LowerEffect.js"
import * as Result_ from "#target/Result.js"
import * as Http from "#target/ServerHttp.js"
import * as Effect from "effect/Effect"
import type * as Layer from "effect/Layer"
import * as Manifest from "./Manifest.js"
import type * as Result from "./Result.js"
import * as FetchHandler from "./internal/server/fetchHandler.js"
import * as Lower from "./internal/server/lower.js"

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
 * A Standard Schema (https://standardschema.dev) that can describe itself as JSON Schema (the
 * Standard JSON Schema interface): a zod 4 `z.object(…)`, a valibot `v.object(…)` wrapped with
 * `toStandardJsonSchema`, an arktype `type({…})`. Only what rcp-sdk reads is declared here, so no
 * schema library is needed to use this type.
 *
 * @since 0.1.0
 * @category models
 */
export interface StandardJsonSchema<Input = unknown> {
  readonly "~standard": {
    readonly version: 1
    readonly vendor: string
    readonly types?: { readonly input: Input; readonly output: unknown } | undefined
    readonly jsonSchema: {
      readonly input: (options: { readonly target: string }) => Record<string, unknown>
    }
  }
}

/**
 * What `args` may be: an Effect `Schema.Struct`, or a Standard Schema object with JSON Schema.
 *
 * @since 0.1.0
 * @category models
 */
export type Args =
  // Structural rather than `Schema.Struct<Fields>`, which is invariant in its fields.
  | (AnySchema & { readonly fields: StructFields })
  | StandardJsonSchema

/**
 * The names `t.arg` accepts for `args`: its fields (Effect) or the keys of its input type
 * (Standard Schema).
 *
 * @since 0.1.0
 * @category models
 */
export type ArgNames<A> = A extends { readonly fields: infer F extends StructFields } ? Extract<keyof F, string>
  : A extends { readonly "~standard": { readonly types?: { readonly input: infer I } | undefined } }
    ? Extract<keyof I, string>
  : never

/**
 * What `defineTool` takes. `args` declares the arguments the model fills in, one param per
 * field; `url`, `queryParams`, `headers` and `body` refer to them with `t.arg(name)`.
 *
 * @since 0.1.0
 * @category models
 */
export interface ToolOptions<A extends Args | undefined = undefined> {
  readonly name: string
  /** What the model reads when it decides whether to call the tool. */
  readonly description: string
  readonly method: Manifest.HttpMethod
  /** Left out: the tool takes no arguments. */
  readonly args?: A
  readonly url: Templated<string, ArgNames<A>>
  readonly queryParams?: StringTemplates<ArgNames<A>> | undefined
  readonly headers?: StringTemplates<ArgNames<A>> | undefined
  readonly body?: BodyTemplate<ArgNames<A>> | undefined
  /** `"form"`: the body is sent as `application/x-www-form-urlencoded` (docs/protocol.md §1.12). */
  readonly bodyEncoding?: Manifest.BodyEncoding | undefined
  /**
   * How an array or object arg is written in a query or a form body (docs/protocol.md §1.11):
   * `{ tags: { style: "form", explode: false } }` for `tags=a,b`. Left out: by its shape.
   */
  readonly styles?: { readonly [K in ArgNames<A>]?: ParamStyle } | undefined
  /** `{ field: "@json.path" }` (docs/protocol.md §4). */
  readonly responseMappings?: { readonly [field: string]: `@${string}` } | undefined
  /**
   * The shape of what the endpoint returns (after `responseMappings`), published as the tool's
   * `outputSchema` (docs/protocol.md §8): an Effect Schema (its encoded side: what goes over the
   * wire), a Standard Schema that describes itself as JSON Schema (its output side), or a JSON
   * Schema. Translated into the subset every client checks — references written out, keywords
   * outside it dropped, each drop a warning of `manifestWithWarnings`.
   */
  readonly output?: AnySchema | StandardJsonSchemaOutput | Result.OutputSchema | undefined
}

/**
 * A Standard Schema that can describe its output side as JSON Schema (zod 4, valibot wrapped with
 * `toStandardJsonSchema`, arktype): what `output` reads.
 *
 * @since 0.2.0
 * @category models
 */
export interface StandardJsonSchemaOutput {
  readonly "~standard": {
    readonly version: 1
    readonly vendor: string
    readonly jsonSchema: {
      readonly output: (options: { readonly target: string }) => Record<string, unknown>
    }
  }
}

/**
 * An arg's `style` and `explode` (docs/protocol.md §1.11): OpenAPI's names.
 *
 * @since 0.2.0
 * @category models
 */
export interface ParamStyle {
  readonly style?: Manifest.ParamStyle | undefined
  readonly explode?: boolean | undefined
}

/**
 * Describes one endpoint as a manifest tool. Pure: no network, no validation (`manifest` checks
 * the whole set), the result is plain JSON-ready data.
 *
 * `args` — an Effect `Schema.Struct`, or a Standard Schema object that describes itself as JSON
 * Schema (zod 4 `z.object`, valibot with `toStandardJsonSchema`, arktype) — is lowered to
 * `params`, one per field in field order (docs/extensions.md): string, number and boolean types
 * give that type, also through refinements and brands, with the bounds those carry in a `schema`
 * (`z.number().int().min(1).max(7)` → `{ type: "number", schema: { type: "integer", minimum: 1,
 * maximum: 7 } }`); string literals and enums (`Schema.Literal("c", "f")`, `z.enum([…])`) give a
 * string param with an `enum`; arrays, structs and records give an `"array"` or `"object"` param
 * with their schema (docs/protocol.md §1.10; such a manifest is version 0.2). `required` is always
 * written out, `false` for optional fields and fields with a default (the default is added to the
 * description). `description` comes from the field's annotation or `.describe(…)`. What the
 * protocol cannot say (a `Date`, a union of types, a tuple, a pattern, `null`) is published as
 * `"string"` or left out: each such loss is a warning that `manifestWithWarnings` returns, with
 * its path. Anything that is not a schema of an object throws `ArgsInvalid`.
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
export const defineTool = <A extends Args | undefined = undefined>(options: ToolOptions<A>): Manifest.Tool =>
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
}, options: Manifest.ValidateOptions = {}): Result_.Result<Manifest.Manifest, Manifest.ManifestInvalid> =>
  Result_.match(Manifest.validate(input, options), {
    onFailure: (issues) =>
      Result_.fail(new Manifest.ManifestInvalid({ issues: withToolNames(issues, input.tools) })),
    onSuccess: (manifest) => Result_.succeed(manifest)
  })

const build = (options: ManifestOptions) =>
  check({
    // The lowest version that carries the tools: one that uses nothing of 0.2 stays a 0.1 manifest.
    rcpVersion: Array.isArray(options.tools) ? Manifest.versionFor(options.tools) : Manifest.RCP_VERSION,
    ...(options.auth === undefined ? {} : { auth: options.auth }),
    tools: options.tools
  }, { allowHttp: options.allowHttp })

/**
 * `{ rcpVersion, auth, tools }`, validated exactly as a client validates it (docs/protocol.md §1), so
 * a server cannot publish a manifest that clients reject. `rcpVersion` is `"0.1"`, or `"0.2"` when a
 * tool has an array or object param, a style or a form body (docs/protocol.md §9). Fails with `ManifestInvalid` listing
 * every problem with its path and the name of the tool it is in.
 *
 * @since 0.1.0
 * @category constructors
 */
export const manifest = (options: ManifestOptions): Effect.Effect<Manifest.Manifest, Manifest.ManifestInvalid> =>
  Effect.suspend(() => Result_.match(build(options), { onFailure: Effect.fail, onSuccess: Effect.succeed }))

/**
 * `manifest` for code that does not run Effects: returns the manifest or throws the
 * `ManifestInvalid` itself (`instanceof` and `_tag` work). Serve it with
 * `JSON.stringify(manifest)` as `application/json`.
 *
 * @since 0.1.0
 * @category constructors
 */
export const manifestSync = (options: ManifestOptions): Manifest.Manifest => {
  const built = build(options)
  if (Result_.isFailure(built)) throw Result_.failureOf(built)
  return Result_.successOf(built)
}

/**
 * What a lowering lost (docs/extensions.md): an arg whose type has no manifest equivalent and is
 * published as `"string"` (`Array<string>`, `Date`, a struct), or whose `null` was dropped. `path`
 * is that param's place in the manifest (`tools[0].params[1]`); `message` names the tool, the arg
 * and what was lost. For the tool's `output` (`arg: "output"`), `path` is a place in its
 * `outputSchema` (`tools[0].outputSchema.properties.id.pattern`) and the loss a keyword the
 * subset does not have.
 *
 * @since 0.1.0
 * @category models
 */
export interface LoweringWarning {
  readonly path: ReadonlyArray<string | number>
  readonly tool: string
  readonly arg: string
  readonly message: string
}

/**
 * A validated manifest and what lowering its tools' `args` lost.
 *
 * @since 0.1.0
 * @category models
 */
export interface ManifestWithWarnings {
  readonly manifest: Manifest.Manifest
  readonly warnings: ReadonlyArray<LoweringWarning>
}

/**
 * `manifest`, plus the warnings of every tool built by `defineTool` whose `args` could not be
 * published exactly (format one with `Manifest.formatIssue`). A tool copied or built by hand has
 * none to report.
 *
 * @example
 * ```ts
 * import { Effect } from "effect"
 * import * as Schema from "effect/Schema"
 * import * as Server from "rcp-sdk/server"
 *
 * const search = Server.defineTool({
 *   name: "search",
 *   description: "Search by tags.",
 *   method: "GET",
 *   args: Schema.Struct({ tags: Schema.Array(Schema.String), since: Schema.Date }),
 *   url: "https://api.example.com/search",
 *   queryParams: { tags: (t) => t.arg("tags"), since: (t) => t.arg("since") }
 * })
 * const { warnings } = Effect.runSync(Server.manifestWithWarnings({ tools: [search] }))
 * // `tags` is an array param (protocol 0.2); a Date has no manifest type:
 * // [{ path: ["tools", 0, "params", 1], tool: "search", arg: "since",
 * //    message: 'arg "since" of tool "search": Date has no manifest type; published as a required "string"' }]
 * ```
 *
 * @since 0.1.0
 * @category constructors
 */
export const manifestWithWarnings = (
  options: ManifestOptions
): Effect.Effect<ManifestWithWarnings, Manifest.ManifestInvalid> =>
  Effect.map(manifest(options), (built) => ({ manifest: built, warnings: Lower.warnings(options.tools) }))

/**
 * `manifestWithWarnings` for code that does not run Effects: throws the `ManifestInvalid` itself.
 *
 * @since 0.1.0
 * @category constructors
 */
export const manifestWithWarningsSync = (options: ManifestOptions): ManifestWithWarnings => ({
  manifest: manifestSync(options),
  warnings: Lower.warnings(options.tools)
})

/**
 * What `manifestHandler` takes besides the tools.
 *
 * @since 0.1.0
 * @category models
 */
export interface HandlerOptions extends Omit<ManifestOptions, "tools"> {
  /**
   * The `Cache-Control` of every response. Default `"no-cache"`: a client may keep the manifest
   * but asks again each time, and the ETag turns an unchanged manifest into a bodiless 304.
   */
  readonly cacheControl?: string | undefined
}

/**
 * A Fetch-API handler serving the manifest: `(request: Request) => Response`, for Hono
 * (`app.get(path, (c) => handler(c.req.raw))`), Next.js route handlers (`export const GET =
 * handler`), Bun, Deno and Cloudflare Workers. The manifest is built (and validated: an invalid
 * one throws `ManifestInvalid` here, at startup) and serialized once. `GET` and `HEAD` answer
 * `200 application/json` with an `ETag` and `Cache-Control`; a matching `If-None-Match` gets a
 * `304` without a body; any other method a `405`.
 *
 * @example
 * ```ts
 * import * as Server from "rcp-sdk/server"
 *
 * const tools: ReadonlyArray<Server.Tool> = [
 *   { name: "ping", description: "Check the API is up.", method: "GET", params: [], url: "https://api.example.com/ping" }
 * ]
 * const handler = Server.manifestHandler(tools, { auth: { type: "header", name: "Authorization", scheme: "Bearer" } })
 * // Bun: Bun.serve({ fetch: handler })
 * console.log(handler(new Request("https://api.example.com/rcp/manifest")).status) // 200
 * ```
 *
 * @since 0.1.0
 * @category constructors
 */
export const manifestHandler = (
  tools: ReadonlyArray<Manifest.Tool>,
  options: HandlerOptions = {}
): (request: Request) => Response =>
  FetchHandler.make(manifestSync({ ...options, tools }), options.cacheControl ?? "no-cache")

const json = (manifest: Manifest.Manifest): Http.Response => Http.json(manifest)

/**
 * The HTTP response that serves `manifest` as `application/json`, serialized once. It is checked
 * again here because a `Manifest` can also be built by hand: one that fails validation is never
 * sent — the request dies with the `ManifestInvalid` (a 500) instead.
 *
 * @since 0.1.0
 * @category constructors
 */
export const response = (manifest: Manifest.Manifest): Effect.Effect<Http.Response> =>
  // Whether plain http is acceptable was decided when the manifest was built; this re-check is about
  // hand-built manifests breaking the format.
  Result_.match(check(manifest, { allowHttp: true }), {
    onFailure: (error) => Effect.die(error),
    onSuccess: (built) => Effect.succeed(json(built))
  })

/**
 * Adds `GET path` serving the manifest to an `HttpRouter`:
 * `HttpRouter.empty.pipe(Server.route("/rcp/manifest", manifest))`. Build the manifest with
 * `manifest` (or `manifestSync`) so that a broken one stops the server from starting.
 *
 * Effect 3 only: Effect 4's router is Layer-based and has no value router to add to, so on the
 * Effect 4 line this is `never` (calling it does not compile); serve the manifest with `layer`,
 * which both lines have (docs/effect4.md §HTTP and AI).
 *
 * @since 0.1.0
 * @category combinators
 */
export const route: Http.Route<Manifest.Manifest> = Http.makeRoute(response)

/**
 * The origin the current `HttpServer` listens on (`http://127.0.0.1:51234`; a server on every
 * interface is given as loopback): for tool URLs of a server that binds port 0 (tests, demos) and
 * so learns its port only once it listens.
 *
 * @since 0.1.0
 * @category accessors
 */
export const origin: Effect.Effect<string, never, Http.Server> = Effect.map(
  Http.listening,
  ({ hostname, port }) => {
    // A server bound to every interface is reached on loopback; a client cannot connect to 0.0.0.0.
    const host = hostname === "0.0.0.0" || hostname === ""
      ? "127.0.0.1"
      : hostname === "::"
      ? "[::1]"
      : hostname.includes(":")
      ? `[${hostname}]`
      : hostname
    return `http://${host}:${port}`
  }
)

/**
 * Serves the manifest at `GET path` on an `HttpLayerRouter` (Effect 4: `effect/http`'s
 * `HttpRouter`). The manifest is built and validated when the layer is built, so an invalid one
 * fails the server's startup with `ManifestInvalid`. Given a function, it is called with the
 * server's `origin`, so tool URLs can name a port that is only known once the server listens.
 *
 * @since 0.1.0
 * @category layers
 */
export const layer: {
  (
    path: Http.PathInput,
    options: ManifestOptions
  ): Layer.Layer<never, Manifest.ManifestInvalid, Http.Router>
  (
    path: Http.PathInput,
    options: (origin: string) => ManifestOptions
  ): Layer.Layer<never, Manifest.ManifestInvalid, Http.Router | Http.Server>
} = ((
  path: Http.PathInput,
  options: ManifestOptions | ((origin: string) => ManifestOptions)
) =>
  Http.getLayer(
    path,
    Effect.map(typeof options === "function" ? Effect.flatMap(origin, (o) => manifest(options(o))) : manifest(options), json)
    // The overloads say which form needs the HttpServer; one implementation serves both.
  )) as typeof layer

export {
  /**
   * Re-exported so a server author needs one import: the manifest error and data types.
   *
   * @since 0.1.0
   * @category errors
   */
  ManifestInvalid
} from "./Manifest.js"

export {
  /**
   * `defineTool`'s `args` is not a schema of an object that can be lowered; thrown by `defineTool`.
   *
   * @since 0.1.0
   * @category errors
   */
  ArgsInvalid
} from "./internal/server/errors.js"

export type {
  /**
   * @since 0.1.0
   * @category models
   */
  Auth,
  /**
   * @since 0.1.0
   * @category models
   */
  Manifest,
  /**
   * @since 0.1.0
   * @category models
   */
  Param,
  /**
   * @since 0.1.0
   * @category models
   */
  Tool
} from "./Manifest.js"
