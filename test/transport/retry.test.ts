/**
 * Retries (issue 8): GET, and the methods the operator marks, are retried on connection errors and
 * 429/502/503/504 with capped exponential backoff plus jitter, honouring `Retry-After` up to a cap;
 * two retries by default. Real servers count the attempts; time is the `TestClock`, driven by
 * `driveRetries`, which reads each backoff the client sleeps and then advances the clock by it.
 * A retry re-sends the request the call built: resolvers run once per call, and nothing they
 * returned outlives the call.
 */
import { adjustClock, failureOf, fork, pendingSleeps, poll, withFixedRandom } from "#test-target"
import { assert, describe, it } from "../support/effectVitest.js"
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"
import type * as http from "node:http"
import * as Client from "../../src/Client.js"
import { type Attempts, clientLayer, registerAt, type Resolvers, type ToolInput } from "../support/execute.js"
import { json, type Recorded, startServer, type TestServer, testServer } from "../support/server.js"

/** The client's timeout in these tests: far beyond any backoff, so its sleeps are told apart. */
const TIMEOUT = "1 hour"
/** Sleeps shorter than this are backoffs; the longer ones are timeouts of attempts. */
const HORIZON_MS = 10 * 60 * 1000

/** A real-time pause (the test clock does not move by itself). */
const realSleep = (ms: number) => Effect.promise(() => new Promise<void>((resolve) => setTimeout(resolve, ms)))

/** The backoff sleeps the client is waiting in now, as delays from the test clock's now. */
const pendingBackoffs = Effect.gen(function*() {
  const now = yield* Clock.currentTimeMillis
  return (yield* pendingSleeps)
    .map((t) => t - now)
    .filter((delay) => delay > 0 && delay <= HORIZON_MS)
})

/** Waits in real time until the client sleeps before a retry; that sleep's delay in ms. */
const nextBackoff = Effect.gen(function*() {
  const deadline = Date.now() + 5_000
  for (;;) {
    const pending = yield* pendingBackoffs
    if (pending.length > 0) return Math.min(...pending)
    if (Date.now() > deadline) return assert.fail("the client never slept before a retry")
    yield* realSleep(5)
  }
})

/**
 * Runs `effect` in a fiber and advances the test clock by each backoff it sleeps, until it ends.
 * Returns its exit and the delays slept, in order.
 */
const driveRetries = <A, E>(effect: Effect.Effect<A, E>) =>
  Effect.gen(function*() {
    const fiber = yield* fork(effect)
    const delays: Array<number> = []
    const deadline = Date.now() + 10_000
    for (;;) {
      const done = yield* poll(fiber)
      if (done !== undefined) return { exit: done, delays }
      const pending = yield* pendingBackoffs
      if (pending.length > 0) {
        const delay = Math.min(...pending)
        delays.push(delay)
        yield* adjustClock(delay)
      } else {
        if (Date.now() > deadline) return assert.fail("the call neither ended nor slept")
        yield* realSleep(2)
      }
    }
  })

/** A server whose `/t` answers with `script[i]` on the i-th request (the last one repeats). */
const scriptedServer = (script: ReadonlyArray<(res: http.ServerResponse) => void>) => {
  let i = 0
  return testServer((req, res) => {
    if (req.path !== "/t") return json(res, 200, { other: true })
    const step = script[Math.min(i++, script.length - 1)]!
    step(res)
  })
}

const status = (code: number, headers: http.OutgoingHttpHeaders = {}) => (res: http.ServerResponse) =>
  json(res, code, { status: code }, headers)
const ok = status(200)
const reset = (res: http.ServerResponse) => void res.socket?.destroy()

const hits = (server: TestServer) => server.requests.filter((r) => r.path === "/t")

const tool = (server: TestServer, method: ToolInput["method"] = "GET"): ToolInput => ({
  name: "t",
  method,
  url: server.url("/t"),
  ...(method === "GET" || method === "DELETE" ? {} : { body: { x: 1 } })
})

/** Executes the tool `t` of `server` once with a fresh client, the clock driven; exit and delays. */
const callOnce = (
  server: TestServer,
  options: Client.Options = {},
  method: ToolInput["method"] = "GET",
  attempts?: Attempts
) =>
  driveRetries(
    Effect.gen(function*() {
      yield* registerAt(server, [tool(server, method)])
      return yield* Client.execute({ name: "t" })
    }).pipe(Effect.provide(clientLayer({ timeout: TIMEOUT, ...options }, {}, attempts)))
  )

