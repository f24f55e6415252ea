/**
 * `npm run bench`: what one tool call costs with rcp-sdk, against raw HTTP and against what users
 * would pick instead (MCP, UTCP); then discovery of a large manifest, cold start and memory.
 * Prints Markdown tables (what bench/RESULTS.md holds); progress goes to stderr.
 *
 * Env (defaults in brackets): BENCH_CALLS [5000] sequential calls per contender, BENCH_ROUNDS [10]
 * rounds they are split into, BENCH_WARMUP [500] calls per contender first, BENCH_THROUGHPUT_CALLS
 * [3000] calls per contender at BENCH_CONCURRENCY [64] in flight in BENCH_THROUGHPUT_ROUNDS [5]
 * rounds, BENCH_TOOLS [1000] tools for discovery, BENCH_DISCOVERY_RUNS [20], BENCH_COLD_RUNS [8],
 * BENCH_HEAP_RUNS [3]. BENCH_SKIP: comma-separated sections to skip (calls, throughput, discovery,
 * cold, first, heap).
 */
import { spawnSync } from "node:child_process"
import { cpus, totalmem } from "node:os"
import { pathToFileURL } from "node:url"
import * as Client from "rcp-sdk/client"
import { request } from "undici"
import { buildDir, envInt, median, quantile, repoRoot, sortNumbers, startChild } from "./common.js"
import * as Contenders from "./contenders.js"

const config = {
  calls: envInt("BENCH_CALLS", 5000),
  rounds: envInt("BENCH_ROUNDS", 10),
  warmup: envInt("BENCH_WARMUP", 500),
  throughputCalls: envInt("BENCH_THROUGHPUT_CALLS", 3000),
  throughputRounds: envInt("BENCH_THROUGHPUT_ROUNDS", 5),
  concurrency: envInt("BENCH_CONCURRENCY", 64),
  tools: envInt("BENCH_TOOLS", 1000),
  discoveryRuns: envInt("BENCH_DISCOVERY_RUNS", 20),
  coldRuns: envInt("BENCH_COLD_RUNS", 8),
  heapRuns: envInt("BENCH_HEAP_RUNS", 3)
}
const skip = new Set((process.env["BENCH_SKIP"] ?? "").split(",").filter((s) => s !== ""))

const print = (line = "") => process.stdout.write(`${line}\n`)
const started = performance.now()
const progress = (line: string) =>
  process.stderr.write(`[bench ${((performance.now() - started) / 1000).toFixed(0).padStart(3)} s] ${line}\n`)

// UTCP logs every call with console.log; silenced so that the terminal is not the benchmark.
const quiet = <A>(f: () => Promise<A>): Promise<A> => {
  const log = console.log
  console.log = () => {}
  return f().finally(() => {
    console.log = log
  })
}

// Warnings the contenders raise (e.g. the MCP client's abort listeners) are reported once, below.
const warnings = new Map<string, number>()
process.removeAllListeners("warning")
process.on("warning", (warning) => {
  const key = `${warning.name}: ${warning.message.replace(/\d+/g, "N")}`
  warnings.set(key, (warnings.get(key) ?? 0) + 1)
})

const ms = (value: number, digits = 3) => (Number.isFinite(value) ? value.toFixed(digits) : "–")
const ratio = (value: number) => (Number.isFinite(value) ? `${value.toFixed(2)}×` : "–")
/** Round `r` runs the contenders from a different starting point, so that none is always first. */
const rotate = <A>(items: ReadonlyArray<A>, r: number): Array<A> => items.map((_, i) => items[(i + r) % items.length]!)

const table = (header: ReadonlyArray<string>, rows: ReadonlyArray<ReadonlyArray<string>>, align: string) => {
  print(`| ${header.join(" | ")} |`)
  print(`|${align.split("").map((a) => (a === "r" ? "---:" : "---")).join("|")}|`)
  for (const row of rows) print(`| ${row.join(" | ")} |`)
  print()
}

// --- Calls: sequential latency and throughput ------------------------------------------------

