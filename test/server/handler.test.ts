/**
 * `Server.manifestHandler`, the Fetch-API way to serve a manifest, behind a real `node:http`
 * server on 127.0.0.1 (and in Hono): status, headers, ETag revalidation with 304, HEAD, methods;
 * then the `enum` extension end to end — zod args on the server, the manifest on the wire, the
 * model-facing schema, and the argument check before any request.
 */
import { describedAs, literalsOf } from "#test-target"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { Hono } from "hono"
import { z } from "zod"
import * as Client from "../../src/Client.js"
import * as Manifest from "../../src/Manifest.js"
import * as Server from "../../src/Server.js"
import { clientLayer } from "../support/execute.js"
import { assert, describe, it } from "../support/effectVitest.js"
import { fetchServer } from "../support/fetchAdapter.js"

const getWeather = Server.defineTool({
  name: "get_weather",
  description: "Get current weather information for a city.",
  method: "GET",
  args: z.object({ city: z.string().describe("City name") }),
  url: "https://internal.example.com/weather",
  queryParams: { city: (t) => t.arg("city") }
})

const bearer = { type: "header", name: "Authorization", scheme: "Bearer" } as const

interface Seen {
  readonly status: number
  readonly headers: Headers
  readonly text: string
}

const send = (url: string, init: RequestInit = {}): Effect.Effect<Seen> =>
  Effect.promise(async () => {
    const response = await fetch(url, init)
    return { status: response.status, headers: response.headers, text: await response.text() }
  })

describe("manifestHandler over node:http", () => {
  it.scoped("GET: 200 application/json, the validated manifest, an ETag and Cache-Control: no-cache", () =>
    Effect.gen(function*() {
      const handler = Server.manifestHandler([getWeather], { auth: bearer })
      const server = yield* fetchServer((path) => (path === "/rcp/manifest" ? handler : undefined))
      const seen = yield* send(server.url("/rcp/manifest"))
      assert.strictEqual(seen.status, 200)
      assert.strictEqual(seen.headers.get("content-type"), "application/json")
      assert.strictEqual(seen.headers.get("cache-control"), "no-cache")
      assert.match(seen.headers.get("etag") ?? "", /^"[0-9a-z]+-[0-9a-z]+"$/)
      assert.deepStrictEqual(
        yield* Manifest.decode(JSON.parse(seen.text)),
        { rcpVersion: "0.1", auth: bearer, tools: [getWeather] }
      )
    }))

  it.scoped("If-None-Match with the ETag (strong, weak, in a list, or *): 304 without a body; another tag: 200", () =>
    Effect.gen(function*() {
      const handler = Server.manifestHandler([getWeather], { cacheControl: "public, max-age=60" })
      const server = yield* fetchServer((path) => (path === "/m" ? handler : undefined))
      const first = yield* send(server.url("/m"))
      const etag = first.headers.get("etag")!
      for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, "*"]) {
        const again = yield* send(server.url("/m"), { headers: { "if-none-match": ifNoneMatch } })
        assert.strictEqual(again.status, 304, ifNoneMatch)
        assert.strictEqual(again.text, "")
        assert.strictEqual(again.headers.get("etag"), etag)
        assert.strictEqual(again.headers.get("cache-control"), "public, max-age=60")
      }
      const changed = yield* send(server.url("/m"), { headers: { "if-none-match": "\"stale-1\"" } })
      assert.strictEqual(changed.status, 200)
      assert.strictEqual(changed.text, first.text)
    }))

  it.scoped("a different manifest has a different ETag", () =>
    Effect.gen(function*() {
      const a = Server.manifestHandler([getWeather])
      const b = Server.manifestHandler([getWeather], { auth: bearer })
      const server = yield* fetchServer((path) => (path === "/a" ? a : path === "/b" ? b : undefined))
      const etagA = (yield* send(server.url("/a"))).headers.get("etag")
      const etagB = (yield* send(server.url("/b"))).headers.get("etag")
      assert.notStrictEqual(etagA, etagB)
      assert.strictEqual((yield* send(server.url("/a"), { headers: { "if-none-match": etagB! } })).status, 200)
    }))

  it.scoped("HEAD: the headers without a body; POST: 405 with Allow", () =>
    Effect.gen(function*() {
      const handler = Server.manifestHandler([getWeather])
      const server = yield* fetchServer(() => handler)
      const head = yield* send(server.url("/"), { method: "HEAD" })
      assert.strictEqual(head.status, 200)
      assert.strictEqual(head.text, "")
      assert.isNotNull(head.headers.get("etag"))
      const post = yield* send(server.url("/"), { method: "POST", body: "{}" })
      assert.strictEqual(post.status, 405)
      assert.strictEqual(post.headers.get("allow"), "GET, HEAD")
    }))

  it("an invalid manifest throws ManifestInvalid when the handler is made, naming the tool", () => {
    try {
      Server.manifestHandler([getWeather, getWeather])
      assert.fail("expected ManifestInvalid")
    } catch (error) {
      assert.instanceOf(error, Manifest.ManifestInvalid)
      assert.include((error as Manifest.ManifestInvalid).message, "tools[1].name: duplicate tool name \"get_weather\"")
    }
  })
})

