/**
 * outputSchema (docs/protocol.md §8): the subset a manifest may declare, and the check of a result
 * against it — whose verdicts are held to Ajv's (draft-07, the validator the MCP SDK runs on
 * `structuredContent`) over generated schemas of the subset and generated values.
 */
import * as Result from "#target/Result.js"
import { Ajv } from "ajv"
import * as fc from "fast-check"
import { createHash } from "node:crypto"
import * as Lock from "../../src/Lock.js"
import * as Manifest from "../../src/Manifest.js"
import * as OutputSchema from "../../src/internal/manifest/outputSchema.js"
import { assert, describe, it } from "../support/effectVitest.js"

const ajv = new Ajv({ strict: false, allErrors: false })

describe("outputSchema: the subset", () => {
  it("accepts the subset, with annotations", () => {
    const schema = {
      type: "object",
      title: "Charge",
      properties: {
        id: { type: "string", minLength: 1, description: "the charge" },
        amount: { type: "integer", minimum: 0 },
        status: { enum: ["succeeded", "pending", "failed"] },
        refunds: { type: "array", items: { type: ["object", "null"] }, maxItems: 10 },
        metadata: { type: "object", additionalProperties: { type: "string" } },
        source: { anyOf: [{ type: "string" }, { type: "null" }], format: "uri" }
      },
      required: ["id", "amount"],
      additionalProperties: true
    }
    assert.deepStrictEqual(OutputSchema.check(schema), [])
    assert.deepStrictEqual(OutputSchema.check(true), [])
  })

  it("refuses references, patterns, unknown keywords, bad types — each at its path", () => {
    assert.deepStrictEqual(
      OutputSchema.check({
        type: "object",
        properties: { a: { $ref: "#/definitions/x" }, b: { type: "string", pattern: "^(a+)+$" }, c: { type: "date" } },
        if: { type: "object" }
      }),
      [
        { path: ["outputSchema", "properties", "a", "$ref"], message: "references are not allowed: write the schema out" },
        { path: ["outputSchema", "properties", "b", "pattern"], message: "patterns are not allowed: no server's regular expression runs on a client" },
        { path: ["outputSchema", "properties", "c", "type"], message: "must be one of object, array, string, number, integer, boolean, null, or a list of them" },
        { path: ["outputSchema", "if"], message: "is not a keyword of the outputSchema subset (docs/protocol.md §8)" }
      ]
    )
  })

  it("bounded: depth and size", () => {
    let deep: unknown = { type: "string" }
    for (let i = 0; i < 20; i++) deep = { type: "array", items: deep }
    assert.include(OutputSchema.check(deep)[0]!.message, "nests deeper than 16")
    const wide = { type: "object", properties: Object.fromEntries(Array.from({ length: 3000 }, (_, i) => [`field${i}`, { type: "string" }])) }
    assert.deepStrictEqual(OutputSchema.check(wide), [{ path: ["outputSchema"], message: "is longer than 65536 characters of JSON" }])
  })

  it("from responseMappings: an object of the mapped fields, none required, nothing else", () => {
    const schema = OutputSchema.fromMappings({ status: "@status", total: "@totals.grand" })
    assert.deepStrictEqual(OutputSchema.check(schema), [])
    assert.deepStrictEqual(OutputSchema.validate(schema, { status: "shipped" }), { _tag: "Valid" })
    assert.deepStrictEqual(OutputSchema.validate(schema, { status: "shipped", extra: 1 }), {
      _tag: "Invalid",
      problems: [{ path: "data", message: "has the member \"extra\", which the schema does not allow" }]
    })
  })

  it("for MCP: an object schema as it is, any other wrapped as { result }", () => {
    assert.deepStrictEqual(OutputSchema.forMcp({ type: "object" }), { schema: { type: "object" }, wrapped: false })
    assert.deepStrictEqual(OutputSchema.forMcp({ type: "array", items: { type: "string" } }), {
      schema: { type: "object", properties: { result: { type: "array", items: { type: "string" } } }, required: ["result"] },
      wrapped: true
    })
  })

  it("problems name the path and the kinds, never the value", () => {
    const verdict = OutputSchema.validate(
      { type: "object", properties: { items: { type: "array", items: { type: "object", properties: { id: { type: "number" } } } } } },
      { items: [{ id: 1 }, { id: "sk_live_secret" }] }
    )
    assert.deepStrictEqual(verdict, { _tag: "Invalid", problems: [{ path: "data.items[1].id", message: "expected a number, got a string" }] })
  })

  it("work is bounded: nested anyOf that would take exponential steps gives Unchecked", () => {
    // Each of 200,000 items tried against 16 × 16 string schemas: 51 million steps.
    const strings = { anyOf: Array.from({ length: 16 }, () => ({ type: "string" })) }
    const schema = { anyOf: Array.from({ length: 16 }, () => ({ type: "array", items: strings })) }
    assert.deepStrictEqual(OutputSchema.check(schema), [])
    const start = performance.now()
    assert.deepStrictEqual(OutputSchema.validate(schema, Array.from({ length: 200_000 }, (_, i) => i)), { _tag: "Unchecked" })
    assert.isBelow(performance.now() - start, 5000)
  })
})

