/**
 * Inside a client, token requests go through the client's own transport (transportFetch.ts): the
 * same agent, guard, timeout and cap as any request. Over both transports — the client's undici
 * agent and an @effect/platform HttpClient (fetch) — against the real authorization server; and
 * with `blockPrivateNetworks`, the loopback authorization server is refused before a connection.
 */
import { FetchHttpClient } from "#target/Http.js"
import { onlyFailure } from "#test-target"
import { assert, describe, it } from "../../support/effectVitest.js"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import type * as Scope from "effect/Scope"
import { afterAll, beforeAll } from "vitest"
import * as TokenManager from "../../../src/internal/client/oauth/tokenManager.js"
import * as TokenStore from "../../../src/internal/client/oauth/tokenStore.js"
import * as TransportFetch from "../../../src/internal/client/oauth/transportFetch.js"
import * as TransportChoice from "../../../src/internal/transport/choice.js"
import type * as Transport from "../../../src/internal/transport/rules.js"
import { type OAuthWorld, startOAuthWorld } from "../../support/oidcProvider.js"
import { callApi, machine, managerOver, manifestUrlOf, seed, unauthorized, web } from "./setup.js"

let world: OAuthWorld

beforeAll(async () => {
  world = await startOAuthWorld()
})

afterAll(async () => {
  await world.close()
})

const TRANSPORTS: ReadonlyArray<readonly [string, Effect.Effect<Transport.Transport, never, Scope.Scope>]> = [
  ["undici", TransportChoice.undici({})],
  ["fetch", TransportChoice.httpClient({}).pipe(Effect.provide(FetchHttpClient.layer))]
]

const fetchOver = (transport: Transport.Transport, blockPrivateNetworks = false) =>
  TransportFetch.over(transport, { timeoutMs: 5_000, maxBytes: 64 * 1024, blockPrivateNetworks })

describe("token requests over the client's transport", () => {
  for (const [label, make] of TRANSPORTS) {
    it.scopedLive(`${label}: client credentials and a refresh with rotation, as with fetch`, () =>
      Effect.gen(function*() {
        const transport = yield* make
        const before = world.oidc.tokenRequests.length
        const machineManager = yield* managerOver(machine(world, { fetch: fetchOver(transport) }))
        const answer = yield* machineManager.withToken(TokenManager.client, callApi(world), unauthorized)
        assert.strictEqual(answer.status, 200)

        const store = TokenStore.makeMemory()
        const userManager = yield* managerOver(web(world, { fetch: fetchOver(transport) }), store)
        yield* seed(store, manifestUrlOf(world), "lee", yield* Effect.promise(() => world.oidc.connect("lee")), { expired: true })
        const mine = yield* userManager.withToken(TokenManager.user("lee"), callApi(world, "/api/users/lee/orders"), unauthorized)
        assert.strictEqual(mine.status, 200)
        assert.deepStrictEqual(
          world.oidc.tokenRequests.slice(before).filter((r) => r.grantType !== "authorization_code").map((r) => [r.grantType, r.status]),
          [["client_credentials", 200], ["refresh_token", 200]]
        )
      }))
  }

  it.scopedLive("blockPrivateNetworks: the loopback authorization server is refused; it receives nothing", () =>
    Effect.gen(function*() {
      const transport = yield* TransportChoice.undici({ blockPrivateNetworks: true })
      const before = world.oidc.tokenRequests.length
      const manager = yield* managerOver(machine(world, { fetch: fetchOver(transport, true) }))
      const exit = yield* Effect.exit(manager.token(TokenManager.client))
      assert.isTrue(Exit.isFailure(exit))
      const error = Exit.isFailure(exit) ? onlyFailure(exit.cause) : undefined
      assert.strictEqual(
        error?.message,
        `Orders: the client_credentials request to the token endpoint ${world.oidc.issuer} failed: its address is internal, ` +
          `and the client blocks private networks; nothing was sent to the API`
      )
      assert.strictEqual(world.oidc.tokenRequests.length, before)
    }))
})
