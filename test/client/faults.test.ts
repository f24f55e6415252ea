/**
 * Faults (issue 8) against real servers on 127.0.0.1: refused connections, resets before and in
 * the middle of a body, slow headers and slow bodies, a 50 MB body (with the bytes the client
 * holds meanwhile counted), wrong or lying content types, 429 and 5xx. Each fault gives its own
 * tagged error, and the same client then serves the next call normally. Retries are off (`retries: 0`)
 * except where they are the point; they are tested in `retry.test.ts`. Tests named after a
 * transport run over each of `TRANSPORTS` (fetch and undici); the others over fetch (`clientLayer`).
 */
import { target as effectTarget } from "#test-target"
import { assert, describe, it } from "../support/effectVitest.js"
import * as Effect from "effect/Effect"
import type * as Layer from "effect/Layer"
import type * as http from "node:http"
import * as Client from "../../src/Client.js"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import {
  type AuthInput,
  bearer,
  clientLayer,
  CREDENTIAL_SECRET,
  eventually,
  manifest,
  registerAt,
  type ToolInput
} from "../support/execute.js"
import { flood, json, type Recorded, startServer, type TestServer, testServer } from "../support/server.js"
import { TRANSPORTS, watchUnhandledErrors } from "../support/transports.js"
import { runProcess } from "../support/process.js"

const root = fileURLToPath(new URL("../..", import.meta.url))
const support = join(root, "test", "support")

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
      assert.deepStrictEqual<unknown>(result, { status: 200, data: { ok: true, n } })
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
        assert.deepStrictEqual<unknown>(ok, { status: 200, data: { ok: true } })
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
      const late = { sent: false }
      const server = yield* faultServer((res) => {
        const timer = setTimeout(() => {
          late.sent = true
          json(res, 200, { late: true })
        }, 2_000)
        res.on("close", () => clearTimeout(timer))
      })
      const error = yield* faultThenOk(server, clientLayer({ ...noRetry, timeout: "200 millis" }))
      assert.strictEqual(error._tag, "Timeout")
      assert.instanceOf(error, Client.Timeout)
      assert.strictEqual(
        error.message,
        `${target(server)}: no complete response within 200 ms; the request was aborted`
      )
      // Cut before the answer was due (both timers run in this process: no clock is compared).
      assert.isFalse(late.sent, "the server answered before the timeout")
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
        // The body never ends: only a timeout over the whole response (not one restarted by each
        // byte) ends the call at all.
        const error = yield* faultThenOk(server, layerFor({ ...noRetry, timeout: "250 millis" }))
        assert.strictEqual(error._tag, "Timeout")
        assert.instanceOf(error, Client.Timeout)
        if (error._tag === "Timeout") assert.strictEqual(error.timeoutMs, 250)
        yield* eventually("the server sees the dripping socket close", () => server.closedSockets() >= 1)
      }))
  }
})

describe("faults: a 50 MB body", () => {
  const MB = 1024 * 1024

  // Bytes the client holds, not RSS: heap and ArrayBuffers live after a full GC, in a child process
  // run with --expose-gc over the built package (test/support/bodyMemory.mjs), for each transport
  // of the promise facade. What it may hold is the 5 MiB cap (while the buffer doubles, the old
  // half too) and buffers in flight; never the 50 MB body.
  const BOUND = 16 * MB
  for (const transport of ["undici", "fetch"] as const) {
    // Runs the built Effect 3 package in a child process (bodyMemory.mjs): in the Effect 3 run only.
    it.scopedLive.skipIf(effectTarget !== "effect3")(`${transport}: chunked, no content-length → ResponseTooLarge; the client holds far less than the 50 MB meanwhile, and nothing of it after`, () =>
      Effect.gen(function*() {
        const total = 50 * MB
        const counter = { written: 0 }
        const server: TestServer = yield* testServer((req, res) => {
          if (req.path === "/rcp/manifest") return json(res, 200, manifest(tools(server)))
          if (req.path === "/ok") return json(res, 200, { ok: true, n: req.query.get("n") })
          counter.written = 0
          res.writeHead(200, { "content-type": "application/json" })
          flood(res, total, counter)
        })
        const run = yield* Effect.promise(() =>
          runProcess(process.execPath, ["--expose-gc", join(support, "bodyMemory.mjs"), server.url("/rcp/manifest"), transport], {
            cwd: root
          })
        )
        assert.strictEqual(run.status, 0, run.stderr)
        const out = JSON.parse(run.stdout) as {
          readonly tag: string
          readonly message: string
          readonly ok: unknown
          readonly peak: number
          readonly after: number
        }
        assert.strictEqual(out.tag, "ResponseTooLarge")
        assert.strictEqual(out.message, `${target(server)}: the response is larger than ${5 * MB} bytes; the rest was not read`)
        assert.deepStrictEqual(out.ok, { ok: true, n: "after" })
        yield* eventually("the server sees the socket close", () => server.closedSockets() >= 1)
        assert.isBelow(counter.written, total, "the client stopped reading: the server could not push the whole 50 MB")
        const shown = `live bytes grew by ${(out.peak / MB).toFixed(1)} MiB at most, ${(out.after / MB).toFixed(2)} MiB after`
        assert.isBelow(out.peak, BOUND, shown)
        // Between calls the client keeps no part of the body.
        assert.isBelow(out.after, MB, shown)
      }), 60_000)
  }

  for (const [label, layerFor] of TRANSPORTS) {
    it.scopedLive(`${label}: a declared content-length of 50 MB → ResponseTooLarge before the body is read`, () =>
      Effect.gen(function*() {
        const server = yield* faultServer((res) => {
          // Only one byte of the 50 MB ever comes: reading would wait for the timeout.
          res.writeHead(200, { "content-type": "application/json", "content-length": 50 * MB })
          res.write("[")
        })
        // Reading the body would end in Timeout (the rest never comes): ResponseTooLarge is the
        // answer only when the declared length alone decided.
        const error = yield* faultThenOk(server, layerFor({ ...noRetry, timeout: "5 seconds" }))
        assert.strictEqual(error._tag, "ResponseTooLarge")
        assert.instanceOf(error, Client.ResponseTooLarge)
        if (error._tag === "ResponseTooLarge") assert.strictEqual(error.maxBytes, 5 * MB)
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
      assert.deepStrictEqual<unknown>(result, { status: 200, data: "{\"a\":1}" })
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
      assert.deepStrictEqual<unknown>(results, [{ status: 200, data: "<p>hi</p>" }, { status: 200, data: "[1,2]" }])
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
