/**
 * The mapping rules of docs/openapi.md, one test (or a few) per rule, on small documents that
 * pass the parser's validation. Each asserts the exact manifest fields and warning text.
 */
import { assert, describe, it } from "../../../test/support/effectVitest.js"
import * as Effect from "effect/Effect"
import * as Manifest from "rcp-sdk/manifest"
import * as Mapping from "../src/internal/mapping.js"
import { importSpec, messages, oneTool, op, spec3 } from "./support.js"

const pathParam = (name: string, schema: object = { type: "string" }) => ({ name, in: "path", required: true, schema })
const query = (name: string, schema: object = { type: "string" }, extra: object = {}) => ({ name, in: "query", schema, ...extra })

describe("docs/openapi.md §Parsing", () => {
  it.effect("§Parsing: a document without openapi/swagger is OpenApiInvalid", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(importSpec({ info: {}, paths: {} }))
      assert.strictEqual(error._tag, "OpenApiInvalid")
      assert.match(error.message, /neither an "openapi" nor a "swagger" field/)
    }))

  it.effect("§Parsing: a document the OpenAPI schema finds fault with is imported, each problem a warning where it is", () =>
    Effect.gen(function*() {
      const { manifest, warnings } = yield* importSpec({
        openapi: "3.0.3",
        info: { title: "x" },
        servers: [{ url: "https://api.example.com" }],
        paths: { "/a": { get: {} }, "/b": { get: op({ operationId: "b", parameters: [{ name: "q", in: "query", schema: { type: "string" }, bogus: 1 }] }) } }
      })
      assert.deepStrictEqual(manifest.tools.map((t) => t.name), ["get_a", "b"])
      assert.deepStrictEqual(messages(warnings), [
        "the document does not follow the OpenAPI schema: info: must have required property 'version'",
        "GET /a: does not follow the OpenAPI schema: must have required property 'responses'",
        "GET /b (b): does not follow the OpenAPI schema: parameters[0]: must NOT have additional properties (\"bogus\")"
      ])
    }))

  it.effect("§Parsing: when nothing sound remains, OpenApiInvalid lists what the schema found", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(
        importSpec({ openapi: "3.0.3", info: { title: "x", version: 1 }, paths: { "/a": { get: "list" }, "/b": [] } }, { baseUrl: "https://api.example.com" })
      )
      assert.strictEqual(error._tag, "OpenApiInvalid")
      if (error._tag !== "OpenApiInvalid") return
      assert.deepStrictEqual(error.messages, ["info.version: must be string", "GET /a: must be object", "/b: must be object"])
    }))

  it.effect("§Parsing: a broken $ref costs its operation (or its parameter), never the document", () =>
    Effect.gen(function*() {
      const body = (ref: string) => ({ required: false, content: { "application/json": { schema: { $ref: ref } } } })
      const { manifest, warnings } = yield* importSpec(spec3({
        "/ok": { get: op({ operationId: "ok", parameters: [{ $ref: "#/components/parameters/Q" }] }) },
        "/param": { get: op({ operationId: "param", parameters: [{ $ref: "#/components/parameters/Missing" }] }) },
        "/body": { post: op({ operationId: "body", requestBody: { $ref: "#/components/requestBodies/Missing" } }) },
        "/schema": { post: op({ operationId: "schema", requestBody: body("#/components/schemas/Missing") }) },
        "/loop": { post: op({ operationId: "loop", requestBody: body("#/components/schemas/A") }) }
      }, {
        components: {
          parameters: { Q: { name: "q", in: "query", schema: { $ref: "#/components/schemas/Text" } } },
          schemas: { Text: { type: "string", description: "Some text" }, A: { $ref: "#/components/schemas/B" }, B: { $ref: "#/components/schemas/A" } }
        }
      }))
      assert.deepStrictEqual(manifest.tools.map((t) => t.name), ["ok", "param", "schema", "loop"])
      assert.deepStrictEqual(manifest.tools[0]!.params, [{ name: "q", type: "string", required: false, description: "Some text" }])
      assert.deepStrictEqual(messages(warnings).filter((m) => !m.includes("OpenAPI schema")), [
        "GET /param (param): a parameter left out: the $ref \"#/components/parameters/Missing\" points at nothing in the document",
        "POST /body (body): the request body cannot be read: the $ref \"#/components/requestBodies/Missing\" points at nothing in the document",
        "POST /schema (schema): the optional request body left out: it cannot be read: the $ref \"#/components/schemas/Missing\" points at nothing in the document",
        "POST /loop (loop): the optional request body left out: it cannot be read: the $ref \"#/components/schemas/A\" is a cycle of $refs with no schema in it"
      ])
    }))

  it.effect("§Parsing: a duplicate operationId and a path without its leading slash are imported, with the schema's word", () =>
    Effect.gen(function*() {
      const { manifest, warnings } = yield* importSpec(spec3({
        "/a": { get: op({ operationId: "same" }) },
        "b/{id}": { get: op({ operationId: "same", parameters: [pathParam("id")] }) }
      }))
      assert.deepStrictEqual(manifest.tools.map((t) => [t.name, t.url]), [
        ["same", "https://api.example.com/a"],
        ["same_2", "https://api.example.com/b/{{id}}"]
      ])
      assert.deepStrictEqual(messages(warnings), [
        "the document does not follow the OpenAPI schema: paths: must NOT have additional properties (\"b/{id}\")",
        "GET b/{id} (same): the name same is taken by an earlier operation: named same_2"
      ])
    }))

  it.effect("§Parsing: a value that is not JSON data (a cycle) is OpenApiInvalid, not a throw", () =>
    Effect.gen(function*() {
      const doc: Record<string, unknown> = spec3({})
      doc.self = doc
      const error = yield* Effect.flip(importSpec(doc))
      assert.strictEqual(error._tag, "OpenApiInvalid")
      assert.match(error.message, /not JSON data/)
    }))

  it.effect("§Parsing: a circular schema is summarized a few levels deep and the import ends", () =>
    Effect.gen(function*() {
      const node = { type: "object", properties: { name: { type: "string" }, child: { $ref: "#/components/schemas/Node" } } }
      const { tool, warnings } = yield* oneTool(spec3(
        { "/nodes": { post: op({ requestBody: { required: true, content: { "application/json": { schema: { $ref: "#/components/schemas/Node" } } } } }) } },
        { components: { schemas: { Node: node } } }
      ))
      assert.deepStrictEqual(tool.body, { name: "{{name}}", child: "{{child}}" })
      // Two levels of Node, then free-form where it repeats.
      assert.deepStrictEqual(tool.params[1]!.schema, {
        type: "object",
        properties: { name: { type: "string" }, child: { type: "object", additionalProperties: true } }
      })
      assert.deepStrictEqual(messages(warnings), ["POST /nodes: body property \"child\": a recursive shape is free-form where it repeats"])
    }))

  it.effect("§Parsing: external $refs are not followed unless allowed", () =>
    Effect.gen(function*() {
      const { tool } = yield* oneTool(spec3({
        "/a": { get: op({ parameters: [query("q", { $ref: "https://127.0.0.1:1/never.json#/Q" })] }) }
      }))
      assert.deepStrictEqual(tool.params.map((p) => p.name), [])
    }))
})

