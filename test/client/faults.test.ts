/**
 * Faults (issue 8) against real servers on 127.0.0.1: refused connections, resets before and in
 * the middle of a body, slow headers and slow bodies, a 50 MB body (with the client's memory
 * growth measured), wrong or lying content types, 429 and 5xx. Each fault gives its own tagged
 * error, and the same client then serves the next call normally. Retries are off (`retries: 0`)
 * except where they are the point; they are tested in `retry.test.ts`. Tests named after a
 * transport run over each of `TRANSPORTS` (fetch and undici); the others over fetch (`clientLayer`).
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import type * as Layer from "effect/Layer"
import type * as http from "node:http"
import * as Client from "../../src/Client.js"
import {
  type AuthInput,
  bearer,
  clientLayer,
  CREDENTIAL_SECRET,
  eventually,
  manifest,
  registerAt,
  since,
  type ToolInput
} from "../support/execute.js"
import { flood, json, type Recorded, startServer, type TestServer, testServer } from "../support/server.js"
import { TRANSPORTS, watchUnhandledErrors } from "../support/transports.js"

const noRetry: Client.Options = { retry: { retries: 0 } }

/** A server with the fault under test on `/fault` and a healthy `/ok`. */
const faultServer = (fault: (res: http.ServerResponse, req: Recorded) => void) =>
  testServer((req, res) => (req.path === "/ok" ? json(res, 200, { ok: true, n: req.query.get("n") }) : fault(res, req)))

const tools = (server: TestServer): ReadonlyArray<ToolInput> => [
  { name: "fault", url: server.url("/fault") },
  { name: "ok", url: server.url("/ok"), params: [{ name: "n", type: "string" }], queryParams: { n: "{{n}}" } }
]

/** The target each error names: the tool and its URL template, never a value. */
const target = (server: TestServer, name = "fault", path = "/fault") => `tool "${name}" (GET ${server.origin}${path})`

/**
 * Runs the `fault` tool (expected to fail) and then `ok` twice on the same client: the error, and
 * proof that the client is still usable.
 */
const faultThenOk = (
  server: TestServer,
  layer: Layer.Layer<Client.RcpClient> = clientLayer(noRetry),
  auth?: AuthInput
) =>
  Effect.gen(function*() {
    yield* registerAt(server, tools(server), auth)
    const error = yield* Effect.flip(Client.execute({ name: "fault" }))
    for (const n of ["1", "2"]) {
      const result = yield* Client.execute({ name: "ok", arguments: { n } })
      assert.deepStrictEqual(result, { status: 200, data: { ok: true, n } })
    }
    return error
  }).pipe(Effect.provide(layer))

describe("faults: the connection", () => {
  for (const [label, layerFor] of TRANSPORTS) {
    it.scoped(`${label}: connection refused → TransportError "connection refused"; the client then works`, () =>
      Effect.gen(function*() {
        const closed = yield* Effect.promise(() => startServer(() => undefined))
        yield* Effect.promise(closed.close)
        const server = yield* testServer((_req, res) => json(res, 200, { ok: true }))
        const [error, ok] = yield* Effect.gen(function*() {
          yield* registerAt(closed, [{ name: "down", url: closed.url("/down") }])
          yield* registerAt(server, [{ name: "up", url: server.url("/up") }])
          const error = yield* Effect.flip(Client.execute({ name: "down" }))
          return [error, yield* Client.execute({ name: "up" })] as const
        }).pipe(Effect.provide(layerFor(noRetry)))
        assert.strictEqual(error._tag, "TransportError")
        assert.instanceOf(error, Client.TransportError)
        assert.strictEqual(
          error.message,
          `tool "down" (GET ${closed.origin}/down): connection refused (${closed.origin})`
        )
        assert.deepStrictEqual(ok, { status: 200, data: { ok: true } })
      }))

    for (
      const [how, close] of [
        ["closes the socket (RST)", (res: http.ServerResponse) => res.socket?.destroy()],
        ["ends the socket gracefully (FIN)", (res: http.ServerResponse) => res.socket?.end()]
      ] as const
    ) {
      it.scoped(`${label}: the server ${how} without answering → TransportError "connection reset"`, () =>
        Effect.gen(function*() {
          const server = yield* faultServer(close)
          const error = yield* faultThenOk(server, layerFor(noRetry))
          assert.strictEqual(error._tag, "TransportError")
          assert.instanceOf(error, Client.TransportError)
          assert.strictEqual(error.message, `${target(server)}: connection reset (${server.origin})`)
          assert.strictEqual(server.requests.filter((r) => r.path === "/fault").length, 1)
        }))
    }

    for (const [framing, headers] of [["content-length", { "content-length": 10_000 }], ["chunked", {}]] as const) {
      it.scoped(`${label}: reset in the middle of a body (${framing}) → TransportError naming a broken read`, () =>
        Effect.gen(function*() {
          const server = yield* faultServer((res) => {
            res.writeHead(200, { "content-type": "application/json", ...headers })
            res.write(`{"items":[${"1,".repeat(500)}`)
            setTimeout(() => res.socket?.destroy(), 20)
          })
          const error = yield* faultThenOk(server, layerFor(noRetry))
          assert.strictEqual(error._tag, "TransportError")
          assert.instanceOf(error, Client.TransportError)
          assert.strictEqual(
            error.message,
            `${target(server)}: the connection to ${server.origin} broke while reading the response`
          )
        }))
    }
  }
})

