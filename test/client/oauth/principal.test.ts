/**
 * Whose token a call sends (docs/protocol.md §10.2): the user the turn's context names, through
 * the operator's `subject` function — or the client itself when there is none. Fails closed: no
 * user, a failing function or a value that is no user id is `CredentialMissing`, never the
 * client's own token.
 */
import { Service as ServiceOf } from "#target/Service.js"
import { onlyFailure } from "#test-target"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import { assert, describe, it } from "../../support/effectVitest.js"
import type { AuthOAuth2 } from "../../../src/Manifest.js"
import * as Principal from "../../../src/internal/client/oauth/principal.js"
import * as TokenManager from "../../../src/internal/client/oauth/tokenManager.js"

const both: AuthOAuth2 = {
  type: "oauth2",
  flows: ["client_credentials", "authorization_code"],
  tokenUrl: "https://auth.example.com/token",
  authorizationUrl: "https://auth.example.com/authorize"
}
const machineOnly: AuthOAuth2 = { type: "oauth2", flows: ["client_credentials"], tokenUrl: "https://auth.example.com/token" }
const usersOnly: AuthOAuth2 = { ...both, flows: ["authorization_code"] }
const info = { origin: "https://api.example.com", manifestUrl: "https://api.example.com/rcp/manifest", tool: "list_orders" }

class Sessions extends ServiceOf<Sessions, { readonly userOf: (token: string) => string | undefined }>()("app/Sessions") {}
const services = Context.make(Sessions, { userOf: (token) => (token === "session-1" ? "u-1" : undefined) })

const message = (exit: Exit.Exit<unknown, unknown>): string =>
  (Exit.isFailure(exit) ? (onlyFailure(exit.cause) as Error | undefined)?.message : undefined) ?? `not a failure: ${String(exit)}`

const missing = (reason: string) => `tool "list_orders": the manifest requires a credential for https://api.example.com, but ${reason}`

describe("whose token a call sends", () => {
  it.effect("no subject function: the client itself, where the API offers client credentials", () =>
    Effect.gen(function*() {
      assert.deepStrictEqual(yield* Principal.principalFor(both, undefined, Context.empty(), { userId: "u-1" }, info), TokenManager.client)
      assert.strictEqual(
        message(yield* Effect.exit(Principal.principalFor(usersOnly, undefined, Context.empty(), {}, info))),
        missing("the API needs a user's authorization and the client has no oauth subject function")
      )
    }))

  it.effect("the user the context names: a value, a promise, or an Effect over the layer's services", () =>
    Effect.gen(function*() {
      const turn = { userId: "u-1", session: "session-1" }
      const fromValue = (ctx: typeof turn) => ctx.userId
      const fromPromise = async (ctx: typeof turn) => ctx.userId
      const fromEffect = (ctx: typeof turn) => Effect.map(Sessions, (sessions) => sessions.userOf(ctx.session))
      for (const subject of [fromValue, fromPromise, fromEffect]) {
        assert.deepStrictEqual(yield* Principal.principalFor(both, subject, services, turn, info), TokenManager.user("u-1"))
      }
      // The subject function is told where the token goes.
      const told: Array<unknown> = []
      yield* Principal.principalFor(both, (_ctx, where) => {
        told.push(where)
        return "u-2"
      }, Context.empty(), {}, info)
      assert.deepStrictEqual(told, [info])
    }))

  it.effect("fails closed: no user, a failure, a value that is no user id — never the client's own token", () =>
    Effect.gen(function*() {
      const cases: ReadonlyArray<readonly [Principal.SubjectFn<any>, string]> = [
        [(ctx: { userId?: string }) => ctx.userId, "the call's context names no user (the oauth subject function returned nothing)"],
        [() => null, "the call's context names no user (the oauth subject function returned nothing)"],
        [() => {
          throw new Error("boom")
        }, "the oauth subject function failed"],
        [() => Promise.reject(new Error("boom")), "the oauth subject function failed"],
        [() => Effect.fail("boom"), "the oauth subject function failed"],
        [() => Effect.die("boom"), "the oauth subject function failed"],
        [() => 42 as never, "the oauth subject function returned a number, not a user id"],
        [() => "", "the oauth subject function returned an empty string, not a user id"]
      ]
      for (const [subject, reason] of cases) {
        // The API offers client credentials too: still no fallback to them.
        assert.strictEqual(message(yield* Effect.exit(Principal.principalFor(both, subject, Context.empty(), undefined, info))), missing(reason))
      }
      assert.strictEqual(
        message(yield* Effect.exit(Principal.principalFor(machineOnly, () => "u-1", Context.empty(), {}, info))),
        missing("the client names a user for each call, but the API offers no user authorization flow")
      )
    }))
})
