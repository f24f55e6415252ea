import { target } from "#test-target"
import { spawnSync } from "node:child_process"
import { fileURLToPath } from "node:url"
import {
  ClientClosed,
  createRcpClient,
  CredentialMissing,
  HttpError,
  InvalidArguments,
  ManifestInvalid,
  ResolverFailed,
  ResolverMissing,
  Timeout,
  ToolNotFound,
  UntrustedOrigin
} from "../../src/Client.js"
import { profileManifest } from "../support/fixtures.js"
import { assert, describe, it } from "../support/effectVitest.js"
import { json, startServer, type TestServer } from "../support/server.js"

const repoRoot = fileURLToPath(new URL("../..", import.meta.url))


/** A REST API with a manifest at /rcp/manifest; /users/slow never answers, /users/gone is a 404. */
const withApi = async <A>(f: (server: TestServer) => Promise<A>, extraTools: (origin: string) => Array<unknown> = () => []) => {
  const server = await startServer((req, res) => {
    if (req.path === "/rcp/manifest") return json(res, 200, profileManifest(server.origin, extraTools(server.origin)))
    if (req.path === "/users/slow") return
    if (req.path === "/users/gone") return json(res, 404, { error: "no such user" })
    return json(res, 200, { path: req.path, authorization: req.headers.authorization ?? null })
  })
  try {
    return await f(server)
  } finally {
    await server.close()
  }
}

const rejection = (promise: Promise<unknown>): Promise<any> =>
  promise.then(() => assert.fail("expected a rejection"), (error) => error)

