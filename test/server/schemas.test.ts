/**
 * `defineTool`'s `args` in every accepted kind — Effect `Schema.Struct`, zod 4, valibot with
 * `toStandardJsonSchema`, arktype — lowered by one table of rules (docs/extensions.md): the same schema
 * written in each library gives the same params and the same warnings. Then what is refused
 * (`ArgsInvalid`). The seed's zod example verbatim is test/seed-server.test.ts.
 */
import { argsOfEveryKind, literalArgs, notAStruct, numberLiteralArgs } from "#test-target"
import { toStandardJsonSchema } from "@valibot/to-json-schema"
import { type } from "arktype"
import * as Effect from "effect/Effect"
import * as v from "valibot"
import { z } from "zod"
import * as Manifest from "../../src/Manifest.js"
import * as Server from "../../src/Server.js"
import { assert, describe, it } from "../support/effectVitest.js"

/** One schema, written in each library: every kind of field the lowering table has a rule for. */
const LIBRARIES = {
  // The target's Effect Schema (#test-target): the same fields in each Effect's combinators.
  effect: argsOfEveryKind,
  zod: () =>
    z.object({
      city: z.string().describe("City name"),
      days: z.number().optional(),
      metric: z.boolean(),
      unit: z.enum(["c", "f"]),
      page: z.number().int().describe("page number"),
      count: z.number().int(),
      limit: z.number().default(10).describe("max results"),
      tags: z.array(z.string()),
      note: z.string().nullable(),
      since: z.date().optional()
    }),
  valibot: () =>
    toStandardJsonSchema(v.object({
      city: v.pipe(v.string(), v.description("City name")),
      days: v.optional(v.number()),
      metric: v.boolean(),
      unit: v.picklist(["c", "f"]),
      page: v.pipe(v.number(), v.integer(), v.description("page number")),
      count: v.pipe(v.number(), v.integer()),
      limit: v.pipe(v.optional(v.number(), 10), v.description("max results")),
      tags: v.array(v.string()),
      note: v.nullable(v.string()),
      since: v.optional(v.date())
    }))
} as const

const EXPECTED_PARAMS: ReadonlyArray<Manifest.Param> = [
  { name: "city", type: "string", required: true, description: "City name" },
  { name: "days", type: "number", required: false },
  { name: "metric", type: "boolean", required: true },
  { name: "unit", type: "string", required: true, enum: ["c", "f"] },
  { name: "page", type: "number", required: true, description: "page number", schema: { type: "integer" } },
  { name: "count", type: "number", required: true, description: "an integer", schema: { type: "integer" } },
  { name: "limit", type: "number", required: false, description: "max results (default: 10)" },
  { name: "tags", type: "array", required: true, schema: { type: "array", items: { type: "string" } } },
  { name: "note", type: "string", required: true },
  { name: "since", type: "string", required: false }
]

const toolOf = (args: Server.Args) =>
  Server.defineTool({ name: "weather", description: "Weather.", method: "GET", args, url: "https://api.example.com/w" })

describe("lowering args: one table for every schema library", () => {
  for (const [library, make] of Object.entries(LIBRARIES)) {
    it(`${library}: types, descriptions, optional, enum, integer, default, arrays; the rest as string`, () => {
      const params = toolOf(make()).params
      // Effect's own refinement descriptions (Schema.Date's "a valid Date") are kept; compare the rest.
      assert.deepStrictEqual(
        params.map((param) => (param.name === "since" ? { ...param, description: undefined } : param)),
        EXPECTED_PARAMS.map((param) => (param.name === "since" ? { ...param, description: undefined } : param))
      )
    })

    it(`${library}: every fallback and every dropped null is a warning naming the tool, the arg and the type`, () => {
      const { manifest, warnings } = Server.manifestWithWarningsSync({ tools: [toolOf(make())] })
      assert.strictEqual(manifest.tools[0]?.name, "weather")
      assert.deepStrictEqual(warnings.map((w) => [w.tool, w.arg, w.path]), [
        ["weather", "note", ["tools", 0, "params", 8]],
        ["weather", "since", ["tools", 0, "params", 9]]
      ])
      assert.strictEqual(
        warnings[0]?.message,
        "arg \"note\" of tool \"weather\": string | null is published as a required \"string\"; the model cannot send null"
      )
      assert.match(
        warnings[1]?.message ?? "",
        /^arg "since" of tool "weather": .*Date.* has no manifest type; published as an optional "string"$/
      )
    })
  }

  it("warnings come back from the Effect API too, and tools that lost nothing add none", () =>
    Effect.runSync(Effect.gen(function*() {
      const exact = Server.defineTool({
        name: "exact",
        description: "Exact.",
        method: "GET",
        args: z.object({ q: z.string() }),
        url: "https://api.example.com/e"
      })
      const { manifest, warnings } = yield* Server.manifestWithWarnings({ tools: [exact, toolOf(LIBRARIES.zod())] })
      assert.strictEqual(manifest.tools.length, 2)
      assert.deepStrictEqual(warnings.map((w) => Manifest.formatIssue(w).split(":")[0]), [
        "tools[1].params[8]",
        "tools[1].params[9]"
      ])
      // The old entry point keeps its shape.
      assert.deepStrictEqual(yield* Server.manifest({ tools: [exact] }), { rcpVersion: "0.1", tools: [exact] })
    })))

  it("Effect: literal unions and string enums give an enum, also when optional; a number literal is a fallback", () => {
    const params = toolOf(literalArgs()).params
    assert.deepStrictEqual(params.slice(0, 3), [
      { name: "a", type: "string", required: false, enum: ["x", "y"] },
      { name: "b", type: "string", required: true, enum: ["p", "q"] },
      { name: "c", type: "string", required: true, enum: ["c", "f"] }
    ])
    assert.deepStrictEqual(params[3], { name: "d", type: "string", required: true })
    const { warnings } = Server.manifestWithWarningsSync({ tools: [toolOf(numberLiteralArgs())] })
    assert.strictEqual(warnings[0]?.message, "arg \"d\" of tool \"weather\": \"1\" | \"2\" has no manifest type; published as a required \"string\"")
  })

  it("zod: a literal is a one-value enum, a nullable optional keeps required: false, a union is a fallback", () => {
    const params = toolOf(z.object({
      a: z.literal("only"),
      b: z.number().nullable().optional(),
      c: z.union([z.string(), z.number()])
    })).params
    assert.deepStrictEqual(params, [
      { name: "a", type: "string", required: true, enum: ["only"] },
      { name: "b", type: "number", required: false },
      { name: "c", type: "string", required: true }
    ])
  })

  it("keeps the order of the fields and a tool copied by hand reports nothing", () => {
    const tool = toolOf(LIBRARIES.zod())
    assert.deepStrictEqual(tool.params.map((p) => p.name), EXPECTED_PARAMS.map((p) => p.name))
    assert.deepStrictEqual(Server.manifestWithWarningsSync({ tools: [{ ...tool }] }).warnings, [])
  })
})

