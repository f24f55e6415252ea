/**
 * `rcp-sdk/server` on both Effects (docs/effect4.md §Tests): `defineTool` with an Effect Schema of
 * that Effect, the lowering warnings that travel with each tool, the manifest's checks, and the
 * manifest served on 127.0.0.1 — by `Server.layer` (each Effect's Layer-based router, as a web
 * handler) and by `Server.manifestHandler` — fetched as a client would and decoded by
 * `Manifest.decode`. Runs in `vitest run` (Effect 3) and in `npm run test:effect4` (both).
 */
import { describedAs, listeningAt, target, webHandler } from "#test-target"
import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Schema from "effect/Schema"
import * as Manifest from "../../src/Manifest.js"
import * as Server from "../../src/Server.js"
import { assert, describe, it } from "../support/effectVitest.js"
import { fetchServer } from "../support/fetchAdapter.js"

const getWeather = Server.defineTool({
  name: "get_weather",
  description: "Get current weather information for a city.",
  method: "GET",
  args: Schema.Struct({ city: describedAs(Schema.String, "City name, e.g. \"Paris\"") }),
  url: "https://internal.example.com/weather",
  queryParams: { city: (t) => t.arg("city") },
  responseMappings: { temperatureC: "@temperatureC", conditions: "@conditions" }
})

const search = Server.defineTool({
  name: "search",
  description: "Search by date.",
  method: "GET",
  args: Schema.Struct({ q: Schema.String, since: Schema.Date }),
  url: "https://api.example.com/search",
  queryParams: { q: (t) => t.arg("q"), since: (t) => t.arg("since") }
})

const LOWERING = Symbol.for("rcp-sdk/lowering")

const SINCE_WARNING = {
  path: ["tools", 0, "params", 1],
  tool: "search",
  arg: "since",
  message: "arg \"since\" of tool \"search\": Date has no manifest type; published as a required \"string\""
}

