/**
 * Regression guard (issue 20): one call through rcp-sdk costs within a generous factor of the same
 * request made with raw `undici.request`, measured in this process against a loopback server in a
 * process of its own — one call after the other, and with 64 in flight (where what serialises or
 * allocates per call shows, and a sequential check would not see it). Not a timing assertion: only
 * ratios of the two, taken in interleaved rounds (so a burst of load hits both sides), the median
 * over rounds, and the best of a few attempts — so that a loaded machine does not fail it, while a
 * call ten times as costly cannot pass. The figures themselves are measured by `npm run bench`
 * (bench/RESULTS.md).
 */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as ManagedRuntime from "effect/ManagedRuntime"
import { spawn } from "node:child_process"
import { createInterface } from "node:readline"
import { request } from "undici"
import * as Client from "../src/Client.js"
import * as Resolver from "../src/Resolver.js"

const TOKEN = "guard-token-51"
/** Median ratio to raw undici that fails the guard (today's figures: bench/RESULTS.md, ~0.9–1.3×). */
const LIMIT = 2
/** The same with 64 in flight, where a loaded machine moves the ratio more (~1.0–1.4× today). */
const FLIGHT_LIMIT = 2.5
const ATTEMPTS = 3
const ROUNDS = 7
const CALLS = 60
const IN_FLIGHT = 64
const FLIGHT_CALLS = 320

// The REST server: GET /items/{id}?lang=.. with the bearer → a small JSON item; anything else →
// 400, so a malformed request cannot pass as a fast one. GET /stats: what it received.
const SERVER = `
const http = require("node:http")
const stats = { items: 0, rejected: 0 }
const server = http.createServer((req, res) => {
  const url = new URL(req.url, "http://x")
  if (url.pathname === "/stats") return res.end(JSON.stringify(stats))
  const id = /^\\/items\\/(item-\\d+)$/.exec(url.pathname)?.[1]
  if (req.method !== "GET" || id === undefined || url.search !== "?lang=en" || req.headers.authorization !== "Bearer ${TOKEN}") {
    stats.rejected++
    res.writeHead(400).end()
    return
  }
  stats.items++
  const body = JSON.stringify({ id, name: "Item " + id, price: 12.5, currency: "EUR", tags: ["a", "b"], description: "x".repeat(120) })
  res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) }).end(body)
})
server.keepAliveTimeout = 60000
server.listen(0, "127.0.0.1", () => process.stdout.write(server.address().port + "\\n"))
process.stdin.resume()
process.stdin.on("end", () => process.exit(0))
`

const startServer = async () => {
  const child = spawn(process.execPath, ["-e", SERVER], { stdio: ["pipe", "pipe", "inherit"] })
  const port = await new Promise<string>((resolve) => createInterface({ input: child.stdout! }).once("line", resolve))
  return { origin: `http://127.0.0.1:${port}`, stop: () => child.stdin!.end() }
}

const manifest = (origin: string) => ({
  rcpVersion: "0.1",
  auth: { type: "header", name: "Authorization", scheme: "Bearer" },
  tools: [{
    name: "get_item",
    description: "Get one item.",
    method: "GET",
    params: [{ name: "id", type: "string", description: "the id" }, { name: "lang", type: "string", description: "language" }],
    url: `${origin}/items/{{id}}`,
    queryParams: { lang: "{{lang}}" },
    responseMappings: { name: "@name", price: "@price" }
  }]
})

interface Contender {
  readonly name: string
  /** `n` sequential calls; each call's milliseconds pushed to `out`. */
  readonly run: (n: number, out: Array<number>) => Promise<void>
  /** `n` calls with `IN_FLIGHT` of them in flight at a time. */
  readonly flight: (n: number) => Promise<void>
}

const median = (values: ReadonlyArray<number>): number => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[sorted.length >> 1]!
}

const expectItem = (data: unknown, i: number) => {
  const { name, price } = data as { name?: unknown; price?: unknown }
  if (name !== `Item item-${i}` || price !== 12.5) throw new Error(`unexpected result ${JSON.stringify(data)}`)
}

const timed = async (n: number, out: Array<number>, call: (i: number) => Promise<unknown>) => {
  for (let i = 0; i < n; i++) {
    const start = performance.now()
    expectItem(await call(i), i)
    out.push(performance.now() - start)
  }
}

/** `n` calls of `call`, `IN_FLIGHT` at a time, each result checked. */
const inFlight = async (n: number, call: (i: number) => Promise<unknown>) => {
  let next = 0
  await Promise.all(Array.from({ length: IN_FLIGHT }, async () => {
    while (next < n) {
      const i = next++
      expectItem(await call(i), i)
    }
  }))
}

/** One round's figure per contender: the median call (sequential) or the round's time (in flight). */
type Round = (contender: Contender) => Promise<number>
const sequentialRound: Round = async (contender) => {
  const out: Array<number> = []
  await contender.run(CALLS, out)
  return median(out)
}
const flightRound: Round = async (contender) => {
  const start = performance.now()
  await contender.flight(FLIGHT_CALLS)
  return performance.now() - start
}

