// Type-level promises of several APIs in one client, checked by `tsc` in `npm test`.
import type * as HttpClient from "@effect/platform/HttpClient"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import type * as Layer from "effect/Layer"
import * as Redacted from "effect/Redacted"
import * as Client from "../../src/Client.js"
import type * as Resolver from "../../src/Resolver.js"

const url = "https://api.example.com/rcp/manifest"

// The one-argument form keeps working; options are this API's credential, trust and prefix.
export const one = Client.discover(url)
export const withOptions = Client.discover(url, {
  credential: Redacted.make("t"),
  trustedOrigins: ["https://cdn.example.com"],
  prefix: "gh_"
})
export const withFunction = Client.discover(url, { credential: ({ origin }) => Effect.succeed(origin) })
// @ts-expect-error — a prefix is a string
export const badPrefix = Client.discover(url, { prefix: 1 })
// @ts-expect-error — resolvers stay client-wide (docs/protocol.md §3.5)
export const noResolvers = Client.discover(url, { resolvers: {} })
// @ts-expect-error — register needs the URL the manifest counts as discovered at
export const noUrl = Client.register({}, { prefix: "x_" })
export const registered = Client.register({}, { url, prefix: "x_", credential: "t" })

// forget succeeds with whether anything was dropped, and cannot fail.
export const forgotten: Effect.Effect<boolean, never, Client.RcpClient> = Client.forget(url)

// The new error is in discover's and register's error channels.
export const discoverErrors = (e: Client.DiscoverError): string =>
  e._tag === "InvalidDiscoverOptions" ? e.problem : e._tag
export const registerErrors = (e: Client.RegisterError): string =>
  e._tag === "InvalidDiscoverOptions" ? e.url : e._tag

// Layers are module-level only, as in @effect/platform.
// @ts-expect-error — no static layer on the tag
export const noStatic = Client.RcpClient.layer

// The promise facade's options are the Effect client's, with `timeoutMs` for `timeout`.
const client = Client.createRcpClient({
  trustedOrigins: ["https://a.example.com"],
  timeoutMs: 1_000,
  retry: { retries: 0 }
})
// @ts-expect-error — the facade takes `timeoutMs`, not a Duration `timeout`
Client.createRcpClient({ timeout: "1 second" })
export const promised: Promise<Client.Discovery> = client.discover(url, { prefix: "a_", credential: () => "t" })
export const promisedForget: Promise<boolean> = client.forget(new URL(url))
// @ts-expect-error — the same option types as the Effect API
export const promisedBad = client.discover(url, { trustedOrigins: "https://a.example.com" })

// The client's errors are tagged classes without effect/Schema (rcp-sdk/client loads no Schema at
// import), with the fields, static `_tag` and readonly-ness they had as Schema classes.
export const notFound = new Client.ToolNotFound({ tool: "t", available: ["a"] })
export const notFoundTag: "ToolNotFound" = Client.ToolNotFound._tag
export const available: ReadonlyArray<string> = notFound.available
// @ts-expect-error — every field is required
export const noAvailable = new Client.ToolNotFound({ tool: "t" })
// @ts-expect-error — fields are read-only
notFound.tool = "u"
// @ts-expect-error — the tag is the class's own
export const otherTag = new Client.ToolNotFound({ tool: "t", available: [], _tag: "HttpError" })
export const changed = new Client.ManifestChanged({ url, added: [], removed: [], changed: [{ tool: "t", fields: ["url"] }] })
// @ts-expect-error — a changed field is one of the pinned fields
export const unknownField = new Client.ManifestChanged({ url, added: [], removed: [], changed: [{ tool: "t", fields: ["colour"] }] })
export const invalid = new Client.ManifestInvalid({ issues: [{ path: ["tools", 0], message: "m" }], source: url })
export const closed = new Client.ClientClosed()

// ---------------------------------------------------------------------------------------------
// The credential from the turn, and OAuth 2 (docs/credentials.md)
// ---------------------------------------------------------------------------------------------

interface Turn {
  readonly userId: string
}
class Vault extends Context.Tag("types/Vault")<Vault, { readonly tokenOf: (user: string) => Effect.Effect<string> }>() {}
class Sessions extends Context.Tag("types/Sessions")<Sessions, { readonly current: Effect.Effect<string> }>() {}

type Equal<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
type LayerIn<L> = L extends Layer.Layer<any, any, infer R> ? R : never
type EffectIn<E> = E extends Effect.Effect<any, any, infer R> ? R : never

