/**
 * Where discovery's CPU and memory go, in one process, for before/after comparisons of two builds
 * on a shared machine (CPU time, not wall clock; interleave the builds' runs yourself):
 *
 * - `node discoveryProfile.js cpu [dist dir…]`: discovers the BENCH_TOOLS [1000]-tool manifest
 *   BENCH_DISCOVERY_RUNS [60] times (after a warm-up) over loopback from the bench REST server, and
 *   as many `register`s of the already-parsed manifest (no HTTP) and discoveries by a fresh client
 *   each (its runtime, agent and connection included); prints the median process CPU
 *   time (`process.cpuUsage`, user + system) and wall time per discovery, with the floor (GET +
 *   `JSON.parse`) measured the same way. With several builds, each is loaded and their runs are
 *   interleaved round by round, so that load from other jobs falls on all alike. Run it under
 *   `node --cpu-prof` for the profile.
 * - `node --expose-gc discoveryProfile.js heap [dist dir]`: what one discovered client keeps per
 *   tool, from two heap snapshots (client ready; manifest discovered, result kept), after a
 *   discovery of a one-tool manifest paid what any first discovery costs: the growth per 1,000
 *   tools by V8 node type and constructor, largest first. (`bench/heap.ts`, without that warm-up,
 *   is the figure to quote; the difference is the fixed cost. BENCH_HEAP_WARM=0 skips the warm-up:
 *   with BENCH_TOOLS=1, the snapshot shows that fixed cost.)
 *
 * `dist dir` defaults to the repository's `dist/`; pass a copy of an older build beside it to compare.
 */
import { writeHeapSnapshot } from "node:v8"
import { readFileSync, rmSync } from "node:fs"
import { resolve } from "node:path"
import { pathToFileURL } from "node:url"
import { request } from "undici"
import { envInt, median, repoRoot, startChild } from "./common.js"

interface PromiseClient {
  discover(url: string): Promise<{ readonly tools: ReadonlyArray<unknown> }>
  register(input: unknown, options: { readonly url: string }): Promise<{ readonly tools: ReadonlyArray<unknown> }>
  tools(): Promise<unknown>
  close(): Promise<void>
}

const [mode = "cpu", ...distArgs] = process.argv.slice(2)
const dists = (distArgs.length === 0 ? [`${repoRoot}dist`] : distArgs).map((dir) =>
  `${pathToFileURL(resolve(dir)).href}/`
)
const dist = dists[0]!
const tools = envInt("BENCH_TOOLS", 1000)
const runs = envInt("BENCH_DISCOVERY_RUNS", 60)

type Create = (options: { readonly credential: string }) => PromiseClient
const load = async (dir: string): Promise<Create> =>
  ((await import(`${dir}Client.js`)) as { createRcpClient: Create }).createRcpClient
const rest = await startChild("restServer.js")
const url = `http://127.0.0.1:${rest.info.port}/rcp/manifest/${tools}`

/** CPU (µs of user + system) and wall time (ms) of one awaited task. */
const timed = async (task: () => Promise<unknown>) => {
  const cpu = process.cpuUsage()
  const start = performance.now()
  await task()
  const used = process.cpuUsage(cpu)
  return { cpuMs: (used.user + used.system) / 1000, wallMs: performance.now() - start }
}

const cpuMode = async () => {
  const parsed: unknown = JSON.parse(await (await fetch(url)).text())
  const cases: Array<readonly [string, () => Promise<unknown>]> = [
    ["floor: undici GET + JSON.parse", async () => (await request(url)).body.json()]
  ]
  const clients: Array<PromiseClient> = []
  for (const [i, dir] of dists.entries()) {
    const create = await load(dir)
    const client = create({ credential: "unused" })
    const registerClient = create({ credential: "unused" })
    clients.push(client, registerClient)
    cases.push(
      [`discover (promise facade), build ${i + 1}`, () => client.discover(url)],
      [`fresh client: create, discover, close, build ${i + 1}`, async () => {
        const fresh = create({ credential: "unused" })
        await fresh.discover(url)
        await fresh.close()
      }],
      [`register, manifest already parsed, build ${i + 1}`, () => registerClient.register(parsed, { url })]
    )
  }
  const results = new Map(cases.map(([name]) => [name, { cpu: [] as Array<number>, wall: [] as Array<number> }]))
  const warm = Math.max(3, Math.ceil(runs / 5))
  for (let r = -warm; r < runs; r++) {
    // Rotated each round: no case always runs right after the same other one.
    for (let k = 0; k < cases.length; k++) {
      const [name, task] = cases[(k + r + warm) % cases.length]!
      const { cpuMs, wallMs } = await timed(task)
      if (r >= 0) {
        results.get(name)!.cpu.push(cpuMs)
        results.get(name)!.wall.push(wallMs)
      }
    }
  }
  for (const client of clients) await client.close()
  const lines = [
    `${tools} tools, ${runs} runs after ${warm} warm-up; builds: ` +
    dists.map((dir, i) => `${i + 1} = ${dir}`).join(", "),
    "| what | CPU median ms | CPU min ms | wall median ms |",
    "|---|---:|---:|---:|"
  ]
  for (const [name, { cpu, wall }] of results) {
    lines.push(`| ${name} | ${median(cpu).toFixed(2)} | ${Math.min(...cpu).toFixed(2)} | ${median(wall).toFixed(2)} |`)
  }
  process.stdout.write(`${lines.join("\n")}\n`)
}

