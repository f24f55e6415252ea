/**
 * docs/openapi.md's promise — a manifest that always decodes, never a throw, never a hang — over
 * OpenAPI-shaped documents from fast-check: random parameters (awkward names, every `in`), schemas
 * with `$ref`s and cycles (also real object cycles), bodies of every media type, odd paths and
 * servers. The mapping runs on every case; a smaller share also goes through the parser.
 * `RCP_OPENAPI_FUZZ_RUNS=20000 npx vitest run packages/openapi/test/fuzz.test.ts` for a deeper run.
 */
import { onlyFailure } from "#test-target"
import { assert, describe, it } from "../../../test/support/effectVitest.js"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import fc from "fast-check"
import * as Manifest from "rcp-sdk/manifest"
import * as OpenApi from "../src/OpenApi.js"
import * as Mapping from "../src/internal/mapping.js"
import { seeded } from "../../../test/support/property.js"

const RUNS = Number(process.env.RCP_OPENAPI_FUZZ_RUNS ?? 500)
const PARSER_RUNS = Math.max(10, Math.floor(RUNS / 25))

const name = fc.oneof(
  fc.constantFrom("id", "filter[name]", "$top", "X-Trace-Id", "page-size", "__proto__", "constructor", "{{x}}", "Host",
    "Accept", "Authorization", "", "a b", "ü", "key", "2fa", "x".repeat(80)),
  fc.string({ maxLength: 12 })
)

const REFS = ["#/components/schemas/S0", "#/components/schemas/S1", "#/components/schemas/S2", "#/missing", "other.json#/X"]

const { schema } = fc.letrec<{ schema: unknown }>((tie) => ({
  schema: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.record({ type: fc.constantFrom("string", "integer", "number", "boolean", "null", "file", 7) }, { requiredKeys: [] }),
    fc.record({ enum: fc.array(fc.oneof(fc.string({ maxLength: 5 }), fc.integer(), fc.boolean(), fc.constant(null)), { maxLength: 4 }) }),
    fc.record({ type: fc.constant(["string", "null"]), default: fc.jsonValue({ maxDepth: 1 }), format: fc.string({ maxLength: 6 }) }),
    fc.record({ type: fc.constant("array"), items: tie("schema") }, { requiredKeys: ["type"] }),
    fc.record({
      type: fc.constant("object"),
      required: fc.array(name, { maxLength: 3 }),
      properties: fc.dictionary(name, tie("schema"), { maxKeys: 4 })
    }, { requiredKeys: [] }),
    fc.record({ $ref: fc.constantFrom(...REFS) }),
    fc.record({ allOf: fc.array(tie("schema"), { maxLength: 3 }) }),
    fc.record({ oneOf: fc.array(tie("schema"), { maxLength: 3 }) }),
    fc.constantFrom(null, 3, "x", [])
  )
}))

const parameter = fc.record({
  name,
  in: fc.constantFrom("path", "query", "header", "cookie", "body", "formData", "weird"),
  required: fc.boolean(),
  schema,
  style: fc.constantFrom("form", "simple", "deepObject", "spaceDelimited", "pipeDelimited"),
  explode: fc.boolean(),
  type: fc.constantFrom("string", "array", "integer"),
  collectionFormat: fc.constantFrom("csv", "multi", "pipes"),
  description: fc.string({ maxLength: 20 })
}, { requiredKeys: ["name", "in"] })

const mediaType = fc.constantFrom("application/json", "application/vnd.api+json", "multipart/form-data", "text/plain", "*/*")

