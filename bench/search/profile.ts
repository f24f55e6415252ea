/**
 * A driver to profile the default index under `node --cpu-prof` (README "Profiling"): the 2,000
 * tools of `figures.ts`, builds and the DEV requests, nothing else — so that a profile shows the
 * index, not the imports or the token counting of the figures.
 *
 *   node --cpu-prof --cpu-prof-dir=/tmp/prof bench/build/search/profile.js [--build | --search]
 *
 * `--build`: five builds; `--search`: one build, then the DEV requests ten times; neither: both.
 * `--cold`: each build with nothing read before (`forgetReadings`, the figures' first build of a
 * process); `--builds=N`: N builds instead of five (`--builds=0`: the tools read from the imports and
 * nothing built — what to subtract from an instruction count of `--builds=1` under
 * `valgrind --tool=callgrind` to count one build, which is repeatable on a loaded machine).
 * `--first`: one build, then the first DEV request alone — a process's first search (figures.ts'
 * "first search of a process"), its wall and CPU milliseconds printed; run it in several fresh
 * processes to compare trees (`--tree=NAME`, as figures.ts).
 */
import type * as ToolIndexModule from "../../dist/internal/search/index.js"
import { isEntryPoint, readTasks } from "./data.js"
import { twoThousand } from "./rankings.js"
import { buildRegistry } from "./registry.js"

if (isEntryPoint(import.meta.url)) {
  const tree = process.argv.find((arg) => arg.startsWith("--tree="))?.slice("--tree=".length) ?? "core"
  const ToolIndex = (await import(new URL(`../${tree}/internal/search/index.js`, import.meta.url).href)) as typeof ToolIndexModule
  const only = process.argv[2]
  const { tools } = await buildRegistry()
  const queries = readTasks().tasks.filter((task) => task.split === "dev").map((task) => task.query)
  if (only === "--first") {
    const index = twoThousand(ToolIndex.make, tools)
    const cpu = process.cpuUsage()
    const wall = performance.now()
    index.search(queries[0] ?? "list repositories", { limit: 5 })
    const took = performance.now() - wall
    const used = process.cpuUsage(cpu)
    process.stdout.write(`first search ${took.toFixed(1)} ms wall, ${((used.user + used.system) / 1000).toFixed(1)} ms CPU\n`)
    process.exit(0)
  }
  const cold = process.argv.includes("--cold")
  const builds = Number(process.argv.find((arg) => arg.startsWith("--builds="))?.slice("--builds=".length) ?? 5)
  const started = performance.now()
  if (only !== "--search") {
    for (let i = 0; i < builds; i++) {
      if (cold) ToolIndex.forgetReadings()
      twoThousand(ToolIndex.make, tools)
    }
  }
  const built = performance.now()
  if (only !== "--build") {
    const index = twoThousand(ToolIndex.make, tools)
    for (let round = 0; round < 10; round++) for (const query of queries) index.search(query, { limit: 5 })
  }
  process.stdout.write(`builds ${(built - started).toFixed(0)} ms, searches ${(performance.now() - built).toFixed(0)} ms\n`)
}
