/**
 * OAuth 2 through the real client (docs/protocol.md §10): a manifest with an `oauth2` auth,
 * registered with a client registration, its tools executed with `Client.execute` — against a real
 * authorization server (oidc-provider on 127.0.0.1) and a real API that asks that server about
 * every token it receives. The oracles are what the server counted (token requests by grant) and
 * what the API was sent (each request's token, whose it is, whether it was valid when it arrived);
 * the API answers 403 when a user's orders are asked for with another user's token.
 */
import { atEveryLevel, onlyFailure } from "#test-target"
import { assert, describe, it } from "../../support/effectVitest.js"
import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Layer from "effect/Layer"
import { afterAll, beforeAll } from "vitest"
import * as Client from "../../../src/Client.js"
import { Approval } from "../../../src/Client.js"
import type * as Manifest from "../../../src/Manifest.js"
import * as Resolver from "../../../src/Resolver.js"
import * as TokenStore from "../../../src/internal/client/oauth/tokenStore.js"
import { assertNoSecrets, type RecordedSpan, recordingLogger, recordingTracer, safeStringify } from "../../support/execute.js"
import { clock, type OAuthWorld, startOAuthWorld } from "../../support/oidcProvider.js"
import { json, testServer } from "../../support/server.js"
import { authFor, seed, storedPlain } from "./setup.js"

let world: OAuthWorld

beforeAll(async () => {
  world = await startOAuthWorld({ accessTokenTtl: 300 })
  clock.freeze()
})

afterAll(async () => {
  clock.restore()
  await world.close()
})

interface Turn {
  readonly userId?: string | undefined
}

const manifestUrl = () => world.api.url("/rcp/manifest")

const manifestOf = (auth: Manifest.Auth, origin = world.api.origin) => ({
  rcpVersion: "0.1",
  auth,
  tools: [
    { name: "list_orders", description: "List the orders the token may see.", method: "GET", params: [], url: `${origin}/api/orders` },
    {
      name: "my_orders",
      description: "The signed-in user's orders.",
      method: "GET",
      params: [{ name: "userId", type: "string", description: "the signed-in user — resolved by the client" }],
      url: `${origin}/api/users/{{userId}}/orders`
    }
  ]
})

/** The web client: users connect with the authorization code flow; the authorization server is trusted. */
const webRegistration = (): Client.RegisterOptions => ({
  url: manifestUrl(),
  trustedOrigins: [world.oidc.issuer],
  oauth: {
    clientId: world.oidc.clients.web.id,
    clientSecret: world.oidc.clients.web.secret,
    redirectUri: world.oidc.clients.web.redirectUri,
    name: "Orders"
  }
})

/** The machine client: client credentials only. */
const machineRegistration = (): Client.RegisterOptions => ({
  url: manifestUrl(),
  trustedOrigins: [world.oidc.issuer],
  oauth: { clientId: world.oidc.clients.machine.id, clientSecret: world.oidc.clients.machine.secret, name: "Orders" }
})

const users = { oauth: { subject: (turn: Turn) => turn.userId } } satisfies Client.Options

/** A client straight over undici, its store `store`, the user id resolved from the turn as well. */
const clientOver = (store: TokenStore.Service, options: Client.Options = {}) =>
  Client.layerUndici(options).pipe(
    Layer.provide(Resolver.layer({ userId: (turn: Turn) => turn.userId })),
    Layer.provide(Layer.succeed(TokenStore.TokenStore, store))
  )

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
  const failure = Exit.isFailure(exit) ? onlyFailure(exit.cause) : undefined
  assert.isDefined(failure, `expected a typed failure, got ${String(exit)}`)
  return failure!
}

const call = (name: string, userId?: string) =>
  Client.execute({ name, arguments: {} }, userId === undefined ? {} : { context: { userId } satisfies Turn })

const connected = (account: string) => Effect.promise(() => world.oidc.connect(account))

