/**
 * What discovery does with a manifest's `oauth2` auth (docs/protocol.md §10, docs/credentials.md):
 * a token manager per API discovered with a client registration, under the client's settings
 * (trust, transport guard); a plain credential for one discovered without; warnings where the
 * options cannot apply; a registration it refuses; the manager's life (forget, discovering again);
 * and the promise facade's side of it, over the application's own store.
 */
import { onlyFailure } from "#test-target"
import { assert, describe, it } from "../../support/effectVitest.js"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Layer from "effect/Layer"
import { afterAll, beforeAll } from "vitest"
import * as Client from "../../../src/Client.js"
import * as Lock from "../../../src/Lock.js"
import type * as Manifest from "../../../src/Manifest.js"
import * as Resolver from "../../../src/Resolver.js"
import type * as TokenStore from "../../../src/internal/client/oauth/tokenStore.js"
import { bearer } from "../../support/execute.js"
import { type OAuthWorld, startOAuthWorld } from "../../support/oidcProvider.js"
import { authFor } from "./setup.js"

let world: OAuthWorld

beforeAll(async () => {
  world = await startOAuthWorld()
})

afterAll(async () => {
  await world.close()
})

interface Turn {
  readonly userId?: string | undefined
}

const manifestUrl = () => world.api.url("/rcp/manifest")

const manifestOf = (auth: Manifest.Auth) => ({
  rcpVersion: "0.1",
  auth,
  tools: [{ name: "list_orders", description: "List the orders the token may see.", method: "GET", params: [], url: world.api.url("/api/orders") }]
})

const machine = (): Client.OAuthClient => ({
  clientId: world.oidc.clients.machine.id,
  clientSecret: world.oidc.clients.machine.secret,
  name: "Orders"
})

const web = (): Client.OAuthClient => ({
  clientId: world.oidc.clients.web.id,
  clientSecret: world.oidc.clients.web.secret,
  redirectUri: world.oidc.clients.web.redirectUri,
  name: "Orders"
})

const clientLayer = (options: Client.Options = {}) => Client.layerUndici(options).pipe(Layer.provide(Resolver.layerEmpty))

const during = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.gen(function*() {
    const tokenBefore = world.oidc.tokenRequests.length
    const apiBefore = world.api.requests.length
    const exit = yield* Effect.exit(effect)
    return { exit, tokenRequests: world.oidc.tokenRequests.slice(tokenBefore), apiRequests: world.api.requests.slice(apiBefore) }
  })

const failureOf = <A, E>(exit: Exit.Exit<A, E>): E => {
  const failure = Exit.isFailure(exit) ? onlyFailure(exit.cause) : undefined
  assert.isDefined(failure, `expected a typed failure, got ${String(exit)}`)
  return failure!
}

const listOrders = Client.execute({ name: "list_orders", arguments: {} })

describe("an oauth2 manifest without a client registration", () => {
  it.scopedLive("its tools are sent the credential (a token the application obtained) as a bearer", () =>
    Effect.gen(function*() {
      const issued = yield* Effect.promise(() => world.oidc.connect("amy"))
      const result = yield* Effect.gen(function*() {
        const discovery = yield* Client.register(manifestOf(authFor(world)), {
          url: manifestUrl(),
          credential: (_request, turn: Turn) => (turn.userId === "amy" ? issued.accessToken : undefined)
        })
        assert.deepStrictEqual(discovery.warnings, [])
        return yield* Client.execute({ name: "list_orders", arguments: {} }, { context: { userId: "amy" } })
      }).pipe(Effect.provide(clientLayer()))
      assert.deepStrictEqual(result.data, { orders: [], sub: "amy" })
    }))

  it.scopedLive("without a credential either: a warning at discovery, and CredentialMissing saying why, nothing sent", () =>
    Effect.gen(function*() {
      const run = yield* during(Effect.gen(function*() {
        const discovery = yield* Client.register(manifestOf(authFor(world)), { url: manifestUrl() })
        assert.deepStrictEqual(discovery.warnings, [
          `${manifestUrl()} uses OAuth 2, and was discovered without an oauth client registration or a credential: its ` +
          `tools fail with CredentialMissing; discover it with the oauth option (docs/credentials.md)`
        ])
        return yield* listOrders
      }).pipe(Effect.provide(clientLayer())))
      const error = failureOf(run.exit)
      assert.strictEqual(error._tag, "CredentialMissing")
      assert.strictEqual(
        error.message,
        `tool "list_orders": the manifest requires a credential for ${world.api.origin}, but none is configured: the API ` +
          `uses OAuth 2, and was discovered without an oauth client registration or a credential`
      )
      assert.deepStrictEqual(run.apiRequests, [])
    }))
})

