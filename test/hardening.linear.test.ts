/**
 * Validation is linear in its input (docs/protocol.md §1.9): every template position and
 * every name, up to 1 MiB of the worst inputs we know, with `Manifest.validate` and
 * `Manifest.lint` (what `rcp validate` runs). Linearity is a ratio of CPU times, never a time
 * limit: 4 times the input (256 KiB → 1 MiB) must take well under the 16 times a quadratic parser
 * would, medians of interleaved runs, after quicker steps on which a quadratic parser already
 * fails (test/support/linear.ts; a 40 KiB url of `{` once took seconds).
 */
import * as Result from "#target/Result.js"
import { assert, describe, it } from "./support/effectVitest.js"
import * as Manifest from "../src/Manifest.js"
import { MAX_RATIO, superLinearStep } from "./support/linear.js"

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
  if (Result.isSuccess(result)) Manifest.lint(Result.successOf(result))
}

/** Every unit in one position, up to 1 MiB: the units that were not linear, with the step that showed it. */
const nonLinear = async (build: Build, units: ReadonlyArray<string>): Promise<Array<string>> => {
  const slow: Array<string> = []
  for (const unit of units) {
    const step = await superLinearStep((size) => build(fill(unit, size)), run)
    if (step !== undefined) slow.push(`${JSON.stringify(unit)}: ${step}`)
  }
  return slow
}

describe("validation is linear (docs/protocol.md §1.9)", () => {
  for (const [position, build] of POSITIONS) {
    it(`${position}: 4 times the worst inputs takes under ${MAX_RATIO} times as long (quadratic: 16), up to 1 MiB`, async () => {
      assert.deepStrictEqual(await nonLinear(build, UNITS), [])
    }, 120_000)
  }
})

/**
 * The poisoning rules' worst cases (docs/security.md "Poisoning checks"): the prefixes of each pattern
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
    it(`${position}: 4 times each rule's worst input takes under ${MAX_RATIO} times as long (quadratic: 16), up to 1 MiB`, async () => {
      assert.deepStrictEqual(await nonLinear(build, POISONING_UNITS), [])
    }, 120_000)
  }
})
