/**
 * `rcp login`, `rcp call`, `rcp logout` against an OAuth 2 API, as the user at a terminal runs
 * them: the built `rcp` in a child process, a real authorization server (oidc-provider on
 * 127.0.0.1) and the API it protects, which asks the server about every token it receives. The
 * test plays the browser: it reads the URL `rcp login` prints, signs in at the server and follows
 * the redirect to the login's loopback listener. Asserted: what the API received (whose token),
 * what the server says of the stored tokens, the token file's mode, and that no token is printed.
 */
import { afterAll, assert, beforeAll, describe, it, vi } from "@effect/vitest"
import { Client as McpClient } from "@modelcontextprotocol/sdk/client/index.js"
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js"
import type { ChildProcess } from "node:child_process"
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { authorizationCodeAuth, type OAuthWorld, startOAuthWorld } from "../../../test/support/oidcProvider.js"
import { rcp, rcpBin, type Run } from "../../../test/support/process.js"

// Each test runs the built rcp several times: generous, as the machine running these may be loaded.
vi.setConfig({ testTimeout: 180_000 })

let world: OAuthWorld
let config: string

beforeAll(async () => {
  world = await startOAuthWorld()
  config = mkdtempSync(join(tmpdir(), "rcp-cli-oauth-"))
  const { oidc } = world
  world.api.manifest = {
    rcpVersion: "0.1",
    auth: authorizationCodeAuth(oidc, ["offline_access", "orders:read"]),
    tools: [{ name: "list_orders", description: "The signed-in user's orders.", method: "GET", params: [], url: world.api.url("/api/orders") }]
  }
})

afterAll(async () => {
  await world.close()
  rmSync(config, { recursive: true, force: true })
})

const manifestUrl = () => world.api.url("/rcp/manifest")
const env = () => ({ XDG_CONFIG_HOME: config })
const oauthFlags = () => ["--client-id", world.oidc.clients.native.id, "--trust", world.oidc.issuer]

/** Every token file under the configuration directory, with its mode and parsed content. */
const tokenFiles = () => {
  const directory = join(config, "rcp", "credentials")
  if (!existsSync(directory)) return []
  return readdirSync(directory).map((name) => {
    const path = join(directory, name)
    return { path, mode: statSync(path).mode & 0o777, json: JSON.parse(readFileSync(path, "utf8")) as Record<string, unknown> }
  })
}

/** The tokens a token file holds (its `tokens`: the core's plain form). */
const secretsIn = (json: Record<string, unknown>): { accessToken: string; refreshToken: string } => {
  const tokens = json.tokens as { accessToken?: unknown; refreshToken?: unknown }
  assert.isString(tokens.accessToken)
  assert.isString(tokens.refreshToken)
  return { accessToken: tokens.accessToken as string, refreshToken: tokens.refreshToken as string }
}

/**
 * `rcp login` with the test as the browser: waits for the URL on stderr, signs in as `account`,
 * follows the redirect to the listener, and returns the run and the page the listener showed.
 */
const login = async (account: string): Promise<{ run: Run; page: { status: number; body: string } }> => {
  let page: Promise<{ status: number; body: string }> | undefined
  const onSpawn = (child: ChildProcess) => {
    let stderr = ""
    child.stderr!.on("data", (chunk: Buffer) => {
      stderr += chunk.toString()
      const url = /^  (http:\/\/\S+)$/m.exec(stderr)?.[1]
      if (url === undefined || page !== undefined) return
      page = world.oidc.browse(url, account).then(async (callback) => {
        const response = await fetch(callback)
        return { status: response.status, body: await response.text() }
      })
    })
  }
  const run = await rcp(["login", manifestUrl(), ...oauthFlags()], { env: env(), onSpawn })
  assert.isDefined(page, `rcp login printed no URL: ${run.stderr}`)
  return { run, page: await page! }
}