const fromVault = (_request: Client.CredentialRequest, turn: Turn) => Effect.flatMap(Vault, (vault) => vault.tokenOf(turn.userId))
const fromSessions = () => Effect.flatMap(Sessions, (sessions) => sessions.current)

// An Effect credential function's requirements are the layer's; a plain one adds none.
export const vaultLayer = Client.layerUndici({ credential: fromVault })
export const vaultRequired: Equal<LayerIn<typeof vaultLayer>, Vault | Resolver.Resolvers> = true
export const plainLayer = Client.layerUndici({ credential: (_request: Client.CredentialRequest, turn: Turn) => turn.userId })
export const plainRequiresNothing: Equal<LayerIn<typeof plainLayer>, Resolver.Resolvers> = true
// …and the OAuth subject function's too, beside the credential's.
export const bothLayer = Client.layer({ credential: fromVault, oauth: { subject: fromSessions } })
export const bothRequired: Equal<LayerIn<typeof bothLayer>, Vault | Sessions | Resolver.Resolvers | HttpClient.HttpClient> = true
// Options typed as `Client.Options` (their functions unknown) add nothing.
declare const someOptions: Client.Options
export const untypedLayer = Client.layerUndici(someOptions)
export const untypedRequiresNothing: Equal<LayerIn<typeof untypedLayer>, Resolver.Resolvers> = true
// Credential.layer carries them the same way.
export const credentialLayer = Client.Credential.layer(fromVault)
export const credentialLayerRequired: Equal<LayerIn<typeof credentialLayer>, Vault> = true

// discover's own Effect functions: discover requires their services.
export const discoverVault = Client.discover(url, { credential: fromVault })
export const discoverRequired: Equal<EffectIn<typeof discoverVault>, Client.RcpClient | Vault> = true
export const discoverOAuth = Client.discover(url, { oauth: { clientId: "app", subject: fromSessions } })
export const discoverOAuthRequired: Equal<EffectIn<typeof discoverOAuth>, Client.RcpClient | Sessions> = true
export const discoverPlain = Client.discover(url, { credential: "t" })
export const discoverPlainRequired: Equal<EffectIn<typeof discoverPlain>, Client.RcpClient> = true

// The turn's context, typed in the Effect API as in the facade.
const Rcp = Client.typed<Turn>()
export const typedCall = Effect.flatMap(Rcp, (rcp) => rcp.execute({ name: "t", arguments: {} }, { context: { userId: "u-1" } }))
export const typedRequires: Equal<EffectIn<typeof typedCall>, Client.RcpClient> = true
// @ts-expect-error — the context must be a Turn
export const wrongContext = Effect.flatMap(Rcp, (rcp) => rcp.execute({ name: "t", arguments: {} }, { context: { user: 1 } }))
// The untyped tag takes any context, as before.
export const anyContext = Client.execute({ name: "t", arguments: {} }, { context: { anything: true } })

// OAuth: the errors of a token are in execute's and buildRequest's channels; the model-facing one is a class.
export const tokenErrors = (e: Client.ExecuteError): string =>
  e._tag === "AuthorizationRequired" ? `${e.api} ${e.reason} ${e.authorizationUrl ?? ""}` : e._tag
export const buildErrors = (e: Client.BuildError): string => (e._tag === "TokenRequestFailed" ? e.grant : e._tag)
// @ts-expect-error — a registration needs its client id
export const noClientId = Client.discover(url, { oauth: { clientSecret: "s" } })
export const connectUrl: Effect.Effect<URL, Client.AuthorizationFailed | Client.UntrustedAuthorizationServer | Client.OAuthNotConfigured, Client.RcpClient> =
  Client.authorizationUrl(url, "u-1")

// The facade: the credential and subject functions are told the client's Ctx.
const facade = Client.createRcpClient({
  resolvers: { userId: (turn: Turn) => turn.userId },
  credential: (_request, turn) => turn.userId,
  oauth: { subject: (turn) => turn.userId, store: { get: () => undefined, set: () => {}, delete: () => {} } }
})
export const facadeCall = facade.execute({ name: "t", arguments: {} }, { context: { userId: "u-1" } })
export const facadeConnect: Promise<URL> = facade.authorizationUrl(url, "u-1")
// @ts-expect-error — the subject function reads the client's Ctx
export const badSubject = Client.createRcpClient({ resolvers: { userId: (turn: Turn) => turn.userId }, oauth: { subject: (turn) => turn.nope } })
