/**
 * The RcpClient service, assembled: the settings (`settings.ts`), a transport (`../transport/choice.ts`),
 * the discovered APIs (`registry.ts`), and the discovery (`discovery.ts`) and execution
 * (`execution.ts`) over them. Nothing imports this module back.
 */
import type * as HttpClient from "@effect/platform/HttpClient"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import type * as Scope from "effect/Scope"
import type { Options, Service } from "../../Client.js"
import * as Resolver from "../../Resolver.js"
import * as ManifestCodec from "../manifest/codec.js"
import { normalizeUrl } from "../shared/url.js"
import * as TransportChoice from "../transport/choice.js"
import * as FetchJson from "../transport/fetchJson.js"
import type * as Transport from "../transport/rules.js"
import * as Approval from "./approval.js"
import * as Credential from "./credential.js"
import type { Deps } from "./deps.js"
import * as Discovery from "./discovery.js"
import * as Execution from "./execution.js"
import { Registry } from "./registry.js"
import { searchTools } from "./search.js"
import * as Settings from "./settings.js"

/**
 * Over the `HttpClient` in context (see `../transport/choice.ts` for `blockPrivateNetworks`).
 *
 * @internal
 */
export const make = (
  options: Options
): Effect.Effect<Service, never, HttpClient.HttpClient | Resolver.Resolvers | Scope.Scope> =>
  Effect.flatMap(TransportChoice.httpClient(options), (transport) => makeWith(options, transport))

/**
 * Straight over undici: no `HttpClient` needed, and the least overhead per call.
 *
 * @internal
 */
export const makeUndici = (options: Options): Effect.Effect<Service, never, Resolver.Resolvers | Scope.Scope> =>
  Effect.flatMap(TransportChoice.undici(options), (transport) => makeWith(options, transport))

const needs = (options: Options) =>
  Effect.all([
    Resolver.Resolvers,
    Effect.serviceOption(Credential.Credential),
    Effect.serviceOption(Approval.Approval),
    // Manifest decoding loads with the first client built, not with rcp-sdk/client; a lock's
    // Schema (effect/Schema) only for a client that has one.
    ManifestCodec.load(options.lock !== undefined)
  ])

/**
 * Over a transport in hand. The client-wide credential comes from the options, else from a
 * `Credential` layer in context.
 *
 * @internal
 */
export const makeWith = (
  options: Options,
  transport: Transport.Transport
): Effect.Effect<Service, never, Resolver.Resolvers> =>
  Effect.map(needs(options), ([resolvers, fromLayer, approval, codec]) => {
    const registry = new Registry()
    const credential = options.credential ?? Option.getOrUndefined(fromLayer)
    const settings = Settings.make({ ...options, credential }, codec)
    const deps: Deps = { settings, resolvers, registry, transport, approval: Option.getOrUndefined(approval), codec }
    return {
      discover: Discovery.discover(deps),
      register: Discovery.register(deps),
      forget: (url) => Effect.sync(() => registry.forget(normalizeUrl(url))),
      tools: Effect.sync(() => registry.models()),
      searchTools: searchTools(registry, settings.searchRanker),
      execute: Execution.execute(deps),
      buildRequest: Execution.buildRequest(deps),
      needsApproval: (name) =>
        Effect.sync(() => {
          const tool = registry.get(name)
          return tool !== undefined && Approval.needed(settings.approval, tool.name, tool.tool.method)
        }),
      fetchJson: (url, fetchOptions) =>
        FetchJson.fetchJson(deps.settings, transport)(url, {
          maxBytes: fetchOptions?.maxBytes ?? deps.settings.maxManifestBytes,
          what: fetchOptions?.what ?? "document"
        })
    }
  })
