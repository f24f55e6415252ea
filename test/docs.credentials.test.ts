/**
 * docs/credentials.md says what the code does: every TypeScript block compiles against the built
 * package, its manifest decodes, and its runnable example — a small web application — is compiled
 * and run as it is written, against a real authorization server (oidc-provider) and the API it
 * protects: a tool call of a user who has not connected gets the model's sentence and the user's
 * link, the test plays the browser, the callback connects the user, and the same call then returns
 * that user's orders.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { type ChildProcess, spawn, spawnSync } from "node:child_process"
import { mkdirSync, rmSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { afterAll, beforeAll } from "vitest"
import * as Manifest from "../src/Manifest.js"
import { blocks, read, root, typecheck } from "./support/docs.js"
import { type OAuthWorld, startOAuthWorld } from "./support/oidcProvider.js"

const page = read("docs/credentials.md")
const RUNNABLE = "A runnable example"

let world: OAuthWorld

beforeAll(async () => {
  world = await startOAuthWorld()
  world.api.manifest = {
    rcpVersion: "0.1",
    auth: {
      type: "oauth2",
      flows: ["authorization_code"],
      tokenUrl: world.oidc.tokenUrl,
      authorizationUrl: world.oidc.authorizationUrl,
      revocationUrl: world.oidc.revocationUrl,
      scopes: ["offline_access", "orders:read"],
      resource: world.oidc.resource
    },
    tools: [{ name: "list_orders", description: "List the orders.", method: "GET", params: [], url: world.api.url("/api/orders") }]
  }
})

afterAll(async () => {
  await world.close()
})

/** Compiles `code` to JavaScript in a scratch folder inside the package (so `rcp-sdk/…` is the built package). */
const compile = (folder: string, code: string): string => {
  const dir = join(root, folder)
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(dir)
  writeFileSync(join(dir, "app.ts"), code)
  writeFileSync(
    join(dir, "tsconfig.json"),
    JSON.stringify({ extends: "../tsconfig.base.json", compilerOptions: { outDir: ".", rootDir: "." }, files: ["app.ts"] })
  )
  const tsc = spawnSync(process.execPath, [join(root, "node_modules/typescript/bin/tsc"), "-p", dir], { encoding: "utf8" })
  assert.strictEqual(tsc.stdout + tsc.stderr, "", "the runnable example compiles")
  return join(dir, "app.js")
}

/** Starts the example and resolves with its origin once it says where it listens. */
const start = (file: string, env: Record<string, string>): Promise<{ readonly origin: string; readonly child: ChildProcess }> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [file], { cwd: root, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] })
    let out = ""
    let err = ""
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString()
      const found = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out)
      if (found !== null) resolve({ origin: found[1]!, child })
    })
    child.stderr.on("data", (chunk: Buffer) => {
      err += chunk.toString()
    })
    child.on("exit", (code) => reject(new Error(`the example exited with ${code}: ${err}`)))
  })

describe("docs/credentials.md", () => {
  it("every TypeScript block compiles against the built package", () => {
    const code = blocks(page).filter((block) => block.lang === "ts" && block.section !== RUNNABLE)
    assert.isAtLeast(code.length, 3)
    const tsc = typecheck(".credentials-check", code.map((block, i) => ({ name: `block-${i}.ts`, code: block.code })))
    assert.strictEqual(tsc.output, "")
    assert.strictEqual(tsc.status, 0)
  }, 60_000)

  it.effect("its manifest decodes", () =>
    Effect.gen(function*() {
      const json = blocks(page).filter((block) => block.lang === "json")
      assert.strictEqual(json.length, 1)
      const manifest = yield* Manifest.decode(JSON.parse(json[0]!.code))
      assert.strictEqual(manifest.auth?.type, "oauth2")
    }))

  it("the runnable example runs: not connected → the model's sentence and the user's link; connected → the user's orders", async () => {
    const example = blocks(page).filter((block) => block.lang === "ts" && block.section === RUNNABLE)
    assert.strictEqual(example.length, 1)
    const file = compile(".credentials-run", example[0]!.code)
    const { child, origin } = await start(file, {
      MANIFEST_URL: world.api.url("/rcp/manifest"),
      AUTH_SERVER: world.oidc.issuer,
      CLIENT_ID: world.oidc.clients.web.id,
      CLIENT_SECRET: world.oidc.clients.web.secret,
      REDIRECT_URI: world.oidc.clients.web.redirectUri
    })
    try {
      const call = { id: "call_1", type: "function", function: { name: "list_orders", arguments: "{}" } }
      const turn = async (user: string) => {
        const response = await fetch(`${origin}/turn`, {
          method: "POST",
          headers: { "x-signed-in-user": user },
          body: JSON.stringify(call)
        })
        return await response.json() as { toModel: { role: string; tool_call_id: string; content: string }; connect?: string }
      }

      const before = world.api.requests.length
      const first = await turn("ann")
      assert.deepStrictEqual(first.toModel, {
        role: "tool",
        tool_call_id: "call_1",
        content: "the user needs to connect their Orders account before this tool can be used; nothing was sent"
      })
      assert.strictEqual(world.api.requests.length, before, "nothing was sent to the API")
      const connect = new URL(first.connect!)
      assert.strictEqual(connect.origin + connect.pathname, world.oidc.authorizationUrl)

      // The browser: ann signs in at the authorization server, which sends her back to the application.
      const back = await world.oidc.browse(connect, "ann")
      const answer = await fetch(`${origin}/oauth/callback${back.search}`, { headers: { "x-signed-in-user": "ann" } })
      assert.strictEqual(await answer.text(), "connected")

      const second = await turn("ann")
      assert.deepStrictEqual(JSON.parse(second.toModel.content), { orders: [], sub: "ann" })
      assert.isUndefined(second.connect)
      assert.strictEqual(world.api.requests.at(-1)?.introspection?.sub, "ann")
      // Another user of the same application is not ann: they must connect their own account.
      assert.isString((await turn("bob")).connect)
    } finally {
      child.kill()
      rmSync(join(root, ".credentials-run"), { recursive: true, force: true })
    }
  }, 60_000)
})
