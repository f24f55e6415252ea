/**
 * JSON-aware shrinking as properties over generated JSON (docs/results.md): for any value and any
 * budget from the minimum up, the text is valid JSON, within the budget, the same every time, the
 * value itself when it fits, and otherwise a cut the rule allows (test/result/oracle.ts, written from
 * the documented markers) whose counts the `truncated` summary reports exactly. Strings include
 * surrogate pairs and lone surrogates. Seeded: `RCP_PROPERTY_RUNS=5000 RCP_PROPERTY_SEED=… npx
 * vitest run test/result/shrink.property.test.ts` for a deeper or another run.
 */
import { assert, describe, it } from "../support/effectVitest.js"
import * as fc from "fast-check"
import * as Shrink from "../../src/internal/result/shrink.js"
import { checkCut, emptyTally } from "./oracle.js"

const RUNS = Number(process.env.RCP_PROPERTY_RUNS ?? 300)
const SEED = Number(process.env.RCP_PROPERTY_SEED ?? 34)

// Strings of every kind of code unit: ASCII, BMP, astral (surrogate pairs) and lone surrogates;
// long enough that the caps clip them.
const text = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.string({ unit: "grapheme", maxLength: 300 }),
  fc.string({ unit: "binary", maxLength: 600 }),
  fc.constantFrom("😀".repeat(150), "\"\\\n\u0000".repeat(80), "é".repeat(500))
)

const { json } = fc.letrec((tie) => ({
  json: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.constant(null),
    fc.boolean(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.integer(),
    text,
    fc.array(tie("json"), { maxLength: 40 }),
    fc.dictionary(fc.string({ maxLength: 8 }), tie("json"), { maxKeys: 20 })
  )
}))

// Long lists of records, the shape most large responses have.
const list = fc.array(
  fc.dictionary(fc.constantFrom("id", "name", "url", "tags", "owner", "note"), json, { maxKeys: 6 }),
  { minLength: 20, maxLength: 200 }
)

const value = fc.oneof(json, list, fc.record({ data: list, has_more: fc.boolean(), url: fc.string() }))

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/

const checkOne = (input: unknown, maxChars: number): void => {
  const whole = JSON.stringify(input)
  const first = Shrink.shrink(input, { maxChars, fullChars: whole.length })
  const again = Shrink.shrink(input, { maxChars, fullChars: whole.length })
  assert.strictEqual(first.text, again.text, "deterministic")
  assert.isAtMost(first.text.length, maxChars)
  assert.isFalse(LONE_SURROGATE.test(first.text), "no lone surrogate in the text (they are escaped)")
  const parsed: unknown = JSON.parse(first.text)
  if (whole.length <= maxChars) {
    assert.strictEqual(first.text, whole, "a value that fits is sent as JSON.stringify writes it")
    assert.isUndefined(first.cut)
    return
  }
  assert.isDefined(first.cut)
  const envelope = parsed as Record<string, unknown>
  assert.deepStrictEqual(Object.keys(envelope), ["truncated", "data"])
  assert.isString(envelope["truncated"])
  assert.include(envelope["truncated"] as string, `fit ${maxChars} characters`)
  const tally = emptyTally()
  checkCut(input, envelope["data"], tally)
  const cut = first.cut!
  assert.deepStrictEqual(tally, {
    itemsOmitted: cut.itemsOmitted,
    arraysCut: cut.arraysCut,
    keysOmitted: cut.keysOmitted,
    objectsCut: cut.objectsCut,
    stringsClipped: cut.stringsClipped,
    valuesSummarised: cut.valuesSummarised
  })
}

describe("shrink: properties", () => {
  it("valid JSON within any budget, deterministic, whole when it fits, else a cut by the rule with exact counts", () => {
    fc.assert(
      fc.property(value, fc.integer({ min: Shrink.MIN_CHARS, max: 6000 }), (input, maxChars) => {
        checkOne(input, maxChars)
      }),
      { numRuns: RUNS, seed: SEED }
    )
  })

  it("budgets just above and below the value's own size", () => {
    fc.assert(
      fc.property(value, fc.integer({ min: -40, max: 40 }), (input, delta) => {
        const size = JSON.stringify(input).length
        checkOne(input, Math.max(Shrink.MIN_CHARS, size + delta))
      }),
      { numRuns: RUNS, seed: SEED + 1 }
    )
  })

  it("the greedy fallback (maps of hundreds of members, small budgets) keeps every invariant", () => {
    let greedy = 0
    const map = fc.dictionary(fc.string({ minLength: 1, maxLength: 10 }), json, { minKeys: 120, maxKeys: 400 })
    fc.assert(
      fc.property(fc.oneof(map, fc.array(map, { maxLength: 3 })), fc.integer({ min: 256, max: 3000 }), (input, maxChars) => {
        checkOne(input, maxChars)
        if (Shrink.shrink(input, { maxChars }).cut?.greedy === true) greedy++
      }),
      { numRuns: Math.ceil(RUNS / 3), seed: SEED + 3 }
    )
    // The generator reaches the fallback; otherwise this test would prove nothing about it.
    assert.isAbove(greedy, RUNS / 10)
  })

  it("the first items of a cut array are the input's first items", () => {
    fc.assert(
      fc.property(fc.array(fc.integer(), { minLength: 200, maxLength: 2000 }), fc.integer({ min: 256, max: 2000 }), (
        numbers,
        maxChars
      ) => {
        fc.pre(JSON.stringify(numbers).length > maxChars)
        const out = JSON.parse(Shrink.shrink(numbers, { maxChars }).text) as { data: Array<unknown> }
        const shown = out.data.slice(0, -1)
        assert.deepStrictEqual(shown, numbers.slice(0, shown.length))
        assert.strictEqual(out.data[out.data.length - 1], `… ${numbers.length - shown.length} more items`)
      }),
      { numRuns: RUNS, seed: SEED + 2 }
    )
  })
})