const measureCalls = async (origins: Contenders.Origins) => {
  progress("setting up contenders")
  const contenders = await quiet(() => Contenders.all(origins))
  const floor = contenders[0]!
  for (const contender of contenders) {
    const result = await quiet(() => contender.once(42))
    if (result.name !== "Item item-42" || result.price !== 12.5) {
      throw new Error(`${contender.name} returned ${JSON.stringify(result)}`)
    }
  }
  progress(`warm-up: ${config.warmup} sequential + ${config.warmup} concurrent calls each`)
  for (const contender of contenders) {
    await quiet(() => contender.sequential(0, config.warmup, []))
    await quiet(() => contender.concurrent(0, config.warmup, config.concurrency))
  }

  const latencies = new Map(contenders.map((c) => [c, [] as Array<number>]))
  const latencyRatios = new Map(contenders.map((c) => [c, [] as Array<number>]))
  if (!skip.has("calls")) {
    const perRound = Math.ceil(config.calls / config.rounds)
    for (let r = 0; r < config.rounds; r++) {
      progress(`sequential round ${r + 1}/${config.rounds} (${perRound} calls each)`)
      const roundMedian = new Map<Contenders.Contender, number>()
      for (const contender of rotate(contenders, r)) {
        const sample: Array<number> = []
        await quiet(() => contender.sequential(r * perRound, perRound, sample))
        latencies.get(contender)!.push(...sample)
        roundMedian.set(contender, median(sample))
      }
      for (const contender of contenders) {
        latencyRatios.get(contender)!.push(roundMedian.get(contender)! / roundMedian.get(floor)!)
      }
    }
  }

  const throughput = new Map(contenders.map((c) => [c, { calls: 0, ms: 0 }]))
  const throughputRatios = new Map(contenders.map((c) => [c, [] as Array<number>]))
  if (!skip.has("throughput")) {
    const perRound = Math.ceil(config.throughputCalls / config.throughputRounds)
    for (let r = 0; r < config.throughputRounds; r++) {
      progress(`throughput round ${r + 1}/${config.throughputRounds} (${perRound} calls each, ${config.concurrency} in flight)`)
      const rate = new Map<Contenders.Contender, number>()
      for (const contender of rotate(contenders, r)) {
        const start = performance.now()
        await quiet(() => contender.concurrent(r * perRound, perRound, config.concurrency))
        const elapsed = performance.now() - start
        const total = throughput.get(contender)!
        total.calls += perRound
        total.ms += elapsed
        rate.set(contender, perRound / elapsed)
      }
      for (const contender of contenders) throughputRatios.get(contender)!.push(rate.get(floor)! / rate.get(contender)!)
    }
  }
  for (const contender of contenders) await quiet(() => contender.close())

  print(`### One tool call: GET /items/{id}?lang=.., bearer token, two fields of the JSON answer kept`)
  print()
  print(`Sequential: ${config.calls} calls per contender after ${config.warmup} warm-up calls, in ${config.rounds} `
    + `interleaved rounds (the order rotates each round). Throughput: ${config.throughputCalls} calls per contender `
    + `with ${config.concurrency} in flight, in ${config.throughputRounds} interleaved rounds. "× undici" is the `
    + `median over rounds of the contender's round median (or round time) divided by raw undici's in the same round.`)
  print()
  table(
    ["contender", "median ms", "p99 ms", "× undici (latency)", "calls/s (64 in flight)", "× undici (time)"],
    contenders.map((c) => {
      const sorted = sortNumbers(latencies.get(c)!)
      const t = throughput.get(c)!
      return [
        c.name,
        ms(quantile(sorted, 0.5)),
        ms(quantile(sorted, 0.99)),
        ratio(median(latencyRatios.get(c)!)),
        t.calls === 0 ? "–" : Math.round((t.calls * 1000) / t.ms).toLocaleString("en-US"),
        ratio(median(throughputRatios.get(c)!))
      ]
    }),
    "lrrrrr"
  )
}

// --- Discovery of a large manifest ----------------------------------------------------------

