/**
 * One contender's sequential calls in a process of its own, to run under `node --cpu-prof`.
 * Usage: `node --cpu-prof profileTarget.js <contender> <rest origin> <calls>`, where contender is
 * `undici`, `fetch`, `effect-fetch`, `effect-undici`, `effect-direct` or `promise`. Warms up with calls/5 calls.
 */
import { type Contender, type Origins, rawFetch, rawUndici, rcpEffect, rcpPromise } from "./contenders.js"

const [which, rest, callsText] = process.argv.slice(2)
const calls = Number(callsText)
if (rest === undefined || !Number.isInteger(calls)) throw new Error("usage: profileTarget.js <contender> <rest origin> <calls>")

const origins: Origins = { rest, mcp: "" }
const makers: Record<string, () => Promise<Contender>> = {
  "undici": () => rawUndici(origins),
  "fetch": () => rawFetch(origins),
  "effect-fetch": () => rcpEffect(origins, "fetch"),
  "effect-undici": () => rcpEffect(origins, "undici"),
  "effect-direct": () => rcpEffect(origins, "direct"),
  "promise": () => rcpPromise(origins)
}
const make = makers[which ?? ""]
if (make === undefined) throw new Error(`unknown contender ${which}`)

const contender = await make()
await contender.sequential(0, Math.ceil(calls / 5), [])
const latencies: Array<number> = []
const start = performance.now()
await contender.sequential(0, calls, latencies)
const elapsed = performance.now() - start
await contender.close()
latencies.sort((a, b) => a - b)
process.stdout.write(`${JSON.stringify({ which, calls, elapsedMs: elapsed, medianMs: latencies[latencies.length >> 1] })}\n`)