describe(`defineTool (${target})`, () => {
  it("an Effect Schema struct is lowered to exactly the tool one would write by hand", () => {
    assert.deepStrictEqual(getWeather, {
      name: "get_weather",
      description: "Get current weather information for a city.",
      method: "GET",
      params: [{ name: "city", type: "string", required: true, description: "City name, e.g. \"Paris\"" }],
      url: "https://internal.example.com/weather",
      queryParams: { city: "{{city}}" },
      responseMappings: { temperatureC: "@temperatureC", conditions: "@conditions" }
    })
  })

  it("what lowering lost is a warning with its path, carried by the tool itself", () => {
    const { manifest, warnings } = Server.manifestWithWarningsSync({ tools: [search] })
    assert.deepStrictEqual(warnings, [SINCE_WARNING])
    assert.deepStrictEqual(manifest.tools[0]!.params[1], { name: "since", type: "string", required: true, description: "a valid Date" })
    // Not enumerable: the tool is plain JSON-ready data, and a copy of it reports nothing.
    assert.deepStrictEqual(Object.keys(search), ["name", "description", "method", "params", "url", "queryParams"])
    assert.isTrue(Object.getOwnPropertySymbols(search).includes(LOWERING))
    assert.deepStrictEqual(Server.manifestWithWarningsSync({ tools: [{ ...search }] }).warnings, [])
    assert.deepStrictEqual(Server.manifestWithWarningsSync({ tools: [getWeather] }).warnings, [])
  })

  it("warnings another copy of rcp-sdk attached are read as data: what is not a loss is left out", () => {
    const tool: Manifest.Tool = { name: "t", description: "d", method: "GET", params: [{ name: "a", type: "string", required: true }], url: "https://api.example.com/" }
    Object.defineProperty(tool, LOWERING, {
      value: {
        args: [{ arg: "a", message: "lost a" }, { arg: 1, message: "not a loss" }, null],
        output: [{ path: ["properties", "x"], message: "dropped" }, { path: [{}], message: "bad path" }]
      }
    })
    assert.deepStrictEqual(Server.manifestWithWarningsSync({ tools: [tool] }).warnings, [
      { path: ["tools", 0, "params", 0], tool: "t", arg: "a", message: "lost a" },
      { path: ["tools", 0, "outputSchema", "properties", "x"], tool: "t", arg: "output", message: "output of tool \"t\": dropped" }
    ])
    const junk: Manifest.Tool = { ...tool }
    Object.defineProperty(junk, LOWERING, { value: "not an object" })
    assert.deepStrictEqual(Server.manifestWithWarningsSync({ tools: [junk] }).warnings, [])
  })

  it("anything that is not a schema of an object is ArgsInvalid, naming the tool", () => {
    const error = (() => {
      try {
        Server.defineTool({ name: "bad", description: "d", method: "GET", args: Schema.String as never, url: "https://api.example.com/" })
      } catch (e) {
        return e
      }
    })()
    assert.instanceOf(error, Server.ArgsInvalid)
    assert.strictEqual((error as Server.ArgsInvalid).tool, "bad")
    assert.match((error as Server.ArgsInvalid).reason, /^args must be an Effect Schema\.Struct .*; got an Effect Schema that is not a Schema\.Struct \(/)
  })

  it.effect("manifest checks the tools as a client does, naming the tool", () =>
    Effect.gen(function*() {
      const built = yield* Server.manifest({ tools: [getWeather] })
      assert.deepStrictEqual(built, { rcpVersion: "0.1", tools: [getWeather] })
      const error = yield* Effect.flip(Server.manifest({ tools: [getWeather, getWeather] }))
      assert.strictEqual(error._tag, "ManifestInvalid")
      assert.deepStrictEqual(error.issues.map((issue) => issue.path), [["tools", 1, "name"]])
      assert.throws(() => Server.manifestSync({ tools: [getWeather, getWeather] }), Manifest.ManifestInvalid)
    }))
})

describe(`serving the manifest (${target})`, () => {
  it.scopedLive("Server.layer on this Effect's router, on 127.0.0.1: a client fetches and decodes what was built", () =>
    Effect.gen(function*() {
      const built = Server.manifestSync({ tools: [getWeather, search] })
      const web = webHandler(Server.layer("/rcp/manifest", { tools: [getWeather, search] }))
      yield* Effect.addFinalizer(() => Effect.promise(web.dispose))
      const server = yield* fetchServer((path) => (path === "/rcp/manifest" ? web.handler : undefined))
      assert.match(server.origin, /^http:\/\/127\.0\.0\.1:\d+$/)

      const response = yield* Effect.promise(() => fetch(server.url("/rcp/manifest")))
      assert.strictEqual(response.status, 200)
      assert.match(response.headers.get("content-type") ?? "", /^application\/json/)
      const body: unknown = yield* Effect.promise(() => response.json())
      assert.deepStrictEqual(yield* Manifest.decode(body), built)
      assert.strictEqual((yield* Effect.promise(() => fetch(server.url("/rcp/other")))).status, 404)
    }))

  it.effect("Server.origin: the address the server listens on, every interface given as loopback", () =>
    Effect.gen(function*() {
      const originAt = (hostname: string) => Effect.provide(Server.origin, listeningAt(hostname, 8080))
      assert.strictEqual(yield* originAt("127.0.0.1"), "http://127.0.0.1:8080")
      assert.strictEqual(yield* originAt("0.0.0.0"), "http://127.0.0.1:8080")
      assert.strictEqual(yield* originAt("::"), "http://[::1]:8080")
      assert.strictEqual(yield* originAt("::1"), "http://[::1]:8080")
      assert.strictEqual(yield* originAt("10.1.2.3"), "http://10.1.2.3:8080")
    }))

  it.scopedLive("Server.layer given a function: tool URLs name the origin the server listens on", () =>
    Effect.gen(function*() {
      let web: ReturnType<typeof webHandler> | undefined
      const server = yield* fetchServer((path) => (path === "/rcp/manifest" ? (request) => web!.handler(request) : undefined))
      const port = Number(new URL(server.origin).port)
      const routes = Server.layer("/rcp/manifest", (origin) => ({
        tools: [{ ...getWeather, url: `${origin}/weather` }],
        allowHttp: true
      }))
      web = webHandler(Layer.provide(routes, listeningAt("127.0.0.1", port)))
      yield* Effect.addFinalizer(() => Effect.promise(web!.dispose))
      const response = yield* Effect.promise(() => fetch(server.url("/rcp/manifest")))
      assert.strictEqual(response.status, 200)
      const manifest = yield* Manifest.decode(yield* Effect.promise(() => response.json()))
      assert.strictEqual(manifest.tools[0]!.url, `${server.origin}/weather`)
    }))

  it.scopedLive("Server.manifestHandler on 127.0.0.1: 200 with an ETag, then 304", () =>
    Effect.gen(function*() {
      const handler = Server.manifestHandler([getWeather])
      const server = yield* fetchServer((path) => (path === "/rcp/manifest" ? handler : undefined))
      const first = yield* Effect.promise(() => fetch(server.url("/rcp/manifest")))
      assert.strictEqual(first.status, 200)
      const etag = first.headers.get("etag")
      assert.isString(etag)
      assert.deepStrictEqual(yield* Manifest.decode(yield* Effect.promise(() => first.json())), {
        rcpVersion: "0.1",
        tools: [getWeather]
      })
      const again = yield* Effect.promise(() => fetch(server.url("/rcp/manifest"), { headers: { "if-none-match": etag! } }))
      assert.strictEqual(again.status, 304)
    }))

  it.effect("Server.response dies with ManifestInvalid for a hand-built manifest that breaks the format", () =>
    Effect.gen(function*() {
      const exit = yield* Effect.exit(Server.response({ rcpVersion: "0.1", tools: [getWeather, getWeather] }))
      assert.strictEqual(exit._tag, "Failure")
      const defect = exit._tag === "Failure" ? Cause.squash(exit.cause) : undefined
      assert.instanceOf(defect, Manifest.ManifestInvalid)
      assert.deepStrictEqual((defect as Manifest.ManifestInvalid).issues.map((issue) => issue.path), [["tools", 1, "name"]])
      assert.strictEqual((yield* Effect.exit(Server.response(Server.manifestSync({ tools: [getWeather] }))))._tag, "Success")
    }))

  it("Server.route is Effect 3's value router; on Effect 4 it does not exist (a type error, and a clear throw)", () => {
    const route = Server.route as unknown as (path: string, manifest: Manifest.Manifest) => unknown
    const manifest = Server.manifestSync({ tools: [getWeather] })
    if (target === "effect3") assert.isFunction(route("/rcp/manifest", manifest))
    else assert.throws(() => route("/rcp/manifest", manifest), /^Server\.route is Effect 3 only: Effect 4 has no value router; serve the manifest with Server\.layer$/)
  })
})