describe("docs/openapi.md §Tools", () => {
  it.effect("§Tools: names from operationId, sanitised and made unique; from method and path without one", () =>
    Effect.gen(function*() {
      const doc = spec3({
        "/pets/{petId}": {
          parameters: [pathParam("petId")],
          get: op({ operationId: "pets.get pet!" }),
          put: op({ operationId: "pets/get pet" }),
          delete: op()
        },
        "/a": { get: op({ operationId: "x".repeat(80) }), post: op({ operationId: "x".repeat(80) + "y" }) }
      })
      const { manifest, warnings } = yield* importSpec(doc)
      const names = manifest.tools.map((t) => t.name)
      assert.deepStrictEqual(names.slice(0, 3), ["pets_get_pet", "pets_get_pet_2", "delete_pets_petId"])
      // Over 48 characters: the start kept, a fingerprint of the whole name after it — 16 of the
      // 64 characters a provider takes are left for a prefix.
      const [long, longer] = names.slice(3)
      for (const name of [long!, longer!]) assert.match(name, /^x{39}_[0-9a-f]{8}$/)
      assert.notStrictEqual(long, longer)
      const again = yield* importSpec(doc)
      assert.deepStrictEqual(again.manifest.tools.map((t) => t.name), names, "the same names every time")
      assert.deepStrictEqual(messages(warnings), [
        "PUT /pets/{petId} (pets/get pet): the name pets_get_pet is taken by an earlier operation: named pets_get_pet_2",
        `GET /a (${"x".repeat(80)}): the name is over 48 characters (16 of a tool name's 64 are left for a prefix): named ${long}`,
        `POST /a (${"x".repeat(80)}…): the name is over 48 characters (16 of a tool name's 64 are left for a prefix): named ${longer}`
      ])
    }))

  it.effect("a header or query parameter named __proto__ is left out with a warning, never silently dropped (#29)", () =>
    Effect.gen(function*() {
      const { tool, warnings } = yield* oneTool(spec3({
        "/a": {
          get: op({
            operationId: "a",
            parameters: [
              { name: "__proto__", in: "header", schema: { type: "string" } },
              { name: "__proto__", in: "query", schema: { type: "string" } },
              { name: "constructor", in: "header", schema: { type: "string" } }
            ]
          })
        }
      }))
      assert.deepStrictEqual(messages(warnings), [
        "GET /a (a): query parameter \"__proto__\" left out: the name cannot be a manifest key",
        "GET /a (a): header parameter \"__proto__\" left out: the name cannot be a manifest key"
      ])
      assert.deepStrictEqual(tool.params.map((p) => p.name), ["constructor"])
      assert.deepStrictEqual(tool.headers, { constructor: "{{constructor}}" })
    }))

  it.effect("§Tools: an operation named __proto__ becomes __proto___2 (no lock could hold a tool so named); constructor stays", () =>
    Effect.gen(function*() {
      const { manifest } = yield* importSpec(spec3({
        "/a": { get: op({ operationId: "__proto__" }), post: op({ operationId: "constructor" }) }
      }))
      assert.deepStrictEqual(manifest.tools.map((t) => t.name), ["__proto___2", "constructor"])
    }))

  it.effect("§Tools: description from summary and description, trimmed and bounded; METHOD path without either", () =>
    Effect.gen(function*() {
      const { manifest } = yield* importSpec(spec3({
        "/a": {
          get: op({ summary: "  List things ", description: "Longer text.\n" }),
          post: op({ summary: "Make", description: "Make a thing", deprecated: true }),
          put: op({ description: "d".repeat(5000) }),
          delete: op()
        }
      }))
      const [get, put, post, del] = manifest.tools
      assert.strictEqual(get!.description, "List things. Longer text.")
      assert.strictEqual(post!.description, "(Deprecated.) Make. Make a thing")
      const kept = 1024 - "… (4,076 more characters of the document's description left out)".length
      assert.strictEqual(put!.description, `${"d".repeat(kept)}… (${(5000 - kept).toLocaleString("en-US")} more characters of the document's description left out)`)
      assert.strictEqual(put!.description.length, 1024)
      assert.strictEqual(del!.description, "DELETE /a")
    }))

  it.effect("§Tools: HEAD, OPTIONS and TRACE operations are skipped with a warning naming them", () =>
    Effect.gen(function*() {
      const { manifest, warnings } = yield* importSpec(spec3({ "/a": { head: op({ operationId: "peek" }), get: op() } }))
      assert.deepStrictEqual(manifest.tools.map((t) => t.method), ["GET"])
      assert.deepStrictEqual(messages(warnings), [
        "HEAD /a (peek): HEAD is not a method a manifest tool can use (GET, POST, PUT, PATCH, DELETE)"
      ])
      assert.isTrue(warnings[0]!.skipped)
    }))

  it.effect("§Tools: a description over its cap is cut at a word and ends with a note of how much was left out", () =>
    Effect.gen(function*() {
      const words = Array.from({ length: 600 }, (_, i) => `word${i}`).join(" ")
      const { tool } = yield* oneTool(spec3({
        "/a": { get: op({ operationId: "a", description: words, parameters: [query("q", { type: "string" }, { description: words })] }) }
      }))
      const NOTE = /… \((\d[\d,]*) more characters of the document's description left out\)$/
      for (const [text, cap] of [[tool.description, 1024], [tool.params[0]!.description!, 1000]] as const) {
        assert.isAtMost(text.length, cap)
        const match = NOTE.exec(text)
        assert.isNotNull(match, text.slice(-120))
        const kept = text.slice(0, match!.index)
        // What is kept is the document's text up to a whole word; the note counts the rest exactly.
        assert.isTrue(words.startsWith(kept) && words[kept.length] === " ", kept.slice(-20))
        assert.strictEqual(Number(match![1]!.replace(/,/g, "")), words.length - kept.length)
        assert.isAbove(kept.length, cap - 120)
      }
      // A description within its cap is left whole, with no note.
      const { tool: short } = yield* oneTool(spec3({ "/a": { get: op({ operationId: "a", description: "Lists things." }) } }))
      assert.strictEqual(short.description, "Lists things.")
    }))

  it.effect("§Tools: include and exclude by operationId, tag and path glob", () =>
    Effect.gen(function*() {
      const doc = spec3({
        "/repos/{o}/issues": { parameters: [pathParam("o")], get: op({ operationId: "listIssues", tags: ["issues"] }) },
        "/repos/{o}/pulls": { parameters: [pathParam("o")], get: op({ operationId: "listPulls", tags: ["pulls"] }) },
        "/users": { get: op({ operationId: "listUsers", tags: ["users"] }) }
      })
      const names = (options: object) => Effect.map(importSpec(doc, options), (r) => r.manifest.tools.map((t) => t.name))
      assert.deepStrictEqual(yield* names({ include: ["/repos/*/issues"] }), ["listIssues"])
      assert.deepStrictEqual(yield* names({ include: ["/repos/**"] }), ["listIssues", "listPulls"])
      assert.deepStrictEqual(yield* names({ include: ["users", "listPulls"] }), ["listPulls", "listUsers"])
      assert.deepStrictEqual(yield* names({ exclude: ["issues", "/users"] }), ["listPulls"])
      assert.deepStrictEqual(yield* names({ include: ["/repos/**"], exclude: ["listPulls"] }), ["listIssues"])
    }))
})

describe("docs/openapi.md §Parameters", () => {
  it.effect("§Parameters: path, query and header placed under their own names; path-level merged, operation wins", () =>
    Effect.gen(function*() {
      const { tool } = yield* oneTool(spec3({
        "/pets/{petId}": {
          parameters: [pathParam("petId"), query("limit", { type: "integer" }, { description: "path level" })],
          get: op({
            operationId: "getPet",
            parameters: [
              query("limit", { type: "integer" }, { description: "operation level", required: true }),
              { name: "X-Request-Id", in: "header", schema: { type: "string" } }
            ]
          })
        }
      }))
      assert.strictEqual(tool.url, "https://api.example.com/pets/{{petId}}")
      assert.deepStrictEqual(tool.queryParams, { limit: "{{limit}}" })
      assert.deepStrictEqual(tool.headers, { "X-Request-Id": "{{X_Request_Id}}" })
      assert.deepStrictEqual(tool.params, [
        { name: "petId", type: "string" },
        { name: "limit", type: "number", description: "operation level" },
        { name: "X_Request_Id", type: "string", required: false, description: "(header \"X-Request-Id\")" }
      ])
    }))

  it.effect("§Parameters: names a param cannot carry are sanitised; the key sent stays the original", () =>
    Effect.gen(function*() {
      const { tool } = yield* oneTool(spec3({
        "/a": {
          get: op({
            parameters: [
              query("filter[name]"),
              query("$top", { type: "integer" }),
              query("page-size", { type: "integer" }),
              { name: "X-Trace-Id", in: "header", schema: { type: "string" } }
            ]
          })
        }
      }))
      assert.deepStrictEqual(tool.queryParams, { "filter[name]": "{{filter_name}}", $top: "{{top}}", "page-size": "{{page_size}}" })
      assert.deepStrictEqual(tool.headers, { "X-Trace-Id": "{{X_Trace_Id}}" })
      assert.deepStrictEqual(tool.params.map((p) => [p.name, p.description]), [
        ["filter_name", "(query \"filter[name]\")"],
        ["top", "(query \"$top\")"],
        ["page_size", "(query \"page-size\")"],
        ["X_Trace_Id", "(header \"X-Trace-Id\")"]
      ])
    }))

  it.effect("§Parameters: the same name in path, query and body gives distinct params, none dropped", () =>
    Effect.gen(function*() {
      const { tool, warnings } = yield* oneTool(spec3({
        "/items/{id}": {
          put: op({
            parameters: [query("id"), pathParam("id")],
            requestBody: {
              required: true,
              content: { "application/json": { schema: { type: "object", required: ["id"], properties: { id: { type: "integer" } } } } }
            }
          })
        }
      }))
      assert.deepStrictEqual(tool.params.map((p) => p.name), ["id", "id_query", "id_body"])
      assert.strictEqual(tool.url, "https://api.example.com/items/{{id}}")
      assert.deepStrictEqual(tool.queryParams, { id: "{{id_query}}" })
      assert.deepStrictEqual(tool.body, { id: "{{id_body}}" })
      assert.deepStrictEqual(warnings, [])
    }))

  it.effect("§Parameters: cookies, OpenAPI-ignored and reserved headers are left out with warnings", () =>
    Effect.gen(function*() {
      const { tool, warnings } = yield* oneTool(spec3({
        "/a": {
          get: op({
            operationId: "a",
            parameters: [
              { name: "session", in: "cookie", schema: { type: "string" } },
              { name: "Accept", in: "header", schema: { type: "string" } },
              { name: "Host", in: "header", schema: { type: "string" } },
              query("ok")
            ]
          })
        }
      }))
      assert.deepStrictEqual(tool.params.map((p) => p.name), ["ok"])
      assert.deepStrictEqual(messages(warnings), [
        "GET /a (a): header parameter \"Accept\" left out: OpenAPI ignores it",
        "GET /a (a): header parameter \"Host\" left out: a tool may not set that header",
        "GET /a (a): cookie parameter \"session\" left out: a manifest cannot send cookies"
      ])
      assert.isTrue(warnings.every((w) => !w.skipped))
    }))
})

describe("docs/openapi.md §Fixed query", () => {
  it.effect("§Fixed query: /?Action=… and /#Action=… become fixed query params, never a fragment", () =>
    Effect.gen(function*() {
      const { manifest } = yield* importSpec(spec3({
        "/?Action=DescribeInstances&Version=2016-11-15": { get: op({ operationId: "describe" }) },
        "/#Action=RunInstances": { post: op({ operationId: "run", parameters: [query("Count", { type: "integer" })] }) }
      }))
      const [describe, run] = manifest.tools
      assert.strictEqual(describe!.url, "https://api.example.com/")
      assert.deepStrictEqual(describe!.queryParams, { Action: "DescribeInstances", Version: "2016-11-15" })
      assert.strictEqual(run!.url, "https://api.example.com/")
      assert.deepStrictEqual(run!.queryParams, { Count: "{{Count}}", Action: "RunInstances" })
    }))

  it.effect("§Fixed query: a declared parameter the path fixes is left out and its operation kept; a required one-value enum is fixed", () =>
    Effect.gen(function*() {
      const one = (value: string) => ({ type: "string", enum: [value] })
      const { tool, warnings } = yield* oneTool(spec3({
        "/#Action=DescribeRegions": {
          get: op({
            operationId: "describe",
            parameters: [
              query("Action", one("DescribeRegions"), { required: true }),
              query("Version", one("2016-11-15"), { required: true }),
              query("Region", one("eu-west-1")),
              query("DryRun", { type: "boolean" })
            ]
          })
        }
      }))
      assert.deepStrictEqual(tool.params.map((p) => p.name), ["Region", "DryRun"])
      assert.deepStrictEqual(tool.queryParams, { Version: "2016-11-15", Region: "{{Region}}", DryRun: "{{DryRun}}", Action: "DescribeRegions" })
      assert.deepStrictEqual(messages(warnings), ["GET /#Action=DescribeRegions (describe): query parameter \"Action\" left out: the path fixes it"])
    }))
})

const jsonBody = (schema: object, required = true) => ({ required, content: { "application/json": { schema } } })

describe("docs/openapi.md §Body", () => {
  it.effect("§Body: a JSON object body's top-level properties become params in the body template", () =>
    Effect.gen(function*() {
      const { tool } = yield* oneTool(spec3({
        "/pets": {
          post: op({
            requestBody: jsonBody({
              allOf: [
                { type: "object", required: ["name"], properties: { name: { type: "string", description: "The name" } } },
                { type: "object", properties: { age: { type: "integer" }, id: { type: "integer", readOnly: true } } }
              ]
            })
          })
        }
      }))
      assert.deepStrictEqual(tool.body, { name: "{{name}}", age: "{{age}}" })
      assert.deepStrictEqual(tool.params, [
        { name: "name", type: "string", description: "The name" },
        { name: "age", type: "number", required: false }
      ])
    }))

  it.effect("§Body: an object or array property becomes a structured param with its schema (protocol 0.2)", () =>
    Effect.gen(function*() {
      const { manifest, warnings } = yield* importSpec(spec3({
        "/a": {
          post: op({
            operationId: "create",
            requestBody: jsonBody({
              type: "object",
              required: ["tags"],
              properties: {
                name: { type: "string" },
                tags: { type: "array", items: { type: "string", maxLength: 20 }, maxItems: 5, description: "Labels" },
                meta: { type: "object", additionalProperties: { type: "string" } },
                range: { type: "object", properties: { gt: { type: "integer", minimum: 0, exclusiveMinimum: true }, lt: { type: "integer" } }, required: ["gt"] }
              }
            })
          })
        }
      }))
      assert.strictEqual(manifest.rcpVersion, "0.2")
      const [tool] = manifest.tools
      assert.deepStrictEqual(tool!.params, [
        { name: "name", type: "string", required: false },
        { name: "tags", type: "array", description: "Labels", schema: { type: "array", items: { type: "string", maxLength: 20 }, maxItems: 5 } },
        { name: "meta", type: "object", required: false, schema: { type: "object", additionalProperties: { type: "string" } } },
        {
          name: "range",
          type: "object",
          required: false,
          schema: { type: "object", properties: { gt: { type: "integer", exclusiveMinimum: 0 }, lt: { type: "integer" } }, required: ["gt"] }
        }
      ])
      assert.deepStrictEqual(tool!.body, { name: "{{name}}", tags: "{{tags}}", meta: "{{meta}}", range: "{{range}}" })
      assert.deepStrictEqual(warnings, [])
    }))

  it.effect("§Body: a recursive, too deep or choice-of-shapes property is approximated, and says how", () =>
    Effect.gen(function*() {
      const node = { type: "object", properties: { name: { type: "string" }, child: { $ref: "#/components/schemas/Node" } } }
      const { tool, warnings } = yield* oneTool(spec3(
        {
          "/nodes": {
            post: op({
              operationId: "nodes",
              requestBody: jsonBody({
                type: "object",
                properties: {
                  tree: { $ref: "#/components/schemas/Node" },
                  either: { oneOf: [{ type: "object", properties: { a: { type: "string" } } }, { type: "object", properties: { b: { type: "string" } } }] },
                  metadata: { anyOf: [{ type: "object", additionalProperties: { type: "string" } }, { type: "string", enum: [""] }] }
                }
              }, false)
            })
          }
        },
        { components: { schemas: { Node: node } } }
      ))
      assert.deepStrictEqual(tool.params.map((p) => [p.name, p.schema]), [
        ["tree", { type: "object", properties: { name: { type: "string" }, child: { type: "object", additionalProperties: true } } }],
        ["either", { type: "object", properties: { a: { type: "string" } } }],
        // Stripe's "emptyable" shape: the object, not a choice.
        ["metadata", { type: "object", additionalProperties: { type: "string" } }]
      ])
      assert.deepStrictEqual(messages(warnings), [
        "POST /nodes (nodes): body property \"tree\": a recursive shape is free-form where it repeats",
        "POST /nodes (nodes): body property \"either\": one of several shapes: the first is taken"
      ])
    }))

  it.effect("§Body: a form body (and a multipart one without files) is sent as a form; files, binary and non-object bodies are not", () =>
    Effect.gen(function*() {
      const form = (media: string, properties: Record<string, unknown>, required = true) => ({
        required,
        content: { [media]: { schema: { type: "object", properties }, encoding: { tags: { style: "form", explode: true } } } }
      })
      const { manifest, warnings } = yield* importSpec(spec3({
        "/form": { post: op({ operationId: "form", requestBody: form("application/x-www-form-urlencoded", { text: { type: "string" }, tags: { type: "array", items: { type: "string" } } }) }) },
        "/multi": { post: op({ operationId: "multi", requestBody: form("multipart/form-data", { text: { type: "string" } }) }) },
        "/upload": {
          post: op({ operationId: "upload", requestBody: form("multipart/form-data", { file: { type: "string", format: "binary" } }) }),
          put: op({ operationId: "maybe", requestBody: { content: { "application/octet-stream": { schema: { type: "string", format: "binary" } } } } })
        },
        "/list": { post: op({ operationId: "list", requestBody: jsonBody({ type: "array", items: { type: "string" } }) }) }
      }))
      assert.deepStrictEqual(manifest.tools.map((t) => [t.name, t.bodyEncoding, t.body]), [
        ["form", "form", { text: "{{text}}", tags: "{{tags}}" }],
        ["multi", "form", { text: "{{text}}" }],
        ["maybe", undefined, undefined]
      ])
      assert.deepStrictEqual(manifest.tools[0]!.params[1], {
        name: "tags",
        type: "array",
        required: false,
        schema: { type: "array", items: { type: "string" } },
        style: "form",
        explode: true
      })
      assert.deepStrictEqual(messages(warnings), [
        "POST /multi (multi): the multipart/form-data body has no file field: sent as a form (application/x-www-form-urlencoded)",
        "PUT /upload (maybe): the optional request body left out: it is neither JSON nor a form (application/octet-stream)",
        "POST /upload (upload): the request body has file fields (\"file\"), which a tool cannot upload (multipart/form-data)",
        "POST /list (list): the request body is not a JSON object (array of string)"
      ])
    }))
})

describe("docs/openapi.md §Types", () => {
  it.effect("§Types: scalar types map; a string enum becomes the param's enum (and is described); default and format are described; arrays and unknowns summarised", () =>
    Effect.gen(function*() {
      const { tool, warnings } = yield* oneTool(spec3({
        "/a/{ids}": {
          get: op({
            operationId: "a",
            parameters: [
              pathParam("ids", { type: "array", items: { type: "integer" } }),
              query("status", { type: "string", enum: ["open", "closed"], default: "open" }, { description: "State" }),
              query("level", { type: "integer", enum: [1, 2] }),
              query("since", { type: "string", format: "date-time" }),
              query("flag", { type: "boolean" }),
              query("ratio", { type: ["number", "null"] }),
              query("tags", { type: "array", items: { type: "string" } }),
              query("either", { oneOf: [{ type: "string" }, { type: "integer" }] })
            ]
          })
        }
      }, { openapi: "3.1.0" }))
      assert.deepStrictEqual(tool.params, [
        { name: "ids", type: "string", description: "Several values joined with \",\" (array of integer)." },
        {
          name: "status",
          type: "string",
          required: false,
          enum: ["open", "closed"],
          description: "State. One of: \"open\", \"closed\". Default: \"open\"."
        },
        { name: "level", type: "number", required: false, description: "One of: 1, 2." },
        { name: "since", type: "string", required: false, description: "Format: date-time." },
        { name: "flag", type: "boolean", required: false },
        { name: "ratio", type: "number", required: false },
        { name: "tags", type: "array", required: false, schema: { type: "array", items: { type: "string" } }, style: "form", explode: true },
        { name: "either", type: "string", required: false, description: "Schema: one of: string | integer." }
      ])
      assert.deepStrictEqual(warnings, [])
    }))

  it.effect("§Types: a deepObject query object is a structured param; one spread into the query (form) cannot be, and skips when required", () =>
    Effect.gen(function*() {
      const object = { type: "object", properties: { a: { type: "string" } } }
      const { manifest, warnings } = yield* importSpec(spec3({
        "/a": { get: op({ operationId: "a", parameters: [query("filter", object, { style: "deepObject" })] }) },
        "/b": { get: op({ operationId: "b", parameters: [query("filter", object, { required: true })] }) },
        "/c": { get: op({ operationId: "c", parameters: [query("filter", object), query("ids", { type: "array", items: { type: "integer" } }, { style: "pipeDelimited" })] }) }
      }))
      assert.deepStrictEqual(manifest.tools.map((t) => [t.name, t.params]), [
        ["a", [{ name: "filter", type: "object", required: false, schema: { type: "object", properties: { a: { type: "string" } } }, style: "deepObject" }]],
        ["c", [{ name: "ids", type: "array", required: false, schema: { type: "array", items: { type: "integer" } }, style: "pipeDelimited" }]]
      ])
      assert.deepStrictEqual(messages(warnings), [
        "GET /b (b): query parameter \"filter\" is an object (object {a}), which one query value cannot carry",
        "GET /c (c): query parameter \"filter\" left out: is an object (object {a}), which one query value cannot carry"
      ])
    }))
})

describe("docs/openapi.md §Servers", () => {
  it.effect("§Servers: servers[0] with its variables' defaults; baseUrl overrides", () =>
    Effect.gen(function*() {
      const doc = spec3({ "/a": { get: op() } }, {
        servers: [{ url: "https://{region}.api.example.com/{version}/", variables: { region: { default: "eu" }, version: { default: "v2" } } }]
      })
      assert.strictEqual((yield* oneTool(doc)).tool.url, "https://eu.api.example.com/v2/a")
      assert.strictEqual((yield* oneTool(doc, { baseUrl: "http://127.0.0.1:9/x/" })).tool.url, "http://127.0.0.1:9/x/a")
    }))

  it.effect("§Servers: an https server the spec also lists is preferred; an http-only one is kept with a warning", () =>
    Effect.gen(function*() {
      const both = yield* oneTool(spec3({ "/a": { get: op() } }, { servers: [{ url: "http://api.example.com" }, { url: "https://api.example.com" }] }))
      assert.strictEqual(both.tool.url, "https://api.example.com/a")
      assert.deepStrictEqual(both.warnings, [])
      const http = yield* oneTool(spec3({ "/a": { get: op() } }, { servers: [{ url: "http://api.example.com" }] }))
      assert.strictEqual(http.tool.url, "http://api.example.com/a")
      assert.deepStrictEqual(messages(http.warnings), ["the server http://api.example.com is plain http: a client needs allowHttp to call it"])
      assert.isAbove(Manifest.issuesOf(http.manifest).length, 0)
      assert.deepStrictEqual(Manifest.issuesOf(http.manifest, { allowHttp: true }), [])
    }))

  it.effect("§Servers: Swagger 2.0 schemes, host and basePath", () =>
    Effect.gen(function*() {
      const { tool } = yield* oneTool({
        swagger: "2.0",
        info: { title: "t", version: "1" },
        host: "api.example.com:8443",
        basePath: "/v1",
        schemes: ["http", "https"],
        paths: { "/pets": { get: { responses: { "200": { description: "OK" } } } } }
      })
      assert.strictEqual(tool.url, "https://api.example.com:8443/v1/pets")
    }))

  it.effect("§Servers: no absolute server and no baseUrl is OpenApiInvalid saying to pass baseUrl", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(importSpec(spec3({ "/a": { get: op() } }, { servers: [{ url: "/v1" }] })))
      assert.strictEqual(error._tag, "OpenApiInvalid")
      assert.match(error.message, /the spec names no absolute server URL: pass baseUrl/)
    }))

  it("§Servers: a spec fetched from a public URL may not point at loopback or private addresses unless allowed", () => {
    const doc = spec3({ "/a": { get: op() } }, { servers: [{ url: "http://10.0.0.5/api" }] })
    const refused = Mapping.toManifest(doc, {}, "https://specs.example.com/openapi.json")
    assert.strictEqual(refused._tag, "Refused")
    if (refused._tag === "Refused") assert.match(refused.problems[0]!, /points at the internal address http:\/\/10\.0\.0\.5/)
    assert.strictEqual(Mapping.toManifest(doc, { allowPrivateServers: true }, "https://specs.example.com/o.json")._tag, "Mapped")
    // A spec that is itself on the internal network, or a file, may name internal servers.
    assert.strictEqual(Mapping.toManifest(doc, {}, "http://127.0.0.1:8080/openapi.json")._tag, "Mapped")
    assert.strictEqual(Mapping.toManifest(doc, {}, "file:///specs/openapi.json")._tag, "Mapped")
  })
})