interface Snapshot {
  readonly snapshot: { readonly meta: { readonly node_fields: Array<string>; readonly node_types: [Array<string>] } }
  readonly nodes: Array<number>
  readonly strings: Array<string>
}

/** Self size by "type constructor" of every node in a heap snapshot. */
const bySelfSize = (file: string): Map<string, { size: number; count: number }> => {
  const snap = JSON.parse(readFileSync(file, "utf8")) as Snapshot
  rmSync(file)
  const fields = snap.snapshot.meta.node_fields
  const types = snap.snapshot.meta.node_types[0]
  const [typeAt, nameAt, sizeAt] = [fields.indexOf("type"), fields.indexOf("name"), fields.indexOf("self_size")]
  const out = new Map<string, { size: number; count: number }>()
  for (let i = 0; i < snap.nodes.length; i += fields.length) {
    const type = types[snap.nodes[i + typeAt]!]!
    // Strings are named by their text: group them by type only.
    const name = type === "string" || type === "concatenated string" || type === "sliced string"
      ? ""
      : snap.strings[snap.nodes[i + nameAt]!]!.slice(0, 40)
    const key = `${type} ${name}`.trim()
    const entry = out.get(key) ?? { size: 0, count: 0 }
    entry.size += snap.nodes[i + sizeAt]!
    entry.count++
    out.set(key, entry)
  }
  return out
}

const heapMode = async () => {
  const gc = (globalThis as { gc?: () => void }).gc
  if (gc === undefined) throw new Error("run with --expose-gc")
  const create = await load(dist)
  // What a first discovery leaves whatever the size (compiled code, caches, the snapshot
  // machinery's own first allocations) is paid here, so that the diff below is what the tools keep.
  if (process.env["BENCH_HEAP_WARM"] !== "0") {
    const warm = create({ credential: "unused" })
    await warm.discover(url.replace(/\/\d+$/, "/1"))
    await warm.close()
  }
  rmSync(writeHeapSnapshot())
  const client = create({ credential: "unused" })
  await client.tools()
  const used = () => {
    gc()
    gc()
    return process.memoryUsage().heapUsed
  }
  const heapBefore = used()
  // Both written before either is read: the first's analysis would be on the heap of the second.
  const beforeFile = writeHeapSnapshot()
  const kept = await client.discover(url)
  const heapAfter = used()
  const afterFile = writeHeapSnapshot()
  const before = bySelfSize(beforeFile)
  const after = bySelfSize(afterFile)
  const perK = 1000 / tools
  const rows = [...after].map(([key, { count, size }]) => {
    const old = before.get(key) ?? { size: 0, count: 0 }
    return { key, size: (size - old.size) * perK, count: (count - old.count) * perK }
  }).filter((row) => Math.abs(row.size) >= 1024).sort((a, b) => b.size - a.size)
  const total = rows.reduce((sum, row) => sum + row.size, 0)
  const lines = [
    `${kept.tools.length} tools; heapUsed growth ` +
    `${((heapAfter - heapBefore) * perK / 1048576).toFixed(2)} MiB per 1,000 tools`,
    `snapshot growth by node, per 1,000 tools (rows of at least 1 KiB; sum ${(total / 1048576).toFixed(2)} MiB):`,
    "| node type and constructor | KiB | count |",
    "|---|---:|---:|"
  ]
  for (const row of rows.slice(0, envInt("BENCH_HEAP_TOP", 30))) {
    lines.push(`| ${row.key} | ${(row.size / 1024).toFixed(1)} | ${Math.round(row.count)} |`)
  }
  process.stdout.write(`${lines.join("\n")}\n`)
  await client.close()
}

try {
  if (mode === "cpu") await cpuMode()
  else if (mode === "heap") await heapMode()
  else throw new Error(`unknown mode ${mode}: cpu or heap`)
} finally {
  await rest.stop()
}
process.exit(0)
