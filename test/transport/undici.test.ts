/**
 * What only the undici transport (`Client.layerUndici`, and the promise facade's default) has to
 * show, against real servers on 127.0.0.1: redirect bodies dropped rather than read, its one timer
 * per exchange, the AbortSignal of the facade, the cap at its exact edge, retries over a fresh
 * connection, its own agent closed with the client, the private-network guard in its lookup, and
 * what the servers receive. What both transports must do (the redirect matrix, timeouts,
 * interruption, the size cap, faults) runs over each of `TRANSPORTS` in execute.transport.test.ts
 * and faults.test.ts. No socket outlives the client and no error escapes as an unhandled one.
 */
import { observerCount, TIMEOUT_TAG } from "#test-target"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Client from "../../src/Client.js"
import {
  bearer,
  CREDENTIAL_SECRET,
  eventually,
  manifest,
  POST_BODY as BODY,
  postTool,
  registerAt,
  since
} from "../support/execute.js"
import { assert, describe, it } from "../support/effectVitest.js"
import { either } from "../support/either.js"
import { profileDescription, profileManifest } from "../support/fixtures.js"
import { flood, json, redirect, type TestServer, testServer, untouched } from "../support/server.js"
import { undiciLayer, watchUnhandledErrors } from "../support/transports.js"

const noRetry: Client.Options = { retry: { retries: 0 } }

const MB = 1024 * 1024

describe("undici transport: redirects", () => {
  it.scopedLive("a redirect's body is never read: an endless redirect body does not hold up the call", () =>
    Effect.gen(function*() {
      const counter = { written: 0 }
      let redirectClosed = false
      const server = yield* testServer((req, res) => {
        if (req.path !== "/start") return json(res, 200, { at: req.path })
        res.writeHead(307, { location: "/final", "content-type": "text/plain" })
        res.on("close", () => (redirectClosed = true))
        flood(res, Number.POSITIVE_INFINITY, counter)
      })
      const start = Date.now()
      const result = yield* Effect.gen(function*() {
        yield* registerAt(server, [postTool(server.origin)])
        return yield* Client.execute({ name: "submit", arguments: { text: "hello" } })
      }).pipe(Effect.provide(undiciLayer({ maxResponseBytes: 1024 })))
      assert.deepStrictEqual<unknown>(result, { status: 200, data: { at: "/final" } })
      assert.isBelow(since(start), 2_000)
      assert.deepStrictEqual<unknown>(server.requests.map((r) => [r.method, r.path, r.body]), [
        ["POST", "/start", BODY],
        ["POST", "/final", BODY]
      ])
      yield* eventually("the redirect's connection is closed", () => redirectClosed)
      // Far less than 1 GB went out: the client dropped the connection instead of draining it.
      assert.isBelow(counter.written, 64 * MB)
    }))

  it.scopedLive("a redirect declaring a huge content-length it never sends is not waited for", () =>
    Effect.gen(function*() {
      const server = yield* testServer((req, res) => {
        if (req.path !== "/start") return json(res, 200, { at: req.path })
        res.writeHead(302, { location: "/final", "content-length": 100 * MB })
        res.write("partial")
      })
      const start = Date.now()
      const result = yield* Effect.gen(function*() {
        yield* registerAt(server, [{ name: "get", url: server.url("/start") }])
        return yield* Client.execute({ name: "get" }, { timeout: "5 seconds" })
      }).pipe(Effect.provide(undiciLayer({ maxResponseBytes: 1024 })))
      assert.deepStrictEqual<unknown>(result, { status: 200, data: { at: "/final" } })
      assert.isBelow(since(start), 1_000)
    }))
})