describe("faults: slow servers", () => {
  it.scopedLive("headers slower than the timeout → Timeout, the socket closed; the client then works", () =>
    Effect.gen(function*() {
      const server = yield* faultServer((res) => {
        const timer = setTimeout(() => json(res, 200, { late: true }), 2_000)
        res.on("close", () => clearTimeout(timer))
      })
      const start = Date.now()
      const error = yield* faultThenOk(server, clientLayer({ ...noRetry, timeout: "200 millis" }))
      assert.strictEqual(error._tag, "Timeout")
      assert.instanceOf(error, Client.Timeout)
      assert.strictEqual(
        error.message,
        `${target(server)}: no complete response within 200 ms; the request was aborted`
      )
      assert.isBelow(since(start), 1_500)
      yield* eventually("the server sees the slow socket close", () => server.closedSockets() >= 1)
    }))

  for (const [label, layerFor] of TRANSPORTS) {
    it.scopedLive(`${label}: a body that drips one byte every 20 ms → Timeout; the client then works`, () =>
      Effect.gen(function*() {
        const server = yield* faultServer((res) => {
          res.writeHead(200, { "content-type": "application/json" })
          res.write("[")
          const timer = setInterval(() => res.write("1,"), 20)
          res.on("close", () => clearInterval(timer))
        })
        const start = Date.now()
        const error = yield* faultThenOk(server, layerFor({ ...noRetry, timeout: "250 millis" }))
        assert.strictEqual(error._tag, "Timeout")
        assert.instanceOf(error, Client.Timeout)
        if (error._tag === "Timeout") assert.strictEqual(error.timeoutMs, 250)
        assert.isBelow(since(start), 1_500)
        yield* eventually("the server sees the dripping socket close", () => server.closedSockets() >= 1)
      }))
  }
})

