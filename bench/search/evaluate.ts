/**
 * The tool-search evaluation (issue #32): `npm run bench:search`. Imports GitHub, Stripe and Slack
 * with rcp-sdk's OpenAPI importer, registers all three in one client, asks a ranker for each task
 * of bench/search/tasks.json, and prints recall@1 and recall@5 on the DEV and TEST splits
 * separately — for the two baselines of baselines.ts, and for a ranker of yours:
 *
 *   npm run bench:search -- --ranker ./path/to/ranker.js   (its default export: a `Ranker`)
 *   npm run bench:search -- --ranker … --dev               (every DEV split, data.ts DEV_SPLITS: no TEST figure to tune by)
 *   npm run bench:search -- --ranker … --dev --by-api dev13 (and one DEV split by API)
 *
 * A task is a hit at k when one of the first k names the ranker returns is a tool whose operation
 * (method + path) is among the task's answers. "answerable" tasks are those with at least one
 * answer that today's import registers; recall is given over those (what a ranker can reach) and
 * over all tasks (what a user gets). Tune on DEV only: bench/search/README.md.
 */
import * as Path from "node:path"
import { pathToFileURL } from "node:url"
import { BASELINES, type Ranker } from "./baselines.js"
import { DEV_SPLITS, readCatalogue, readTasks, SPLITS, type Split, type Task, isEntryPoint } from "./data.js"
import { buildRegistry, type Registry } from "./registry.js"
import { API_NAMES, type ApiName } from "./specs.js"

export const K = [1, 5] as const

export interface Score {
  readonly tasks: number
  readonly answerable: number
  /** Hits at 1 and at 5. */
  readonly hits: readonly [number, number]
}

export interface Outcome {
  readonly task: Task
  readonly answerable: boolean
  /** The rank (1-based) of the first acceptable tool among those returned, or undefined. */
  readonly rank: number | undefined
  readonly top: ReadonlyArray<string>
}

/** Runs a ranker over every task. */
export const run = (ranker: Ranker, registry: Registry, tasks: ReadonlyArray<Task>): Array<Outcome> => {
  const search = ranker(registry.tools)
  const registered = new Set<string>()
  for (const operation of registry.operationOf.values()) registered.add(`${operation.api} ${operation.key}`)
  return tasks.map((task) => {
    const top = search(task.query)
    const index = top.findIndex((name) => {
      const operation = registry.operationOf.get(name)
      return operation !== undefined && operation.api === task.api && task.answers.includes(operation.key)
    })
    return {
      task,
      answerable: task.answers.some((answer) => registered.has(`${task.api} ${answer}`)),
      rank: index === -1 ? undefined : index + 1,
      top: top.slice(0, 5)
    }
  })
}

export const score = (outcomes: ReadonlyArray<Outcome>): Score => ({
  tasks: outcomes.length,
  answerable: outcomes.filter((outcome) => outcome.answerable).length,
  hits: [
    outcomes.filter((outcome) => outcome.rank !== undefined && outcome.rank <= K[0]).length,
    outcomes.filter((outcome) => outcome.rank !== undefined && outcome.rank <= K[1]).length
  ]
})

const ratio = (hits: number, of: number): string => (of === 0 ? "–" : (hits / of).toFixed(2))

const row = (label: string, split: string, s: Score): string =>
  `| ${label} | ${split} | ${s.tasks} | ${s.answerable} | ${ratio(s.hits[0], s.answerable)} | ${ratio(s.hits[1], s.answerable)} | ${
    ratio(s.hits[0], s.tasks)
  } | ${ratio(s.hits[1], s.tasks)} |`


/**
 * The report of several rankers: one table by split, one by API on `byApi` — TEST when it is run, else the split
 * `--by-api` names (`--dev --by-api dev7`: a new development set's figures by API in the same run).
 */
export const report = (
  results: ReadonlyArray<{ readonly name: string; readonly outcomes: ReadonlyArray<Outcome> }>,
  splits: ReadonlyArray<Split> = SPLITS,
  byApi: Split | undefined = splits.includes("test") ? "test" : undefined
): string => {
  const header = [
    "| ranker | split | tasks | answerable | recall@1 | recall@5 | recall@1 (all tasks) | recall@5 (all tasks) |",
    "|---|---|---:|---:|---:|---:|---:|---:|"
  ]
  const bySplit = results.flatMap(({ name, outcomes }) =>
    splits.map((split) => row(name, split.toUpperCase(), score(outcomes.filter((o) => o.task.split === split))))
  )
  if (byApi === undefined || !splits.includes(byApi)) return [...header, ...bySplit, ""].join("\n")
  const apiRows = results.flatMap(({ name, outcomes }) =>
    API_NAMES.map((api: ApiName) =>
      row(name, `${byApi.toUpperCase()} ${api}`, score(outcomes.filter((o) => o.task.split === byApi && o.task.api === api)))
    )
  )
  return [...header, ...bySplit, "", ...header, ...apiRows, ""].join("\n")
}

/** How the live import differs from catalogue.json (operations that became, or stopped being, tools). */
export const drift = (registry: Registry): string => {
  const now = new Set<string>()
  for (const operation of registry.operationOf.values()) now.add(`${operation.api} ${operation.key}`)
  const then = new Set(
    readCatalogue().operations.filter((entry) => entry.tool !== null).map((entry) => `${entry.api} ${entry.method} ${entry.path}`)
  )
  const added = [...now].filter((key) => !then.has(key)).length
  const gone = [...then].filter((key) => !now.has(key)).length
  return added === 0 && gone === 0
    ? "the import registers the catalogue's tools exactly"
    : `the import differs from catalogue.json: ${added} operations more, ${gone} fewer (npm run bench:search:catalogue)`
}

const argument = (argv: ReadonlyArray<string>, flag: string): string | undefined => {
  const at = argv.indexOf(flag)
  return at === -1 ? undefined : argv[at + 1]
}

if (isEntryPoint(import.meta.url)) {
  const started = performance.now()
  const registry = await buildRegistry()
  // `--dev`: the TEST tasks are not even run (the DEV sets are), so that no TEST figure is seen while tuning.
  const devOnly = process.argv.includes("--dev")
  const tasks = readTasks().tasks.filter((task) => !devOnly || task.split !== "test")
  const rankers: Array<{ readonly name: string; readonly ranker: Ranker }> = [...BASELINES]
  const module = argument(process.argv, "--ranker")
  if (module !== undefined) {
    const imported = (await import(pathToFileURL(Path.resolve(module)).href)) as { readonly default: Ranker }
    rankers.push({ name: Path.basename(module), ranker: imported.default })
  }
  const results = rankers.map(({ name, ranker }) => ({ name, outcomes: run(ranker, registry, tasks) }))
  const counts = API_NAMES.map((api) => {
    const tools = registry.tools.filter((tool) => tool.api === api).length
    return `${api} ${tools} tools (${registry.specs[api].operations.length} operations in the spec)`
  })
  process.stdout.write(
    [
      `Node ${process.version}; ${registry.tools.length} tools in one client: ${counts.join(", ")}; ${drift(registry)}.`,
      `${tasks.length} tasks: ${SPLITS.map((split) => `${tasks.filter((t) => t.split === split).length} ${split.toUpperCase()}`).join(", ")}.`,
      "",
      report(results, devOnly ? DEV_SPLITS : SPLITS, devOnly ? DEV_SPLITS.find((split) => split === argument(process.argv, "--by-api")) : "test"),
      `(${((performance.now() - started) / 1000).toFixed(1)} s)`,
      ""
    ].join("\n")
  )
}
