/**
 * The schema a param carries (docs/protocol.md §1.10) and its style (§1.11): what a manifest may
 * say, read back with only the subset's keywords, every problem with its path, the limits that bound
 * a hostile schema, and the defaults rendering relies on.
 */
import { assert, describe, it } from "../support/effectVitest.js"
import * as fc from "fast-check"
import { formatIssue } from "../../src/internal/manifest/issue.js"
import * as ParamSchema from "../../src/internal/manifest/paramSchema.js"
import { nodeArb } from "../support/paramSchemas.js"

const SEED = Number(process.env.RCP_PROPERTY_SEED ?? 424242)
const RUNS = Number(process.env.RCP_PROPERTY_RUNS ?? 500)

const AT = ["tools", 0, "params", 1] as const

const check = (param: Record<string, unknown>) => {
  const issues: Array<{ path: ReadonlyArray<string | number>; message: string }> = []
  const schema = ParamSchema.checkParam(param, AT, issues)
  return { schema, issues: issues.map(formatIssue) }
}

const nested = (depth: number): Record<string, unknown> =>
  depth === 1 ? { type: "string" } : { type: "array", items: nested(depth - 1) }

describe("a param's schema (docs/protocol.md §1.10)", () => {
  it("reads a structured schema back with only the subset's keywords", () => {
    const { issues, schema } = check({
      name: "items",
      type: "array",
      schema: {
        type: "array",
        title: "dropped",
        maxItems: 20,
        uniqueItems: true,
        items: {
          type: "object",
          properties: {
            price: { type: "string", description: "a price id", pattern: "^price_", minLength: 1 },
            quantity: { type: "integer", minimum: 1, multipleOf: 1 },
            tags: { type: "object", additionalProperties: { type: "string", maxLength: 500 } },
            extra: { type: "object", additionalProperties: true, "x-vendor": 1 },
            // Keywords of another type are ignored, as JSON Schema itself ignores them.
            flag: { type: "boolean", items: { type: "string" } }
          },
          required: ["price"],
          additionalProperties: false
        }
      }
    })
    assert.deepStrictEqual(issues, [])
    assert.deepStrictEqual(schema, {
      type: "array",
      maxItems: 20,
      items: {
        type: "object",
        properties: {
          price: { type: "string", description: "a price id", minLength: 1 },
          quantity: { type: "integer", minimum: 1 },
          tags: { type: "object", additionalProperties: { type: "string", maxLength: 500 } },
          extra: { type: "object", additionalProperties: true },
          flag: { type: "boolean" }
        },
        required: ["price"]
      }
    })
  })

  it("reports every problem, each with its path", () => {
    const { issues, schema } = check({
      name: "order",
      type: "object",
      schema: {
        type: "object",
        properties: {
          a: { type: "int" },
          b: { type: "string", enum: ["x", "y", "x", 3], minLength: 5, maxLength: 2 },
          c: { type: "number", minimum: 5, exclusiveMaximum: 5 },
          d: { type: "integer", exclusiveMinimum: 1, exclusiveMaximum: 2 },
          e: { type: "number", exclusiveMinimum: true },
          f: { type: "array" },
          g: { type: "object" },
          h: [],
          "a[b]": { type: "string" },
          "": { type: "string" },
          i: { type: "array", items: { type: "string" }, minItems: -1, maxItems: 1.5 },
          j: { type: "string", enum: [] },
          k: { type: "object", properties: { x: { type: "string" } }, required: ["y", "x", "x"] },
          l: { type: "string", format: "" }
        },
        required: "a"
      }
    })
    assert.strictEqual(schema, undefined)
    assert.deepStrictEqual(issues, [
      "tools[0].params[1].schema.properties.a.type: expected \"string\" | \"number\" | \"integer\" | \"boolean\" | \"array\" | \"object\", got \"int\"",
      "tools[0].params[1].schema.properties.b.enum[2]: duplicate value \"x\" (also enum[0])",
      "tools[0].params[1].schema.properties.b.enum[3]: must be a string",
      "tools[0].params[1].schema.properties.b.minLength: is larger than maxLength (2): no value fits",
      "tools[0].params[1].schema.properties.c: its bounds leave no number that fits",
      "tools[0].params[1].schema.properties.d: its bounds leave no integer that fits",
      "tools[0].params[1].schema.properties.e.exclusiveMinimum: must be a finite number (the JSON Schema 2020-12 form)",
      "tools[0].params[1].schema.properties.f.items: an array schema needs items (the schema of each element)",
      "tools[0].params[1].schema.properties.g: an object schema needs properties, or additionalProperties (a schema, or true for any keys)",
      "tools[0].params[1].schema.properties.h: a schema must be an object, got an array",
      "tools[0].params[1].schema.properties[\"a[b]\"]: a property name cannot contain \"[\" or \"]\"",
      "tools[0].params[1].schema.properties[\"\"]: a property name cannot be empty",
      "tools[0].params[1].schema.properties.i.minItems: must be a whole number, 0 or more",
      "tools[0].params[1].schema.properties.i.maxItems: must be a whole number, 0 or more",
      "tools[0].params[1].schema.properties.j.enum: must list at least one value",
      "tools[0].params[1].schema.properties.k.required[0]: \"y\" is not one of the properties",
      "tools[0].params[1].schema.properties.k.required[2]: \"x\" is listed twice",
      "tools[0].params[1].schema.properties.l.format: must be a non-empty string",
      "tools[0].params[1].schema.required: must be an array of property names"
    ])
  })

  it("a structured param needs a schema of its own type; a scalar's schema holds bounds of its type", () => {
    assert.deepStrictEqual(check({ name: "a", type: "array" }).issues, [
      "tools[0].params[1].schema: an \"array\" param needs a schema"
    ])
    assert.deepStrictEqual(check({ name: "a", type: "object", schema: { type: "array", items: { type: "string" } } }).issues, [
      "tools[0].params[1].schema.type: must be \"object\", the param's type"
    ])
    assert.deepStrictEqual(check({ name: "n", type: "number", schema: { type: "integer", minimum: 1, maximum: 7 } }), {
      schema: { type: "integer", minimum: 1, maximum: 7 },
      issues: []
    })
    assert.deepStrictEqual(check({ name: "n", type: "string", schema: { type: "number" } }).issues, [
      "tools[0].params[1].schema.type: must be \"string\", the param's type"
    ])
    assert.deepStrictEqual(check({ name: "n", type: "boolean", schema: { type: "integer" } }).issues, [
      "tools[0].params[1].schema.type: must be \"boolean\", the param's type"
    ])
    assert.deepStrictEqual(check({ name: "s", type: "string", schema: { type: "string", enum: ["a"] } }).issues, [
      "tools[0].params[1].schema.enum: a string param lists its values in its own enum, not in its schema"
    ])
    // A type this library does not know is the param's problem (reported by the manifest's shape), not the schema's.
    assert.deepStrictEqual(check({ name: "s", type: "tuple", schema: { nonsense: true } }).issues, [])
  })

  it("nests at most 8 levels (the root counts as 1), with the path of the first level too deep", () => {
    assert.deepStrictEqual(check({ name: "a", type: "array", schema: nested(8) }).issues, [])
    const path = ["schema", ...Array.from({ length: 8 }, () => "items")].join(".")
    assert.deepStrictEqual(check({ name: "a", type: "array", schema: nested(9) }).issues, [
      `tools[0].params[1].${path}: the schema nests deeper than 8 levels`
    ])
    const deepObject = { type: "object", properties: { a: nested(8) } }
    assert.deepStrictEqual(check({ name: "o", type: "object", schema: deepObject }).issues, [
      "tools[0].params[1].schema.properties.a.items.items.items.items.items.items.items: the schema nests deeper than 8 levels"
    ])
  })

  it("holds at most 1,000 nodes: a huge schema is one problem, found without walking it all", () => {
    const properties = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`p${i}`, { type: "string" }]))
    assert.deepStrictEqual(check({ name: "o", type: "object", schema: { type: "object", properties: properties(999) } }).issues, [])
    assert.deepStrictEqual(check({ name: "o", type: "object", schema: { type: "object", properties: properties(1000) } }).issues, [
      "tools[0].params[1].schema.properties.p999: the schema has more than 1000 nodes"
    ])
    // Nothing past the budget is read: each of these properties would throw if it were.
    const trapped: Record<string, unknown> = properties(1001)
    for (let i = 1001; i < 100_000; i++) {
      Object.defineProperty(trapped, `p${i}`, { enumerable: true, get: () => assert.fail(`read p${i}`) })
    }
    assert.deepStrictEqual(check({ name: "o", type: "object", schema: { type: "object", properties: trapped } }).issues, [
      "tools[0].params[1].schema.properties.p999: the schema has more than 1000 nodes"
    ])
  })

  it("property names: not empty, no brackets, no control characters, not __proto__, at most 128 characters", () => {
    const properties = JSON.parse(
      `{"ok": {"type": "string"}, "__proto__": {"type": "string"}, "a\\u0007": {"type": "string"}, "${"x".repeat(129)}": {"type": "string"}}`
    )
    assert.deepStrictEqual(check({ name: "o", type: "object", schema: { type: "object", properties } }).issues, [
      "tools[0].params[1].schema.properties.__proto__: the property name \"__proto__\" is not allowed",
      "tools[0].params[1].schema.properties[\"a\\u0007\"]: a property name cannot contain control characters",
      `tools[0].params[1].schema.properties.${"x".repeat(129)}: a property name is at most 128 characters`
    ])
  })

  it("every generated schema is read back as it was written, with no problem", () => {
    fc.assert(
      fc.property(fc.constantFrom("array", "object").chain((type) =>
        (type === "array"
          ? nodeArb({ depth: 4, open: true }).map((items) => ({ type: "array", items }))
          : nodeArb({ depth: 4, open: true }).filter((node) => node.type === "object")) as fc.Arbitrary<ParamSchema.SchemaNode>
      ), (schema) => {
        const result = check({ name: "p", type: schema.type, schema })
        assert.deepStrictEqual(result.issues, [])
        assert.deepStrictEqual(result.schema, schema)
      }),
      { seed: SEED, numRuns: RUNS }
    )
  })

  it("never throws on junk, and every problem's path leads into the param (or to a missing key of it)", () => {
    const junk = fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: "small" },
        fc.jsonValue({ maxDepth: 2 }),
        fc.record({
          type: fc.constantFrom("string", "number", "integer", "boolean", "array", "object", "null", 1),
          items: tie("node"),
          properties: fc.dictionary(fc.string({ maxLength: 3 }), tie("node"), { maxKeys: 3 }),
          required: fc.oneof(fc.array(fc.string({ maxLength: 3 }), { maxLength: 3 }), fc.jsonValue({ maxDepth: 1 })),
          additionalProperties: fc.oneof(fc.boolean(), tie("node")),
          enum: fc.jsonValue({ maxDepth: 1 }),
          minimum: fc.jsonValue({ maxDepth: 0 }),
          maxLength: fc.jsonValue({ maxDepth: 0 })
        }, { requiredKeys: [] })
      )
    })).node
    fc.assert(
      fc.property(fc.constantFrom("array", "object", "string", "number"), junk, (type, schema) => {
        const param = { name: "p", type, schema }
        const root: unknown = { tools: [{ params: [undefined, param] }] }
        for (const issue of issues(param)) {
          let at: unknown = root
          for (const key of issue.path.slice(0, -1)) {
            assert.isTrue(typeof at === "object" && at !== null && Object.hasOwn(at, key), formatIssue(issue))
            at = (at as Record<string | number, unknown>)[key]
          }
        }
      }),
      { seed: SEED, numRuns: RUNS }
    )
  })
})

