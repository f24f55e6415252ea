/**
 * `node bench/build/cpuFlight.js`: the library's CPU and GC per `execute` with many calls in flight,
 * through the real undici transport (`Client.layerUndici`'s) over an undici dispatcher double that
 * answers on the next turn of the event loop: no sockets and no server, so what is measured is
 * rcp-sdk and Effect, not the network. Beside it, the same double driven with no library (the floor
 * of the handler callbacks and `JSON.parse`) and wrapped in one Effect fiber per call (the floor the
 * issue names). Process CPU time, interleaved rounds: load from other jobs moves it little.
 *
 * Env: BENCH_CPU_CALLS [20000] per round, BENCH_CPU_ROUNDS [7], BENCH_CONCURRENCY [64],
 * BENCH_CPU_DISTS: comma-separated absolute paths of built `dist/` directories to compare in one
 * process (default: this repository's). BENCH_CPU_ONLY: run only the blocks whose name contains it.
 * BENCH_CPU_ALLOC=1: also sample allocations (V8's sampling heap profiler, collected objects
 * included) and print bytes allocated per call and the 25 functions that allocate the most.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as ManagedRuntime from "effect/ManagedRuntime"
import { Session } from "node:inspector/promises"
import { PerformanceObserver } from "node:perf_hooks"
import type * as Undici from "undici"
import type * as Client from "../dist/Client.js"
import { argsOf, envInt, item, median, rcpManifest, TOKEN } from "./common.js"

const calls = envInt("BENCH_CPU_CALLS", 20_000)
const rounds = envInt("BENCH_CPU_ROUNDS", 7)
const concurrency = envInt("BENCH_CONCURRENCY", 64)
// The bench's own compile of src/ (bench/tsconfig.core.json), whose internal modules the package no longer ships.
const dists = (process.env["BENCH_CPU_DISTS"] ?? new URL("./core", import.meta.url).pathname).split(",")

const body = Buffer.from(JSON.stringify(item("item-1", "en")))
const responseHeaders = { "content-type": "application/json", "content-length": String(body.length) }
const controller = { aborted: false, paused: false, reason: null, abort() {}, pause() {}, resume() {} }

/** Answers every request on the next macrotask, as a socket read would: 200, JSON, one chunk. */
const dispatcher = {
  dispatch(options: Undici.Dispatcher.DispatchOptions, handler: Undici.Dispatcher.DispatchHandler): boolean {
    if (options.headers === undefined) throw new Error("no headers were sent")
    setImmediate(() => {
      const c = controller as unknown as Undici.Dispatcher.DispatchController
      handler.onRequestStart?.(c, {})
      handler.onResponseStart?.(c, 200, responseHeaders, "OK")
      handler.onResponseData?.(c, body.subarray(0))
      handler.onResponseEnd?.(c, {})
    })
    return true
  }
} as unknown as Undici.Dispatcher

let gcMs = 0
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) gcMs += entry.duration
}).observe({ entryTypes: ["gc"] })

type Block = (from: number, n: number) => Promise<unknown>
const inFlight = (call: (i: number) => Promise<unknown>): Block => async (from, n) => {
  let next = from
  const end = from + n
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < end) await call(next++)
  }))
}

const floor = (i: number, done: (value: unknown) => void) =>
  dispatcher.dispatch({ origin: "http://127.0.0.1:9", path: `/items/item-${i % 100}?lang=en`, method: "GET", headers: {} }, {
    onResponseData: (_c: unknown, chunk: Uint8Array) => done(JSON.parse(Buffer.from(chunk).toString())),
    onResponseStart: () => {},
    onResponseEnd: () => {}
  } as unknown as Undici.Dispatcher.DispatchHandler)
const bare = ManagedRuntime.make(Layer.empty)
const blocks: Array<readonly [string, Block, () => Promise<void>]> = [
  ["double alone (no library), promise per call", inFlight((i) => new Promise((done) => floor(i, done))), async () => {}],
  [
    "double in one Effect fiber per call",
    inFlight((i) => bare.runPromise(Effect.async<unknown>((resume) => void floor(i, (v) => resume(Effect.succeed(v)))))),
    () => bare.dispose()
  ]
]