describe("a client registration", () => {
  it.scopedLive("on a manifest whose auth is not oauth2: not used, and discovery says so", () =>
    Effect.gen(function*() {
      const discovery = yield* Client.register(manifestOf(bearer as Manifest.Auth), {
        url: manifestUrl(),
        credential: "t",
        oauth: machine()
      }).pipe(Effect.provide(clientLayer()))
      assert.deepStrictEqual(discovery.warnings, [
        `the oauth option of ${manifestUrl()} is not used: its manifest's auth is header, not oauth2`
      ])
    }))

  it.scopedLive("one the token manager refuses: InvalidDiscoverOptions naming the problem, nothing registered", () =>
    Effect.gen(function*() {
      const error = yield* Effect.gen(function*() {
        const failed = yield* Effect.flip(
          Client.register(manifestOf(authFor(world)), { url: manifestUrl(), oauth: { ...machine(), clientId: "" } })
        )
        assert.deepStrictEqual(yield* Client.tools, [])
        return failed
      }).pipe(Effect.provide(clientLayer()))
      assert.strictEqual(error._tag, "InvalidDiscoverOptions")
      assert.strictEqual(
        error.message,
        `${manifestUrl()}: oauth: oauth clientId must be a non-empty string; nothing from this manifest was registered`
      )
    }))

  it.scopedLive("an authorization server on an origin nobody trusted: UntrustedAuthorizationServer, no token requested", () =>
    Effect.gen(function*() {
      const run = yield* during(Effect.gen(function*() {
        yield* Client.register(manifestOf(authFor(world, { flows: ["client_credentials"] })), { url: manifestUrl(), oauth: machine() })
        return yield* listOrders
      }).pipe(Effect.provide(clientLayer())))
      const error = failureOf(run.exit)
      assert.strictEqual(error._tag, "UntrustedAuthorizationServer")
      assert.deepStrictEqual(run.tokenRequests, [])
      assert.deepStrictEqual(run.apiRequests, [])
      // Trusted by the client rather than by this discovery: the same.
      const trusted = yield* during(Effect.gen(function*() {
        yield* Client.register(manifestOf(authFor(world, { flows: ["client_credentials"] })), { url: manifestUrl(), oauth: machine() })
        return yield* listOrders
      }).pipe(Effect.provide(clientLayer({ trustedOrigins: [world.oidc.issuer] }))))
      assert.deepStrictEqual(Exit.map(trusted.exit, (r) => r.status), Exit.succeed(200))
    }))

  it.scopedLive("the client's blockPrivateNetworks holds for the token endpoint too: refused before a connection", () =>
    Effect.gen(function*() {
      const run = yield* during(Effect.gen(function*() {
        yield* Client.register(manifestOf(authFor(world, { flows: ["client_credentials"] })), {
          url: manifestUrl(),
          trustedOrigins: [world.oidc.issuer],
          oauth: machine()
        })
        return yield* listOrders
      }).pipe(Effect.provide(clientLayer({ blockPrivateNetworks: true }))))
      const error = failureOf(run.exit)
      assert.strictEqual(error._tag, "TokenRequestFailed")
      assert.strictEqual(
        error.message,
        `Orders: the client_credentials request to the token endpoint ${world.oidc.issuer} failed: its address is ` +
          `internal, and the client blocks private networks; nothing was sent to the API`
      )
      assert.deepStrictEqual(run.tokenRequests, [])
      assert.deepStrictEqual(run.apiRequests, [])
    }))

  it.scopedLive("its life: forgotten, the API has no OAuth any more; discovered again, a new manager (an authorization in progress is dropped)", () =>
    Effect.gen(function*() {
      yield* Effect.gen(function*() {
        const register = Client.register(manifestOf(authFor(world)), { url: manifestUrl(), trustedOrigins: [world.oidc.issuer], oauth: web() })
        yield* register
        const first = yield* Client.authorizationUrl(manifestUrl(), "ann")
        const callback = yield* Effect.promise(() => world.oidc.browse(first, "ann"))
        yield* register
        const stale = yield* Effect.flip(Client.completeAuthorization(callback, { subject: "ann" }))
        assert.strictEqual(stale._tag, "AuthorizationFailed")
        assert.strictEqual(
          stale.message,
          "OAuth 2: the authorization did not complete: it matches no authorization in progress (unknown, already used or expired); no token was stored"
        )
        assert.isTrue(yield* Client.forget(manifestUrl()))
        const gone = yield* Effect.flip(Client.authorizationUrl(manifestUrl(), "ann"))
        assert.strictEqual(gone._tag, "OAuthNotConfigured")
        assert.strictEqual(
          gone.message,
          `${manifestUrl()}: this client has no OAuth 2 client for it (a manifest with an oauth2 auth, discovered with the oauth option); nothing was done`
        )
        const notThere = yield* Effect.flip(Client.disconnect("https://elsewhere.example/rcp", "ann"))
        assert.strictEqual(notThere._tag, "OAuthNotConfigured")
      }).pipe(Effect.provide(clientLayer({ oauth: { subject: (turn: Turn) => turn.userId } })))
    }))

  it.scopedLive("pinned: a manifest whose token endpoint moved fails as ManifestChanged (auth), before any token request", () =>
    Effect.gen(function*() {
      const approved = manifestOf(authFor(world, { flows: ["client_credentials"] })) as Manifest.Manifest
      const pin = Lock.pin(manifestUrl(), approved)
      const moved = manifestOf(authFor(world, { flows: ["client_credentials"], tokenUrl: `${world.api.origin}/token` }))
      const run = yield* during(
        Client.register(moved, { url: manifestUrl(), pin, trustedOrigins: [world.oidc.issuer], oauth: machine() }).pipe(
          Effect.provide(clientLayer())
        )
      )
      const error = failureOf(run.exit)
      assert.strictEqual(error._tag, "ManifestChanged")
      assert.deepStrictEqual(error._tag === "ManifestChanged" ? error.changed : [], [{ tool: "list_orders", fields: ["auth"] }])
      assert.deepStrictEqual(run.tokenRequests, [])
    }))

  it("describeManifest shows the oauth2 auth", () => {
    const manifest = manifestOf(authFor(world, { scopes: ["offline_access", "orders:read"] })) as Manifest.Manifest
    assert.strictEqual(
      Client.describeManifest(manifest, []).split("\n")[0],
      `RCP manifest v0.1 — auth: oauth2 (flows: client_credentials, authorization_code; token endpoint: ${world.oidc.tokenUrl}; scopes: offline_access orders:read)`
    )
  })
})

