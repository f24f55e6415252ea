/**
 * A token endpoint that misbehaves — floods, stalls, redirects, echoes secrets, issues tokens that
 * cannot be sent — gets a typed `TokenRequestFailed` built from safe parts only, bounded memory
 * and time, and nothing sent to the API. Real servers on 127.0.0.1.
 */
import { fork, onlyFailure } from "#test-target"
import { assert, describe, it } from "../../support/effectVitest.js"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"
import type * as http from "node:http"
import type { AuthOAuth2 } from "../../../src/Manifest.js"
import * as TokenManager from "../../../src/internal/client/oauth/tokenManager.js"
import { flood, json, redirect, type TestServer, testServer } from "../../support/server.js"
import { managerOver } from "./setup.js"

const SECRET = "CLIENT-SECRET-4242"

const clientOver = (server: TestServer, overrides: Partial<TokenManager.Options> = {}) => {
  const auth: AuthOAuth2 = { type: "oauth2", flows: ["client_credentials"], tokenUrl: server.url("/token") }
  return managerOver({
    auth,
    manifestUrl: server.url("/rcp/manifest"),
    clientId: "machine",
    clientSecret: SECRET,
    name: "Hostile",
    ...overrides
  })
}

const failure = (exit: Exit.Exit<unknown, unknown>) => {
  assert.isTrue(Exit.isFailure(exit))
  const error = Exit.isFailure(exit) ? onlyFailure(exit.cause) : undefined
  assert.isDefined(error, String(exit))
  return error as { readonly _tag: string; readonly message: string; readonly status?: number; readonly error?: string }
}

const prefix = (server: TestServer) => `Hostile: the client_credentials request to the token endpoint ${server.origin} failed:`

