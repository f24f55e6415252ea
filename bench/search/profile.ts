/**
 * A driver to profile the default index under `node --cpu-prof` (README "Profiling"): the 2,000
 * tools of `figures.ts`, builds and the DEV requests, nothing else — so that a profile shows the
 * index, not the imports or the token counting of the figures.
 *
 *   node --cpu-prof --cpu-prof-dir=/tmp/prof bench/build/search/profile.js [--build | --search]
 *
 * `--build`: five builds; `--search`: one build, then the DEV requests ten times; neither: both.
 */
import type * as ToolIndexModule from "../../dist/internal/search/index.js"
import { isEntryPoint, readTasks } from "./data.js"
import { twoThousand } from "./rankings.js"
import { buildRegistry } from "./registry.js"

if (isEntryPoint(import.meta.url)) {
  const ToolIndex = (await import(new URL("../core/internal/search/index.js", import.meta.url).href)) as typeof ToolIndexModule
  const only = process.argv[2]
  const { tools } = await buildRegistry()
  const queries = readTasks().tasks.filter((task) => task.split === "dev").map((task) => task.query)
  const started = performance.now()
  if (only !== "--search") for (let i = 0; i < 5; i++) twoThousand(ToolIndex.make, tools)
  const built = performance.now()
  if (only !== "--build") {
    const index = twoThousand(ToolIndex.make, tools)
    for (let round = 0; round < 10; round++) for (const query of queries) index.search(query, { limit: 5 })
  }
  process.stdout.write(`builds ${(built - started).toFixed(0)} ms, searches ${(performance.now() - built).toFixed(0)} ms\n`)
}