const refusal = (args: unknown): Server.ArgsInvalid => {
  try {
    Server.defineTool({ name: "broken", description: "d", method: "GET", url: "https://api.example.com/", args } as never)
  } catch (error) {
    assert.instanceOf(error, Server.ArgsInvalid)
    assert.strictEqual((error as Server.ArgsInvalid)._tag, "ArgsInvalid")
    return error as Server.ArgsInvalid
  }
  return assert.fail("expected ArgsInvalid")
}

const ACCEPTED = "args must be an Effect Schema.Struct or a Standard Schema object that can describe itself as " +
  "JSON Schema (zod 4, valibot with toStandardJsonSchema, arktype)"

describe("args that cannot be lowered: ArgsInvalid at defineTool", () => {
  it("a plain object, a string, a function: names what was passed", () => {
    assert.strictEqual(refusal({ city: "string" }).message, `defineTool "broken": ${ACCEPTED}; got an object`)
    assert.strictEqual(refusal("city").message, `defineTool "broken": ${ACCEPTED}; got a string`)
    assert.strictEqual(refusal(null).message, `defineTool "broken": ${ACCEPTED}; got null`)
  })

  it("an Effect schema that is not a struct", () => {
    assert.strictEqual(
      refusal(notAStruct).message,
      `defineTool "broken": ${ACCEPTED}; got an Effect Schema that is not a Schema.Struct (string)`
    )
  })

  it("a valibot schema without its JSON Schema converter: says how to get one", () => {
    assert.strictEqual(
      refusal(v.object({ city: v.string() })).message,
      `defineTool "broken": ${ACCEPTED}, but it is a Standard Schema (valibot) that cannot describe itself as JSON ` +
        "Schema: wrap it with toStandardJsonSchema from @valibot/to-json-schema"
    )
  })

  it("a Standard Schema of something that is not an object", () => {
    assert.strictEqual(
      refusal(z.string()).message,
      "defineTool \"broken\": args must describe an object (z.object, v.object, type({ … })), one param per property; got string"
    )
  })

  it("a converter that throws: its message, never a TypeError from inside", () => {
    const throwing = {
      "~standard": {
        version: 1,
        vendor: "acme",
        validate: () => ({ value: {} }),
        jsonSchema: {
          input: () => {
            throw new Error("no JSON Schema for you")
          }
        }
      }
    }
    assert.strictEqual(
      refusal(throwing).message,
      `defineTool "broken": ${ACCEPTED}, but its JSON Schema (acme) could not be made: no JSON Schema for you`
    )
  })
})

describe("lowering args: arktype (its own Standard JSON Schema)", () => {
  it("types, description, optional, enum, integer, arrays; Date and null lost with a warning", () => {
    const tool = toolOf(type({
      city: type("string").describe("City name"),
      "days?": "number",
      unit: "'c' | 'f'",
      count: "number.integer",
      tags: "string[]",
      note: "string | null",
      since: "Date"
    }))
    // arktype orders the properties of its JSON Schema itself.
    const byName = Object.fromEntries(tool.params.map((param) => [param.name, param]))
    assert.deepStrictEqual(byName, {
      city: { name: "city", type: "string", required: true, description: "City name" },
      days: { name: "days", type: "number", required: false },
      unit: { name: "unit", type: "string", required: true, enum: ["c", "f"] },
      count: { name: "count", type: "number", required: true, description: "an integer", schema: { type: "integer" } },
      tags: { name: "tags", type: "array", required: true, schema: { type: "array", items: { type: "string" } } },
      note: { name: "note", type: "string", required: true },
      since: { name: "since", type: "string", required: true }
    })
    const messages = Server.manifestWithWarningsSync({ tools: [tool] }).warnings.map((w) => w.message).sort()
    assert.deepStrictEqual(messages, [
      "arg \"note\" of tool \"weather\": string | null is published as a required \"string\"; the model cannot send null",
      "arg \"since\" of tool \"weather\": Date has no manifest type; published as a required \"string\""
    ])
  })
})