describe("client credentials through the client", () => {
  it.scopedLive("one token request for many calls; reused until shortly before expiry, then replaced", () =>
    Effect.gen(function*() {
      yield* Client.register(manifestOf(authFor(world, { flows: ["client_credentials"], scopes: ["orders:read"] })), machineRegistration())
      const first = yield* during(Effect.all([call("list_orders"), call("list_orders"), call("list_orders")]))
      assert.deepStrictEqual(Exit.map(first.exit, (results) => results.map((r) => r.status)), Exit.succeed([200, 200, 200]))
      assert.deepStrictEqual(first.tokenRequests.map((r) => [r.grantType, r.clientId, r.resource]), [
        ["client_credentials", "machine", world.oidc.resource]
      ])
      assert.strictEqual(new Set(first.apiRequests.map((r) => r.token)).size, 1)
      assert.strictEqual(first.apiRequests[0]!.introspection?.client_id, "machine")

      clock.advance(269)
      const still = yield* during(call("list_orders"))
      assert.deepStrictEqual(still.tokenRequests, [])
      clock.advance(2)
      const replaced = yield* during(call("list_orders"))
      assert.deepStrictEqual(replaced.tokenRequests.map((r) => r.grantType), ["client_credentials"])
      assert.notStrictEqual(replaced.apiRequests[0]!.token, first.apiRequests[0]!.token)
      assert.deepStrictEqual(replaced.apiRequests.map((r) => r.status), [200])
    }).pipe(Effect.provide(clientOver(TokenStore.makeMemory()))))

  it.scopedLive("64 concurrent calls of a cold client: one token request, one token for all", () =>
    Effect.gen(function*() {
      yield* Client.register(manifestOf(authFor(world, { flows: ["client_credentials"], scopes: ["orders:read"] })), machineRegistration())
      const run = yield* during(Effect.all(Array.from({ length: 64 }, () => call("list_orders")), { concurrency: "unbounded" }))
      assert.isTrue(Exit.isSuccess(run.exit))
      assert.strictEqual(run.tokenRequests.length, 1)
      assert.strictEqual(run.apiRequests.length, 64)
      assert.strictEqual(new Set(run.apiRequests.map((r) => r.token)).size, 1)
    }).pipe(Effect.provide(clientOver(TokenStore.makeMemory()))))

  it.scopedLive("a 401: one new token, one retry; the API refusing that one too is the call's answer (HttpError 401)", () =>
    Effect.gen(function*() {
      yield* Client.register(manifestOf(authFor(world, { flows: ["client_credentials"], scopes: ["orders:read"] })), machineRegistration())
      const first = yield* during(call("list_orders"))
      const old = first.apiRequests[0]!.token!
      // The server ends the client's token; the client still holds it as fresh.
      yield* Effect.promise(() => world.oidc.revoke(old, world.oidc.clients.machine))
      const retried = yield* during(call("list_orders"))
      assert.deepStrictEqual(Exit.map(retried.exit, (r) => r.status), Exit.succeed(200))
      assert.deepStrictEqual(retried.apiRequests.map((r) => [r.status, r.token === old]), [[401, true], [200, false]])
      assert.deepStrictEqual(retried.tokenRequests.map((r) => r.grantType), ["client_credentials"])

      // An API that refuses every token: two attempts, two tokens, then its 401 — no loop.
      const refusing = yield* testServer((_request, response) => json(response, 401, { error: "invalid_token" }))
      yield* Client.register(manifestOf(authFor(world, { flows: ["client_credentials"], scopes: ["orders:read"] }), refusing.origin), {
        ...machineRegistration(),
        url: refusing.url("/rcp/manifest"),
        prefix: "refusing_"
      })
      const refused = yield* during(call("refusing_list_orders"))
      const error = failureOf(refused.exit)
      assert.strictEqual(error._tag, "HttpError")
      assert.strictEqual(error._tag === "HttpError" ? error.status : 0, 401)
      assert.strictEqual(refusing.requests.length, 2)
      assert.notStrictEqual(refusing.requests[0]!.headers.authorization, refusing.requests[1]!.headers.authorization)
      assert.strictEqual(refused.tokenRequests.length, 2, "the first token of this API, then its replacement")
    }).pipe(Effect.provide(clientOver(TokenStore.makeMemory()))))
})

