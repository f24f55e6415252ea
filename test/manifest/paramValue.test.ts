/**
 * The check of a structured value against its schema (docs/protocol.md §3.2, §3.3): the value that
 * is sent, every problem with its path inside the value (written for the model by
 * `argumentProblems.ts`), and the bounds on hostile values. The oracle of the properties is ajv — an
 * independent JSON Schema validator — run on the model-facing schema with the protocol's one
 * deviation stated in the test: `null` for an optional property means "left out".
 */
import { assert, describe, it } from "../support/effectVitest.js"
import { Ajv2020 } from "ajv/dist/2020.js"
import * as fc from "fast-check"
import type { SchemaNode } from "../../src/internal/manifest/paramSchema.js"
import * as ParamValue from "../../src/internal/manifest/paramValue.js"
import * as ArgumentProblems from "../../src/internal/model/argumentProblems.js"
import * as ModelSchema from "../../src/internal/model/modelSchema.js"
import { type Json, nodeArb, valueArb } from "../support/paramSchemas.js"

const SEED = Number(process.env.RCP_PROPERTY_SEED ?? 424242)
const RUNS = Number(process.env.RCP_PROPERTY_RUNS ?? 500)

const problemsOf = (param: string, node: SchemaNode, value: unknown): Array<string> => {
  const result = ParamValue.conform(node, value)
  if (result._tag === "Ok") return assert.fail(`expected problems, got ${JSON.stringify(result.value)}`)
  return ArgumentProblems.describeAll(param, result.problems, result.more)
}

const lineItems: SchemaNode = {
  type: "array",
  maxItems: 3,
  items: {
    type: "object",
    properties: {
      price: { type: "string", minLength: 3 },
      quantity: { type: "integer", minimum: 1, maximum: 99 },
      unit: { type: "string", enum: ["pcs", "kg"] },
      metadata: { type: "object", additionalProperties: { type: "string", maxLength: 5 } }
    },
    required: ["price", "quantity"]
  }
}

