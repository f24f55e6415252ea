// Index build, A/B in one process (issue #32; the numbers of bench/RESULTS.md §"Tool search (#32):
// index build, round 2" under load): the figures' 2,000 tools built by a plain MiniSearch and by
// the default index of each compiled tree named, in interleaved rounds, CPU time and wall time per
// build (min and median), each as a ratio to plain and to the first tree.
//
//   npm run -s build && npx tsc -p bench/tsconfig.json && npx tsc -p bench/tsconfig.core.json && node scripts/targets.mjs rewrite bench/build/core v3
//   # a tree to compare with, e.g. main's sources compiled alike:
//   #   git archive main src | tar -x -C /tmp/main && (cd /tmp/main && esbuild $(find src -name '*.ts' ! -path '*/target/v4/*') --outdir=<repo>/bench/build/coreM --outbase=src --format=esm --platform=node)
//   #   node scripts/targets.mjs rewrite bench/build/coreM v3
//   node --single-threaded-gc --expose-gc bench/ab/build.mjs coreM core [rounds] [--cold]
//
// `--cold`: each tree's process-wide reading is forgotten before each of its builds (index.ts,
// `forgetReadings`): the first build of a process, as the figures' "build with nothing read before".
//
// Trees are folders under bench/build/ holding internal/search/index.js.
import MiniSearch from "minisearch"
import { buildRegistry } from "../build/search/registry.js"

const registry = (await buildRegistry()).tools
const copies = registry.filter((tool) => tool.api === "github").slice(0, Math.max(0, 2000 - registry.length))
  .map((tool) => ({ ...tool, name: `copy_${tool.name}`.slice(0, 64) }))
const tools = [...registry, ...copies]
const names = process.argv.slice(2).filter((arg) => !/^\d+$/.test(arg) && arg !== "--cold")
const cold = process.argv.includes("--cold")
const rounds = Number(process.argv.slice(2).find((arg) => /^\d+$/.test(arg)) ?? 31)
const variants = [{
  name: "plain",
  build: (list) => {
    const index = new MiniSearch({ idField: "name", fields: ["name", "description"] })
    index.addAll(list.map(({ description, name }) => ({ name, description })))
    return index
  }
}]
for (const name of names) {
  const module = await import(new URL(`../build/${name}/internal/search/index.js`, import.meta.url).href)
  variants.push({ name, build: (list) => {
    if (cold) module.forgetReadings?.()
    const index = module.make()
    index.add(list)
    return index
  } })
}
const wall = variants.map(() => []), cpu = variants.map(() => [])
for (let round = 0; round < rounds; round++) {
  for (let k = 0; k < variants.length; k++) {
    const v = (k + round) % variants.length
    globalThis.gc?.()
    const startedCpu = process.cpuUsage(), started = performance.now()
    variants[v].build(tools)
    wall[v].push(performance.now() - started)
    const used = process.cpuUsage(startedCpu)
    cpu[v].push((used.user + used.system) / 1000)
  }
}
const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1]
const min = (values) => Math.min(...values)
const per = tools.length / 1000
for (const [label, of] of [["min", min], ["median", median]]) {
  for (let v = 0; v < variants.length; v++) {
    const row = `${label.padEnd(6)} ${variants[v].name.padEnd(8)} CPU ${(of(cpu[v]) / per).toFixed(1)} ms/1,000 (${(of(cpu[v]) / of(cpu[0])).toFixed(2)}x plain)` +
      `  wall ${(of(wall[v]) / per).toFixed(1)} (${(of(wall[v]) / of(wall[0])).toFixed(2)}x plain)`
    const vsFirst = v > 1 ? `  / ${variants[1].name}: CPU ${(of(cpu[v]) / of(cpu[1])).toFixed(3)}x, wall ${(of(wall[v]) / of(wall[1])).toFixed(3)}x` : ""
    console.log(row + vsFirst)
  }
}
console.log(`${tools.length} tools, ${rounds} interleaved rounds${cold ? ", each build with nothing read before" : ""}; load average ${(await import("node:os")).loadavg().map((l) => l.toFixed(1)).join(" ")}`)
