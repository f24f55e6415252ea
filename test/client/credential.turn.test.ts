/**
 * The credential from the turn (docs/protocol.md §3.5): a credential function is told the call's
 * context — the one the resolvers get — beside `{ origin, manifestUrl, tool }`, so that each call
 * sends its own user's token. In the Effect API its Effect may require services, which the layer
 * (or `discover`) carries in its type and provides to every run: two users calling at once through
 * one client each send their own token. Checked on what a real server received.
 */
import { Service } from "#target/Service.js"
import { assert, describe, it } from "../support/effectVitest.js"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Redacted from "effect/Redacted"
import * as Client from "../../src/Client.js"
import * as Resolver from "../../src/Resolver.js"
import { bearer, manifest, type ToolInput } from "../support/execute.js"
import { json, testServer, type TestServer } from "../support/server.js"

interface Turn {
  readonly userId?: string | undefined
}

/** The application's tokens by user: a service, as an Effect application keeps them. */
class Vault extends Service<Vault, { readonly tokenOf: (user: string) => Effect.Effect<string | undefined> }>()("test/Vault") {}

const VAULT = { ann: "tok-ann", bob: "tok-bob" } as Record<string, string>
const VaultLive = Layer.succeed(Vault, { tokenOf: (user) => Effect.succeed(VAULT[user]) })

const fromVault = (_request: Client.CredentialRequest, turn: Turn) =>
  turn.userId === undefined ? Effect.succeed(undefined) : Effect.flatMap(Vault, (vault) => vault.tokenOf(turn.userId!))

const whoAmI = (server: TestServer) => ({ name: "who_am_i", params: [], url: `${server.origin}/me` })

const tokensSent = (server: TestServer) => server.requests.map((request) => request.headers.authorization)

