/**
 * Start-up, checked on what a cold process actually loads (not on timings): `rcp-sdk/client` and
 * `rcp-sdk/resolver` load neither `effect/Schema` (and its fast-check, Arbitrary, Pretty…), nor
 * @effect/platform, nor undici at import; a first tool call loads undici's `Agent` alone, leaves the
 * process-wide dispatcher of Node's `fetch` as it found it, and after `close()` nothing of ours is
 * left running and the process exits on its own (no timing: what is left, and whether it ends).
 * Each child is a fresh `node` over the built package (`npm test` builds first).
 */
import { assert, describe, it } from "@effect/vitest"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { runProcess } from "./support/process.js"
import { json, withServer } from "./support/server.js"

const root = fileURLToPath(new URL("..", import.meta.url))
const support = join(root, "test", "support")

/** The module URLs a child logged through the loader hook (`test/support/loadLog.mjs`). */
const loadedBy = (stderr: string): Array<string> =>
  stderr.split("\n").filter((line) => line.startsWith("LOAD ")).map((line) => line.slice("LOAD ".length))

const importInChild = async (specifier: string): Promise<Array<string>> => {
  const run = await runProcess(
    process.execPath,
    ["--import", join(support, "loadLog.mjs"), "--input-type=module", "-e", `await import(${JSON.stringify(specifier)})`],
    { cwd: root }
  )
  assert.strictEqual(run.status, 0, run.stderr)
  return loadedBy(run.stderr)
}