/** Median over rounds of (contender's round figure ÷ raw undici's), per contender. */
const measure = async (contenders: ReadonlyArray<Contender>, round: Round): Promise<Map<string, number>> => {
  const ratios = new Map(contenders.map((c) => [c.name, [] as Array<number>]))
  for (let r = 0; r < ROUNDS; r++) {
    const figures = new Map<string, number>()
    for (let k = 0; k < contenders.length; k++) {
      const contender = contenders[(k + r) % contenders.length]!
      figures.set(contender.name, await round(contender))
    }
    for (const c of contenders) ratios.get(c.name)!.push(figures.get(c.name)! / figures.get(contenders[0]!.name)!)
  }
  return new Map([...ratios].map(([name, values]) => [name, median(values)]))
}

/** The best of `ATTEMPTS` measurements: every ratio within `limit`, or the last attempt's. */
const guard = async (contenders: ReadonlyArray<Contender>, round: Round, limit: number, what: string) => {
  let ratios = new Map<string, number>()
  const seen: Array<string> = []
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    ratios = await measure(contenders, round)
    seen.push([...ratios].map(([name, r]) => `${name} ${r.toFixed(2)}x`).join(", "))
    if ([...ratios.values()].every((r) => r <= limit)) break
  }
  for (const [name, r] of ratios) {
    assert.isAtMost(r, limit, `${name}: median ${r.toFixed(2)}x raw undici ${what} over ${ROUNDS} rounds (attempts: ${seen.join(" | ")})`)
  }
  return seen.length
}

/** The three contenders over one server, and what the server has received so far. */
const setUp = async () => {
  const server = await startServer()
  const url = `${server.origin}/rcp`
  const runtime = ManagedRuntime.make(Client.layerUndici({ credential: TOKEN }).pipe(Layer.provide(Resolver.layerEmpty)))
  const facade = Client.createRcpClient({ credential: TOKEN })
  await runtime.runPromise(Client.register(manifest(server.origin), { url }))
  await facade.register(manifest(server.origin), { url })
  const args = (i: number) => ({ id: `item-${i}`, lang: "en" })
  const raw = async (i: number) => {
    const response = await request(`${server.origin}/items/item-${i}?lang=en`, {
      headers: { authorization: `Bearer ${TOKEN}`, accept: "application/json" }
    })
    const { name, price } = (await response.body.json()) as Record<string, unknown>
    return { name, price }
  }
  const viaEffect = (i: number) => Effect.map(Client.execute({ name: "get_item", arguments: args(i) }), (r) => r.data)
  const viaFacade = async (i: number) => (await facade.execute({ name: "get_item", arguments: args(i) })).data
  const contenders: Array<Contender> = [
    { name: "raw undici.request", run: (n, out) => timed(n, out, raw), flight: (n) => inFlight(n, raw) },
    {
      name: "Client.layerUndici",
      // One Effect per block of calls, as an Effect program runs them.
      run: (n, out) =>
        runtime.runPromise(Effect.gen(function*() {
          for (let i = 0; i < n; i++) {
            const start = performance.now()
            expectItem(yield* viaEffect(i), i)
            out.push(performance.now() - start)
          }
        })),
      flight: (n) =>
        runtime.runPromise(Effect.forEach(Array.from({ length: n }, (_, i) => i), (i) =>
          Effect.map(viaEffect(i), (data) => expectItem(data, i)), { concurrency: IN_FLIGHT, discard: true }))
    },
    { name: "createRcpClient", run: (n, out) => timed(n, out, viaFacade), flight: (n) => inFlight(n, viaFacade) }
  ]
  const stats = async () => (await (await request(`${server.origin}/stats`)).body.json()) as { items: number; rejected: number }
  const close = async () => {
    await facade.close()
    await runtime.dispose()
    server.stop()
  }
  return { contenders, stats, close }
}

describe("performance regression guard (ratios to raw undici, not times)", () => {
  let setup: Awaited<ReturnType<typeof setUp>>
  beforeAll(async () => {
    setup = await setUp()
    for (const c of setup.contenders) await c.run(CALLS * 2, []) // warm-up: JIT, connections
    for (const c of setup.contenders) await c.flight(FLIGHT_CALLS)
  }, 60_000)
  afterAll(() => setup.close())

  /** The guard, then: every request the server saw was the well-formed one, and all were sent. */
  const guardSent = async (round: Round, limit: number, what: string, callsPerRound: number) => {
    const before = await setup.stats()
    const attempts = await guard(setup.contenders, round, limit, what)
    const after = await setup.stats()
    assert.strictEqual(after.rejected, 0)
    assert.strictEqual(after.items - before.items, setup.contenders.length * callsPerRound * ROUNDS * attempts)
  }

  it("Client.layerUndici and createRcpClient stay within 2x raw undici.request per sequential call", () =>
    guardSent(sequentialRound, LIMIT, "per call", CALLS), 120_000)

  it("with 64 calls in flight, they take within 2.5x the time raw undici.request takes", () =>
    guardSent(flightRound, FLIGHT_LIMIT, "in time, 64 in flight,", FLIGHT_CALLS), 120_000)
})
