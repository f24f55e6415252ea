/**
 * The token manager against a real OAuth 2 server (oidc-provider on 127.0.0.1) and a real API
 * that asks that server about every token it receives. What the server counted and what the API
 * was sent are the oracles: token endpoint requests by grant type, each API request's token, its
 * owner and whether it was still valid when it arrived.
 */
import { onlyFailure } from "#test-target"
import { assert, describe, it } from "../../support/effectVitest.js"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Redacted from "effect/Redacted"
import { afterAll, beforeAll } from "vitest"
import * as TokenManager from "../../../src/internal/client/oauth/tokenManager.js"
import * as TokenStore from "../../../src/internal/client/oauth/tokenStore.js"
import { clock, type OAuthWorld, startOAuthWorld } from "../../support/oidcProvider.js"
import { json, testServer } from "../../support/server.js"
import { callApi, machine, managerOver, manifestUrlOf, seed, storedPlain, unauthorized, web } from "./setup.js"

let world: OAuthWorld

beforeAll(async () => {
  world = await startOAuthWorld({ accessTokenTtl: 300 })
  clock.freeze()
})

afterAll(async () => {
  clock.restore()
  await world.close()
})

/** The token endpoint requests and API requests made while `effect` ran. */
const during = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.gen(function*() {
    const tokenBefore = world.oidc.tokenRequests.length
    const apiBefore = world.api.requests.length
    const exit = yield* Effect.exit(effect)
    return {
      exit,
      tokenRequests: world.oidc.tokenRequests.slice(tokenBefore),
      apiRequests: world.api.requests.slice(apiBefore)
    }
  })

const failureOf = <A, E>(exit: Exit.Exit<A, E>): E => {
  assert.isTrue(Exit.isFailure(exit), "expected a failure")
  const failure = Exit.isFailure(exit) ? onlyFailure(exit.cause) : undefined
  assert.isDefined(failure, `expected a typed failure, got ${String(exit)}`)
  return failure!
}

