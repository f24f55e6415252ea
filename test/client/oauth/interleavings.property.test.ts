/**
 * The token manager's rules as a property, over random interleavings of clock moves (expiry),
 * bursts of concurrent calls by several users, access tokens ended at the server (a 401, then a
 * refresh), and calls abandoned halfway (their token request must still finish and be stored):
 *
 * - no call ever reaches the API with an expired token or another user's token — the API asks the
 *   real authorization server about every token it receives; the only refusals allowed are of
 *   tokens the test itself ended, and each such call then succeeds on its one retry;
 * - at every quiet moment, the store holds each user's newest refresh token: the server (rotation
 *   on, reuse detection on — presenting a spent refresh token revokes the whole grant) says it is
 *   live.
 *
 * Checked twice: on the token manager itself, and through the client — `Client.execute` of a tool
 * whose user is resolved from the call's context, so that the 401 handling of execution (one new
 * token, one more attempt) is in the loop too.
 *
 * The oracle is the authorization server, not the manager's code. Seeded;
 * `RCP_PROPERTY_RUNS=200 npx vitest run test/client/oauth/interleavings.property.test.ts` for more.
 */
import { fork, onlyDefect } from "#test-target"
import { assert, describe, it } from "../../support/effectVitest.js"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import type * as Scope from "effect/Scope"
import * as fc from "fast-check"
import { afterAll, beforeAll } from "vitest"
import * as Client from "../../../src/Client.js"
import * as Resolver from "../../../src/Resolver.js"
import * as TokenManager from "../../../src/internal/client/oauth/tokenManager.js"
import * as TokenStore from "../../../src/internal/client/oauth/tokenStore.js"
import { type ApiRequest, clock, type OAuthWorld, startOAuthWorld } from "../../support/oidcProvider.js"
import { authFor, callApi, managerOver, manifestUrlOf, seed, storedPlain, unauthorized, web } from "./setup.js"

const RUNS = Number(process.env.RCP_PROPERTY_RUNS ?? 25)
const SEED = Number(process.env.RCP_PROPERTY_SEED ?? 20300101)
const USERS = ["ana", "ben", "cy"] as const
type User = typeof USERS[number]

type Step =
  | { readonly _tag: "Advance"; readonly seconds: number }
  | { readonly _tag: "Calls"; readonly users: ReadonlyArray<User> }
  | { readonly _tag: "EndAccessToken"; readonly user: User }
  | { readonly _tag: "Abandon"; readonly user: User; readonly afterMs: number }

const user = fc.constantFrom(...USERS)
const step: fc.Arbitrary<Step> = fc.oneof(
  // Around the 300 s lifetime and the 30 s margin: before, at, just past, well past.
  { weight: 3, arbitrary: fc.record({ _tag: fc.constant("Advance" as const), seconds: fc.constantFrom(0, 30, 100, 268, 271, 299, 301, 900) }) },
  { weight: 4, arbitrary: fc.record({ _tag: fc.constant("Calls" as const), users: fc.array(user, { minLength: 1, maxLength: 24 }) }) },
  { weight: 1, arbitrary: fc.record({ _tag: fc.constant("EndAccessToken" as const), user }) },
  { weight: 1, arbitrary: fc.record({ _tag: fc.constant("Abandon" as const), user, afterMs: fc.constantFrom(0, 1, 5, 20) }) }
)

let world: OAuthWorld

beforeAll(async () => {
  world = await startOAuthWorld({ accessTokenTtl: 300, refreshTokenTtl: 7 * 86_400 })
  clock.freeze()
})

afterAll(async () => {
  clock.restore()
  await world.close()
})

const pathOf = (subject: User) => `/api/users/${subject}/orders`

/** How a step calls the API as a user, and how it waits for that user's token to settle. */
interface Via {
  readonly call: (subject: User) => Effect.Effect<{ readonly status: number }, unknown>
  readonly settle: (subject: User) => Effect.Effect<unknown>
}

/** Straight through the token manager. */
const viaManager = (store: TokenStore.Service): Effect.Effect<Via, never, Scope.Scope> =>
  Effect.map(managerOver(web(world), store), (manager) => ({
    call: (subject) => manager.withToken(TokenManager.user(subject), callApi(world, pathOf(subject)), unauthorized),
    settle: (subject) => Effect.exit(manager.token(TokenManager.user(subject)))
  }))