/** What the client must not load at import: each is a module graph a first call does not need. */
const HEAVY: ReadonlyArray<readonly [string, RegExp]> = [
  ["effect/Schema", /\/effect\/dist\/esm\/Schema\.js$/],
  ["fast-check", /\/fast-check\//],
  ["@effect/platform", /\/@effect\/platform\//],
  ["undici", /\/undici\//],
  // OAuth 2 token requests: loaded with the first manifest that has an oauth2 auth, never before.
  ["oauth4webapi", /\/oauth4webapi\//]
]

describe("start-up: what a cold import loads", () => {
  for (const [entry, file] of [["rcp-sdk/client", "Client.js"], ["rcp-sdk/resolver", "Resolver.js"]] as const) {
    it(`import("${entry}") loads no effect/Schema, fast-check, @effect/platform, undici or oauth4webapi`, async () => {
      const loaded = await importInChild(entry)
      // The hook sees the import itself: an empty list would prove nothing.
      assert.isTrue(loaded.some((url) => url.endsWith(`/dist/${file}`)), "the hook logged the package's modules")
      for (const [name, pattern] of HEAVY) {
        assert.deepStrictEqual(loaded.filter((url) => pattern.test(url)), [], `${entry} loads ${name} at import`)
      }
    }, 30_000)
  }

  it("rcp-sdk/manifest loads effect/Schema: its Schemas are effect/Schema values", async () => {
    const loaded = await importInChild("rcp-sdk/manifest")
    assert.isTrue(loaded.some((url) => /\/effect\/dist\/esm\/Schema\.js$/.test(url)))
  }, 30_000)
})

describe("start-up: the built package's modules", () => {
  it("rcp-sdk/client is one bundle and its shared chunks, and a module shared by two entries exists once", async () => {
    const run = await runProcess(
      process.execPath,
      [
        "--import",
        join(support, "loadLog.mjs"),
        "--input-type=module",
        "-e",
        [
          `const client = await import("rcp-sdk/client")`,
          `const manifest = await import("rcp-sdk/manifest")`,
          `const all = await import("rcp-sdk")`,
          `process.stdout.write(JSON.stringify([client.ManifestInvalid === manifest.ManifestInvalid,`,
          `  all.Client.ManifestInvalid === client.ManifestInvalid, all.Manifest.decode === manifest.decode]))`
        ].join("\n")
      ],
      { cwd: root }
    )
    assert.strictEqual(run.status, 0, run.stderr)
    assert.deepStrictEqual(JSON.parse(run.stdout), [true, true, true])
    const ours = (await importInChild("rcp-sdk/client")).filter((url) => url.includes("/dist/") && !url.includes("/node_modules/"))
    // 45 files before the build bundled them (bench/RESULTS.md §Start-up); each costs a cold
    // process about a millisecond and a half.
    assert.isAtMost(ours.length, 16, ours.join("\n"))
  }, 30_000)
})

describe("start-up: a cold process's first tool call", () => {
  it("discover + execute + close: no effect/Schema, undici's Agent alone is loaded, Node's global dispatcher is untouched, nothing runs after close()", async () => {
    await withServer((request, response) => {
      if (request.path === "/rcp/manifest") {
        const origin = `http://${request.headers.host}`
        return json(response, 200, {
          rcpVersion: "0.1",
          tools: [{ name: "ping", description: "Ping.", method: "GET", params: [], url: `${origin}/ping` }]
        })
      }
      json(response, 200, { pong: true })
    }, async (server) => {
      const run = await runProcess(
        process.execPath,
        ["--import", join(support, "loadLog.mjs"), join(support, "firstCall.mjs"), server.url("/rcp/manifest")],
        { cwd: root }
      )
      // Status 0: the process exited on its own once the client was closed — nothing of ours kept
      // it alive (firstCall.mjs ends it with status 3, naming what held it, had it not).
      assert.strictEqual(run.status, 0, run.stderr)
      assert.deepStrictEqual(run.stderr.split("\n").filter((line) => line !== "" && !line.startsWith("LOAD ")), [])
      // The manifest is decoded by Effect Schema's parser over its AST: effect/Schema itself (and
      // its fast-check) is not loaded by a first discovery and call.
      const loaded = loadedBy(run.stderr)
      assert.isTrue(loaded.some((url) => /\/dist\/chunks\/decode-\w+\.js$/.test(url)), "the decoder was loaded")
      for (const [name, pattern] of [...HEAVY.slice(0, 3), ...HEAVY.slice(4)]) {
        assert.deepStrictEqual(loaded.filter((url) => pattern.test(url)), [], `a first call loads ${name}`)
      }
      // Shaping its result for a model loads neither the tokenizer (only a token budget does) nor
      // the HTML converter (only an HTML body does): firstCall.mjs reads `result.model`.
      assert.deepStrictEqual(loaded.filter((url) => /\/gpt-tokenizer\//.test(url)), [], "a first call loads gpt-tokenizer")
      const out = JSON.parse(run.stdout) as {
        readonly data: unknown
        readonly model: string
        readonly cjs: ReadonlyArray<string>
        readonly resourcesAfterClose: ReadonlyArray<string>
        readonly seenAfterClose: ReadonlyArray<string>
        readonly dispatcherUntouched: boolean
      }
      assert.deepStrictEqual(out.data, { pong: true })
      assert.strictEqual(out.model, "{\"pong\":true}")
      assert.deepStrictEqual(out.cjs.filter((file) => file.includes("/node_modules/turndown/")), [], "a first call loads turndown")
      assert.deepStrictEqual(server.requests.map((r) => `${r.method} ${r.path}`), ["GET /rcp/manifest", "GET /ping"])
      const undici = out.cjs.filter((file) => file.includes("/node_modules/undici/"))
      assert.isTrue(undici.some((file) => file.endsWith("/undici/lib/dispatcher/agent.js")), "the agent was loaded")
      assert.deepStrictEqual(undici.filter((file) => file.endsWith("/undici/index.js") || file.includes("/lib/web/")), [])
      // undici's index.js, once loaded, installs its own Agent as the dispatcher of Node's fetch.
      assert.isTrue(out.dispatcherUntouched, "undici's global dispatcher was set")
      // No socket, timer or handle of ours is left once close() resolves, nor appears later.
      assert.deepStrictEqual(out.resourcesAfterClose, [])
      assert.deepStrictEqual(out.seenAfterClose, [])
    })
  }, 60_000)
})

describe("start-up: the OAuth wing, loaded when first needed", () => {
  it("a manifest with an oauth2 auth loads oauth4webapi (the lazily loaded chunk of the built package works); the token goes out as a bearer", async () => {
    await withServer((request, response) => {
      const origin = `http://${request.headers.host}`
      if (request.path === "/token") {
        return json(response, 200, { access_token: "at-1", token_type: "Bearer", expires_in: 300 }, { "cache-control": "no-store" })
      }
      if (request.path === "/rcp/manifest") {
        return json(response, 200, {
          rcpVersion: "0.1",
          auth: { type: "oauth2", flows: ["client_credentials"], tokenUrl: `${origin}/token` },
          tools: [{ name: "ping", description: "Ping.", method: "GET", params: [], url: `${origin}/ping` }]
        })
      }
      json(response, 200, { pong: true })
    }, async (server) => {
      const run = await runProcess(
        process.execPath,
        [
          "--import",
          join(support, "loadLog.mjs"),
          "--input-type=module",
          "-e",
          [
            `const { createRcpClient } = await import("rcp-sdk/client")`,
            `const client = createRcpClient({ allowHttp: true })`,
            `await client.discover(${JSON.stringify(server.url("/rcp/manifest"))}, { oauth: { clientId: "app", clientSecret: "s3cret" } })`,
            `const result = await client.execute({ name: "ping", arguments: {} })`,
            `await client.close()`,
            `process.stdout.write(JSON.stringify(result.data))`
          ].join("\n")
        ],
        { cwd: root }
      )
      assert.strictEqual(run.status, 0, run.stderr)
      assert.deepStrictEqual(JSON.parse(run.stdout), { pong: true })
      assert.isTrue(loadedBy(run.stderr).some((url) => /\/oauth4webapi\//.test(url)), "oauth4webapi was loaded")
      assert.deepStrictEqual(server.requests.map((r) => `${r.method} ${r.path}`), ["GET /rcp/manifest", "POST /token", "GET /ping"])
      assert.strictEqual(server.requests[2]!.headers.authorization, "Bearer at-1")
      assert.strictEqual(server.requests[1]!.headers.authorization, `Basic ${Buffer.from("app:s3cret").toString("base64")}`)
    })
  }, 30_000)
})
