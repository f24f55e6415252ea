/**
 * `rcp-sdk/server`: `defineTool`, the lowering of an Effect Schema's args to params case by case,
 * and `manifest`'s checks, on both targets (docs/effect4.md §Tests): each case's field is spelled
 * in the target's combinators by the kit (`paramFields`, #test-target), and the params expected
 * are the same on both. Serving the manifest on Effect 3's routers is `serving.effect3.test.ts`.
 */
import { describedAs, paramFields as F } from "#test-target"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import * as Manifest from "../../src/Manifest.js"
import * as Server from "../../src/Server.js"
import { assert, describe, it } from "../support/effectVitest.js"

const getWeather = Server.defineTool({
  name: "get_weather",
  description: "Get current weather information for a city.",
  method: "GET",
  args: Schema.Struct({
    city: describedAs(Schema.String, "City name, e.g. \"Paris\"")
  }),
  url: "https://internal.example.com/weather",
  queryParams: { city: (t) => t.arg("city") },
  responseMappings: { temperatureC: "@temperatureC", conditions: "@conditions" }
})

const paramsOf = (fields: Record<string, unknown>): ReadonlyArray<Manifest.Param> =>
  Server.defineTool({
    name: "t",
    description: "d",
    method: "GET",
    args: Schema.Struct(fields as Schema.Struct.Fields),
    url: "https://api.example.com/"
  }).params

const paramOf = (field: unknown): Manifest.Param => {
  const params = paramsOf({ p: field })
  assert.strictEqual(params.length, 1)
  return params[0]!
}

describe("defineTool", () => {
  it("turns the seed's get_weather example into exactly the tool one would write by hand", () => {
    const byHand = JSON.parse(`{
      "name": "get_weather",
      "description": "Get current weather information for a city.",
      "method": "GET",
      "params": [
        { "name": "city", "type": "string", "required": true, "description": "City name, e.g. \\"Paris\\"" }
      ],
      "url": "https://internal.example.com/weather",
      "queryParams": { "city": "{{city}}" },
      "responseMappings": { "temperatureC": "@temperatureC", "conditions": "@conditions" }
    }`)
    assert.deepStrictEqual(getWeather, byHand)
    // Plain data: what is built is what is sent.
    assert.deepStrictEqual(JSON.parse(JSON.stringify(getWeather)), byHand)
  })

  it("leaves out every optional field the author did not give, and takes no args as no params", () => {
    const tool = Server.defineTool({
      name: "list_cities",
      description: "List every city with weather data.",
      method: "GET",
      url: "https://internal.example.com/cities"
    })
    assert.deepStrictEqual(tool, {
      name: "list_cities",
      description: "List every city with weather data.",
      method: "GET",
      params: [],
      url: "https://internal.example.com/cities"
    })
  })

  it("renders t.arg in a url callback", () => {
    const tool = Server.defineTool({
      name: "search",
      description: "Search.",
      method: "GET",
      args: Schema.Struct({ query: Schema.String }),
      url: (t) => `https://api.example.com/search?q=${t.arg("query")}`
    })
    assert.strictEqual(tool.url, "https://api.example.com/search?q={{query}}")
  })

  it("takes queryParams and headers per entry or as one callback, plain values as they are", () => {
    const tool = Server.defineTool({
      name: "t",
      description: "d",
      method: "GET",
      args: Schema.Struct({ a: Schema.String, b: Schema.Number }),
      url: "https://api.example.com/",
      queryParams: (t) => ({ a: t.arg("a"), both: `${t.arg("a")}-${t.arg("b")}` }),
      headers: { "X-Fixed": "1", "X-B": (t) => t.arg("b") }
    })
    assert.deepStrictEqual(tool.queryParams, { a: "{{a}}", both: "{{a}}-{{b}}" })
    assert.deepStrictEqual(tool.headers, { "X-Fixed": "1", "X-B": "{{b}}" })
  })

  it("calls body callbacks at any depth and keeps every other JSON value", () => {
    const tool = Server.defineTool({
      name: "t",
      description: "d",
      method: "POST",
      args: Schema.Struct({ id: Schema.String, count: Schema.Number }),
      url: "https://api.example.com/",
      body: {
        id: (t) => t.arg("id"),
        nested: { deeper: [1, (t) => `item ${t.arg("count")}`, { count: (t) => t.arg("count") }] },
        whole: (t) => ({ id: t.arg("id"), flags: [true, false, null] }),
        fixed: "no placeholder",
        n: 2.5
      }
    })
    assert.deepStrictEqual(tool.body, {
      id: "{{id}}",
      nested: { deeper: [1, "item {{count}}", { count: "{{count}}" }] },
      whole: { id: "{{id}}", flags: [true, false, null] },
      fixed: "no placeholder",
      n: 2.5
    })
  })

  it("takes the whole body as one callback", () => {
    const tool = Server.defineTool({
      name: "t",
      description: "d",
      method: "PUT",
      args: Schema.Struct({ id: Schema.String }),
      url: "https://api.example.com/",
      body: (t) => [{ id: t.arg("id") }]
    })
    assert.deepStrictEqual(tool.body, [{ id: "{{id}}" }])
  })
})

