/**
 * Tokens never leak: every secret that crossed the wire during a full OAuth life — the client
 * secret, the authorization code, the PKCE verifier, every access and refresh token the server
 * issued (read off the token requests and responses themselves) and the user's subject — appears
 * in no error (message, JSON, `String`, the pretty cause), no span (name, attributes, events) and
 * no log line, at Debug level, across successes and every failure the manager has.
 */
import { atDebugLevel } from "#test-target"
import { assert, describe, it } from "../../support/effectVitest.js"
import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import { afterAll, beforeAll } from "vitest"
import * as TokenManager from "../../../src/internal/client/oauth/tokenManager.js"
import * as TokenStore from "../../../src/internal/client/oauth/tokenStore.js"
import {
  assertNoSecrets,
  type RecordedSpan,
  recordingLogger,
  recordingTracer,
  safeStringify
} from "../../support/execute.js"
import { clock, type OAuthWorld, startOAuthWorld } from "../../support/oidcProvider.js"
import { callApi, managerOver, manifestUrlOf, unauthorized, web } from "./setup.js"

let world: OAuthWorld

beforeAll(async () => {
  world = await startOAuthWorld()
  clock.freeze()
})

afterAll(async () => {
  clock.restore()
  await world.close()
})

const SUBJECT = "SUBJECT-SECRET-77"

/** A fetch that keeps every secret of every token request and response it carries. */
const recordingFetch = (secrets: Set<string>): typeof globalThis.fetch => async (input, init) => {
  const body = new URLSearchParams(String(init?.body ?? ""))
  for (const name of ["code", "code_verifier", "refresh_token", "client_secret", "token"]) {
    const value = body.get(name)
    if (value !== null) secrets.add(value)
  }
  const response = await fetch(input, init)
  const text = await response.clone().text()
  try {
    const json = JSON.parse(text) as Record<string, unknown>
    for (const name of ["access_token", "refresh_token", "id_token"]) if (typeof json[name] === "string") secrets.add(json[name])
  } catch {
    // Not JSON: nothing issued.
  }
  return response
}

describe("tokens never leak into errors, spans or logs", () => {
  it.scopedLive("a whole OAuth life and every failure kind, at Debug level", () =>
    Effect.gen(function*() {
      const secrets = new Set<string>([world.oidc.clients.web.secret, SUBJECT])
      const spans: Array<RecordedSpan> = []
      const logs: Array<string> = []
      const errors: Array<unknown> = []
      const keep = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
        Effect.tap(Effect.exit(effect), (exit) =>
          Effect.sync(() => {
            if (Exit.isFailure(exit)) errors.push(Cause.squash(exit.cause), Cause.pretty(exit.cause))
          }))

      const store = TokenStore.makeMemory()
      const options = web(world, { fetch: recordingFetch(secrets) })
      const life = Effect.gen(function*() {
        const manager = yield* managerOver(options, store)
        // Not connected yet.
        yield* keep(manager.token(TokenManager.user(SUBJECT)))
        // Connecting: the code, the verifier, the first tokens.
        const url = yield* manager.authorizationUrl(SUBJECT)
        const callback = yield* Effect.promise(() => world.oidc.browse(url, SUBJECT))
        secrets.add(callback.searchParams.get("code")!)
        yield* manager.completeAuthorization(callback, { subject: SUBJECT })
        // A replayed callback; another user completing it.
        yield* keep(manager.completeAuthorization(callback, { subject: SUBJECT }))
        // Calls; expiry and a refresh with rotation; a 401 and a refresh.
        yield* manager.withToken(TokenManager.user(SUBJECT), callApi(world), unauthorized)
        clock.advance(290)
        yield* manager.withToken(TokenManager.user(SUBJECT), callApi(world), unauthorized)
        const current = yield* manager.token(TokenManager.user(SUBJECT))
        yield* Effect.promise(() => world.oidc.invalidate(world.api.requests.at(-1)!.token!))
        yield* manager.withToken(TokenManager.user(SUBJECT), callApi(world), unauthorized)
        assert.isDefined(current)
        // The refresh token revoked at the server: the next refresh is refused.
        const stored = TokenStore.toPlain((yield* store.get({ api: manifestUrlOf(world), subject: SUBJECT }))!)
        yield* Effect.promise(() => world.oidc.revoke(stored.refreshToken!, world.oidc.clients.web))
        clock.advance(290)
        yield* keep(manager.withToken(TokenManager.user(SUBJECT), callApi(world), unauthorized))
        // A wrong client secret; an untrusted token endpoint; a failing store.
        yield* keep(Effect.flatMap(managerOver({ ...options, clientSecret: "WRONG-CLIENT-SECRET-1" }, store), (m) =>
          m.token(TokenManager.client)))
        yield* keep(Effect.flatMap(managerOver({ ...options, trustedOrigins: [] }, store), (m) => m.token(TokenManager.user(SUBJECT))))
        yield* keep(Effect.flatMap(
          managerOver(options, TokenStore.fromPromise({ get: () => ({ refreshToken: "" }) as never, set: () => {}, delete: () => {} })),
          (m) => m.token(TokenManager.user(SUBJECT))
        ))
        yield* keep(manager.disconnect(SUBJECT))
      })
      yield* life.pipe(
        Effect.withTracer(recordingTracer(spans)),
        Effect.provide(recordingLogger(logs)),
        atDebugLevel
      )

      // The life really went through what it claims (else the checks below prove nothing).
      assert.isAtLeast(secrets.size, 8)
      assert.deepStrictEqual(
        errors.filter((e): e is { _tag: string } => typeof e === "object" && e !== null && "_tag" in e).map((e) => e._tag),
        [
          "AuthorizationRequired",
          "AuthorizationFailed",
          "AuthorizationRequired",
          "TokenRequestFailed",
          "UntrustedAuthorizationServer",
          "TokenStoreFailed"
        ]
      )
      const spanNames = new Set(spans.map((span) => span.name))
      assert.isTrue(spanNames.has("RcpOAuth.token") && spanNames.has("RcpOAuth.tokenRequest"), [...spanNames].join(", "))
      const all = [...secrets, "WRONG-CLIENT-SECRET-1"]

      for (const error of errors) {
        if (typeof error === "string") {
          assertNoSecrets("a pretty cause", error, all)
          continue
        }
        assertNoSecrets("an error message", (error as Error).message, all)
        assertNoSecrets("an error as JSON", safeStringify(error), all)
        assertNoSecrets("an error as text", String(error), all)
      }
      for (const span of spans) {
        assertNoSecrets(`span ${span.name}`, safeStringify({ name: span.name, attributes: [...span.attributes], events: span.events }), all)
      }
      for (const line of logs) assertNoSecrets("a log line", line, all)
    }))
})
