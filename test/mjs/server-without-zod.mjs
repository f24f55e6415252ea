// rcp-sdk/server loads no schema library of its own: with every import of zod, valibot and
// arktype made to fail, the built package still lowers Effect args and serves the manifest.
// Run by test/seed-server.test.ts; exits non-zero on failure.
import assert from "node:assert/strict"
import { register } from "node:module"

register(
  "data:text/javascript," + encodeURIComponent(`
    export async function resolve(specifier, context, next) {
      if (/^(zod|valibot|@valibot\\/|arktype)/.test(specifier)) throw new Error("blocked: " + specifier)
      return next(specifier, context)
    }`)
)

await assert.rejects(import("zod"), /blocked/)

const { Schema } = await import("effect")
const Server = await import("rcp-sdk/server")
const tool = Server.defineTool({
  name: "get_weather",
  description: "Weather.",
  method: "GET",
  args: Schema.Struct({ city: Schema.String, unit: Schema.Literal("c", "f") }),
  url: "https://api.example.com/weather",
  queryParams: { city: (t) => t.arg("city"), unit: (t) => t.arg("unit") }
})
const response = Server.manifestHandler([tool])(new Request("https://api.example.com/rcp/manifest"))
assert.equal(response.status, 200)
assert.deepEqual((await response.json()).tools[0].params[1], { name: "unit", type: "string", required: true, enum: ["c", "f"] })
console.log("server without zod: ok")
