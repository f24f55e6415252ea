/**
 * How one value becomes `key=value` pairs (docs/protocol.md §1.11): OpenAPI's styles, the bracket
 * rule, and what is refused rather than sent. Decoded by independent readers: `URLSearchParams`
 * (repeated keys and delimited lists) and qs (brackets).
 */
import { assert, describe, it } from "../support/effectVitest.js"
import * as fc from "fast-check"
import type { Placement, SchemaNode } from "../../src/internal/manifest/paramSchema.js"
import * as ArgumentProblems from "../../src/internal/model/argumentProblems.js"
import * as FormBody from "../../src/internal/client/formBody.js"
import * as QueryStyle from "../../src/internal/client/queryStyle.js"
import { expectedDecoding, qsParse } from "../support/formDecoding.js"
import { formKeyArb, type Json, nodeArb, valueArb } from "../support/paramSchemas.js"

const SEED = Number(process.env.RCP_PROPERTY_SEED ?? 424242)
const RUNS = Number(process.env.RCP_PROPERTY_RUNS ?? 500)

const form: Placement = { style: "form", explode: true }
const comma: Placement = { style: "form", explode: false }
const space: Placement = { style: "spaceDelimited", explode: false }
const pipe: Placement = { style: "pipeDelimited", explode: false }
const deep: Placement = { style: "deepObject", explode: true }

const written = (key: string, value: Json, placement: Placement) => {
  const pairs: Array<QueryStyle.Pair> = []
  const problems = QueryStyle.write(key, value, placement, pairs)
  return { pairs, problems: problems.map((p) => ArgumentProblems.describe(key, p)), text: FormBody.text(pairs) }
}

describe("query styles (docs/protocol.md §1.11)", () => {
  it("writes the table of the protocol", () => {
    assert.deepStrictEqual(written("tags", ["a", "b"], form).text, "tags=a&tags=b")
    assert.deepStrictEqual(written("tags", ["a", "b"], comma).text, "tags=a%2Cb")
    assert.deepStrictEqual(written("tags", ["a", "b"], space).text, "tags=a+b")
    assert.deepStrictEqual(written("tags", ["a", "b"], pipe).text, "tags=a%7Cb")
    assert.deepStrictEqual(written("tags", ["a", "b"], deep).pairs, [["tags[0]", "a"], ["tags[1]", "b"]])
    assert.deepStrictEqual(written("filter", { state: "open", labels: ["bug", "ui"], page: { size: 10 } }, deep).pairs, [
      ["filter[state]", "open"],
      ["filter[labels][0]", "bug"],
      ["filter[labels][1]", "ui"],
      ["filter[page][size]", "10"]
    ])
    assert.strictEqual(written("filter", { state: "open" }, deep).text, "filter%5Bstate%5D=open")
  })

  it("writes scalars as JSON does, and an empty array or object as nothing at all", () => {
    assert.deepStrictEqual(written("v", [1.5, -0, 1e21, true, false], form).pairs, [
      ["v", "1.5"],
      ["v", "0"],
      ["v", "1e+21"],
      ["v", "true"],
      ["v", "false"]
    ])
    assert.deepStrictEqual(written("n", { a: null }, deep).pairs, [["n[a]", ""]])
    for (const placement of [form, comma, space, pipe, deep]) assert.deepStrictEqual(written("tags", [], placement).pairs, [])
    assert.deepStrictEqual(written("f", { a: {}, b: [] }, deep).pairs, [])
  })

  it("refuses what would change the structure the pairs spell, naming the path and never the value", () => {
    assert.deepStrictEqual(written("tags", ["a,b", "c"], comma).problems, [
      "\"tags[0]\" cannot contain \",\": the items are joined with it"
    ])
    assert.deepStrictEqual(written("tags", ["a b"], space).problems, ["\"tags[0]\" cannot contain a space: the items are joined with it"])
    assert.deepStrictEqual(written("tags", ["x", "a|b"], pipe).problems, ["\"tags[1]\" cannot contain \"|\": the items are joined with it"])
    const keyProblem = "cannot have an empty key, or a key containing \"[\" or \"]\", when written as key[name]=value"
    assert.deepStrictEqual(written("meta", { "a][admin": "1" }, deep).problems, [`"meta" ${keyProblem}`])
    assert.deepStrictEqual(written("meta", { "": "1" }, deep).problems, [`"meta" ${keyProblem}`])
    assert.deepStrictEqual(written("meta", { x: { "[": "1" } }, deep).problems, [`"meta.x" ${keyProblem}`])
    assert.deepStrictEqual(written("meta", { a: "\ud800" }, deep).problems, ["\"meta.a\" contains an unpaired UTF-16 surrogate"])
    assert.deepStrictEqual(written("tags", ["\udc00"], form).problems, ["\"tags[0]\" contains an unpaired UTF-16 surrogate"])
  })

  it("repeated keys and delimited lists read back item for item (URLSearchParams)", () => {
    const items = fc.array(fc.oneof(fc.string({ unit: "binary", maxLength: 6 }), fc.integer(), fc.boolean()), { maxLength: 6 })
    fc.assert(
      fc.property(items, fc.constantFrom(form, comma, space, pipe), (values, placement) => {
        const { problems, text } = written("tags", values, placement)
        const texts = values.map(String)
        const read = new URLSearchParams(text).getAll("tags")
        if (placement.explode) return assert.deepStrictEqual(read, texts)
        const delimiter = placement.style === "form" ? "," : placement.style === "spaceDelimited" ? " " : "|"
        if (texts.some((t) => t.includes(delimiter))) return assert.isAbove(problems.length, 0)
        assert.deepStrictEqual(problems, [])
        assert.deepStrictEqual(read.length === 0 ? [] : read[0]!.split(delimiter), values.length === 0 ? [] : texts)
      }),
      { seed: SEED, numRuns: RUNS }
    )
  })

  it("deepObject reads back as the value it wrote (qs)", () => {
    const cases = nodeArb({ depth: 4, open: true, names: formKeyArb })
      .filter((node): node is SchemaNode => node.type === "object" || node.type === "array")
      .chain((node) => valueArb(node, formKeyArb))
    fc.assert(
      fc.property(cases, (value) => {
        const { problems, text } = written("v", value, deep)
        assert.deepStrictEqual(problems, [])
        const expected = expectedDecoding({ v: value })
        assert.deepStrictEqual<unknown>(qsParse(text), expected ?? {}, JSON.stringify(value))
      }),
      { seed: SEED, numRuns: RUNS }
    )
  })
})