describe("the credential function is told the call's context", () => {
  it.scoped("a client-wide Effect credential requiring a service: each of 32 concurrent calls sends its own user's token", () =>
    Effect.gen(function*() {
      const server = yield* testServer((_request, response) => json(response, 200, {}))
      const users = Array.from({ length: 32 }, (_, i) => (i % 2 === 0 ? "ann" : "bob"))
      // The user's id also goes in the path (a resolver, from the same context): each request says whose it is.
      const mine: ToolInput = { name: "my_profile", params: [{ name: "userId", type: "string" }], url: `${server.origin}/users/{{userId}}` }
      yield* Effect.gen(function*() {
        yield* Client.register(manifest([mine], bearer), { url: server.url("/rcp/manifest") })
        yield* Effect.all(
          users.map((userId) => Client.execute({ name: "my_profile", arguments: {} }, { context: { userId } })),
          { concurrency: "unbounded" }
        )
      }).pipe(
        // The layer requires what the credential function requires: Vault.
        Effect.provide(
          Client.layerUndici({ credential: fromVault }).pipe(
            Layer.provide(Resolver.layer({ userId: (turn: Turn) => turn.userId })),
            Layer.provide(VaultLive)
          )
        )
      )
      assert.strictEqual(server.requests.length, 32)
      assert.deepStrictEqual(
        server.requests.map((request) => [request.path, request.headers.authorization]),
        server.requests.map((request) => [request.path, `Bearer tok-${request.path.slice("/users/".length)}`])
      )
      assert.deepStrictEqual(server.requests.map((request) => request.path).sort(), users.map((user) => `/users/${user}`).sort())
    }))

  it.scoped("the function is handed exactly the call's context, and { origin, manifestUrl, tool }", () =>
    Effect.gen(function*() {
      const server = yield* testServer((_request, response) => json(response, 200, {}))
      const seen: Array<unknown> = []
      const turn = { userId: "ann", locale: "en" }
      yield* Effect.gen(function*() {
        yield* Client.register(manifest([whoAmI(server)], bearer), {
          url: server.url("/rcp/manifest"),
          credential: (request, context: typeof turn) => {
            seen.push([request, context])
            return Redacted.make(`tok-${context.userId}`)
          }
        })
        yield* Client.execute({ name: "who_am_i", arguments: {} }, { context: turn })
      }).pipe(Effect.provide(Client.layerUndici().pipe(Layer.provide(Resolver.layerEmpty))))
      assert.deepStrictEqual(seen, [[
        { origin: server.origin, manifestUrl: server.url("/rcp/manifest"), tool: "who_am_i" },
        turn
      ]])
      assert.strictEqual(seen[0] && (seen[0] as Array<unknown>)[1], turn, "the same object, not a copy")
      assert.deepStrictEqual(tokensSent(server), ["Bearer tok-ann"])
    }))

  it.scoped("a call without context: the function gets an empty one, returns nothing, and the call fails before any request", () =>
    Effect.gen(function*() {
      const server = yield* testServer((_request, response) => json(response, 200, {}))
      const error = yield* Effect.gen(function*() {
        yield* Client.register(manifest([whoAmI(server)], bearer), { url: server.url("/rcp/manifest") })
        return yield* Effect.flip(Client.execute({ name: "who_am_i", arguments: {} }))
      }).pipe(
        Effect.provide(Client.layerUndici({ credential: (_request, turn: Turn) => turn.userId }).pipe(Layer.provide(Resolver.layerEmpty)))
      )
      assert.strictEqual(error._tag, "CredentialMissing")
      assert.strictEqual(error.message, `tool "who_am_i": the manifest requires a credential for ${server.origin}, but none is configured`)
      assert.deepStrictEqual(server.requests, [])
    }))

  it.scoped("discover's own Effect credential: its requirements are discover's, provided where discover runs", () =>
    Effect.gen(function*() {
      const server: TestServer = yield* testServer((request, response) =>
        request.path === "/rcp/manifest"
          ? json(response, 200, manifest([whoAmI(server)], bearer))
          : json(response, 200, {})
      )
      yield* Effect.gen(function*() {
        yield* Client.discover(server.url("/rcp/manifest"), { credential: fromVault }).pipe(Effect.provide(VaultLive))
        // The call itself needs nothing: the services were captured when the API was discovered.
        yield* Client.execute({ name: "who_am_i", arguments: {} }, { context: { userId: "bob" } })
      }).pipe(Effect.provide(Client.layerUndici().pipe(Layer.provide(Resolver.layerEmpty))))
      assert.deepStrictEqual(tokensSent(server).slice(-1), ["Bearer tok-bob"])
    }))

  it.scoped("Credential.layer with an Effect function: the layer requires its services", () =>
    Effect.gen(function*() {
      const server = yield* testServer((_request, response) => json(response, 200, {}))
      yield* Effect.gen(function*() {
        yield* Client.register(manifest([whoAmI(server)], bearer), { url: server.url("/rcp/manifest") })
        yield* Client.execute({ name: "who_am_i", arguments: {} }, { context: { userId: "ann" } })
      }).pipe(
        Effect.provide(
          Client.layerUndici().pipe(
            Layer.provide(Resolver.layerEmpty),
            Layer.provide(Client.Credential.layer(fromVault)),
            Layer.provide(VaultLive)
          )
        )
      )
      assert.deepStrictEqual(tokensSent(server), ["Bearer tok-ann"])
    }))

  it("the promise facade: the credential function's context is the call's, typed by the resolvers' Ctx", async () => {
    await Effect.runPromise(Effect.scoped(Effect.gen(function*() {
      const server = yield* testServer((_request, response) => json(response, 200, {}))
      const client = Client.createRcpClient({
        resolvers: {},
        credential: (_request, turn: Turn) => (turn.userId === undefined ? undefined : `tok-${turn.userId}`)
      })
      yield* Effect.promise(async () => {
        await client.register(manifest([whoAmI(server)], bearer), { url: server.url("/rcp/manifest") })
        await Promise.all(["ann", "bob", "cy"].map((userId) => client.execute({ name: "who_am_i", arguments: {} }, { context: { userId } })))
        await client.close()
      })
      assert.deepStrictEqual([...tokensSent(server)].sort(), ["Bearer tok-ann", "Bearer tok-bob", "Bearer tok-cy"])
    })))
  })
})
