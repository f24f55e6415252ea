/**
 * `npm run bench:results`: what shaping a result for the model costs (#34), beside
 * `JSON.stringify` of the same value in the same run (the baseline: what sending it whole costs),
 * on the real-shaped responses of bench/responses.ts, with the default budget (40,000 characters).
 * Also: what survives (items shown of each list) and the cost of HTML → Markdown for the largest
 * page converted (32 KiB). Rounds interleave the contenders, so load from other jobs moves both.
 *
 * Env: BENCH_RESULT_ROUNDS [15], BENCH_RESULT_BUDGET [40000].
 */
import type * as BudgetModule from "../dist/internal/result/budget.js"
import type * as HtmlModule from "../dist/internal/result/html.js"
import type * as ShapeModule from "../dist/internal/result/shape.js"
import { envInt, median } from "./common.js"
import * as Responses from "./responses.js"

// The internal modules from the bench's own compile of src/ (bench/tsconfig.core.json → bench/build/core/),
// as the other benches load them; typed by the package's declarations.
const dist = new URL("./core/internal/result/", import.meta.url)
const Budget = (await import(new URL("budget.js", dist).href)) as typeof BudgetModule
const { htmlToMarkdown, MAX_NESTING } = (await import(new URL("html.js", dist).href)) as typeof HtmlModule
const Shape = (await import(new URL("shape.js", dist).href)) as typeof ShapeModule

const rounds = envInt("BENCH_RESULT_ROUNDS", 15)
const maxChars = envInt("BENCH_RESULT_BUDGET", 40_000)
const budget = Budget.effective({ client: { maxResultChars: maxChars } })
const tool = { name: "list", visible: new Map<string, "string" | "number" | "boolean">(), queryParams: new Map<string, string>() }

const cases: ReadonlyArray<readonly [string, unknown]> = [
  ["GitHub repositories (100)", Responses.githubRepositories()],
  ["Stripe charges (100)", Responses.stripeCharges()],
  ["Kubernetes pods (200)", Responses.kubernetesPods()],
  ["events, 1 MiB", Responses.events(1024 * 1024)],
  ["events, 5 MiB", Responses.events()]
]

/** Milliseconds per call of `f`, over enough calls to take ~20 ms. */
const time = (f: () => unknown): number => {
  let n = 1
  for (;;) {
    const start = performance.now()
    for (let i = 0; i < n; i++) f()
    const elapsed = performance.now() - start
    if (elapsed >= 20) return elapsed / n
    n *= 2
  }
}

const listOf = (data: unknown): ReadonlyArray<unknown> | undefined => {
  if (Array.isArray(data)) return data
  const record = data as Record<string, unknown>
  for (const key of ["data", "items"]) if (Array.isArray(record[key])) return record[key] as ReadonlyArray<unknown>
  return undefined
}

console.log(`shaping for the model, budget ${maxChars} characters, median of ${rounds} rounds (ms per call)\n`)
console.log("| response | JSON size | JSON.stringify | shape | shape / stringify | text | items shown |")
console.log("|---|---:|---:|---:|---:|---:|---:|")
for (const [name, value] of cases) {
  const text = JSON.stringify(value)
  const input: ShapeModule.ShapeInput = {
    status: 200,
    headers: { "content-type": "application/json" },
    kind: "json",
    data: value,
    json: value,
    fullChars: text.length,
    args: {}
  }
  const stringify: Array<number> = []
  const shaped: Array<number> = []
  for (let round = 0; round < rounds; round++) {
    stringify.push(time(() => JSON.stringify(value)))
    shaped.push(time(() => Shape.shape(input, { budget, tool })))
  }
  const result = Shape.shape(input, { budget, tool })
  const view = JSON.parse(result.text) as { data: unknown }
  const shown = listOf(view.data)
  const total = listOf(value)?.length
  console.log(
    `| ${name} | ${(text.length / 1024).toFixed(0)} KiB | ${median(stringify).toFixed(2)} | ${median(shaped).toFixed(2)} | ` +
      `${(median(shaped) / median(stringify)).toFixed(2)}x | ${result.text.length} | ${shown === undefined ? "-" : `${shown.length - 1} of ${total}`} |`
  )
}

const paragraph = "<p>Order <b>A-1042</b> was <a href=\"https://shop.example.com/o/1\">shipped</a> on <em>Monday</em>.</p>\n"
const page = `<html><body><h1>Orders</h1>${paragraph.repeat(Math.ceil(Shape.MAX_HTML_CHARS / paragraph.length))}</body></html>`
const nested = `${"<div><span>".repeat(MAX_NESTING / 2)}x${"</span></div>".repeat(MAX_NESTING / 2)}`.repeat(40).slice(0, Shape.MAX_HTML_CHARS)
htmlToMarkdown(paragraph)
const html = Array.from({ length: rounds }, () => time(() => htmlToMarkdown(page, { maxInputChars: Shape.MAX_HTML_CHARS })))
const deep = Array.from({ length: rounds }, () => time(() => htmlToMarkdown(nested, { maxInputChars: Shape.MAX_HTML_CHARS })))
console.log(`\nHTML → Markdown (turndown), ${Shape.MAX_HTML_CHARS} characters: ${median(html).toFixed(1)} ms; nested ${MAX_NESTING} deep: ${median(deep).toFixed(1)} ms`)