const measureDiscovery = async (origins: Contenders.Origins) => {
  const n = config.tools
  const manifestUrl = `${origins.rest}/rcp/manifest/${n}`
  const manifestText = await (await fetch(manifestUrl)).text()
  const manifestJson: unknown = JSON.parse(manifestText)

  const promiseClient = Client.createRcpClient({ credential: "unused" })
  const effectRuntime = await Contenders.rcpRuntime(origins, "direct")
  const registerClient = Client.createRcpClient({ credential: "unused" })
  const mcpClient = await Contenders.mcpConnect(origins, n)

  interface Case {
    readonly name: string
    readonly run: () => Promise<number>
  }
  const cases: Array<Case> = [
    {
      name: `raw undici GET + JSON.parse of the manifest (floor)`,
      run: async () => {
        const response = await request(manifestUrl)
        return (((await response.body.json()) as { tools: Array<unknown> }).tools.length)
      }
    },
    {
      name: "rcp-sdk discover (promise facade)",
      run: async () => (await promiseClient.discover(manifestUrl)).tools.length
    },
    {
      name: "rcp-sdk discover (Effect, Client.layerUndici)",
      run: async () => (await effectRuntime.runPromise(Client.discover(manifestUrl))).tools.length
    },
    {
      name: "rcp-sdk register, manifest already parsed (no HTTP)",
      run: async () => (await registerClient.register(manifestJson, { url: manifestUrl })).tools.length
    },
    {
      name: "MCP listTools (client already connected)",
      run: async () => (await mcpClient.listTools()).tools.length
    },
    {
      name: "MCP connect (initialize) + listTools",
      run: async () => {
        const client = await Contenders.mcpConnect(origins, n)
        const count = (await client.listTools()).tools.length
        await client.close()
        return count
      }
    },
    {
      name: "UTCP client create + register the manual (HTTP)",
      run: async () => {
        const client = await Contenders.utcpConnect(origins, n)
        const count = (await client.getTools()).length
        await client.close()
        return count
      }
    }
  ]
  const times = new Map(cases.map((c) => [c, [] as Array<number>]))
  const warm = Math.max(2, Math.ceil(config.discoveryRuns / 5))
  for (let r = -warm; r < config.discoveryRuns; r++) {
    if (r === 0 || r === -warm) progress(r < 0 ? "discovery warm-up" : `discovery: ${config.discoveryRuns} runs each`)
    for (const c of rotate(cases, r + warm)) {
      const start = performance.now()
      const count = await quiet(c.run)
      const elapsed = performance.now() - start
      if (count !== n) throw new Error(`${c.name}: ${count} tools, expected ${n}`)
      if (r >= 0) times.get(c)!.push(elapsed)
    }
  }
  await promiseClient.close()
  await registerClient.close()
  await effectRuntime.dispose()
  await mcpClient.close()

  print(`### Discovery of ${n.toLocaleString("en-US")} tools`)
  print()
  print(`The RCP manifest is ${(manifestText.length / 1024).toFixed(0)} KiB of JSON. ${config.discoveryRuns} runs each `
    + `after ${warm} warm-up runs, interleaved. rcp-sdk re-discovers the same URL on one client (which `
    + `replaces its tools); MCP's server lowers ${n} zod schemas to JSON Schema on every listTools.`)
  print()
  table(["what", "median ms", "min ms"], cases.map((c) => {
    const sorted = sortNumbers(times.get(c)!)
    return [c.name, ms(median(sorted), 1), ms(sorted[0]!, 1)]
  }), "lrr")
}

// --- Cold start ------------------------------------------------------------------------------

