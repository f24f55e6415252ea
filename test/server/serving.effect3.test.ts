/**
 * Serving the manifest on Effect 3's routers over a real socket (`@effect/platform-node`'s
 * `NodeHttpServer`, port 0): `Server.route` on an `HttpRouter` and `Server.layer` on an
 * `HttpLayerRouter`. Effect 3 only, by design (docs/effect4.md §Tests): `Server.route` is Effect 3's
 * value router and has no Effect 4 form, and Effect 4's `NodeHttpServer` is `@effect/platform-node`
 * 4, which needs Node 22. `Server.layer` and `Server.origin` on both Effects, served on 127.0.0.1,
 * are test/server/defineTool.test.ts.
 */
import * as NodeHttpServer from "@effect/platform-node/NodeHttpServer"
import * as HttpLayerRouter from "@effect/platform/HttpLayerRouter"
import * as HttpRouter from "@effect/platform/HttpRouter"
import * as HttpServer from "@effect/platform/HttpServer"
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Schema from "effect/Schema"
import { createServer } from "node:http"
import * as Manifest from "../../src/Manifest.js"
import * as Server from "../../src/Server.js"

const getWeather = Server.defineTool({
  name: "get_weather",
  description: "Get current weather information for a city.",
  method: "GET",
  args: Schema.Struct({
    city: Schema.String.annotations({ description: "City name, e.g. \"Paris\"" })
  }),
  url: "https://internal.example.com/weather",
  queryParams: { city: (t) => t.arg("city") },
  responseMappings: { temperatureC: "@temperatureC", conditions: "@conditions" }
})

const published = Server.manifestSync({ auth: { type: "query", name: "key" }, tools: [getWeather] })

// A real socket on loopback, port chosen by the OS.
const NodeServer = NodeHttpServer.layer(() => createServer(), { port: 0, host: "127.0.0.1" })

const quiet = { disableLogger: true, disableListenLog: true } as const

const baseUrl = HttpServer.addressWith((address) =>
  address._tag === "TcpAddress"
    ? Effect.succeed(`http://127.0.0.1:${address.port}`)
    : Effect.dieMessage("expected a TCP address")
)

const fetchManifest = (url: string) =>
  Effect.promise(async () => {
    const response = await fetch(url)
    return { status: response.status, contentType: response.headers.get("content-type"), text: await response.text() }
  })

describe("serving", () => {
  it.live("route serves the manifest as application/json on an HttpRouter", () =>
    Effect.gen(function*() {
      const base = yield* baseUrl
      const { contentType, status, text } = yield* fetchManifest(`${base}/rcp/manifest`)
      assert.strictEqual(status, 200)
      assert.match(contentType ?? "", /^application\/json\b/)
      assert.deepStrictEqual(yield* Manifest.decode(JSON.parse(text)), published)
      assert.strictEqual((yield* fetchManifest(`${base}/elsewhere`)).status, 404)
    }).pipe(
      Effect.provide(
        HttpRouter.empty.pipe(
          Server.route("/rcp/manifest", published),
          HttpServer.serve(),
          Layer.provideMerge(NodeServer)
        )
      )
    ))

  it.live("layer serves the manifest on an HttpLayerRouter", () =>
    Effect.gen(function*() {
      const base = yield* baseUrl
      const { contentType, status, text } = yield* fetchManifest(`${base}/.well-known/rcp.json`)
      assert.strictEqual(status, 200)
      assert.match(contentType ?? "", /^application\/json\b/)
      assert.deepStrictEqual(yield* Manifest.decode(JSON.parse(text)), published)
    }).pipe(
      Effect.provide(
        HttpLayerRouter.serve(Server.layer("/.well-known/rcp.json", published), quiet).pipe(
          Layer.provideMerge(NodeServer)
        )
      )
    ))

  it.live("layer with a function builds tool URLs from the server's own origin (port 0)", () =>
    Effect.gen(function*() {
      const base = yield* baseUrl
      assert.strictEqual(yield* Server.origin, base)
      const { status, text } = yield* fetchManifest(`${base}/rcp/manifest`)
      assert.strictEqual(status, 200)
      const served = yield* Manifest.decode(JSON.parse(text))
      assert.strictEqual(served.tools[0]?.url, `${base}/ping`)
    }).pipe(
      Effect.provide(
        HttpLayerRouter.serve(
          Server.layer("/rcp/manifest", (origin) => ({
            tools: [Server.defineTool({ name: "ping", description: "Ping.", method: "GET", url: `${origin}/ping` })]
          })),
          quiet
        ).pipe(Layer.provideMerge(NodeServer))
      )
    ))

  it.live("layer fails to build with ManifestInvalid when the manifest is invalid", () =>
    Effect.gen(function*() {
      const error = yield* Layer.launch(
        HttpLayerRouter.serve(Server.layer("/rcp/manifest", { tools: [getWeather, getWeather] }), quiet).pipe(
          Layer.provide(NodeServer)
        )
      ).pipe(Effect.flip)
      assert.strictEqual(error._tag, "ManifestInvalid")
    }))

  it.live("route never sends a hand-built manifest that fails validation", () =>
    Effect.gen(function*() {
      const base = yield* baseUrl
      const { status, text } = yield* fetchManifest(`${base}/rcp/manifest`)
      assert.strictEqual(status, 500)
      assert.notInclude(text, "get_weather")
    }).pipe(
      Effect.provide(
        HttpRouter.empty.pipe(
          Server.route("/rcp/manifest", { rcpVersion: "0.1", tools: [getWeather, getWeather] }),
          HttpServer.serve(),
          Layer.provideMerge(NodeServer)
        )
      )
    ))
})
