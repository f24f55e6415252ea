/**
 * The promise shape of OAuth: an application connects a user through its own web callback with
 * its own store (plain strings), disconnects them, and gets the original tagged errors as
 * rejections. Against the real authorization server.
 */
import { assert, describe, it } from "vitest"
import { afterAll, beforeAll } from "vitest"
import { AuthorizationFailed } from "../../../src/internal/client/oauth/oauthErrors.js"
import * as OAuthPromise from "../../../src/internal/client/oauth/promise.js"
import type { PlainTokens } from "../../../src/internal/client/oauth/tokenStore.js"
import { type OAuthWorld, startOAuthWorld } from "../../support/oidcProvider.js"
import { manifestUrlOf, web } from "./setup.js"

let world: OAuthWorld

beforeAll(async () => {
  world = await startOAuthWorld()
})

afterAll(async () => {
  await world.close()
})

describe("the promise shape", () => {
  it("connect through the application's callback into its own store; disconnect; tagged rejections", async () => {
    const rows = new Map<string, PlainTokens>()
    const manager = OAuthPromise.createTokenManager({
      ...web(world),
      store: {
        get: async ({ api, subject }) => rows.get(`${api}|${subject}`),
        set: async ({ api, subject }, tokens) => void rows.set(`${api}|${subject}`, tokens),
        delete: async ({ api, subject }) => void rows.delete(`${api}|${subject}`)
      }
    })
    const url = await manager.authorizationUrl("u-7")
    const callback = await world.oidc.browse(url, "u-7")
    await manager.completeAuthorization(callback.toString(), { subject: "u-7" })
    const row = rows.get(`${manifestUrlOf(world)}|u-7`)
    assert.deepStrictEqual(Object.keys(row ?? {}).sort(), ["accessToken", "expiresAt", "refreshToken", "scope"])
    assert.deepInclude(await world.oidc.introspect(row!.refreshToken!), { active: true, sub: "u-7" })

    const replay = await manager.completeAuthorization(callback, { subject: "u-7" }).then(() => undefined, (error: unknown) => error)
    assert.instanceOf(replay, AuthorizationFailed)
    assert.strictEqual((replay as AuthorizationFailed)._tag, "AuthorizationFailed")

    assert.deepStrictEqual(await manager.disconnect("u-7"), { revoked: true })
    assert.isFalse(rows.has(`${manifestUrlOf(world)}|u-7`))
    assert.isFalse((await world.oidc.introspect(row!.refreshToken!)).active)
    await manager.close()
  })

  it("login rejects with the tagged error", async () => {
    const error = await OAuthPromise.login({
      auth: web(world).auth,
      manifestUrl: manifestUrlOf(world),
      clientId: world.oidc.clients.native.id,
      trustedOrigins: [world.oidc.issuer],
      directory: "/nonexistent-never-written",
      onAuthorizationUrl: () => {},
      waitFor: "20 millis"
    }).then(() => undefined, (e: unknown) => e)
    assert.instanceOf(error, AuthorizationFailed)
  })
})