describe("lowering args to params", () => {
  it("gives String, Number and Boolean their type, required, and no description of Effect's own", () => {
    assert.deepStrictEqual(paramsOf({ s: Schema.String, n: Schema.Number, b: Schema.Boolean }), [
      { name: "s", type: "string", required: true },
      { name: "n", type: "number", required: true },
      { name: "b", type: "boolean", required: true }
    ])
  })

  it("keeps field order", () => {
    const names = paramsOf({ zeta: Schema.String, alpha: Schema.Number, mid: Schema.Boolean }).map((p) => p.name)
    assert.deepStrictEqual(names, ["zeta", "alpha", "mid"])
  })

  it("takes the description from the field's type", () => {
    assert.deepStrictEqual(paramOf(F.typeDescribed), {
      name: "p",
      type: "number",
      required: true,
      description: "on the type"
    })
  })

  it("takes the description from the field itself", () => {
    assert.deepStrictEqual(paramOf(F.fieldDescribed), {
      name: "p",
      type: "boolean",
      required: true,
      description: "on the field"
    })
  })

  it("prefers the field's description to its type's", () => {
    assert.strictEqual(paramOf(F.bothDescribed).description, "on the field")
    assert.strictEqual(paramOf(F.optionalBothDescribed).description, "on the field")
  })

  it("lowers Schema.optional and optionalWith to required: false", () => {
    assert.deepStrictEqual(paramOf(F.optional), { name: "p", type: "number", required: false })
    assert.deepStrictEqual(paramOf(F.optionalExact), {
      name: "p",
      type: "boolean",
      required: false
    })
    assert.deepStrictEqual(paramOf(F.withDefault), {
      name: "p",
      type: "number",
      required: false,
      description: "d (default: 1)"
    })
    assert.deepStrictEqual(paramOf(F.optionalTypeDescribed), {
      name: "p",
      type: "string",
      required: false,
      description: "on the type"
    })
  })

  it("looks through refinements, keeping the refinement's own description and the bounds it carries", () => {
    // An integer stays a "number" param (a 0.1 client reads that); its schema says more (docs/protocol.md §8).
    assert.deepStrictEqual(paramOf(F.int), {
      name: "p",
      type: "number",
      required: true,
      description: "an integer",
      schema: { type: "integer" }
    })
    assert.deepStrictEqual(paramOf(F.nonEmpty), {
      name: "p",
      type: "string",
      required: true,
      description: "a non empty string",
      schema: { type: "string", minLength: 1 }
    })
    assert.deepStrictEqual(paramOf(F.intDescribed), {
      name: "p",
      type: "number",
      required: true,
      description: "page number",
      schema: { type: "integer" }
    })
    assert.deepStrictEqual(paramOf(F.optionalBetween), {
      name: "p",
      type: "number",
      required: false,
      description: "a number between 1 and 5",
      schema: { type: "number", minimum: 1, maximum: 5 }
    })
  })

  it("looks through brands", () => {
    assert.deepStrictEqual(paramOf(F.brandedString), {
      name: "p",
      type: "string",
      required: true
    })
    assert.deepStrictEqual(paramOf(F.brandedInt).type, "number")
    assert.deepStrictEqual(paramOf(F.brandedBoolean).type, "boolean")
    assert.deepStrictEqual(
      paramOf(F.brandedDescribed).description,
      "the user's id"
    )
  })

  it("looks through suspend", () => {
    assert.deepStrictEqual(paramOf(F.suspended).type, "number")
  })

  it("falls back to string for a union", () => {
    assert.deepStrictEqual(paramOf(F.union), {
      name: "p",
      type: "string",
      required: true
    })
    assert.strictEqual(paramOf(F.unionWithNull).type, "string")
  })

  it("a struct is an object param with its schema (docs/protocol.md §1.10)", () => {
    assert.deepStrictEqual(paramOf(F.struct), {
      name: "p",
      type: "object",
      required: true,
      schema: {
        type: "object",
        properties: { lat: { type: "number" }, lon: { type: "number" } },
        required: ["lat", "lon"]
      }
    })
  })

  it("an array is an array param with its schema, its description on the param", () => {
    assert.deepStrictEqual(paramOf(F.arrayDescribed), {
      name: "p",
      type: "array",
      required: true,
      description: "ids",
      schema: { type: "array", items: { type: "number" } }
    })
  })

  it("falls back to string for a transformation", () => {
    assert.deepStrictEqual(paramOf(F.transformation), { name: "p", type: "string", required: true })
    assert.strictEqual(paramOf(F.optionalTransformation).type, "string")
  })
})

