/**
 * The server's lowering of a field's type to a param schema node (docs/protocol.md §1.10): one
 * table of types written in Effect Schema and in zod 4 (through its Standard JSON Schema), each
 * kept exactly where the protocol's subset can say it, and each loss named with its path where it
 * cannot.
 */
import { arrayOf, nodeTypes as T } from "#test-target"
import * as Schema from "effect/Schema"
import * as fc from "fast-check"
import { z } from "zod"
import { typeOf } from "#target/LowerEffect.js"
import { lowerEffectNode } from "../../src/internal/server/effectSchemaNode.js"
import { lowerJsonNode } from "../../src/internal/server/jsonSchemaNode.js"
import * as StandardSchema from "../../src/internal/server/standardSchema.js"
import { assert, describe, it } from "../support/effectVitest.js"
import { nodeArb } from "../support/paramSchemas.js"
import { toEffect, toZod } from "../support/schemaLibraries.js"

type Lowered = ReturnType<typeof lowerJsonNode>

/** One field's type through the Effect lowering. */
const effect = (schema: unknown): Lowered => lowerEffectNode(typeOf(schema as Parameters<typeof typeOf>[0]))

/** One field's type through zod's own JSON Schema (the input side, as the server lowering asks for it). */
const zod = (schema: z.ZodType): Lowered => {
  const props = StandardSchema.propsOf(z.object({ f: schema }))!
  const json = StandardSchema.jsonSchemaOf(props)
  if (json._tag === "Fail") return assert.fail(json.reason)
  return lowerJsonNode(json.schema, (json.schema.properties as Record<string, Record<string, unknown>>).f!)
}

const losses = (lowered: Lowered) => lowered.losses.map((loss) => `${loss.at || "(arg)"}: ${loss.message}`)

describe("lowering a field's type to a schema node", () => {
  it("integers and their bounds (zod .int().min(1).max(7) keeps them)", () => {
    assert.deepStrictEqual(zod(z.number().int().min(1).max(7)).node, { type: "integer", minimum: 1, maximum: 7 })
    assert.deepStrictEqual(effect(T.intBetween1And7).node, {
      type: "integer",
      minimum: 1,
      maximum: 7,
      description: "a number between 1 and 7"
    })
    // zod bounds every integer to the safe range; that is not worth a model's attention.
    assert.deepStrictEqual(zod(z.number().int().positive()).node, { type: "integer", exclusiveMinimum: 0 })
    assert.deepStrictEqual(effect(T.positive).node?.type, "number")
    assert.deepStrictEqual(zod(z.string().min(2).max(20).email()).node, {
      type: "string",
      minLength: 2,
      maxLength: 20,
      format: "email"
    })
    assert.deepStrictEqual(losses(zod(z.string().min(2).max(20).email())), [
      "(arg): its pattern is not published (the endpoint still checks it)"
    ])
  })

  it("arrays, structs, records, optional members and nested descriptions", () => {
    const expected = {
      type: "array",
      maxItems: 5,
      items: {
        type: "object",
        properties: {
          price: { type: "string", description: "a price id" },
          quantity: { type: "number" },
          meta: { type: "object", additionalProperties: { type: "string", maxLength: 500 } }
        },
        required: ["price", "meta"]
      }
    }
    const fromZod = zod(z.array(z.object({
      price: z.string().describe("a price id"),
      quantity: z.number().optional(),
      meta: z.record(z.string(), z.string().max(500))
    })).max(5))
    assert.deepStrictEqual(fromZod.node, { ...expected, items: { ...expected.items } } as never)
    assert.deepStrictEqual(losses(fromZod), [])
    const fromEffect = effect(T.prices)
    assert.deepStrictEqual(
      JSON.parse(JSON.stringify(fromEffect.node, (key, value) => (key === "description" && value !== "a price id" ? undefined : value))),
      expected
    )
    assert.deepStrictEqual(losses(fromEffect), [])
  })

  it("a struct's default and renamed keys are lowered on the side the model writes (Effect)", () => {
    const lowered = effect(T.defaultAndRenamed)
    assert.deepStrictEqual(lowered.node, {
      type: "object",
      properties: { quantity: { type: "number" }, product_sku: { type: "string" } },
      required: ["product_sku"]
    })
  })

  it("a non-empty array has minItems 1 (Effect)", () => {
    assert.deepStrictEqual(effect(T.nonEmptyArray).node, { type: "array", items: { type: "string" }, minItems: 1 })
  })

  it("what the subset cannot say is named, with its path, and published as a string", () => {
    const zodLosses = losses(zod(z.object({
      note: z.string().nullable(),
      pair: z.tuple([z.string(), z.number()]),
      either: z.union([z.string(), z.number()]),
      when: z.date(),
      tags: z.array(z.string()).refine(() => true)
    })))
    assert.deepStrictEqual(zodLosses, [
      ".note: null is set aside: the model cannot send it here",
      ".pair: a tuple has no manifest type; published as \"string\"",
      ".either: string | number has no manifest type; published as \"string\"",
      ".when: Date has no manifest type; published as \"string\""
    ])
    const effectLosses = losses(effect(T.lossy))
    assert.deepStrictEqual(effectLosses, [
      ".note: null is set aside: the model cannot send it here",
      ".pair: a tuple has no manifest type; published as \"string\"",
      ".either: string | number has no manifest type; published as \"string\"",
      ".when: Date has no manifest type; published as \"string\"",
      ".code: its pattern is not published (the endpoint still checks it)"
    ])
  })

  it("a recursive type ends, named (zod lazy, Effect suspend)", () => {
    const fromEffect = effect(T.recursive)
    assert.deepStrictEqual(fromEffect.node, {
      type: "object",
      properties: { name: { type: "string" }, children: { type: "array", items: { type: "string" } } },
      required: ["name", "children"]
    })
    assert.deepStrictEqual(losses(fromEffect), [".children[]: a recursive type has no manifest type; published as \"string\""])
    const ZCategory: z.ZodType = z.object({ name: z.string(), children: z.array(z.lazy(() => ZCategory)) })
    const fromZod = zod(ZCategory)
    assert.isDefined(fromZod.node)
    assert.isTrue(losses(fromZod).some((loss) => loss.includes("recursive")), losses(fromZod).join("\n"))
  })

  it("a schema deeper than 8 levels is cut there, named", () => {
    let effectType: unknown = Schema.String
    let zodType: z.ZodType = z.string()
    for (let i = 0; i < 10; i++) {
      effectType = arrayOf(effectType)
      zodType = z.array(zodType)
    }
    for (const lowered of [effect(effectType), zod(zodType)]) {
      assert.deepStrictEqual(losses(lowered), [`${"[]".repeat(8)}: nests deeper than 8 levels; published as "string"`])
    }
  })
})

