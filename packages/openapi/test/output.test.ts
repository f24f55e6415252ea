/**
 * The import's `outputSchemas` option (docs/openapi.md "Output schemas"): each operation's first
 * 2xx JSON response schema as its tool's `outputSchema`, in the bounded subset of docs/protocol.md
 * §8 — on documents that pass the parser, with Ajv (an independent validator) as the oracle that
 * the translated schema accepts the responses the spec describes and refuses what it forbids — and
 * HTML descriptions read as Markdown.
 */
import { assert, describe, it } from "../../../test/support/effectVitest.js"
import { Ajv } from "ajv"
import * as Effect from "effect/Effect"
import { createRequire } from "node:module"
import * as Path from "node:path"
import * as Result from "rcp-sdk/result"
import * as Fixtures from "../../../bench/responses.js"
import * as OpenApi from "../src/OpenApi.js"
import { importSpec, messages, oneTool, spec3 } from "./support.js"

const GITHUB = Path.join(
  Path.dirname(createRequire(import.meta.url).resolve("@octokit/openapi/package.json")),
  "generated/api.github.com.json"
)

const ok = (schema: object, type = "application/json") => ({
  responses: { "200": { description: "OK", content: { [type]: { schema } } } }
})

const ajv = new Ajv({ strict: false, allErrors: true })
const ajvAccepts = (schema: unknown, value: unknown): boolean => ajv.validate(schema as object, value) as boolean

describe("OpenAPI import: outputSchemas", () => {
  it.effect("off by default: no tool has an outputSchema", () =>
    Effect.gen(function*() {
      const { tool } = yield* oneTool(spec3({ "/a": { get: ok({ type: "object" }) } }))
      assert.isUndefined(tool.outputSchema)
    }))

  it.effect("3.0: nullable as a null type, a boolean exclusiveMinimum as the bound, pattern and example dropped (said), writeOnly left out of required", () =>
    Effect.gen(function*() {
      const { tool, warnings } = yield* oneTool(
        spec3({
          "/pets/{id}": {
            get: {
              operationId: "getPet",
              parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
              ...ok({
                type: "object",
                required: ["id", "name", "password"],
                properties: {
                  id: { type: "integer", minimum: 0, exclusiveMinimum: true },
                  name: { type: "string", nullable: true, pattern: "^[a-z]+$", example: "rex" },
                  status: { type: "string", enum: ["sold", "free"], nullable: true },
                  password: { type: "string", writeOnly: true },
                  tags: { type: "array", items: { type: "string" }, maxItems: 5 }
                }
              })
            }
          }
        }),
        { outputSchemas: true }
      )
      assert.deepStrictEqual<unknown>(tool.outputSchema, {
        type: "object",
        required: ["id", "name"],
        properties: {
          id: { type: "integer", exclusiveMinimum: 0 },
          name: { type: ["string", "null"] },
          status: { type: ["string", "null"], enum: ["sold", "free", null] },
          password: { type: "string", writeOnly: true },
          tags: { type: "array", items: { type: "string" }, maxItems: 5 }
        }
      })
      assert.deepStrictEqual(messages(warnings), [
        "GET /pets/{id} (getPet): outputSchema leaves out what the subset has no keyword for: pattern"
      ])
      // Ajv and ours agree, on what the spec allows and on what it does not.
      const schema = tool.outputSchema!
      for (
        const [value, fits] of [
          [{ id: 1, name: null, status: null }, true],
          [{ id: 1, name: "Rex", status: "sold", tags: ["a"] }, true],
          [{ id: 0, name: "x" }, false],
          [{ id: 1 }, false],
          [{ id: 1, name: "x", tags: [1] }, false],
          [{ id: 1, name: "x", status: "lost" }, false]
        ] as const
      ) {
        assert.strictEqual(ajvAccepts(schema, value), fits, JSON.stringify(value))
        assert.strictEqual(Result.validateOutput(schema, value)._tag, fits ? "Valid" : "Invalid", JSON.stringify(value))
      }
    }))

  it.effect("the first 2xx JSON response (a +json type too); none for a 204 or a non-JSON body", () =>
    Effect.gen(function*() {
      const { manifest } = yield* importSpec(
        spec3({
          "/a": {
            get: {
              operationId: "a",
              responses: {
                "404": { description: "no", content: { "application/json": { schema: { type: "string" } } } },
                "201": { description: "made", content: { "application/vnd.api+json": { schema: { type: "array", items: {} } } } },
                "200": { description: "OK", content: { "application/json; charset=utf-8": { schema: { type: "boolean" } } } }
              }
            }
          },
          "/b": { delete: { operationId: "b", responses: { "204": { description: "gone" } } } },
          "/c": { get: { operationId: "c", ...ok({ type: "string" }, "text/csv") } }
        }),
        { outputSchemas: true }
      )
      assert.deepStrictEqual(manifest.tools.map((tool) => [tool.name, tool.outputSchema]), [
        ["a", { type: "boolean" }],
        ["b", undefined],
        ["c", undefined]
      ])
    }))

  it.effect("a recursive schema is cut where it recurs (any value there), with a warning; the manifest validates", () =>
    Effect.gen(function*() {
      const node = {
        type: "object",
        properties: { name: { type: "string" }, children: { type: "array", items: { $ref: "#/components/schemas/Node" } } }
      }
      const { manifest, warnings } = yield* importSpec(
        spec3(
          { "/tree": { get: { operationId: "tree", ...ok({ $ref: "#/components/schemas/Node" }) } } },
          { components: { schemas: { Node: node } } }
        ),
        { outputSchemas: true }
      )
      const schema = manifest.tools[0]!.outputSchema!
      assert.deepStrictEqual(Result.checkOutputSchema(schema), [])
      assert.isTrue(ajvAccepts(schema, { name: "root", children: [{ name: "leaf", children: [] }] }))
      assert.isFalse(ajvAccepts(schema, { name: 5 }))
      assert.include(messages(warnings).join("\n"), "the response schema is recursive: outputSchema accepts any value where it recurs")
    }))

  it.effect("Swagger 2.0: the response's schema, x-nullable as a null type", () =>
    Effect.gen(function*() {
      const { tool } = yield* oneTool(
        {
          swagger: "2.0",
          info: { title: "T", version: "1" },
          host: "api.example.com",
          schemes: ["https"],
          paths: {
            "/a": {
              get: {
                responses: {
                  "200": { description: "OK", schema: { type: "object", properties: { n: { type: "number", "x-nullable": true } } } }
                }
              }
            }
          }
        },
        { outputSchemas: true }
      )
      assert.deepStrictEqual<unknown>(tool.outputSchema, { type: "object", properties: { n: { type: ["number", "null"] } } })
    }))

  it.effect("a schema larger than the subset allows: none, with a warning", () =>
    Effect.gen(function*() {
      const properties = Object.fromEntries(
        Array.from({ length: 900 }, (_, i) => [`field_${i}`, { type: "string", description: "d".repeat(100) }])
      )
      const { tool, warnings } = yield* oneTool(spec3({ "/big": { get: { operationId: "big", ...ok({ type: "object", properties }) } } }), {
        outputSchemas: true
      })
      assert.isUndefined(tool.outputSchema)
      assert.deepStrictEqual(messages(warnings), [
        "GET /big (big): the response schema cannot be an outputSchema (is longer than 65536 characters of JSON): no outputSchema"
      ])
    }))
})

