/**
 * The token manager's rules without a server (the fast set of `npm run mutate`, test/MUTATION.md):
 * which principal's token a call sends, when a token is fresh (expiry and the skew), one token
 * request in flight per principal, a refused refresh failing closed, the trust rule for the
 * authorization server's origin, and what completing an authorization checks. The token endpoint
 * is a `fetch` function (the manager's own `fetch` option) that answers as one would and records
 * what it was sent; `oauth4webapi` itself runs for real. The end-to-end tests against oidc-provider
 * are tokenManager.test.ts, interleavings.property.test.ts and redaction.test.ts.
 */
import { adjustClock, fork, onlyFailure } from "#test-target"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"
import * as Redacted from "effect/Redacted"
import { assert, describe, it } from "../../support/effectVitest.js"
import { type RecordedSpan, recordingTracer } from "../../support/execute.js"
import { oauthAuthAt } from "../../support/oauthAuth.js"
import * as TokenManager from "../../../src/internal/client/oauth/tokenManager.js"
import * as TokenStore from "../../../src/internal/client/oauth/tokenStore.js"

const SECRET = "CLIENT-SECRET-4242"
const AUTH_ORIGIN = "https://auth.example.test"
const MANIFEST = "https://api.example.test/rcp/manifest"
const REDIRECT = "https://app.example.test/callback"

const auth = oauthAuthAt(AUTH_ORIGIN, { scopes: ["orders:read"] })

interface Seen {
  readonly url: string
  readonly body: URLSearchParams
  readonly authorization: string | null
}

/** A token endpoint answering each request with `answer(seen, n)` (n from 1); `hold` keeps answers back until released. */
const tokenEndpoint = (answer: (seen: Seen, n: number) => Response) => {
  const seen: Array<Seen> = []
  let release: () => void = () => {}
  let held: Promise<void> | undefined
  const fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const request: Seen = {
      url: String(input),
      body: new URLSearchParams(String(init?.body ?? "")),
      authorization: new Headers(init?.headers).get("authorization")
    }
    seen.push(request)
    if (held !== undefined) await held
    return answer(request, seen.length)
  }
  return {
    seen,
    fetch: fetch as typeof globalThis.fetch,
    hold: () => {
      held = new Promise((resolve) => (release = resolve))
    },
    release: () => {
      held = undefined
      release()
    }
  }
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } })

/** Token `A<n>` for the n-th request, with a refresh token `R<n>` and `expires_in`. */
const numbered = (expiresIn: number | null = 300) => (_seen: Seen, n: number) =>
  json({ access_token: `A${n}`, token_type: "Bearer", refresh_token: `R${n}`, ...(expiresIn === null ? {} : { expires_in: expiresIn }) })

const managerWith = (
  server: ReturnType<typeof tokenEndpoint>,
  overrides: Partial<TokenManager.Options> = {},
  store: TokenStore.Service = TokenStore.makeMemory()
) =>
  TokenManager.make({
    auth: auth(),
    manifestUrl: MANIFEST,
    clientId: "machine",
    clientSecret: SECRET,
    trustedOrigins: [AUTH_ORIGIN],
    redirectUri: REDIRECT,
    name: "Orders",
    fetch: server.fetch,
    ...overrides
  }).pipe(Effect.provideService(TokenStore.TokenStore, store))

const value = (token: TokenManager.AccessToken) => Redacted.value(token.value)

const failure = (exit: Exit.Exit<unknown, unknown>) => {
  assert.isTrue(Exit.isFailure(exit), `expected a failure, got ${String(exit)}`)
  const error = Exit.isFailure(exit) ? onlyFailure(exit.cause) : undefined
  assert.isDefined(error, String(exit))
  return error as { readonly _tag: string; readonly message: string; readonly reason?: string; readonly authorizationUrl?: string }
}

/** Lets the event loop run until `done()` (the fake endpoint's requests arrive on real promises). */
const until = (done: () => boolean) =>
  Effect.promise(async () => {
    for (let i = 0; i < 500 && !done(); i++) await new Promise((resolve) => setImmediate(resolve))
    for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve))
  })

const API = "https://api.example.test/rcp/manifest"
const seedUser = (store: TokenStore.Service, subject: string, tokens: TokenStore.StoredTokens) =>
  Effect.orDie(store.set({ api: API, subject }, tokens))
const storedOf = (store: TokenStore.Service, subject: string) =>
  Effect.map(Effect.orDie(store.get({ api: API, subject })), (tokens) => (tokens === undefined ? undefined : TokenStore.toPlain(tokens)))