describe("a value checked against its schema", () => {
  it("gives the value to send: a fresh copy, with null for an optional property left out at every depth", () => {
    const sent = [{ price: "price_1", quantity: 2, unit: null, metadata: { "order id": "A-42" } }]
    const result = ParamValue.conform(lineItems, sent)
    assert.deepStrictEqual(result, { _tag: "Ok", value: [{ price: "price_1", quantity: 2, metadata: { "order id": "A-42" } }] })
    if (result._tag === "Ok") assert.notStrictEqual(result.value, sent)
  })

  it("names every problem with its path inside the value, never the value itself", () => {
    const value = [
      { price: "p", quantity: 1.5, unit: "box", metadata: { note: "too long", "order id": 7 } },
      { quantity: 0, colour: "red" },
      "x"
    ]
    assert.deepStrictEqual(problemsOf("items", lineItems, value), [
      "\"items[0].price\" must be at least 3 characters long",
      "\"items[0].quantity\" must be an integer, got a number with a fraction",
      "\"items[0].unit\" must be one of \"pcs\", \"kg\"",
      "\"items[0].metadata.note\" must be at most 5 characters long",
      "\"items[0].metadata[\"order id\"]\" must be a string, got a number",
      "\"items[1].quantity\" must be at least 1",
      "unknown key \"colour\" in \"items[1]\" (expected: price, quantity, unit, metadata)",
      "missing required \"items[1].price\" (string)",
      "\"items[2]\" must be an object, got a string"
    ])
    assert.deepStrictEqual(problemsOf("items", lineItems, [{ price: "abc", quantity: 1 }, 1, 2, 3]), [
      "\"items\" must have at most 3 items, got 4"
    ])
    assert.deepStrictEqual(problemsOf("items", lineItems, [{ price: null, quantity: 1 }]), [
      "\"items[0].price\" must be a string, got null"
    ])
  })

  it("numbers: finite, integers whole, each bound phrased as what the value must be", () => {
    const bounded: SchemaNode = { type: "number", exclusiveMinimum: 0, exclusiveMaximum: 10 }
    assert.deepStrictEqual(problemsOf("n", bounded, 0), ["\"n\" must be greater than 0"])
    assert.deepStrictEqual(problemsOf("n", bounded, 10), ["\"n\" must be less than 10"])
    assert.deepStrictEqual(problemsOf("n", { type: "number", maximum: 7 }, 8), ["\"n\" must be at most 7"])
    assert.deepStrictEqual(problemsOf("n", { type: "integer" }, "5"), ["\"n\" must be an integer, got a string"])
    assert.deepStrictEqual(problemsOf("n", { type: "number" }, Number.NaN), ["\"n\" must be a number, got a non-finite number"])
    assert.deepStrictEqual(ParamValue.conform({ type: "integer", minimum: 1, maximum: 7 }, 7), { _tag: "Ok", value: 7 })
  })

  it("counts characters as code points, as JSON Schema does", () => {
    assert.deepStrictEqual(ParamValue.conform({ type: "string", maxLength: 2 }, "😀😀"), { _tag: "Ok", value: "😀😀" })
    assert.deepStrictEqual(problemsOf("s", { type: "string", maxLength: 2 }, "😀😀😀"), ["\"s\" must be at most 2 characters long"])
  })

  it("refuses a __proto__ key, a class instance and a non-finite number inside a free-form value", () => {
    const open: SchemaNode = { type: "object", additionalProperties: true }
    assert.deepStrictEqual(problemsOf("data", open, JSON.parse("{\"a\": {\"__proto__\": {\"admin\": true}}}")), [
      "\"data.a\" cannot have the key \"__proto__\""
    ])
    assert.deepStrictEqual(problemsOf("data", open, { when: new Date(0) }), ["\"data.when\" must be JSON, got an object"])
    assert.deepStrictEqual(problemsOf("data", open, { n: [Infinity] }), ["\"data.n[0]\" must be a finite number"])
    assert.deepStrictEqual(problemsOf("meta", { type: "object", additionalProperties: { type: "string" } }, new Map()), [
      "\"meta\" must be a JSON object, not an instance of a class"
    ])
  })

  it("an unknown key of a closed object lists the declared ones; a key is quoted with its controls escaped", () => {
    const closed: SchemaNode = { type: "object", properties: { a: { type: "string" } } }
    assert.deepStrictEqual(problemsOf("o", closed, { "b\u001b[2J\n": 1 }), [
      "unknown key \"b\\u001b[2J\\n\" in \"o\" (expected: a)"
    ])
  })

  it("bounds hostile values: 20 problems then a count, 10,000 values, 32 levels of free-form nesting", () => {
    const many = problemsOf("tags", { type: "array", items: { type: "string" } }, Array.from({ length: 100 }, () => 1))
    assert.strictEqual(many.length, 21)
    assert.strictEqual(many[20], "… and 80 more problem(s) in \"tags\"")
    assert.deepStrictEqual(problemsOf("tags", { type: "array", items: { type: "string" } }, Array.from({ length: 10_000 }, () => "a")), [
      "\"tags\" is too large: more than 10000 values in all"
    ])
    assert.strictEqual(
      ParamValue.conform({ type: "array", items: { type: "string" } }, Array.from({ length: 9_999 }, () => "a"))._tag,
      "Ok"
    )
    let deep: unknown = "leaf"
    for (let i = 0; i < 40; i++) deep = [deep]
    assert.deepStrictEqual(problemsOf("data", { type: "object", additionalProperties: true }, { x: deep }), [
      `"data.x${"[0]".repeat(32)}" nests deeper than 32 levels`
    ])
    // Linear: a million-element array is refused after 10,000 values, without walking the rest.
    const started = performance.now()
    ParamValue.conform({ type: "array", items: { type: "string" } }, new Array(1_000_000).fill("a"))
    assert.isBelow(performance.now() - started, 1_000)
  })

  it("with maskKeys, a path writes a map key as [*] (a resolver's keys are as private as its values)", () => {
    const result = ParamValue.conform({ type: "object", additionalProperties: { type: "number" } }, { "alice@example.com": "x" })
    assert.strictEqual(result._tag, "Invalid")
    if (result._tag === "Invalid") {
      assert.strictEqual(ParamValue.describePath("scores", result.problems[0]!.path, { maskKeys: true }), "scores[*]")
      assert.strictEqual(ParamValue.describePath("scores", result.problems[0]!.path), "scores[\"alice@example.com\"]")
    }
  })
})

