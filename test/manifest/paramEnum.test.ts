/**
 * The `enum` extension of Param (docs/protocol.md §8) on the client side: the rules a manifest
 * must follow (every problem with its path), the model-facing schema, and the argument check —
 * against a real server on 127.0.0.1 that must receive nothing for a value outside the list.
 */
import { getOrThrow } from "#test-target"
import * as Result from "#target/Result.js"
import * as Effect from "effect/Effect"
import * as Client from "../../src/Client.js"
import * as Manifest from "../../src/Manifest.js"
import { assert, describe, it } from "../support/effectVitest.js"
import { clientLayer } from "../support/execute.js"
import { json, type TestServer, testServer } from "../support/server.js"

const withParams = (params: ReadonlyArray<unknown>, origin = "https://api.example.com") => ({
  rcpVersion: "0.1",
  tools: [{
    name: "get_weather",
    description: "Weather for a city.",
    method: "GET",
    params,
    url: `${origin}/weather`,
    queryParams: { city: "{{city}}", unit: "{{unit}}" }
  }]
})

const city = { name: "city", type: "string" }

const issuesOf = (input: unknown) =>
  Result.match(Manifest.validate(input), {
    onFailure: (issues) => issues.map(Manifest.formatIssue),
    onSuccess: () => assert.fail("expected the manifest to be rejected")
  })

describe("the enum extension in a manifest (docs/protocol.md §8)", () => {
  it("decodes a string param's enum and keeps it", () => {
    const decoded = getOrThrow(Manifest.validate(withParams([city, { name: "unit", type: "string", enum: ["c", "f"] }])))
    assert.deepStrictEqual(decoded.tools[0]?.params[1], { name: "unit", type: "string", enum: ["c", "f"] })
  })

  it("rejects an enum on a non-string param, an empty one, duplicates and non-strings, each with its path", () => {
    const issues = issuesOf(withParams([
      city,
      { name: "unit", type: "number", enum: ["1"] },
      { name: "a", type: "string", enum: [] },
      { name: "b", type: "string", enum: ["x", "y", "x"] },
      { name: "c", type: "string", enum: ["x", 2] },
      { name: "d", type: "string", enum: "x" }
    ]))
    assert.includeMembers(issues, [
      "tools[0].params[1].enum: an enum is allowed only on a \"string\" param, not on a \"number\" one",
      "tools[0].params[2].enum: must list at least one value",
      "tools[0].params[3].enum[2]: duplicate value \"x\" (also enum[0])"
    ])
    assert.isTrue(issues.some((issue) => issue.startsWith("tools[0].params[4].enum[1]: ")), issues.join("\n"))
    assert.isTrue(issues.some((issue) => issue.startsWith("tools[0].params[5].enum: ")), issues.join("\n"))
  })
})

describe("the enum extension on the client (docs/protocol.md §8)", () => {
  it.scoped("the model-facing schema lists the values; a value outside them is InvalidArguments and nothing is sent", () =>
    Effect.gen(function*() {
      const server: TestServer = yield* testServer((req, res) =>
        req.path === "/rcp/manifest"
          ? json(res, 200, withParams([city, { name: "unit", type: "string", enum: ["c", "f"], description: "unit" }], server.origin))
          : json(res, 200, { ok: true })
      )
      yield* Effect.gen(function*() {
        const { tools } = yield* Client.discover(server.url("/rcp/manifest"))
        assert.deepStrictEqual(tools[0]?.parameters.properties, {
          city: { type: "string" },
          unit: { type: "string", description: "unit", enum: ["c", "f"] }
        })
        const error = yield* Effect.flip(
          Client.execute({ name: "get_weather", arguments: { city: "Paris", unit: "kelvin" } })
        )
        assert.strictEqual(error._tag, "InvalidArguments")
        assert.strictEqual(error.message, "invalid arguments for tool \"get_weather\":\n- \"unit\" must be one of \"c\", \"f\"")
        assert.strictEqual(server.requests.length, 1, "only the discovery reached the server")

        const result = yield* Client.execute({ name: "get_weather", arguments: { city: "Paris", unit: "f" } })
        assert.strictEqual(result.status, 200)
      }).pipe(Effect.provide(clientLayer()))
      assert.strictEqual(server.requests.length, 2)
      assert.strictEqual(server.requests[1]?.target, "/weather?city=Paris&unit=f")
    }))

  it.scoped("a long list is cut in the message after 20 values, saying how many more there are", () =>
    Effect.gen(function*() {
      const values = Array.from({ length: 25 }, (_, i) => `v${i}`)
      const server: TestServer = yield* testServer((_req, res) =>
        json(res, 200, withParams([city, { name: "unit", type: "string", enum: values }], server.origin))
      )
      const error = yield* Effect.gen(function*() {
        yield* Client.discover(server.url("/rcp/manifest"))
        return yield* Effect.flip(Client.execute({ name: "get_weather", arguments: { city: "Paris", unit: "v99" } }))
      }).pipe(Effect.provide(clientLayer()))
      assert.strictEqual(error._tag, "InvalidArguments")
      assert.include(error.message, "\"v18\", \"v19\", … (5 more)")
      assert.notInclude(error.message, "\"v20\"")
      assert.strictEqual(server.requests.length, 1)
    }))
})
