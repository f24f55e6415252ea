/**
 * `close()` ends everything, on every transport (docs/protocol.md §3.6): once it has
 * resolved, no call of the client is still pending (each rejects with `ClientClosed`) and no
 * request of the client leaves — not from a call in flight, not from one sleeping before a retry.
 */
import { assert, describe, it } from "./support/effectVitest.js"
import { ClientClosed, createRcpClient, type RcpClientOptions } from "../src/Client.js"
import { profileManifest } from "./support/fixtures.js"
import { json, startServer, type TestServer } from "./support/server.js"

const CREDENTIAL = "close-test-credential"

/** /users/slow never answers; /users/busy answers 503 (retryable); the manifest is the seed's. */
const withApi = async (f: (server: TestServer) => Promise<void>) => {
  const server = await startServer((req, res) => {
    if (req.path === "/rcp/manifest") return json(res, 200, profileManifest(server.origin))
    if (req.path === "/users/slow") return
    if (req.path === "/users/busy") return json(res, 503, { error: "busy" })
    return json(res, 200, { ok: true })
  })
  try {
    await f(server)
  } finally {
    await server.close()
  }
}

const TRANSPORTS: ReadonlyArray<readonly [string, Partial<RcpClientOptions<unknown>>]> = [
  ["undici (default)", {}],
  ["custom fetch", { fetch: (input, init) => globalThis.fetch(input, init) }]
]

const settle = (promise: Promise<unknown>) =>
  promise.then((value) => ({ value }), (error: unknown) => ({ error }))

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * What `promise` settled to, if it has by the time the microtasks queued so far and one turn of the
 * event loop have run; otherwise "pending". (A turn, not a number of milliseconds: a loaded machine
 * delays both alike.)
 */
const settledByNow = async <A>(promise: Promise<A>): Promise<A | "pending"> => {
  let outcome: { readonly value: A } | undefined
  void promise.then((value) => (outcome = { value }))
  await new Promise((resolve) => setImmediate(resolve))
  return outcome === undefined ? "pending" : outcome.value
}

const waitFor = async (label: string, condition: () => boolean) => {
  const deadline = Date.now() + 5_000
  while (!condition()) {
    if (Date.now() > deadline) assert.fail(`timed out waiting for: ${label}`)
    await sleep(5)
  }
}

describe("close() ends everything", () => {
  for (const [label, transport] of TRANSPORTS) {
    it(`${label}: a call in flight rejects with ClientClosed once close() resolves, long before its timeout`, () =>
      withApi(async (server) => {
        const client = createRcpClient({
          ...transport,
          credential: CREDENTIAL,
          timeoutMs: 30_000,
          resolvers: { userId: () => "slow" }
        })
        await client.discover(server.url("/rcp/manifest"))
        const call = settle(client.execute({ name: "get_profile", arguments: {} }))
        await waitFor("the request reached the server", () => server.requests.some((r) => r.path === "/users/slow"))
        await client.close()
        // Settled by the time close() resolved (a microtask later at most), not by the 30 s timeout.
        const outcome = await settledByNow(call)
        assert.notStrictEqual(outcome, "pending", "the call was still pending after close() resolved")
        const error = (outcome as { error?: unknown }).error
        assert.instanceOf(error, ClientClosed)
        assert.strictEqual((error as ClientClosed)._tag, "ClientClosed")
      }))

    it(`${label}: a call sleeping before a retry sends nothing after close()`, () =>
      withApi(async (server) => {
        const client = createRcpClient({
          ...transport,
          credential: CREDENTIAL,
          retry: { retries: 3, baseDelay: 300, maxDelay: 300 },
          resolvers: { userId: () => "busy" }
        })
        await client.discover(server.url("/rcp/manifest"))
        const call = settle(client.execute({ name: "get_profile", arguments: {} }))
        const busy = () => server.requests.filter((r) => r.path === "/users/busy").length
        await waitFor("the first attempt reached the server", () => busy() === 1)
        await client.close()
        const sent = server.requests.length
        const outcome = await settledByNow(call)
        assert.notStrictEqual(outcome, "pending", "the call was still pending after close() resolved")
        assert.instanceOf((outcome as { error?: unknown }).error, ClientClosed)
        // Longer than every back-off the call could have been sleeping.
        await sleep(1_000)
        assert.strictEqual(busy(), 1, "no retry left after close()")
        assert.strictEqual(server.requests.length, sent, "no request at all (so no credential) left after close()")
      }))

    it(`${label}: a call started after close() rejects with ClientClosed and sends nothing`, () =>
      withApi(async (server) => {
        const client = createRcpClient({ ...transport, resolvers: { userId: () => "u" } })
        await client.discover(server.url("/rcp/manifest"))
        const before = server.requests.length
        await client.close()
        const outcome = await settle(client.execute({ name: "get_profile", arguments: {} }))
        assert.instanceOf((outcome as { error?: unknown }).error, ClientClosed)
        assert.strictEqual(server.requests.length, before)
      }))
  }
})