describe("OpenAPI import: outputSchemas over GitHub's REST API (@octokit/openapi)", () => {
  it("a real list endpoint: the schema is in the subset, and Ajv and ours agree on real-shaped responses", async () => {
    const { manifest } = await OpenApi.openApiToManifest(GITHUB, { include: ["repos/list-for-user", "repos/get"], outputSchemas: true })
    assert.deepStrictEqual(manifest.tools.map((tool) => tool.name).sort(), ["repos_get", "repos_list-for-user"])
    for (const tool of manifest.tools) {
      assert.isDefined(tool.outputSchema, tool.name)
      assert.deepStrictEqual(Result.checkOutputSchema(tool.outputSchema), [], tool.name)
    }
    const list = manifest.tools.find((tool) => tool.name === "repos_list-for-user")!.outputSchema!
    const repos = Fixtures.githubRepositories(5) as Array<Record<string, unknown>>
    const broken = repos.map((repo, i) => (i === 2 ? { ...repo, id: String(repo.id), name: null } : repo))
    for (const value of [repos, broken, [], {}, null]) {
      const ours = Result.validateOutput(list, value)._tag
      assert.strictEqual(ours === "Valid", ajvAccepts(list, value), JSON.stringify(value).slice(0, 80))
    }
    assert.strictEqual(Result.validateOutput(list, broken)._tag, "Invalid")
  }, 300_000)
})

describe("OpenAPI import: HTML descriptions", () => {
  it.effect("an operation's and a parameter's HTML description is read as Markdown; Markdown and plain text stay as written", () =>
    Effect.gen(function*() {
      const { manifest } = yield* importSpec(
        spec3({
          "/charges": {
            get: {
              operationId: "listCharges",
              description: "<p>Returns a list of <strong>charges</strong>.</p>",
              parameters: [
                { name: "limit", in: "query", schema: { type: "integer" }, description: "<p>At most <code>100</code>.</p>" },
                { name: "cursor", in: "query", schema: { type: "string" }, description: "An *opaque* cursor_value" }
              ],
              ...ok({ type: "object", description: "<p>A <em>page</em>.</p>" })
            }
          }
        }),
        { outputSchemas: true }
      )
      const tool = manifest.tools[0]!
      assert.strictEqual(tool.description, "Returns a list of **charges**.")
      assert.deepStrictEqual(tool.params.map((p) => p.description), ["At most `100`.", "An *opaque* cursor_value"])
      assert.deepStrictEqual<unknown>(tool.outputSchema, { type: "object", description: "A _page_." })
    }))
})
