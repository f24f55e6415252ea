/**
 * Property tests of protocol 0.2 over HTTP on 127.0.0.1 (docs/protocol.md §1.10–§1.12, §3.4, §7):
 * for generated param schemas and generated values that fit them, the value placed as a JSON body
 * member, as a `deepObject` query parameter and as a form body member arrives so that the server
 * decodes exactly what the model sent — the JSON with the server's own zod schema, the query and
 * the form as qs (Express) reads them; and every generated schema is one every provider takes
 * (plain JSON Schema 2020-12 for Anthropic and Gemini, OpenAI's strict rules or `strict: false`
 * with a warning). The oracles (`support/formDecoding.ts`, `support/openAiStrict.ts`, ajv, zod)
 * are independent of the code under test.
 *
 * `npm test` runs RCP_PROPERTY_HTTP_RUNS (default 100) cases per placement with a fixed seed.
 */
import { struct } from "#test-target"
import { assert, describe, it } from "./support/effectVitest.js"
import { Ajv2020 } from "ajv/dist/2020.js"
import * as fc from "fast-check"
import { z } from "zod"
import * as Client from "../src/Client.js"
import type * as Manifest from "../src/Manifest.js"
import type { SchemaNode } from "../src/internal/manifest/paramSchema.js"
import * as Server from "../src/Server.js"
import { expectedDecoding, qsParse } from "./support/formDecoding.js"
import { strictProblems } from "./support/openAiStrict.js"
import { formKeyArb, type Json, nodeArb, valueArb } from "./support/paramSchemas.js"
import { decodedByEffect, toEffect, toZod } from "./support/schemaLibraries.js"
import { json, startServer, type TestServer } from "./support/server.js"

const SEED = Number(process.env.RCP_PROPERTY_SEED ?? 424242)
const RUNS = Number(process.env.RCP_PROPERTY_RUNS ?? 300)
const HTTP_RUNS = Number(process.env.RCP_PROPERTY_HTTP_RUNS ?? 100)
const TIMEOUT = Math.max(60_000, HTTP_RUNS * 600)

type Placement = "json" | "query" | "form"

/** A structured root: the generated node itself when it is an array or object, else an array of it. */
const rootArb = (options: Parameters<typeof nodeArb>[0]): fc.Arbitrary<SchemaNode> =>
  nodeArb(options).map((node) => (node.type === "array" || node.type === "object" ? node : { type: "array", items: node }))

const toolFor = (origin: string, node: SchemaNode, placement: Placement): Manifest.Tool => ({
  name: "put_value",
  description: "Send one value.",
  method: placement === "query" ? "GET" : "POST",
  params: [{
    name: "p",
    type: node.type as "array" | "object",
    schema: node,
    // In a query or a form, the bracket rule (an array of scalars would default to repeated keys).
    ...(placement === "json" ? {} : { style: "deepObject" as const })
  }],
  url: `${origin}/values`,
  ...(placement === "query" ? { queryParams: { p: "{{p}}" } } : { body: { p: "{{p}}" } }),
  ...(placement === "form" ? { bodyEncoding: "form" as const } : {})
})

describe("structured values over HTTP: the server decodes exactly what the model sent", () => {
  const cases = rootArb({ depth: 4, open: true, names: formKeyArb, formats: false })
    .chain((node) => fc.tuple(fc.constant(node), valueArb(node, formKeyArb)))

  for (const placement of ["json", "query", "form"] as const) {
    it(`as ${placement === "json" ? "a JSON body member" : placement === "query" ? "a deepObject query parameter" : "a form body member"}`, async () => {
      const server: TestServer = await startServer((_req, res) => json(res, 200, { ok: true }))
      const client = Client.createRcpClient()
      try {
        await fc.assert(
          fc.asyncProperty(cases, async ([node, value]) => {
            const manifest = { rcpVersion: "0.2", tools: [toolFor(server.origin, node, placement)] }
            await client.register(manifest, { url: server.url("/rcp/manifest") })
            const before = server.requests.length
            const result = await client.execute({ name: "put_value", arguments: JSON.stringify({ p: value }) })
            assert.strictEqual(result.status, 200)
            assert.strictEqual(server.requests.length, before + 1)
            const req = server.requests[before]!
            if (placement === "json") {
              const sent = JSON.parse(req.body).p as Json
              assert.deepStrictEqual(sent, value)
              // The server's own schema, written from the node, decodes it to the model's value.
              assert.deepStrictEqual(toZod(node).parse(sent), value)
            } else {
              const text = placement === "query" ? (req.target.split("?")[1] ?? "") : req.body
              assert.deepStrictEqual<unknown>(qsParse(text), expectedDecoding({ p: value }) ?? {}, JSON.stringify(value))
            }
          }),
          { seed: SEED, numRuns: HTTP_RUNS }
        )
      } finally {
        await client.close()
        await server.close()
      }
    }, TIMEOUT)
  }
})