describe("expiry and the refresh margin", () => {
  it.scoped("expiresAt is now + expires_in; refreshAt 30 s before it; the token is handed out until refreshAt, then replaced", () =>
    Effect.gen(function*() {
      yield* adjustClock(1_000_000)
      const server = tokenEndpoint(numbered(300))
      const manager = yield* managerWith(server)
      const first = yield* manager.token(TokenManager.client)
      assert.deepStrictEqual([value(first), first.expiresAt, first.refreshAt], ["A1", 1_300_000, 1_270_000])
      yield* adjustClock(269_999)
      assert.strictEqual(value(yield* manager.token(TokenManager.client)), "A1")
      assert.strictEqual(server.seen.length, 1)
      yield* adjustClock(1)
      const second = yield* manager.token(TokenManager.client)
      assert.deepStrictEqual([value(second), second.expiresAt, second.refreshAt], ["A2", 1_570_000, 1_540_000])
      assert.strictEqual(server.seen.length, 2)
    }))

  it.scoped("a short lifetime: the margin is at most half of it", () =>
    Effect.gen(function*() {
      const server = tokenEndpoint(numbered(40))
      const manager = yield* managerWith(server)
      const first = yield* manager.token(TokenManager.client)
      assert.deepStrictEqual([first.expiresAt, first.refreshAt], [40_000, 20_000])
      yield* adjustClock(19_999)
      assert.strictEqual(value(yield* manager.token(TokenManager.client)), "A1")
      yield* adjustClock(1)
      assert.strictEqual(value(yield* manager.token(TokenManager.client)), "A2")
    }))

  it.scoped("refreshBefore sets the margin", () =>
    Effect.gen(function*() {
      const server = tokenEndpoint(numbered(300))
      const manager = yield* managerWith(server, { refreshBefore: "10 seconds" })
      const first = yield* manager.token(TokenManager.client)
      assert.deepStrictEqual([first.expiresAt, first.refreshAt], [300_000, 290_000])
    }))

  it.scoped("without expires_in the token has no expiry and is kept until the API refuses it", () =>
    Effect.gen(function*() {
      const server = tokenEndpoint(numbered(null))
      const manager = yield* managerWith(server)
      const first = yield* manager.token(TokenManager.client)
      assert.deepStrictEqual([value(first), first.expiresAt, first.refreshAt], ["A1", undefined, undefined])
      yield* adjustClock(365 * 24 * 3600 * 1000)
      assert.strictEqual(value(yield* manager.token(TokenManager.client)), "A1")
      assert.strictEqual(server.seen.length, 1)
    }))

  it.scoped("a user's stored token is fresh until 30 s before its stored expiry (its lifetime is unknown)", () =>
    Effect.gen(function*() {
      const store = TokenStore.makeMemory()
      yield* seedUser(store, "alice", { accessToken: Redacted.make("S1"), refreshToken: Redacted.make("RS"), expiresAt: 100_000 })
      const server = tokenEndpoint(numbered(300))
      const manager = yield* managerWith(server, {}, store)
      yield* adjustClock(69_999)
      const kept = yield* manager.token(TokenManager.user("alice"))
      assert.deepStrictEqual([value(kept), kept.expiresAt, kept.refreshAt], ["S1", 100_000, 70_000])
      assert.strictEqual(server.seen.length, 0)
      yield* adjustClock(1)
      const refreshed = yield* manager.token(TokenManager.user("alice"))
      assert.deepStrictEqual([value(refreshed), refreshed.expiresAt, refreshed.refreshAt], ["A1", 370_000, 340_000])
      assert.deepStrictEqual(server.seen.map((s) => [s.body.get("grant_type"), s.body.get("refresh_token")]), [["refresh_token", "RS"]])
    }))

  it.scoped("a stored access token without expiry is used as it is; a stored entry without an access token refreshes", () =>
    Effect.gen(function*() {
      const store = TokenStore.makeMemory()
      yield* seedUser(store, "bob", { accessToken: Redacted.make("S1"), refreshToken: Redacted.make("RS") })
      yield* seedUser(store, "carol", { refreshToken: Redacted.make("RC") })
      const server = tokenEndpoint(numbered(300))
      const manager = yield* managerWith(server, {}, store)
      const bob = yield* manager.token(TokenManager.user("bob"))
      assert.deepStrictEqual([value(bob), bob.expiresAt, bob.refreshAt], ["S1", undefined, undefined])
      assert.strictEqual(value(yield* manager.token(TokenManager.user("carol"))), "A1")
      assert.deepStrictEqual(server.seen.map((s) => s.body.get("refresh_token")), ["RC"])
    }))
})

