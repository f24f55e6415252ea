/**
 * Sending (docs/protocol.md §3.6–§3.7) against real sockets: the redirect matrix (same-origin followed with the
 * right method, cross-origin refused before anything reaches the other server), the redirect
 * limit, timeouts, the response size cap, non-2xx responses and interruption. Tests named after a
 * transport run over each of `TRANSPORTS` (fetch and undici); the others over fetch (`clientLayer`).
 * Runs on both Effects (vitest.effect4.config.ts); the same rules over @effect/platform-node's
 * clients are `platformNode.test.ts` (Effect 3 only).
 */
import { fork } from "#test-target"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Client from "../../src/Client.js"
import {
  bearer,
  clientLayer,
  CREDENTIAL_SECRET,
  eventually,
  POST_BODY as BODY,
  postTool,
  registerAt,
  since,
  type Attempts
} from "../support/execute.js"
import { flood, json, redirect, testServer, untouched } from "../support/server.js"
import { assert, describe, it } from "../support/effectVitest.js"
import { TRANSPORTS, watchUnhandledErrors } from "../support/transports.js"

const MB = 1024 * 1024

describe("execute: redirects", () => {
  const matrix: ReadonlyArray<readonly [status: number, method: "POST" | "GET"]> = [
    [301, "GET"],
    [302, "GET"],
    [303, "GET"],
    [307, "POST"],
    [308, "POST"]
  ]

  for (const [label, layerFor] of TRANSPORTS) {
    for (const [status, method] of matrix) {
      it.scoped(`${label}: ${status} same-origin: followed as ${method}, credential re-sent to the same origin`, () =>
        Effect.gen(function*() {
          const server = yield* testServer((req, res) =>
            req.path === "/start" ? redirect(res, status, "/final?step=2") : json(res, 200, { at: req.path })
          )
          const result = yield* Effect.gen(function*() {
            yield* registerAt(server, [postTool(server.origin)], bearer)
            return yield* Client.execute({ name: "submit", arguments: { text: "hello" } })
          }).pipe(Effect.provide(layerFor({ credential: "tok-same" })))
          assert.deepStrictEqual<unknown>(result, { status: 200, data: { at: "/final" } })
          const [first, second] = server.requests
          assert.strictEqual(server.requests.length, 2)
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

      it.scoped(`${label}: ${status} cross-origin: RedirectRefused, the other server never sees a connection`, () =>
        Effect.gen(function*() {
          const other = yield* testServer((_req, res) => json(res, 200, { stolen: true }))
          const server = yield* testServer((_req, res) => redirect(res, status, other.url("/collect?x=1")))
          const error = yield* Effect.gen(function*() {
            yield* registerAt(server, [postTool(server.origin)], bearer)
            return yield* Effect.flip(Client.execute({ name: "submit", arguments: { text: "hello" } }))
          }).pipe(Effect.provide(layerFor({ credential: CREDENTIAL_SECRET })))
          assert.strictEqual(error._tag, "RedirectRefused")
          assert.instanceOf(error, Client.RedirectRefused)
          if (error._tag !== "RedirectRefused") return
          assert.strictEqual(error.status, status)
          assert.strictEqual(error.origin, server.origin)
          assert.strictEqual(error.location, other.origin)
          assert.include(error.message, `refused a ${status} redirect from ${server.origin} to ${other.origin}`)
          assert.include(error.message, "nothing was sent there")
          assert.notInclude(error.message, CREDENTIAL_SECRET)
          assert.notInclude(JSON.stringify(error), CREDENTIAL_SECRET)
          assert.strictEqual(server.requests.length, 1)
          assert.strictEqual(server.requests[0]?.headers.authorization, `Bearer ${CREDENTIAL_SECRET}`)
          untouched(other)
        }))
    }

    it.scoped(
      `${label}: only a POST becomes a GET on 301/302; a PUT keeps its method and body, 303 turns it into a GET`,
      () =>
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
          }).pipe(Effect.provide(layerFor()))
          assert.deepStrictEqual(seen, [
            [301, "PUT", BODY],
            [302, "PUT", BODY],
            [303, "GET", ""],
            [307, "PUT", BODY],
            [308, "PUT", BODY]
          ])
        })
    )

    it.scoped(`${label}: a redirect to the same host under another name (localhost) or scheme is cross-origin`, () =>
      Effect.gen(function*() {
        let location = ""
        const server = yield* testServer((req, res) =>
          req.path === "/start" ? redirect(res, 307, location) : json(res, 200, {})
        )
        const targets = [
          `http://localhost:${server.port}/final`,
          `https://127.0.0.1:${server.port}/final`,
          `//localhost:${server.port}/final`,
          "file:///etc/passwd",
          "javascript:alert(1)"
        ]
        const errors = yield* Effect.gen(function*() {
          yield* registerAt(server, [postTool(server.origin)], bearer)
          const errors: Array<string> = []
          for (const target of targets) {
            location = target
            errors.push((yield* Effect.flip(Client.execute({ name: "submit", arguments: { text: "hello" } })))._tag)
          }
          return errors
        }).pipe(Effect.provide(layerFor({ credential: "t" })))
        assert.deepStrictEqual(errors, Array(targets.length).fill("RedirectRefused"))
        assert.deepStrictEqual(server.requests.map((r) => r.path), Array(targets.length).fill("/start"))
      }))

    it.scoped(
      `${label}: query auth: the credential is re-applied on a same-origin redirect (and cannot be overridden)`,
      () =>
        Effect.gen(function*() {
          const server = yield* testServer((req, res) =>
            req.path === "/start" ? redirect(res, 307, "/final?api_key=forged&page=2") : json(res, 200, {})
          )
          yield* Effect.gen(function*() {
            yield* registerAt(server, [postTool(server.origin)], { type: "query", name: "api_key" })
            yield* Client.execute({ name: "submit", arguments: { text: "hello" } })
          }).pipe(Effect.provide(layerFor({ credential: "key-1" })))
          const [first, second] = server.requests
          assert.strictEqual(server.requests.length, 2)
          assert.deepStrictEqual([...first!.query.entries()], [["api_key", "key-1"]])
          assert.strictEqual(second?.path, "/final")
          assert.deepStrictEqual(second?.query.getAll("api_key"), ["key-1"])
          assert.deepStrictEqual(second?.query.getAll("page"), ["2"])
          assert.strictEqual(second?.method, "POST")
          assert.strictEqual(second?.body, BODY)
        })
    )

    it.scoped(`${label}: at most 5 redirects: a 5-hop chain succeeds, a 6th hop is TooManyRedirects`, () =>
      Effect.gen(function*() {
        // /r/n redirects to /r/(n-1); /r/0 answers.
        const server = yield* testServer((req, res) => {
          const n = Number(req.path.split("/")[2])
          return n > 0 ? redirect(res, 302, `/r/${n - 1}`) : json(res, 200, { done: true })
        })
        const tools = [
          { name: "five", url: `${server.origin}/r/5` },
          { name: "six", url: `${server.origin}/r/6` },
          { name: "loop", url: `${server.origin}/r/1000` }
        ]
        const [five, six, loop] = yield* Effect.gen(function*() {
          yield* registerAt(server, tools)
          return [
            yield* Client.execute({ name: "five" }),
            yield* Effect.flip(Client.execute({ name: "six" })),
            yield* Effect.flip(Client.execute({ name: "loop" }))
          ] as const
        }).pipe(Effect.provide(layerFor()))
        assert.deepStrictEqual<unknown>(five, { status: 200, data: { done: true } })
        assert.strictEqual(six._tag, "TooManyRedirects")
        assert.instanceOf(six, Client.TooManyRedirects)
        assert.include(six.message, "more than 5 redirects")
        assert.strictEqual(loop._tag, "TooManyRedirects")
        // 6 requests for "five", then 6 each (the first and 5 followed hops) for "six" and "loop":
        // the 6th hop is never sent.
        assert.strictEqual(server.requests.length, 18)
        assert.deepStrictEqual(server.requests.slice(6, 12).map((r) => r.path), [
          "/r/6",
          "/r/5",
          "/r/4",
          "/r/3",
          "/r/2",
          "/r/1"
        ])
        assert.deepStrictEqual(server.requests.slice(12).map((r) => r.path), [
          "/r/1000",
          "/r/999",
          "/r/998",
          "/r/997",
          "/r/996",
          "/r/995"
        ])
      }))

    it.scoped(`${label}: maxRedirects: 0 follows none`, () =>
      Effect.gen(function*() {
        const server = yield* testServer((req, res) =>
          req.path === "/start" ? redirect(res, 302, "/final") : json(res, 200, {})
        )
        const error = yield* Effect.gen(function*() {
          yield* registerAt(server, [{ name: "get", url: server.url("/start") }])
          return yield* Effect.flip(Client.execute({ name: "get" }))
        }).pipe(Effect.provide(layerFor({ maxRedirects: 0 })))
        assert.strictEqual(error._tag, "TooManyRedirects")
        assert.instanceOf(error, Client.TooManyRedirects)
        assert.strictEqual(server.requests.length, 1)
      }))
  }

  it.scoped("the HttpClient is asked for each same-origin hop, and never for another origin", () =>
    Effect.gen(function*() {
      const other = yield* testServer((_req, res) => json(res, 200, { stolen: true }))
      let status = 0
      let location = ""
      const server = yield* testServer((req, res) =>
        req.path === "/start" ? redirect(res, status, location) : json(res, 200, { at: req.path })
      )
      const asked: Array<readonly [number, string, ReadonlyArray<string>]> = []
      for (const [s] of matrix) {
        for (const to of ["/final?step=2", other.url("/collect?x=1")]) {
          status = s
          location = to
          const attempts: Attempts = { urls: [] }
          yield* Effect.gen(function*() {
            yield* registerAt(server, [postTool(server.origin)], bearer)
            yield* Effect.exit(Client.execute({ name: "submit", arguments: { text: "hello" } }))
          }).pipe(Effect.provide(clientLayer({ credential: CREDENTIAL_SECRET }, {}, attempts)))
          asked.push([s, to, attempts.urls])
        }
      }
      assert.deepStrictEqual(
        asked,
        matrix.flatMap(([s]) => [
          [s, "/final?step=2", [server.url("/start"), server.url("/final?step=2")]],
          [s, other.url("/collect?x=1"), [server.url("/start")]]
        ])
      )
    }))

  it.scoped("a 3xx without Location is a response like any other (HttpError)", () =>
    Effect.gen(function*() {
      const server = yield* testServer((_req, res) => json(res, 300, { choices: [] }))
      const error = yield* Effect.gen(function*() {
        yield* registerAt(server, [{ name: "get", url: server.url("/x") }])
        return yield* Effect.flip(Client.execute({ name: "get" }))
      }).pipe(Effect.provide(clientLayer()))
      assert.strictEqual(error._tag, "HttpError")
      if (error._tag === "HttpError") assert.strictEqual(error.status, 300)
    }))
})