// ---------------------------------------------------------------------------------------------
// Lossless where the subset can say it
// ---------------------------------------------------------------------------------------------

const SEED = Number(process.env.RCP_PROPERTY_SEED ?? 424242)
const RUNS = Number(process.env.RCP_PROPERTY_RUNS ?? 300)

/** Effect's refinements describe themselves ("a string at least 2 character(s) long"): compared without descriptions. */
const withoutDescriptions = (node: unknown): unknown =>
  JSON.parse(JSON.stringify(node, (key, value) => (key === "description" ? undefined : value)))

/** zod keeps an enum's values as an object's keys, so "0" comes before "": the order is zod's, the set is the schema's. */
const sortedEnums = (node: unknown): unknown =>
  JSON.parse(JSON.stringify(node, (key, value) => (key === "enum" ? [...value].sort() : value)))

describe("lowering loses nothing the protocol's subset can say", () => {
  const nodes = nodeArb({ depth: 5, open: true, formats: false })

  it("zod: every generated schema lowers back to the node it was written from, with no loss", () => {
    fc.assert(
      fc.property(nodes, (node) => {
        const lowered = zod(toZod(node))
        assert.deepStrictEqual(losses(lowered), [])
        assert.deepStrictEqual(sortedEnums(lowered.node), sortedEnums(node))
      }),
      { seed: SEED, numRuns: RUNS }
    )
  })

  it("Effect Schema: likewise (descriptions aside: Effect's refinements write their own)", () => {
    fc.assert(
      fc.property(nodes, (node) => {
        const lowered = effect(toEffect(node))
        // A struct with fields and a record: Effect checks the fields against the record too, said so.
        assert.deepStrictEqual(losses(lowered).filter((loss) => !loss.includes("against the record's values")), [])
        assert.deepStrictEqual(withoutDescriptions(lowered.node), withoutDescriptions(node))
      }),
      { seed: SEED, numRuns: RUNS }
    )
  })
})
