/**
 * The RcpClient service, assembled: the settings (`settings.ts`), a transport (`../transport/choice.ts`),
 * the discovered APIs (`registry.ts`), and the discovery (`discovery.ts`) and execution
 * (`execution.ts`) over them. Nothing imports this module back.
 */
import type * as HttpClient from "#target/HttpClientKey.js"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Option from "effect/Option"
import * as Scope from "effect/Scope"
import type { Options, Service } from "../../Client.js"
import * as Resolver from "../../Resolver.js"
import * as ManifestCodec from "../manifest/codec.js"
import { normalizeUrl } from "../shared/url.js"
import * as TransportChoice from "../transport/choice.js"
import type * as Transport from "../transport/rules.js"
import * as Approval from "./approval.js"
import * as Credential from "./credential.js"
import type { Deps } from "./deps.js"
import * as Discovery from "./discovery.js"
import * as Execution from "./execution.js"
import * as Exposed from "./exposed.js"
import * as Connections from "./oauth/connections.js"
import * as TokenStore from "./oauth/tokenStore.js"
import * as Ranker from "./ranker.js"
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
    Effect.serviceOption(Ranker.ToolRanker),
    Effect.serviceOption(TokenStore.TokenStore),
    // The services an Effect credential or OAuth subject function of the options requires (carried
    // in the layer's type, `Client.Requirements`), provided to each of their runs.
    Credential.captured,
    Effect.scope,
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
): Effect.Effect<Service, never, Resolver.Resolvers | Scope.Scope> =>
  Effect.map(needs(options), ([resolvers, fromLayer, approval, ranker, store, services, scope, codec]) => {
    const registry = new Registry()
    const credential = options.credential === undefined
      ? Option.getOrUndefined(fromLayer)
      : Credential.withServices(options.credential, services)
    const settings = Settings.make({ ...options, credential }, codec)
    const deps: Deps = {
      settings,
      resolvers,
      registry,
      transport,
      approval: Option.getOrUndefined(approval),
      codec,
      oauth: {
        subject: options.oauth?.subject,
        services,
        refreshBefore: options.oauth?.refreshBefore,
        maxCachedUsers: options.oauth?.maxCachedUsers,
        store: Option.getOrElse(store, TokenStore.makeMemory)
      },
      scope,
      oauthApis: new Map()
    }
    return {
      discover: Discovery.discover(deps),
      discoverWith: Discovery.discoverWith(deps),
      register: Discovery.register(deps),
      forget: (url) =>
        Effect.suspend(() => {
          const key = normalizeUrl(url)
          const removed = registry.forget(key)
          // Its OAuth token requests in flight end with it.
          const oauth = deps.oauthApis.get(key)
          deps.oauthApis.delete(key)
          return oauth === undefined ? Effect.succeed(removed) : Effect.as(Scope.close(oauth.scope, Exit.void), removed)
        }),
      tools: Effect.sync(() => registry.models()),
      // The options' ranker wins over a `ToolRanker` layer, as the options' credential does.
      searchTools: searchTools(
        registry,
        settings.searchRanker === undefined ? Option.getOrUndefined(ranker) : Ranker.fromFunction(settings.searchRanker)
      ),
      execute: Execution.execute(deps),
      buildRequest: Execution.buildRequest(deps),
      expose: Exposed.make(deps),
      needsApproval: (name) =>
        Effect.sync(() => {
          const tool = registry.get(name)
          return tool !== undefined && Approval.needed(settings.approval, tool.name, tool.tool.method)
        }),
      fetchJson: Discovery.fetchJson(deps),
      authorizationUrl: Connections.authorizationUrl(deps),
      completeAuthorization: Connections.completeAuthorization(deps),
      disconnect: Connections.disconnect(deps)
    }
  })
