/**
 * The rules every task of bench/search/tasks.json keeps (bench/search/README.md), checked against
 * the specs themselves — never against an import, which may leave an operation out:
 *
 * - well formed: a unique id, a split (one of data.ts's `SPLITS`), an API, a request, one or more answers;
 * - every answer is an operation the task's spec declares (`METHOD /path/{template}`);
 * - no request copies three or more consecutive words of the summary or the description of any of
 *   its answers (HTML out, case and punctuation ignored): a request is phrased as a user would say
 *   it, never as the docs do;
 * - no two requests are the same text;
 * - the sizes the issue asks for: ≥ 300 tasks, ≥ 200 TEST, DEV about 100, ≥ 60 for Stripe and
 *   for Slack; and each later development set's size (`MINIMUM.bySplit`: ≥ 80 in DEV4, ≥ 100 in the others).
 *
 * `node bench/build/search/check.js` prints the problems and the counts; test/searchEval.test.ts
 * runs the same checks in `npm test`.
 */
import { readTasks, SPLITS, type Task, isEntryPoint } from "./data.js"
import { API_NAMES, type ApiName, type LoadedSpec, loadSpecs, plainText } from "./specs.js"

/** The words of a text: lowercase letters and digits, everything else a separator. */
export const wordsOf = (text: string): Array<string> =>
  plainText(text).toLowerCase().replace(/['’]/g, "").split(/[^\p{L}\p{N}]+/u).filter((word) => word !== "")

/** The first run of `n` consecutive words `query` shares with `source`, if any. */
export const sharedRun = (query: string, source: string, n = 3): string | undefined => {
  const sourceWords = wordsOf(source)
  const runs = new Set<string>()
  for (let i = 0; i + n <= sourceWords.length; i++) runs.add(sourceWords.slice(i, i + n).join(" "))
  const queryWords = wordsOf(query)
  for (let i = 0; i + n <= queryWords.length; i++) {
    const run = queryWords.slice(i, i + n).join(" ")
    if (runs.has(run)) return run
  }
  return undefined
}

export interface Problem {
  readonly task: string
  readonly message: string
}

export const MINIMUM = {
  tasks: 300,
  test: 200,
  devAtLeast: 80,
  devAtMost: 120,
  /** The later development sets, each at least this many. */
  bySplit: { dev2: 100, dev3: 100, dev4: 80, dev5: 100, dev6: 100, dev7: 100, dev8: 100, dev9: 100, dev10: 100, dev11: 100, dev12: 100, dev13: 100, dev14: 100, dev15: 100 },
  perSmallApi: 60
} as const

export const checkTasks = (
  tasks: ReadonlyArray<Task>,
  specs: { readonly [A in ApiName]: LoadedSpec }
): Array<Problem> => {
  const problems: Array<Problem> = []
  const ids = new Set<string>()
  const queries = new Map<string, string>()
  for (const task of tasks) {
    const at = (message: string) => problems.push({ task: task.id, message })
    if (typeof task.id !== "string" || task.id === "") at("no id")
    if (ids.has(task.id)) at("id used twice")
    ids.add(task.id)
    if (!(SPLITS as ReadonlyArray<string>).includes(task.split)) {
      at(`split ${JSON.stringify(task.split)} is none of ${SPLITS.join(", ")}`)
    }
    if (!API_NAMES.includes(task.api)) {
      at(`api ${JSON.stringify(task.api)} is none of ${API_NAMES.join(", ")}`)
      continue
    }
    if (typeof task.query !== "string" || task.query.trim() === "") at("no request")
    const normalized = wordsOf(task.query).join(" ")
    const twin = queries.get(normalized)
    if (twin !== undefined) at(`the same request as ${twin}`)
    queries.set(normalized, task.id)
    if (!Array.isArray(task.answers) || task.answers.length === 0) at("no answers")
    if (new Set(task.answers).size !== task.answers.length) at("an answer listed twice")
    for (const answer of task.answers) {
      const operation = specs[task.api].byKey.get(answer)
      if (operation === undefined) {
        at(`${answer} is no operation of the ${task.api} spec`)
        continue
      }
      for (const [field, text] of [["summary", operation.summary], ["description", operation.description]] as const) {
        if (text === undefined) continue
        const run = sharedRun(task.query, text)
        if (run !== undefined) at(`copies "${run}" from the ${field} of ${answer}`)
      }
    }
  }
  const count = (predicate: (task: Task) => boolean) => tasks.filter(predicate).length
  const dev = count((task) => task.split === "dev")
  const test = count((task) => task.split === "test")
  if (tasks.length < MINIMUM.tasks) problems.push({ task: "*", message: `${tasks.length} tasks, fewer than ${MINIMUM.tasks}` })
  if (test < MINIMUM.test) problems.push({ task: "*", message: `${test} TEST tasks, fewer than ${MINIMUM.test}` })
  if (dev < MINIMUM.devAtLeast || dev > MINIMUM.devAtMost) {
    problems.push({ task: "*", message: `${dev} DEV tasks, not about 100 (${MINIMUM.devAtLeast}–${MINIMUM.devAtMost})` })
  }
  for (const [split, least] of Object.entries(MINIMUM.bySplit)) {
    const n = count((task) => task.split === split)
    if (n < least) problems.push({ task: "*", message: `${n} ${split.toUpperCase()} tasks, fewer than ${least}` })
  }
  for (const api of ["stripe", "slack"] as const) {
    const n = count((task) => task.api === api)
    if (n < MINIMUM.perSmallApi) problems.push({ task: "*", message: `${n} ${api} tasks, fewer than ${MINIMUM.perSmallApi}` })
  }
  return problems
}

/** Tasks per API and split, as a table. */
export const counts = (tasks: ReadonlyArray<Task>): string => {
  const lines = [
    `| api | ${SPLITS.map((split) => split.toUpperCase()).join(" | ")} | all | API from a hint only |`,
    `|---|${SPLITS.map(() => "---:|").join("")}---:|---:|`
  ]
  for (const api of [...API_NAMES, "all"] as const) {
    const mine = tasks.filter((task) => api === "all" || task.api === api)
    const bySplit = SPLITS.map((split) => mine.filter((task) => task.split === split).length)
    lines.push(`| ${api} | ${bySplit.join(" | ")} | ${mine.length} | ${mine.filter((task) => task.inferred === true).length} |`)
  }
  return lines.join("\n")
}

if (isEntryPoint(import.meta.url)) {
  const { tasks } = readTasks()
  const problems = checkTasks(tasks, loadSpecs())
  for (const problem of problems) process.stdout.write(`${problem.task}: ${problem.message}\n`)
  process.stdout.write(`${counts(tasks)}\n${problems.length} problem(s)\n`)
  process.exitCode = problems.length === 0 ? 0 : 1
}
