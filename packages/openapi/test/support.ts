/** Small valid OpenAPI documents for the mapping tests, and the import run on them. */
import * as Effect from "effect/Effect"
import * as OpenApi from "../src/OpenApi.js"

const RESPONSES = { "200": { description: "OK" } }

/** An operation: `responses` filled in, since the parser requires them. */
export const op = (fields: Record<string, unknown> = {}): Record<string, unknown> => ({ responses: RESPONSES, ...fields })

/** An OpenAPI 3.0 document on https://api.example.com with these paths (and any top-level extras). */
export const spec3 = (paths: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  openapi: "3.0.3",
  info: { title: "Test", version: "1" },
  servers: [{ url: "https://api.example.com" }],
  paths,
  ...extra
})

export const importSpec = (spec: object, options: OpenApi.ImportOptions = {}) => OpenApi.toManifest(spec, options)

/** The one tool of a one-operation spec, and the warnings. */
export const oneTool = (spec: object, options: OpenApi.ImportOptions = {}) =>
  Effect.map(importSpec(spec, options), ({ manifest, warnings }) => ({ tool: manifest.tools[0]!, manifest, warnings }))

export const messages = (warnings: ReadonlyArray<OpenApi.Warning>): Array<string> => warnings.map(OpenApi.formatWarning)