describe("rcp login / call / logout against oidc-provider", () => {
  it("login: PKCE in the browser, tokens in a 0600 file; call sends the user's token; logout revokes and deletes", async () => {
    const { oidc, api } = world
    // Before login: the call fails before any request to the API, and says what to run.
    const before = api.requests.length
    const early = await rcp(["call", manifestUrl(), "list_orders", ...oauthFlags()], { env: env() })
    assert.strictEqual(early.status, 1, early.stderr)
    assert.strictEqual(
      early.stderr,
      `rcp: not signed in at ${new URL(oidc.issuer).host}: run rcp login ${manifestUrl()} --client-id ${oidc.clients.native.id}\n`
    )
    assert.strictEqual(api.requests.length, before, "nothing reached the API")

    const { page, run } = await login("alice")
    assert.strictEqual(run.status, 0, run.stderr)
    assert.strictEqual(page.status, 200)
    assert.include(page.body, "You are signed in")
    const files = tokenFiles()
    assert.strictEqual(files.length, 1)
    const file = files[0]!
    assert.strictEqual(file.mode, 0o600)
    assert.strictEqual(statSync(join(config, "rcp", "credentials")).mode & 0o777, 0o700)
    assert.strictEqual(run.stdout, `Signed in to ${manifestUrl()} (scope: orders:read); tokens saved in ${file.path}\n`)
    const authorizationUrl = new URL(/^  (http:\/\/\S+)$/m.exec(run.stderr)![1]!)
    assert.strictEqual(authorizationUrl.origin + authorizationUrl.pathname, oidc.authorizationUrl)
    assert.strictEqual(authorizationUrl.searchParams.get("code_challenge_method"), "S256")
    assert.strictEqual(authorizationUrl.searchParams.get("client_id"), oidc.clients.native.id)
    assert.match(authorizationUrl.searchParams.get("redirect_uri")!, /^http:\/\/127\.0\.0\.1:\d+\/callback$/)
    const tokens = secretsIn(file.json)
    assert.deepStrictEqual([file.json.api, file.json.subject], [manifestUrl(), "default"])
    assert.deepInclude(await oidc.introspect(tokens.refreshToken), { active: true, sub: "alice" })
    for (const secret of Object.values(tokens)) assert.notInclude(run.stdout + run.stderr, secret)
    assert.strictEqual(oidc.hitsOf("authorization_code"), 1)

    // rcp call: the API receives alice's token (the server says whose it is).
    const call = await rcp(["call", manifestUrl(), "list_orders", ...oauthFlags()], { env: env() })
    assert.strictEqual(call.status, 0, call.stderr)
    assert.deepStrictEqual(JSON.parse(call.stdout), { status: 200, data: { orders: [], sub: "alice" } })
    const seen = api.requests.at(-1)!
    assert.strictEqual(seen.introspection?.sub, "alice")
    assert.strictEqual(seen.introspection?.client_id, oidc.clients.native.id)
    assert.strictEqual(seen.status, 200)
    assert.notInclude(call.stdout + call.stderr, seen.token!)
    // --dry-run shows the request, the token redacted.
    const dry = await rcp(["call", manifestUrl(), "list_orders", "--dry-run", ...oauthFlags()], { env: env() })
    assert.strictEqual(dry.status, 0, dry.stderr)
    for (const secret of [...Object.values(secretsIn(tokenFiles()[0]!.json)), seen.token!]) {
      assert.notInclude(dry.stdout + dry.stderr, secret)
    }
    assert.include(dry.stdout, "<redacted>")

    // rcp logout: revoked at the server, the file gone; the next call needs a login again.
    const storedRefresh = secretsIn(tokenFiles()[0]!.json).refreshToken
    const out = await rcp(["logout", manifestUrl(), ...oauthFlags()], { env: env() })
    assert.strictEqual(out.status, 0, out.stderr)
    assert.strictEqual(out.stdout, `Signed out of ${manifestUrl()}: tokens deleted, the refresh token revoked at the server\n`)
    assert.deepStrictEqual(tokenFiles(), [])
    assert.isFalse((await oidc.introspect(storedRefresh)).active)
    const after = api.requests.length
    const again = await rcp(["call", manifestUrl(), "list_orders", ...oauthFlags()], { env: env() })
    assert.strictEqual(again.status, 1)
    assert.strictEqual(
      again.stderr,
      `rcp: not signed in at ${new URL(oidc.issuer).host}: run rcp login ${manifestUrl()} --client-id ${oidc.clients.native.id}\n`
    )
    assert.strictEqual(api.requests.length, after)
  })

  it("login refuses a manifest without OAuth 2, an authorization server nobody trusted, and a missing --client-id", async () => {
    const { api, oidc } = world
    const saved = api.manifest
    try {
      api.manifest = { rcpVersion: "0.1", tools: [] }
      const plain = await rcp(["login", manifestUrl(), ...oauthFlags()], { env: env() })
      assert.strictEqual(plain.status, 1)
      assert.strictEqual(plain.stderr, `rcp: ${manifestUrl()} does not use OAuth 2 (its auth is none): nothing to sign in to\n`)
    } finally {
      api.manifest = saved
    }
    const untrusted = await rcp(["login", manifestUrl(), "--client-id", oidc.clients.native.id], { env: env() })
    assert.strictEqual(untrusted.status, 1)
    assert.match(untrusted.stderr, /^rcp: UntrustedAuthorizationServer: /)
    assert.notInclude(untrusted.stderr, "http://127.0.0.1:" + "/authorize?")
    const missing = await rcp(["login", manifestUrl()], { env: env() })
    assert.strictEqual(missing.status, 2)
    assert.strictEqual(missing.stderr, "rcp: --client-id is required: the OAuth 2 client registered for rcp (see rcp login --help)\n")
    assert.deepStrictEqual(tokenFiles(), [])
  })

  it("rcp mcp: a user who has not signed in gets the model's sentence and the operator the rcp login line; after login the bridge sends their token", async () => {
    const { api, oidc } = world
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [rcpBin, "mcp", manifestUrl(), ...oauthFlags()],
      env: { ...process.env, ...env(), NO_COLOR: "1" } as Record<string, string>,
      stderr: "pipe"
    })
    let stderr = ""
    transport.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()))
    const host = new McpClient({ name: "test-host", version: "1.0.0" })
    await host.connect(transport)
    try {
      const before = api.requests.length
      const refused = await host.callTool({ name: "list_orders", arguments: {} })
      assert.isTrue(refused.isError)
      assert.match((refused.content as Array<{ text: string }>)[0]!.text, /the user needs to connect their 127\.0\.0\.1:\d+ account/)
      assert.notInclude(JSON.stringify(refused), "authorize?")
      assert.strictEqual(api.requests.length, before, "nothing reached the API")
      assert.include(
        stderr,
        `rcp: not signed in at ${new URL(oidc.issuer).host}: run rcp login ${manifestUrl()} --client-id ${oidc.clients.native.id}\n`
      )

      // Signing in at the terminal while the bridge runs: its next call reads the new token file.
      const { run } = await login("bob")
      assert.strictEqual(run.status, 0, run.stderr)
      const tokens = secretsIn(tokenFiles()[0]!.json)
      const answered = await host.callTool({ name: "list_orders", arguments: {} })
      assert.isNotTrue(answered.isError)
      assert.deepStrictEqual(JSON.parse((answered.content as Array<{ text: string }>)[0]!.text), { orders: [], sub: "bob" })
      const seen = api.requests.at(-1)!
      assert.deepInclude(seen.introspection, { active: true, sub: "bob", client_id: oidc.clients.native.id })
      for (const secret of [...Object.values(tokens), seen.token!]) {
        assert.notInclude(JSON.stringify(answered) + stderr, secret)
      }
    } finally {
      await host.close()
    }
    const out = await rcp(["logout", manifestUrl(), ...oauthFlags()], { env: env() })
    assert.strictEqual(out.status, 0, out.stderr)
    assert.deepStrictEqual(tokenFiles(), [])
  })
})
