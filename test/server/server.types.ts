/**
 * Type tests for `rcp-sdk/server`, checked by `tsc -p tsconfig.json` (never run). A line under
 * `@ts-expect-error` must not compile; if it ever does, tsc reports the unused directive.
 */
import { toStandardJsonSchema } from "@valibot/to-json-schema"
import { type } from "arktype"
import * as Schema from "effect/Schema"
import * as v from "valibot"
import { z } from "zod"
import * as Server from "../../src/Server.js"

type Equals<A, B> = (<T>() => T extends A ? 1 : 2) extends (<T>() => T extends B ? 1 : 2) ? true : false

const expectTrue = <_ extends true>(): void => undefined

// The helper itself: a placeholder widened to `string` would not pass.
// @ts-expect-error string is not "{{city}}"
expectTrue<Equals<string, "{{city}}">>()

const args = Schema.Struct({ city: Schema.String, days: Schema.optional(Schema.Int) })

Server.defineTool({
  name: "forecast",
  description: "Forecast for a city.",
  method: "POST",
  args,
  url: (t) => {
    const city = t.arg("city")
    expectTrue<Equals<typeof city, "{{city}}">>()
    expectTrue<Equals<ReturnType<typeof t.arg<"days">>, "{{days}}">>()
    // @ts-expect-error "nope" is not a field of args
    t.arg("nope")
    return `https://api.example.com/forecast/${city}`
  },
  queryParams: {
    days: (t) => t.arg("days"),
    // @ts-expect-error unknown name in a per-entry callback
    typo: (t) => t.arg("cty")
  },
  // @ts-expect-error unknown name in a whole-record callback
  headers: (t) => ({ "X-City": t.arg("town") }),
  body: {
    nested: { deeper: [(t) => t.arg("city")] },
    // @ts-expect-error unknown name deep in the body
    wrong: [{ x: (t) => t.arg("region") }]
  }
})

Server.defineTool({
  name: "no_args",
  description: "A tool without args.",
  method: "GET",
  // @ts-expect-error without args there is no name to refer to
  url: (t) => `https://api.example.com/${t.arg("city")}`
})

Server.defineTool({
  name: "bad_mapping",
  description: "A mapping without its @.",
  method: "GET",
  url: "https://api.example.com/",
  // @ts-expect-error a mapping is "@path"
  responseMappings: { temperature: "temperatureC" }
})

Server.defineTool({
  name: "bad_method",
  description: "Not an HTTP method the manifest knows.",
  // @ts-expect-error method is one of GET POST PUT PATCH DELETE
  method: "FETCH",
  url: "https://api.example.com/"
})

// zod 4: `t.arg` is typed against the object's keys, optional ones included.
const zodArgs = z.object({ city: z.string().describe("City"), days: z.number().int().optional() })

Server.defineTool({
  name: "zod_forecast",
  description: "Forecast for a city.",
  method: "GET",
  args: zodArgs,
  url: (t) => {
    expectTrue<Equals<ReturnType<typeof t.arg<"city">>, "{{city}}">>()
    // @ts-expect-error "cty" is not a key of the zod object
    t.arg("cty")
    return `https://api.example.com/forecast/${t.arg("city")}`
  },
  queryParams: {
    days: (t) => t.arg("days"),
    // @ts-expect-error unknown name in a per-entry callback, zod args
    typo: (t) => t.arg("day")
  },
  body: {
    // @ts-expect-error unknown name deep in the body, zod args
    wrong: [{ x: (t) => t.arg("region") }]
  }
})

expectTrue<Equals<Server.ArgNames<typeof zodArgs>, "city" | "days">>()
expectTrue<Equals<Server.ArgNames<typeof args>, "city" | "days">>()

// valibot, through its Standard JSON Schema converter.
const valibotArgs = toStandardJsonSchema(v.object({ query: v.string(), limit: v.optional(v.number()) }))
expectTrue<Equals<Server.ArgNames<typeof valibotArgs>, "query" | "limit">>()

Server.defineTool({
  name: "valibot_search",
  description: "Search.",
  method: "GET",
  args: valibotArgs,
  // @ts-expect-error "q" is not a key of the valibot object
  url: (t) => `https://api.example.com/search?q=${t.arg("q")}`
})

Server.defineTool({
  name: "valibot_plain",
  description: "A valibot schema without a JSON Schema converter cannot describe itself.",
  method: "GET",
  // @ts-expect-error no ~standard.jsonSchema
  args: v.object({ query: v.string() }),
  url: "https://api.example.com/"
})

Server.defineTool({
  name: "not_a_schema",
  description: "A plain object is not a schema.",
  method: "GET",
  // @ts-expect-error args must be a schema
  args: { city: "string" },
  url: "https://api.example.com/"
})

// arktype: its input type's keys, an optional one ("days?") included.
const arkArgs = type({ city: "string", "days?": "number" })
expectTrue<Equals<Server.ArgNames<typeof arkArgs>, "city" | "days">>()

Server.defineTool({
  name: "ark_forecast",
  description: "Forecast.",
  method: "GET",
  args: arkArgs,
  queryParams: { days: (t) => t.arg("days") },
  // @ts-expect-error "town" is not a key of the arktype object
  url: (t) => `https://api.example.com/forecast/${t.arg("town")}`
})