describe("undici transport: timeouts and abort", () => {
  it.scopedLive("a body slower than its declared content-length → Timeout, not a wait for the rest", () =>
    Effect.gen(function*() {
      const server = yield* testServer((_req, res) => {
        res.writeHead(200, { "content-type": "application/json", "content-length": 1_000 })
        res.write("[1,")
      })
      const start = Date.now()
      const error = yield* Effect.gen(function*() {
        yield* registerAt(server, [{ name: "short", url: server.url("/short") }])
        return yield* Effect.flip(Client.execute({ name: "short" }, { timeout: "200 millis" }))
      }).pipe(Effect.provide(undiciLayer(noRetry)))
      assert.instanceOf(error, Client.Timeout)
      assert.isBelow(since(start), 1_500)
      yield* eventually("the server sees the socket close", () => server.closedSockets() >= 1)
    }))

  it.scopedLive("a timeout beyond what a timer can hold (infinity, 30 days) means no timeout, not an instant one", () =>
    Effect.gen(function*() {
      const server = yield* testServer((_req, res) => void setTimeout(() => json(res, 200, { late: true }), 50))
      const results = yield* Effect.gen(function*() {
        yield* registerAt(server, [{ name: "late", url: server.url("/late") }])
        return [
          yield* either(Client.execute({ name: "late" }, { timeout: Duration.infinity })),
          yield* either(Client.execute({ name: "late" }, { timeout: "30 days" }))
        ]
      }).pipe(Effect.provide(undiciLayer(noRetry)))
      assert.deepStrictEqual<unknown>(results.map((r) => (r._tag === "Right" ? r.right : r.left._tag)), [
        { status: 200, data: { late: true } },
        { status: 200, data: { late: true } }
      ])
    }))

  it.scopedLive("the promise facade (undici by default): an AbortSignal rejects promptly with AbortError", () =>
    Effect.gen(function*() {
      const server: TestServer = yield* testServer((req, res) => {
        if (req.path === "/rcp/manifest") return json(res, 200, profileManifest(server.origin))
        if (req.path === "/users/slow") return
        json(res, 200, { path: req.path })
      })
      const client = Client.createRcpClient({ resolvers: { userId: () => "slow" }, credential: "tok" })
      yield* Effect.addFinalizer(() => Effect.promise(() => client.close()))
      yield* Effect.promise(() => client.discover(server.url("/rcp/manifest")))
      const closedBefore = server.closedSockets()
      const controller = new AbortController()
      const pending = client.execute({ name: "get_profile", arguments: {} }, { signal: controller.signal }).then(
        () => assert.fail("expected a rejection"),
        (error: unknown) => error
      )
      yield* eventually("the request arrives", () => server.requests.some((r) => r.path === "/users/slow"))
      // Sent by undici.request, not fetch: none of fetch's own headers.
      const sent = server.requests.find((r) => r.path === "/users/slow")!
      assert.strictEqual(sent.headers["sec-fetch-mode"], undefined)
      assert.strictEqual(sent.headers.authorization, "Bearer tok")
      const start = Date.now()
      controller.abort()
      const error = yield* Effect.promise(() => pending)
      assert.isBelow(since(start), 500)
      assert.instanceOf(error, Error)
      assert.strictEqual((error as Error).name, "AbortError")
      yield* eventually("the server sees the socket close", () => server.closedSockets() > closedBefore, 1_000)
    }))

  // The exchange watches the fiber that sent it (no per-call onInterrupt): a caller's own
  // Effect.timeout runs the call in a fiber of its own, whose end must close the socket while the
  // caller goes on.
  it.scopedLive("Effect.timeout around a call closes its socket while the calling fiber goes on", () =>
    Effect.gen(function*() {
      const server = yield* testServer(() => {})
      const outcome = yield* Effect.gen(function*() {
        yield* registerAt(server, [{ name: "hang", url: server.url("/hang") }])
        const result = yield* either(Client.execute({ name: "hang" }).pipe(Effect.timeout("150 millis")))
        yield* eventually("the server sees the socket close", () => server.closedSockets() >= 1, 1_000)
        return result
      }).pipe(Effect.provide(undiciLayer(noRetry)))
      assert.strictEqual(outcome._tag === "Left" ? outcome.left._tag : "Right", TIMEOUT_TAG)
      assert.deepStrictEqual(server.requests.map((r) => r.path), ["/hang"])
    }))

  it.scopedLive("a fiber that sends many requests in turn keeps no observer of the finished ones", () =>
    Effect.gen(function*() {
      const server = yield* testServer((req, res) => json(res, req.path === "/fail" ? 500 : 200, { ok: true }))
      const counts = yield* Effect.gen(function*() {
        yield* registerAt(server, [{ name: "ok", url: server.url("/ok") }, { name: "fail", url: server.url("/fail") }])
        // Effect's own observer list of the current fiber (internal: how many exit callbacks it holds).
        const observers = observerCount
        const before = yield* observers
        for (let i = 0; i < 20; i++) {
          yield* Client.execute({ name: "ok" })
          yield* either(Client.execute({ name: "fail" }))
        }
        return [before, yield* observers]
      }).pipe(Effect.provide(undiciLayer(noRetry)))
      assert.strictEqual(server.requests.length, 40)
      assert.strictEqual(counts[1], counts[0])
    }))
})

