/**
 * Regression guard (issue 20): one call through rcp-sdk costs within a generous factor of the same
 * request made with raw `undici.request`, measured in this process against a loopback server in a
 * process of its own. Not a timing assertion: only ratios of the two, taken in interleaved rounds
 * (so a burst of load hits both sides), the median over rounds, and the best of a few attempts —
 * so that a loaded machine does not fail it, while a call ten times as costly cannot pass. The
 * figures themselves are measured by `npm run bench` (bench/RESULTS.md).
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as ManagedRuntime from "effect/ManagedRuntime"
import { spawn } from "node:child_process"
import { createInterface } from "node:readline"
import { request } from "undici"
import * as Client from "../src/Client.js"
import * as Resolver from "../src/Resolver.js"

const TOKEN = "guard-token-51"
/** Median ratio to raw undici that fails the guard (today's figures: bench/RESULTS.md, ~1.1–1.4×). */
const LIMIT = 2
const ATTEMPTS = 3
const ROUNDS = 7
const CALLS = 60

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

/** Median over rounds of (contender's round median ÷ raw undici's round median), per contender. */
const measure = async (contenders: ReadonlyArray<Contender>): Promise<Map<string, number>> => {
  const ratios = new Map(contenders.map((c) => [c.name, [] as Array<number>]))
  for (let round = 0; round < ROUNDS; round++) {
    const medians = new Map<string, number>()
    for (let k = 0; k < contenders.length; k++) {
      const contender = contenders[(k + round) % contenders.length]!
      const out: Array<number> = []
      await contender.run(CALLS, out)
      medians.set(contender.name, median(out))
    }
    for (const c of contenders) ratios.get(c.name)!.push(medians.get(c.name)! / medians.get(contenders[0]!.name)!)
  }
  return new Map([...ratios].map(([name, values]) => [name, median(values)]))
}

describe("performance regression guard (ratios to raw undici, not times)", () => {
  it("Client.layerUndici and createRcpClient stay within 2x raw undici.request per sequential call", async () => {
    const server = await startServer()
    const url = `${server.origin}/rcp`
    const runtime = ManagedRuntime.make(Client.layerUndici({ credential: TOKEN }).pipe(Layer.provide(Resolver.layerEmpty)))
    const facade = Client.createRcpClient({ credential: TOKEN })
    try {
      await runtime.runPromise(Client.register(manifest(server.origin), { url }))
      await facade.register(manifest(server.origin), { url })
      const args = (i: number) => ({ id: `item-${i}`, lang: "en" })
      const contenders: Array<Contender> = [
        {
          name: "raw undici.request",
          run: (n, out) =>
            timed(n, out, async (i) => {
              const response = await request(`${server.origin}/items/item-${i}?lang=en`, {
                headers: { authorization: `Bearer ${TOKEN}`, accept: "application/json" }
              })
              const { name, price } = (await response.body.json()) as Record<string, unknown>
              return { name, price }
            })
        },
        {
          name: "Client.layerUndici",
          // One Effect per block of calls, as an Effect program runs them.
          run: (n, out) =>
            runtime.runPromise(Effect.gen(function*() {
              for (let i = 0; i < n; i++) {
                const start = performance.now()
                expectItem((yield* Client.execute({ name: "get_item", arguments: args(i) })).data, i)
                out.push(performance.now() - start)
              }
            }))
        },
        {
          name: "createRcpClient",
          run: (n, out) => timed(n, out, async (i) => (await facade.execute({ name: "get_item", arguments: args(i) })).data)
        }
      ]
      for (const c of contenders) await c.run(CALLS * 2, []) // warm-up: JIT, connections

      let ratios = new Map<string, number>()
      const seen: Array<string> = []
      for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
        ratios = await measure(contenders)
        seen.push([...ratios].map(([name, r]) => `${name} ${r.toFixed(2)}x`).join(", "))
        if ([...ratios.values()].every((r) => r <= LIMIT)) break
      }
      for (const [name, r] of ratios) {
        assert.isAtMost(r, LIMIT, `${name}: median ${r.toFixed(2)}x raw undici over ${ROUNDS} rounds (attempts: ${seen.join(" | ")})`)
      }

      // Every request the server saw was the well-formed one: the calls measured really were sent.
      const stats = (await (await request(`${server.origin}/stats`)).body.json()) as { items: number; rejected: number }
      assert.strictEqual(stats.rejected, 0)
      assert.strictEqual(stats.items, contenders.length * CALLS * (2 + ROUNDS * seen.length))
    } finally {
      await facade.close()
      await runtime.dispose()
      server.stop()
    }
  }, 120_000)
})