const issues = (param: Record<string, unknown>) => {
  const out: Array<{ path: ReadonlyArray<string | number>; message: string }> = []
  ParamSchema.checkParam(param, AT, out)
  return out
}

describe("a param's style (docs/protocol.md §1.11)", () => {
  const tags = { name: "tags", type: "array", schema: { type: "array", items: { type: "string" } } }
  const filter = { name: "filter", type: "object", schema: { type: "object", additionalProperties: { type: "string" } } }
  const rows = { name: "rows", type: "array", schema: { type: "array", items: { type: "object", additionalProperties: true } } }

  it("accepts OpenAPI's styles where they can write the value", () => {
    for (const param of [
      { ...tags, style: "form" },
      { ...tags, style: "form", explode: false },
      { ...tags, style: "spaceDelimited" },
      { ...tags, style: "pipeDelimited", explode: false },
      { ...tags, style: "deepObject" },
      { ...filter, style: "deepObject", explode: true },
      { ...rows, style: "deepObject" }
    ]) assert.deepStrictEqual(check(param).issues, [], JSON.stringify(param))
  })

  it("refuses a style that cannot write the value, or that is not one", () => {
    assert.deepStrictEqual(check({ ...filter, style: "form" }).issues, [
      "tools[0].params[1].style: \"form\" writes an array of strings, numbers or booleans only; use \"deepObject\" for nested values"
    ])
    assert.deepStrictEqual(check({ ...rows, style: "pipeDelimited" }).issues, [
      "tools[0].params[1].style: \"pipeDelimited\" writes an array of strings, numbers or booleans only; use \"deepObject\" for nested values"
    ])
    // A style that is none of OpenAPI's, or an explode that is no boolean, is the manifest shape's to
    // report (test/manifest/shape.test.ts): not twice.
    assert.deepStrictEqual(check({ ...tags, style: "matrix" }).issues, [])
    assert.deepStrictEqual(check({ ...tags, explode: "yes" }).issues, [])
    assert.deepStrictEqual(check({ ...tags, schema: 5 }).issues, [])
    assert.deepStrictEqual(check({ ...tags, style: "deepObject", explode: false }).issues, [
      "tools[0].params[1].explode: \"deepObject\" is always exploded (one pair per value)"
    ])
    assert.deepStrictEqual(check({ ...tags, style: "spaceDelimited", explode: true }).issues, [
      "tools[0].params[1].explode: \"spaceDelimited\" joins the items into one value: explode must be false"
    ])
    assert.deepStrictEqual(check({ name: "q", type: "string", style: "form" }).issues, [
      "tools[0].params[1].style: applies to \"array\" and \"object\" params only"
    ])
    assert.deepStrictEqual(check({ name: "q", type: "number", explode: true }).issues, [
      "tools[0].params[1].explode: applies to \"array\" and \"object\" params only"
    ])
  })

  it("defaults by shape: an array of scalars as repeated keys, anything else in brackets", () => {
    const placement = (param: Record<string, unknown>) =>
      ParamSchema.placementOf({ ...param, schema: check(param).schema } as ParamSchema.ParamLike)
    assert.deepStrictEqual(placement(tags), { style: "form", explode: true })
    assert.deepStrictEqual(placement({ ...tags, explode: false }), { style: "form", explode: false })
    assert.deepStrictEqual(placement({ ...tags, style: "pipeDelimited" }), { style: "pipeDelimited", explode: false })
    assert.deepStrictEqual(placement(filter), { style: "deepObject", explode: true })
    assert.deepStrictEqual(placement(rows), { style: "deepObject", explode: true })
  })
})

