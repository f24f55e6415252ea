/**
 * OpenAPI import: any REST API that publishes an OpenAPI 3.0/3.1 or Swagger 2.0 description,
 * used as an RCP manifest. The mapping rules are in docs/openapi.md. `@readme/openapi-parser` comes
 * with this package (loaded on the first import, not before); `rcp-sdk` is a peer, used through its
 * public API only, and never loads the parser.
 *
 * @since 0.1.0
 */
import type * as Effect from "effect/Effect"
import type * as Client from "rcp-sdk/client"
import type * as Manifest from "rcp-sdk/manifest"
import * as api from "./internal/api.js"
import type * as Convert from "./internal/convert.js"
import * as Mapping from "./internal/mapping.js"

/**
 * A spec to import: the parsed document, a file path (JSON or YAML), or an `http(s)` URL —
 * fetched under discovery's rules: no credential, same-origin redirects only, a size cap.
 *
 * @since 0.1.0
 * @category models
 */
export type Spec = object | string | URL

/**
 * How to import.
 *
 * @since 0.1.0
 * @category models
 */
export interface Options {
  /** Where the tools point, instead of the spec's `servers` (or 2.0 `host`). */
  readonly baseUrl?: string | undefined
  /** Only these operations: each pattern `tag:<name>` (that tag), an `operationId` or a tag, or a path glob starting with `/` (`/repos/**`). */
  readonly include?: ReadonlyArray<string> | undefined
  /** Not these operations (same patterns as `include`). */
  readonly exclude?: ReadonlyArray<string> | undefined
  /** The manifest's auth, instead of what the spec's security schemes map to. */
  readonly auth?: Manifest.Auth | undefined
  /** Resolve `$ref`s into other files and URLs (the parser fetches them itself). Default false. */
  readonly allowExternalRefs?: boolean | undefined
  /** Let a spec fetched from a public URL point its tools at loopback or private addresses. Default false. */
  readonly allowPrivateServers?: boolean | undefined
  /** Largest spec read from a URL, in bytes. Default 32 MiB. */
  readonly maxSpecBytes?: number | undefined
  /**
   * Give each tool an `outputSchema` (docs/protocol.md §8) from its operation's first 2xx JSON
   * response schema, translated into the bounded subset (warnings say what it left out). The MCP
   * bridge then returns the whole data as `structuredContent` — and a result that does not fit the
   * schema as an error, so turn it on for a spec whose response schemas are accurate. Default false.
   */
  readonly outputSchemas?: boolean | undefined
}

/**
 * Options of a standalone import (`toManifest`, `openApiToManifest`): also how a spec URL is fetched.
 *
 * @since 0.1.0
 * @category models
 */
export interface ImportOptions extends Options {
  readonly fetch?: Pick<Client.Options, "timeout" | "maxRedirects" | "allowHttp" | "blockPrivateNetworks" | "retry">
}

/**
 * Something the import could not represent: an operation left out (`skipped`), or a parameter,
 * body property, server or security scheme it had to leave out or approximate.
 *
 * @since 0.1.0
 * @category models
 */
export interface Warning {
  /** `GET /pets/{id} (getPet)`; absent when the warning is about the document as a whole. */
  readonly operation?: string
  readonly skipped: boolean
  readonly message: string
}

/**
 * The manifest (it always passes `Manifest.decode`; with `allowHttp` when a warning says the
 * server is plain http) and everything it could not represent.
 *
 * @since 0.1.0
 * @category models
 */
export interface Result {
  readonly manifest: Manifest.Manifest
  readonly warnings: ReadonlyArray<Warning>
}

/**
 * What `discover` returns: the client's discovery of the imported manifest, and the import's warnings.
 *
 * @since 0.1.0
 * @category models
 */
export interface Discovery extends Client.Discovery {
  readonly importWarnings: ReadonlyArray<Warning>
}

/**
 * Everything an import can fail with: an invalid spec (`OpenApiInvalid`, with the parser's
 * messages), a missing parser, or — for a URL — what fetching can fail with.
 *
 * @since 0.1.0
 * @category errors
 */
export type ImportError = Convert.ConvertError