describe("client credentials", () => {
  it.scopedLive("one token request; the token is reused until shortly before it expires, then replaced", () =>
    Effect.gen(function*() {
      const manager = yield* managerOver(machine(world))
      const first = yield* during(Effect.all([manager.token(TokenManager.client), manager.token(TokenManager.client)]))
      assert.deepStrictEqual(first.tokenRequests.map((r) => [r.grantType, r.clientId, r.scope, r.resource]), [
        ["client_credentials", "machine", "orders:read", world.oidc.resource]
      ])
      const [a, b] = Exit.match(first.exit, { onFailure: () => assert.fail("no token"), onSuccess: (value) => value })
      assert.strictEqual(Redacted.value(a.value), Redacted.value(b.value))
      assert.strictEqual(a.expiresAt, Date.now() + 300_000)
      assert.strictEqual(a.refreshAt, Date.now() + 270_000)

      const used = yield* manager.withToken(TokenManager.client, callApi(world), unauthorized)
      assert.strictEqual(used.status, 200)
      const seen = world.api.requests.at(-1)!
      assert.strictEqual(seen.introspection?.client_id, "machine")
      assert.strictEqual(seen.introspection?.scope, "orders:read")

      clock.advance(269)
      const still = yield* during(manager.token(TokenManager.client))
      assert.deepStrictEqual(still.tokenRequests, [])
      assert.strictEqual(Redacted.value(Exit.match(still.exit, { onFailure: () => assert.fail("no token"), onSuccess: (value) => value }).value), Redacted.value(a.value))

      clock.advance(2)
      const replaced = yield* during(manager.withToken(TokenManager.client, callApi(world), unauthorized))
      assert.deepStrictEqual(replaced.tokenRequests.map((r) => r.grantType), ["client_credentials"])
      assert.notStrictEqual(replaced.apiRequests[0]!.token, Redacted.value(a.value))
      assert.deepStrictEqual(replaced.apiRequests.map((r) => r.status), [200])

      // The server agrees the first token would have expired 29 s later.
      clock.advance(30)
      assert.isFalse((yield* Effect.promise(() => world.oidc.introspect(Redacted.value(a.value)))).active)
    }))

  it.scopedLive("64 concurrent calls: one token request at the server, one token for all", () =>
    Effect.gen(function*() {
      const manager = yield* managerOver(machine(world))
      const run = yield* during(
        Effect.all(Array.from({ length: 64 }, () => manager.withToken(TokenManager.client, callApi(world), unauthorized)), {
          concurrency: "unbounded"
        })
      )
      assert.strictEqual(run.tokenRequests.length, 1)
      assert.strictEqual(run.apiRequests.length, 64)
      assert.strictEqual(new Set(run.apiRequests.map((r) => r.token)).size, 1)
      assert.isTrue(run.apiRequests.every((r) => r.status === 200 && r.introspection?.client_id === "machine"))
    }))

  it.scopedLive("a 401: one new token and one retry; 64 callers refused at once share that one new token", () =>
    Effect.gen(function*() {
      const manager = yield* managerOver(machine(world))
      const old = yield* manager.token(TokenManager.client)
      yield* Effect.promise(() => world.oidc.revoke(Redacted.value(old.value), world.oidc.clients.machine))
      const run = yield* during(
        Effect.all(Array.from({ length: 64 }, () => manager.withToken(TokenManager.client, callApi(world), unauthorized)), {
          concurrency: "unbounded"
        })
      )
      const answers = Exit.match(run.exit, { onFailure: () => assert.fail("the calls failed"), onSuccess: (value) => value })
      assert.isTrue(answers.every((answer) => answer.status === 200))
      assert.strictEqual(run.tokenRequests.length, 1, "one new token for all the refused calls")
      const refused = run.apiRequests.filter((r) => r.status === 401)
      assert.isTrue(refused.every((r) => r.token === Redacted.value(old.value)))
      assert.strictEqual(run.apiRequests.length, 64 + refused.length)
    }))

  it.scopedLive("the API refuses the new token too: its 401 is the answer, no third attempt (fail closed)", () =>
    Effect.gen(function*() {
      const manager = yield* managerOver(machine(world))
      const refusing = yield* testServer((_request, response) => json(response, 401, { error: "invalid_token" }))
      const send = (token: Redacted.Redacted<string>) =>
        Effect.promise(async () => {
          const response = await fetch(refusing.url("/orders"), { headers: { authorization: `Bearer ${Redacted.value(token)}` } })
          await response.arrayBuffer()
          return { status: response.status, token: Redacted.value(token) }
        })
      const run = yield* during(manager.withToken(TokenManager.client, send, unauthorized))
      assert.deepStrictEqual(Exit.map(run.exit, (answer) => answer.status), Exit.succeed(401))
      assert.strictEqual(refusing.requests.length, 2)
      assert.strictEqual(run.tokenRequests.length, 2)
      const sent = refusing.requests.map((r) => r.headers.authorization)
      assert.notStrictEqual(sent[0], sent[1])
    }))

  it.scopedLive("RFC 8707: `resource` goes with the token request only when the manifest declares it", () =>
    Effect.gen(function*() {
      const options = machine(world)
      const { resource: _, ...auth } = options.auth
      const manager = yield* managerOver({ ...options, auth })
      const run = yield* during(manager.token(TokenManager.client))
      assert.deepStrictEqual(run.tokenRequests.map((r) => r.resource), [undefined])
    }))

  it.scopedLive("a token endpoint on an origin nobody trusted: refused, nothing requested, no secret sent", () =>
    Effect.gen(function*() {
      const manager = yield* managerOver(machine(world, { trustedOrigins: [] }))
      const run = yield* during(manager.withToken(TokenManager.client, callApi(world), unauthorized))
      const error = failureOf(run.exit)
      assert.strictEqual(error._tag, "UntrustedAuthorizationServer")
      assert.strictEqual(
        error.message,
        `Orders: the manifest's tokenUrl is on ${world.oidc.issuer}, which is not the manifest's origin (${world.api.origin}); ` +
          `no token was requested and nothing was sent. To allow it, add "${world.oidc.issuer}" to the trustedOrigins this ` +
          `manifest is discovered with, or to the client's`
      )
      assert.deepStrictEqual(run.tokenRequests, [])
      assert.deepStrictEqual(run.apiRequests, [])
    }))

  it.scopedLive("a wrong client secret: TokenRequestFailed with the server's registered code, not the secret", () =>
    Effect.gen(function*() {
      const manager = yield* managerOver(machine(world, { clientSecret: "WRONG-SECRET-31337" }))
      const run = yield* during(manager.withToken(TokenManager.client, callApi(world), unauthorized))
      const error = failureOf(run.exit)
      assert.strictEqual(error._tag, "TokenRequestFailed")
      assert.strictEqual(
        error.message,
        `Orders: the client_credentials request to the token endpoint ${world.oidc.issuer} failed: it answered HTTP 401 ` +
          `with an authentication challenge (invalid_client); nothing was sent to the API`
      )
      assert.deepInclude(error, { status: 401, error: "invalid_client", grant: "client_credentials" })
      assert.notInclude(JSON.stringify(error), "WRONG-SECRET")
      assert.deepStrictEqual(run.apiRequests, [])
    }))

  it.scopedLive("a flow the manifest does not offer: nothing requested", () =>
    Effect.gen(function*() {
      const options = machine(world)
      const manager = yield* managerOver({ ...options, auth: { ...options.auth, flows: ["authorization_code"] } })
      const run = yield* during(manager.token(TokenManager.client))
      const error = failureOf(run.exit)
      assert.strictEqual(error._tag, "TokenRequestFailed")
      assert.include(error.message, "the manifest does not offer the client_credentials flow, so no token was requested")
      assert.deepStrictEqual(run.tokenRequests, [])
    }))
})