describe("one token request in flight per principal", () => {
  it.scoped("concurrent callers for the client share one request and one token", () =>
    Effect.gen(function*() {
      const server = tokenEndpoint(numbered(300))
      server.hold()
      const manager = yield* managerWith(server)
      const fiber = yield* fork(Effect.all(Array.from({ length: 5 }, () => manager.token(TokenManager.client)), { concurrency: "unbounded" }))
      yield* until(() => server.seen.length > 0)
      server.release()
      const tokens = yield* Fiber.join(fiber)
      assert.deepStrictEqual(tokens.map(value), ["A1", "A1", "A1", "A1", "A1"])
      assert.strictEqual(server.seen.length, 1)
      assert.deepStrictEqual([server.seen[0]!.body.get("grant_type"), server.seen[0]!.body.get("scope")], ["client_credentials", "orders:read"])
    }))

  it.scoped("concurrent callers for one user share one refresh; each principal has its own flight and token", () =>
    Effect.gen(function*() {
      const store = TokenStore.makeMemory()
      yield* seedUser(store, "alice", { refreshToken: Redacted.make("RA") })
      yield* seedUser(store, "bob", { refreshToken: Redacted.make("RB") })
      const server = tokenEndpoint((seen) =>
        json({ access_token: `for-${seen.body.get("refresh_token") ?? "client"}`, token_type: "bearer", expires_in: 300 }))
      server.hold()
      const manager = yield* managerWith(server, {}, store)
      const principals = [
        TokenManager.user("alice"),
        TokenManager.user("bob"),
        TokenManager.client,
        TokenManager.user("alice"),
        TokenManager.user("bob"),
        TokenManager.client
      ]
      const fiber = yield* fork(Effect.all(principals.map((p) => manager.token(p)), { concurrency: "unbounded" }))
      yield* until(() => server.seen.length >= 3)
      server.release()
      const tokens = yield* Fiber.join(fiber)
      assert.deepStrictEqual(tokens.map(value), ["for-RA", "for-RB", "for-client", "for-RA", "for-RB", "for-client"])
      assert.strictEqual(server.seen.length, 3)
      // Each user's later call gets their own token from memory, never another's.
      assert.strictEqual(value(yield* manager.token(TokenManager.user("bob"))), "for-RB")
      assert.strictEqual(value(yield* manager.token(TokenManager.user("alice"))), "for-RA")
      assert.strictEqual(server.seen.length, 3)
    }))

  it.scoped("a user called like the client's slot key is still that user", () =>
    Effect.gen(function*() {
      const store = TokenStore.makeMemory()
      yield* seedUser(store, "client", { accessToken: Redacted.make("U-client"), refreshToken: Redacted.make("R") })
      const server = tokenEndpoint(numbered(300))
      const manager = yield* managerWith(server, {}, store)
      assert.strictEqual(value(yield* manager.token(TokenManager.client)), "A1")
      assert.strictEqual(value(yield* manager.token(TokenManager.user("client"))), "U-client")
      assert.strictEqual(value(yield* manager.token(TokenManager.client)), "A1")
    }))

  it.scoped("a failed request fails every waiting caller, and the next call asks again", () =>
    Effect.gen(function*() {
      const server = tokenEndpoint((_seen, n) => (n === 1 ? json({ error: "server_error" }, 500) : numbered(300)(_seen, n)))
      server.hold()
      const manager = yield* managerWith(server)
      const fiber = yield* fork(Effect.all([Effect.exit(manager.token(TokenManager.client)), Effect.exit(manager.token(TokenManager.client))], {
        concurrency: "unbounded"
      }))
      yield* until(() => server.seen.length > 0)
      server.release()
      const results = yield* Fiber.join(fiber)
      assert.deepStrictEqual(results.map((exit) => failure(exit).message), [1, 2].map(() =>
        `Orders: the client_credentials request to the token endpoint ${AUTH_ORIGIN} failed: it answered HTTP 500, which is not a token response (OAUTH_RESPONSE_IS_NOT_CONFORM); nothing was sent to the API`))
      assert.strictEqual(server.seen.length, 1)
      assert.strictEqual(value(yield* manager.token(TokenManager.client)), "A2")
    }))

  it.scoped("replace: a refused token is not handed out again; concurrent refusals share one request", () =>
    Effect.gen(function*() {
      const server = tokenEndpoint(numbered(300))
      const manager = yield* managerWith(server)
      const first = yield* manager.token(TokenManager.client)
      server.hold()
      const fiber = yield* fork(Effect.all([
        manager.replace(TokenManager.client, first.value),
        manager.replace(TokenManager.client, first.value),
        manager.token(TokenManager.client)
      ], { concurrency: "unbounded" }))
      yield* until(() => server.seen.length > 1)
      server.release()
      assert.deepStrictEqual((yield* Fiber.join(fiber)).map(value), ["A2", "A2", "A2"])
      assert.strictEqual(server.seen.length, 2)
      // A refusal of a token already replaced gets the newer one, without a request.
      assert.strictEqual(value(yield* manager.replace(TokenManager.client, first.value)), "A2")
      assert.strictEqual(server.seen.length, 2)
    }))

  it.scoped("replace: a flight started before the refusal that brings back the refused token is asked once more", () =>
    Effect.gen(function*() {
      // The server hands out the same token twice, then a new one.
      const server = tokenEndpoint((_seen, n) => json({ access_token: n <= 2 ? "SAME" : `A${n}`, token_type: "bearer", expires_in: 300 }))
      const manager = yield* managerWith(server)
      server.hold()
      const early = yield* fork(manager.token(TokenManager.client))
      yield* until(() => server.seen.length > 0)
      const refused = yield* fork(manager.replace(TokenManager.client, Redacted.make("SAME")))
      yield* until(() => false)
      server.release()
      assert.strictEqual(value(yield* Fiber.join(early)), "SAME")
      // Once more only: the second request brings "SAME" again, which is the caller's answer (no loop).
      assert.strictEqual(value(yield* Fiber.join(refused)), "SAME")
      assert.strictEqual(server.seen.length, 2)
    }))

  it.scoped("withToken: a 401 gets one other token and one retry; a second refusal is the answer", () =>
    Effect.gen(function*() {
      const server = tokenEndpoint(numbered(300))
      const manager = yield* managerWith(server)
      const sent: Array<string> = []
      const result = yield* manager.withToken(
        TokenManager.client,
        (token) => Effect.sync(() => (sent.push(Redacted.value(token)), 401)),
        (status) => status === 401
      )
      assert.strictEqual(result, 401)
      assert.deepStrictEqual(sent, ["A1", "A2"])
      const ok = yield* manager.withToken(TokenManager.client, (token) => Effect.succeed(Redacted.value(token)), () => false)
      assert.strictEqual(ok, "A2")
      assert.strictEqual(server.seen.length, 2)
    }))

  it.scoped("callers waiting for a flight take its token even when it is stale at once (expires_in 0): no request each", () =>
    Effect.gen(function*() {
      const server = tokenEndpoint(numbered(0))
      server.hold()
      const manager = yield* managerWith(server)
      const fiber = yield* fork(Effect.all(Array.from({ length: 3 }, () => manager.token(TokenManager.client)), { concurrency: "unbounded" }))
      yield* until(() => server.seen.length > 0)
      server.release()
      assert.deepStrictEqual((yield* Fiber.join(fiber)).map(value), ["A1", "A1", "A1"])
      assert.strictEqual(server.seen.length, 1)
    }))

  it.scoped("a user whose token request is in flight stays in memory past maxCachedUsers: later callers join that flight", () =>
    Effect.gen(function*() {
      const store = TokenStore.makeMemory()
      yield* seedUser(store, "alice", { refreshToken: Redacted.make("RA") })
      yield* seedUser(store, "bob", { accessToken: Redacted.make("S-bob") })
      yield* seedUser(store, "carol", { accessToken: Redacted.make("S-carol") })
      const server = tokenEndpoint(numbered(300))
      server.hold()
      const manager = yield* managerWith(server, { maxCachedUsers: 1 }, store)
      const first = yield* fork(manager.token(TokenManager.user("alice")))
      yield* until(() => server.seen.length > 0)
      assert.strictEqual(value(yield* manager.token(TokenManager.user("bob"))), "S-bob")
      assert.strictEqual(value(yield* manager.token(TokenManager.user("carol"))), "S-carol")
      const second = yield* fork(manager.token(TokenManager.user("alice")))
      yield* until(() => false)
      server.release()
      assert.deepStrictEqual([value(yield* Fiber.join(first)), value(yield* Fiber.join(second))], ["A1", "A1"])
      assert.deepStrictEqual(server.seen.map((s) => s.body.get("refresh_token")), ["RA"])
    }))

  it.scoped("a span per token request: the API's name and whose token (client or user), never the subject or a token", () =>
    Effect.gen(function*() {
      const store = TokenStore.makeMemory()
      yield* seedUser(store, "SUBJECT-7", { refreshToken: Redacted.make("RT-7") })
      const spans: Array<RecordedSpan> = []
      const manager = yield* managerWith(tokenEndpoint(numbered(300)), {}, store)
      yield* manager.token(TokenManager.client).pipe(Effect.withTracer(recordingTracer(spans)))
      yield* manager.token(TokenManager.user("SUBJECT-7")).pipe(Effect.withTracer(recordingTracer(spans)))
      const tokenSpans = spans.filter((span) => span.name === "RcpOAuth.token")
      assert.deepStrictEqual(tokenSpans.map((span) => Object.fromEntries(span.attributes)), [
        { "rcp.oauth.api": "Orders", "rcp.oauth.principal": "client" },
        { "rcp.oauth.api": "Orders", "rcp.oauth.principal": "user" }
      ])
      const text = JSON.stringify(spans.map((span) => [span.name, [...span.attributes], span.events]))
      for (const secret of ["SUBJECT-7", "RT-7", "A1", "A2", SECRET]) assert.notInclude(text, secret)
    }))

  it.scoped("maxCachedUsers: past it the oldest idle users leave memory (not the client); their tokens are read from the store again", () =>
    Effect.gen(function*() {
      const store = TokenStore.makeMemory()
      for (const subject of ["u1", "u2", "u3"]) yield* seedUser(store, subject, { accessToken: Redacted.make(`S-${subject}`) })
      const reads: Array<string> = []
      const counting: TokenStore.Service = {
        ...store,
        get: (key) => Effect.andThen(Effect.sync(() => reads.push(key.subject)), store.get(key))
      }
      const server = tokenEndpoint(numbered(300))
      const manager = yield* managerWith(server, { maxCachedUsers: 2 }, counting)
      assert.strictEqual(value(yield* manager.token(TokenManager.client)), "A1")
      for (const subject of ["u1", "u2", "u3", "u3", "u2"]) {
        assert.strictEqual(value(yield* manager.token(TokenManager.user(subject))), `S-${subject}`)
      }
      // u1 was dropped when u3 came; u2 and u3 stayed.
      assert.deepStrictEqual(reads, ["u1", "u2", "u3"])
      yield* manager.token(TokenManager.user("u1"))
      assert.deepStrictEqual(reads, ["u1", "u2", "u3", "u1"])
      assert.strictEqual(value(yield* manager.token(TokenManager.client)), "A1")
      assert.strictEqual(server.seen.length, 1)
    }))
})

