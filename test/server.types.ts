/**
 * Type tests for `rcp-sdk/server`, checked by `tsc -p tsconfig.json` (never run). A line under
 * `@ts-expect-error` must not compile; if it ever does, tsc reports the unused directive.
 */
import * as Schema from "effect/Schema"
import * as Server from "../src/Server.js"

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