// Generated schemas of the subset and values near them.
const json = fc.jsonValue({ maxDepth: 3 })
const { schema } = fc.letrec((tie) => ({
  schema: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.boolean(),
    fc.record({ type: fc.constantFrom("string", "number", "integer", "boolean", "null", "object", "array") }),
    fc.record({ type: fc.subarray(["string", "number", "null", "object"], { minLength: 1 }) }),
    fc.record({ enum: fc.uniqueArray(json, { minLength: 1, maxLength: 4, selector: (v) => JSON.stringify(v) }) }),
    fc.record({ const: json }),
    fc.record(
      {
        type: fc.constant("object"),
        properties: fc.dictionary(fc.constantFrom("a", "b", "c"), tie("schema"), { maxKeys: 3 }),
        required: fc.subarray(["a", "b", "c"]),
        additionalProperties: fc.oneof(fc.boolean(), tie("schema"))
      },
      { requiredKeys: ["type"] }
    ),
    fc.record({ type: fc.constant("array"), items: tie("schema"), minItems: fc.nat(3), maxItems: fc.nat(5) }, { requiredKeys: ["type"] }),
    fc.record({ type: fc.constant("string"), minLength: fc.nat(4), maxLength: fc.nat(8) }, { requiredKeys: ["type"] }),
    fc.record(
      { type: fc.constant("number"), minimum: fc.integer({ min: -5, max: 5 }), maximum: fc.integer({ min: -5, max: 5 }), exclusiveMinimum: fc.integer({ min: -5, max: 5 }) },
      { requiredKeys: ["type"] }
    ),
    fc.record({ anyOf: fc.array(tie("schema"), { minLength: 1, maxLength: 3 }) }),
    fc.record({ oneOf: fc.array(tie("schema"), { minLength: 1, maxLength: 3 }) }),
    fc.record({ allOf: fc.array(tie("schema"), { minLength: 1, maxLength: 3 }) })
  )
}))
// Through JSON, as a response arrives: fast-check's dictionaries have no prototype, JSON's objects do.
const value = fc.oneof(
  json,
  fc.dictionary(fc.constantFrom("a", "b", "c", "d"), json, { maxKeys: 4 }),
  fc.array(fc.oneof(fc.integer({ min: -6, max: 6 }), fc.string({ maxLength: 9 }), fc.constant(null)), { maxLength: 6 }),
  fc.string({ unit: "grapheme", maxLength: 9 }),
  fc.integer({ min: -6, max: 6 }),
  fc.double({ min: -6, max: 6, noNaN: true })
).map((v) => JSON.parse(JSON.stringify(v)) as unknown)