/** Through the client: the manifest's tool, its user resolved from the call's context, the manager built by discovery. */
const viaClient = (store: TokenStore.Service): Effect.Effect<Via, never, Scope.Scope> =>
  Effect.gen(function*() {
    const context = yield* Layer.build(
      Client.layerUndici({ oauth: { subject: (turn: { readonly userId: User }) => turn.userId } }).pipe(
        Layer.provide(Resolver.layer({ userId: (turn: { readonly userId: User }) => turn.userId })),
        Layer.provide(Layer.succeed(TokenStore.TokenStore, store))
      )
    )
    const client = Context.get(context, Client.RcpClient)
    yield* Effect.orDie(client.register({
      rcpVersion: "0.1",
      auth: authFor(world),
      tools: [{
        name: "my_orders",
        description: "The signed-in user's orders.",
        method: "GET",
        params: [{ name: "userId", type: "string" }],
        url: `${world.api.origin}/api/users/{{userId}}/orders`
      }]
    }, {
      url: manifestUrlOf(world),
      trustedOrigins: [world.oidc.issuer],
      oauth: { clientId: world.oidc.clients.web.id, clientSecret: world.oidc.clients.web.secret }
    }))
    const execute = (subject: User) => client.execute({ name: "my_orders", arguments: {} }, { context: { userId: subject } })
    return { call: execute, settle: (subject) => Effect.exit(execute(subject)) }
  })

const run = (steps: ReadonlyArray<Step>, make: (store: TokenStore.Service) => Effect.Effect<Via, never, Scope.Scope>) =>
  Effect.scoped(Effect.gen(function*() {
    const store = TokenStore.makeMemory()
    const api = manifestUrlOf(world)
    for (const subject of USERS) yield* seed(store, api, subject, yield* Effect.promise(() => world.oidc.connect(subject)))
    const { call, settle } = yield* make(store)
    // Tokens the test ended at the server: the only ones the API may refuse.
    const ended = new Set<string>()

    for (const [i, current] of steps.entries()) {
      const from = world.api.requests.length
      switch (current._tag) {
        case "Advance":
          clock.advance(current.seconds)
          break
        case "Calls": {
          const answers = yield* Effect.all(current.users.map(call), { concurrency: "unbounded" })
          for (const [k, answer] of answers.entries()) {
            assert.strictEqual(answer.status, 200, `step ${i}: the call of ${current.users[k]} was answered ${answer.status}`)
          }
          break
        }
        case "EndAccessToken": {
          const tokens = yield* storedPlain(store, api, current.user)
          if (tokens?.accessToken !== undefined && !ended.has(tokens.accessToken)) {
            ended.add(tokens.accessToken)
            yield* Effect.promise(() => world.oidc.invalidate(tokens.accessToken!).catch(() => undefined))
          }
          break
        }
        case "Abandon": {
          const fiber = yield* fork(call(current.user))
          yield* Effect.sleep(current.afterMs)
          yield* Fiber.interrupt(fiber)
          // Quiet again: a token request the call started finishes without it (and is stored).
          yield* settle(current.user)
          break
        }
      }
      // No call used an expired token or another user's.
      for (const request of world.api.requests.slice(from) as Array<ApiRequest>) {
        if (request.status === 200) continue
        assert.strictEqual(request.status, 401, `step ${i}: a call of ${request.user} was refused with ${request.status}`)
        assert.isTrue(ended.has(request.token ?? ""), `step ${i}: the API refused a token of ${request.user} the test never ended`)
      }
      // The store holds each user's newest refresh token: the server says it is live.
      for (const subject of USERS) {
        const tokens = yield* storedPlain(store, api, subject)
        assert.isDefined(tokens?.refreshToken, `step ${i}: ${subject} has no refresh token in the store`)
        const state = yield* Effect.promise(() => world.oidc.introspect(tokens!.refreshToken!))
        assert.deepInclude(state, { active: true, sub: subject }, `step ${i}: ${subject}'s stored refresh token is not the live one`)
      }
    }
    return true
  }))

describe("interleavings of expiry, refresh and concurrent calls", () => {
  for (const [label, make, count] of [["the token manager", viaManager, RUNS], ["through the client", viaClient, Math.ceil(RUNS * 0.6)]] as const) {
    it.live(`${label}: no expired or foreign token is ever sent; the store always holds the newest refresh token`, () =>
      Effect.gen(function*() {
        const RUNS = count
        let runs = 0
        const seen = { refreshes: 0, refusals: 0 }
        const property = fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 10 }), async (steps) => {
          runs++
          const refreshesBefore = world.oidc.hitsOf("refresh_token")
          const refusalsBefore = world.api.requests.filter((r) => r.status === 401).length
          const exit = await Effect.runPromiseExit(run(steps, make))
          seen.refreshes += world.oidc.hitsOf("refresh_token") - refreshesBefore
          seen.refusals += world.api.requests.filter((r) => r.status === 401).length - refusalsBefore
          if (Exit.isFailure(exit)) {
            const defect = onlyDefect(exit.cause)
            throw defect !== undefined ? defect.defect : new Error(String(exit.cause))
          }
        })
        yield* Effect.promise(() => fc.assert(property, { numRuns: RUNS, seed: SEED }))
        assert.strictEqual(runs, RUNS)
        // The runs went where the property is interesting: refreshes happened, and 401s were recovered from.
        assert.isAtLeast(seen.refreshes, RUNS / 2)
        assert.isAtLeast(seen.refusals, 1)
      }), 300_000)
  }
})
