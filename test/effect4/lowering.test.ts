/**
 * docs/effect4.md §Model-facing schemas: a tool whose `args` are an Effect Schema publishes the
 * same params — and so the model sees the same JSON Schema, byte for byte — whichever Effect the
 * Schema is written with. The same 49 fields are written with each target's combinators
 * (`loweringFields` in the kits); both must lower to `fixtures/lowering.json`, which is Effect 3's
 * lowering as it was before the port. Only the lowering reads the Schema (`#target/LowerEffect.js`);
 * params and the model's JSON Schema are built from them by shared code.
 *
 * An Effect Schema `output` is published the same way on both: its JSON Schema is written from the
 * same views (`server/effectJsonSchema.ts`), not by each Effect (Effect 4's own writes open objects,
 * `Number`'s non-finite strings, `Int` as safe-integer bounds), and must be the fixture's
 * `outputSchema`: what Effect 3's `JSONSchema.make` published before, byte for byte. So must the
 * fields as one `output` (`outputSchemaOfFields`, written by Effect 3's `JSONSchema.make` and the
 * translation), all but `lazy`: Effect 3 refused a suspend with no identifier, which is published
 * now (the one deliberate difference of the CHANGELOG that these fields meet).
 */
import { loweringFields, loweringOutput, struct, target } from "#test-target"
import { readFileSync } from "node:fs"
import * as ModelSchema from "../../src/internal/model/modelSchema.js"
import * as ModelTool from "../../src/internal/model/modelTool.js"
import type { SchemaNode } from "../../src/internal/manifest/paramSchema.js"
import * as Server from "../../src/Server.js"
import { assert, describe, it } from "../support/effectVitest.js"

const golden = JSON.parse(readFileSync(new URL("./fixtures/lowering.json", import.meta.url), "utf8")) as {
  readonly outputSchema: unknown
  readonly outputSchemaOfFields: { readonly schema: unknown; readonly warnings: ReadonlyArray<string> }
  readonly warnings: ReadonlyArray<string>
}

const strictOf = (strict: ReturnType<typeof ModelSchema.strictParameters>) =>
  strict._tag === "Strict" ? strict.schema : strict

const toolOf = (fields: Record<string, unknown>, output: unknown = loweringOutput) =>
  Server.defineTool({
    name: "search",
    description: "Search.",
    method: "GET",
    args: struct(fields) as Server.Args,
    url: "https://api.example.com/s",
    output: output as Server.ToolOptions["output"]
  })

const modelOf = (tool: Server.Tool) => ModelTool.make(tool, tool.params)

// A map and a free-form object have no strict form: the strict schema is that of the other fields.
const { labels: _labels, meta: _meta, ...strictFields } = loweringFields

const lowered = () => {
  const { manifest, warnings } = Server.manifestWithWarningsSync({ tools: [toolOf(loweringFields)] })
  const published = manifest.tools[0]!
  const model = modelOf(published)
  return {
    rcpVersion: manifest.rcpVersion,
    params: published.params,
    outputSchema: published.outputSchema,
    // What `Providers.parametersFor` sends, plain and strict (`providers.ts` reaches the client,
    // which is not built for Effect 4 yet: the two steps it takes are taken here).
    parameters: { ...model.parameters, additionalProperties: false },
    strict: strictOf(ModelSchema.strictParameters(modelOf(toolOf(strictFields)).parameters as unknown as SchemaNode)),
    notStrict: strictOf(ModelSchema.strictParameters(model.parameters as unknown as SchemaNode)),
    warnings: warnings.map((warning) => warning.message)
  }
}

describe(`lowering an Effect Schema (${target})`, () => {
  it("params and the model's JSON Schema (plain and strict) are the fixture's, byte for byte", () => {
    const { outputSchema: _, warnings: __, ...modelFacing } = lowered()
    const { outputSchema: ___, outputSchemaOfFields: _____, warnings: ____, ...expected } = golden
    assert.strictEqual(JSON.stringify(modelFacing, null, 2), JSON.stringify(expected, null, 2))
  })

  it("an Effect Schema output is published as the fixture's outputSchema (Effect 3's), byte for byte", () => {
    assert.strictEqual(JSON.stringify(lowered().outputSchema, null, 2), JSON.stringify(golden.outputSchema, null, 2))
  })

  it("every field as an output is published as Effect 3 published it, with the same warnings", () => {
    const { lazy: _, ...fields } = loweringFields
    const { manifest, warnings } = Server.manifestWithWarningsSync({ tools: [toolOf({}, struct(fields))] })
    assert.strictEqual(
      JSON.stringify({ schema: manifest.tools[0]!.outputSchema, warnings: warnings.map((warning) => warning.message) }, null, 2),
      JSON.stringify(golden.outputSchemaOfFields, null, 2)
    )
  })

  it("the warnings a server author reads are the fixture's", () => {
    assert.deepStrictEqual(lowered().warnings, golden.warnings)
  })
})