describe("users' tokens through the client", () => {
  it.scopedLive("connect through the client (authorizationUrl, the browser, completeAuthorization), then call as that user", () =>
    Effect.gen(function*() {
      const store = TokenStore.makeMemory()
      yield* Effect.gen(function*() {
        yield* Client.register(manifestOf(authFor(world)), webRegistration())
        const url = yield* Client.authorizationUrl(manifestUrl(), "ann")
        assert.strictEqual(url.origin + url.pathname, world.oidc.authorizationUrl)
        assert.strictEqual(url.searchParams.get("code_challenge_method"), "S256")
        assert.strictEqual(url.searchParams.get("resource"), world.oidc.resource)
        const callback = yield* Effect.promise(() => world.oidc.browse(url, "ann"))
        // Someone else signed in to the application cannot complete ann's authorization.
        const stolen = yield* Effect.flip(Client.completeAuthorization(callback, { subject: "bob" }))
        assert.strictEqual(stolen._tag, "AuthorizationFailed")
        // …and the state is spent: ann has to start again.
        const again = yield* Client.authorizationUrl(manifestUrl(), "ann")
        const back = yield* Effect.promise(() => world.oidc.browse(again, "ann"))
        yield* Client.completeAuthorization(back, { subject: "ann" })

        const run = yield* during(call("my_orders", "ann"))
        assert.deepStrictEqual(Exit.map(run.exit, (r) => r.data), Exit.succeed({ orders: [], sub: "ann" }))
        assert.deepStrictEqual(run.tokenRequests, [], "the access token from the code exchange is used as it is")
        assert.deepStrictEqual(run.apiRequests.map((r) => [r.status, r.introspection?.sub]), [[200, "ann"]])
      }).pipe(Effect.provide(clientOver(store, users)))
      const stored = yield* storedPlain(store, manifestUrl(), "ann")
      assert.isDefined(stored?.refreshToken)
    }))

  it.scopedLive("an expired access token: refreshed with rotation, the new refresh token stored before the call is sent", () =>
    Effect.gen(function*() {
      const store = TokenStore.makeMemory()
      const issued = yield* connected("rae")
      yield* seed(store, manifestUrl(), "rae", issued, { expired: true })
      const run = yield* during(Effect.gen(function*() {
        yield* Client.register(manifestOf(authFor(world)), webRegistration())
        return yield* call("my_orders", "rae")
      }).pipe(Effect.provide(clientOver(store, users))))
      assert.deepStrictEqual(Exit.map(run.exit, (r) => r.status), Exit.succeed(200))
      assert.deepStrictEqual(run.tokenRequests.map((r) => [r.grantType, r.clientId, r.resource]), [
        ["refresh_token", "web", world.oidc.resource]
      ])
      const stored = yield* storedPlain(store, manifestUrl(), "rae")
      assert.notStrictEqual(stored?.refreshToken, issued.refreshToken, "rotated")
      assert.strictEqual(stored?.accessToken, run.apiRequests[0]!.token)
      // The server agrees: the old refresh token is spent, the stored one is live.
      assert.isFalse((yield* Effect.promise(() => world.oidc.introspect(issued.refreshToken))).active)
      assert.isTrue((yield* Effect.promise(() => world.oidc.introspect(stored!.refreshToken!))).active)
    }))

  it.scopedLive("the clock passes the access token's lifetime: the next call refreshes first", () =>
    Effect.gen(function*() {
      const store = TokenStore.makeMemory()
      yield* seed(store, manifestUrl(), "sam", yield* connected("sam"))
      yield* Effect.gen(function*() {
        yield* Client.register(manifestOf(authFor(world)), webRegistration())
        const fresh = yield* during(call("my_orders", "sam"))
        assert.deepStrictEqual(fresh.tokenRequests, [])
        clock.advance(300)
        const later = yield* during(call("my_orders", "sam"))
        assert.deepStrictEqual(later.tokenRequests.map((r) => r.grantType), ["refresh_token"])
        assert.deepStrictEqual(later.apiRequests.map((r) => [r.status, r.introspection?.active]), [[200, true]])
      }).pipe(Effect.provide(clientOver(store, users)))
    }))

  it.scopedLive("a revoked refresh token: AuthorizationRequired (expired), the tokens deleted, nothing sent to the API", () =>
    Effect.gen(function*() {
      const store = TokenStore.makeMemory()
      const issued = yield* connected("val")
      yield* seed(store, manifestUrl(), "val", issued, { expired: true })
      yield* Effect.promise(() => world.oidc.revoke(issued.refreshToken, world.oidc.clients.web))
      const run = yield* during(Effect.gen(function*() {
        yield* Client.register(manifestOf(authFor(world)), webRegistration())
        return yield* call("my_orders", "val")
      }).pipe(Effect.provide(clientOver(store, users))))
      const error = failureOf(run.exit)
      assert.strictEqual(error._tag, "AuthorizationRequired")
      if (error._tag !== "AuthorizationRequired") return
      assert.strictEqual(error.reason, "expired")
      assert.strictEqual(
        error.message,
        "the user's Orders connection has expired or was revoked; they need to connect their account again before this tool can be used; nothing was sent"
      )
      assert.deepStrictEqual(run.tokenRequests.map((r) => [r.grantType, r.status]), [["refresh_token", 400]])
      assert.deepStrictEqual(run.apiRequests, [])
      assert.isUndefined(yield* storedPlain(store, manifestUrl(), "val"))
    }))

  it.scopedLive("a 401 on a user's call: the refresh token is used once, the call sent once more with the new token", () =>
    Effect.gen(function*() {
      const store = TokenStore.makeMemory()
      const issued = yield* connected("wes")
      yield* seed(store, manifestUrl(), "wes", issued)
      yield* Effect.promise(() => world.oidc.invalidate(issued.accessToken))
      const run = yield* during(Effect.gen(function*() {
        yield* Client.register(manifestOf(authFor(world)), webRegistration())
        return yield* call("my_orders", "wes")
      }).pipe(Effect.provide(clientOver(store, users))))
      assert.deepStrictEqual(Exit.map(run.exit, (r) => r.status), Exit.succeed(200))
      assert.deepStrictEqual(run.apiRequests.map((r) => [r.status, r.token === issued.accessToken]), [[401, true], [200, false]])
      assert.deepStrictEqual(run.tokenRequests.map((r) => r.grantType), ["refresh_token"])
    }))

  it.scopedLive("64 concurrent calls of one user with an expired token share one refresh", () =>
    Effect.gen(function*() {
      const store = TokenStore.makeMemory()
      const issued = yield* connected("xia")
      yield* seed(store, manifestUrl(), "xia", issued, { expired: true })
      const run = yield* during(Effect.gen(function*() {
        yield* Client.register(manifestOf(authFor(world)), webRegistration())
        return yield* Effect.all(Array.from({ length: 64 }, () => call("my_orders", "xia")), { concurrency: "unbounded" })
      }).pipe(Effect.provide(clientOver(store, users))))
      assert.deepStrictEqual(Exit.map(run.exit, (results) => results.every((r) => r.status === 200)), Exit.succeed(true))
      assert.deepStrictEqual(run.tokenRequests.map((r) => [r.grantType, r.status]), [["refresh_token", 200]])
      assert.strictEqual(run.apiRequests.length, 64)
      assert.strictEqual(new Set(run.apiRequests.map((r) => r.token)).size, 1)
      assert.isTrue(run.apiRequests.every((r) => r.introspection?.sub === "xia" && r.introspection.active))
      assert.strictEqual((yield* storedPlain(store, manifestUrl(), "xia"))?.accessToken, run.apiRequests[0]!.token)
    }))

  it.scopedLive("two users at once through one client: each call sends its own user's token, one refresh each", () =>
    Effect.gen(function*() {
      const store = TokenStore.makeMemory()
      yield* seed(store, manifestUrl(), "yan", yield* connected("yan"), { expired: true })
      yield* seed(store, manifestUrl(), "zoe", yield* connected("zoe"), { expired: true })
      const calls = Array.from({ length: 32 }, (_, i) => (i % 2 === 0 ? "yan" : "zoe"))
      const run = yield* during(Effect.gen(function*() {
        yield* Client.register(manifestOf(authFor(world)), webRegistration())
        return yield* Effect.all(calls.map((user) => call("my_orders", user)), { concurrency: "unbounded" })
      }).pipe(Effect.provide(clientOver(store, users))))
      // The API answers 403 to a user's orders asked for with another user's token.
      assert.deepStrictEqual(
        Exit.map(run.exit, (results) => results.map((r) => (r.data as { sub: string }).sub)),
        Exit.succeed(calls)
      )
      assert.deepStrictEqual(run.tokenRequests.map((r) => r.grantType), ["refresh_token", "refresh_token"])
      assert.isTrue(run.apiRequests.every((r) => r.status === 200 && r.introspection?.sub === r.user))
      assert.strictEqual(new Set(run.apiRequests.map((r) => r.token)).size, 2)
    }))

  it.scopedLive("a user who has not connected: AuthorizationRequired before any request, with the URL for the application", () =>
    Effect.gen(function*() {
      const run = yield* during(Effect.gen(function*() {
        yield* Client.register(manifestOf(authFor(world)), webRegistration())
        return yield* call("my_orders", "kim")
      }).pipe(Effect.provide(clientOver(TokenStore.makeMemory(), users))))
      const error = failureOf(run.exit)
      assert.strictEqual(error._tag, "AuthorizationRequired")
      if (error._tag !== "AuthorizationRequired") return
      assert.strictEqual(error.reason, "not-connected")
      assert.strictEqual(
        error.message,
        "the user needs to connect their Orders account before this tool can be used; nothing was sent"
      )
      const url = new URL(error.authorizationUrl!)
      assert.strictEqual(url.origin + url.pathname, world.oidc.authorizationUrl)
      assert.strictEqual(url.searchParams.get("client_id"), "web")
      assert.deepStrictEqual(run.apiRequests, [])
      assert.deepStrictEqual(run.tokenRequests, [])
      // The model reads the sentence, never the URL; the operator gets the error.
      const reported: Array<unknown> = []
      const reply = Client.toOpenAiToolMessage(
        { id: "call_1", type: "function", function: { name: "my_orders", arguments: "{}" } },
        run.exit as Exit.Exit<Client.ToolResult, unknown>,
        { onError: (e) => reported.push(e) }
      )
      assert.notInclude(JSON.stringify(reply), url.searchParams.get("state")!)
      assert.include(JSON.stringify(reply), "the user needs to connect their Orders account")
      assert.deepStrictEqual(reported, [error])
      assert.deepStrictEqual(Client.modelFacingError(error, "my_orders"), { _tag: "ModelError", text: error.message })
    }))

  it.scopedLive("a call whose context names no user: CredentialMissing, never the client's own token", () =>
    Effect.gen(function*() {
      const run = yield* during(Effect.gen(function*() {
        yield* Client.register(manifestOf(authFor(world)), webRegistration())
        return yield* Client.execute({ name: "list_orders", arguments: {} })
      }).pipe(Effect.provide(clientOver(TokenStore.makeMemory(), users))))
      const error = failureOf(run.exit)
      assert.strictEqual(error._tag, "CredentialMissing")
      assert.deepStrictEqual(run.apiRequests, [])
      assert.deepStrictEqual(run.tokenRequests, [])
    }))
})