describe("manifestHandler in Hono", () => {
  it("app.get(path, (c) => handler(c.req.raw)) serves it, with the same 304", async () => {
    const handler = Server.manifestHandler([getWeather])
    const app = new Hono().get("/rcp/manifest", (c) => handler(c.req.raw))
    const first = await app.request("/rcp/manifest")
    assert.strictEqual(first.status, 200)
    assert.deepStrictEqual(await first.json(), { rcpVersion: "0.1", tools: [getWeather] })
    const again = await app.request("/rcp/manifest", { headers: { "if-none-match": first.headers.get("etag")! } })
    assert.strictEqual(again.status, 304)
  })
})

describe("the enum extension end to end (docs/protocol.md §8)", () => {
  for (
    const [library, unit] of [
      ["zod", z.enum(["c", "f"]).describe("temperature unit")],
      ["Effect", describedAs(literalsOf(["c", "f"]), "temperature unit")]
    ] as const
  ) {
    it.scoped(`${library} args → manifest → model schema → InvalidArguments before any request`, () =>
      Effect.gen(function*() {
        const received: Array<string> = []
        let handler: ((request: Request) => Response) | undefined
        const server = yield* fetchServer((path) =>
          path === "/rcp/manifest" ? handler : path === "/weather"
            ? (request) => {
              received.push(new URL(request.url).search)
              return Response.json({ temperature: 21 })
            }
            : undefined
        )
        const args = library === "zod"
          ? z.object({ city: z.string(), unit: unit as z.ZodEnum<{ c: "c"; f: "f" }> })
          : Schema.Struct({ city: Schema.String, unit: unit as ReturnType<typeof literalsOf> })
        handler = Server.manifestHandler([
          Server.defineTool({
            name: "get_weather",
            description: "Weather.",
            method: "GET",
            args,
            url: `${server.origin}/weather`,
            queryParams: { city: (t) => t.arg("city"), unit: (t) => t.arg("unit") }
          })
        ])

        const served = yield* send(server.url("/rcp/manifest"))
        assert.deepStrictEqual(JSON.parse(served.text).tools[0].params[1], {
          name: "unit",
          type: "string",
          required: true,
          description: "temperature unit",
          enum: ["c", "f"]
        })

        yield* Effect.gen(function*() {
          const { tools } = yield* Client.discover(server.url("/rcp/manifest"))
          assert.deepStrictEqual(tools[0]?.parameters.properties["unit"], {
            type: "string",
            description: "temperature unit",
            enum: ["c", "f"]
          })
          const error = yield* Effect.flip(
            Client.execute({ name: "get_weather", arguments: JSON.stringify({ city: "Paris", unit: "kelvin" }) })
          )
          assert.strictEqual(error._tag, "InvalidArguments")
          assert.include(error.message, "\"unit\" must be one of \"c\", \"f\"")
          assert.deepStrictEqual(received, [])
          const ok = yield* Client.execute({ name: "get_weather", arguments: { city: "Paris", unit: "c" } })
          assert.deepStrictEqual<unknown>(ok, { status: 200, data: { temperature: 21 } })
        }).pipe(Effect.provide(clientLayer()))
        assert.deepStrictEqual(received, ["?city=Paris&unit=c"])
      }))
  }
})