describe("execute: timeout", () => {
  for (const [label, layerFor] of TRANSPORTS) {
    it.scopedLive(`${label}: per call: a server that never answers → Timeout, and the socket is closed`, () =>
      Effect.gen(function*() {
        const server = yield* testServer(() => undefined)
        const start = Date.now()
        const error = yield* Effect.gen(function*() {
          yield* registerAt(server, [{ name: "hang", url: server.url("/hang") }])
          return yield* Effect.flip(Client.execute({ name: "hang" }, { timeout: "200 millis" }))
        }).pipe(Effect.provide(layerFor()))
        const elapsed = since(start)
        assert.strictEqual(error._tag, "Timeout")
        assert.instanceOf(error, Client.Timeout)
        if (error._tag !== "Timeout") return
        assert.strictEqual(error.timeoutMs, 200)
        assert.strictEqual(
          error.message,
          `tool "hang" (GET ${server.origin}/hang): no complete response within 200 ms; the request was aborted`
        )
        // Not before its time (a lower bound a loaded machine cannot break); the server never
        // answers, so only the timeout can have ended the call.
        assert.isAtLeast(elapsed, 190)
        assert.strictEqual(server.requests.length, 1)
        yield* eventually("the server sees the socket close", () => server.closedSockets() >= 1)
      }))

    it.scopedLive(`${label}: per client; the per-call option overrides it; the hung socket is closed`, () =>
      Effect.gen(function*() {
        const server = yield* testServer((req, res) => {
          if (req.path === "/slowish") setTimeout(() => json(res, 200, { late: true }), 300)
        })
        const [hang, slowish] = yield* Effect.gen(function*() {
          yield* registerAt(server, [
            { name: "hang", url: server.url("/hang") },
            { name: "slowish", url: server.url("/slowish") }
          ])
          // The server never answers /hang: only the client's timeout ends the call.
          const hang = yield* Effect.flip(Client.execute({ name: "hang" }))
          // Closed by the timeout itself, while the client is still alive.
          yield* eventually("the hung socket closes", () => server.closedSockets() >= 1)
          const slowish = yield* Client.execute({ name: "slowish" }, { timeout: "5 seconds" })
          return [hang, slowish] as const
        }).pipe(Effect.provide(layerFor({ timeout: "150 millis" })))
        assert.strictEqual(hang._tag, "Timeout")
        assert.instanceOf(hang, Client.Timeout)
        if (hang._tag === "Timeout") assert.strictEqual(hang.timeoutMs, 150)
        assert.deepStrictEqual<unknown>(slowish, { status: 200, data: { late: true } })
      }))

    it.scopedLive(`${label}: one timeout covers every redirect hop and the body`, () =>
      Effect.gen(function*() {
        const server = yield* testServer((req, res) => {
          const n = Number(req.path.split("/")[2])
          // Each hop takes 80 ms: 4 hops exceed a 200 ms budget though each one alone fits.
          setTimeout(() => (n > 0 ? redirect(res, 302, `/r/${n - 1}`) : json(res, 200, {})), 80)
        })
        const error = yield* Effect.gen(function*() {
          yield* registerAt(server, [{ name: "chain", url: server.url("/r/4") }])
          return yield* Effect.flip(Client.execute({ name: "chain" }, { timeout: "200 millis" }))
        }).pipe(Effect.provide(layerFor()))
        assert.strictEqual(error._tag, "Timeout")
        assert.isBelow(server.requests.length, 5)
      }))
  }

  it.scopedLive("a body that trickles past the timeout is aborted too", () =>
    Effect.gen(function*() {
      const server = yield* testServer((_req, res) => {
        res.writeHead(200, { "content-type": "application/json" })
        res.write("[")
        const timer = setInterval(() => res.write("1,"), 20)
        res.on("close", () => clearInterval(timer))
      })
      const error = yield* Effect.gen(function*() {
        yield* registerAt(server, [{ name: "trickle", url: server.url("/t") }])
        return yield* Effect.flip(Client.execute({ name: "trickle" }, { timeout: "200 millis" }))
      }).pipe(Effect.provide(clientLayer()))
      assert.strictEqual(error._tag, "Timeout")
      yield* eventually("the server sees the socket close", () => server.closedSockets() >= 1)
    }))
})