const measureColdStart = () => {
  const targets: Array<{ readonly name: string; readonly specifiers: ReadonlyArray<string> }> = [
    { name: "(nothing: node --input-type=module -e \"\")", specifiers: [] },
    { name: "`effect/Effect` (the floor: any Effect library pays it)", specifiers: ["effect/Effect"] },
    {
      name: "`effect/Effect` + `effect/ParseResult` (the floor of decoding with Effect Schema's parser, as a client does)",
      specifiers: ["effect/Effect", "effect/ParseResult"]
    },
    {
      name: "`effect/Effect` + `effect/Schema` (with the Schema module itself: a client no longer loads it)",
      specifiers: ["effect/Effect", "effect/Schema"]
    },
    { name: "`rcp-sdk/client`", specifiers: ["rcp-sdk/client"] },
    {
      name: "`rcp-sdk/client` unbundled (tsc's modules, bench/build/core/Client.js)",
      specifiers: [pathToFileURL(`${buildDir}core/Client.js`).href]
    },
    { name: "`@modelcontextprotocol/sdk/client`", specifiers: ["@modelcontextprotocol/sdk/client"] },
    {
      name: "`@modelcontextprotocol/sdk/client` + `client/streamableHttp.js`",
      specifiers: ["@modelcontextprotocol/sdk/client", "@modelcontextprotocol/sdk/client/streamableHttp.js"]
    },
    { name: "`@utcp/sdk` + `@utcp/http`", specifiers: ["@utcp/sdk", "@utcp/http"] },
    { name: "`undici`", specifiers: ["undici"] },
    { name: "`undici/lib/dispatcher/agent.js` (all a client loads of undici)", specifiers: ["undici/lib/dispatcher/agent.js"] }
  ]
  const imports = new Map(targets.map((t) => [t, [] as Array<number>]))
  const walls = new Map(targets.map((t) => [t, [] as Array<number>]))
  progress(`cold start: ${config.coldRuns} fresh processes per target`)
  for (let r = 0; r < config.coldRuns; r++) {
    for (const target of rotate(targets, r)) {
      const code = `const t = performance.now();${
        target.specifiers.map((s) => `await import(${JSON.stringify(s)});`).join("")
      }process.stdout.write(String(performance.now() - t))`
      const start = performance.now()
      const child = spawnSync(process.execPath, ["--input-type=module", "-e", code], { cwd: repoRoot, encoding: "utf8" })
      const wall = performance.now() - start
      if (child.status !== 0) throw new Error(`cold start of ${target.name} failed: ${child.stderr}`)
      imports.get(target)!.push(Number(child.stdout))
      walls.get(target)!.push(wall)
    }
  }
  print(`### Cold start`)
  print()
  print(`A fresh \`node\` process per run (${config.coldRuns} runs each, interleaved): the time of the dynamic`
    + ` \`import()\` measured inside the process, and the whole process's wall time (spawn to exit) seen from outside.`)
  print()
  const mcpClient = targets.find((t) => t.specifiers.length === 1 && t.specifiers[0] === "@modelcontextprotocol/sdk/client")!
  table(["import", "import() median ms", "process wall median ms", "× MCP client (import)"], targets.map((t) => [
    t.name,
    ms(median(imports.get(t)!), 1),
    ms(median(walls.get(t)!), 1),
    t.specifiers.length === 0 ? "–" : ratio(median(imports.get(t)!) / median(imports.get(mcpClient)!))
  ]), "lrrr")
}

// --- Cold process to first tool result -------------------------------------------------------

const measureFirstResult = (origins: Contenders.Origins) => {
  const modes = [
    { mode: "rcp", name: "rcp-sdk: import, discover, execute" },
    { mode: "rcp-unbundled", name: "rcp-sdk, tsc's modules unbundled (bench/build/core): the same" },
    { mode: "mcp", name: "MCP: import, connect, listTools, callTool" }
  ]
  const results = new Map(modes.map((m) => [m.mode, [] as Array<{ sinceStartMs: number; workMs: number; wallMs: number }>]))
  progress(`first result: ${config.coldRuns} fresh processes per client`)
  for (let r = 0; r < config.coldRuns; r++) {
    for (const { mode } of rotate(modes, r)) {
      const start = performance.now()
      const child = spawnSync(process.execPath, [`${buildDir}firstResult.js`, mode, origins.rest, origins.mcp], {
        cwd: repoRoot,
        encoding: "utf8"
      })
      const wallMs = performance.now() - start
      if (child.status !== 0) throw new Error(`first result ${mode} failed: ${child.stderr}`)
      results.get(mode)!.push({ ...JSON.parse(child.stdout.trim().split("\n").pop()!), wallMs })
    }
  }
  const of = (mode: string, key: "sinceStartMs" | "workMs" | "wallMs") => median(results.get(mode)!.map((r) => r[key]))
  print(`### Cold process → first tool result`)
  print()
  print(`A fresh \`node\` process per run (${config.coldRuns} runs each, interleaved) that imports the client, gets the`
    + ` tool list and makes one call; "work" is from the first import to the checked result, "since start" adds`
    + ` Node's own start-up, "wall" is spawn to exit seen from outside.`)
  print()
  table(["client", "work median ms", "since start median ms", "process wall median ms", "× MCP (work)"], modes.map(({ mode, name }) => [
    name,
    ms(of(mode, "workMs"), 1),
    ms(of(mode, "sinceStartMs"), 1),
    ms(of(mode, "wallMs"), 1),
    ratio(of(mode, "workMs") / of("mcp", "workMs"))
  ]), "lrrrr")
}