describe("refresh tokens per user", () => {
  const apiKey = () => manifestUrlOf(world)

  it.scopedLive("a user who has not connected: AuthorizationRequired before any request, with a PKCE URL for the operator", () =>
    Effect.gen(function*() {
      const manager = yield* managerOver(web(world))
      let used = 0
      const run = yield* during(manager.withToken(TokenManager.user("nobody-yet"), (token) => {
        used++
        return callApi(world)(token)
      }, unauthorized))
      const error = failureOf(run.exit)
      assert.strictEqual(error._tag, "AuthorizationRequired")
      assert.strictEqual(error.message, "the user needs to connect their Orders account before this tool can be used; nothing was sent")
      assert.strictEqual(used, 0)
      assert.deepStrictEqual(run.tokenRequests, [])
      assert.deepStrictEqual(run.apiRequests, [])

      assert.isTrue(error._tag === "AuthorizationRequired" && error.authorizationUrl !== undefined)
      const url = new URL((error as { authorizationUrl: string }).authorizationUrl)
      assert.strictEqual(`${url.origin}${url.pathname}`, world.oidc.authorizationUrl)
      assert.deepInclude(Object.fromEntries(url.searchParams), {
        client_id: "web",
        redirect_uri: world.oidc.clients.web.redirectUri,
        response_type: "code",
        scope: "offline_access orders:read",
        code_challenge_method: "S256",
        resource: world.oidc.resource
      })
      assert.match(url.searchParams.get("code_challenge")!, /^[A-Za-z0-9_-]{43}$/)
      assert.match(url.searchParams.get("state")!, /^[A-Za-z0-9_-]{20,}$/)
      // The same URL while the user may still be signing in with it.
      assert.strictEqual((yield* manager.authorizationUrl("nobody-yet")).toString(), url.toString())
    }))

  it.scopedLive("refresh with rotation: the new refresh token is in the store before the new access token is used", () =>
    Effect.gen(function*() {
      const store = TokenStore.makeMemory()
      const manager = yield* managerOver(web(world), store)
      const issued = yield* Effect.promise(() => world.oidc.connect("alice"))
      yield* seed(store, apiKey(), "alice", issued, { expired: true })

      let storedAtUse: TokenStore.PlainTokens | undefined
      const run = yield* during(manager.withToken(TokenManager.user("alice"), (token) =>
        Effect.andThen(
          Effect.map(storedPlain(store, apiKey(), "alice"), (plain) => void (storedAtUse = plain)),
          callApi(world, "/api/users/alice/orders")(token)
        ), unauthorized))
      assert.deepStrictEqual(Exit.map(run.exit, (answer) => answer.status), Exit.succeed(200))
      assert.deepStrictEqual(run.tokenRequests.map((r) => [r.grantType, r.clientId, r.resource]), [
        ["refresh_token", "web", world.oidc.resource]
      ])
      const sent = run.apiRequests[0]!
      assert.strictEqual(sent.introspection?.sub, "alice")
      // At the moment of use, the store already held the rotated refresh token and that very access token.
      assert.strictEqual(storedAtUse?.accessToken, sent.token)
      assert.notStrictEqual(storedAtUse?.refreshToken, issued.refreshToken)
      assert.isTrue((yield* Effect.promise(() => world.oidc.introspect(storedAtUse!.refreshToken!))).active)
      assert.isFalse((yield* Effect.promise(() => world.oidc.introspect(issued.refreshToken))).active, "the old one is spent")
    }))

  it.scopedLive("expiry, clock controlled: the stored access token until shortly before it expires, then one refresh", () =>
    Effect.gen(function*() {
      const store = TokenStore.makeMemory()
      const manager = yield* managerOver(web(world), store)
      const issued = yield* Effect.promise(() => world.oidc.connect("bob"))
      yield* seed(store, apiKey(), "bob", issued)
      const call = manager.withToken(TokenManager.user("bob"), callApi(world, "/api/users/bob/orders"), unauthorized)

      const early = yield* during(call)
      assert.deepStrictEqual(early.tokenRequests, [])
      assert.strictEqual(early.apiRequests[0]!.token, issued.accessToken)

      clock.advance(269)
      const later = yield* during(call)
      assert.deepStrictEqual(later.tokenRequests, [])
      assert.strictEqual(later.apiRequests[0]!.token, issued.accessToken)
      assert.isTrue(later.apiRequests[0]!.introspection?.active)

      clock.advance(2)
      const refreshed = yield* during(call)
      assert.deepStrictEqual(refreshed.tokenRequests.map((r) => r.grantType), ["refresh_token"])
      assert.notStrictEqual(refreshed.apiRequests[0]!.token, issued.accessToken)
      assert.deepStrictEqual(refreshed.apiRequests.map((r) => [r.status, r.introspection?.sub]), [[200, "bob"]])
      clock.advance(30)
      assert.isFalse((yield* Effect.promise(() => world.oidc.introspect(issued.accessToken))).active, "it did expire")
    }))

  it.scopedLive("a revoked refresh token: the user's tokens are deleted and the call needs authorization; nothing sent", () =>
    Effect.gen(function*() {
      const store = TokenStore.makeMemory()
      const manager = yield* managerOver(web(world), store)
      const issued = yield* Effect.promise(() => world.oidc.connect("carol"))
      yield* seed(store, apiKey(), "carol", issued, { expired: true })
      yield* Effect.promise(() => world.oidc.revoke(issued.refreshToken, world.oidc.clients.web))

      const run = yield* during(manager.withToken(TokenManager.user("carol"), callApi(world), unauthorized))
      const error = failureOf(run.exit)
      assert.strictEqual(error._tag, "AuthorizationRequired")
      assert.strictEqual(
        error.message,
        "the user's Orders connection has expired or was revoked; they need to connect their account again before this " +
          "tool can be used; nothing was sent"
      )
      assert.deepStrictEqual(run.tokenRequests.map((r) => [r.grantType, r.status]), [["refresh_token", 400]])
      assert.deepStrictEqual(run.apiRequests, [])
      assert.isUndefined(yield* storedPlain(store, apiKey(), "carol"))
    }))

  it.scopedLive("a 401 from the API: one refresh, one retry with the new token", () =>
    Effect.gen(function*() {
      const store = TokenStore.makeMemory()
      const manager = yield* managerOver(web(world), store)
      const issued = yield* Effect.promise(() => world.oidc.connect("dave"))
      yield* seed(store, apiKey(), "dave", issued)
      // The access token ends at the server; the grant and its refresh token stay.
      yield* Effect.promise(() => world.oidc.invalidate(issued.accessToken))

      const run = yield* during(manager.withToken(TokenManager.user("dave"), callApi(world, "/api/users/dave/orders"), unauthorized))
      assert.deepStrictEqual(Exit.map(run.exit, (answer) => answer.status), Exit.succeed(200))
      assert.deepStrictEqual(run.apiRequests.map((r) => r.status), [401, 200])
      assert.strictEqual(run.apiRequests[0]!.token, issued.accessToken)
      assert.deepStrictEqual(run.tokenRequests.map((r) => r.grantType), ["refresh_token"])
      assert.strictEqual((yield* storedPlain(store, apiKey(), "dave"))?.accessToken, run.apiRequests[1]!.token)
    }))

  it.scopedLive("64 concurrent calls of one user whose token expired: one refresh at the server", () =>
    Effect.gen(function*() {
      const store = TokenStore.makeMemory()
      const manager = yield* managerOver(web(world), store)
      const issued = yield* Effect.promise(() => world.oidc.connect("erin"))
      yield* seed(store, apiKey(), "erin", issued, { expired: true })
      const run = yield* during(
        Effect.all(
          Array.from({ length: 64 }, () =>
            manager.withToken(TokenManager.user("erin"), callApi(world, "/api/users/erin/orders"), unauthorized)),
          { concurrency: "unbounded" }
        )
      )
      assert.strictEqual(world.oidc.hitsOf("refresh_token") > 0, true)
      assert.deepStrictEqual(run.tokenRequests.map((r) => r.grantType), ["refresh_token"])
      assert.strictEqual(run.apiRequests.length, 64)
      assert.strictEqual(new Set(run.apiRequests.map((r) => r.token)).size, 1)
      assert.isTrue(run.apiRequests.every((r) => r.status === 200 && r.introspection?.sub === "erin"))
    }))

  it.scopedLive("two users at once through one manager: each call sends its own user's token", () =>
    Effect.gen(function*() {
      const store = TokenStore.makeMemory()
      const manager = yield* managerOver(web(world), store)
      for (const subject of ["frank", "grace"]) {
        yield* seed(store, apiKey(), subject, yield* Effect.promise(() => world.oidc.connect(subject)), { expired: true })
      }
      const calls = Array.from({ length: 64 }, (_, i) => {
        const subject = i % 2 === 0 ? "frank" : "grace"
        return manager.withToken(TokenManager.user(subject), callApi(world, `/api/users/${subject}/orders`), unauthorized)
      })
      const run = yield* during(Effect.all(calls, { concurrency: "unbounded" }))
      assert.deepStrictEqual(run.tokenRequests.map((r) => r.grantType), ["refresh_token", "refresh_token"])
      // 403 would be a user's call sent with the other user's token.
      assert.deepStrictEqual([...new Set(run.apiRequests.map((r) => r.status))], [200])
      for (const request of run.apiRequests) assert.strictEqual(request.introspection?.sub, request.user)
      assert.strictEqual(new Set(run.apiRequests.map((r) => r.token)).size, 2)
    }))

  it.scopedLive("the application's callback connects the user: state single use, bound to the user who started it", () =>
    Effect.gen(function*() {
      const store = TokenStore.makeMemory()
      const manager = yield* managerOver(web(world), store)
      const url = yield* manager.authorizationUrl("heidi")
      const callback = yield* Effect.promise(() => world.oidc.browse(url, "heidi"))
      assert.strictEqual(`${callback.origin}${callback.pathname}`, world.oidc.clients.web.redirectUri)

      // Completed by another signed-in user of the application: refused, and the state is spent.
      const other = failureOf(yield* Effect.exit(manager.completeAuthorization(callback, { subject: "mallory" })))
      assert.strictEqual(other.message, "Orders: the authorization did not complete: it was started for another user; no token was stored")
      const replay = failureOf(yield* Effect.exit(manager.completeAuthorization(callback, { subject: "heidi" })))
      assert.strictEqual(
        replay.message,
        "Orders: the authorization did not complete: it matches no authorization in progress (unknown, already used or " +
          "expired); no token was stored"
      )
      assert.isUndefined(yield* storedPlain(store, apiKey(), "heidi"))
      assert.isUndefined(yield* storedPlain(store, apiKey(), "mallory"))

      const again = yield* manager.authorizationUrl("heidi")
      assert.notStrictEqual(again.toString(), url.toString())
      const codes = world.oidc.tokenRequests.length
      yield* manager.completeAuthorization(yield* Effect.promise(() => world.oidc.browse(again, "heidi")), { subject: "heidi" })
      assert.deepStrictEqual(world.oidc.tokenRequests.slice(codes).map((r) => [r.grantType, r.resource]), [
        ["authorization_code", world.oidc.resource]
      ])
      const answer = yield* manager.withToken(TokenManager.user("heidi"), callApi(world, "/api/users/heidi/orders"), unauthorized)
      assert.strictEqual(answer.status, 200)
      assert.isDefined((yield* storedPlain(store, apiKey(), "heidi"))?.refreshToken)
    }))

  it.scopedLive("disconnect revokes the refresh token at the server and forgets the user", () =>
    Effect.gen(function*() {
      const store = TokenStore.makeMemory()
      const manager = yield* managerOver(web(world), store)
      const issued = yield* Effect.promise(() => world.oidc.connect("ivan"))
      yield* seed(store, apiKey(), "ivan", issued)
      assert.deepStrictEqual(yield* manager.disconnect("ivan"), { revoked: true })
      assert.isFalse((yield* Effect.promise(() => world.oidc.introspect(issued.refreshToken))).active)
      assert.isUndefined(yield* storedPlain(store, apiKey(), "ivan"))
      const error = failureOf(yield* Effect.exit(manager.token(TokenManager.user("ivan"))))
      assert.strictEqual(error._tag, "AuthorizationRequired")
    }))

  it.scopedLive("a store that fails: TokenStoreFailed with its cause for the operator, nothing sent", () =>
    Effect.gen(function*() {
      const broken = TokenStore.fromPromise({
        get: () => Promise.reject(new Error("database down")),
        set: () => undefined,
        delete: () => undefined
      })
      const manager = yield* managerOver(web(world), broken)
      const run = yield* during(manager.withToken(TokenManager.user("judy"), callApi(world), unauthorized))
      const error = failureOf(run.exit)
      assert.strictEqual(error._tag, "TokenStoreFailed")
      assert.strictEqual(error.message, "the OAuth token store could not get a user's tokens: it rejected; nothing was sent to the API")
      assert.strictEqual(((error as { cause?: unknown }).cause as Error).message, "database down")
      assert.deepStrictEqual(run.tokenRequests, [])
      assert.deepStrictEqual(run.apiRequests, [])

      const junk = TokenStore.fromPromise({ get: () => ({ refreshToken: 42 }) as never, set: () => undefined, delete: () => undefined })
      const junkError = failureOf(yield* Effect.exit((yield* managerOver(web(world), junk)).token(TokenManager.user("judy"))))
      assert.strictEqual(
        junkError.message,
        "the OAuth token store could not get a user's tokens: what it returned is not stored tokens: its refreshToken is " +
          "not a non-empty string; nothing was sent to the API"
      )
    }))
})
