/**
 * A set of tools handed to a model executes only what it exposed (issue #29, class 2, the core's
 * mechanism every adapter uses): a tool discovered after the set was made, a tool of the client
 * outside the subset, a forgotten tool and a tool whose definition changed since it was shown fail
 * with `ToolNotFound` — naming only the set's tools — and the REST server receives nothing; on both
 * APIs, over real servers. A seeded property runs random subsets and calls: a server receives a
 * request only for a tool of the set.
 */
import { assert, describe, it } from "../support/effectVitest.js"
import * as Effect from "effect/Effect"
import * as fc from "fast-check"
import * as Client from "../../src/Client.js"
import { clientLayer, manifest, type ToolInput } from "../support/execute.js"
import { json, startServer, type TestServer, testServer } from "../support/server.js"

const RUNS = { numRuns: Number(process.env.RCP_PROPERTY_RUNS ?? 40), seed: 29 }

const reads = (origin: string): Array<ToolInput> => [
  { name: "get_weather", description: "Get the weather.", url: `${origin}/weather` },
  { name: "get_time", description: "Get the time.", url: `${origin}/time` }
]
const steals = (origin: string): Array<ToolInput> => [
  { name: "send_money", description: "Send money.", method: "POST", params: [{ name: "to", type: "string" }], url: `${origin}/send`, body: { to: "{{to}}" } }
]

const calls = (server: TestServer): Array<string> => server.requests.map((r) => `${r.method} ${r.path}`)

describe("exposed set (promise API)", () => {
  it("a tool discovered after the set was made is never executed: ToolNotFound naming the set's tools, nothing sent", async () => {
    const server = await startServer((_req, res) => json(res, 200, { ok: true }))
    const client = Client.createRcpClient()
    try {
      const first = await client.register(manifest(reads(server.origin)), { url: server.url("/a/manifest") })
      const exposed = client.expose(first.tools)
      await client.register(manifest(steals(server.origin)), { url: server.url("/b/manifest") })
      const error = await exposed.execute({ name: "send_money", arguments: { to: "attacker" } }).catch((e: unknown) => e)
      assert.instanceOf(error, Client.ToolNotFound)
      assert.strictEqual((error as Error).message, "unknown tool \"send_money\"; available tools: get_weather, get_time")
      assert.isFalse(await exposed.has("send_money"))
      // The client itself still has it: only the set refuses.
      assert.deepStrictEqual((await client.tools()).map((tool) => tool.name), ["get_weather", "get_time", "send_money"])
      assert.deepStrictEqual(calls(server), [])
      assert.deepInclude(await exposed.execute({ name: "get_weather", arguments: {} }), { status: 200, data: { ok: true } })
      assert.deepStrictEqual(calls(server), ["GET /weather"])
      // A provider's tool-call shape goes through the same check.
      const openAi = { id: "c1", type: "function", function: { name: "send_money", arguments: "{\"to\":\"x\"}" } } as const
      assert.instanceOf(await exposed.execute(openAi).catch((e: unknown) => e), Client.ToolNotFound)
      assert.instanceOf(await exposed.buildRequest({ name: "send_money", arguments: { to: "x" } }).catch((e: unknown) => e), Client.ToolNotFound)
      assert.deepStrictEqual(calls(server), ["GET /weather"])
    } finally {
      await client.close()
      await server.close()
    }
  })

  it("a subset: the client's other tools are refused; a forgotten tool, or one changed since, is refused; an unchanged re-discovery runs", async () => {
    const server = await startServer((_req, res) => json(res, 200, { ok: true }))
    const client = Client.createRcpClient()
    try {
      const url = server.url("/a/manifest")
      const all = (await client.register(manifest(reads(server.origin)), { url })).tools
      const exposed = client.expose(all.filter((tool) => tool.name === "get_time"))
      assert.deepStrictEqual(exposed.tools.map((tool) => tool.name), ["get_time"])
      assert.instanceOf(await exposed.execute({ name: "get_weather" }).catch((e: unknown) => e), Client.ToolNotFound)
      // Registered again unchanged: new objects, the same definition — still the tool the model saw.
      await client.register(manifest(reads(server.origin)), { url })
      assert.deepInclude(await exposed.execute({ name: "get_time" }), { status: 200, data: { ok: true } })
      // Changed since it was shown: not the tool the model was shown.
      const changed = reads(server.origin).map((tool) => tool.name === "get_time" ? { ...tool, description: "Now also posts your files." } : tool)
      await client.register(manifest(changed), { url })
      assert.instanceOf(await exposed.execute({ name: "get_time" }).catch((e: unknown) => e), Client.ToolNotFound)
      await client.forget(url)
      assert.instanceOf(await exposed.execute({ name: "get_time" }).catch((e: unknown) => e), Client.ToolNotFound)
      assert.deepStrictEqual(calls(server), ["GET /time"])
    } finally {
      await client.close()
      await server.close()
    }
  })

  it("property: over random subsets and calls, a server receives a request only for a tool of the set", async () => {
    const server = await startServer((_req, res) => json(res, 200, { ok: true }))
    const names = Array.from({ length: 6 }, (_, i) => `tool_${i}`)
    const tools = names.map((name): ToolInput => ({ name, description: `Tool ${name}.`, url: `${server.origin}/${name}` }))
    try {
      await fc.assert(
        fc.asyncProperty(fc.subarray(names), fc.array(fc.constantFrom(...names, "nope", "__proto__", "constructor"), { maxLength: 8 }), async (subset, called) => {
          const client = Client.createRcpClient()
          try {
            const before = server.requests.length
            const all = (await client.register(manifest(tools), { url: server.url("/m") })).tools
            const exposed = client.expose(all.filter((tool) => subset.includes(tool.name)))
            for (const name of called) {
              const outcome = await exposed.execute({ name, arguments: {} }).then(() => "ok", (e: { _tag: string }) => e._tag)
              assert.strictEqual(outcome, subset.includes(name) ? "ok" : "ToolNotFound", name)
            }
            assert.deepStrictEqual(server.requests.slice(before).map((r) => r.path.slice(1)), called.filter((name) => subset.includes(name)))
          } finally {
            await client.close()
          }
        }),
        RUNS
      )
    } finally {
      await server.close()
    }
  })
})

describe("exposed set (Effect API)", () => {
  it.scoped("the same through Client.expose: a tool discovered afterwards is ToolNotFound and the server receives nothing", () =>
    Effect.gen(function*() {
      const server = yield* testServer((_req, res) => json(res, 200, { ok: true }))
      const first = yield* Client.register(manifest(reads(server.origin)), { url: server.url("/a/manifest") })
      const exposed = yield* Client.expose(first.tools)
      yield* Client.register(manifest(steals(server.origin)), { url: server.url("/b/manifest") })
      const error = yield* Effect.flip(exposed.execute({ name: "send_money", arguments: { to: "attacker" } }))
      assert.strictEqual(error._tag, "ToolNotFound")
      assert.deepStrictEqual(error._tag === "ToolNotFound" ? error.available : [], ["get_weather", "get_time"])
      assert.strictEqual(Client.modelFacingError(error, "send_money")._tag, "ModelError")
      assert.deepStrictEqual(calls(server), [])
      // The client's own execute is unchanged: the set is what an adapter runs through.
      assert.strictEqual((yield* Client.execute({ name: "send_money", arguments: { to: "x" } })).status, 200)
      assert.deepStrictEqual(calls(server), ["POST /send"])
    }).pipe(Effect.provide(clientLayer())))
})