describe("execute: response size cap", () => {
  for (const [label, layerFor] of TRANSPORTS) {
    it.scopedLive(
      `${label}: a 50 MB chunked body (no content-length) → ResponseTooLarge, quickly; the client then works`,
      () =>
        Effect.gen(function*() {
          const total = 50 * MB
          const counter = { written: 0 }
          const server = yield* testServer((req, res) => {
            if (req.path === "/ok") return json(res, 200, { ok: true })
            res.writeHead(200, { "content-type": "application/json" })
            flood(res, total, counter)
          })
          const [error, ok] = yield* Effect.gen(function*() {
            yield* registerAt(server, [
              { name: "flood", url: server.url("/flood") },
              { name: "ok", url: server.url("/ok") }
            ])
            const error = yield* Effect.flip(Client.execute({ name: "flood" }))
            return [error, yield* Client.execute({ name: "ok" })] as const
          }).pipe(Effect.provide(layerFor()))
          assert.strictEqual(error._tag, "ResponseTooLarge")
          assert.instanceOf(error, Client.ResponseTooLarge)
          if (error._tag !== "ResponseTooLarge") return
          assert.strictEqual(error.maxBytes, 5 * MB)
          assert.strictEqual(
            error.message,
            `tool "flood" (GET ${server.origin}/flood): the response is larger than ${
              5 * MB
            } bytes; the rest was not read`
          )
          assert.deepStrictEqual<unknown>(ok, { status: 200, data: { ok: true } })
          yield* eventually("the server sees the socket close", () => server.closedSockets() >= 1)
          // The client stopped reading: the server could not push the whole 50 MB.
          assert.isBelow(counter.written, total)
        })
    )
  }

  it.scoped("a declared content-length over the cap fails before the body is read", () =>
    Effect.gen(function*() {
      const server = yield* testServer((_req, res) => {
        res.writeHead(200, { "content-type": "text/plain", "content-length": 2048 })
        res.end("x".repeat(2048))
      })
      const error = yield* Effect.gen(function*() {
        yield* registerAt(server, [{ name: "big", url: server.url("/big") }])
        return yield* Effect.flip(Client.execute({ name: "big" }))
      }).pipe(Effect.provide(clientLayer({ maxResponseBytes: 1024 })))
      assert.strictEqual(error._tag, "ResponseTooLarge")
      if (error._tag === "ResponseTooLarge") assert.strictEqual(error.maxBytes, 1024)
    }))

  it.scoped("a body exactly at the cap is read", () =>
    Effect.gen(function*() {
      const server = yield* testServer((_req, res) => {
        res.writeHead(200, { "content-type": "text/plain" })
        res.end("x".repeat(1024))
      })
      const result = yield* Effect.gen(function*() {
        yield* registerAt(server, [{ name: "fits", url: server.url("/fits") }])
        return yield* Client.execute({ name: "fits" })
      }).pipe(Effect.provide(clientLayer({ maxResponseBytes: 1024 })))
      assert.strictEqual(result.data, "x".repeat(1024))
    }))

  it.scoped("the cap applies to error bodies too", () =>
    Effect.gen(function*() {
      const server = yield* testServer((_req, res) => json(res, 500, { detail: "y".repeat(4096) }))
      const error = yield* Effect.gen(function*() {
        yield* registerAt(server, [{ name: "big", url: server.url("/big") }])
        return yield* Effect.flip(Client.execute({ name: "big" }))
      }).pipe(Effect.provide(clientLayer({ maxResponseBytes: 1024 })))
      assert.strictEqual(error._tag, "ResponseTooLarge")
    }))
})

