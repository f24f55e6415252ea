/**
 * What the model is shown of a param's schema (docs/protocol.md §7): plain JSON Schema (valid
 * under the 2020-12 meta-schema, checked by ajv) and OpenAI's strict form (checked against the
 * strict-mode rules written out in `support/openAiStrict.ts`), and the promise that ties the view to
 * the check — whatever fits the schema shown passes the argument check.
 */
import { assert, describe, it } from "../support/effectVitest.js"
import { Ajv2020 } from "ajv/dist/2020.js"
import * as fc from "fast-check"
import type { SchemaNode } from "../../src/internal/manifest/paramSchema.js"
import * as ParamValue from "../../src/internal/manifest/paramValue.js"
import * as ModelSchema from "../../src/internal/model/modelSchema.js"
import { strictProblems } from "../support/openAiStrict.js"
import { type Json, nodeArb, valueArb } from "../support/paramSchemas.js"

const SEED = Number(process.env.RCP_PROPERTY_SEED ?? 424242)
const RUNS = Number(process.env.RCP_PROPERTY_RUNS ?? 300)

const ajv = new Ajv2020({ strict: false, validateFormats: false })

const order: SchemaNode = {
  type: "object",
  description: "the order",
  properties: {
    sku: { type: "string", minLength: 3, maxLength: 12, format: "sku-code" },
    quantity: { type: "integer", minimum: 1 },
    unit: { type: "string", enum: ["pcs", "kg"] },
    email: { type: "string", format: "email", maxLength: 200 },
    lines: { type: "array", maxItems: 5, items: { type: "object", properties: { note: { type: "string" } } } }
  },
  required: ["sku", "quantity"]
}

describe("the model-facing schema of a structured param (docs/protocol.md §7)", () => {
  it("is the param's schema as plain JSON Schema, every object saying which keys it takes", () => {
    assert.deepStrictEqual(ModelSchema.plain(order), {
      type: "object",
      description: "the order",
      properties: {
        sku: { type: "string", minLength: 3, maxLength: 12, format: "sku-code" },
        quantity: { type: "integer", minimum: 1 },
        unit: { type: "string", enum: ["pcs", "kg"] },
        email: { type: "string", maxLength: 200, format: "email" },
        lines: {
          type: "array",
          items: { type: "object", properties: { note: { type: "string" } }, required: [], additionalProperties: false },
          maxItems: 5
        }
      },
      required: ["sku", "quantity"],
      additionalProperties: false
    })
    assert.deepStrictEqual(ModelSchema.plain({ type: "object", additionalProperties: { type: "string" } }), {
      type: "object",
      additionalProperties: { type: "string" }
    })
    assert.deepStrictEqual(ModelSchema.plain({ type: "object", additionalProperties: true }), {
      type: "object",
      additionalProperties: true
    })
  })

  it("in strict mode: every property required, the optional ones nullable, the rest said in words", () => {
    const strict = ModelSchema.strict(order, true)
    assert.deepStrictEqual(strict, {
      _tag: "Strict",
      properties: 6,
      enumValues: 2,
      schema: {
        type: ["object", "null"],
        description: "the order",
        properties: {
          sku: { type: "string", description: "3 to 12 characters; format: sku-code" },
          quantity: { type: "integer", minimum: 1 },
          unit: { type: ["string", "null"], enum: ["pcs", "kg", null] },
          email: { type: ["string", "null"], description: "at most 200 characters", format: "email" },
          lines: {
            type: ["array", "null"],
            items: {
              type: "object",
              properties: { note: { type: ["string", "null"] } },
              required: ["note"],
              additionalProperties: false
            },
            maxItems: 5
          }
        },
        required: ["sku", "quantity", "unit", "email", "lines"],
        additionalProperties: false
      }
    })
  })

  it("a map or free-form object has no strict form", () => {
    for (const node of [
      { type: "object", additionalProperties: { type: "string" } },
      { type: "array", items: { type: "object", properties: { a: { type: "string" } }, additionalProperties: true } }
    ] as Array<SchemaNode>) {
      const strict = ModelSchema.strict(node, false)
      assert.strictEqual(strict._tag, "NotStrict")
      if (strict._tag === "NotStrict") assert.include(strict.reason, "additionalProperties")
    }
  })

  it("every generated schema is valid JSON Schema 2020-12, plain and strict", () => {
    fc.assert(
      fc.property(nodeArb({ depth: 6, open: true }), (node) => {
        assert.isTrue(ajv.validateSchema(ModelSchema.plain(node)) as boolean, JSON.stringify(ajv.errors))
        const strict = ModelSchema.strict(node, true)
        if (strict._tag === "Strict") assert.isTrue(ajv.validateSchema(strict.schema) as boolean, JSON.stringify(ajv.errors))
      }),
      { seed: SEED, numRuns: RUNS }
    )
  })

  it("every generated closed schema has a strict form that OpenAI's strict-mode rules accept", () => {
    fc.assert(
      fc.property(nodeArb({ depth: 8, open: false }), fc.boolean(), (node, nullable) => {
        const strict = ModelSchema.strict(node, nullable)
        assert.strictEqual(strict._tag, "Strict")
        if (strict._tag !== "Strict") return
        // As a tool's parameters hold it: one property of the root object.
        const parameters = { type: "object", properties: { p: strict.schema }, required: ["p"], additionalProperties: false }
        assert.deepStrictEqual(strictProblems(parameters), [], JSON.stringify(strict.schema))
      }),
      { seed: SEED, numRuns: RUNS }
    )
  })

  it("whatever fits the strict schema passes the argument check (null for an optional property included)", () => {
    const withNulls = (node: SchemaNode, value: Json, pick: number): Json => {
      // Sets one optional property somewhere to null: how a strict model leaves it out.
      if (node.type === "array" && Array.isArray(value) && value.length > 0) {
        const i = pick % value.length
        return value.map((item, k) => (k === i ? withNulls(node.items, item, pick >> 1) : item))
      }
      if (node.type === "object" && typeof value === "object" && value !== null && !Array.isArray(value)) {
        const optional = Object.keys(node.properties ?? {}).filter((name) => !(node.required ?? []).includes(name))
        if (optional.length === 0) return value
        const name = optional[pick % optional.length]!
        return { ...value, [name]: null }
      }
      return value
    }
    const cases = nodeArb({ depth: 5, open: false, lengths: false }).chain((node) =>
      fc.tuple(fc.constant(node), valueArb(node), fc.nat(), fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<Json>)
    )
    fc.assert(
      fc.property(cases, ([node, value, pick, junk]) => {
        const strict = ModelSchema.strict(node, false)
        if (strict._tag !== "Strict") return assert.fail("a closed schema has a strict form")
        for (const candidate of [withNulls(node, value, pick), junk]) {
          if (ajv.validate(strict.schema, candidate)) {
            assert.strictEqual(ParamValue.conform(node, candidate)._tag, "Ok", JSON.stringify(candidate))
          }
        }
      }),
      { seed: SEED, numRuns: RUNS }
    )
  })
})