for (const dist of dists) {
  const InternalClient: typeof import("../dist/internal/client/client.js") = await import(`${dist}/internal/client/client.js`)
  const UndiciTransport: typeof import("../dist/internal/transport/undici.js") = await import(`${dist}/internal/transport/undici.js`)
  const Resolver: typeof import("../dist/Resolver.js") = await import(`${dist}/Resolver.js`)
  const Promised: typeof import("../dist/internal/client/promise.js") = await import(`${dist}/internal/client/promise.js`)
  class Service extends Context.Tag("bench/cpuFlight/Service")<Service, Client.Service>() {}
  const runtime = ManagedRuntime.make(
    Layer.scoped(Service, InternalClient.makeWith({ credential: TOKEN }, UndiciTransport.over(dispatcher))).pipe(
      Layer.provide(Resolver.layerEmpty)
    )
  )
  const client = await runtime.runPromise(Service)
  await runtime.runPromise(client.register(rcpManifest("http://127.0.0.1:9", 1), { url: "http://127.0.0.1:9/rcp" }))
  const call = (i: number) => client.execute({ name: "get_item", arguments: argsOf(i) })
  const label = dists.length === 1 ? "" : ` [${dist}]`
  blocks.push([
    `rcp-sdk execute, Effect.forEach${label}`,
    (from, n) =>
      runtime.runPromise(Effect.forEach(Array.from({ length: n }, (_, k) => from + k), call, { concurrency, discard: true })),
    () => runtime.dispose()
  ])
  blocks.push([`rcp-sdk execute, runPromise per call${label}`, inFlight((i) => runtime.runPromise(call(i))), async () => {}])
  // A build from before `createWith` existed (an older dist/ compared against) has no facade block.
  if (typeof Promised.createWith === "function") {
    const facade = Promised.createWith({ credential: TOKEN }, () => Effect.succeed(UndiciTransport.over(dispatcher)))
    await facade.register(rcpManifest("http://127.0.0.1:9", 1), { url: "http://127.0.0.1:9/rcp" })
    blocks.push([
      `rcp-sdk promise facade execute${label}`,
      inFlight((i) => facade.execute({ name: "get_item", arguments: argsOf(i) })),
      () => facade.close()
    ])
  }
}

const only = process.env["BENCH_CPU_ONLY"]
if (only !== undefined) blocks.splice(0, blocks.length, ...blocks.filter(([name]) => name.includes(only)))
for (const [, block] of blocks) await block(0, calls / 4)
if (process.env["BENCH_CPU_ALLOC"] === "1") {
  const session = new Session()
  session.connect()
  for (const [name, block] of blocks) {
    await session.post("HeapProfiler.startSampling", {
      samplingInterval: 256,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: true
    })
    await block(0, calls)
    const { profile } = await session.post("HeapProfiler.stopSampling")
    const bySite = new Map<string, number>()
    let total = 0
    const walk = (node: typeof profile.head) => {
      const frame = node.callFrame
      const site = `${frame.functionName || "(anonymous)"} ${frame.url.replace(/^.*\/node_modules\//, "").replace(/^.*\/dist\//, "dist/")}:${frame.lineNumber + 1}`
      total += node.selfSize
      bySite.set(site, (bySite.get(site) ?? 0) + node.selfSize)
      for (const child of node.children) walk(child)
    }
    walk(profile.head)
    process.stdout.write(`${name}: ${Math.round(total / calls)} bytes allocated per call\n`)
    for (const [site, bytes] of [...bySite].sort((a, b) => b[1] - a[1]).slice(0, 25)) {
      process.stdout.write(`${String(Math.round(bytes / calls)).padStart(8)}  ${site}\n`)
    }
  }
  session.disconnect()
}
const cpu = new Map(blocks.map(([name]) => [name, [] as Array<number>]))
const gc = new Map(blocks.map(([name]) => [name, [] as Array<number>]))
for (let r = 0; r < rounds; r++) {
  for (let k = 0; k < blocks.length; k++) {
    const [name, block] = blocks[(k + r) % blocks.length]!
    const gc0 = gcMs
    const cpu0 = process.cpuUsage()
    await block(r * calls, calls)
    const used = process.cpuUsage(cpu0)
    cpu.get(name)!.push((used.user + used.system) / calls)
    gc.get(name)!.push(((gcMs - gc0) * 1000) / calls)
  }
}
process.stdout.write(`${concurrency} in flight, ${rounds} interleaved rounds of ${calls} calls; median µs per call\n`)
for (const [name] of blocks) {
  process.stdout.write(
    `${median(cpu.get(name)!).toFixed(2).padStart(7)} CPU  ${median(gc.get(name)!).toFixed(2).padStart(6)} GC  ${name}\n`
  )
}
for (const [, , close] of blocks) await close()