describe("undici transport: the response size cap", () => {
  it.scoped("a body exactly at the cap is read (chunked or with a length); one byte more is not", () =>
    Effect.gen(function*() {
      const server = yield* testServer((req, res) => {
        const size = Number(req.query.get("size"))
        if (req.query.get("framing") === "length") {
          res.writeHead(200, { "content-type": "text/plain", "content-length": size })
        } else {
          res.writeHead(200, { "content-type": "text/plain" })
          res.write("x".repeat(Math.floor(size / 2)))
        }
        res.end("x".repeat(size - (req.query.get("framing") === "length" ? 0 : Math.floor(size / 2))))
      })
      const results = yield* Effect.gen(function*() {
        yield* registerAt(server, [{
          name: "sized",
          url: server.url("/sized"),
          params: [{ name: "size", type: "number" }, { name: "framing", type: "string" }],
          queryParams: { size: "{{size}}", framing: "{{framing}}" }
        }])
        const out: Array<string> = []
        for (const framing of ["chunked", "length"]) {
          for (const size of [1024, 1025]) {
            const exit = yield* either(Client.execute({ name: "sized", arguments: { size, framing } }))
            out.push(
              exit._tag === "Right"
                ? `${framing} ${size}: ${(exit.right.data as string).length}`
                : `${framing} ${size}: ${exit.left._tag}`
            )
          }
        }
        return out
      }).pipe(Effect.provide(undiciLayer({ ...noRetry, maxResponseBytes: 1024 })))
      assert.deepStrictEqual(results, [
        "chunked 1024: 1024",
        "chunked 1025: ResponseTooLarge",
        "length 1024: 1024",
        "length 1025: ResponseTooLarge"
      ])
    }))
})

describe("undici transport: retries", () => {
  it.scopedLive("a GET's connection error is retried over a fresh connection", () =>
    Effect.gen(function*() {
      let calls = 0
      const server = yield* testServer((_req, res) => {
        if (++calls === 1) return void res.socket?.destroy()
        json(res, 200, { calls })
      })
      const result = yield* Effect.gen(function*() {
        yield* registerAt(server, [{ name: "flaky", url: server.url("/flaky") }])
        return yield* Client.execute({ name: "flaky" })
      }).pipe(Effect.provide(undiciLayer({ retry: { retries: 1, baseDelay: "1 millis" } })))
      assert.deepStrictEqual<unknown>(result, { status: 200, data: { calls: 2 } })
    }))
})

