/**
 * The entry points behind `rcp-sdk/openapi`: an import on its own (fetching a URL over a transport
 * of its own, under discovery's rules), and `discover`, which fetches with an existing client,
 * imports, and registers the result in it — so `rcp-sdk/client` never loads the parser.
 */
import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import type * as Client from "../../Client.js"
import type { DiscoverError, PromiseClient } from "../../Client.js"
import type * as OpenApi from "../../OpenApi.js"
import * as Settings from "../client/settings.js"
import * as TransportChoice from "../transport/choice.js"
import * as FetchJson from "../transport/fetchJson.js"
import * as Convert from "./convert.js"
import type * as Mapping from "./mapping.js"

/** @internal */
export type ImportOptions = OpenApi.ImportOptions

/** @internal */
export type OpenApiDiscovery = OpenApi.Discovery

/** @internal */
export const standaloneFetch = (options: ImportOptions): Convert.Fetch => (url, maxBytes) =>
  Effect.scoped(
    Effect.flatMap(
      TransportChoice.undici({ blockPrivateNetworks: options.fetch?.blockPrivateNetworks }),
      (transport) =>
        FetchJson.fetchJson(Settings.make(options.fetch ?? {}), transport)(url, { maxBytes, what: "OpenAPI document" })
    )
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
  const { credential, pin, pinPolicy, prefix, trustedOrigins } = options
  return { credential, pin, pinPolicy, prefix, trustedOrigins }
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
      (fetch) => load((_target, maxBytes) => fetch({ maxBytes, what: "OpenAPI document" })),
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
    (fetch) => run(load((_target, maxBytes) => Effect.tryPromise({ try: () => fetch({ maxBytes, what: "OpenAPI document" }), catch: (e) => e as FetchJson.FetchError }))),
    discoverOptions(options)
  )
  return { ...discovery, importWarnings: state.warnings }
}
