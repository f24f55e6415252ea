/**
 * `npm run bench:profile`: runs each HTTP-level contender's sequential calls under
 * `node --cpu-prof` (one process each, against the REST server process) and prints where the
 * client's CPU time goes: self time per call by group (ours / effect runtime / @effect/platform /
 * HTTP client / Node core / GC), and the top self-time functions of the rcp-sdk Effect execute.
 *
 * Env: BENCH_PROFILE_CALLS (default 5000), BENCH_PROFILE_INTERVAL_US (sampling, default 100),
 * BENCH_PROFILE_TOP (functions listed, default 30), BENCH_PROFILE_ONLY (comma-separated contenders).
 * Profiles are kept in bench/build/profiles/ (open them in Chrome DevTools).
 */
import { spawnSync } from "node:child_process"
import { mkdirSync, readFileSync, rmSync } from "node:fs"
import { buildDir, envInt, repoRoot, startChild } from "./common.js"
import { type Analysis, analyze, type CpuProfile } from "./profileAnalysis.js"

const fmt = (value: number, digits = 1) => value.toFixed(digits)

const main = async () => {
  const calls = envInt("BENCH_PROFILE_CALLS", 5000)
  const interval = envInt("BENCH_PROFILE_INTERVAL_US", 100)
  const top = envInt("BENCH_PROFILE_TOP", 30)
  const only = process.env["BENCH_PROFILE_ONLY"]?.split(",")
  const contenders = ["undici", "fetch", "effect-direct", "effect-undici", "effect-fetch", "promise"].filter((c) =>
    only === undefined || only.includes(c)
  )
  const dir = `${buildDir}profiles`
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(dir, { recursive: true })
  const rest = await startChild("restServer.js")
  const origin = `http://127.0.0.1:${rest.info.port}`
  const results = new Map<string, { analysis: Analysis; medianMs: number }>()
  for (const which of contenders) {
    const run = spawnSync(process.execPath, [
      "--cpu-prof",
      `--cpu-prof-interval=${interval}`,
      `--cpu-prof-dir=${dir}`,
      `--cpu-prof-name=${which}.cpuprofile`,
      `${buildDir}profileTarget.js`,
      which,
      origin,
      String(calls)
    ], { cwd: repoRoot, encoding: "utf8" })
    if (run.status !== 0) throw new Error(`${which} failed: ${run.stderr}`)
    const summary = JSON.parse(run.stdout.trim().split("\n").pop()!) as { medianMs: number }
    const profile = JSON.parse(readFileSync(`${dir}/${which}.cpuprofile`, "utf8")) as CpuProfile
    results.set(which, { analysis: analyze(profile), medianMs: summary.medianMs })
    process.stderr.write(`profiled ${which}\n`)
  }
  await rest.stop()

  // The profile covers the whole process (import, warm-up, calls); per-call numbers divide by
  // warm-up + measured calls, so they are CPU cost per call, comparable across contenders.
  const perCall = calls + Math.ceil(calls / 5)
  const groups = [...new Set([...results.values()].flatMap((r) => [...r.analysis.groups.keys()]))].sort()
  const out: Array<string> = []
  out.push(`Client-process CPU self time per call, µs (${calls} measured + ${Math.ceil(calls / 5)} warm-up calls, `
    + `sampled every ${interval} µs; process start and imports included):`)
  out.push("")
  out.push(`| group | ${contenders.join(" | ")} |`)
  out.push(`|---|${contenders.map(() => "---:").join("|")}|`)
  for (const group of groups) {
    out.push(`| ${group} | ${contenders.map((c) => fmt(((results.get(c)!.analysis.groups.get(group) ?? 0) * 1000) / perCall)).join(" | ")} |`)
  }
  const busy = (a: Analysis) => a.totalMs - (a.groups.get("idle (waiting for the server)") ?? 0)
  out.push(`| **busy (all but idle)** | ${contenders.map((c) => `**${fmt((busy(results.get(c)!.analysis) * 1000) / perCall)}**`).join(" | ")} |`)
  out.push(`| median latency under the profiler, ms | ${contenders.map((c) => fmt(results.get(c)!.medianMs, 3)).join(" | ")} |`)
  for (const which of contenders.filter((c) => c.startsWith("effect") || c === "promise")) {
    const { analysis } = results.get(which)!
    out.push("")
    out.push(`Top ${top} self-time functions, ${which} (µs per call; % of busy time):`)
    out.push("")
    out.push("| function (file:line) | group | µs/call | % busy |")
    out.push("|---|---|---:|---:|")
    for (const f of analysis.functions.filter((f) => !f.group.startsWith("idle")).slice(0, top)) {
      out.push(`| \`${f.key}\` | ${f.group} | ${fmt((f.ms * 1000) / perCall)} | ${fmt((100 * f.ms) / busy(analysis))} |`)
    }
  }
  process.stdout.write(`${out.join("\n")}\n`)
}

await main()