describe("a tool's parameters in strict form", () => {
  it("are the root object made strict: the same as before for scalar params", () => {
    const parameters: SchemaNode = {
      type: "object",
      properties: { q: { type: "string", description: "query" }, unit: { type: "string", enum: ["c", "f"] }, n: { type: "number" } },
      required: ["q"],
      additionalProperties: false
    } as SchemaNode
    assert.deepStrictEqual(ModelSchema.strictParameters(parameters), {
      _tag: "Strict",
      properties: 3,
      enumValues: 2,
      schema: {
        type: "object",
        properties: {
          q: { type: "string", description: "query" },
          unit: { type: ["string", "null"], enum: ["c", "f", null] },
          n: { type: ["number", "null"] }
        },
        required: ["q", "unit", "n"],
        additionalProperties: false
      }
    })
  })

  it("have none beyond strict mode's limits: 5,000 properties, 1,000 enum values", () => {
    const values = Array.from({ length: 1001 }, (_, i) => `v${i}`)
    const many: SchemaNode = { type: "object", properties: { unit: { type: "string", enum: values } }, required: [] }
    assert.deepStrictEqual(ModelSchema.strictParameters(many), {
      _tag: "NotStrict",
      reason: "it lists 1001 enum values; strict mode takes at most 1000"
    })
    const wide: SchemaNode = {
      type: "object",
      properties: Object.fromEntries(Array.from({ length: 5001 }, (_, i) => [`p${i}`, { type: "boolean" }])),
      required: []
    }
    assert.deepStrictEqual(ModelSchema.strictParameters(wide), {
      _tag: "NotStrict",
      reason: "it has 5001 properties; strict mode takes at most 5000"
    })
  })
})