describe("createRcpClient", () => {
  // These two run the built Effect 3 package (dist/) in a child process: once, in the Effect 3 run.
  // The Effect 4 tree's own run by name is the packed test of each line.
  it.skipIf(target !== "effect3")("runs the seed's resolver example as plain JavaScript against the built package", () => {
    const run = spawnSync(process.execPath, ["test/mjs/seed-example.mjs"], { cwd: repoRoot, encoding: "utf8", timeout: 20_000 })
    assert.strictEqual(run.stderr, "")
    assert.strictEqual(run.status, 0)
    assert.include(run.stdout, "userId: string, required [resolved by client, hidden from model] — the user's id")
    assert.include(run.stdout, "seed example: ok")
  })

  it.skipIf(target !== "effect3")("runs without @effect/platform-node (every import of it blocked)", () => {
    const run = spawnSync(process.execPath, ["test/mjs/without-platform-node.mjs"], {
      cwd: repoRoot,
      encoding: "utf8",
      timeout: 20_000
    })
    assert.strictEqual(run.stderr, "")
    assert.strictEqual(run.status, 0)
    assert.include(run.stdout, "without @effect/platform-node: ok")
  })

  it("rejects with the original tagged error instances, never a FiberFailure", () =>
    withApi(async (server) => {
      const client = createRcpClient({
        resolvers: {
          userId: (ctx: { currentUserId?: string; broken?: boolean }) => {
            if (ctx.broken === true) throw new Error("directory down")
            return ctx.currentUserId
          }
        },
        credential: "tok"
      })
      const otherOrigin = "http://127.0.0.2:9"
      await client.register(
        { rcpVersion: "0.1", tools: [{ name: "elsewhere", description: "d", method: "GET", params: [], url: `${otherOrigin}/x` }] },
        { url: `${server.origin}/other-manifest` }
      )
      await client.discover(server.url("/rcp/manifest"))
      // Thunks: a promise created before its turn would reject with no handler attached yet.
      const cases: Array<[() => Promise<unknown>, new(...args: Array<any>) => Error & { readonly _tag: string }, string]> = [
        [() => client.execute({ name: "nope", arguments: {} }), ToolNotFound, "ToolNotFound"],
        [() => client.execute({ name: "get_profile", arguments: { extra: 1 } }, { context: { currentUserId: "u" } }), InvalidArguments, "InvalidArguments"],
        [() => client.execute({ name: "get_profile", arguments: {} }), ResolverMissing, "ResolverMissing"],
        [() => client.execute({ name: "get_profile", arguments: {} }, { context: { broken: true } }), ResolverFailed, "ResolverFailed"],
        [() => client.execute({ name: "elsewhere", arguments: {} }), UntrustedOrigin, "UntrustedOrigin"],
        [() => client.execute({ name: "get_profile", arguments: {} }, { context: { currentUserId: "gone" } }), HttpError, "HttpError"],
        [() => client.execute({ name: "get_profile", arguments: {} }, { context: { currentUserId: "slow" }, timeoutMs: 100 }), Timeout, "Timeout"],
        [() => client.discover(server.url("/users/u-1")), ManifestInvalid, "ManifestInvalid"]
      ]
      for (const [call, ErrorClass, tag] of cases) {
        const error = await rejection(call())
        assert.instanceOf(error, ErrorClass, tag)
        assert.strictEqual(error._tag, tag)
        assert.notInclude(String(error.message), "FiberFailure")
        assert.isAbove(String(error.message).length, 10)
      }
      await client.close()
      const closed = await rejection(client.execute({ name: "get_profile", arguments: {} }))
      assert.instanceOf(closed, ClientClosed)
      assert.strictEqual(closed._tag, "ClientClosed")
    }))

  it("fails with CredentialMissing when the manifest needs a credential and none is configured", () =>
    withApi(async (server) => {
      const client = createRcpClient({ resolvers: { userId: () => "u-1" } })
      await client.discover(server.url("/rcp/manifest"))
      const error = await rejection(client.execute({ name: "get_profile", arguments: {} }))
      assert.instanceOf(error, CredentialMissing)
      assert.deepStrictEqual(server.requests.map((r) => r.path), ["/rcp/manifest"])
      await client.close()
    }))

  it("an AbortSignal cancels an in-flight call and the server sees the socket close", () =>
    withApi(async (server) => {
      const client = createRcpClient({ resolvers: { userId: () => "slow" }, credential: "tok" })
      await client.discover(server.url("/rcp/manifest"))
      const closedBefore = server.closedSockets()
      const controller = new AbortController()
      const pending = rejection(client.execute({ name: "get_profile", arguments: {} }, { signal: controller.signal }))
      while (!server.requests.some((r) => r.path === "/users/slow")) await new Promise((r) => setTimeout(r, 5))
      controller.abort()
      const error = await pending
      // /users/slow never answers: only the signal can have ended the call.
      assert.strictEqual(error.name, "AbortError")
      const deadline = Date.now() + 2_000
      while (server.closedSockets() === closedBefore && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5))
      assert.isAbove(server.closedSockets(), closedBefore, "the server saw the connection close")
      await client.close()
    }))

  it("two clients with different resolvers against one server behave independently", () =>
    withApi(async (server) => {
      const alice = createRcpClient({ resolvers: { userId: () => "alice" }, credential: "tok-a" })
      const bob = createRcpClient({ resolvers: { userId: () => "bob" }, credential: "tok-b" })
      const shown = createRcpClient({ credential: "tok-c" })
      await Promise.all([alice, bob, shown].map((c) => c.discover(server.url("/rcp/manifest"))))
      const [a, b, c] = await Promise.all([
        alice.execute({ name: "get_profile", arguments: {} }),
        bob.execute({ name: "get_profile", arguments: "{}" }),
        shown.execute({ name: "get_profile", arguments: { userId: "carol" } })
      ])
      assert.deepStrictEqual(a.data, { path: "/users/alice", authorization: "Bearer tok-a" })
      assert.deepStrictEqual(b.data, { path: "/users/bob", authorization: "Bearer tok-b" })
      assert.deepStrictEqual(c.data, { path: "/users/carol", authorization: "Bearer tok-c" })
      // Without a resolver, userId is the model's to fill; with one, it is gone from its schema.
      assert.deepStrictEqual((await shown.tools())[0]?.parameters.required, ["userId"])
      assert.deepStrictEqual((await alice.tools())[0]?.parameters.required, [])
      await Promise.all([alice.close(), bob.close(), shown.close()])
    }))

  it("close() is safe to call twice", async () => {
    const client = createRcpClient()
    await client.close()
    await client.close()
    assert.instanceOf(await rejection(client.discover("http://127.0.0.1:9/x")), ClientClosed)
  })

  it("sends through a custom fetch when one is given", () =>
    withApi(async (server) => {
      const seen: Array<string> = []
      const client = createRcpClient({
        resolvers: { userId: () => "u-7" },
        credential: async () => "tok-async",
        fetch: (input, init) => {
          seen.push(String(input instanceof Request ? input.url : input))
          return globalThis.fetch(input, init)
        }
      })
      await client.discover(server.url("/rcp/manifest"))
      const result = await client.execute({ name: "get_profile", arguments: {} })
      assert.deepStrictEqual<unknown>(result, { status: 200, data: { path: "/users/u-7", authorization: "Bearer tok-async" } })
      assert.deepStrictEqual(seen, [server.url("/rcp/manifest"), server.url("/users/u-7")])
      await client.close()
    }))

  it("rejects bad options at construction", () => {
    assert.throws(() => createRcpClient({ trustedOrigins: ["not a url"] }), /trustedOrigins\[0\]/)
    assert.throws(() => createRcpClient({ maxResponseBytes: -1 }), /maxResponseBytes/)
  })
})