describe("defineTool → manifest → client → server, for generated schemas written in zod and in Effect Schema", () => {
  // Effect checks a struct's fields against its record's values too (a warning of the lowering,
  // test/server/schemaNode.test.ts): such structs are written in zod only here.
  const effectReads = (node: SchemaNode): boolean =>
    node.type === "array"
      ? effectReads(node.items)
      : node.type !== "object" ||
        (!(node.properties !== undefined && Object.keys(node.properties).length > 0 && typeof node.additionalProperties === "object") &&
          Object.values(node.properties ?? {}).every(effectReads) &&
          (typeof node.additionalProperties !== "object" || effectReads(node.additionalProperties)))
  const cases = rootArb({ depth: 4, open: true, formats: false })
    .chain((node) =>
      fc.tuple(
        fc.constant(node),
        // zod and Effect count a string's length in UTF-16 units, the protocol in code points (docs/extensions.md).
        valueArb(node, undefined, { astralInBounds: false }),
        effectReads(node) ? fc.constantFrom("zod", "effect") : fc.constant("zod")
      )
    )

  it("the server's own args schema decodes what arrives to exactly the model's arguments", async () => {
    const server: TestServer = await startServer((_req, res) => json(res, 200, { ok: true }))
    const client = Client.createRcpClient()
    try {
      await fc.assert(
        fc.asyncProperty(cases, async ([node, value, library]) => {
          const args = library === "zod" ? z.object({ p: toZod(node) }) : struct({ p: toEffect(node) })
          const tool = Server.defineTool({
            name: "put_value",
            description: "Send one value.",
            method: "POST",
            args: args as Server.Args,
            url: server.url("/values"),
            body: { p: "{{p}}" }
          })
          const manifest = Server.manifestSync({ tools: [tool] })
          assert.strictEqual(manifest.rcpVersion, "0.2")
          await client.register(manifest, { url: server.url("/rcp/manifest") })
          const before = server.requests.length
          await client.execute({ name: "put_value", arguments: { p: value } })
          const body = JSON.parse(server.requests[before]!.body) as unknown
          const decoded = library === "zod"
            ? (args as z.ZodType).parse(body)
            : decodedByEffect(args, body)
          assert.deepStrictEqual(decoded, { p: value })
        }),
        { seed: SEED, numRuns: HTTP_RUNS }
      )
    } finally {
      await client.close()
      await server.close()
    }
  }, TIMEOUT)
})

describe("every generated schema is one every provider takes", () => {
  const ajv = new Ajv2020({ strict: false, validateFormats: false })

  it("plain JSON Schema for Anthropic and Gemini; OpenAI strict, or strict: false with a warning", async () => {
    const client = Client.createRcpClient()
    try {
      await fc.assert(
        fc.asyncProperty(fc.array(rootArb({ depth: 6, open: true }), { minLength: 1, maxLength: 3 }), fc.boolean(), async (nodes, optional) => {
          const tool: Manifest.Tool = {
            name: "t",
            description: "A tool.",
            method: "POST",
            params: nodes.map((node, i) => ({
              name: `p${i}`,
              type: node.type as "array" | "object",
              schema: node,
              ...(optional ? { required: false } : {})
            })),
            url: "https://api.example.com/x",
            body: Object.fromEntries(nodes.map((_, i) => [`p${i}`, `{{p${i}}}`]))
          }
          const { tools } = await client.register({ rcpVersion: "0.2", tools: [tool] }, { url: "https://api.example.com/rcp" })
          for (const { input_schema } of Client.toAnthropicTools(tools)) {
            assert.isTrue(ajv.validateSchema(input_schema) as boolean, JSON.stringify(ajv.errors))
          }
          for (const declaration of Client.toGeminiTools(tools)[0]!.functionDeclarations) {
            assert.isTrue(ajv.validateSchema(declaration.parametersJsonSchema) as boolean)
          }
          const [openAi] = Client.toOpenAiTools(tools, { strict: true })
          const warnings = Client.strictWarnings(tools)
          if (openAi!.function.strict === true) {
            assert.deepStrictEqual(strictProblems(openAi!.function.parameters), [])
            assert.deepStrictEqual(warnings, [])
          } else {
            assert.strictEqual(warnings.length, 1)
            assert.isTrue(ajv.validateSchema(openAi!.function.parameters) as boolean)
          }
        }),
        { seed: SEED, numRuns: RUNS }
      )
    } finally {
      await client.close()
    }
  }, TIMEOUT)
})
