/**
 * `rcp login` as a library function, end to end: the test plays the browser against a real
 * authorization server (oidc-provider) — it opens the URL the login hands out, signs in, follows
 * the redirect to the login's loopback listener — and then reads what the login left behind: a
 * token file only the user can read, whose refresh token the server says is live, and that a
 * token manager over the same file uses to call the API as that user.
 */
import { onlyFailure } from "#test-target"
import { assert, describe, it } from "../../support/effectVitest.js"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll } from "vitest"
import * as FileStore from "../../../src/internal/client/oauth/fileStore.js"
import * as Login from "../../../src/internal/client/oauth/login.js"
import * as TokenManager from "../../../src/internal/client/oauth/tokenManager.js"
import { type OAuthWorld, startOAuthWorld } from "../../support/oidcProvider.js"
import { authFor, callApi, managerOver, manifestUrlOf, unauthorized } from "./setup.js"

let world: OAuthWorld
let home: string

beforeAll(async () => {
  world = await startOAuthWorld()
  home = mkdtempSync(join(tmpdir(), "rcp-login-"))
})

afterAll(async () => {
  await world.close()
  rmSync(home, { recursive: true, force: true })
})

const options = (directory: string, onAuthorizationUrl: (url: URL) => void | Promise<void>): Login.LoginOptions => ({
  auth: authFor(world),
  manifestUrl: manifestUrlOf(world),
  clientId: world.oidc.clients.native.id,
  trustedOrigins: [world.oidc.issuer],
  name: "Orders",
  directory,
  onAuthorizationUrl
})

interface Page {
  readonly status: number
  readonly body: string
  readonly callback: URL
}

/**
 * The browser: signs in as `account`, then follows the redirect to the loopback listener. The
 * login does not wait for the page (it is written once the code is exchanged): `pages` does.
 */
const browser = (account: string, pages: Array<Promise<Page>>) => async (url: URL) => {
  const callback = await world.oidc.browse(url, account)
  pages.push(fetch(callback).then(async (response) => ({ status: response.status, body: await response.text(), callback })))
}

describe("rcp login: authorization code + PKCE through a loopback listener", () => {
  it.scopedLive("the test plays the browser; the tokens land in a 0600 file; a manager over it calls the API as that user", () =>
    Effect.gen(function*() {
      const directory = join(home, "config", "rcp", "credentials")
      const pages: Array<Promise<Page>> = []
      let handedOut: URL | undefined
      const before = world.oidc.tokenRequests.length
      const result = yield* Login.login(options(directory, (url) => {
        handedOut = url
        return browser("kim", pages)(url)
      }))

      // What the user was sent to: the authorization endpoint, PKCE S256, a loopback redirect.
      const sent = Object.fromEntries(handedOut!.searchParams)
      assert.strictEqual(`${handedOut!.origin}${handedOut!.pathname}`, world.oidc.authorizationUrl)
      assert.strictEqual(sent.code_challenge_method, "S256")
      assert.match(sent.redirect_uri!, /^http:\/\/127\.0\.0\.1:\d+\/callback$/)
      assert.strictEqual(sent.client_id, "native")

      // The code exchange: one request, as a public client.
      assert.deepStrictEqual(world.oidc.tokenRequests.slice(before).map((r) => [r.grantType, r.clientId, r.status]), [
        ["authorization_code", "native", 200]
      ])
      // The browser was told, and the page does not carry the code.
      assert.strictEqual(pages.length, 1)
      const page = yield* Effect.promise(() => pages[0]!)
      assert.strictEqual(page.status, 200)
      assert.include(page.body, "You are signed in to Orders.")
      assert.notInclude(page.body, page.callback.searchParams.get("code")!)

      // The result names the file, never a token.
      assert.deepStrictEqual(Object.keys(result).sort(), ["api", "expiresAt", "file", "scope", "subject"])
      assert.strictEqual(result.api, manifestUrlOf(world))
      assert.strictEqual(result.file, FileStore.fileOf(directory, { api: result.api, subject: "default" }))
      if (process.platform !== "win32") {
        assert.strictEqual(statSync(result.file).mode & 0o777, 0o600)
        assert.strictEqual(statSync(directory).mode & 0o777, 0o700)
      }
      const content = JSON.parse(readFileSync(result.file, "utf8"))
      assert.deepStrictEqual([content.format, content.api, content.subject], [1, result.api, "default"])
      const stored = yield* Effect.promise(() => world.oidc.introspect(content.tokens.refreshToken))
      assert.deepInclude(stored, { active: true, sub: "kim", client_id: "native" })

      // What `rcp call` will do: a manager over the same file, as the one user at this terminal.
      const manager = yield* managerOver({ ...options(directory, () => {}), api: result.api }, FileStore.make(directory))
      const answer = yield* manager.withToken(TokenManager.user("default"), callApi(world, "/api/users/kim/orders"), unauthorized)
      assert.strictEqual(answer.status, 200)

      // `rcp logout`: revoked at the server, the file gone.
      const { onAuthorizationUrl: _, ...rest } = options(directory, () => {})
      assert.deepStrictEqual(yield* Login.logout({ ...rest, auth: authFor(world) }), { revoked: true })
      assert.isFalse((yield* Effect.promise(() => world.oidc.introspect(content.tokens.refreshToken))).active)
      assert.throws(() => statSync(result.file))
    }))

  it.live("a stray request to the listener does not end the login; the browser that never comes back does", () =>
    Effect.gen(function*() {
      const directory = join(home, "stray")
      let strayStatus = 0
      const exit = yield* Effect.exit(Login.login({
        ...options(directory, async (url) => {
          const listener = new URL(url.searchParams.get("redirect_uri")!)
          const stray = await fetch(`${listener.origin}/callback?code=forged&state=not-this-one`)
          strayStatus = stray.status
          await stray.arrayBuffer()
        }),
        waitFor: "300 millis"
      }))
      assert.strictEqual(strayStatus, 400)
      assert.isTrue(Exit.isFailure(exit))
      const error = Exit.isFailure(exit) ? onlyFailure(exit.cause) : undefined
      assert.strictEqual(error?.message, "Orders: the authorization did not complete: the browser did not come back within 300 ms; no token was stored")
      assert.throws(() => statSync(join(directory, "x")))
    }))

  it.live("the listener is closed when the login ends", () =>
    Effect.gen(function*() {
      let listener: URL | undefined
      yield* Effect.exit(Login.login({
        ...options(join(home, "closed"), (url) => void (listener = new URL(url.searchParams.get("redirect_uri")!))),
        waitFor: "50 millis"
      }))
      const refused = yield* Effect.promise(() => fetch(listener!).then(() => false, () => true))
      assert.isTrue(refused, "nothing listens on the loopback port any more")
    }))
})