describe("refresh: rotation stored, a refused refresh fails closed", () => {
  it.scoped("the rotated refresh token, the new access token and its expiry are stored; scope kept when the answer has none", () =>
    Effect.gen(function*() {
      const store = TokenStore.makeMemory()
      yield* seedUser(store, "alice", { refreshToken: Redacted.make("R0"), scope: "orders:read" })
      const server = tokenEndpoint(numbered(300))
      const manager = yield* managerWith(server, {}, store)
      yield* adjustClock(5_000)
      yield* manager.token(TokenManager.user("alice"))
      assert.deepStrictEqual(yield* storedOf(store, "alice"), {
        accessToken: "A1",
        refreshToken: "R1",
        expiresAt: 305_000,
        scope: "orders:read"
      })
    }))

  it.scoped("without a rotated refresh token the old one stays; a new scope replaces the old", () =>
    Effect.gen(function*() {
      const store = TokenStore.makeMemory()
      yield* seedUser(store, "alice", { refreshToken: Redacted.make("R0"), scope: "orders:read" })
      const server = tokenEndpoint(() => json({ access_token: "A", token_type: "bearer", scope: "orders:write" }))
      const manager = yield* managerWith(server, {}, store)
      yield* manager.token(TokenManager.user("alice"))
      assert.deepStrictEqual(yield* storedOf(store, "alice"), {
        accessToken: "A",
        refreshToken: "R0",
        scope: "orders:write"
      })
    }))

  it.scoped("invalid_grant: the user's tokens are deleted and the call fails with AuthorizationRequired (expired), with a sign-in URL", () =>
    Effect.gen(function*() {
      const store = TokenStore.makeMemory()
      yield* seedUser(store, "alice", { refreshToken: Redacted.make("R0") })
      const server = tokenEndpoint(() => json({ error: "invalid_grant" }, 400))
      const manager = yield* managerWith(server, {}, store)
      const error = failure(yield* Effect.exit(manager.token(TokenManager.user("alice"))))
      assert.strictEqual(error._tag, "AuthorizationRequired")
      assert.strictEqual(error.reason, "expired")
      assert.strictEqual(
        error.message,
        "the user's Orders connection has expired or was revoked; they need to connect their account again before this tool can be used; nothing was sent"
      )
      assert.isTrue(error.authorizationUrl!.startsWith(`${AUTH_ORIGIN}/authorize?`))
      assert.isTrue(manager.owns(error.authorizationUrl!))
      assert.strictEqual(yield* storedOf(store, "alice"), undefined)
    }))

  it.scoped("any other refusal fails with TokenRequestFailed and keeps the stored tokens", () =>
    Effect.gen(function*() {
      const store = TokenStore.makeMemory()
      yield* seedUser(store, "alice", { refreshToken: Redacted.make("R0") })
      const server = tokenEndpoint(() => json({ error: "invalid_client" }, 401))
      const manager = yield* managerWith(server, {}, store)
      const error = failure(yield* Effect.exit(manager.token(TokenManager.user("alice"))))
      assert.strictEqual(error._tag, "TokenRequestFailed")
      assert.strictEqual(
        error.message,
        `Orders: the refresh_token request to the token endpoint ${AUTH_ORIGIN} failed: it answered HTTP 401 (invalid_client); nothing was sent to the API`
      )
      assert.deepStrictEqual(yield* storedOf(store, "alice"), { refreshToken: "R0" })
    }))

  it.scoped("an expired access token without a refresh token: deleted, AuthorizationRequired (expired); no tokens: not-connected", () =>
    Effect.gen(function*() {
      const store = TokenStore.makeMemory()
      yield* seedUser(store, "alice", { accessToken: Redacted.make("OLD"), expiresAt: 10_000 })
      const server = tokenEndpoint(numbered(300))
      const manager = yield* managerWith(server, { redirectUri: undefined }, store)
      yield* adjustClock(10_000)
      const expired = failure(yield* Effect.exit(manager.token(TokenManager.user("alice"))))
      assert.deepStrictEqual([expired._tag, expired.reason, expired.authorizationUrl], ["AuthorizationRequired", "expired", undefined])
      assert.strictEqual(yield* storedOf(store, "alice"), undefined)
      const none = failure(yield* Effect.exit(manager.token(TokenManager.user("alice"))))
      assert.deepStrictEqual([none._tag, none.reason, none.authorizationUrl], ["AuthorizationRequired", "not-connected", undefined])
      assert.strictEqual(
        none.message,
        "the user needs to connect their Orders account before this tool can be used; nothing was sent"
      )
      assert.strictEqual(server.seen.length, 0)
    }))

  it.scoped("a refused user token is replaced by a refresh even while it is fresh", () =>
    Effect.gen(function*() {
      const store = TokenStore.makeMemory()
      yield* seedUser(store, "alice", { accessToken: Redacted.make("S1"), refreshToken: Redacted.make("R0"), expiresAt: 1_000_000 })
      const server = tokenEndpoint(numbered(300))
      const manager = yield* managerWith(server, {}, store)
      const first = yield* manager.token(TokenManager.user("alice"))
      assert.strictEqual(value(first), "S1")
      assert.strictEqual(value(yield* manager.replace(TokenManager.user("alice"), first.value)), "A1")
      assert.deepStrictEqual(server.seen.map((s) => s.body.get("refresh_token")), ["R0"])
    }))
})

