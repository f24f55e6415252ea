// Cold start on both targets, side by side (issue #35; docs/effect4.md §Cost): fresh Node processes
// that import one public module of the package by name and do its first piece of work, on the
// Effect 3 line (dist/, beside effect 3.22) and on the Effect 4 line (dist/v4, beside effect 4.1,
// staged as scripts/publish.mjs stages it), interleaved A/B in the same run. Prints, per module, the
// median CPU (user + system) and time to the end of the work (`performance.now()`, from process
// start) on each target, and the median of the pairs' ratios Effect 4 / Effect 3. Only ratios within
// one run are meaningful on a shared machine; the load average is printed with them.
//
//   npm run -s build && npm run -s build:effect4 && node bench/targets-cold.mjs [--rounds N]
//
// The client's rows run against a local API on 127.0.0.1 (a child process, since this one blocks
// in spawnSync while a probe runs): discovery + the first call, and 2,000 calls after discovery,
// timed inside the probe (µs per call, a second table).
import { spawn, spawnSync } from "node:child_process"
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs"
import { loadavg, tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { effect4Manifest } from "../scripts/publish.mjs"

const root = join(dirname(fileURLToPath(import.meta.url)), "..")
const roundsAt = process.argv.indexOf("--rounds")
const ROUNDS = roundsAt > 0 ? Number(process.argv[roundsAt + 1]) : 15
if (!existsSync(join(root, "dist/v4/peers.js")) || !existsSync(join(root, "dist/peers.js"))) {
  throw new Error("build both trees first: npm run build && npm run build:effect4")
}
const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"))
const work = mkdtempSync(join(tmpdir(), "rcp-targets-cold-"))

/** An app with the package installed as a user gets it, and the given Effect beside it. */
const app = (name, effect, stage) => {
  const dir = join(work, name)
  const modules = join(dir, "node_modules")
  mkdirSync(join(modules, "@effect"), { recursive: true })
  writeFileSync(join(dir, "package.json"), JSON.stringify({ type: "module" }))
  symlinkSync(join(root, "node_modules", effect), join(modules, "effect"))
  if (name === "effect3") symlinkSync(join(root, "node_modules/@effect/platform"), join(modules, "@effect/platform"))
  for (const dep of Object.keys(pkg.dependencies)) symlinkSync(join(root, "node_modules", dep), join(modules, dep))
  stage(join(modules, "rcp-sdk"))
  return dir
}

const apps = {
  effect3: app("effect3", "effect", (to) => {
    cpSync(join(root, "dist"), join(to, "dist"), { recursive: true, filter: (src) => !src.startsWith(join(root, "dist/v4")) })
    cpSync(join(root, "package.json"), join(to, "package.json"))
  }),
  effect4: app("effect4", "effect4", (to) => {
    cpSync(join(root, "dist/v4"), join(to, "dist/v4"), { recursive: true })
    const built = (path) => existsSync(join(root, "dist/v4", path.replace(/^\.\/dist\//, "")))
    writeFileSync(join(to, "package.json"), JSON.stringify(effect4Manifest(pkg, built)))
  })
}

const SEED = JSON.stringify({
  rcpVersion: "0.1",
  auth: { type: "header", name: "Authorization", scheme: "Bearer" },
  tools: [
    {
      name: "get_profile",
      description: "Get a user's profile.",
      method: "GET",
      params: [{ name: "userId", type: "string" }, { name: "fields", type: "string", required: false, enum: ["name", "email"] }],
      url: "https://api.example.com/users/{{userId}}"
    },
    {
      name: "create_note",
      description: "Create a note.",
      method: "POST",
      params: [{ name: "title", type: "string" }, { name: "pinned", type: "boolean", required: false }],
      url: "https://api.example.com/notes",
      body: { title: "{{title}}", pinned: "{{pinned}}" }
    }
  ]
})

// The local API the client probes call: the manifest and one endpoint, in a child process.
const API = `import http from "node:http"
let origin = ""
const server = http.createServer((req, res) => {
  res.writeHead(200, { "content-type": "application/json" })
  if (req.url === "/rcp/manifest") {
    return res.end(JSON.stringify({
      rcpVersion: "0.1",
      auth: { type: "header", name: "Authorization", scheme: "Bearer" },
      tools: [{ name: "get_item", description: "Get one item by its id.", method: "GET",
        params: [{ name: "id", type: "string" }, { name: "userId", type: "string" }],
        url: origin + "/u/{{userId}}/items/{{id}}" }]
    }))
  }
  res.end(JSON.stringify({ id: req.url.split("/").pop(), name: "Item" }))
})
server.keepAliveTimeout = 60_000
server.listen(0, "127.0.0.1", () => {
  origin = "http://127.0.0.1:" + server.address().port
  console.log(origin)
})
`
writeFileSync(join(work, "api.mjs"), API)
const apiProcess = spawn(process.execPath, [join(work, "api.mjs")], { stdio: ["ignore", "pipe", "inherit"] })
const origin = await new Promise((resolve) => apiProcess.stdout.once("data", (chunk) => resolve(String(chunk).trim())))

// Each probe: the same program on both targets (what differs is only which Effect and which line).
const END = `const cpu = process.cpuUsage()
console.log(JSON.stringify({ cpu: (cpu.user + cpu.system) / 1000, ms: performance.now() }))
`
const PROBES = {
  "effect/Effect alone (the floor)": `await import("effect/Effect")\n${END}`,
  "rcp-sdk/manifest: import + decode": `const Effect = await import("effect/Effect")
const Manifest = await import("rcp-sdk/manifest")
const m = await Effect.runPromise(Manifest.decode(${SEED}))
if (m.tools.length !== 2) throw new Error("decode")
${END}`,
  "rcp-sdk/lock: import + make + validate": `const Manifest = await import("rcp-sdk/manifest")
const Lock = await import("rcp-sdk/lock")
const lock = Lock.make([{ url: "https://api.example.com/rcp/manifest", manifest: ${SEED} }])
if (Lock.validate(JSON.parse(Lock.format(lock)))._tag === undefined) throw new Error("validate")
${END}`,
  "rcp-sdk/resolver: import + resolve a call": `const Effect = await import("effect/Effect")
const Resolver = await import("rcp-sdk/resolver")
const params = [{ name: "userId", type: "string" }, { name: "id", type: "string" }]
const values = await Effect.runPromise(
  Effect.provide(Resolver.resolveAll("t", params.slice(0, 1), { user: "u" }), Resolver.layer({ userId: (c) => c.user }))
)
if (values.userId !== "u") throw new Error("resolve")
${END}`,
  "rcp-sdk/client: import + discover + first call": `const { createRcpClient } = await import("rcp-sdk/client")
const client = createRcpClient({ credential: "t", resolvers: { userId: (turn) => turn.userId } })
await client.discover("${origin}/rcp/manifest")
const result = await client.execute({ name: "get_item", arguments: { id: "1" } }, { context: { userId: "u" } })
if (result.status !== 200) throw new Error("call")
await client.close()
${END}`,
  "rcp-sdk/client: 2,000 calls after discovery": `const { createRcpClient } = await import("rcp-sdk/client")
const client = createRcpClient({ credential: "t", resolvers: { userId: (turn) => turn.userId } })
await client.discover("${origin}/rcp/manifest")
await client.execute({ name: "get_item", arguments: { id: "0" } }, { context: { userId: "u" } })
const start = performance.now()
const cpuStart = process.cpuUsage()
for (let i = 1; i <= 2000; i++) {
  const result = await client.execute({ name: "get_item", arguments: { id: String(i) } }, { context: { userId: "u" } })
  if (result.status !== 200) throw new Error("call")
}
const loop = process.cpuUsage(cpuStart)
const perCall = { callUs: ((performance.now() - start) * 1000) / 2000, callCpuUs: (loop.user + loop.system) / 2000 }
await client.close()
const cpu = process.cpuUsage()
console.log(JSON.stringify({ cpu: (cpu.user + cpu.system) / 1000, ms: performance.now(), ...perCall }))
`
}

const probeFiles = Object.keys(PROBES).map((label, i) => ({ label, file: `probe${i}.mjs` }))
for (const dir of Object.values(apps)) {
  for (const { label, file } of probeFiles) writeFileSync(join(dir, file), PROBES[label])
}

const runOnce = (dir, file) => {
  const result = spawnSync(process.execPath, [file], { cwd: dir, encoding: "utf8" })
  if (result.status !== 0) throw new Error(`${dir}/${file}: ${result.stderr}`)
  return JSON.parse(result.stdout.trim().split("\n").pop())
}
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b)
  return s.length % 2 === 1 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2
}

const loadBefore = loadavg()[0]
const rows = []
for (const { label, file } of probeFiles) {
  runOnce(apps.effect3, file) // warm the file system cache on both
  runOnce(apps.effect4, file)
  const pairs = []
  for (let i = 0; i < ROUNDS; i++) {
    // Alternate which goes first, so neither always meets the other's leftovers.
    const [a, b] = i % 2 === 0 ? ["effect3", "effect4"] : ["effect4", "effect3"]
    const first = runOnce(apps[a], file)
    const second = runOnce(apps[b], file)
    pairs.push(a === "effect3" ? { v3: first, v4: second } : { v3: second, v4: first })
  }
  rows.push({
    label,
    v3cpu: median(pairs.map((p) => p.v3.cpu)),
    v4cpu: median(pairs.map((p) => p.v4.cpu)),
    v3ms: median(pairs.map((p) => p.v3.ms)),
    v4ms: median(pairs.map((p) => p.v4.ms)),
    cpuRatio: median(pairs.map((p) => p.v4.cpu / p.v3.cpu)),
    msRatio: median(pairs.map((p) => p.v4.ms / p.v3.ms)),
    perCall: pairs[0].v3.callUs === undefined ? undefined : {
      v3: median(pairs.map((p) => p.v3.callUs)),
      v4: median(pairs.map((p) => p.v4.callUs)),
      v3cpu: median(pairs.map((p) => p.v3.callCpuUs)),
      v4cpu: median(pairs.map((p) => p.v4.callCpuUs)),
      ratio: median(pairs.map((p) => p.v4.callUs / p.v3.callUs)),
      cpuRatio: median(pairs.map((p) => p.v4.callCpuUs / p.v3.callCpuUs))
    }
  })
}
const loadAfter = loadavg()[0]
apiProcess.kill()
rmSync(work, { recursive: true, force: true })

const f = (n) => n.toFixed(0).padStart(5)
const r = (n) => `${n.toFixed(2)}×`
console.log(`cold start, Effect 3 line (dist/, effect ${JSON.parse(readFileSync(join(root, "node_modules/effect/package.json"), "utf8")).version}) vs Effect 4 line (dist/v4, effect ${JSON.parse(readFileSync(join(root, "node_modules/effect4/package.json"), "utf8")).version}); Node ${process.version}; ${ROUNDS} interleaved pairs per row; load average ${loadBefore.toFixed(1)} → ${loadAfter.toFixed(1)}${loadBefore > 1 || loadAfter > 1 ? " (MEASURED UNDER LOAD: only the ratios mean anything)" : ""}`)
console.log("| process | Effect 3 CPU ms | Effect 4 CPU ms | CPU, Effect 4 / Effect 3 | Effect 3 ms to done | Effect 4 ms to done | time, Effect 4 / Effect 3 |")
console.log("|---|---:|---:|---:|---:|---:|---:|")
for (const row of rows) {
  console.log(`| ${row.label} | ${f(row.v3cpu)} | ${f(row.v4cpu)} | ${r(row.cpuRatio)} | ${f(row.v3ms)} | ${f(row.v4ms)} | ${r(row.msRatio)} |`)
}
const perCall = rows.filter((row) => row.perCall !== undefined)
if (perCall.length > 0) {
  console.log("")
  console.log("| per call (medians of the pairs) | Effect 3 µs | Effect 4 µs | Effect 4 / Effect 3 | Effect 3 CPU µs | Effect 4 CPU µs | CPU, Effect 4 / Effect 3 |")
  console.log("|---|---:|---:|---:|---:|---:|---:|")
  for (const { label, perCall: c } of perCall) {
    console.log(`| ${label} | ${c.v3.toFixed(1)} | ${c.v4.toFixed(1)} | ${r(c.ratio)} | ${c.v3cpu.toFixed(1)} | ${c.v4cpu.toFixed(1)} | ${r(c.cpuRatio)} |`)
  }
}