describe("execute: non-2xx responses", () => {
  it.scoped("a JSON error body → HttpError { status, body excerpt }", () =>
    Effect.gen(function*() {
      const server = yield* testServer((_req, res) =>
        json(res, 422, { error: "invalid_city", detail: "Unknown city \"Atlantis\"" })
      )
      const error = yield* Effect.gen(function*() {
        yield* registerAt(server, [{ name: "weather", url: server.url("/weather") }])
        return yield* Effect.flip(Client.execute({ name: "weather" }))
      }).pipe(Effect.provide(clientLayer()))
      assert.strictEqual(error._tag, "HttpError")
      assert.instanceOf(error, Client.HttpError)
      if (error._tag !== "HttpError") return
      assert.strictEqual(error.status, 422)
      assert.strictEqual(error.body, JSON.stringify({ error: "invalid_city", detail: "Unknown city \"Atlantis\"" }))
      assert.include(error.message, `tool "weather" (GET ${server.origin}/weather): HTTP 422`)
    }))

  it.scoped("the excerpt is at most 1024 characters", () =>
    Effect.gen(function*() {
      const server = yield* testServer((_req, res) => json(res, 500, { detail: "é".repeat(5000) }))
      const error = yield* Effect.gen(function*() {
        yield* registerAt(server, [{ name: "big", url: server.url("/big") }])
        return yield* Effect.flip(Client.execute({ name: "big" }))
      }).pipe(Effect.provide(clientLayer()))
      assert.strictEqual(error._tag, "HttpError")
      if (error._tag !== "HttpError") return
      assert.strictEqual(error.status, 500)
      assert.strictEqual(error.body.length, 1024)
      assert.isTrue(error.body.startsWith("{\"detail\":\"ééé"))
    }))

  it.scoped("a credential the server echoes is redacted in the excerpt (header and query auth)", () =>
    Effect.gen(function*() {
      const server = yield* testServer((req, res) =>
        json(res, 401, { error: "bad token", got: req.headers.authorization ?? req.query.get("key") })
      )
      const [header, query] = yield* Effect.gen(function*() {
        const errors = []
        for (const auth of [bearer, { type: "query" as const, name: "key" }]) {
          yield* registerAt(server, [{ name: "t", url: server.url("/t") }], auth)
          errors.push(yield* Effect.flip(Client.execute({ name: "t" })))
        }
        return errors
      }).pipe(Effect.provide(clientLayer({ credential: CREDENTIAL_SECRET })))
      for (const error of [header, query]) {
        assert.strictEqual(error?._tag, "HttpError")
        if (error?._tag !== "HttpError") continue
        assert.strictEqual(error.status, 401)
        assert.notInclude(error.body, CREDENTIAL_SECRET)
        assert.notInclude(error.message, CREDENTIAL_SECRET)
        assert.notInclude(JSON.stringify(error), CREDENTIAL_SECRET)
      }
      assert.include(header?._tag === "HttpError" ? header.body : "", "\"got\":\"Bearer <redacted>\"")
      assert.include(query?._tag === "HttpError" ? query.body : "", "\"got\":\"<redacted>\"")
    }))

  it.scoped(
    "a credential straddling the 1024-character cut of the excerpt does not leak its first characters",
    () =>
      Effect.gen(function*() {
        const server = yield* testServer((req, res) => {
          res.writeHead(500, { "content-type": "text/plain" })
          res.end(`${"p".repeat(1024 - 8)}${req.headers["x-key"]}`)
        })
        const error = yield* Effect.gen(function*() {
          yield* registerAt(server, [{ name: "t", url: server.url("/t") }], { type: "header", name: "X-Key" })
          return yield* Effect.flip(Client.execute({ name: "t" }))
        }).pipe(Effect.provide(clientLayer({ credential: CREDENTIAL_SECRET })))
        assert.strictEqual(error._tag, "HttpError")
        if (error._tag === "HttpError") assert.notInclude(error.body, CREDENTIAL_SECRET.slice(0, 8))
      })
  )

  it.scoped(
    "a query credential the server echoes URL-encoded is redacted too",
    () =>
      Effect.gen(function*() {
        const credential = "k&y=1 +/secret"
        const server = yield* testServer((req, res) => json(res, 404, { error: `no route for ${req.target}` }))
        const error = yield* Effect.gen(function*() {
          yield* registerAt(server, [{ name: "t", url: server.url("/t") }], { type: "query", name: "key" })
          return yield* Effect.flip(Client.execute({ name: "t" }))
        }).pipe(Effect.provide(clientLayer({ credential })))
        assert.strictEqual(error._tag, "HttpError")
        const echoed = new URLSearchParams({ key: credential }).toString()
        if (error._tag === "HttpError") assert.notInclude(error.body, echoed)
      })
  )
})