describe("flows the manifest offers, and whom tokens go to", () => {
  it.scoped("a flow the manifest does not offer is not requested", () =>
    Effect.gen(function*() {
      const server = tokenEndpoint(numbered(300))
      const machineOnly = yield* managerWith(server, { auth: auth({ flows: ["client_credentials"], authorizationUrl: undefined }) })
      const user = failure(yield* Effect.exit(machineOnly.token(TokenManager.user("alice"))))
      assert.strictEqual(
        user.message,
        `Orders: the authorization_code request to the token endpoint ${AUTH_ORIGIN} failed: the manifest does not offer the authorization_code flow, so no token was requested; nothing was sent to the API`
      )
      const usersOnly = yield* managerWith(server, { auth: auth({ flows: ["authorization_code"] }) })
      const client = failure(yield* Effect.exit(usersOnly.token(TokenManager.client)))
      assert.strictEqual(
        client.message,
        `Orders: the client_credentials request to the token endpoint ${AUTH_ORIGIN} failed: the manifest does not offer the client_credentials flow, so no token was requested; nothing was sent to the API`
      )
      assert.strictEqual(server.seen.length, 0)
    }))

  it.scoped.each(["tokenUrl", "authorizationUrl", "revocationUrl"] as const)(
    "an untrusted %s: nothing is requested, the secret goes nowhere",
    (endpoint) =>
      Effect.gen(function*() {
        const server = tokenEndpoint(numbered(300))
        const store = TokenStore.makeMemory()
        yield* seedUser(store, "alice", { accessToken: Redacted.make("AT"), refreshToken: Redacted.make("RT") })
        const manager = yield* managerWith(server, { auth: auth({ [endpoint]: "https://evil.example.test/x" }) }, store)
        const expected = `Orders: the manifest's ${endpoint} is on https://evil.example.test, which is not the manifest's origin ` +
          `(https://api.example.test); no token was requested and nothing was sent. To allow it, add "https://evil.example.test" to ` +
          `the trustedOrigins this manifest is discovered with, or to the client's`
        for (
          const attempt of [
            manager.token(TokenManager.client),
            manager.replace(TokenManager.client, Redacted.make("x")),
            manager.authorizationUrl("alice"),
            manager.completeAuthorization(`${REDIRECT}?code=c&state=s`, { subject: "alice" })
          ] as const
        ) {
          const error = failure(yield* Effect.exit(attempt as Effect.Effect<unknown, unknown>))
          assert.deepStrictEqual([error._tag, error.message], ["UntrustedAuthorizationServer", expected])
        }
        // Nothing revoked (not even at a trusted revocationUrl): the user's tokens are only forgotten.
        assert.deepStrictEqual(yield* manager.disconnect("alice"), { revoked: false })
        assert.strictEqual(yield* storedOf(store, "alice"), undefined)
        assert.strictEqual(server.seen.length, 0)
      })
  )

  it.scoped("the manifest's own origin and the trusted origins are trusted", () =>
    Effect.gen(function*() {
      const server = tokenEndpoint(numbered(300))
      const own = yield* managerWith(server, {
        auth: auth({ tokenUrl: "https://api.example.test/token", authorizationUrl: undefined, revocationUrl: undefined, flows: ["client_credentials"] }),
        trustedOrigins: []
      })
      assert.strictEqual(value(yield* own.token(TokenManager.client)), "A1")
      assert.strictEqual(server.seen[0]!.url, "https://api.example.test/token")
      const trusted = yield* managerWith(server, { manifestUrl: "https://other.example.test/m" })
      assert.strictEqual(value(yield* trusted.token(TokenManager.client)), "A2")
    }))

  it.scoped("allowHttp: plain http to any host is allowed by the client's own choice, and the request made there", () =>
    Effect.gen(function*() {
      const server = tokenEndpoint(numbered(300))
      const manager = yield* managerWith(server, {
        auth: auth({ tokenUrl: "http://auth.example.test/token", authorizationUrl: undefined, revocationUrl: undefined, flows: ["client_credentials"] }),
        trustedOrigins: ["http://auth.example.test"],
        allowHttp: true
      })
      assert.strictEqual(value(yield* manager.token(TokenManager.client)), "A1")
      assert.deepStrictEqual(server.seen.map((s) => s.url), ["http://auth.example.test/token"])
    }))

  it.scoped("the API's name: the operator's, else the authorization server's host, controls escaped and clipped to 60", () =>
    Effect.gen(function*() {
      const server = tokenEndpoint(numbered(300))
      assert.strictEqual((yield* managerWith(server, { name: undefined })).name, "auth.example.test")
      assert.strictEqual(
        (yield* managerWith(server, { name: undefined, auth: auth({ authorizationUrl: undefined, flows: ["client_credentials"], tokenUrl: "https://tok.example.test/t" }), trustedOrigins: ["https://tok.example.test"] })).name,
        "tok.example.test"
      )
      assert.strictEqual((yield* managerWith(server, { name: "a\nb" })).name, "a\\nb")
      assert.strictEqual((yield* managerWith(server, { name: "x".repeat(80) })).name, `${"x".repeat(60)}…`)
      assert.strictEqual((yield* managerWith(server)).api, MANIFEST)
      assert.strictEqual((yield* managerWith(server, { api: "orders" })).api, "orders")
    }))

  it.scoped("client authentication: Basic with a secret by default, none without; the scopes asked for", () =>
    Effect.gen(function*() {
      const server = tokenEndpoint(numbered(300))
      yield* (yield* managerWith(server)).token(TokenManager.client)
      const basic = server.seen[0]!.authorization!
      assert.isTrue(basic.startsWith("Basic "))
      assert.deepStrictEqual(Buffer.from(basic.slice(6), "base64").toString().split(":").map(decodeURIComponent), ["machine", SECRET])
      yield* (yield* managerWith(server, { clientSecret: undefined, scopes: ["a", "b"] })).token(TokenManager.client)
      assert.deepStrictEqual([server.seen[1]!.authorization, server.seen[1]!.body.get("client_id"), server.seen[1]!.body.get("scope")], [
        null,
        "machine",
        "a b"
      ])
      yield* (yield* managerWith(server, { clientSecret: Redacted.make(SECRET), clientAuthentication: "client_secret_post", auth: auth({ scopes: undefined }) }))
        .token(TokenManager.client)
      assert.deepStrictEqual([server.seen[2]!.authorization, server.seen[2]!.body.get("client_secret"), server.seen[2]!.body.has("scope")], [
        null,
        SECRET,
        false
      ])
    }))

  it.effect("bad options throw a TypeError naming the problem, without the secret", () =>
    Effect.gen(function*() {
      const server = tokenEndpoint(numbered(300))
      const thrown = (overrides: Partial<TokenManager.Options>) =>
        Effect.map(Effect.exit(Effect.scoped(managerWith(server, overrides))), (exit) => {
          const defect = Exit.isFailure(exit) ? exit.cause.toString() : "none"
          assert.notInclude(defect, SECRET)
          return defect
        })
      assert.include(yield* thrown({ clientId: "" }), "TypeError: rcp-sdk: oauth clientId must be a non-empty string")
      assert.include(yield* thrown({ clientId: 42 as never }), "TypeError: rcp-sdk: oauth clientId must be a non-empty string")
      assert.include(yield* thrown({ clientSecret: "" }), "TypeError: rcp-sdk: oauth clientSecret must be a non-empty string")
      assert.include(yield* thrown({ clientSecret: ["s"] as never }), "TypeError: rcp-sdk: oauth clientSecret must be a non-empty string")
      assert.include(yield* thrown({ auth: auth({ tokenUrl: "http://auth.example.test/token" }) }), "TypeError: rcp-sdk: the oauth2 auth is not valid: auth.tokenUrl plain http: is allowed only to loopback hosts")
      assert.include(
        yield* thrown({ trustedOrigins: [AUTH_ORIGIN, "not an origin"] }),
        `TypeError: rcp-sdk: oauth trustedOrigins[1] is not a URL origin like "https://api.example.com"`
      )
    }))
})