// --- Heap after discovery --------------------------------------------------------------------

const measureHeap = (origins: Contenders.Origins) => {
  const modes = [
    { mode: "rcp", name: `rcp-sdk promise client, ${config.tools} tools discovered` },
    { mode: "rcp-cold", name: `rcp-sdk, the same with nothing sent before (first exchange counted)` },
    { mode: "mcp", name: `MCP client, listTools of ${config.tools} tools (result kept)` },
    { mode: "utcp", name: `UTCP client, manual of ${config.tools} tools registered` }
  ]
  const results = new Map(modes.map((m) => [m.mode, [] as Array<{ before: number; after: number }>]))
  progress(`heap: ${config.heapRuns} fresh processes per client`)
  for (let r = 0; r < config.heapRuns; r++) {
    for (const { mode } of rotate(modes, r)) {
      const child = spawnSync(process.execPath, [
        "--expose-gc",
        `${buildDir}heap.js`,
        mode,
        origins.rest,
        origins.mcp,
        String(config.tools)
      ], { cwd: repoRoot, encoding: "utf8" })
      if (child.status !== 0) throw new Error(`heap ${mode} failed: ${child.stderr}`)
      results.get(mode)!.push(JSON.parse(child.stdout.trim().split("\n").pop()!))
    }
  }
  const mib = (bytes: number) => (bytes / (1024 * 1024)).toFixed(1)
  print(`### Memory`)
  print()
  print(`\`heapUsed\` in a fresh process after \`gc()\`, before (library imported, client ready after one exchange`
    + ` with the server: MCP's connect, a one-tool manifest or manual for the others) and after discovering the`
    + ` ${config.tools}-tool manifest/list with its result kept; median of ${config.heapRuns} processes.`)
  print()
  table(["client", "heap before MiB", "heap after MiB", "growth MiB"], modes.map(({ mode, name }) => {
    const runs = results.get(mode)!
    const before = median(runs.map((r) => r.before))
    const after = median(runs.map((r) => r.after))
    return [name, mib(before), mib(after), mib(median(runs.map((r) => r.after - r.before)))]
  }), "lrrr")
}

// --- Main ------------------------------------------------------------------------------------

const main = async () => {
  const rest = await startChild("restServer.js")
  const restOrigin = `http://127.0.0.1:${rest.info.port}`
  const mcpServer = await startChild("mcpServer.js", [restOrigin])
  const origins: Contenders.Origins = { rest: restOrigin, mcp: `http://127.0.0.1:${mcpServer.info.port}` }
  try {
    const cpu = cpus()
    print(`## rcp-sdk benchmarks`)
    print()
    print(`Machine: Node ${process.version}, ${cpu.length} CPUs (${cpu[0]?.model.trim() ?? "unknown"}), `
      + `${(totalmem() / 2 ** 30).toFixed(0)} GiB, ${process.platform}/${process.arch}. REST server and MCP server `
      + `each in their own process on 127.0.0.1, sharing the CPUs with the client.`)
    print()
    if (!skip.has("calls") || !skip.has("throughput")) await measureCalls(origins)
    if (!skip.has("discovery")) await measureDiscovery(origins)
    if (!skip.has("cold")) measureColdStart()
    if (!skip.has("first")) measureFirstResult(origins)
    if (!skip.has("heap")) measureHeap(origins)
    if (warnings.size > 0) {
      print(`Warnings raised by the contenders during the run:`)
      print()
      for (const [warning, count] of warnings) print(`- ${warning} (×${count})`)
      print()
    }
    print(`Total bench time: ${((performance.now() - started) / 1000).toFixed(0)} s.`)
  } finally {
    await rest.stop()
    await mcpServer.stop()
  }
}

await main()
