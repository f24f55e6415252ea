/**
 * The core's public helpers that the satellite packages use instead of its internals (each a
 * documented export of the module of its job): they are the very rules the core applies itself,
 * reached by name.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Client from "../src/Client.js"
import * as Lock from "../src/Lock.js"
import * as Manifest from "../src/Manifest.js"
import * as Providers from "../src/Providers.js"
import { clientLayer, manifest } from "./support/execute.js"

describe("rcp-sdk/client: the client's rules", () => {
  it("isLoopbackHost and isBlockedAddress: the hosts behind allowHttp and blockPrivateNetworks", () => {
    for (const host of ["localhost", "api.localhost", "127.0.0.1", "[::1]"]) assert.isTrue(Client.isLoopbackHost(host), host)
    for (const host of ["example.com", "10.0.0.1", "::1"]) assert.isFalse(Client.isLoopbackHost(host), host)
    for (const host of ["10.0.0.1", "169.254.169.254", "[::1]", "::ffff:127.0.0.1"]) assert.isTrue(Client.isBlockedAddress(host), host)
    for (const host of ["93.184.216.34", "2606:4700::1111"]) assert.isFalse(Client.isBlockedAddress(host), host)
  })

  it("redact: every echoed form of a secret, as in an HttpError's body", () => {
    assert.strictEqual(Client.redact("token s3cr3t-v4lue, again s3cr3t%2Dv4lue", ["s3cr3t-v4lue"]), "token <redacted>, again <redacted>")
  })

  it.effect("toolMethod: the method behind a tool the client compiled; none for a tool built elsewhere", () =>
    Effect.gen(function*() {
      const discovery = yield* Client.register(
        manifest([{ name: "list", url: "https://api.example/x" }, { name: "make", method: "POST", url: "https://api.example/x" }]),
        { url: "https://api.example/rcp" }
      )
      assert.deepStrictEqual(discovery.tools.map(Client.toolMethod), ["GET", "POST"])
      assert.isUndefined(Client.toolMethod({ ...discovery.tools[0]! }))
    }).pipe(Effect.provide(clientLayer())))
})

describe("rcp-sdk/manifest: the text rules", () => {
  it("HEADER_NAME and RESERVED_HEADERS: what decode refuses in a tool's headers", () => {
    assert.isTrue(Manifest.HEADER_NAME.test("X-Request-Id"))
    assert.isFalse(Manifest.HEADER_NAME.test("Bad Header"))
    for (const name of ["host", "content-length", "cookie"]) assert.isTrue(Manifest.RESERVED_HEADERS.has(name), name)
    assert.isFalse(Manifest.RESERVED_HEADERS.has("x-request-id"))
  })

  it("escapeControls and describeJsonError", () => {
    assert.strictEqual(Manifest.escapeControls("a\u001b[2Jb\nc"), "a\\u001b[2Jb\\nc")
    assert.strictEqual(Manifest.describeJsonError("{\n  \"a\": 1,\n}"), "expected a property name in double quotes at line 3, column 1")
  })

  it("Lock.shownName: a pinned name cut to 64 characters and escaped", () => {
    assert.strictEqual(Lock.shownName("a\u0007b"), "a\\u0007b")
    assert.strictEqual(Lock.shownName("x".repeat(70)), `${"x".repeat(64)}…`)
  })
})

describe("rcp-sdk/providers: for integrations with shapes of their own", () => {
  const tool = {
    name: "t",
    description: "d",
    parameters: { type: "object", properties: { a: { type: "string" } }, required: [], additionalProperties: false }
  } as const

  it("toolParameters: a fresh copy, or the strict form", () => {
    const copy = Providers.toolParameters(tool)
    assert.deepStrictEqual(copy, { type: "object", properties: { a: { type: "string" } }, required: [], additionalProperties: false })
    assert.notStrictEqual(copy.properties, tool.parameters.properties)
    assert.deepStrictEqual(Providers.toolParameters(tool, { strict: true }).required, ["a"])
  })

  it("reply: a success's text (its model view), the model-facing text of a failure, the operator's error to onError", () => {
    const success = Providers.reply(Exit.succeed({ status: 200, data: { a: 1 } }), "t")
    assert.strictEqual(success._tag, "Success")
    if (success._tag === "Success") {
      assert.deepStrictEqual(success.result, { status: 200, data: { a: 1 } })
      assert.strictEqual(success.text, "{\"a\":1}")
      assert.strictEqual(success.model.text, success.text)
    }
    const seen: Array<unknown> = []
    const error = new Error("boom")
    assert.deepStrictEqual(Providers.reply(Exit.fail(error), "t", { onError: (e) => seen.push(e) }), {
      _tag: "Failure",
      text: "The tool \"t\" is unavailable right now."
    })
    assert.deepStrictEqual(seen, [error])
  })
})