// ---------------------------------------------------------------------------------------------
// Against an independent validator
// ---------------------------------------------------------------------------------------------

const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: false })

/** The protocol's one deviation from plain JSON Schema, stated independently: optional properties may be null. */
const nullableOptionals = (schema: Record<string, unknown>): Record<string, unknown> => {
  const out: Record<string, unknown> = { ...schema }
  if (schema.items !== undefined) out.items = nullableOptionals(schema.items as Record<string, unknown>)
  if (typeof schema.additionalProperties === "object") {
    out.additionalProperties = nullableOptionals(schema.additionalProperties as Record<string, unknown>)
  }
  if (schema.properties !== undefined) {
    const required = new Set(schema.required as Array<string>)
    out.properties = Object.fromEntries(
      Object.entries(schema.properties as Record<string, Record<string, unknown>>).map(([name, child]) => {
        const inner = nullableOptionals(child)
        return [name, required.has(name) ? inner : { anyOf: [inner, { type: "null" }] }]
      })
    )
  }
  return out
}

/** A fitting value with one change somewhere: a leaf replaced, a key added or removed, an item added. */
const mutate = (value: Json, pick: number, replacement: Json): Json => {
  const all: Array<{ parent: Json; key: string | number }> = []
  const walk = (v: Json) => {
    if (Array.isArray(v)) v.forEach((item, i) => (all.push({ parent: v, key: i }), walk(item)))
    else if (typeof v === "object" && v !== null) for (const [k, item] of Object.entries(v)) (all.push({ parent: v, key: k }), walk(item))
  }
  const copy = JSON.parse(JSON.stringify(value)) as Json
  walk(copy)
  if (all.length === 0) return replacement
  const { key, parent } = all[pick % all.length]!
  const op = pick % 3
  if (Array.isArray(parent)) {
    if (op === 0) parent.push(replacement)
    else parent[key as number] = replacement
  } else if (typeof parent === "object" && parent !== null) {
    if (op === 0) delete parent[key as string]
    else if (op === 1) parent[`${String(key)}_x`] = replacement
    else parent[key as string] = replacement
  }
  return copy
}

const caseArb = nodeArb({ depth: 4, open: true }).chain((node) =>
  fc.record({
    node: fc.constant(node),
    value: fc.oneof(
      valueArb(node),
      fc.tuple(valueArb(node), fc.nat(), fc.jsonValue({ maxDepth: 1 }) as fc.Arbitrary<Json>).map(([v, pick, r]) =>
        mutate(v, pick, r)
      )
    )
  })
)

describe("the check agrees with JSON Schema (ajv)", () => {
  it("accepts every value generated to fit, unchanged", () => {
    fc.assert(
      fc.property(nodeArb({ depth: 4, open: true }).chain((node) => fc.tuple(fc.constant(node), valueArb(node))), ([node, value]) => {
        const result = ParamValue.conform(node, value)
        assert.deepStrictEqual(result, { _tag: "Ok", value }, JSON.stringify(node))
      }),
      { seed: SEED, numRuns: RUNS }
    )
  })

  it("accepts a value exactly when ajv accepts it against the model-facing schema (optional properties nullable)", () => {
    fc.assert(
      fc.property(caseArb, ({ node, value }) => {
        const schema = nullableOptionals(ModelSchema.plain(node))
        const expected = ajv.validate(schema, value)
        const actual = ParamValue.conform(node, value)._tag === "Ok"
        assert.strictEqual(actual, expected, `${JSON.stringify(node)}\n${JSON.stringify(value)}`)
      }),
      { seed: SEED, numRuns: RUNS }
    )
  })
})
