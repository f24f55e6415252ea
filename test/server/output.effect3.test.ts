/**
 * `defineTool({ output })` with an Effect Schema, against Effect 3's `JSONSchema.make` (the oracle):
 * what was published before is published now, byte for byte, but for the CHANGELOG's deliberate
 * differences. Effect 3 only, by design (docs/effect4.md §Tests): the oracle is Effect 3's own
 * `JSONSchema.make`. On Effect 4 an Effect Schema `output` is checked against Effect 3's bytes by
 * test/effect4/lowering.test.ts (48 fields), and `output.test.ts` runs on both.
 */
import { assert, describe, it } from "@effect/vitest"
import * as JSONSchema from "effect/JSONSchema"
import * as Schema from "effect/Schema"
import * as Result from "../../src/Result.js"
import * as Server from "../../src/Server.js"
import { OutputCategory as Category } from "../support/target/v3.js"

/** An issue path as the reference writes it: `tools[0].outputSchema.properties.id`. */
const formatPath = (path: ReadonlyArray<string | number>): string =>
  path.map((key, i) => (typeof key === "number" ? `[${key}]` : i === 0 ? key : `.${key}`)).join("")

const tool = (output: unknown) =>
  Server.defineTool({ name: "get_order", description: "Get an order.", method: "GET", url: "https://api.example.com/orders", output: output as never })


// Effect 3's `JSONSchema.make` is the oracle: an Effect Schema `output` was published as it, and is
// now written from the views shared with Effect 4 (docs/effect4.md §Model-facing schemas); the
// bytes and the warnings must not have moved, except where the CHANGELOG says so (`DIFFERENT`).
enum Color { Red = "red", Two = 2 }
class Point extends Schema.Class<Point>("Point")({ x: Schema.Number, label: Schema.optional(Schema.String) }) {}
const ORACLE_CASES: Record<string, Schema.Schema.Any> = {
  keywords: Schema.Struct({ s: Schema.String, n: Schema.Number, b: Schema.Boolean, nul: Schema.Null }),
  annotated: Schema.String.annotations({ description: "d", title: "t" }),
  builtIns: Schema.Struct({
    int: Schema.Int, finite: Schema.Finite, nonEmpty: Schema.NonEmptyString, trimmed: Schema.Trimmed, uuid: Schema.UUID,
    min: Schema.String.pipe(Schema.minLength(3)), max: Schema.String.pipe(Schema.maxLength(5)),
    len: Schema.String.pipe(Schema.length(4)), range: Schema.String.pipe(Schema.length({ min: 2, max: 6 })),
    gt: Schema.Number.pipe(Schema.greaterThan(2)), positive: Schema.Number.pipe(Schema.positive()),
    gte: Schema.Number.pipe(Schema.greaterThanOrEqualTo(2)), nonNegative: Schema.Number.pipe(Schema.nonNegative()),
    lt: Schema.Number.pipe(Schema.lessThan(3)), lte: Schema.Number.pipe(Schema.lessThanOrEqualTo(3)),
    between: Schema.Number.pipe(Schema.between(0, 1)), multipleOf: Schema.Number.pipe(Schema.multipleOf(5)),
    int32: Schema.Number.pipe(Schema.int(), Schema.between(-2147483648, 2147483647)),
    pattern: Schema.String.pipe(Schema.pattern(/^a+$/)), date: Schema.Date, url: Schema.URL
  }),
  stacked: Schema.Tuple(
    Schema.String.pipe(Schema.minLength(2), Schema.minLength(4)),
    Schema.String.pipe(Schema.minLength(4), Schema.minLength(2))
  ),
  arrays: Schema.Struct({
    array: Schema.Array(Schema.String), nonEmpty: Schema.NonEmptyArray(Schema.Number),
    minItems: Schema.Array(Schema.String).pipe(Schema.minItems(2)), maxItems: Schema.Array(Schema.String).pipe(Schema.maxItems(2)),
    count: Schema.Array(Schema.String).pipe(Schema.itemsCount(2))
  }),
  tuples: Schema.Struct({
    pair: Schema.Tuple(Schema.String, Schema.Number), rest: Schema.Tuple([Schema.String], Schema.Number),
    optional: Schema.Tuple(Schema.String, Schema.optionalElement(Schema.Number))
  }),
  filters: Schema.Struct({
    plain: Schema.String.pipe(Schema.filter((s) => s.length > 0, { description: "custom" })),
    withJsonSchema: Schema.String.pipe(
      Schema.filter((s) => s.length > 0, { description: "custom", jsonSchema: { minLength: 1 } })
    )
  }),
  literals: Schema.Struct({
    one: Schema.Literal("a"), many: Schema.Literal("a", "b", 1, 2, true), enums: Schema.Enums(Color),
    union: Schema.Union(Schema.String, Schema.Number), withUnknown: Schema.Union(Schema.String, Schema.Unknown)
  }),
  nullable: Schema.Struct({ a: Schema.NullOr(Schema.Number), b: Schema.optional(Schema.NullOr(Schema.String)) }),
  anything: Schema.Struct({ unknown: Schema.Unknown, any: Schema.Any, object: Schema.Object, empty: Schema.Struct({}) }),
  records: Schema.Struct({
    numbers: Schema.Record({ key: Schema.String, value: Schema.Number }),
    free: Schema.Record({ key: Schema.String, value: Schema.Unknown }),
    both: Schema.Struct({ a: Schema.String }, Schema.Record({ key: Schema.String, value: Schema.String }))
  }),
  optionality: Schema.Struct({
    a: Schema.optional(Schema.String), b: Schema.UndefinedOr(Schema.Number),
    c: Schema.optionalWith(Schema.Number, { default: () => 1 }), d: Schema.optionalWith(Schema.String, { exact: true })
  }),
  descriptions: Schema.Struct({
    key: Schema.propertySignature(Schema.String).annotations({ description: "the key" }),
    type: Schema.String.annotations({ description: "the type" }),
    ref: Schema.NonEmptyString.annotations({ description: "overrides" }),
    branded: Schema.String.pipe(Schema.brand("B"))
  }).annotations({ description: "the struct", title: "S" }),
  transformations: Schema.Struct({ n: Schema.NumberFromString, trim: Schema.Trim, option: Schema.Option(Schema.String) }),
  nested: Schema.Struct({ a: Schema.Array(Schema.Struct({ b: Schema.NullOr(Schema.Int), c: Schema.Struct({ d: Schema.Boolean }) })) }),
  classes: Schema.Struct({ point: Point, points: Schema.Array(Point) }),
  recursive: Schema.Struct({ root: Category, again: Category }),
  identified: Schema.String.annotations({ identifier: "Id", description: "an id" }),
  templates: Schema.Struct({
    plain: Schema.TemplateLiteral("id-", Schema.String),
    mixed: Schema.TemplateLiteral("a", Schema.Number, "b.", Schema.Literal("x"), Schema.String),
    described: Schema.TemplateLiteral(Schema.String, "@x").annotations({ description: "an address" })
  })
}

