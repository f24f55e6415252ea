/**
 * The approval policy fails closed on a configuration typo (issue #29, class 8): methods compare
 * case-insensitively; a method the format does not have, a field the policy does not have, a name
 * that is not a tool name, an answer that is not a boolean, and — with a lock — a tool no locked API
 * has are `TypeError`s when the client is built, naming the problem. Server-less, for `npm run
 * mutate`; test/client/approval.test.ts shows the same rules end to end.
 */
import { assert, describe, it } from "../support/effectVitest.js"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Layer from "effect/Layer"
import * as Client from "../../src/Client.js"
import * as Lock from "../../src/Lock.js"
import * as Manifest from "../../src/Manifest.js"
import * as Resolver from "../../src/Resolver.js"
import * as Approval from "../../src/internal/client/approval.js"

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const

const thrown = (f: () => unknown): string => {
  try {
    f()
  } catch (error) {
    assert.instanceOf(error, TypeError)
    return (error as TypeError).message
  }
  return "(nothing thrown)"
}

describe("approval policy: what it marks", () => {
  it("the default asks about every method but GET", () => {
    const policy = Approval.policy(undefined)
    assert.deepStrictEqual(METHODS.map((method) => Approval.needed(policy, "t", method)), [false, true, true, true, true])
    assert.deepStrictEqual(Approval.policy({}), policy)
  })

  it("methods compare case-insensitively: post, Post and POST are POST", () => {
    for (const spelled of ["post", "Post", "POST", "pOsT"] as const) {
      const policy = Approval.policy({ methods: [spelled as "POST"] })
      assert.deepStrictEqual(METHODS.map((method) => Approval.needed(policy, "t", method)), [false, true, false, false, false], spelled)
    }
    const all = Approval.policy({ methods: ["get", "put", "patch", "delete"] })
    assert.deepStrictEqual(METHODS.map((method) => Approval.needed(all, "t", method)), [true, false, true, true, true])
    assert.deepStrictEqual(METHODS.map((method) => Approval.needed(Approval.policy({ methods: [] }), "t", method)), [false, false, false, false, false])
  })

  it("a tool's own entry wins over its method, both ways", () => {
    const policy = Approval.policy({ methods: ["POST"], tools: { search: true, enroll: false } })
    assert.isTrue(Approval.needed(policy, "search", "GET"))
    assert.isFalse(Approval.needed(policy, "enroll", "POST"))
    assert.isTrue(Approval.needed(policy, "other", "POST"))
    assert.isFalse(Approval.needed(policy, "other", "GET"))
  })
})

describe("approval policy: a typo is a configuration error when the client is built", () => {
  it("a method the format does not have", () => {
    assert.strictEqual(
      thrown(() => Approval.policy({ methods: ["POST", "FETCH" as "POST"] })),
      "rcp-sdk: approval.methods[1] is \"FETCH\", not one of GET, POST, PUT, PATCH, DELETE"
    )
    assert.strictEqual(
      thrown(() => Approval.policy({ methods: [7 as unknown as "POST"] })),
      "rcp-sdk: approval.methods[0] is a number, not one of GET, POST, PUT, PATCH, DELETE"
    )
    assert.strictEqual(
      thrown(() => Approval.policy({ methods: "POST" as unknown as ["POST"] })),
      "rcp-sdk: approval.methods must be an array of HTTP methods"
    )
    // A control character in the typo is shown escaped.
    assert.strictEqual(
      thrown(() => Approval.policy({ methods: ["P\u001bOST" as "POST"] })),
      "rcp-sdk: approval.methods[0] is \"P\\\\u001bOST\", not one of GET, POST, PUT, PATCH, DELETE"
    )
  })

  it("a field the policy does not have (`method`, `tool`), or no object at all", () => {
    assert.strictEqual(
      thrown(() => Approval.policy({ method: ["POST"] } as Client.ApprovalPolicy)),
      "rcp-sdk: approval has no field \"method\" (it takes methods and tools)"
    )
    assert.strictEqual(
      thrown(() => Approval.policy({ tool: { x: true } } as Client.ApprovalPolicy)),
      "rcp-sdk: approval has no field \"tool\" (it takes methods and tools)"
    )
    assert.strictEqual(thrown(() => Approval.policy([] as Client.ApprovalPolicy)), "rcp-sdk: approval must be an object: { methods?, tools? }")
    assert.strictEqual(thrown(() => Approval.policy("POST" as Client.ApprovalPolicy)), "rcp-sdk: approval must be an object: { methods?, tools? }")
  })

  it("a tool name that no tool can have, an answer that is not a boolean", () => {
    assert.strictEqual(
      thrown(() => Approval.policy({ tools: { "send email": true } })),
      "rcp-sdk: approval.tools: \"send email\" is not a tool name (1 to 64 of A-Z a-z 0-9 _ -)"
    )
    assert.strictEqual(
      thrown(() => Approval.policy({ tools: { send_email: "yes" as unknown as boolean } })),
      "rcp-sdk: approval.tools[\"send_email\"] must be true or false, not a string"
    )
    assert.strictEqual(
      thrown(() => Approval.policy({ tools: ["send_email"] as unknown as Record<string, boolean> })),
      "rcp-sdk: approval.tools must be an object of tool names to true or false"
    )
  })

  it("with a lock, a tool name no locked tool has (with or without a prefix before it)", () => {
    const locked = ["send_email", "list_inbox"]
    assert.strictEqual(
      thrown(() => Approval.policy({ tools: { send_emial: true } }, locked)),
      "rcp-sdk: approval.tools names \"send_emial\", which no tool of the client's lock has"
    )
    // A discovery's prefix goes before the locked name.
    assert.isTrue(Approval.needed(Approval.policy({ tools: { mail_list_inbox: true, send_email: true } }, locked), "mail_list_inbox", "GET"))
    // Names of an object's prototype are names like any other.
    assert.strictEqual(
      thrown(() => Approval.policy({ tools: { constructor: true } }, locked)),
      "rcp-sdk: approval.tools names \"constructor\", which no tool of the client's lock has"
    )
  })
})

describe("approval policy: through the client's constructors", () => {
  const manifest: Manifest.Manifest = {
    rcpVersion: "0.1",
    tools: [{ name: "send_email", description: "Send.", method: "POST", params: [], url: "https://mail.example.com/send" }]
  }
  const lock = Lock.make([{ url: "https://mail.example.com/rcp/manifest", manifest }])

  it("createRcpClient throws at construction", () => {
    assert.throws(
      () => Client.createRcpClient({ approval: { methods: ["FETCH" as "POST"] } }),
      TypeError,
      "rcp-sdk: approval.methods[0] is \"FETCH\", not one of GET, POST, PUT, PATCH, DELETE"
    )
  })

  it("a layer with a lock dies building the client with the name; the lock's own names build", async () => {
    const build = (approval: Client.ApprovalPolicy) =>
      Effect.runPromiseExit(
        Effect.scoped(Layer.build(Client.layerUndici({ lock, approval }).pipe(Layer.provide(Resolver.layer({})))))
      )
    const bad = await build({ tools: { send_emial: true } })
    assert.isTrue(Exit.isFailure(bad))
    assert.include(String(Exit.isFailure(bad) ? bad.cause : ""), "approval.tools names \"send_emial\", which no tool of the client's lock has")
    assert.isTrue(Exit.isSuccess(await build({ tools: { send_email: true }, methods: ["post"] })))
  })
})