const tool = (overrides: Partial<Manifest.Tool> & Pick<Manifest.Tool, "name">): Manifest.Tool => ({
  description: "A tool.",
  method: "GET",
  params: [{ name: "id", type: "string", required: true }],
  url: "https://api.example.com/items/{{id}}",
  ...overrides
})

const issuesOf = (options: Server.ManifestOptions) =>
  Effect.gen(function*() {
    const error = yield* Effect.flip(Server.manifest(options))
    assert.strictEqual(error._tag, "ManifestInvalid")
    assert.instanceOf(error, Manifest.ManifestInvalid)
    return error
  })

describe("manifest", () => {
  it.effect("wraps valid tools as { rcpVersion, auth, tools } that a client decodes as is", () =>
    Effect.gen(function*() {
      const auth = { type: "header", name: "Authorization", scheme: "Bearer" } as const
      const built = yield* Server.manifest({ auth, tools: [getWeather] })
      assert.deepStrictEqual(built, { rcpVersion: "0.1", auth, tools: [getWeather] })
      assert.deepStrictEqual(yield* Manifest.decode(JSON.parse(JSON.stringify(built))), built)
      assert.deepStrictEqual(yield* Server.manifest({ tools: [] }), { rcpVersion: "0.1", tools: [] })
    }))

  it.effect("rejects a placeholder that names no arg, naming the tool", () =>
    Effect.gen(function*() {
      const error = yield* issuesOf({
        tools: [getWeather, tool({ name: "get_item", url: "https://api.example.com/items/{{nope}}" })]
      })
      assert.strictEqual(error.issues.length, 1)
      assert.deepStrictEqual(error.issues[0]!.path, ["tools", 1, "url"])
      assert.include(error.issues[0]!.message, "{{nope}}")
      assert.include(error.issues[0]!.message, "\"get_item\"")
      assert.include(error.message, "tools[1].url: placeholder {{nope}}")
    }))

  it.effect("rejects two tools with one name", () =>
    Effect.gen(function*() {
      const error = yield* issuesOf({ tools: [getWeather, getWeather] })
      assert.strictEqual(error.issues.length, 1)
      assert.deepStrictEqual(error.issues[0]!.path, ["tools", 1, "name"])
      assert.include(error.issues[0]!.message, "duplicate tool name \"get_weather\"")
    }))

  it.effect("rejects a placeholder in the host, naming the tool", () =>
    Effect.gen(function*() {
      const regional = Server.defineTool({
        name: "regional_weather",
        description: "Weather from a regional server.",
        method: "GET",
        args: Schema.Struct({ region: Schema.String }),
        url: (t) => `https://${t.arg("region")}.example.com/weather`
      })
      const error = yield* issuesOf({ tools: [regional] })
      assert.deepStrictEqual(error.issues.map((issue) => issue.path), [["tools", 0, "url"]])
      assert.include(error.issues[0]!.message, "placeholder not allowed in the scheme, host or port")
      assert.include(error.issues[0]!.message, "(tool \"regional_weather\")")
      assert.include(error.message, "tools[0].url: ")
    }))

  it.effect("rejects a body on GET, naming the tool", () =>
    Effect.gen(function*() {
      const error = yield* issuesOf({
        tools: [tool({ name: "get_with_body", body: { id: "{{id}}" } })]
      })
      assert.deepStrictEqual(error.issues.map((issue) => issue.path), [["tools", 0, "body"]])
      assert.include(error.issues[0]!.message, "GET")
      assert.include(error.issues[0]!.message, "(tool \"get_with_body\")")
      assert.include(error.message, "tools[0].body: ")
    }))

  it.effect("lists every problem at once", () =>
    Effect.gen(function*() {
      const error = yield* issuesOf({
        tools: [
          tool({ name: "a", url: "https://{{id}}.example.com/" }),
          tool({ name: "a", body: {} }),
          tool({ name: "c", queryParams: { q: "{{missing}}" } })
        ]
      })
      assert.deepStrictEqual(error.issues.map((issue) => issue.path), [
        ["tools", 0, "url"],
        ["tools", 1, "name"],
        ["tools", 1, "body"],
        ["tools", 2, "queryParams", "q"]
      ])
    }))

  it("manifestSync returns the manifest or throws the ManifestInvalid itself", () => {
    assert.deepStrictEqual(Server.manifestSync({ tools: [getWeather] }), { rcpVersion: "0.1", tools: [getWeather] })
    try {
      Server.manifestSync({ tools: [getWeather, getWeather] })
      assert.fail("expected a ManifestInvalid")
    } catch (error) {
      assert.instanceOf(error, Manifest.ManifestInvalid)
      assert.strictEqual((error as Manifest.ManifestInvalid)._tag, "ManifestInvalid")
    }
  })
})
