/**
 * Regression guard (#34): shaping a 1 MiB JSON response for the model costs no more than
 * `JSON.stringify` of the same value (today ~0.1×, bench/RESULTS.md), and shaping 5 MiB no more
 * than twice what 1 MiB costs (shaping costs what it writes, about the budget, not what it reads).
 * Ratios only, medians of interleaved rounds, the best of a few attempts: load from other jobs
 * moves both sides. The figures come from `npm run bench:results`.
 */
import { assert, describe, it } from "@effect/vitest"
import { events } from "../../bench/responses.js"
import * as Budget from "../../src/internal/result/budget.js"
import * as Shape from "../../src/internal/result/shape.js"

const ROUNDS = 9
const ATTEMPTS = 3

const median = (values: Array<number>): number => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!

/** Milliseconds per call, over enough calls to take ~10 ms. */
const time = (f: () => unknown): number => {
  for (let n = 1; ; n *= 2) {
    const start = performance.now()
    for (let i = 0; i < n; i++) f()
    const elapsed = performance.now() - start
    if (elapsed >= 10) return elapsed / n
  }
}

const inputOf = (value: unknown): Shape.ShapeInput => ({
  status: 200,
  headers: { "content-type": "application/json" },
  data: value,
  fullChars: JSON.stringify(value).length,
  json: value,
  args: {}
})

describe("shape: cost guard", () => {
  const small = events(1024 * 1024)
  const large = events(5 * 1024 * 1024)
  const options = { budget: Budget.effective({}), tool: { name: "list", visible: new Map(), queryParams: new Map() } }
  const smallInput = inputOf(small)
  const largeInput = inputOf(large)

  it("1 MiB: at most JSON.stringify of it; 5 MiB: at most twice 1 MiB", () => {
    let ratios: [number, number] = [Infinity, Infinity]
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const stringify: Array<number> = []
      const shapeSmall: Array<number> = []
      const shapeLarge: Array<number> = []
      for (let round = 0; round < ROUNDS; round++) {
        stringify.push(time(() => JSON.stringify(small)))
        shapeSmall.push(time(() => Shape.shape(smallInput, options)))
        shapeLarge.push(time(() => Shape.shape(largeInput, options)))
      }
      const toStringify = median(shapeSmall) / median(stringify)
      const growth = median(shapeLarge) / median(shapeSmall)
      ratios = [Math.min(ratios[0], toStringify), Math.min(ratios[1], growth)]
      if (ratios[0] <= 1 && ratios[1] <= 2) break
    }
    assert.isAtMost(ratios[0], 1, "shaping 1 MiB / JSON.stringify of it")
    assert.isAtMost(ratios[1], 2, "shaping 5 MiB / shaping 1 MiB")
  })
})