describe("undici transport: sockets and the private-network guard", () => {
  it.scopedLive("releasing the client closes its agent: no socket stays open on the server", () =>
    Effect.gen(function*() {
      const server = yield* testServer((_req, res) => json(res, 200, { ok: true }))
      yield* Effect.gen(function*() {
        yield* registerAt(server, [{ name: "ok", url: server.url("/ok") }])
        yield* Effect.all([Client.execute({ name: "ok" }), Client.execute({ name: "ok" })], { concurrency: 2 })
        // Kept alive in the client's pool while the client lives.
        assert.isAtLeast(server.openSockets(), 1)
      }).pipe(Effect.provide(undiciLayer()))
      // Well within the 4–5 s keep-alive timeouts: closed by the client, not by idling out.
      yield* eventually("no socket stays open", () => server.openSockets() === 0, 500)
    }))

  it.scopedLive("the promise facade: close() leaves no socket open", () =>
    Effect.gen(function*() {
      const server: TestServer = yield* testServer((req, res) =>
        req.path === "/rcp/manifest" ? json(res, 200, profileManifest(server.origin)) : json(res, 200, { ok: true })
      )
      const client = Client.createRcpClient({ resolvers: { userId: () => "u-1" }, credential: "tok" })
      yield* Effect.promise(() => client.discover(server.url("/rcp/manifest")))
      yield* Effect.promise(() => client.execute({ name: "get_profile", arguments: {} }))
      assert.isAtLeast(server.openSockets(), 1)
      yield* Effect.promise(() => client.close())
      yield* eventually("no socket stays open", () => server.openSockets() === 0, 500)
    }))

  it.scoped("blockPrivateNetworks: a tool or manifest at 127.0.0.1 or localhost → BlockedAddress, nothing sent", () =>
    Effect.gen(function*() {
      const server = yield* testServer((_req, res) => json(res, 200, { ok: true }))
      const byName = `http://localhost:${server.port}`
      const errors = yield* Effect.gen(function*() {
        yield* registerAt(server, [postTool(server.origin)], bearer)
        yield* Client.register(
          manifest([{ name: "named", url: `${byName}/x` }]),
          { url: `${byName}/rcp/manifest` }
        )
        return [
          yield* Effect.flip(Client.execute({ name: "submit", arguments: { text: "hello" } })),
          yield* Effect.flip(Client.execute({ name: "named" })),
          yield* Effect.flip(Client.discover(server.url("/rcp/manifest")))
        ]
      }).pipe(Effect.provide(undiciLayer({ blockPrivateNetworks: true, credential: CREDENTIAL_SECRET })))
      assert.deepStrictEqual(errors.map((e) => e._tag), ["BlockedAddress", "BlockedAddress", "BlockedAddress"])
      const [literal, named] = errors
      assert.instanceOf(literal, Client.BlockedAddress)
      if (literal?._tag === "BlockedAddress") assert.strictEqual(literal.host, "127.0.0.1")
      if (named?._tag === "BlockedAddress") assert.strictEqual(named.host, "localhost")
      assert.notInclude(JSON.stringify(errors), CREDENTIAL_SECRET)
      untouched(server)
    }))
})