/** The error a call failed with, if it failed. */
const errorOf = <A, E>(exit: Exit.Exit<A, E>): E | undefined =>
  Exit.isFailure(exit) ? failureOf(exit.cause) : undefined

const failureTag = <A, E extends { readonly _tag: string }>(exit: Exit.Exit<A, E>) => errorOf(exit)?._tag

const httpStatusOf = <A, E>(exit: Exit.Exit<A, E>): number | undefined => {
  const error = errorOf(exit)
  return error instanceof Client.HttpError ? error.status : undefined
}

describe("retry: what is retried (GET)", () => {
  for (const code of [429, 502, 503, 504]) {
    it.scoped(`${code} is retried twice by default (3 attempts), then the HttpError comes back`, () =>
      Effect.gen(function*() {
        const server = yield* scriptedServer([status(code)])
        const { delays, exit } = yield* callOnce(server)
        assert.strictEqual(failureTag(exit), "HttpError")
        assert.strictEqual(httpStatusOf(exit), code)
        assert.strictEqual(hits(server).length, 3)
        assert.strictEqual(delays.length, 2)
      }))
  }

  it.scoped("a GET that fails twice with 503 and 502 succeeds on the third attempt", () =>
    Effect.gen(function*() {
      const server = yield* scriptedServer([status(503), status(502), ok])
      const { exit } = yield* callOnce(server)
      assert.deepStrictEqual<unknown>(exit, Exit.succeed({ status: 200, data: { status: 200 } }))
      assert.strictEqual(hits(server).length, 3)
    }))

  it.scoped("a connection reset is retried: reset, reset, then 200", () =>
    Effect.gen(function*() {
      const server = yield* scriptedServer([reset, reset, ok])
      const { delays, exit } = yield* callOnce(server)
      assert.isTrue(Exit.isSuccess(exit))
      assert.strictEqual(hits(server).length, 3)
      assert.strictEqual(delays.length, 2)
    }))

  it.scoped("connection refused is retried: 3 attempts, then TransportError", () =>
    Effect.gen(function*() {
      const closed = yield* Effect.promise(() => startServer(() => undefined))
      yield* Effect.promise(closed.close)
      const attempts: Attempts = { urls: [] }
      const { delays, exit } = yield* callOnce(closed, {}, "GET", attempts)
      assert.strictEqual(failureTag(exit), "TransportError")
      assert.deepStrictEqual(attempts.urls, Array(3).fill(closed.url("/t")))
      assert.strictEqual(delays.length, 2)
    }))

  for (const code of [400, 401, 404, 409, 500, 501]) {
    it.scoped(`${code} is not retried`, () =>
      Effect.gen(function*() {
        const server = yield* scriptedServer([status(code), ok])
        const { delays, exit } = yield* callOnce(server)
        assert.strictEqual(httpStatusOf(exit), code)
        assert.strictEqual(hits(server).length, 1)
        assert.deepStrictEqual(delays, [])
      }))
  }

  it.scoped("a Timeout is not retried (each attempt would wait the whole timeout again)", () =>
    Effect.gen(function*() {
      const server = yield* testServer(() => undefined)
      const fiber = yield* fork(
        Effect.gen(function*() {
          yield* registerAt(server, [tool(server)])
          return yield* Client.execute({ name: "t" })
        }).pipe(Effect.provide(clientLayer({ timeout: "2 seconds" })))
      )
      for (let i = 0; i < 500 && hits(server).length === 0; i++) yield* realSleep(5)
      yield* adjustClock("2 seconds")
      const exit = yield* Fiber.await(fiber)
      assert.strictEqual(failureTag(exit), "Timeout")
      assert.strictEqual(hits(server).length, 1)
      assert.deepStrictEqual(yield* pendingBackoffs, [])
    }))

  it.scoped("ResponseTooLarge is not retried", () =>
    Effect.gen(function*() {
      const server = yield* scriptedServer([(res) => json(res, 200, { big: "x".repeat(2048) })])
      const { exit } = yield* callOnce(server, { maxResponseBytes: 1024 })
      assert.strictEqual(failureTag(exit), "ResponseTooLarge")
      assert.strictEqual(hits(server).length, 1)
    }))

  it.scoped("discovery (a GET) is retried too", () =>
    Effect.gen(function*() {
      let n = 0
      const server = yield* testServer((_req, res) =>
        n++ < 2 ? json(res, 503, {}) : json(res, 200, { rcpVersion: "0.1", tools: [] })
      )
      const { exit } = yield* driveRetries(
        Client.discover(server.url("/rcp/manifest")).pipe(Effect.provide(clientLayer({ timeout: TIMEOUT })))
      )
      assert.isTrue(Exit.isSuccess(exit))
      assert.strictEqual(server.requests.length, 3)
    }))
})

