/**
 * The entry points behind `@rcp-sdk/openapi`: an import on its own (fetching a URL over a transport
 * of its own, under discovery's rules), and `discover`, which fetches with an existing client,
 * imports, and registers the result in it. The standalone fetch is a client of its own (`rcp-sdk`'s
 * `layerUndici`, no resolvers), used for its `fetchJson` only: the same rules as discovery.
 */
import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Layer from "effect/Layer"
import * as Client from "rcp-sdk/client"
import type { PromiseClient, RegisterError } from "rcp-sdk/client"
import * as Resolver from "rcp-sdk/resolver"
import type * as OpenApi from "../OpenApi.js"
import * as Convert from "./convert.js"
import type * as Mapping from "./mapping.js"

/** @internal */
export type ImportOptions = OpenApi.ImportOptions

/** @internal */
export type OpenApiDiscovery = OpenApi.Discovery

/** @internal */
export const standaloneFetch = (options: ImportOptions): Convert.Fetch => (url, maxBytes) =>
  Effect.flatMap(Client.RcpClient, (client) => client.fetchJson(url, { maxBytes, what: "OpenAPI document" })).pipe(
    Effect.provide(Client.layerUndici(options.fetch ?? {}).pipe(Layer.provide(Resolver.layerEmpty)))
  )

/** @internal */
export const toManifest = (
  spec: Convert.Spec,
  options: ImportOptions = {}
): Effect.Effect<Mapping.Result, Convert.ConvertError> => Convert.convert(spec, options, standaloneFetch(options))

/** What `discover` needs of a client: its fetch and its registry. */
type Target = Pick<Client.Service, "fetchJson" | "register">

/** @internal */
export const discover = (
  client: Target,
  url: string | URL,
  options: Convert.Options & Client.DiscoverOptions = {}
): Effect.Effect<OpenApiDiscovery, Convert.ConvertError | RegisterError> =>
  Effect.gen(function*() {
    let source: string | undefined
    const fetch: Convert.Fetch = (target, maxBytes) =>
      // The first fetch is the spec's; later ones (OpenID Connect discovery) do not move the API.
      Effect.tap(client.fetchJson(target, { maxBytes }), (fetched) => (source ??= fetched.url))
    const result = yield* Convert.convert(typeof url === "string" ? url : url.href, options, fetch)
    // Registered under the spec's URL: the credential goes to the spec's origin and the client's
    // trusted origins only, never to wherever a spec's `servers` point.
    // An `oauth2` auth (from an oauth2 or openIdConnect scheme) needs the API's OAuth client registration.
    const { credential, oauth, prefix, trustedOrigins } = options
    const discovery = yield* client.register(result.manifest, {
      url: source ?? String(url),
      credential,
      prefix,
      trustedOrigins,
      ...(oauth === undefined ? {} : { oauth })
    })
    return { ...discovery, importWarnings: result.warnings }
  }).pipe(Effect.withSpan("OpenApi.discover"))

const run = <A, E>(effect: Effect.Effect<A, E>): Promise<A> =>
  Effect.runPromiseExit(effect).then((exit) => {
    if (Exit.isSuccess(exit)) return exit.value
    throw Cause.squash(exit.cause)
  })

/** @internal */
export const openApiToManifest = (spec: Convert.Spec, options?: ImportOptions): Promise<Mapping.Result> =>
  run(toManifest(spec, options))

/** A promise client as a `Target`: its rejections are the tagged errors the Effect API fails with. */
const fromPromiseClient = (client: PromiseClient<any>): Target => ({
  fetchJson: (url, options) =>
    Effect.tryPromise({ try: () => client.fetchJson(url, options), catch: (error) => error as Client.FetchError }),
  register: (manifest, source) =>
    Effect.tryPromise({ try: () => client.register(manifest, source), catch: (error) => error as RegisterError })
})

/** @internal */
export const discoverPromise = (
  client: PromiseClient<any>,
  url: string | URL,
  options?: Convert.Options & Client.DiscoverOptions
): Promise<OpenApiDiscovery> => run(discover(fromPromiseClient(client), url, options))
