/**
 * The tool-search figures of issue #32 (`npm run bench:search:figures`; node runs with
 * --expose-gc):
 *
 * - index build, per 1,000 tools, and search latency (p50, p95) over 2,000 registered tools — the
 *   GitHub, Stripe and Slack imports (1,643 tools) and 357 GitHub tools registered a second time
 *   under another name — each beside the plain baseline (minisearch over name + description, as
 *   baselines.ts) in the same run, so that the ratios hold on a loaded machine;
 * - search latency with each request asked once of a fresh index: the index memoises each term's
 *   scores while its tools do not change (index.ts), and the rounds above ask every request ten
 *   times; this is what a request costs the first time it is asked (its terms met only in the
 *   requests before it);
 * - search latency for requests new to the process (DEV2–DEV4), each asked once of a fresh index
 *   after the rounds above: a running service's first asking of a request;
 * - the build again with nothing read before: the index reads each distinct text once per process
 *   (index.ts, `forgetReadings`), so the builds above, after the first of the process, find the
 *   texts of their tools read; this is a build of tools never seen, its code already compiled (a
 *   process's very first build also compiles the index's code: several times this);
 * - heap per 1,000 tools (after a full GC, the index held), and what the process's reading holds;
 * - the first search of a process (it opens WordNet) apart from the others;
 * - first-turn tool tokens for the GitHub import: every tool vs search mode (the `search_tools`
 *   tool alone), and a turn after one search (the search tool and five found tools), in each
 *   provider's format.
 *
 * The queries are the evaluation's DEV requests (TEST is held out even here).
 *
 * `--tree=NAME` measures another compile of src/ under bench/build/ (`coreM`: main's, as
 * bench/ab/build.mjs makes it) with this driver: the same figures, in the same minute.
 */
import MiniSearch from "minisearch"
import type { ModelTool } from "../../dist/internal/model/modelTool.js"
import type * as ToolIndexModule from "../../dist/internal/search/index.js"
import type * as SearchToolModule from "../../dist/internal/search/searchTool.js"
import type * as TokensModule from "../../dist/internal/search/tokens.js"
import { median, quantile, sortNumbers } from "../common.js"
import { isEntryPoint, readTasks } from "./data.js"
import { buildRegistry, type CandidateTool } from "./registry.js"

// The bench's own compile of src/ (bench/tsconfig.core.json → bench/build/core/), typed by the declarations.
const tree = process.argv.find((arg) => arg.startsWith("--tree="))?.slice("--tree=".length) ?? "core"
const dist = (path: string): string => new URL(`../${tree}/internal/search/${path}`, import.meta.url).href
const ToolIndex = (await import(dist("index.js"))) as typeof ToolIndexModule
const SearchTool = (await import(dist("searchTool.js"))) as typeof SearchToolModule
const Tokens = (await import(dist("tokens.js"))) as typeof TokensModule

const TOOLS = 2000
const BUILDS = 5
const ROUNDS = 10
/** Development sets whose requests the process has not met before they are timed (read sets, never TEST or a held-out one). */
const NEW_SPLITS: ReadonlyArray<string> = ["dev2", "dev3", "dev4"]

const gc = (): void => (globalThis as { gc?: () => void }).gc?.()

const plainIndex = (tools: ReadonlyArray<CandidateTool>) => {
  const index = new MiniSearch<{ readonly name: string; readonly description: string }>({
    idField: "name",
    fields: ["name", "description"]
  })
  index.addAll(tools.map(({ description, name }) => ({ name, description })))
  return (query: string) => index.search(query).slice(0, 5)
}

const defaultIndex = (tools: ReadonlyArray<CandidateTool>) => {
  const index = ToolIndex.make()
  index.add(tools)
  return (query: string) => index.search(query, { limit: 5 })
}

const timeBuilds = (build: (tools: ReadonlyArray<CandidateTool>) => unknown, tools: ReadonlyArray<CandidateTool>): number => {
  const times: Array<number> = []
  for (let i = 0; i < BUILDS; i++) {
    const started = performance.now()
    build(tools)
    times.push(performance.now() - started)
  }
  return median(times)
}

const timeSearches = (search: (query: string) => unknown, queries: ReadonlyArray<string>, rounds = ROUNDS): Array<number> => {
  const times: Array<number> = []
  for (let round = 0; round < rounds; round++) {
    for (const query of queries) {
      const started = performance.now()
      search(query)
      times.push(performance.now() - started)
    }
  }
  return sortNumbers(times)
}

/** CPU time (user + system) of a function, ms: steadier than wall time on a machine others load. */
const cpuOf = (run: () => void): number => {
  const started = process.cpuUsage()
  run()
  const { system, user } = process.cpuUsage(started)
  return (user + system) / 1000
}