describe("retry: how many", () => {
  it.scoped("retries: 0 turns retries off: one attempt, no sleep", () =>
    Effect.gen(function*() {
      const server = yield* scriptedServer([status(503), ok])
      const { delays, exit } = yield* callOnce(server, { retry: { retries: 0 } })
      assert.strictEqual(httpStatusOf(exit), 503)
      assert.strictEqual(hits(server).length, 1)
      assert.deepStrictEqual(delays, [])
    }))

  it.scoped("retries: 1 → 2 attempts; retries: 4 → 5 attempts", () =>
    Effect.gen(function*() {
      for (const retries of [1, 4]) {
        const server = yield* scriptedServer([status(503)])
        const { delays } = yield* callOnce(server, { retry: { retries } })
        assert.strictEqual(hits(server).length, retries + 1)
        assert.strictEqual(delays.length, retries)
      }
    }))

  it("a negative or fractional retries is refused when the client is built", () => {
    for (const retries of [-1, 1.5, Number.NaN]) {
      assert.throws(() => Client.createRcpClient({ retry: { retries } }), /retry\.retries must be a whole number/)
    }
  })
})

describe("retry: methods", () => {
  for (const method of ["POST", "PATCH", "PUT", "DELETE"] as const) {
    it.scoped(`${method} is not retried by default, neither on 503 nor on a connection reset`, () =>
      Effect.gen(function*() {
        const server = yield* scriptedServer([status(503), ok])
        const { exit } = yield* callOnce(server, {}, method)
        assert.strictEqual(httpStatusOf(exit), 503)
        const resetting = yield* scriptedServer([reset, ok])
        const second = yield* callOnce(resetting, {}, method)
        assert.strictEqual(failureTag(second.exit), "TransportError")
        assert.strictEqual(hits(server).length, 1)
        assert.strictEqual(hits(resetting).length, 1)
      }))
  }

  it.scoped("methods: [\"POST\"] marks POST safe: retried on 503 with the same body; PATCH still is not", () =>
    Effect.gen(function*() {
      const server = yield* scriptedServer([status(503), status(503), ok])
      const { exit } = yield* callOnce(server, { retry: { methods: ["POST"] } }, "POST")
      assert.isTrue(Exit.isSuccess(exit))
      assert.deepStrictEqual(hits(server).map((r) => [r.method, r.body]), Array(3).fill(["POST", "{\"x\":1}"]))
      const patch = yield* scriptedServer([status(503), ok])
      yield* callOnce(patch, { retry: { methods: ["POST"] } }, "PATCH")
      assert.strictEqual(hits(patch).length, 1)
    }))

  it.scoped("methods: [\"PUT\", \"DELETE\"] retries those (also on a reset); POST and PATCH stay single", () =>
    Effect.gen(function*() {
      const options: Client.Options = { retry: { methods: ["PUT", "DELETE"] } }
      const counts: Record<string, number> = {}
      for (const method of ["PUT", "DELETE", "POST", "PATCH"] as const) {
        const server = yield* scriptedServer([reset, status(502), ok])
        yield* callOnce(server, options, method)
        counts[method] = hits(server).length
      }
      assert.deepStrictEqual(counts, { PUT: 3, DELETE: 3, POST: 1, PATCH: 1 })
    }))

  it.scoped("GET stays retried when other methods are marked", () =>
    Effect.gen(function*() {
      const server = yield* scriptedServer([status(503), ok])
      const { exit } = yield* callOnce(server, { retry: { methods: ["PUT"] } })
      assert.isTrue(Exit.isSuccess(exit))
      assert.strictEqual(hits(server).length, 2)
    }))
})