describe("a hostile token endpoint", () => {
  it.scopedLive("an answer larger than 64 KiB is not read past the cap", () =>
    Effect.gen(function*() {
      const counter = { written: 0 }
      const server = yield* testServer((_request, response) => {
        response.writeHead(200, { "content-type": "application/json" })
        flood(response, 50 * 1024 * 1024, counter)
      })
      const error = failure(yield* Effect.exit((yield* clientOver(server)).token(TokenManager.client)))
      assert.strictEqual(error.message, `${prefix(server)} its answer is larger than 65536 bytes; nothing was sent to the API`)
      assert.isBelow(counter.written, 10 * 1024 * 1024, "the client stopped reading")
    }))

  it.scopedLive("an error code that is not a registered one (an echo of the secret) is not quoted", () =>
    Effect.gen(function*() {
      const server = yield* testServer((_request, response) =>
        json(response, 400, { error: SECRET, error_description: `bad secret ${SECRET}` }))
      const error = failure(yield* Effect.exit((yield* clientOver(server)).token(TokenManager.client)))
      assert.strictEqual(error.message, `${prefix(server)} it answered HTTP 400; nothing was sent to the API`)
      assert.strictEqual(error.error, undefined)
      assert.notInclude(JSON.stringify(error), SECRET)
      // The secret did go where it belongs: to this (trusted, same-origin) token endpoint, in Basic
      // (form-encoded first, RFC 6749 §2.3.1).
      const basic = Buffer.from(server.requests[0]!.headers.authorization!.slice("Basic ".length), "base64").toString()
      assert.deepStrictEqual(basic.split(":").map(decodeURIComponent), ["machine", SECRET])
    }))

  it.scopedLive("a token endpoint that never answers: the timeout, and the socket closed", () =>
    Effect.gen(function*() {
      const server = yield* testServer(() => {})
      const manager = yield* clientOver(server, { timeout: "200 millis" })
      const error = failure(yield* Effect.exit(manager.token(TokenManager.client)))
      assert.strictEqual(error.message, `${prefix(server)} it did not answer within 200 ms; nothing was sent to the API`)
      yield* Effect.promise(() => new Promise((done) => setTimeout(done, 100)))
      // The socket that carried the request was closed (fetch's pool may open another, idle).
      assert.strictEqual(server.requests.length, 1)
      assert.isAtLeast(server.closedSockets(), 1)
    }))

  it.scopedLive("a redirect is not followed: the other origin receives nothing", () =>
    Effect.gen(function*() {
      const elsewhere = yield* testServer((_request, response) => json(response, 200, { access_token: "x", token_type: "bearer" }))
      const server = yield* testServer((_request, response) => redirect(response, 307, elsewhere.url("/token")))
      const error = failure(yield* Effect.exit((yield* clientOver(server)).token(TokenManager.client)))
      assert.strictEqual(
        error.message,
        `${prefix(server)} it answered HTTP 307, which is not a token response (OAUTH_RESPONSE_IS_NOT_CONFORM); nothing was sent to the API`
      )
      assert.strictEqual(elsewhere.requests.length, 0)
    }))

  const issuing = (body: Record<string, unknown>) => (_request: unknown, response: http.ServerResponse) => json(response, 200, body)

  it.scopedLive("a token that is not a bearer token, or cannot be sent in a header, is refused", () =>
    Effect.gen(function*() {
      const dpop = yield* testServer(issuing({ access_token: "AT-DPOP-1", token_type: "DPoP", expires_in: 60 }))
      const dpopError = failure(yield* Effect.exit((yield* clientOver(dpop)).token(TokenManager.client)))
      assert.strictEqual(dpopError.message, `${prefix(dpop)} it issued a token that is not a bearer token; nothing was sent to the API`)

      const split = yield* testServer(issuing({ access_token: "AT-1\r\nX-Injected: 1", token_type: "Bearer" }))
      const splitError = failure(yield* Effect.exit((yield* clientOver(split)).token(TokenManager.client)))
      assert.strictEqual(
        splitError.message,
        `${prefix(split)} it issued an access token that cannot be sent in a header; nothing was sent to the API`
      )
      assert.notInclude(JSON.stringify(splitError), "AT-1")

      const junk = yield* testServer(issuing({ token_type: "Bearer", refresh_token: "RT-JUNK-9" }))
      const junkError = failure(yield* Effect.exit((yield* clientOver(junk)).token(TokenManager.client)))
      assert.strictEqual(
        junkError.message,
        `${prefix(junk)} its answer is not a usable token response (OAUTH_INVALID_RESPONSE); nothing was sent to the API`
      )
      assert.notInclude(JSON.stringify(junkError), "RT-JUNK-9")
    }))

  it.scopedLive("a token endpoint nobody listens on: it could not be reached", () =>
    Effect.gen(function*() {
      const server = yield* testServer(() => {})
      yield* Effect.promise(() => server.close())
      const error = failure(yield* Effect.exit((yield* clientOver(server)).token(TokenManager.client)))
      assert.strictEqual(error.message, `${prefix(server)} it could not be reached; nothing was sent to the API`)
    }))

  it.scopedLive("closing the manager's scope ends a token request in flight: the socket closes", () =>
    Effect.gen(function*() {
      const server = yield* testServer(() => {})
      const waiting = yield* fork(Effect.scoped(Effect.flatMap(clientOver(server), (manager) =>
        Effect.race(manager.token(TokenManager.client), Effect.sleep("100 millis")))))
      yield* Fiber.join(waiting)
      yield* Effect.promise(() => new Promise((done) => setTimeout(done, 100)))
      assert.strictEqual(server.requests.length, 1)
      assert.isAtLeast(server.closedSockets(), 1)
    }))

  it.scopedLive("plain http to a host that is not loopback is refused before anything is sent", () =>
    Effect.gen(function*() {
      const build = Effect.exit(managerOver({
        auth: { type: "oauth2", flows: ["client_credentials"], tokenUrl: "http://auth.example.com/token" },
        manifestUrl: "https://shop.example.com/rcp/manifest",
        clientId: "machine"
      }))
      const exit = yield* build
      assert.isTrue(Exit.isFailure(exit))
      assert.include(String(Exit.isFailure(exit) ? exit.cause : ""), "plain http: is allowed only to loopback hosts")
    }))
})