// Deliberate, each in the CHANGELOG: what the views do not carry, and one refusal lifted.
interface Tree { readonly children: ReadonlyArray<Tree> }
const Tree: Schema.Schema<Tree> = Schema.Struct({ children: Schema.Array(Schema.suspend((): Schema.Schema<Tree> => Tree)) })
const DIFFERENT: ReadonlyArray<readonly [string, Schema.Schema.Any, unknown]> = [
  ["default and examples", Schema.String.annotations({ default: "x", examples: ["y"] }), { type: "string" }],
  ["a jsonSchema annotation on a type that is not a refinement", Schema.String.annotations({ jsonSchema: { format: "email" } }), {
    type: "string"
  }],
  ["parseJson: the encoded string", Schema.parseJson(Schema.Struct({ a: Schema.Number })), {
    type: "string",
    description: "a string to be decoded into JSON",
    title: "parseJson"
  }]
]

describe("output: an Effect Schema is published as Effect 3's JSONSchema.make wrote it", () => {
  const published = (output: unknown) => {
    const { manifest, warnings } = Server.manifestWithWarningsSync({ tools: [tool(output)] })
    return { outputSchema: manifest.tools[0]!.outputSchema, warnings: warnings.map((w) => [formatPath(w.path), w.message]) }
  }

  for (const [name, schema] of Object.entries(ORACLE_CASES)) {
    it(`${name}: the same bytes and warnings`, () => {
      assert.strictEqual(JSON.stringify(published(schema)), JSON.stringify(published(JSONSchema.make(schema))))
    })
  }

  for (const [name, schema, now] of DIFFERENT) {
    it(`differs on purpose: ${name}`, () => {
      assert.notStrictEqual(JSON.stringify(published(JSONSchema.make(schema)).outputSchema), JSON.stringify(now))
      assert.strictEqual(JSON.stringify(published(schema).outputSchema), JSON.stringify(now))
    })
  }

  it("a schema that reuses a type at every level is written out within the translation's bound, not without end", () => {
    // Each level uses the one below twice: 2^18 schemas written out in full (deeper, Effect's own
    // `Schema.Struct` takes seconds to build).
    let level: Schema.Schema.Any = Schema.String
    for (let i = 0; i < 18; i++) level = Schema.Struct({ a: level, b: level })
    const start = performance.now()
    const { outputSchema, warnings } = published(level)
    assert.isBelow(performance.now() - start, 5_000)
    assert.deepStrictEqual(Result.checkOutputSchema(outputSchema ?? true), [])
    assert.isTrue(warnings.some(([, message]) => /nests deeper than 16 schemas|more than 20000 schemas/.test(message!)))
  })

  it("a recursive type without an identifier is published (Effect 3 refused it), its inner reference any value", () => {
    assert.throws(() => JSONSchema.make(Tree), /Missing annotation/)
    assert.deepStrictEqual(published(Schema.Struct({ tree: Tree })), {
      outputSchema: {
        type: "object",
        required: ["tree"],
        properties: {
          tree: {
            type: "object",
            required: ["children"],
            properties: { children: { type: "array", items: true } },
            additionalProperties: false
          }
        },
        additionalProperties: false
      },
      warnings: [[
        "tools[0].outputSchema.properties.tree.properties.children.items",
        "output of tool \"get_order\": \"a struct\" inside itself: published as any value (the subset has no references)"
      ]]
    })
  })
})
