// Type-level promises of several APIs in one client, checked by `tsc` in `npm test`.
import * as Effect from "effect/Effect"
import * as Redacted from "effect/Redacted"
import * as Client from "../src/Client.js"

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