const withSchemes = (schemes: Record<string, unknown>, security: Array<Record<string, Array<string>>>) =>
  spec3({ "/a": { get: op() } }, { components: { securitySchemes: schemes }, security })

describe("docs/openapi.md §Security", () => {
  it.effect("§Security: apiKey in a header or the query, and http bearer, map to auth", () =>
    Effect.gen(function*() {
      const auth = (schemes: Record<string, unknown>) =>
        Effect.map(importSpec(withSchemes(schemes, [{ s: [] }])), (r) => [r.manifest.auth, r.warnings.length])
      assert.deepStrictEqual(yield* auth({ s: { type: "apiKey", in: "header", name: "X-Api-Key" } }), [{ type: "header", name: "X-Api-Key" }, 0])
      assert.deepStrictEqual(yield* auth({ s: { type: "apiKey", in: "query", name: "key" } }), [{ type: "query", name: "key" }, 0])
      assert.deepStrictEqual(yield* auth({ s: { type: "http", scheme: "bearer" } }), [
        { type: "header", name: "Authorization", scheme: "Bearer" },
        0
      ])
    }))

  it.effect("§Security: basic and a cookie key give a warning and the auth option's auth (OAuth 2: security.test.ts)", () =>
    Effect.gen(function*() {
      const doc = withSchemes({
        basic: { type: "http", scheme: "basic" },
        cookie: { type: "apiKey", in: "cookie", name: "sid" }
      }, [{ basic: [] }, { cookie: [] }])
      const without = yield* importSpec(doc)
      assert.isUndefined(without.manifest.auth)
      assert.deepStrictEqual(messages(without.warnings), [
        "no auth the manifest can describe (\"basic\" is http basic authentication, which a manifest cannot describe; " +
        "\"cookie\" is an API key in a cookie, which a manifest cannot send): pass the auth option, " +
        "e.g. { type: \"header\", name: \"Authorization\", scheme: \"Bearer\" }"
      ])
      const chosen = yield* importSpec(doc, { auth: { type: "header", name: "Authorization", scheme: "Bearer" } })
      assert.deepStrictEqual(chosen.manifest.auth, { type: "header", name: "Authorization", scheme: "Bearer" })
      assert.deepStrictEqual(chosen.warnings, [])
    }))

  it.effect("§Security: a header or query param that is the auth's is left out, not sent by the tool", () =>
    Effect.gen(function*() {
      const doc = spec3({
        "/a": { get: op({ operationId: "a", parameters: [query("key"), query("q")] }) }
      }, { components: { securitySchemes: { k: { type: "apiKey", in: "query", name: "key" } } }, security: [{ k: [] }] })
      const { tool, warnings } = yield* oneTool(doc)
      assert.deepStrictEqual(tool.queryParams, { q: "{{q}}" })
      assert.deepStrictEqual(messages(warnings), ["GET /a (a): query parameter \"key\" left out: it is the auth query parameter, which the client sets"])
    }))

  it.effect("§Security: a required credential param is left out and its operation kept; other schemes' names and OAuth's too", () =>
    Effect.gen(function*() {
      const doc = spec3({
        "/a": {
          get: op({
            operationId: "a",
            parameters: [
              query("key", { type: "string" }, { required: true }),
              query("access_token"),
              { name: "X-Other-Key", in: "header", required: true, schema: { type: "string" } },
              { name: "token", in: "header", required: true, schema: { type: "string" } },
              query("q", { type: "string" }, { required: true })
            ]
          })
        }
      }, {
        components: {
          securitySchemes: { k: { type: "apiKey", in: "query", name: "key" }, other: { type: "apiKey", in: "header", name: "X-Other-Key" } }
        },
        security: [{ k: [] }]
      })
      const { tool, warnings } = yield* oneTool(doc)
      assert.deepStrictEqual([tool.params.map((p) => p.name), tool.queryParams, tool.headers], [["q"], { q: "{{q}}" }, undefined])
      assert.deepStrictEqual(messages(warnings), [
        "GET /a (a): query parameter \"key\" left out: it is the auth query parameter, which the client sets",
        "GET /a (a): query parameter \"access_token\" left out: it carries a credential, which the client sends as the API's auth",
        "GET /a (a): header parameter \"X-Other-Key\" left out: the document sends a credential under that name",
        "GET /a (a): header parameter \"token\" left out: it carries a credential, which the client sends as the API's auth"
      ])
    }))
})
