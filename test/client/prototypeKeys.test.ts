/**
 * Names from a document or a lock that are also names of an object's prototype — `__proto__`,
 * `constructor`, `prototype`, `toString`, … — stay plain names wherever they become object keys
 * (issue #29, class 9), or are refused with a clear error; nothing vanishes silently:
 *
 * - a lock's `apis.__proto__` and `tools.__proto__` are refused with their paths (a decoded record
 *   cannot hold them: assigning "__proto__" sets the prototype), any other key survives decoding —
 *   a seeded property over lock files made of such keys;
 * - a tool may not be named `__proto__` (a lock could never hold it); `constructor` and
 *   `prototype` are tool names like any other, pinned, locked and executed; params with all three
 *   names reach the server in the path, the query and the body, and an auth header named
 *   `__proto__` carries the credential.
 */
import * as Result from "#target/Result.js"
import { getOrThrow } from "#test-target"
import { assert, describe, it } from "../support/effectVitest.js"
import * as fc from "fast-check"
import * as Client from "../../src/Client.js"
import * as Lock from "../../src/Lock.js"
import * as Manifest from "../../src/Manifest.js"
import { json, startServer } from "../support/server.js"

const RUNS = { numRuns: Number(process.env.RCP_PROPERTY_RUNS ?? 300), seed: 29 }
const PROTOTYPE_NAMES = ["__proto__", "constructor", "prototype", "toString", "valueOf", "hasOwnProperty", "__defineGetter__"]

const DIGEST = `sha256:${"a".repeat(64)}`
const FIELDS = ["name", "description", "method", "params", "url", "queryParams", "headers", "body", "responseMappings", "outputSchema", "auth"]
const toolPin = () => ({ digest: DIGEST, fields: Object.fromEntries(FIELDS.map((field) => [field, DIGEST])) })

/** A lock file's text with these API keys and tool names, parsed as a client would read it. */
const lockText = (apis: ReadonlyArray<readonly [string, ReadonlyArray<string>]>): unknown =>
  JSON.parse(
    `{"version":1,"apis":{${
      apis.map(([url, tools]) =>
        `${JSON.stringify(url)}:{"origin":${JSON.stringify(originOf(url))},"tools":{${
          tools.map((tool) => `${JSON.stringify(tool)}:${JSON.stringify(toolPin())}`).join(",")
        }}}`
      ).join(",")
    }}}`
  )

const originOf = (url: string): string => {
  try {
    return new URL(url).origin
  } catch {
    return "null"
  }
}

describe("a lock file's prototype keys", () => {
  it("apis.__proto__ and tools.__proto__ are refused with their paths, never dropped or made the prototype", () => {
    const result = Lock.validate(lockText([["__proto__", []], ["https://a.example/m", ["__proto__", "ok"]]]))
    assert.deepStrictEqual(Result.isFailure(result) ? Result.failureOf(result).map(Lock.formatIssue) : "accepted", [
      "apis.__proto__: the key \"__proto__\" is not allowed",
      "apis[\"https://a.example/m\"].tools.__proto__: the key \"__proto__\" is not allowed"
    ])
  })

  it("property: any other key survives decoding as an own key; __proto__ anywhere is refused", () => {
    const name = fc.oneof(fc.constantFrom(...PROTOTYPE_NAMES), fc.stringMatching(/^[a-z_]{1,8}$/))
    const api = fc.tuple(
      fc.oneof(fc.constant("__proto__"), fc.stringMatching(/^[a-z]{1,6}$/).map((host) => `https://${host}.example/m`)),
      fc.uniqueArray(name, { maxLength: 5 })
    )
    fc.assert(
      fc.property(fc.uniqueArray(api, { maxLength: 4, selector: ([url]) => url }), (apis) => {
        const result = Lock.validate(lockText(apis))
        const hasProto = apis.some(([url, tools]) => url === "__proto__" || tools.includes("__proto__"))
        if (hasProto) {
          assert.isTrue(Result.isFailure(result))
          assert.isTrue(Result.isFailure(result) && Result.failureOf(result).some((issue) => issue.message === "the key \"__proto__\" is not allowed"))
          return
        }
        assert.isTrue(Result.isSuccess(result), Result.isFailure(result) ? Result.failureOf(result).map(Lock.formatIssue).join("\n") : "")
        const lock = getOrThrow(result)
        assert.deepStrictEqual(Object.keys(lock.apis).sort(), apis.map(([url]) => url).sort())
        for (const [url, tools] of apis) {
          assert.deepStrictEqual(Object.keys(lock.apis[url]!.tools).sort(), [...tools].sort())
          for (const tool of tools) assert.isTrue(Object.hasOwn(lock.apis[url]!.tools, tool), tool)
          assert.strictEqual(Object.getPrototypeOf(lock.apis[url]!.tools), Object.prototype)
        }
      }),
      RUNS
    )
  })
})

