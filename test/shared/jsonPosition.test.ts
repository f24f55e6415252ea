/**
 * Where text stops being JSON (used by `rcp` and by discovery's "the manifest is not JSON"). The
 * oracle is `JSON.parse`: the scanner must call text JSON exactly when `JSON.parse` accepts it.
 */
import { assert, describe, it } from "../support/effectVitest.js"
import * as fc from "fast-check"
import * as JsonPosition from "../../src/internal/shared/jsonPosition.js"
import { propertyRuns, seeded } from "../support/property.js"

const parses = (text: string): boolean => {
  try {
    JSON.parse(text)
    return true
  } catch {
    return false
  }
}

const RUNS = propertyRuns(2_000)

// JSON texts with whitespace of every kind between tokens, then cut, spliced and mutated.
const jsonText = fc.jsonValue().chain((value) =>
  fc.constantFrom(0, 2, "\t").map((indent) => JSON.stringify(value, null, indent))
)
const mutated = fc.tuple(jsonText, fc.nat(), fc.string({ unit: fc.constantFrom(...`{}[],:"\\ \n-+.0123456789eEtrufalsn\u0001x`), maxLength: 3 }), fc.nat(3))
  .map(([text, at, insert, remove]) => {
    const i = text.length === 0 ? 0 : at % (text.length + 1)
    return text.slice(0, i) + insert + text.slice(i + remove)
  })

describe("JsonPosition.locate", () => {
  it("finds no fault in any JSON text", () => {
    fc.assert(fc.property(jsonText, (text) => JsonPosition.locate(text) === undefined), seeded(1, RUNS))
  })

  it("finds a fault exactly when JSON.parse refuses the text", () => {
    fc.assert(fc.property(mutated, (text) => (JsonPosition.locate(text) === undefined) === parses(text)), seeded(2, RUNS))
  })

  it("names line, column and what was expected, never the text", () => {
    assert.deepStrictEqual(JsonPosition.locate("{\n  \"a\": 1\n  \"b\": 2\n}"), { line: 3, column: 3, expected: "',' or '}'" })
    assert.deepStrictEqual(JsonPosition.locate("[1, 2,]"), {
      line: 1,
      column: 7,
      expected: "a value (an object, array, string, number, true, false or null)"
    })
    assert.deepStrictEqual(JsonPosition.locate("{\"token\": \"sk-secret"), { line: 1, column: 21, expected: "the closing \" of a string" })
    assert.deepStrictEqual(JsonPosition.locate("{} {}"), { line: 1, column: 4, expected: "the end of the text (one JSON value only)" })
    assert.strictEqual(JsonPosition.describe(""), "expected more JSON (the text ends here) at line 1, column 1")
    assert.notInclude(JsonPosition.describe("{\"token\": \"sk-secret\" x}"), "sk-secret")
  })

  it("is linear: deep nesting and long strings neither overflow nor slow it", () => {
    const deep = "[".repeat(200_000) + "]".repeat(199_999)
    assert.strictEqual(JsonPosition.locate(deep)?.expected, "',' or ']'")
    assert.strictEqual(JsonPosition.locate(`"${"a".repeat(1_000_000)}`)?.column, 1_000_002)
  })
})