describe("authorization code: the URL, and what completing it checks", () => {
  const codeServer = () =>
    tokenEndpoint((seen) => json({ access_token: `A-${seen.body.get("code")}`, token_type: "bearer", refresh_token: "RT", expires_in: 60 }))

  it.scoped("the URL: one per user while it is good for more than a minute, then a new one", () =>
    Effect.gen(function*() {
      const manager = yield* managerWith(codeServer())
      const first = yield* manager.authorizationUrl("alice")
      assert.strictEqual(first.origin + first.pathname, `${AUTH_ORIGIN}/authorize`)
      assert.deepStrictEqual(
        [...first.searchParams.keys()],
        ["client_id", "redirect_uri", "response_type", "scope", "state", "code_challenge", "code_challenge_method"]
      )
      assert.deepStrictEqual(
        [first.searchParams.get("client_id"), first.searchParams.get("redirect_uri"), first.searchParams.get("scope")],
        ["machine", REDIRECT, "orders:read"]
      )
      yield* adjustClock(540_000 - 1)
      assert.strictEqual((yield* manager.authorizationUrl("alice")).href, first.href)
      assert.notStrictEqual((yield* manager.authorizationUrl("bob")).href, first.href)
      assert.notStrictEqual((yield* manager.authorizationUrl("alice", { redirectUri: "https://app.example.test/other" })).href, first.href)
      const again = yield* manager.authorizationUrl("alice")
      assert.notStrictEqual(again.href, first.href)
      assert.isFalse(manager.owns(first), "the replaced URL's state is forgotten")
      yield* adjustClock(1)
      assert.isTrue(manager.owns(again))
    }))

  it.scoped("a URL with a minute or less left is not handed out again: a new one", () =>
    Effect.gen(function*() {
      const manager = yield* managerWith(codeServer())
      const first = yield* manager.authorizationUrl("alice")
      yield* adjustClock(540_000)
      const second = yield* manager.authorizationUrl("alice")
      assert.notStrictEqual(second.href, first.href)
      assert.isFalse(manager.owns(first))
      assert.isTrue(manager.owns(second))
    }))

  it.scoped("at most 10,000 authorizations in progress: the oldest goes first", () =>
    Effect.gen(function*() {
      const manager = yield* managerWith(codeServer())
      const urls: Array<URL> = []
      for (let i = 0; i < 10_000; i++) urls.push(yield* manager.authorizationUrl(`user-${i}`))
      assert.isTrue(manager.owns(urls[0]!))
      const last = yield* manager.authorizationUrl("one-more")
      assert.deepStrictEqual([manager.owns(urls[0]!), manager.owns(urls[1]!), manager.owns(urls[9_999]!), manager.owns(last)], [
        false,
        true,
        true,
        true
      ])
    }), 60_000)

  it.scoped("without a redirectUri, or the authorization_code flow, there is no URL", () =>
    Effect.gen(function*() {
      const noRedirect = yield* managerWith(codeServer(), { redirectUri: undefined })
      assert.strictEqual(
        failure(yield* Effect.exit(noRedirect.authorizationUrl("alice"))).message,
        "Orders: the authorization did not complete: the client has no redirectUri; no token was stored"
      )
      assert.strictEqual((yield* noRedirect.authorizationUrl("alice", { redirectUri: REDIRECT })).searchParams.get("redirect_uri"), REDIRECT)
      const machineOnly = yield* managerWith(codeServer(), { auth: auth({ flows: ["client_credentials"] }) })
      assert.strictEqual(
        failure(yield* Effect.exit(machineOnly.authorizationUrl("alice"))).message,
        "Orders: the authorization did not complete: the manifest does not offer the authorization_code flow; no token was stored"
      )
    }))

  it.scoped("completing: the tokens stored for that user, the code sent with its verifier; single use; another user refused", () =>
    Effect.gen(function*() {
      const store = TokenStore.makeMemory()
      const server = codeServer()
      const manager = yield* managerWith(server, {}, store)
      const url = yield* manager.authorizationUrl("alice")
      const state = url.searchParams.get("state")!
      yield* adjustClock(1000)
      yield* manager.completeAuthorization(`${REDIRECT}?code=C1&state=${state}`, { subject: "alice" })
      assert.deepStrictEqual(yield* storedOf(store, "alice"), { accessToken: "A-C1", refreshToken: "RT", expiresAt: 61_000 })
      assert.deepStrictEqual(
        [server.seen[0]!.body.get("grant_type"), server.seen[0]!.body.get("code"), server.seen[0]!.body.get("redirect_uri")],
        ["authorization_code", "C1", REDIRECT]
      )
      assert.isTrue((server.seen[0]!.body.get("code_verifier") ?? "").length >= 43)
      const replay = failure(yield* Effect.exit(manager.completeAuthorization(`${REDIRECT}?code=C1&state=${state}`, { subject: "alice" })))
      assert.strictEqual(
        replay.message,
        "Orders: the authorization did not complete: it matches no authorization in progress (unknown, already used or expired); no token was stored"
      )
      const other = yield* manager.authorizationUrl("bob")
      const stolen = failure(
        yield* Effect.exit(manager.completeAuthorization(`${REDIRECT}?code=C2&state=${other.searchParams.get("state")}`, { subject: "mallory" }))
      )
      assert.strictEqual(stolen.message, "Orders: the authorization did not complete: it was started for another user; no token was stored")
      assert.isFalse(manager.owns(other), "used up by the failed attempt")
      assert.strictEqual(server.seen.length, 1)
      assert.strictEqual(yield* storedOf(store, "mallory"), undefined)
    }))

  it.scoped("completing hands the new token to the user's next call at once", () =>
    Effect.gen(function*() {
      const store = TokenStore.makeMemory()
      yield* seedUser(store, "alice", { accessToken: Redacted.make("OLD"), expiresAt: 1_000_000 })
      const server = codeServer()
      const manager = yield* managerWith(server, {}, store)
      assert.strictEqual(value(yield* manager.token(TokenManager.user("alice"))), "OLD")
      const url = yield* manager.authorizationUrl("alice")
      yield* manager.completeAuthorization(`${REDIRECT}?code=C9&state=${url.searchParams.get("state")}`, { subject: "alice" })
      assert.strictEqual(value(yield* manager.token(TokenManager.user("alice"))), "A-C9")
    }))

  it.scoped("an authorization expires after ten minutes, exactly", () =>
    Effect.gen(function*() {
      const manager = yield* managerWith(codeServer())
      const first = yield* manager.authorizationUrl("alice")
      yield* adjustClock(600_000 - 1)
      const second = yield* manager.authorizationUrl("bob")
      yield* adjustClock(1)
      const late = failure(yield* Effect.exit(manager.completeAuthorization(`${REDIRECT}?code=C&state=${first.searchParams.get("state")}`, { subject: "alice" })))
      assert.include(late.message, "it matches no authorization in progress")
      assert.isFalse(manager.owns(first))
      yield* manager.completeAuthorization(`${REDIRECT}?code=C&state=${second.searchParams.get("state")}`, { subject: "bob" })
    }))

  it.scoped("a callback that is not a URL, carries no state, or a refusal: named without quoting the server", () =>
    Effect.gen(function*() {
      const manager = yield* managerWith(codeServer())
      const reason = (callback: string) =>
        Effect.map(Effect.exit(manager.completeAuthorization(callback, { subject: "alice" })), (exit) => failure(exit).message)
      assert.strictEqual(yield* reason("not a url"), "Orders: the authorization did not complete: the callback is not a URL; no token was stored")
      assert.isFalse(manager.owns("not a url"))
      assert.include(yield* reason(`${REDIRECT}?code=C`), "it matches no authorization in progress")
      const url = yield* manager.authorizationUrl("alice")
      assert.isTrue(manager.owns(`${REDIRECT}?state=${url.searchParams.get("state")}`))
      assert.isFalse(manager.owns(`${REDIRECT}?code=C`))
      assert.strictEqual(
        yield* reason(`${REDIRECT}?error=access_denied&error_description=${SECRET}&state=${url.searchParams.get("state")}`),
        `Orders: the authorization did not complete: the authorization server answered "access_denied"; no token was stored`
      )
    }))

  it.scoped("disconnect: the refresh token revoked, the user's tokens and authorization forgotten", () =>
    Effect.gen(function*() {
      const store = TokenStore.makeMemory()
      yield* seedUser(store, "alice", { accessToken: Redacted.make("AT"), refreshToken: Redacted.make("RT") })
      yield* seedUser(store, "bob", { accessToken: Redacted.make("BT") })
      const server = tokenEndpoint(() => new Response(null, { status: 200 }))
      const manager = yield* managerWith(server, {}, store)
      assert.strictEqual(value(yield* manager.token(TokenManager.user("alice"))), "AT")
      const url = yield* manager.authorizationUrl("alice")
      assert.deepStrictEqual(yield* manager.disconnect("alice"), { revoked: true })
      assert.deepStrictEqual([server.seen[0]!.url, server.seen[0]!.body.get("token")], [`${AUTH_ORIGIN}/revoke`, "RT"])
      assert.strictEqual(yield* storedOf(store, "alice"), undefined)
      assert.isFalse(manager.owns(url))
      assert.strictEqual(failure(yield* Effect.exit(manager.token(TokenManager.user("alice"))))._tag, "AuthorizationRequired")
      assert.deepStrictEqual(yield* manager.disconnect("bob"), { revoked: true })
      assert.strictEqual(server.seen[1]!.body.get("token"), "BT")
      assert.deepStrictEqual(yield* manager.disconnect("nobody"), { revoked: false })
      assert.strictEqual(server.seen.length, 2)
      const noRevocation = yield* managerWith(server, { auth: auth({ revocationUrl: undefined }) }, store)
      yield* seedUser(store, "carol", { refreshToken: Redacted.make("RC") })
      assert.deepStrictEqual(yield* noRevocation.disconnect("carol"), { revoked: false })
      assert.strictEqual(yield* storedOf(store, "carol"), undefined)
      const refusing = yield* managerWith(tokenEndpoint(() => json({ error: "server_error" }, 500)), {}, store)
      yield* seedUser(store, "dave", { refreshToken: Redacted.make("RD") })
      assert.deepStrictEqual(yield* refusing.disconnect("dave"), { revoked: false })
      assert.strictEqual(yield* storedOf(store, "dave"), undefined)
    }))
})