describe("the promise facade", () => {
  it("connect a user into the application's own store, call as that user, disconnect", async () => {
    const rows = new Map<string, TokenStore.PlainTokens>()
    const writes: Array<string> = []
    const client = Client.createRcpClient({
      resolvers: {},
      oauth: {
        subject: (turn: Turn) => turn.userId,
        store: {
          get: async ({ api, subject }) => rows.get(`${api} ${subject}`),
          set: async ({ api, subject }, tokens) => {
            writes.push(subject)
            rows.set(`${api} ${subject}`, tokens)
          },
          delete: async ({ api, subject }) => void rows.delete(`${api} ${subject}`)
        }
      }
    })
    try {
      await client.register(manifestOf(authFor(world)), { url: manifestUrl(), trustedOrigins: [world.oidc.issuer], oauth: web() })
      const refused = await client.execute({ name: "list_orders", arguments: {} }, { context: { userId: "bea" } }).then(
        () => undefined,
        (error: unknown) => error
      )
      assert.instanceOf(refused, Client.AuthorizationRequired)
      const url = new URL((refused as Client.AuthorizationRequired).authorizationUrl!)
      // The URL the error carries is the one authorizationUrl gives while it is good.
      assert.strictEqual((await client.authorizationUrl(manifestUrl(), "bea")).toString(), url.toString())
      await client.completeAuthorization(await world.oidc.browse(url, "bea"), { subject: "bea" })
      assert.deepStrictEqual(writes, ["bea"])
      const stored = rows.get(`${manifestUrl()} bea`)
      assert.isString(stored?.refreshToken)

      const result = await client.execute({ name: "list_orders", arguments: {} }, { context: { userId: "bea" } })
      assert.deepStrictEqual(result.data, { orders: [], sub: "bea" })
      assert.strictEqual(world.api.requests.at(-1)?.token, stored?.accessToken)

      assert.deepStrictEqual(await client.disconnect(manifestUrl(), "bea"), { revoked: true })
      assert.isFalse(rows.has(`${manifestUrl()} bea`))
      assert.isFalse((await world.oidc.introspect(stored!.refreshToken!)).active)
    } finally {
      await client.close()
    }
  })
})