describe("retry: backoff", () => {
  it.scoped("default: the first retry waits 100–200 ms (jitter over the upper half), the second 200–400 ms", () =>
    Effect.gen(function*() {
      const firsts: Array<number> = []
      for (let i = 0; i < 6; i++) {
        const server = yield* scriptedServer([status(503)])
        const { delays } = yield* callOnce(server)
        assert.strictEqual(delays.length, 2)
        const [first, second] = delays as [number, number]
        assert.isAtLeast(first, 100)
        assert.isAtMost(first, 200)
        assert.isAtLeast(second, 200)
        assert.isAtMost(second, 400)
        firsts.push(first)
      }
      // Jitter: six calls do not all wait the same time.
      assert.isAbove(new Set(firsts).size, 1, `delays ${firsts.join(", ")}`)
    }))

  it.scoped("nothing is re-sent before the shortest backoff; the retry has gone out by the longest", () =>
    Effect.gen(function*() {
      const server = yield* scriptedServer([status(503), ok])
      const fiber = yield* fork(
        Effect.gen(function*() {
          yield* registerAt(server, [tool(server)])
          return yield* Client.execute({ name: "t" })
        }).pipe(Effect.provide(clientLayer({ timeout: TIMEOUT })))
      )
      const delay = yield* nextBackoff
      assert.isAtLeast(delay, 100)
      assert.isAtMost(delay, 200)
      yield* adjustClock(99)
      yield* realSleep(50)
      assert.strictEqual(hits(server).length, 1, "re-sent before the minimum backoff")
      yield* adjustClock(101) // 200 ms in all: the longest first backoff
      const result = yield* Fiber.join(fiber)
      assert.deepStrictEqual<unknown>(result, { status: 200, data: { status: 200 } })
      assert.strictEqual(hits(server).length, 2)
    }))

  it.scoped("exponential and capped: base 100 ms, cap 300 ms → ceilings 100, 200, 300, 300", () =>
    Effect.gen(function*() {
      const retry = { retries: 4, baseDelay: "100 millis", maxDelay: "300 millis" } as const
      const high = yield* scriptedServer([status(503)])
      const atHigh = yield* callOnce(high, { retry }).pipe(withFixedRandom([1]))
      const low = yield* scriptedServer([status(503)])
      const atLow = yield* callOnce(low, { retry }).pipe(withFixedRandom([0]))
      // Jitter r ∈ [0, 1] gives ceiling/2 + ceiling/2 · r.
      assert.deepStrictEqual(atHigh.delays, [100, 200, 300, 300])
      assert.deepStrictEqual(atLow.delays, [50, 100, 150, 150])
      assert.strictEqual(hits(high).length, 5)
      assert.strictEqual(hits(low).length, 5)
    }))

  it.scoped("connection errors back off the same way", () =>
    Effect.gen(function*() {
      const server = yield* scriptedServer([reset, reset, ok])
      const { delays } = yield* callOnce(server).pipe(withFixedRandom([0.5]))
      assert.deepStrictEqual(delays, [150, 300])
    }))
})

describe("retry: Retry-After", () => {
  it.scoped("in seconds: the retry waits exactly that long (longer than the backoff)", () =>
    Effect.gen(function*() {
      const server = yield* scriptedServer([
        status(503, { "retry-after": "3" }),
        status(429, { "retry-after": "7" }),
        ok
      ])
      const { delays, exit } = yield* callOnce(server)
      assert.isTrue(Exit.isSuccess(exit))
      assert.deepStrictEqual(delays, [3_000, 7_000])
      assert.strictEqual(hits(server).length, 3)
    }))

  it.scoped("as an HTTP date: the retry waits until then (by the client's clock)", () =>
    Effect.gen(function*() {
      // The test clock starts at the epoch: 00:00:04 GMT is 4 s from now.
      const now = yield* Clock.currentTimeMillis
      const at = new Date(now + 4_000).toUTCString()
      const server = yield* scriptedServer([status(429, { "retry-after": at }), ok])
      const { delays, exit } = yield* callOnce(server)
      assert.isTrue(Exit.isSuccess(exit))
      assert.deepStrictEqual(delays, [4_000])
    }))

  it.scoped("a Retry-After shorter than the backoff (0, or a date in the past) leaves the backoff", () =>
    Effect.gen(function*() {
      yield* adjustClock("1 hour")
      const past = new Date(0).toUTCString()
      const server = yield* scriptedServer([
        status(503, { "retry-after": "0" }),
        status(503, { "retry-after": past }),
        ok
      ])
      const { delays } = yield* callOnce(server).pipe(withFixedRandom([0]))
      assert.deepStrictEqual(delays, [100, 200])
    }))

  it.scoped("an unreadable Retry-After is ignored (backoff)", () =>
    Effect.gen(function*() {
      const server = yield* scriptedServer([status(503, { "retry-after": "soon" }), ok])
      const { delays } = yield* callOnce(server).pipe(withFixedRandom([1]))
      assert.deepStrictEqual(delays, [200])
    }))

  it.scoped("above the cap (default 30 s): the 429 comes back at once, no retry", () =>
    Effect.gen(function*() {
      const now = yield* Clock.currentTimeMillis
      for (const value of ["31", "3600", new Date(now + 60_000).toUTCString()]) {
        const server = yield* scriptedServer([status(429, { "retry-after": value }), ok])
        const { delays, exit } = yield* callOnce(server)
        assert.strictEqual(httpStatusOf(exit), 429, value)
        assert.strictEqual(hits(server).length, 1, value)
        assert.deepStrictEqual(delays, [], value)
      }
    }))

  it.scoped("exactly at the cap is honoured; maxRetryAfter moves the cap", () =>
    Effect.gen(function*() {
      const atCap = yield* scriptedServer([status(503, { "retry-after": "30" }), ok])
      const first = yield* callOnce(atCap)
      assert.deepStrictEqual(first.delays, [30_000])
      assert.isTrue(Exit.isSuccess(first.exit))

      const options: Client.Options = { retry: { maxRetryAfter: "2 seconds" } }
      const within = yield* scriptedServer([status(503, { "retry-after": "2" }), ok])
      assert.deepStrictEqual((yield* callOnce(within, options)).delays, [2_000])
      const beyond = yield* scriptedServer([status(503, { "retry-after": "3" }), ok])
      const refused = yield* callOnce(beyond, options)
      assert.strictEqual(httpStatusOf(refused.exit), 503)
      assert.strictEqual(hits(beyond).length, 1)
    }))
})

