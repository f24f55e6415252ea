/**
 * Validation is linear in its input (docs/protocol.md §1.9): every template position and
 * every name, at 256 KiB and 1 MiB of the worst inputs we know, with `Manifest.validate` and
 * `Manifest.lint` (what `rcp validate` runs). Timing on a shared machine is noisy, so each size
 * takes the best of a few runs and the ceilings are generous: a quadratic parser misses them by
 * orders of magnitude (a 40 KiB url of `{` took seconds).
 */
import { assert, describe, it } from "@effect/vitest"
import * as Either from "effect/Either"
import * as Manifest from "../src/Manifest.js"

const KiB = 1024
const SMALL = 256 * KiB
const LARGE = 1024 * KiB

type Build = (filler: string) => unknown

const tool = (fields: Record<string, unknown>) => ({
  rcpVersion: "0.1",
  tools: [{
    name: "t",
    description: "d",
    method: "POST",
    params: [{ name: "a", type: "string", description: "the a" }],
    url: "https://api.example.com/x/{{a}}",
    ...fields
  }]
})

/** Where a manifest string can stand, each as a function of the hostile text. */
const POSITIONS: ReadonlyArray<readonly [string, Build]> = [
  ["url path", (s) => tool({ url: `https://api.example.com/${s}` })],
  ["url path after a placeholder", (s) => tool({ url: `https://api.example.com/{{a}}${s}` })],
  ["url query value", (s) => tool({ url: `https://api.example.com/x?q=${s}` })],
  ["url query key", (s) => tool({ url: `https://api.example.com/x?${s}=1` })],
  ["url authority", (s) => tool({ url: `https://${s}` })],
  ["queryParams value", (s) => tool({ queryParams: { q: s } })],
  ["queryParams key", (s) => tool({ queryParams: { [s]: "{{a}}" } })],
  ["header value", (s) => tool({ headers: { "X-A": s } })],
  ["header name", (s) => tool({ headers: { [s]: "v" } })],
  ["body string", (s) => tool({ body: { v: s } })],
  ["body key", (s) => tool({ body: { [s]: "{{a}}" } })],
  ["responseMappings path", (s) => tool({ responseMappings: { f: `@${s}` } })],
  ["tool name", (s) => ({ ...tool({}), tools: [{ ...tool({}).tools[0], name: s }] })],
  ["param name", (s) => tool({ params: [{ name: s, type: "string" }] })],
  ["description", (s) => tool({ description: s })],
  ["param description", (s) => tool({ params: [{ name: "userId", type: "string", description: s }], url: "https://a.example/{{userId}}" })],
  ["auth name", (s) => ({ ...tool({}), auth: { type: "header", name: s } })]
]

/** Repeated units that defeat naive scanning: unclosed and empty placeholders, escapes, separators. */
const UNITS = ["{", "{{", "}}", "{{}}", "{{a", "{{a}", "%", "%{{a}}", "/", "?", "&", "=", "@", ".", "[", "[0", "never ", "\u0085"]

const fill = (unit: string, size: number): string => unit.repeat(Math.ceil(size / unit.length)).slice(0, size)

const run = (input: unknown): void => {
  const result = Manifest.validate(input, {})
  if (Either.isRight(result)) Manifest.lint(result.right)
}

const bestOf = (n: number, input: unknown): number => {
  let best = Infinity
  for (let i = 0; i < n; i++) {
    const start = performance.now()
    run(input)
    best = Math.min(best, performance.now() - start)
  }
  return best
}

/** Every unit at both sizes in one position: the units that were not linear, with their timings. */
const nonLinear = (build: Build, units: ReadonlyArray<string>): Array<string> => {
  const slow: Array<string> = []
  for (const unit of units) {
    const small = build(fill(unit, SMALL))
    // A quadratic parser takes seconds already at 32 KiB: fail fast instead of for minutes.
    const probe = bestOf(1, build(fill(unit, 32 * KiB)))
    if (probe > 500) {
      slow.push(`${JSON.stringify(unit)}: ${probe.toFixed(0)} ms at 32 KiB`)
      continue
    }
    const large = build(fill(unit, LARGE))
    let ratioOk = false
    let last = ""
    // Retried, since one run of either size can be slowed by the rest of the machine.
    for (let attempt = 0; attempt < 3 && !ratioOk; attempt++) {
      const tSmall = bestOf(3, small)
      const tLarge = bestOf(3, large)
      // Below a few milliseconds, the ratio measures the timer, not the parser. 4x the input is
      // 4x the time when linear and 16x when quadratic; allocation and GC put a linear parser
      // at 4-5.5x here, so the bound sits between the two.
      ratioOk = tLarge < 1000 && tLarge <= 8 * Math.max(tSmall, 4)
      last = `${JSON.stringify(unit)}: ${tSmall.toFixed(1)} ms at 256 KiB, ${tLarge.toFixed(1)} ms at 1 MiB`
    }
    if (!ratioOk) slow.push(last)
  }
  return slow
}

describe("validation is linear (docs/protocol.md §1.9)", () => {
  for (const [position, build] of POSITIONS) {
    it(`${position}: 1 MiB of the worst inputs takes well under the 16x of a quadratic parser over 256 KiB, and under 1 s`, () => {
      assert.deepStrictEqual(nonLinear(build, UNITS), [])
    })
  }
})

/**
 * The poisoning rules' worst cases (README "Poisoning checks"): the prefixes of each pattern
 * repeated, so that a backtracking pattern would rescan the rest at each one — and invisible
 * characters, tag characters, long names.
 */
const POISONING_UNITS = [
  "~/.", "<", "</", "ignore all ", "do not ", "the user ", "before using ", "instead of ", "instead of the ",
  "otherwise the tool ", "silently ", "your ", "id_", "/etc/", " .", "tool must ", "\u200b", "\u{e0041}", "\ud83d\ude42\ufe0f",
  // A phrase's words may be split by any whitespace run: a start scans the run after it, once.
  `ignore${" ".repeat(64)}`, "do not\t\n ", `never tell${"\u00a0".repeat(32)}`, "\u26a0\ufe0f\ufe0f"
]

const POISONING_POSITIONS: ReadonlyArray<readonly [string, Build]> = [
  ["description", (s) => tool({ description: s })],
  ["param description", (s) => tool({ params: [{ name: "a", type: "string", description: s }] })],
  // The model reads enum values as it reads descriptions: one long value, and the text as many short ones.
  ["enum value", (s) => tool({ params: [{ name: "a", type: "string", enum: [s] }] })],
  ["many enum values", (s) => tool({ params: [{ name: "a", type: "string", enum: Array.from({ length: Math.ceil(s.length / 64) }, (_, i) => `${i}${s.slice(i * 64, i * 64 + 64)}`) }] })],
  // One tool per 400 characters, in pairs that imitate each other ("t7_rn", "t7_m"): the confusable-name check.
  ["many tool names", (s) => ({
    ...tool({}),
    tools: Array.from({ length: Math.ceil(s.length / 400) }, (_, i) => ({ ...tool({}).tools[0], name: `t${i >> 1}_${i % 2 === 0 ? "rn" : "m"}` }))
  })]
]

describe("the poisoning checks are linear", () => {
  for (const [position, build] of POISONING_POSITIONS) {
    it(`${position}: 1 MiB of each rule's worst input takes well under the 16x of a quadratic check over 256 KiB`, () => {
      assert.deepStrictEqual(nonLinear(build, POISONING_UNITS), [])
    }, 120_000)
  }
})