const heapOf = (build: () => unknown): number => {
  gc()
  const before = process.memoryUsage().heapUsed
  const held = build()
  gc()
  const after = process.memoryUsage().heapUsed
  if (held === undefined) throw new Error("unreachable")
  return after - before
}

const ms = (value: number): string => value.toFixed(2)

if (isEntryPoint(import.meta.url)) {
  const registry = await buildRegistry()
  const copies = registry.tools.filter((tool) => tool.api === "github").slice(0, TOOLS - registry.tools.length)
    .map((tool) => ({ ...tool, name: `copy_${tool.name}`.slice(0, 64) }))
  const tools = [...registry.tools, ...copies]
  const queries = readTasks().tasks.filter((task) => task.split === "dev").map((task) => task.query)

  // The first search of a process opens WordNet's files: timed apart, on a fresh index.
  const first = ToolIndex.make()
  first.add(tools)
  const coldStarted = performance.now()
  first.search(queries[0] ?? "list repositories", { limit: 5 })
  const cold = performance.now() - coldStarted

  const buildDefault = timeBuilds(defaultIndex, tools)
  // A tree without a process-wide reading (main's before it) reads every text in every build.
  const forget = ToolIndex.forgetReadings ?? (() => {})
  const firstOfProcess = (list: ReadonlyArray<CandidateTool>) => {
    forget()
    return defaultIndex(list)
  }
  const buildCold = timeBuilds(firstOfProcess, tools)
  const buildPlain = timeBuilds(plainIndex, tools)
  const onceDefault = timeSearches(defaultIndex(tools), queries, 1)
  const oncePlain = timeSearches(plainIndex(tools), queries, 1)
  const searchDefault = timeSearches(defaultIndex(tools), queries)
  const searchPlain = timeSearches(plainIndex(tools), queries)
  // Requests new to the process, each asked once of a fresh index, after the rounds above (its code
  // optimised, WordNet's index pages met, each index's term memo empty): what a request costs a
  // running service the first time it is asked. The "once" rows above also pay for the process's
  // first searches (code not yet optimised), as a service pays once.
  const newQueries = readTasks().tasks.filter((task) => NEW_SPLITS.includes(task.split)).map((task) => task.query)
  const newDefault = timeSearches(defaultIndex(tools), newQueries, 1)
  const newPlain = timeSearches(plainIndex(tools), newQueries, 1)
  const cpuBuildDefault = cpuOf(() => { for (let i = 0; i < BUILDS; i++) defaultIndex(tools) }) / BUILDS
  const cpuBuildCold = cpuOf(() => { for (let i = 0; i < BUILDS; i++) firstOfProcess(tools) }) / BUILDS
  const cpuBuildPlain = cpuOf(() => { for (let i = 0; i < BUILDS; i++) plainIndex(tools) }) / BUILDS
  const warmDefault = defaultIndex(tools)
  const warmPlain = plainIndex(tools)
  const cpuSearchDefault = cpuOf(() => { for (let r = 0; r < ROUNDS; r++) for (const query of queries) warmDefault(query) }) / (ROUNDS * queries.length)
  const cpuSearchPlain = cpuOf(() => { for (let r = 0; r < ROUNDS; r++) for (const query of queries) warmPlain(query) }) / (ROUNDS * queries.length)
  const heapDefault = heapOf(() => defaultIndex(tools))
  const heapPlain = heapOf(() => plainIndex(tools))
  // The index with its term memo as the DEV requests leave it (bounded: index.ts, TERM_MEMO).
  const heapSearched = heapOf(() => {
    const search = defaultIndex(tools)
    for (const query of queries) search(query)
    return search
  })
  // What the process's reading holds for these tools: the heap it frees when forgotten.
  firstOfProcess(tools)
  gc()
  const readingBefore = process.memoryUsage().heapUsed
  forget()
  gc()
  const heapReading = readingBefore - process.memoryUsage().heapUsed

  const github = registry.tools.filter((tool) => tool.api === "github")
  // The registry's tools are the client's model-facing tools (CandidateTool types them loosely).
  const modelTool = ({ description, name, parameters }: CandidateTool): ModelTool =>
    ({ name, description, parameters: { ...parameters, additionalProperties: false } }) as ModelTool
  const search = SearchTool.definition()
  const found = defaultIndex(github)("open a pull request").map((hit) => github.find((tool) => tool.name === hit.name)!)
  const tokenRows: Array<string> = []
  for (const provider of ["openai", "anthropic", "gemini"] as const) {
    const all = await Tokens.count(github.map(modelTool), { provider })
    const searchOnly = await Tokens.count([search], { provider })
    const afterOne = await Tokens.count([search, ...found.map(modelTool)], { provider })
    tokenRows.push(
      `| ${provider}${all.estimate ? " (estimate)" : ""} | ${all.total.toLocaleString("en")} | ${searchOnly.total} | ${
        ((searchOnly.total / all.total) * 100).toFixed(2)
      }% | ${afterOne.total.toLocaleString("en")} | ${((afterOne.total / all.total) * 100).toFixed(2)}% |`
    )
  }

  const perThousand = (value: number): number => (value / tools.length) * 1000
  process.stdout.write([
    `Node ${process.version}; ${tools.length} tools (${registry.tools.length} imported + ${copies.length} GitHub tools again under another name); ${queries.length} DEV requests × ${ROUNDS}.`,
    "",
    "| figure | default index | plain baseline | ratio |",
    "|---|---:|---:|---:|",
    `| build, texts read before in the process, ms per 1,000 tools (median of ${BUILDS}) | ${ms(perThousand(buildDefault))} | ${ms(perThousand(buildPlain))} | ${(buildDefault / buildPlain).toFixed(2)}x |`,
    `| build, texts read before, CPU ms per 1,000 tools (mean of ${BUILDS}) | ${ms(perThousand(cpuBuildDefault))} | ${ms(perThousand(cpuBuildPlain))} | ${(cpuBuildDefault / cpuBuildPlain).toFixed(2)}x |`,
    `| build with nothing read before (tools never seen, code warm), ms per 1,000 tools (median of ${BUILDS}) | ${ms(perThousand(buildCold))} | ${ms(perThousand(buildPlain))} | ${(buildCold / buildPlain).toFixed(2)}x |`,
    `| build with nothing read before, CPU ms per 1,000 tools (mean of ${BUILDS}) | ${ms(perThousand(cpuBuildCold))} | ${ms(perThousand(cpuBuildPlain))} | ${(cpuBuildCold / cpuBuildPlain).toFixed(2)}x |`,
    `| search, CPU ms per request (mean) | ${ms(cpuSearchDefault)} | ${ms(cpuSearchPlain)} | ${(cpuSearchDefault / cpuSearchPlain).toFixed(2)}x |`,
    `| search p50, ms | ${ms(quantile(searchDefault, 0.5))} | ${ms(quantile(searchPlain, 0.5))} | ${(quantile(searchDefault, 0.5) / quantile(searchPlain, 0.5)).toFixed(2)}x |`,
    `| search p95, ms | ${ms(quantile(searchDefault, 0.95))} | ${ms(quantile(searchPlain, 0.95))} | ${(quantile(searchDefault, 0.95) / quantile(searchPlain, 0.95)).toFixed(2)}x |`,
    `| search p50, ms, each request once on a fresh index | ${ms(quantile(onceDefault, 0.5))} | ${ms(quantile(oncePlain, 0.5))} | ${(quantile(onceDefault, 0.5) / quantile(oncePlain, 0.5)).toFixed(2)}x |`,
    `| search p95, ms, each request once on a fresh index | ${ms(quantile(onceDefault, 0.95))} | ${ms(quantile(oncePlain, 0.95))} | ${(quantile(onceDefault, 0.95) / quantile(oncePlain, 0.95)).toFixed(2)}x |`,
    `| search p50, ms, requests new to the process (${newQueries.length}, DEV2–DEV4), each once on a fresh index | ${ms(quantile(newDefault, 0.5))} | ${ms(quantile(newPlain, 0.5))} | ${(quantile(newDefault, 0.5) / quantile(newPlain, 0.5)).toFixed(2)}x |`,
    `| search p95, ms, requests new to the process, each once on a fresh index | ${ms(quantile(newDefault, 0.95))} | ${ms(quantile(newPlain, 0.95))} | ${(quantile(newDefault, 0.95) / quantile(newPlain, 0.95)).toFixed(2)}x |`,
    `| heap per 1,000 tools, MiB | ${(perThousand(heapDefault) / 2 ** 20).toFixed(2)} | ${(perThousand(heapPlain) / 2 ** 20).toFixed(2)} | ${(heapDefault / heapPlain).toFixed(2)}x |`,
    `| the process's reading of these tools' texts (shared by its indexes), MiB per 1,000 tools | ${(perThousand(heapReading) / 2 ** 20).toFixed(2)} | | |`,
    `| heap per 1,000 tools after the DEV requests (term memo filled), MiB | ${(perThousand(heapSearched) / 2 ** 20).toFixed(2)} | | |`,
    `| first search of a process (opens WordNet), ms | ${ms(cold)} | | |`,
    "",
    `First-turn tool tokens, GitHub import (${github.length} tools), o200k_base:`,
    "",
    "| provider | all tools | search mode (search_tools only) | share | after one search (+5 tools) | share |",
    "|---|---:|---:|---:|---:|---:|",
    ...tokenRows,
    ""
  ].join("\n"))
}
