/**
 * The entry points behind `@rcp-sdk/openapi`: an import on its own (fetching a URL over a transport
 * of its own, under discovery's rules), and `discover`, which fetches with an existing client,
 * imports, and registers the result in it through the client's `discoverWith` (the lock or a pin
 * decides before the spec is fetched). The standalone fetch is a client of its own (`rcp-sdk`'s
 * `layerUndici`, no resolvers), used for its `fetchJson` only: the same rules as discovery.
 */
import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Layer from "effect/Layer"
import * as Client from "rcp-sdk/client"
import type { DiscoverError, PromiseClient } from "rcp-sdk/client"
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
    // This client has no lock, so it never refuses a URL as unpinned.
    Effect.catchTag("ManifestNotPinned", (error) => Effect.die(error)),
    Effect.provide(Client.layerUndici(options.fetch ?? {}).pipe(Layer.provide(Resolver.layerEmpty)))
  )

/** @internal */
export const toManifest = (
  spec: Convert.Spec,
  options: ImportOptions = {}
): Effect.Effect<Mapping.Result, Convert.ConvertError> => Convert.convert(spec, options, standaloneFetch(options))

/** The import as `discoverWith`'s load: the spec fetched by the client, converted; the warnings kept aside. */
const importer = (url: string | URL, options: Convert.Options) => {
  const state = { warnings: [] as ReadonlyArray<OpenApi.Warning> }
  const load = (fetch: Convert.Fetch) =>
    Effect.map(Convert.convert(typeof url === "string" ? url : url.href, options, fetch), (result) => {
      state.warnings = result.warnings
      return result.manifest
    })
  return { state, load }
}

const discoverOptions = (options: Client.DiscoverOptions): Client.DiscoverOptions => {
  // An `oauth2` auth (from an oauth2 or openIdConnect scheme) needs the API's OAuth client registration.
  const { credential, oauth, pin, pinPolicy, prefix, trustedOrigins } = options
  return { credential, pin, pinPolicy, prefix, trustedOrigins, ...(oauth === undefined ? {} : { oauth }) }
}

/**
 * The import's fetch, through `discoverWith`'s: the first document is the spec (the discovered URL,
 * which the lock decided on); later ones (OpenID Connect discovery documents) by their own URL,
 * under the same rules. A lock pins what those decide — the endpoints and issuer in the manifest's
 * `auth`, which is in every tool's pin — so a changed one fails discovery with `ManifestChanged`.
 */
const firstIsSpec = (fetch: Client.DocumentFetch): Convert.Fetch => {
  let first = true
  return (target, maxBytes) => {
    if (first) {
      first = false
      return fetch({ maxBytes, what: "OpenAPI document" })
    }
    return fetch({ maxBytes, what: "OpenID Connect discovery document", url: target })
  }
}

/**
 * Through the client's `discoverWith`: its lock (or `options.pin`, with `pinPolicy`) decides
 * before the spec is fetched, the spec is fetched by the client under discovery's rules, and the
 * imported manifest is registered under the spec's URL and held to the pin — so the credential
 * goes to the spec's origin and the client's trusted origins only, never to wherever a spec's
 * `servers` point.
 *
 * @internal
 */
export const discover = (
  client: Pick<Client.Service, "discoverWith">,
  url: string | URL,
  options: Convert.Options & Client.DiscoverOptions = {}
): Effect.Effect<OpenApiDiscovery, Convert.ConvertError | DiscoverError> =>
  Effect.gen(function*() {
    const { load, state } = importer(url, options)
    const discovery = yield* client.discoverWith(
      url,
      (fetch) => load(firstIsSpec(fetch)),
      discoverOptions(options)
    )
    return { ...discovery, importWarnings: state.warnings }
  }).pipe(Effect.withSpan("OpenApi.discover"))

const run = <A, E>(effect: Effect.Effect<A, E>): Promise<A> =>
  Effect.runPromiseExit(effect).then((exit) => {
    if (Exit.isSuccess(exit)) return exit.value
    throw Cause.squash(exit.cause)
  })

/** @internal */
export const openApiToManifest = (spec: Convert.Spec, options?: ImportOptions): Promise<Mapping.Result> =>
  run(toManifest(spec, options))

/** @internal */
export const discoverPromise = async (
  client: PromiseClient<any>,
  url: string | URL,
  options: Convert.Options & Client.DiscoverOptions = {}
): Promise<OpenApiDiscovery> => {
  const { load, state } = importer(url, options)
  const discovery = await client.discoverWith(
    url,
    (fetch) => {
      // The same documents as `discover`'s (`firstIsSpec`), through `discoverWith`'s fetch.
      const viaPromise: Client.DocumentFetch = (fetchOptions) =>
        Effect.tryPromise({ try: () => fetch(fetchOptions), catch: (e) => e as Client.FetchError })
      return run(load(firstIsSpec(viaPromise)))
    },
    discoverOptions(options)
  )
  return { ...discovery, importWarnings: state.warnings }
}