describe("prototype names in a manifest", () => {
  it("a tool named __proto__ is refused by validation, naming the field", () => {
    const result = Manifest.validate(
      JSON.parse(`{"rcpVersion":"0.1","tools":[{"name":"__proto__","description":"d","method":"GET","params":[],"url":"https://a.example/x"}]}`),
      {}
    )
    assert.deepStrictEqual(Result.isFailure(result) ? Result.failureOf(result).map(Manifest.formatIssue) : "accepted", [
      "tools[0].name: \"__proto__\" cannot be a tool name (a lock keys tools by name)"
    ])
  })

  it("constructor and prototype are tools like any other: locked, held to the lock, executed; params named like the prototype arrive", async () => {
    const received: Array<{ target: string; body: string; auth: string | undefined }> = []
    const server = await startServer((req, res) => {
      // Node's parsed `headers` cannot hold "__proto__" either; the raw list can.
      const at = req.rawHeaders.findIndex((name, i) => i % 2 === 0 && name === "__proto__")
      received.push({ target: req.target, body: req.body, auth: at === -1 ? undefined : req.rawHeaders[at + 1] })
      json(res, 200, { ok: true })
    })
    const url = server.url("/rcp/manifest")
    // Written as JSON text: in an object literal, `__proto__:` would set the prototype instead.
    const tool = (name: string) =>
      `{"name":"${name}","description":"The ${name} tool.","method":"POST",` +
      `"params":[{"name":"__proto__","type":"string"},{"name":"constructor","type":"string"},{"name":"prototype","type":"string"}],` +
      `"url":"${server.origin}/${name}/{{__proto__}}","queryParams":{"constructor":"{{constructor}}"},` +
      `"body":{"__proto__":"{{__proto__}}","prototype":"{{prototype}}"}}`
    const manifest: unknown = JSON.parse(
      `{"rcpVersion":"0.1","auth":{"type":"header","name":"__proto__","scheme":"Bearer"},"tools":[${tool("constructor")},${tool("prototype")}]}`
    )
    const decoded = getOrThrow(Manifest.validate(manifest, {}))
    const lock = getOrThrow(Lock.validate(JSON.parse(Lock.format(Lock.make([{ url, manifest: decoded }])))))
    assert.deepStrictEqual(Object.keys(lock.apis[Lock.keyOf(url)]!.tools), ["constructor", "prototype"])
    const client = Client.createRcpClient({ lock, credential: "S3CRET" })
    try {
      const discovery = await client.register(manifest, { url })
      assert.deepStrictEqual(discovery.tools.map((tool) => [tool.name, Object.keys(tool.parameters.properties)]), [
        ["constructor", ["__proto__", "constructor", "prototype"]],
        ["prototype", ["__proto__", "constructor", "prototype"]]
      ])
      const args = JSON.parse(`{"__proto__":"p1","constructor":"c1","prototype":"t1"}`) as unknown
      for (const name of ["constructor", "prototype"]) await client.execute({ name, arguments: args })
      assert.deepStrictEqual(received, ["constructor", "prototype"].map((name) => ({
        target: `/${name}/p1?constructor=c1`,
        body: `{"__proto__":"p1","prototype":"t1"}`,
        auth: "Bearer S3CRET"
      })))
    } finally {
      await client.close()
      await server.close()
    }
  })
})
