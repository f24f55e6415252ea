/**
 * The undici transport (`Client.layerUndici`, and the promise facade's default) against real
 * servers on 127.0.0.1, asserting what the servers received: the redirect matrix, timeouts,
 * interruption and abort, the size cap, faults, the private-network guard, the seed flow, and that
 * no socket outlives the client and no error escapes as an unhandled one.
 */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import type * as http from "node:http"
import * as Client from "../src/Client.js"
import * as Resolver from "../src/Resolver.js"
import {
  bearer,
  CREDENTIAL_SECRET,
  eventually,
  manifest,
  registerAt,
  type Resolvers,
  since,
  type ToolInput
} from "./support/execute.js"
import { profileDescription, profileManifest } from "./support/fixtures.js"
import { json, type Recorded, startServer, type TestServer, testServer } from "./support/server.js"

/** The client under test: straight over undici, with its own agent. */
const undiciLayer = (options: Client.Options = {}, resolvers: Resolvers = {}): Layer.Layer<Client.RcpClient> =>
  Client.layerUndici(options).pipe(Layer.provide(Resolver.layer(resolvers)))

const noRetry: Client.Options = { retry: { retries: 0 } }

const MB = 1024 * 1024

const postTool = (origin: string, path = "/start"): ToolInput => ({
  name: "submit",
  method: "POST",
  params: [{ name: "text", type: "string" }],
  url: `${origin}${path}`,
  body: { text: "{{text}}", n: 1 }
})

const BODY = JSON.stringify({ text: "hello", n: 1 })

const redirect = (res: http.ServerResponse, status: number, location: string) => {
  res.writeHead(status, { location, "content-type": "text/plain" })
  res.end("moved")
}

/** Writes `total` bytes in 64 KiB chunks as fast as the client reads them, counting what it wrote. */
const flood = (res: http.ServerResponse, total: number, counter: { written: number }) => {
  const chunk = Buffer.alloc(64 * 1024, "a")
  const pump = () => {
    while (counter.written < total && !res.destroyed) {
      counter.written += chunk.length
      if (!res.write(chunk)) return void res.once("drain", pump)
    }
    if (counter.written >= total) res.end()
  }
  pump()
}

/** No connection at all reached `server`: not a request, not even a socket. */
const untouched = (server: TestServer) => {
  assert.strictEqual(server.requests.length, 0, "no request arrived")
  assert.strictEqual(server.openSockets() + server.closedSockets(), 0, "no connection was made")
}

// An error event undici emits on a body nobody listens to any more (a discarded redirect, a
// body over the cap) is an uncaught exception; they are collected here and the last suite
// asserts there were none. Checked: without `discard`'s error listener, 35 of them land here.
const unhandled: Array<unknown> = []
const onUnhandled = (error: unknown) => void unhandled.push(error)
beforeAll(() => {
  process.on("uncaughtException", onUnhandled)
  process.on("unhandledRejection", onUnhandled)
})
afterAll(() => {
  process.off("uncaughtException", onUnhandled)
  process.off("unhandledRejection", onUnhandled)
})