describe("faults: a 50 MB body", () => {
  const MB = 1024 * 1024

  interface Memory {
    readonly rss: number
    readonly heapUsed: number
    readonly arrayBuffers: number
  }
  const memory = (): Memory => {
    const { arrayBuffers, heapUsed, rss } = process.memoryUsage()
    return { rss, heapUsed, arrayBuffers }
  }

  it.scopedLive("chunked, no content-length → ResponseTooLarge; memory growth stays far below 50 MB", () =>
    Effect.gen(function*() {
      const total = 50 * MB
      const counter = { written: 0 }
      const server = yield* faultServer((res) => {
        counter.written = 0
        res.writeHead(200, { "content-type": "application/json" })
        flood(res, total, counter)
      })
      const result = yield* Effect.gen(function*() {
        yield* registerAt(server, tools(server))
        // Warm up (modules, connection pool) so the measurement sees only the large response.
        yield* Client.execute({ name: "ok", arguments: { n: "0" } })
        const before = memory()
        const peak = { ...before }
        const sampler = setInterval(() => {
          const now = memory()
          peak.rss = Math.max(peak.rss, now.rss)
          peak.heapUsed = Math.max(peak.heapUsed, now.heapUsed)
          peak.arrayBuffers = Math.max(peak.arrayBuffers, now.arrayBuffers)
        }, 2)
        const start = Date.now()
        const error = yield* Effect.flip(Client.execute({ name: "fault" })).pipe(
          Effect.ensuring(Effect.sync(() => clearInterval(sampler)))
        )
        const elapsed = since(start)
        const after = memory()
        peak.rss = Math.max(peak.rss, after.rss)
        peak.heapUsed = Math.max(peak.heapUsed, after.heapUsed)
        peak.arrayBuffers = Math.max(peak.arrayBuffers, after.arrayBuffers)
        const ok = yield* Client.execute({ name: "ok", arguments: { n: "after" } })
        return { error, elapsed, before, peak, after, ok }
      }).pipe(Effect.provide(clientLayer(noRetry)))
      const { after, before, error, ok, peak } = result
      assert.strictEqual(error._tag, "ResponseTooLarge")
      assert.strictEqual(
        error.message,
        `${target(server)}: the response is larger than ${5 * MB} bytes; the rest was not read`
      )
      assert.deepStrictEqual(ok, { status: 200, data: { ok: true, n: "after" } })
      assert.isBelow(result.elapsed, 5_000)
      yield* eventually("the server sees the socket close", () => server.closedSockets() >= 1)
      assert.isBelow(counter.written, total, "the client stopped reading: the server could not push the whole 50 MB")
      const growth = (m: Memory) => ({
        rss: (m.rss - before.rss) / MB,
        heapUsed: (m.heapUsed - before.heapUsed) / MB,
        arrayBuffers: (m.arrayBuffers - before.arrayBuffers) / MB
      })
      const peakGrowth = growth(peak)
      const afterGrowth = growth(after)
      // What the client may hold is the 5 MiB cap plus buffers in flight; never the 50 MB body.
      assert.isBelow(peakGrowth.heapUsed + peakGrowth.arrayBuffers, 40, JSON.stringify({ peakGrowth }))
      assert.isBelow(peakGrowth.rss, 40, JSON.stringify({ peakGrowth }))
      assert.isBelow(afterGrowth.rss, 40, JSON.stringify({ afterGrowth }))
      console.log(
        `50 MB body: memory growth in MB (peak / after): rss ${peakGrowth.rss.toFixed(1)} / ${
          afterGrowth.rss.toFixed(1)
        }, heapUsed ${peakGrowth.heapUsed.toFixed(1)} / ${afterGrowth.heapUsed.toFixed(1)}, arrayBuffers ${
          peakGrowth.arrayBuffers.toFixed(1)
        } / ${afterGrowth.arrayBuffers.toFixed(1)}; server wrote ${(counter.written / MB).toFixed(1)} MB`
      )
    }))

  for (const [label, layerFor] of TRANSPORTS) {
    it.scopedLive(`${label}: a declared content-length of 50 MB → ResponseTooLarge before the body is read`, () =>
      Effect.gen(function*() {
        const server = yield* faultServer((res) => {
          // Only one byte of the 50 MB ever comes: reading would wait for the timeout.
          res.writeHead(200, { "content-type": "application/json", "content-length": 50 * MB })
          res.write("[")
        })
        const start = Date.now()
        const error = yield* faultThenOk(server, layerFor({ ...noRetry, timeout: "5 seconds" }))
        assert.strictEqual(error._tag, "ResponseTooLarge")
        assert.instanceOf(error, Client.ResponseTooLarge)
        if (error._tag === "ResponseTooLarge") assert.strictEqual(error.maxBytes, 5 * MB)
        assert.isBelow(since(start), 1_000)
        yield* eventually("the server sees the socket close", () => server.closedSockets() >= 1)
      }))
  }
})

describe("faults: content types", () => {
  it.scoped("an HTML page where a manifest is expected → InvalidResponse \"not JSON\"; discovery then works", () =>
    Effect.gen(function*() {
      const server = yield* testServer((req, res) => {
        if (req.path === "/html") {
          res.writeHead(200, { "content-type": "text/html; charset=utf-8" })
          return void res.end("<!doctype html><html><body>Sign in</body></html>")
        }
        json(res, 200, manifest([{ name: "ok", url: server.url("/ok") }]))
      })
      const [error, discovery] = yield* Effect.gen(function*() {
        const error = yield* Effect.flip(Client.discover(server.url("/html")))
        return [error, yield* Client.discover(server.url("/rcp/manifest"))] as const
      }).pipe(Effect.provide(clientLayer(noRetry)))
      assert.strictEqual(error._tag, "InvalidResponse")
      assert.instanceOf(error, Client.InvalidResponse)
      assert.strictEqual(
        error.message,
        `${server.url("/html")}: the manifest is not JSON: expected a value (an object, array, string, number, ` +
          `true, false or null) at line 1, column 1`
      )
      assert.deepStrictEqual(discovery.tools.map((t) => t.name), ["ok"])
    }))

  it.scoped("a tool's JSON text labelled text/plain comes back as text, not parsed", () =>
    Effect.gen(function*() {
      const server = yield* faultServer((res) => {
        res.writeHead(200, { "content-type": "text/plain; charset=utf-8" })
        res.end("{\"a\":1}")
      })
      const result = yield* Effect.gen(function*() {
        yield* registerAt(server, tools(server))
        return yield* Client.execute({ name: "fault" })
      }).pipe(Effect.provide(clientLayer(noRetry)))
      assert.deepStrictEqual(result, { status: 200, data: "{\"a\":1}" })
    }))

  it.scoped("a tool's HTML page comes back as text; a body without content-type too", () =>
    Effect.gen(function*() {
      let html = true
      const server = yield* faultServer((res) => {
        if (html) res.setHeader("content-type", "text/html")
        res.end(html ? "<p>hi</p>" : "[1,2]")
      })
      const results = yield* Effect.gen(function*() {
        yield* registerAt(server, tools(server))
        const first = yield* Client.execute({ name: "fault" })
        html = false
        return [first, yield* Client.execute({ name: "fault" })]
      }).pipe(Effect.provide(clientLayer(noRetry)))
      assert.deepStrictEqual(results, [{ status: 200, data: "<p>hi</p>" }, { status: 200, data: "[1,2]" }])
    }))

  for (const [label, layerFor] of TRANSPORTS) {
    it.scoped(`${label}: invalid JSON labelled application/json → InvalidResponse; the client then works`, () =>
      Effect.gen(function*() {
        const server = yield* faultServer((res) => {
          res.writeHead(200, { "content-type": "application/json" })
          res.end("{\"truncated\": [1, 2,")
        })
        const error = yield* faultThenOk(server, layerFor(noRetry))
        assert.strictEqual(error._tag, "InvalidResponse")
        assert.instanceOf(error, Client.InvalidResponse)
        assert.strictEqual(error.message, `${target(server)}: the response says it is JSON but does not parse`)
      }))
  }

  it.scoped("invalid JSON labelled with a +json type (problem+json) → InvalidResponse", () =>
    Effect.gen(function*() {
      const server = yield* faultServer((res) => {
        res.writeHead(200, { "content-type": "application/problem+json; charset=utf-8" })
        res.end("<html>")
      })
      const error = yield* faultThenOk(server)
      assert.strictEqual(error._tag, "InvalidResponse")
    }))
})