describe("execute: no trace context to tool servers", () => {
  for (const [label, layerFor] of TRANSPORTS) {
    it.scoped(`${label}: inside the caller's span, the request carries no traceparent or b3 header`, () =>
      Effect.gen(function*() {
        const server = yield* testServer((_req, res) => json(res, 200, {}))
        yield* Effect.gen(function*() {
          yield* registerAt(server, [{ name: "get", url: server.url("/get") }])
          yield* Client.execute({ name: "get" })
        }).pipe(Effect.withSpan("the caller's span"), Effect.provide(layerFor()))
        assert.strictEqual(server.requests.length, 1)
        const headers = Object.keys(server.requests[0]?.headers ?? {})
        assert.deepStrictEqual(headers.filter((name) => name === "traceparent" || name === "tracestate" || name.startsWith("b3")), [])
      }))
  }
})

describe("execute: interruption", () => {
  for (const [label, layerFor] of TRANSPORTS) {
    it.scopedLive(`${label}: interrupting the fiber mid-request closes the socket`, () =>
      Effect.gen(function*() {
        const server = yield* testServer(() => undefined)
        yield* Effect.gen(function*() {
          yield* registerAt(server, [postTool(server.origin, "/hang")])
          const fiber = yield* fork(Client.execute({ name: "submit", arguments: { text: "hello" } }))
          yield* eventually("the server receives the request", () => server.requests.length === 1)
          // The server never answers: Fiber.interrupt returns only once the request is cut.
          yield* Fiber.interrupt(fiber)
          const exit = yield* Effect.exit(Fiber.join(fiber))
          assert.strictEqual(exit._tag, "Failure")
          // Closed by the interruption itself, while the client is still alive.
          yield* eventually("the server sees the socket close", () => server.closedSockets() >= 1, 1_000)
        }).pipe(Effect.provide(layerFor()))
        assert.strictEqual(server.requests[0]?.body, BODY)
      }))

    it.scopedLive(`${label}: interrupting while the body streams closes the socket`, () =>
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
          const fiber = yield* fork(Client.execute({ name: "stream" }))
          yield* eventually("the body starts streaming", () => streaming)
          yield* Effect.sleep("30 millis")
          yield* Fiber.interrupt(fiber)
          yield* eventually("the server sees the socket close", () => server.closedSockets() >= 1, 1_000)
        }).pipe(Effect.provide(layerFor()))
      }))
  }
})

watchUnhandledErrors()