describe("undici transport: redirects", () => {
  const matrix: ReadonlyArray<readonly [status: number, method: "POST" | "GET"]> = [
    [301, "GET"],
    [302, "GET"],
    [303, "GET"],
    [307, "POST"],
    [308, "POST"]
  ]

  for (const [status, method] of matrix) {
    it.scoped(`${status} same-origin: followed as ${method}, the credential re-sent to the same origin`, () =>
      Effect.gen(function*() {
        const server = yield* testServer((req, res) =>
          req.path === "/start" ? redirect(res, status, "/final?step=2") : json(res, 200, { at: req.path })
        )
        const result = yield* Effect.gen(function*() {
          yield* registerAt(server, [postTool(server.origin)], bearer)
          return yield* Client.execute({ name: "submit", arguments: { text: "hello" } })
        }).pipe(Effect.provide(undiciLayer({ credential: "tok-same" })))
        assert.deepStrictEqual(result, { status: 200, data: { at: "/final" } })
        assert.strictEqual(server.requests.length, 2)
        const [first, second] = server.requests
        assert.strictEqual(first?.method, "POST")
        assert.strictEqual(first?.target, "/start")
        assert.strictEqual(first?.body, BODY)
        assert.strictEqual(first?.headers["content-type"], "application/json")
        assert.strictEqual(first?.headers.authorization, "Bearer tok-same")
        assert.strictEqual(second?.target, "/final?step=2")
        assert.strictEqual(second?.method, method)
        assert.strictEqual(second?.headers.authorization, "Bearer tok-same")
        if (method === "POST") {
          assert.strictEqual(second?.body, BODY)
          assert.strictEqual(second?.headers["content-type"], "application/json")
          assert.strictEqual(second?.headers["content-length"], String(Buffer.byteLength(BODY)))
        } else {
          assert.strictEqual(second?.body, "")
          assert.strictEqual(second?.headers["content-type"], undefined)
          assert.strictEqual(second?.headers["content-length"] ?? "0", "0")
        }
      }))

    it.scoped(`${status} cross-origin: RedirectRefused, the other server never sees a connection`, () =>
      Effect.gen(function*() {
        const other = yield* testServer((_req, res) => json(res, 200, { stolen: true }))
        const server = yield* testServer((_req, res) => redirect(res, status, other.url("/collect?x=1")))
        const error = yield* Effect.gen(function*() {
          yield* registerAt(server, [postTool(server.origin)], bearer)
          return yield* Effect.flip(Client.execute({ name: "submit", arguments: { text: "hello" } }))
        }).pipe(Effect.provide(undiciLayer({ credential: CREDENTIAL_SECRET })))
        assert.instanceOf(error, Client.RedirectRefused)
        if (error._tag !== "RedirectRefused") return
        assert.strictEqual(error.status, status)
        assert.strictEqual(error.origin, server.origin)
        assert.strictEqual(error.location, other.origin)
        assert.include(error.message, `refused a ${status} redirect from ${server.origin} to ${other.origin}`)
        assert.notInclude(JSON.stringify(error), CREDENTIAL_SECRET)
        assert.notInclude(error.message, CREDENTIAL_SECRET)
        assert.strictEqual(server.requests.length, 1)
        assert.strictEqual(server.requests[0]?.headers.authorization, `Bearer ${CREDENTIAL_SECRET}`)
        untouched(other)
      }))
  }

  it.scoped("a PUT keeps its method and body on 301/302; 303 turns it into a GET", () =>
    Effect.gen(function*() {
      let status = 0
      const server = yield* testServer((req, res) =>
        req.path === "/start" ? redirect(res, status, "/final") : json(res, 200, {})
      )
      const seen: Array<readonly [number, string, string]> = []
      yield* Effect.gen(function*() {
        yield* registerAt(server, [{ ...postTool(server.origin), method: "PUT" }])
        for (const s of [301, 302, 303, 307, 308]) {
          status = s
          yield* Client.execute({ name: "submit", arguments: { text: "hello" } })
          const last = server.requests[server.requests.length - 1]!
          seen.push([s, last.method, last.body])
        }
      }).pipe(Effect.provide(undiciLayer()))
      assert.deepStrictEqual(seen, [
        [301, "PUT", BODY],
        [302, "PUT", BODY],
        [303, "GET", ""],
        [307, "PUT", BODY],
        [308, "PUT", BODY]
      ])
    }))

  it.scoped("the same host under another name or scheme is another origin: refused, nothing sent there", () =>
    Effect.gen(function*() {
      let location = ""
      const server = yield* testServer((req, res) =>
        req.path === "/start" ? redirect(res, 307, location) : json(res, 200, {})
      )
      const targets = [
        `http://localhost:${server.port}/final`,
        `https://127.0.0.1:${server.port}/final`,
        `//localhost:${server.port}/final`,
        "file:///etc/passwd"
      ]
      const errors = yield* Effect.gen(function*() {
        yield* registerAt(server, [postTool(server.origin)], bearer)
        const errors: Array<string> = []
        for (const target of targets) {
          location = target
          errors.push((yield* Effect.flip(Client.execute({ name: "submit", arguments: { text: "hello" } })))._tag)
        }
        return errors
      }).pipe(Effect.provide(undiciLayer({ credential: "t" })))
      assert.deepStrictEqual(errors, Array(targets.length).fill("RedirectRefused"))
      assert.deepStrictEqual(server.requests.map((r) => r.path), Array(targets.length).fill("/start"))
    }))

  it.scoped("query auth: the credential is re-applied on a same-origin redirect and cannot be forged", () =>
    Effect.gen(function*() {
      const server = yield* testServer((req, res) =>
        req.path === "/start" ? redirect(res, 307, "/final?api_key=forged&page=2") : json(res, 200, {})
      )
      yield* Effect.gen(function*() {
        yield* registerAt(server, [postTool(server.origin)], { type: "query", name: "api_key" })
        yield* Client.execute({ name: "submit", arguments: { text: "hello" } })
      }).pipe(Effect.provide(undiciLayer({ credential: "key-1" })))
      const [first, second] = server.requests
      assert.strictEqual(server.requests.length, 2)
      assert.deepStrictEqual([...first!.query.entries()], [["api_key", "key-1"]])
      assert.strictEqual(second?.path, "/final")
      assert.deepStrictEqual(second?.query.getAll("api_key"), ["key-1"])
      assert.deepStrictEqual(second?.query.getAll("page"), ["2"])
      assert.strictEqual(second?.method, "POST")
      assert.strictEqual(second?.body, BODY)
    }))

  it.scoped("at most maxRedirects: 5 hops succeed, a 6th is TooManyRedirects; maxRedirects: 0 follows none", () =>
    Effect.gen(function*() {
      // /r/n redirects to /r/(n-1); /r/0 answers.
      const server = yield* testServer((req, res) => {
        const n = Number(req.path.split("/")[2])
        return n > 0 ? redirect(res, 302, `/r/${n - 1}`) : json(res, 200, { done: true })
      })
      const tools = [{ name: "five", url: server.url("/r/5") }, { name: "six", url: server.url("/r/6") }]
      const [five, six] = yield* Effect.gen(function*() {
        yield* registerAt(server, tools)
        return [yield* Client.execute({ name: "five" }), yield* Effect.flip(Client.execute({ name: "six" }))] as const
      }).pipe(Effect.provide(undiciLayer()))
      assert.deepStrictEqual(five, { status: 200, data: { done: true } })
      assert.instanceOf(six, Client.TooManyRedirects)
      assert.include(six.message, "more than 5 redirects")
      // 6 requests for "five"; the first and 5 followed hops for "six", whose 6th hop is not sent.
      assert.deepStrictEqual(
        server.requests.slice(6).map((r) => r.path),
        ["/r/6", "/r/5", "/r/4", "/r/3", "/r/2", "/r/1"]
      )

      const none = yield* Effect.gen(function*() {
        yield* registerAt(server, [{ name: "one", url: server.url("/r/1") }])
        return yield* Effect.flip(Client.execute({ name: "one" }))
      }).pipe(Effect.provide(undiciLayer({ maxRedirects: 0 })))
      assert.instanceOf(none, Client.TooManyRedirects)
      assert.strictEqual(server.requests.length, 13)
    }))

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
      assert.deepStrictEqual(result, { status: 200, data: { at: "/final" } })
      assert.isBelow(since(start), 2_000)
      assert.deepStrictEqual(server.requests.map((r) => [r.method, r.path, r.body]), [
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
      assert.deepStrictEqual(result, { status: 200, data: { at: "/final" } })
      assert.isBelow(since(start), 1_000)
    }))
})