describe("outputSchema: validate agrees with Ajv", () => {
  it("over generated schemas of the subset and values", () => {
    fc.assert(
      fc.property(schema.map((s) => JSON.parse(JSON.stringify(s)) as unknown), value, (s, v) => {
        assert.deepStrictEqual(OutputSchema.check(s), [])
        const ours = OutputSchema.validate(s as OutputSchema.OutputSchema, v)
        const theirs = ajv.validate(s as object, v)
        assert.strictEqual(ours._tag === "Valid", theirs, JSON.stringify({ s, v, ours }))
      }),
      { numRuns: Number(process.env.RCP_PROPERTY_RUNS ?? 1000), seed: 34 }
    )
  })
})

describe("outputSchema in a manifest (docs/protocol.md §8)", () => {
  const manifest = (outputSchema: unknown) => ({
    rcpVersion: "0.1",
    tools: [{ name: "get_order", description: "Get an order.", method: "GET", params: [], url: "https://api.example.com/o", outputSchema }]
  })

  it("a schema of the subset decodes with the tool, unchanged; a pin names it as a field of its own", () => {
    const schema = { type: "object", properties: { status: { enum: ["pending", "shipped"] } }, required: ["status"] }
    const decoded = Manifest.validate(manifest(schema))
    assert.isTrue(Result.isSuccess(decoded))
    if (Result.isSuccess(decoded)) assert.deepStrictEqual(Result.successOf(decoded).tools[0]!.outputSchema, schema)
    const before = Lock.pin("https://api.example.com/rcp/manifest", manifest(schema) as Manifest.Manifest)
    const after = Lock.pin("https://api.example.com/rcp/manifest", manifest({ ...schema, required: [] }) as Manifest.Manifest)
    assert.deepStrictEqual(Lock.diff(before, "https://api.example.com/rcp/manifest", manifest({ ...schema, required: [] }) as Manifest.Manifest).changed, [
      { tool: "get_order", fields: ["outputSchema"] }
    ])
    assert.notStrictEqual(before.tools["get_order"]!.digest, after.tools["get_order"]!.digest)
  })

  it("a tool without one keeps the digest of a tool written before the field existed", () => {
    const plain = manifest(undefined) as Manifest.Manifest
    const pinned = Lock.pin("https://api.example.com/rcp/manifest", plain).tools["get_order"]!
    // The whole digest is the canonical JSON of the fields present: outputSchema, absent, adds nothing to it.
    const tool = plain.tools[0]!
    const canonical = JSON.stringify({
      auth: { type: "none" },
      description: tool.description,
      method: tool.method,
      name: tool.name,
      params: [],
      url: tool.url
    })
    assert.strictEqual(pinned.digest, `sha256:${createHash("sha256").update(canonical).digest("hex")}`)
    // Its own digest is that of the empty text, as for every absent field.
    assert.strictEqual(pinned.fields.outputSchema, `sha256:${createHash("sha256").update("").digest("hex")}`)
  })

  it("anything outside the subset is a manifest problem at its path", () => {
    const refused = Manifest.validate(manifest({ type: "object", properties: { a: { $ref: "#/x" }, b: { type: "string", pattern: "^a" } } }))
    assert.isTrue(Result.isFailure(refused))
    if (Result.isFailure(refused)) {
      assert.deepStrictEqual(Result.failureOf(refused).map(Manifest.formatIssue), [
        "tools[0].outputSchema.properties.a.$ref: references are not allowed: write the schema out",
        "tools[0].outputSchema.properties.b.pattern: patterns are not allowed: no server's regular expression runs on a client"
      ])
    }
    const notSchema = Manifest.validate(manifest(42))
    assert.isTrue(Result.isFailure(notSchema))
    if (Result.isFailure(notSchema)) assert.isTrue(Result.failureOf(notSchema).some((issue) => issue.path.join(".") === "tools.0.outputSchema"))
  })
})