export {
  /**
   * @since 0.1.0
   * @category errors
   */
  OpenApiInvalid,
  /**
   * @since 0.1.0
   * @category errors
   */
  OpenApiParserMissing
} from "./internal/errors.js"

/**
 * Imports a spec as a manifest. Never fails on a valid spec: what cannot be represented becomes
 * a warning naming its operation.
 *
 * @example
 * ```ts
 * import { Effect } from "effect"
 * import * as OpenApi from "@rcp-sdk/openapi"
 *
 * const program = Effect.gen(function*() {
 *   const { manifest, warnings } = yield* OpenApi.toManifest("./petstore.yaml", {
 *     baseUrl: "https://petstore.example.com/v1",
 *     include: ["pets"]
 *   })
 *   return manifest
 * })
 * ```
 *
 * @since 0.1.0
 * @category constructors
 */
export const toManifest: (spec: Spec, options?: ImportOptions) => Effect.Effect<Result, ImportError> = api.toManifest

/**
 * `toManifest` as a Promise; a rejection is the same tagged error (`err._tag === "OpenApiInvalid"`).
 *
 * @example
 * ```ts
 * import { openApiToManifest } from "@rcp-sdk/openapi"
 *
 * export const importSpec = async (url: string) => {
 *   const { manifest, warnings } = await openApiToManifest(url) // e.g. "https://api.example.com/openapi.json"
 *   for (const warning of warnings) console.warn(warning)
 *   return manifest
 * }
 * ```
 *
 * @since 0.1.0
 * @category constructors
 */
export const openApiToManifest: (spec: Spec, options?: ImportOptions) => Promise<Result> = api.openApiToManifest

/**
 * Discovery of an OpenAPI URL, through the client's `discoverWith`: the client's lock — or `pin`,
 * with `pinPolicy` — decides first (a URL it does not pin fails with `ManifestNotPinned` before the
 * spec is fetched); the spec is fetched with the client's own rules (http(s) only — a file is
 * `toManifest`'s —, no credential, its timeout, redirect and private-network rules; the spec cap
 * from `maxSpecBytes`), imported, and registered under the spec's URL and held to the pin
 * (`ManifestChanged`) — so, as for any manifest, the credential is sent only to the spec's origin
 * and the client's trusted origins. `credential`, `trustedOrigins`, `prefix`, `pin` and
 * `pinPolicy` are this API's, as for the client's own `discover`.
 *
 * @example
 * ```ts
 * import { Effect } from "effect"
 * import { RcpClient } from "rcp-sdk/client"
 * import * as OpenApi from "@rcp-sdk/openapi"
 *
 * const program = Effect.gen(function*() {
 *   const client = yield* RcpClient
 *   const { tools, importWarnings } = yield* OpenApi.discover(client, "https://api.example.com/openapi.json")
 *   return tools
 * })
 * ```
 *
 * @since 0.1.0
 * @category constructors
 */
export const discover: (
  client: Client.Service,
  url: string | URL,
  options?: Options & Client.DiscoverOptions
) => Effect.Effect<Discovery, ImportError | Client.DiscoverError> = api.discover

/**
 * `discover` for a promise client (`createRcpClient`).
 *
 * @example
 * ```ts
 * import { createRcpClient } from "rcp-sdk/client"
 * import { discoverOpenApi } from "@rcp-sdk/openapi"
 *
 * const client = createRcpClient({ resolvers: { owner: (ctx: { org: string }) => ctx.org } })
 *
 * export const connect = async () => {
 *   const { tools } = await discoverOpenApi(client, "https://api.example.com/openapi.json")
 *   return tools
 * }
 * ```
 *
 * @since 0.1.0
 * @category constructors
 */
export const discoverOpenApi: (
  client: Client.PromiseClient<any>,
  url: string | URL,
  options?: Options & Client.DiscoverOptions
) => Promise<Discovery> = api.discoverPromise

/**
 * A warning as one line: `GET /pets/{id} (getPet): …`.
 *
 * @since 0.1.0
 * @category utils
 */
export const formatWarning: (warning: Warning) => string = Mapping.formatWarning
