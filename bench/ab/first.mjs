// A process's very first index build (code not yet compiled, nothing read), against a plain
// MiniSearch's first build in its own process (issue #32's build figure; bench/RESULTS.md).
//
//   node --expose-gc bench/ab/first.mjs default|plain [tools]    # after `npm run bench:search`'s build steps
//
// Prints the build's wall ms for `tools` tools (default 2,000: the figures' registry, then GitHub's
// tools again under other names), so that runs at two sizes split the process's one-off cost (code
// compiled on first use) from the cost per tool.
import MiniSearch from "minisearch"
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
if (module === undefined) {
  const index = new MiniSearch({ idField: "name", fields: ["name", "description"] })
  index.addAll(tools.map(({ description, name }) => ({ name, description })))
} else {
  module.make().add(tools)
}
console.log((performance.now() - started).toFixed(1))