describe("faults: error statuses", () => {
  for (const [label, layerFor] of TRANSPORTS) {
    it.scoped(`${label}: non-2xx echoing the credential → HttpError with it redacted; the client then works`, () =>
      Effect.gen(function*() {
        const server = yield* faultServer((res, req) =>
          json(res, 401, { error: "bad token", got: req.headers.authorization })
        )
        const error = yield* faultThenOk(server, layerFor({ ...noRetry, credential: CREDENTIAL_SECRET }), bearer)
        assert.strictEqual(error._tag, "HttpError")
        assert.instanceOf(error, Client.HttpError)
        if (error._tag !== "HttpError") return
        assert.strictEqual(error.status, 401)
        assert.strictEqual(error.body, JSON.stringify({ error: "bad token", got: "Bearer <redacted>" }))
        assert.strictEqual(error.message, `${target(server)}: HTTP 401`)
        assert.notInclude(JSON.stringify(error), CREDENTIAL_SECRET)
        assert.strictEqual(server.requests[0]?.headers.authorization, `Bearer ${CREDENTIAL_SECRET}`)
      }))
  }

  it.scoped("429 with Retry-After (retries off) → HttpError 429 with the body excerpt; the client then works", () =>
    Effect.gen(function*() {
      const server = yield* faultServer((res) => json(res, 429, { error: "slow down" }, { "retry-after": "1" }))
      const error = yield* faultThenOk(server)
      assert.strictEqual(error._tag, "HttpError")
      assert.instanceOf(error, Client.HttpError)
      if (error._tag !== "HttpError") return
      assert.strictEqual(error.status, 429)
      assert.strictEqual(error.body, "{\"error\":\"slow down\"}")
      assert.strictEqual(error.message, `${target(server)}: HTTP 429`)
      assert.strictEqual(server.requests.filter((r) => r.path === "/fault").length, 1)
    }))

  it.scoped("429 with a Retry-After beyond the cap (default retries) → HttpError 429 at once, one attempt", () =>
    Effect.gen(function*() {
      const server = yield* faultServer((res) =>
        json(res, 429, { error: "come back tomorrow" }, { "retry-after": "86400" })
      )
      const error = yield* faultThenOk(server, clientLayer({}))
      assert.strictEqual(error._tag, "HttpError")
      if (error._tag === "HttpError") assert.strictEqual(error.status, 429)
      assert.strictEqual(server.requests.filter((r) => r.path === "/fault").length, 1)
    }))

  for (const status of [500, 502, 503, 504]) {
    it.scoped(`${status} → HttpError ${status} with the body excerpt; the client then works`, () =>
      Effect.gen(function*() {
        const server = yield* faultServer((res) => {
          res.writeHead(status, { "content-type": "text/plain" })
          res.end(`upstream said ${status}`)
        })
        const error = yield* faultThenOk(server)
        assert.strictEqual(error._tag, "HttpError")
        if (error._tag !== "HttpError") return
        assert.strictEqual(error.status, status)
        assert.strictEqual(error.body, `upstream said ${status}`)
        assert.strictEqual(error.message, `${target(server)}: HTTP ${status}`)
        assert.strictEqual(server.requests.filter((r) => r.path === "/fault").length, 1)
      }))
  }
})

watchUnhandledErrors()