describe("a param's whole schema (nodeOf)", () => {
  it("is a structured param's schema, with the param's description first", () => {
    const schema: ParamSchema.SchemaNode = { type: "array", description: "inner", items: { type: "string" } }
    assert.strictEqual(ParamSchema.nodeOf({ name: "a", type: "array", schema }), schema)
    assert.deepStrictEqual(ParamSchema.nodeOf({ name: "a", type: "array", description: "outer", schema }), {
      type: "array",
      description: "outer",
      items: { type: "string" }
    })
  })

  it("is a scalar's type, enum and bounds", () => {
    assert.deepStrictEqual(ParamSchema.nodeOf({ name: "u", type: "string", enum: ["c", "f"], description: "unit" }), {
      type: "string",
      description: "unit",
      enum: ["c", "f"]
    })
    assert.deepStrictEqual(
      ParamSchema.nodeOf({ name: "d", type: "number", schema: { type: "integer", minimum: 1, maximum: 7 } }),
      { type: "integer", minimum: 1, maximum: 7 }
    )
    assert.isFalse(ParamSchema.constrained({ name: "d", type: "number" }))
    assert.isTrue(ParamSchema.constrained({ name: "d", type: "number", schema: { type: "number", minimum: 0 } }))
    assert.isTrue(ParamSchema.constrained({ name: "d", type: "array" }))
  })
})