const operation = fc.record({
  operationId: name,
  summary: fc.string({ maxLength: 30 }),
  description: fc.string({ maxLength: 30 }),
  tags: fc.array(fc.constantFrom("a", "b"), { maxLength: 2 }),
  deprecated: fc.boolean(),
  parameters: fc.array(fc.oneof(parameter, fc.record({ $ref: fc.constant("#/components/parameters/P") }), fc.constant(7)), { maxLength: 5 }),
  requestBody: fc.record({ required: fc.boolean(), content: fc.dictionary(mediaType, fc.record({ schema }), { maxKeys: 2 }) }),
  servers: fc.array(fc.record({ url: fc.constantFrom("https://op.example.com", "/rel", "http://10.1.2.3", "{x}") }), { maxLength: 2 }),
  security: fc.array(fc.dictionary(fc.constantFrom("key", "bearer", "oauth", "cookie", "missing"), fc.constant([])), { maxLength: 2 }),
  consumes: fc.array(mediaType, { maxLength: 2 })
}, { requiredKeys: [] })

const path = fc.oneof(
  fc.constantFrom("/pets/{id}", "/?Action=Describe&V=1", "/#Action=Run", "/a/../b", "/%zz", "/{a}{b}", "/ü/{x}", "", "/a/{{b}}",
    "/x?a", "/{__proto__}", "/./c"),
  fc.string({ maxLength: 15 }).map((s) => `/${s}`)
)

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"] as const

const pathItem = fc.record({
  get: operation, put: operation, post: operation, delete: operation, head: operation, patch: operation, trace: operation,
  parameters: fc.array(parameter, { maxLength: 2 }),
  servers: fc.array(fc.record({ url: fc.constantFrom("https://path.example.com/v1", "/v2") }), { maxLength: 1 })
}, { requiredKeys: [] })

const document = fc.record({
  version: fc.constantFrom({ openapi: "3.0.3" }, { openapi: "3.1.0" }, { swagger: "2.0" }),
  servers: fc.array(fc.oneof(
    fc.record({ url: fc.constantFrom("https://api.example.com/v1/", "http://api.example.com", "/relative", "ftp://x", "http://127.0.0.1:1") }),
    fc.constant({ url: "https://{region}.example.com", variables: { region: { default: "eu" } } }),
    fc.constant({ url: "https://{missing}.example.com" })
  ), { maxLength: 3 }),
  host: fc.constantFrom("api.example.com", "bad host", "10.0.0.1"),
  basePath: fc.constantFrom("/v1", "", "v2"),
  schemes: fc.array(fc.constantFrom("http", "https", "ws"), { maxLength: 2 }),
  paths: fc.dictionary(path, pathItem, { maxKeys: 5 }),
  schemas: fc.tuple(schema, schema, schema),
  security: fc.array(fc.dictionary(fc.constantFrom("key", "bearer", "oauth", "cookie", "query"), fc.constant([])), { maxLength: 2 }),
  cycle: fc.boolean()
}, { requiredKeys: ["version", "paths", "schemas"] }).map((d) => {
  const [s0, s1, s2] = d.schemas
  const securitySchemes = {
    key: { type: "apiKey", in: "header", name: "X-Key" },
    query: { type: "apiKey", in: "query", name: "key" },
    bearer: { type: "http", scheme: "bearer" },
    oauth: { type: "oauth2", flows: {} },
    cookie: { type: "apiKey", in: "cookie", name: "c" }
  }
  const doc: Record<string, unknown> = {
    ...d.version,
    info: { title: "fuzz", version: "1" },
    paths: d.paths,
    components: { schemas: { S0: s0, S1: s1, S2: s2 }, parameters: { P: { name: "p", in: "query" } }, securitySchemes },
    securityDefinitions: securitySchemes
  }
  for (const key of ["servers", "host", "basePath", "schemes", "security"] as const) if (d[key] !== undefined) doc[key] = d[key]
  return { doc, cycle: d.cycle === true }
})

