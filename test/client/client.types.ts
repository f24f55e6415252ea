// Type-level promises of several APIs in one client, checked by `tsc` in `npm test`.
import * as Effect from "effect/Effect"
import * as Redacted from "effect/Redacted"
import * as Client from "../../src/Client.js"

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
