// A process's very first index build (code not yet compiled, nothing read), against a plain
// MiniSearch's first build in its own process (issue #32's build figure; bench/RESULTS.md).
//
//   node --expose-gc bench/ab/first.mjs default|plain [tools] [--search]   # after `npm run bench:search`'s build steps
//
// Prints the build's wall ms for `tools` tools (default 2,000: the figures' registry, then GitHub's
// tools again under other names), so that runs at two sizes split the process's one-off cost (code
// compiled on first use) from the cost per tool. With `--search`, then the requests of DEV2–DEV4
// (344, never asked in this process), each once: the first search's ms (it opens WordNet), and the
// p50 and p95 of the others — a fresh service's first requests.
import MiniSearch from "minisearch"
import { readTasks } from "../build/search/data.js"
import { buildRegistry } from "../build/search/registry.js"

const variant = process.argv[2] ?? "default"
const size = Number(process.argv[3] ?? 2000)
const registry = (await buildRegistry()).tools
const github = registry.filter((tool) => tool.api === "github")
const tools = registry.slice(0, size)
for (let round = 1; tools.length < size; round++) {
  for (const tool of github.slice(0, size - tools.length)) tools.push({ ...tool, name: `copy${round}_${tool.name}`.slice(0, 64) })
}
const module = variant === "plain" ? undefined : await import("../build/core/internal/search/index.js")
globalThis.gc?.()
const started = performance.now()
let search
if (module === undefined) {
  const index = new MiniSearch({ idField: "name", fields: ["name", "description"] })
  index.addAll(tools.map(({ description, name }) => ({ name, description })))
  search = (query) => index.search(query).slice(0, 5) // as baselines.ts asks it
} else {
  const index = module.make()
  index.add(tools)
  search = (query) => index.search(query, { limit: 5 })
}
const built = performance.now() - started
if (!process.argv.includes("--search")) {
  console.log(built.toFixed(1))
} else {
  const queries = readTasks().tasks.filter((task) => ["dev2", "dev3", "dev4"].includes(task.split)).map((task) => task.query)
  const times = queries.map((query) => {
    const at = performance.now()
    search(query)
    return performance.now() - at
  })
  const rest = times.slice(1).sort((a, b) => a - b)
  const at = (q) => rest[Math.min(rest.length - 1, Math.floor(q * rest.length))].toFixed(2)
  console.log(`build ${built.toFixed(1)} ms; first search ${times[0].toFixed(1)} ms; then ${rest.length} requests p50 ${at(0.5)} ms, p95 ${at(0.95)} ms`)
}
