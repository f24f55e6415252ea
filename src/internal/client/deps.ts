/**
 * What discovery and execution share within one client: its settings, resolvers, discovered APIs,
 * transport and the manifest codec. A module of its own so that neither imports the other, nor the assembler.
 */
import type * as Effects from "#target/Effects.js"
import type * as Context from "effect/Context"
import type * as Scope from "effect/Scope"
import type * as Resolver from "../../Resolver.js"
import type { Codec } from "../manifest/codec.js"
import type * as Transport from "../transport/rules.js"
import type { ApprovalService } from "./approval.js"
import type * as ApiOAuth from "./oauth/apiOAuth.js"
import type * as Principal from "./oauth/principal.js"
import type * as TokenStore from "./oauth/tokenStore.js"
import type { Registry } from "./registry.js"
import type { Settings } from "./settings.js"

/** @internal */
export interface Deps {
  readonly settings: Settings
  readonly resolvers: Resolver.Service
  readonly registry: Registry
  readonly transport: Transport.Transport
  /** The approval hook, when the context has one; without it no call needs approval. */
  readonly approval: ApprovalService | undefined
  /** Manifest decoding (and `Lock`, for a client with a lock), loaded with the client (`../manifest/codec.ts`). */
  readonly codec: Codec
  /** The client's side of OAuth 2: what every API discovered with a client registration shares. */
  readonly oauth: ClientOAuth
  /** The client's scope: each OAuth API's token requests run in a scope of their own under it. */
  readonly scope: Scope.Scope
  /** The APIs discovered with an OAuth client registration, by manifest URL, each with its scope (closed when forgotten or replaced). */
  readonly oauthApis: Map<string, { readonly oauth: ApiOAuth.ApiOAuth; readonly scope: Effects.CloseableScope }>
}

/** @internal */
export interface ClientOAuth {
  /** The client-wide subject function (`Options.oauth.subject`), for APIs that offer users' authorization. */
  readonly subject: Principal.SubjectFn<any, any> | undefined
  /** What the client-wide credential and subject functions' Effects run under: captured when the client was built. */
  readonly services: Context.Context<any>
  readonly refreshBefore: Effects.DurationInput | undefined
  readonly maxCachedUsers: number | undefined
  /** The `TokenStore` in context when the client was built, the facade's `store`, or one in memory. */
  readonly store: TokenStore.Service
}