describe("undici transport: what arrives", () => {
  it.scoped("the seed flow end to end: discover get_profile, userId resolved, Authorization: Bearer", () =>
    Effect.gen(function*() {
      const server: TestServer = yield* testServer((req, res) =>
        req.path === "/rcp/manifest"
          ? json(res, 200, profileManifest(server.origin))
          : json(res, 200, { id: req.path.split("/")[2], name: "Ada" })
      )
      const [discovery, result] = yield* Effect.gen(function*() {
        const discovery = yield* Client.discover(server.url("/rcp/manifest"))
        const result = yield* Client.execute(
          { name: "get_profile", arguments: "{}" },
          { context: { currentUserId: "u-42" } }
        )
        return [discovery, result] as const
      }).pipe(Effect.provide(undiciLayer(
        { credential: "tok-seed" },
        { userId: (ctx: { readonly currentUserId: string }) => ctx.currentUserId }
      )))
      assert.strictEqual(Client.describeManifest(discovery.manifest, discovery.tools), profileDescription)
      assert.deepStrictEqual(discovery.tools, [{
        name: "get_profile",
        description: "Get the current user's profile.",
        parameters: { type: "object", properties: {}, required: [], additionalProperties: false }
      }])
      assert.deepStrictEqual<unknown>(result, { status: 200, data: { id: "u-42", name: "Ada" } })
      const [manifestRequest, call] = server.requests
      assert.strictEqual(server.requests.length, 2)
      assert.strictEqual(manifestRequest?.method, "GET")
      assert.strictEqual(manifestRequest?.headers.authorization, undefined)
      assert.strictEqual(manifestRequest?.headers.accept, "application/json")
      assert.strictEqual(call?.method, "GET")
      assert.strictEqual(call?.target, "/users/u-42")
      assert.strictEqual(call?.headers.authorization, "Bearer tok-seed")
      assert.strictEqual(call?.body, "")
    }))

  it.scoped("discovery: same-origin redirect followed without any credential; cross-origin refused; the cap", () =>
    Effect.gen(function*() {
      const other = yield* testServer((_req, res) => json(res, 200, profileManifest("http://127.0.0.1:1")))
      const server: TestServer = yield* testServer((req, res) => {
        if (req.path === "/rcp/manifest") return redirect(res, 302, "/rcp/v1/manifest")
        if (req.path === "/rcp/v1/manifest") return json(res, 200, profileManifest(server.origin))
        if (req.path === "/moved") return redirect(res, 301, other.url("/rcp/manifest"))
        json(res, 200, { ...profileManifest(server.origin), padding: "p".repeat(2048) })
      })
      const [discovery, moved, huge] = yield* Effect.gen(function*() {
        return [
          yield* Client.discover(server.url("/rcp/manifest")),
          yield* Effect.flip(Client.discover(server.url("/moved"))),
          yield* Effect.flip(Client.discover(server.url("/huge")))
        ] as const
      }).pipe(Effect.provide(undiciLayer({ credential: CREDENTIAL_SECRET, maxManifestBytes: 1024 })))
      assert.deepStrictEqual(discovery.tools.map((t) => t.name), ["get_profile"])
      assert.strictEqual(discovery.url, server.url("/rcp/manifest"))
      assert.deepStrictEqual(server.requests.map((r) => [r.path, r.headers.authorization]), [
        ["/rcp/manifest", undefined],
        ["/rcp/v1/manifest", undefined],
        ["/moved", undefined],
        ["/huge", undefined]
      ])
      assert.instanceOf(moved, Client.RedirectRefused)
      assert.instanceOf(huge, Client.ResponseTooLarge)
      untouched(other)
    }))

  it.scoped("path, query, headers and body arrive exactly, non-ASCII values included", () =>
    Effect.gen(function*() {
      const server = yield* testServer((_req, res) => json(res, 201, { created: true }))
      const values = {
        id: "café ☕/?#",
        q: "日本語 & a=b",
        tag: "naïve façade",
        note: "Grüße, 🌍!",
        n: 3.5,
        on: true
      }
      const result = yield* Effect.gen(function*() {
        yield* registerAt(server, [{
          name: "create",
          method: "PUT",
          params: [
            { name: "id", type: "string" },
            { name: "q", type: "string" },
            { name: "tag", type: "string" },
            { name: "note", type: "string" },
            { name: "n", type: "number" },
            { name: "on", type: "boolean" }
          ],
          url: `${server.origin}/items/{{id}}?fixed=1`,
          queryParams: { q: "{{q}}", both: "{{q}}|{{n}}" },
          headers: { "X-Tag": "{{tag}}", "X-Plain": "v-{{n}}" },
          body: { note: "{{note}}", n: "{{n}}", on: "{{on}}", text: "n={{n}} {{note}}", list: ["{{id}}", 1] }
        }], bearer)
        // An id with "/" is refused in a path position before anything is sent.
        const refused = yield* Effect.flip(Client.execute({ name: "create", arguments: values }))
        assert.instanceOf(refused, Client.InvalidArguments)
        return yield* Client.execute({ name: "create", arguments: { ...values, id: "café ☕" } })
      }).pipe(Effect.provide(undiciLayer({ credential: "tok-1" })))
      assert.deepStrictEqual<unknown>(result, { status: 201, data: { created: true } })
      assert.strictEqual(server.requests.length, 1)
      const request = server.requests[0]!
      assert.strictEqual(request.method, "PUT")
      assert.strictEqual(request.path, `/items/${encodeURIComponent("café ☕")}`)
      assert.deepStrictEqual([...request.query.entries()], [
        ["fixed", "1"],
        ["q", "日本語 & a=b"],
        ["both", "日本語 & a=b|3.5"]
      ])
      // Node reads header bytes as latin1: what the client sent as latin1 arrives unchanged.
      assert.strictEqual(request.headers["x-tag"], "naïve façade")
      assert.strictEqual(request.headers["x-plain"], "v-3.5")
      assert.strictEqual(request.headers.authorization, "Bearer tok-1")
      assert.strictEqual(request.headers["content-type"], "application/json")
      const expected = JSON.stringify({
        note: "Grüße, 🌍!",
        n: 3.5,
        on: true,
        text: "n=3.5 Grüße, 🌍!",
        list: ["café ☕", 1]
      })
      assert.strictEqual(request.body, expected)
      assert.strictEqual(request.headers["content-length"], String(Buffer.byteLength(expected)))
      assert.strictEqual(request.headers["sec-fetch-mode"], undefined)
    }))
})

watchUnhandledErrors()
