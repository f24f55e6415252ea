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

describe("validation is linear (docs/protocol.md §1.9)", () => {
  for (const [position, build] of POSITIONS) {
    it(`${position}: 1 MiB of the worst inputs takes well under the 16x of a quadratic parser over 256 KiB, and under 1 s`, () => {
      const slow: Array<string> = []
      for (const unit of UNITS) {
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
      assert.deepStrictEqual(slow, [])
    })
  }
})
