/**
 * The ranking oracle for performance work on the default index (issue #32): a change that makes
 * search or the build faster must not change a single ranking. It records the first 20 tools (names
 * and scores) the index gives for every task of the evaluation — DEV and TEST, read and compared by
 * program, never printed — and compares another run with such a record: the same names in the same
 * order, scores equal within a relative 1e-9 (a reordered floating-point sum may move the last bits).
 *
 *   node bench/build/search/rankings.js --write /tmp/before.json   # before the change
 *   node bench/build/search/rankings.js --check /tmp/before.json   # after: exit 1 on any difference
 *
 * (after `npm run bench:search`' build steps). Three indexes are recorded: the three APIs added at
 * once; added one API at a time, with GitHub forgotten and discovered again (the incremental path);
 * and 2,000 tools (GitHub's again under another name, as `figures.ts` measures). It prints task ids
 * and counts only. `test/search/rankings.test.ts` holds a sample of the same (DEV, first 10) in
 * `npm test`.
 */
import * as Fs from "node:fs"
import type * as ToolIndexModule from "../../dist/internal/search/index.js"
import { isEntryPoint, readTasks, type Task } from "./data.js"
import { buildRegistry, type CandidateTool } from "./registry.js"

/** Task id → the ranked `[name, score]` pairs. */
export type Rankings = Record<string, ReadonlyArray<readonly [string, number]>>

type Make = typeof ToolIndexModule.make

/** The first `limit` tools of an index for each task. */
export const rank = (
  index: ToolIndexModule.ToolIndex,
  tasks: ReadonlyArray<Pick<Task, "id" | "query">>,
  limit: number
): Rankings =>
  Object.fromEntries(
    tasks.map((task) => [task.id, index.search(task.query, { limit }).map((hit) => [hit.name, hit.score] as const)])
  )

/** The three APIs added at once. */
export const whole = (make: Make, tools: ReadonlyArray<CandidateTool>): ToolIndexModule.ToolIndex => {
  const index = make()
  index.add(tools)
  return index
}

/** One API at a time, then GitHub forgotten and discovered again: what a client does on discover and forget. */
export const incremental = (make: Make, tools: ReadonlyArray<CandidateTool>): ToolIndexModule.ToolIndex => {
  const index = make()
  for (const api of ["slack", "github", "stripe"]) index.add(tools.filter((tool) => tool.api === api))
  const github = tools.filter((tool) => tool.api === "github")
  index.remove(github.map((tool) => tool.name))
  index.add(github)
  return index
}

/** 2,000 tools: GitHub's first ones again under another name (`figures.ts`). */
export const twoThousand = (make: Make, tools: ReadonlyArray<CandidateTool>): ToolIndexModule.ToolIndex => {
  const copies = tools.filter((tool) => tool.api === "github").slice(0, Math.max(0, 2000 - tools.length))
    .map((tool) => ({ ...tool, name: `copy_${tool.name}`.slice(0, 64) }))
  return whole(make, [...tools, ...copies])
}

/** Relative score difference allowed: a sum taken in another order may differ in its last bits. */
export const EPSILON = 1e-9

/**
 * The differences between two records: tasks whose names or order differ, or a score beyond
 * `EPSILON`; and the largest relative score difference among the others.
 */
export const compare = (
  before: Rankings,
  after: Rankings
): { readonly differing: ReadonlyArray<string>; readonly largest: number } => {
  const differing: Array<string> = []
  let largest = 0
  for (const id of Object.keys(before)) {
    const [was, is] = [before[id]!, after[id] ?? []]
    if (was.length !== is.length || was.some(([name], i) => is[i]![0] !== name)) {
      differing.push(id)
      continue
    }
    let worst = 0
    was.forEach(([, score], i) => {
      worst = Math.max(worst, Math.abs(score - is[i]![1]) / Math.max(Number.MIN_VALUE, Math.abs(score)))
    })
    if (worst > EPSILON) differing.push(id)
    else largest = Math.max(largest, worst)
  }
  for (const id of Object.keys(after)) if (!(id in before)) differing.push(id)
  return { differing, largest }
}

if (isEntryPoint(import.meta.url)) {
  const [mode, file] = process.argv.slice(2)
  if ((mode !== "--write" && mode !== "--check") || file === undefined) {
    process.stderr.write("usage: rankings.js --write FILE | --check FILE\n")
    process.exit(2)
  }
  const ToolIndex = (await import(new URL("../core/internal/search/index.js", import.meta.url).href)) as typeof ToolIndexModule
  const { tools } = await buildRegistry()
  const { tasks } = readTasks()
  const record: Record<string, Rankings> = {
    whole: rank(whole(ToolIndex.make, tools), tasks, 20),
    incremental: rank(incremental(ToolIndex.make, tools), tasks, 20),
    twoThousand: rank(twoThousand(ToolIndex.make, tools), tasks, 20)
  }
  if (mode === "--write") {
    Fs.writeFileSync(file, JSON.stringify(record))
    process.stdout.write(`${tasks.length} tasks × 3 indexes written to ${file}\n`)
  } else {
    const before = JSON.parse(Fs.readFileSync(file, "utf8")) as Record<string, Rankings>
    let failed = false
    for (const name of Object.keys(before)) {
      const { differing, largest } = compare(before[name]!, record[name] ?? {})
      process.stdout.write(
        `${name}: ${differing.length} of ${Object.keys(before[name]!).length} rankings differ` +
          `${differing.length > 0 ? ` (${differing.slice(0, 20).join(", ")})` : ""}; largest relative score difference ${largest.toExponential(1)}\n`
      )
      failed ||= differing.length > 0
    }
    process.exit(failed ? 1 : 0)
  }
}