describe("tokens never leak through the client", () => {
  it.scopedLive("no access or refresh token, client secret or subject in errors, spans, logs, the approval view or buildRequest", () =>
    Effect.gen(function*() {
      const SUBJECT = "SUBJECT-SECRET-81"
      const store = TokenStore.makeMemory()
      const issued = yield* connected("lee")
      yield* seed(store, manifestUrl(), SUBJECT, issued, { expired: true })
      // An API that echoes the Authorization header it received in a 400 (a model reads 4xx bodies).
      const echo = yield* testServer((request, response) => json(response, 400, { got: request.headers.authorization ?? null }))
      const spans: Array<RecordedSpan> = []
      const logs: Array<string> = []
      const approvals: Array<unknown> = []
      const errors: Array<unknown> = []
      const shown: Array<Client.PreparedRequest> = []

      const layer = Client.layerUndici({ ...users, approval: { methods: ["GET"] } }).pipe(
        Layer.provide(Resolver.layer({ userId: (turn: Turn) => turn.userId })),
        Layer.provide(Layer.succeed(TokenStore.TokenStore, store)),
        Layer.provide(Approval.layer((request, info) => {
          approvals.push({ request, info })
          return true
        }))
      )
      yield* Effect.gen(function*() {
        yield* Client.register(manifestOf(authFor(world)), webRegistration())
        yield* Client.register(manifestOf(authFor(world, { flows: ["client_credentials"], scopes: ["orders:read"] }), echo.origin), {
          ...machineRegistration(),
          url: echo.url("/rcp/manifest"),
          prefix: "echo_"
        })
        const record = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
          Effect.tap(Effect.exit(effect), (exit) => Effect.sync(() => Exit.isFailure(exit) && errors.push(Cause.squash(exit.cause))))
        yield* record(call("list_orders", SUBJECT))
        shown.push(yield* Client.buildRequest({ name: "list_orders", arguments: {} }, { context: { userId: SUBJECT } }))
        yield* record(call("echo_list_orders"))
        yield* record(call("list_orders", "nobody-connected"))
        yield* record(Client.execute({ name: "list_orders", arguments: {} }))
      }).pipe(
        Effect.provide(layer),
        Effect.withTracer(recordingTracer(spans)),
        Effect.provide(recordingLogger(logs)),
        atEveryLevel
      )

      const secrets = new Set<string>([
        SUBJECT,
        issued.accessToken,
        issued.refreshToken,
        world.oidc.clients.web.secret,
        world.oidc.clients.machine.secret
      ])
      for (const request of world.api.requests) if (request.token !== undefined) secrets.add(request.token)
      for (const request of echo.requests) secrets.add(String(request.headers.authorization).replace(/^Bearer /, ""))
      const stored = yield* storedPlain(store, manifestUrl(), SUBJECT)
      if (stored?.refreshToken !== undefined) secrets.add(stored.refreshToken)
      if (stored?.accessToken !== undefined) secrets.add(stored.accessToken)
      assert.isAtLeast(echo.requests.length, 1)
      assert.isAtLeast(secrets.size, 7)

      // What did happen: one success, the echo's 400 (redacted), AuthorizationRequired, CredentialMissing.
      assert.deepStrictEqual(errors.map((e) => (e as { _tag: string })._tag), ["HttpError", "AuthorizationRequired", "CredentialMissing"])
      const echoed = errors[0] as Client.HttpError
      assert.strictEqual(echoed.body, JSON.stringify({ got: "Bearer <redacted>" }))
      assert.strictEqual(shown[0]!.headers.authorization, "Bearer <redacted>")
      assert.strictEqual((approvals[0] as { request: Client.PreparedRequest }).request.headers.authorization, "Bearer <redacted>")

      const list = [...secrets]
      for (const error of errors) {
        assertNoSecrets("an error's message", (error as Error).message, list)
        assertNoSecrets("an error as JSON", safeStringify(error), list)
        assertNoSecrets("an error as a string", String(error), list)
        assertNoSecrets("the pretty cause", Cause.pretty(Cause.fail(error)), list)
      }
      assert.isAtLeast(spans.length, 5)
      for (const span of spans) {
        assertNoSecrets(`span ${span.name}`, safeStringify({ name: span.name, attributes: [...span.attributes], events: span.events }), list)
      }
      assert.isTrue(spans.some((span) => span.name === "RcpOAuth.tokenRequest"), "the token requests were traced")
      for (const line of logs) assertNoSecrets("a log line", line, list)
      // The hook is told the call's context (the operator's own, naming the user); the request it sees holds no token.
      assertNoSecrets("the approval view", safeStringify(approvals.map((a) => (a as { request: unknown }).request)), list)
      assertNoSecrets("buildRequest", safeStringify(shown), list)
    }))
})