describe("undici transport: timeouts and interruption", () => {
  it.scopedLive("per call: a server that never answers → Timeout, and the socket is closed", () =>
    Effect.gen(function*() {
      const server = yield* testServer(() => undefined)
      const start = Date.now()
      const error = yield* Effect.gen(function*() {
        yield* registerAt(server, [{ name: "hang", url: server.url("/hang") }])
        return yield* Effect.flip(Client.execute({ name: "hang" }, { timeout: "200 millis" }))
      }).pipe(Effect.provide(undiciLayer()))
      const elapsed = since(start)
      assert.instanceOf(error, Client.Timeout)
      if (error._tag !== "Timeout") return
      assert.strictEqual(error.timeoutMs, 200)
      assert.strictEqual(
        error.message,
        `tool "hang" (GET ${server.origin}/hang): no complete response within 200 ms; the request was aborted`
      )
      assert.isAtLeast(elapsed, 190)
      assert.isBelow(elapsed, 2_000)
      assert.strictEqual(server.requests.length, 1)
      yield* eventually("the server sees the socket close", () => server.closedSockets() >= 1)
    }))

  it.scopedLive("per client; the per-call option overrides it; the hung socket is closed", () =>
    Effect.gen(function*() {
      const server = yield* testServer((req, res) => {
        if (req.path === "/slowish") setTimeout(() => json(res, 200, { late: true }), 300)
      })
      const [hang, slowish] = yield* Effect.gen(function*() {
        yield* registerAt(server, [
          { name: "hang", url: server.url("/hang") },
          { name: "slowish", url: server.url("/slowish") }
        ])
        const start = Date.now()
        const hang = yield* Effect.flip(Client.execute({ name: "hang" }))
        assert.isBelow(since(start), 2_000)
        yield* eventually("the hung socket closes", () => server.closedSockets() >= 1)
        const slowish = yield* Client.execute({ name: "slowish" }, { timeout: "5 seconds" })
        return [hang, slowish] as const
      }).pipe(Effect.provide(undiciLayer({ timeout: "150 millis" })))
      assert.instanceOf(hang, Client.Timeout)
      if (hang._tag === "Timeout") assert.strictEqual(hang.timeoutMs, 150)
      assert.deepStrictEqual(slowish, { status: 200, data: { late: true } })
    }))

  it.scopedLive("a body that drips past the timeout → Timeout, the socket closed; the client then works", () =>
    Effect.gen(function*() {
      const server = yield* testServer((req, res) => {
        if (req.path === "/ok") return json(res, 200, { ok: true })
        res.writeHead(200, { "content-type": "application/json" })
        res.write("[")
        const timer = setInterval(() => res.write("1,"), 20)
        res.on("close", () => clearInterval(timer))
      })
      const start = Date.now()
      const [error, ok] = yield* Effect.gen(function*() {
        yield* registerAt(server, [{ name: "drip", url: server.url("/drip") }, { name: "ok", url: server.url("/ok") }])
        const error = yield* Effect.flip(Client.execute({ name: "drip" }))
        return [error, yield* Client.execute({ name: "ok" })] as const
      }).pipe(Effect.provide(undiciLayer({ ...noRetry, timeout: "250 millis" })))
      assert.instanceOf(error, Client.Timeout)
      if (error._tag === "Timeout") assert.strictEqual(error.timeoutMs, 250)
      assert.isBelow(since(start), 1_500)
      assert.deepStrictEqual(ok, { status: 200, data: { ok: true } })
      yield* eventually("the server sees the dripping socket close", () => server.closedSockets() >= 1)
    }))

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
          yield* Effect.either(Client.execute({ name: "late" }, { timeout: Duration.infinity })),
          yield* Effect.either(Client.execute({ name: "late" }, { timeout: "30 days" }))
        ]
      }).pipe(Effect.provide(undiciLayer(noRetry)))
      assert.deepStrictEqual(results.map((r) => (r._tag === "Right" ? r.right : r.left._tag)), [
        { status: 200, data: { late: true } },
        { status: 200, data: { late: true } }
      ])
    }))

  it.scopedLive("one timeout covers every redirect hop", () =>
    Effect.gen(function*() {
      const server = yield* testServer((req, res) => {
        const n = Number(req.path.split("/")[2])
        // Each hop takes 80 ms: 4 hops exceed a 200 ms budget though each one alone fits.
        setTimeout(() => (n > 0 ? redirect(res, 302, `/r/${n - 1}`) : json(res, 200, {})), 80)
      })
      const error = yield* Effect.gen(function*() {
        yield* registerAt(server, [{ name: "chain", url: server.url("/r/4") }])
        return yield* Effect.flip(Client.execute({ name: "chain" }, { timeout: "200 millis" }))
      }).pipe(Effect.provide(undiciLayer()))
      assert.strictEqual(error._tag, "Timeout")
      assert.isBelow(server.requests.length, 5)
    }))

  it.scopedLive("interrupting the fiber while waiting for headers closes the socket", () =>
    Effect.gen(function*() {
      const server = yield* testServer(() => undefined)
      yield* Effect.gen(function*() {
        yield* registerAt(server, [postTool(server.origin, "/hang")])
        const fiber = yield* Effect.fork(Client.execute({ name: "submit", arguments: { text: "hello" } }))
        yield* eventually("the server receives the request", () => server.requests.length === 1)
        const start = Date.now()
        yield* Fiber.interrupt(fiber)
        assert.isBelow(since(start), 1_000)
        const exit = yield* Fiber.await(fiber)
        assert.strictEqual(exit._tag, "Failure")
        // Closed by the interruption itself, while the client (and its agent) is still alive.
        yield* eventually("the server sees the socket close", () => server.closedSockets() >= 1, 1_000)
      }).pipe(Effect.provide(undiciLayer()))
      assert.strictEqual(server.requests[0]?.body, BODY)
    }))

  it.scopedLive("interrupting while the body streams closes the socket", () =>
    Effect.gen(function*() {
      let streaming = false
      const server = yield* testServer((_req, res) => {
        res.writeHead(200, { "content-type": "text/plain" })
        streaming = true
        const timer = setInterval(() => res.write("x"), 10)
        res.on("close", () => clearInterval(timer))
      })
      yield* Effect.gen(function*() {
        yield* registerAt(server, [{ name: "stream", url: server.url("/s") }])
        const fiber = yield* Effect.fork(Client.execute({ name: "stream" }))
        yield* eventually("the body starts streaming", () => streaming)
        yield* Effect.sleep("30 millis")
        yield* Fiber.interrupt(fiber)
        yield* eventually("the server sees the socket close", () => server.closedSockets() >= 1, 1_000)
      }).pipe(Effect.provide(undiciLayer()))
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
})

describe("undici transport: the response size cap", () => {
  it.scopedLive("50 MB chunked (no content-length) → ResponseTooLarge quickly; the client then works", () =>
    Effect.gen(function*() {
      const total = 50 * MB
      const counter = { written: 0 }
      const server = yield* testServer((req, res) => {
        if (req.path === "/ok") return json(res, 200, { ok: true })
        res.writeHead(200, { "content-type": "application/json" })
        flood(res, total, counter)
      })
      const start = Date.now()
      const [error, elapsed, ok] = yield* Effect.gen(function*() {
        yield* registerAt(server, [
          { name: "flood", url: server.url("/flood") },
          { name: "ok", url: server.url("/ok") }
        ])
        const error = yield* Effect.flip(Client.execute({ name: "flood" }))
        const elapsed = since(start)
        return [error, elapsed, yield* Client.execute({ name: "ok" })] as const
      }).pipe(Effect.provide(undiciLayer(noRetry)))
      assert.instanceOf(error, Client.ResponseTooLarge)
      if (error._tag !== "ResponseTooLarge") return
      assert.strictEqual(error.maxBytes, 5 * MB)
      assert.strictEqual(
        error.message,
        `tool "flood" (GET ${server.origin}/flood): the response is larger than ${5 * MB} bytes; the rest was not read`
      )
      assert.isBelow(elapsed, 3_000)
      assert.deepStrictEqual(ok, { status: 200, data: { ok: true } })
      yield* eventually("the server sees the socket close", () => server.closedSockets() >= 1)
      assert.isBelow(counter.written, total, "the client stopped reading: the server could not push 50 MB")
    }))

  it.scopedLive("a declared length over the cap → ResponseTooLarge before reading; the client then works", () =>
    Effect.gen(function*() {
      const server = yield* testServer((req, res) => {
        if (req.path === "/ok") return json(res, 200, { ok: true })
        // Only one byte of the 50 MB ever comes: reading would wait for the timeout.
        res.writeHead(200, { "content-type": "application/json", "content-length": 50 * MB })
        res.write("[")
      })
      const start = Date.now()
      const [error, elapsed, ok] = yield* Effect.gen(function*() {
        yield* registerAt(server, [{ name: "big", url: server.url("/big") }, { name: "ok", url: server.url("/ok") }])
        const error = yield* Effect.flip(Client.execute({ name: "big" }))
        const elapsed = since(start)
        return [error, elapsed, yield* Client.execute({ name: "ok" })] as const
      }).pipe(Effect.provide(undiciLayer({ ...noRetry, timeout: "5 seconds" })))
      assert.instanceOf(error, Client.ResponseTooLarge)
      if (error._tag === "ResponseTooLarge") assert.strictEqual(error.maxBytes, 5 * MB)
      assert.isBelow(elapsed, 1_000)
      assert.deepStrictEqual(ok, { status: 200, data: { ok: true } })
      yield* eventually("the server sees the socket close", () => server.closedSockets() >= 1)
    }))

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
            const exit = yield* Effect.either(Client.execute({ name: "sized", arguments: { size, framing } }))
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

describe("undici transport: faults", () => {
  /** Runs `fault` (expected to fail), then `ok` twice on the same client. */
  const faultThenOk = (server: TestServer, options: Client.Options = noRetry, auth?: typeof bearer) =>
    Effect.gen(function*() {
      yield* registerAt(server, [
        { name: "fault", method: "POST", url: server.url("/fault") },
        { name: "ok", url: server.url("/ok"), params: [{ name: "n", type: "string" }], queryParams: { n: "{{n}}" } }
      ], auth)
      const error = yield* Effect.flip(Client.execute({ name: "fault" }))
      for (const n of ["1", "2"]) {
        assert.deepStrictEqual(yield* Client.execute({ name: "ok", arguments: { n } }), {
          status: 200,
          data: { ok: true, n }
        })
      }
      return error
    }).pipe(Effect.provide(undiciLayer(options)))

  const faultServer = (fault: (req: Recorded, res: http.ServerResponse) => void) =>
    testServer((req, res) =>
      req.path === "/ok" ? json(res, 200, { ok: true, n: req.query.get("n") }) : fault(req, res)
    )

  const target = (server: TestServer) => `tool "fault" (POST ${server.origin}/fault)`

  it.scoped("connection refused → TransportError \"connection refused\"; the client then works", () =>
    Effect.gen(function*() {
      const closed = yield* Effect.promise(() => startServer(() => undefined))
      yield* Effect.promise(closed.close)
      const server = yield* testServer((_req, res) => json(res, 200, { ok: true }))
      const [error, ok] = yield* Effect.gen(function*() {
        yield* registerAt(closed, [{ name: "down", url: closed.url("/down") }])
        yield* registerAt(server, [{ name: "up", url: server.url("/up") }])
        const error = yield* Effect.flip(Client.execute({ name: "down" }))
        return [error, yield* Client.execute({ name: "up" })] as const
      }).pipe(Effect.provide(undiciLayer(noRetry)))
      assert.instanceOf(error, Client.TransportError)
      assert.strictEqual(
        error.message,
        `tool "down" (GET ${closed.origin}/down): connection refused (${closed.origin})`
      )
      assert.deepStrictEqual(ok, { status: 200, data: { ok: true } })
    }))

  it.scoped("reset in the middle of a body (content-length) → TransportError, a broken read", () =>
    Effect.gen(function*() {
      const server = yield* faultServer((_req, res) => {
        res.writeHead(200, { "content-type": "application/json", "content-length": 10_000 })
        res.write(`{"items":[${"1,".repeat(500)}`)
        setTimeout(() => res.socket?.destroy(), 20)
      })
      const error = yield* faultThenOk(server)
      assert.instanceOf(error, Client.TransportError)
      assert.strictEqual(
        error.message,
        `${target(server)}: the connection to ${server.origin} broke while reading the response`
      )
    }))

  it.scoped("reset in the middle of a chunked body → TransportError, a broken read", () =>
    Effect.gen(function*() {
      const server = yield* faultServer((_req, res) => {
        res.writeHead(200, { "content-type": "application/json" })
        res.write(`{"items":[${"1,".repeat(500)}`)
        setTimeout(() => res.socket?.destroy(), 20)
      })
      const error = yield* faultThenOk(server)
      assert.instanceOf(error, Client.TransportError)
      assert.strictEqual(
        error.message,
        `${target(server)}: the connection to ${server.origin} broke while reading the response`
      )
    }))

  it.scoped("the server closes without answering (RST or FIN) → TransportError; the client then works", () =>
    Effect.gen(function*() {
      for (const close of ["destroy", "end"] as const) {
        const server = yield* faultServer((_req, res) =>
          close === "destroy" ? res.socket?.destroy() : res.socket?.end()
        )
        const error = yield* faultThenOk(server)
        assert.instanceOf(error, Client.TransportError, close)
        assert.strictEqual(error.message, `${target(server)}: connection reset (${server.origin})`, close)
        assert.strictEqual(server.requests.filter((r) => r.path === "/fault").length, 1)
      }
    }))

  it.scoped("invalid JSON labelled application/json → InvalidResponse; the client then works", () =>
    Effect.gen(function*() {
      const server = yield* faultServer((_req, res) => {
        res.writeHead(200, { "content-type": "application/json" })
        res.end("{\"truncated\": [1, 2,")
      })
      const error = yield* faultThenOk(server)
      assert.instanceOf(error, Client.InvalidResponse)
      assert.strictEqual(error.message, `${target(server)}: the response says it is JSON but does not parse`)
    }))

  it.scoped("non-2xx echoing the credential → HttpError with it redacted; the client then works", () =>
    Effect.gen(function*() {
      const server = yield* faultServer((req, res) =>
        json(res, 401, { error: "bad token", got: req.headers.authorization })
      )
      const error = yield* faultThenOk(server, { ...noRetry, credential: CREDENTIAL_SECRET }, bearer)
      assert.instanceOf(error, Client.HttpError)
      if (error._tag !== "HttpError") return
      assert.strictEqual(error.status, 401)
      assert.strictEqual(error.body, JSON.stringify({ error: "bad token", got: "Bearer <redacted>" }))
      assert.strictEqual(error.message, `${target(server)}: HTTP 401`)
      assert.notInclude(JSON.stringify(error), CREDENTIAL_SECRET)
      assert.strictEqual(server.requests[0]?.headers.authorization, `Bearer ${CREDENTIAL_SECRET}`)
    }))

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
      assert.deepStrictEqual(result, { status: 200, data: { calls: 2 } })
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
      assert.deepStrictEqual(result, { status: 200, data: { id: "u-42", name: "Ada" } })
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
      assert.deepStrictEqual(result, { status: 201, data: { created: true } })
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

describe("undici transport: nothing escapes", () => {
  it.scopedLive("no uncaught exception or unhandled rejection during this file", () =>
    Effect.gen(function*() {
      // Error events of destroyed bodies come on later ticks.
      yield* Effect.sleep("50 millis")
      assert.deepStrictEqual(unhandled.map(String), [])
    }))
})