describe("retry: resolved values", () => {
  const userTool = (server: TestServer): ToolInput => ({
    name: "t",
    url: `${server.origin}/users/{{userId}}`,
    params: [{ name: "userId", type: "string" }],
    headers: { "X-User": "{{userId}}" }
  })

  const seen = (requests: ReadonlyArray<Recorded>) => requests.map((r) => [r.path, r.headers["x-user"]])

  it.scoped("a retry re-sends the values resolved for its call: the resolver runs once per execute", () =>
    Effect.gen(function*() {
      let n = 0
      const server = yield* testServer((req, res) =>
        n++ % 3 < 2 ? json(res, 503, {}) : json(res, 200, { at: req.path })
      )
      const calls: Array<unknown> = []
      const resolvers: Resolvers = {
        // A different value on every run: a re-run on retry would show up at the server.
        userId: (ctx: { readonly user: string }) => {
          calls.push(ctx)
          return `${ctx.user}-${calls.length}`
        }
      }
      const layer = clientLayer({ timeout: TIMEOUT }, resolvers)
      const { exit } = yield* driveRetries(
        Effect.gen(function*() {
          yield* registerAt(server, [userTool(server)])
          const first = yield* Client.execute({ name: "t" }, { context: { user: "alice" } })
          const second = yield* Client.execute({ name: "t" }, { context: { user: "bob" } })
          return [first, second]
        }).pipe(Effect.provide(layer))
      )
      assert.deepStrictEqual<unknown>(
        exit,
        Exit.succeed([{ status: 200, data: { at: "/users/alice-1" } }, { status: 200, data: { at: "/users/bob-2" } }])
      )
      assert.deepStrictEqual(calls, [{ user: "alice" }, { user: "bob" }])
      assert.deepStrictEqual(seen(server.requests), [
        ["/users/alice-1", "alice-1"],
        ["/users/alice-1", "alice-1"],
        ["/users/alice-1", "alice-1"],
        ["/users/bob-2", "bob-2"],
        ["/users/bob-2", "bob-2"],
        ["/users/bob-2", "bob-2"]
      ])
    }))

  it.scoped("nothing is kept past the call: a later call without a context fails closed, sends nothing", () =>
    Effect.gen(function*() {
      let n = 0
      const server = yield* testServer((req, res) =>
        n++ === 0 ? json(res, 503, {}) : json(res, 200, { at: req.path })
      )
      let calls = 0
      const resolvers: Resolvers = {
        userId: (ctx: { readonly user?: string } | undefined) => {
          calls++
          return ctx?.user
        }
      }
      const { exit } = yield* driveRetries(
        Effect.gen(function*() {
          yield* registerAt(server, [userTool(server)])
          yield* Client.execute({ name: "t" }, { context: { user: "alice" } })
          return yield* Effect.flip(Client.execute({ name: "t" }))
        }).pipe(Effect.provide(clientLayer({ timeout: TIMEOUT }, resolvers)))
      )
      assert.isTrue(Exit.isSuccess(exit))
      if (Exit.isSuccess(exit)) assert.strictEqual(exit.value._tag, "ResolverMissing")
      assert.strictEqual(calls, 2)
      // Alice's call and its retry; the call without a context never reached the server.
      assert.deepStrictEqual(seen(server.requests), [["/users/alice", "alice"], ["/users/alice", "alice"]])
    }))
})