/** A real object cycle, as a dereferencer that resolves circular refs would leave: S0 contains itself. */
const withObjectCycle = (doc: Record<string, unknown>): Record<string, unknown> => {
  const copy = structuredClone(doc)
  const s0 = { type: "object", properties: {} as Record<string, unknown> }
  s0.properties.self = s0
  ;(copy.components as { schemas: Record<string, unknown> }).schemas.S0 = s0
  for (const item of Object.values(copy.paths as Record<string, Record<string, any>>)) {
    for (const method of METHODS) {
      if (item[method] !== undefined && typeof item[method] === "object") {
        item[method].requestBody = { required: false, content: { "application/json": { schema: s0 } } }
      }
    }
  }
  return copy
}

/** The oracle: operations counted by walking the document, independently of the importer. */
const operationCount = (doc: Record<string, unknown>): number =>
  Object.values(doc.paths as Record<string, Record<string, unknown>>).reduce(
    (n, item) => n + METHODS.filter((m) => typeof item[m] === "object" && item[m] !== null && !Array.isArray(item[m])).length,
    0
  )

describe("docs/openapi.md fuzz: OpenAPI-shaped documents", () => {
  it("the mapping never throws; its manifest always decodes; every operation is a tool or a skip warning", async () => {
    const outcomes = { mapped: 0, refused: 0, tools: 0 }
    let cases = 0
    await fc.assert(
      fc.asyncProperty(document, fc.constantFrom(undefined, "https://specs.example.com/o.json", "file:///o.json"), fc.boolean(), async (generated, specUrl, withBase) => {
        // A turn for the event loop now and then: a long run must not starve the test runner's RPC.
        if (++cases % 50 === 0) await new Promise((resolve) => setImmediate(resolve))
        const doc = generated.cycle ? withObjectCycle(generated.doc) : generated.doc
        const options = withBase ? { baseUrl: "https://base.example.com/api" } : {}
        const result = Mapping.toManifest(doc, options, specUrl)
        if (result._tag === "Refused") {
          outcomes.refused++
          assert.isAbove(result.problems.length, 0)
          assert.isFalse(withBase, "with a baseUrl there is always somewhere to point")
          return
        }
        outcomes.mapped++
        const { manifest, warnings } = result.value
        outcomes.tools += manifest.tools.length
        assert.deepStrictEqual(Manifest.issuesOf(manifest, { allowHttp: true }).map(Manifest.formatIssue), [])
        const skipped = warnings.filter((w) => w.skipped)
        assert.strictEqual(manifest.tools.length + skipped.length, operationCount(doc))
        assert.isTrue(skipped.every((w) => typeof w.operation === "string" && w.message !== ""))
      }),
      seeded(1, RUNS)
    )
    assert.isAbove(outcomes.mapped, RUNS / 4, JSON.stringify(outcomes))
    assert.isAbove(outcomes.tools, RUNS / 4, JSON.stringify(outcomes))
  }, Math.max(60_000, RUNS * 100))

  it("through the parser: a manifest or OpenApiInvalid, never a defect", async () => {
    const tags: Record<string, number> = {}
    await fc.assert(
      fc.asyncProperty(document, async ({ doc }) => {
        const exit = await Effect.runPromiseExit(OpenApi.toManifest(doc, { baseUrl: "https://base.example.com" }))
        if (Exit.isSuccess(exit)) {
          tags.ok = (tags.ok ?? 0) + 1
          assert.deepStrictEqual(Manifest.issuesOf(exit.value.manifest, { allowHttp: true }), [])
          return
        }
        // The cause is one typed failure and nothing else (no defect beside it).
        const failure = onlyFailure(exit.cause)
        assert.isDefined(failure, `a defect, not a typed failure: ${String(exit.cause)}`)
        assert.strictEqual(failure!._tag, "OpenApiInvalid")
        tags[failure!._tag] = (tags[failure!._tag] ?? 0) + 1
      }),
      seeded(2, PARSER_RUNS)
    )
    assert.isAbove(Object.values(tags).reduce((a, b) => a + b, 0), 0)
  }, Math.max(120_000, PARSER_RUNS * 20_000))
})
