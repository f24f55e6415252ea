/**
 * Where a call may go and what it carries (docs/protocol.md §3.4, §3.5), through the
 * public `buildRequest`, which does everything `execute` does before sending: no server is needed,
 * because nothing is ever sent. (test/client/execute.auth.test.ts shows the same rules over HTTP.)
 */
import { assert, describe, it } from "../support/effectVitest.js"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Redacted from "effect/Redacted"
import * as Client from "../../src/Client.js"
import type * as Manifest from "../../src/Manifest.js"
import * as Resolver from "../../src/Resolver.js"
import type { Value } from "../../src/Resolver.js"
import * as Execution from "../../src/internal/client/execution.js"
import * as Settings from "../../src/internal/client/settings.js"
import * as Transport from "../../src/internal/transport/rules.js"

const MANIFEST_URL = "https://api.example/rcp"

type ToolFields = { readonly url: string; readonly params?: ReadonlyArray<{ name: string; type: "string" }> }

const manifest = (tools: Record<string, ToolFields>, auth?: unknown) => ({
  rcpVersion: "0.1",
  ...(auth === undefined ? {} : { auth }),
  tools: Object.entries(tools).map(([name, t]) => ({
    name,
    description: "d",
    method: "GET",
    params: t.params ?? [],
    url: t.url
  }))
})

const client = (options: Client.Options = {}, resolvers: Parameters<typeof Resolver.layer>[0] = {}) =>
  Client.layerUndici(options).pipe(Layer.provide(Resolver.layer(resolvers)))

/** Registers `m` as served from MANIFEST_URL, then builds the call. */
const build = (m: unknown, call: Client.ToolCall) =>
  Effect.flatMap(Client.register(m, { url: MANIFEST_URL }), () => Client.buildRequest(call))

const HEADER_AUTH = { type: "header", name: "Authorization", scheme: "Bearer" }
const ID = [{ name: "id", type: "string" as const }]

describe("origin", () => {
  it.effect("a tool on the manifest's origin is built", () =>
    Effect.gen(function*() {
      const request = yield* build(manifest({ t: { url: "https://api.example/x" } }), { name: "t" })
      assert.strictEqual(request.url, "https://api.example/x")
    }).pipe(Effect.provide(client())))

  it.effect("a tool on another origin fails with UntrustedOrigin, naming both origins", () =>
    Effect.gen(function*() {
      for (const url of ["https://other.example/x", "https://api.example:8443/x", "https://sub.api.example/x"]) {
        const error = yield* Effect.flip(build(manifest({ t: { url } }), { name: "t" }))
        assert.strictEqual(error._tag, "UntrustedOrigin")
        if (error._tag === "UntrustedOrigin") {
          assert.deepStrictEqual(
            { tool: error.tool, origin: error.origin, manifestOrigin: error.manifestOrigin },
            { tool: "t", origin: new URL(url).origin, manifestOrigin: "https://api.example" }
          )
        }
      }
    }).pipe(Effect.provide(client())))

  it.effect("an origin the operator trusts is built; other origins stay refused", () =>
    Effect.gen(function*() {
      const m = manifest({ t: { url: "https://other.example/x" }, u: { url: "https://third.example/x" } })
      assert.strictEqual((yield* build(m, { name: "t" })).url, "https://other.example/x")
      assert.strictEqual((yield* Effect.flip(Client.buildRequest({ name: "u" })))._tag, "UntrustedOrigin")
    }).pipe(Effect.provide(client({ trustedOrigins: ["https://other.example"] }))))

  it.effect("the untrusted origin is refused before the credential is asked for", () => {
    let asked = 0
    return Effect.gen(function*() {
      const error = yield* Effect.flip(build(manifest({ t: { url: "https://other.example/x" } }, HEADER_AUTH), { name: "t" }))
      assert.strictEqual(error._tag, "UntrustedOrigin")
      assert.strictEqual(asked, 0)
    }).pipe(Effect.provide(client({ credential: () => (asked++, "tok") })))
  })
})

describe("plain http", () => {
  const settings = (allowHttp: boolean) => Settings.make({ allowHttp })

  it("is insecure to a host that is not loopback unless allowed; https never is", () => {
    assert.isTrue(Transport.insecure(new URL("http://api.example/x"), settings(false)))
    assert.isFalse(Transport.insecure(new URL("http://api.example/x"), settings(true)))
    assert.isFalse(Transport.insecure(new URL("https://api.example/x"), settings(false)))
    assert.isFalse(Transport.insecure(new URL("http://127.0.0.1:8080/x"), settings(false)))
    assert.isFalse(Transport.insecure(new URL("http://app.localhost/x"), settings(false)))
  })
})

describe("credential", () => {
  const authed = manifest({ t: { url: "https://api.example/x" } }, HEADER_AUTH)

  it.effect("auth none needs no credential, and none is written", () =>
    Effect.gen(function*() {
      const request = yield* build(manifest({ t: { url: "https://api.example/x" } }), { name: "t" })
      assert.notProperty(request.headers, "authorization")
    }).pipe(Effect.provide(client())))

  it.effect("a required credential that is not configured fails with CredentialMissing", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(build(authed, { name: "t" }))
      assert.strictEqual(error._tag, "CredentialMissing")
      assert.strictEqual(error.message, "tool \"t\": the manifest requires a credential for https://api.example, but none is configured")
    }).pipe(Effect.provide(client())))

  it.effect("a constant credential is written where auth says, and shown redacted", () =>
    Effect.gen(function*() {
      const request = yield* build(authed, { name: "t" })
      assert.strictEqual(request.headers["authorization"], "Bearer <redacted>")
      assert.notInclude(JSON.stringify(request), "tok-secret")
    }).pipe(Effect.provide(client({ credential: Redacted.make("tok-secret") }))))

  it.effect("a query credential is shown redacted in the URL", () =>
    Effect.gen(function*() {
      const request = yield* build(manifest({ t: { url: "https://api.example/x?a=1" } }, { type: "query", name: "key" }), {
        name: "t"
      })
      assert.strictEqual(request.url, "https://api.example/x?a=1&key=<redacted>")
    }).pipe(Effect.provide(client({ credential: "tok-secret" }))))

  it.effect("a credential function is asked with the origin, the manifest and the tool", () => {
    const asked: Array<unknown> = []
    return Effect.gen(function*() {
      yield* build(authed, { name: "t" })
      assert.deepStrictEqual(asked, [{ origin: "https://api.example", manifestUrl: MANIFEST_URL, tool: "t" }])
    }).pipe(Effect.provide(client({ credential: (request) => (asked.push(request), "tok") })))
  })

  it.effect("a credential function returning a non-string fails with CredentialMissing, never sending it", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(build(authed, { name: "t" }))
      assert.strictEqual(error._tag, "CredentialMissing")
      if (error._tag === "CredentialMissing") assert.strictEqual(error.reason, "the configured credential is not a string")
    }).pipe(Effect.provide(client({ credential: (() => 12345) as unknown as Client.Options["credential"] }))))

  it.effect("a constant credential HTTP cannot carry is reported per call", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(build(authed, { name: "t" }))
      assert.strictEqual(error._tag, "CredentialMissing")
      if (error._tag === "CredentialMissing") {
        assert.strictEqual(error.reason, "the credential contains characters that cannot be sent")
      }
    }).pipe(Effect.provide(client({ credential: "tok\r\nX-Evil: 1" }))))
})

describe("which credential a call gets (docs/protocol.md §3.5)", () => {
  const OTHER_URL = "https://other.example/rcp"
  const two = Effect.gen(function*() {
    yield* Client.register(manifest({ t: { url: "https://api.example/x" } }, HEADER_AUTH), { url: MANIFEST_URL })
    yield* Client.register(manifest({ u: { url: "https://other.example/y" } }, HEADER_AUTH), { url: OTHER_URL })
  })

  it.effect("a client-wide fixed credential goes only to the first API registered with it; another origin's call fails", () =>
    Effect.gen(function*() {
      yield* two
      assert.strictEqual((yield* Client.buildRequest({ name: "t" })).headers["authorization"], "Bearer <redacted>")
      const error = yield* Effect.flip(Client.buildRequest({ name: "u" }))
      assert.strictEqual(error._tag, "CredentialMissing")
      if (error._tag === "CredentialMissing") {
        assert.strictEqual(
          error.reason,
          "the client-wide credential is sent only to https://api.example and the client's trustedOrigins; nothing " +
            "was sent. Discover https://other.example/rcp with a credential of its own, or add https://other.example " +
            "to the client's trustedOrigins"
        )
      }
    }).pipe(Effect.provide(client({ credential: "tok-secret" }))))

  it.effect("an origin the client trusts gets the client-wide fixed credential too", () =>
    Effect.gen(function*() {
      yield* two
      assert.strictEqual((yield* Client.buildRequest({ name: "u" })).headers["authorization"], "Bearer <redacted>")
    }).pipe(Effect.provide(client({ credential: "tok-secret", trustedOrigins: ["https://other.example"] }))))

  it.effect("an API's own credential is used instead of the client-wide one, also away from the home origin", () => {
    const asked: Array<string> = []
    return Effect.gen(function*() {
      yield* Client.register(manifest({ t: { url: "https://api.example/x" } }, HEADER_AUTH), { url: MANIFEST_URL })
      yield* Client.register(manifest({ u: { url: "https://other.example/y" } }, HEADER_AUTH), {
        url: OTHER_URL,
        credential: () => (asked.push("own"), "own-tok")
      })
      assert.strictEqual((yield* Client.buildRequest({ name: "u" })).headers["authorization"], "Bearer <redacted>")
      assert.deepStrictEqual(asked, ["own"])
    }).pipe(Effect.provide(client({ credential: "tok-secret" })))
  })

  it.effect("an API's own credential is asked rather than a client-wide function", () => {
    const asked: Array<string> = []
    return Effect.gen(function*() {
      yield* Client.register(manifest({ t: { url: "https://api.example/x" } }, HEADER_AUTH), {
        url: MANIFEST_URL,
        credential: () => (asked.push("own"), "own-tok")
      })
      yield* Client.buildRequest({ name: "t" })
      assert.deepStrictEqual(asked, ["own"])
    }).pipe(Effect.provide(client({ credential: () => (asked.push("client"), "client-tok") })))
  })
})

describe("resolved params", () => {
  it.effect("a resolved value is filled in where its placeholder is", () =>
    Effect.gen(function*() {
      const request = yield* build(manifest({ t: { url: "https://api.example/users/{{id}}", params: ID } }), { name: "t" })
      assert.strictEqual(request.url, "https://api.example/users/u-1234")
    }).pipe(Effect.provide(client({}, { id: () => "u-1234" }))))
})

describe("who is blamed for a value the request cannot carry", () => {
  const m = manifest({ t: { url: "https://api.example/users/{{id}}", params: ID } })

  it.effect("an argument of the wrong type: InvalidArguments before anything is rendered", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(build(m, { name: "t", arguments: { id: 5 } }))
      assert.strictEqual(error._tag, "InvalidArguments")
      if (error._tag === "InvalidArguments") {
        assert.strictEqual(error.tool, "t")
        assert.strictEqual(error.problems.length, 1)
        assert.include(error.problems[0], "id")
      }
    }).pipe(Effect.provide(client())))

  it.effect("a model argument: InvalidArguments naming the param", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(build(m, { name: "t", arguments: { id: "../admin" } }))
      assert.strictEqual(error._tag, "InvalidArguments")
      if (error._tag === "InvalidArguments") {
        assert.deepStrictEqual(error.problems, ["\"id\" cannot contain \"/\" or \"\\\" in the URL path"])
      }
    }).pipe(Effect.provide(client())))

  it.effect("a resolved value: ResolverFailed, the operator's to fix, without the value", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(build(m, { name: "t" }))
      assert.strictEqual(error._tag, "ResolverFailed")
      if (error._tag === "ResolverFailed") {
        assert.strictEqual(error.param, "id")
        assert.strictEqual(error.reason, "produced a value that cannot contain \"/\" or \"\\\" in the URL path")
        assert.notInclude(error.message, "admin")
      }
    }).pipe(Effect.provide(client({}, { id: () => "../admin" }))))
})

describe("which resolved values an error body is redacted of (docs/protocol.md §3, SECURITY.md)", () => {
  const scalar = { name: "p", type: "string" } as const
  const of = (values: ReadonlyArray<Value>) => values.map((value) => [scalar, value] as const)

  it("strings and numbers of four or more characters, as they are sent; shorter ones and booleans are left", () => {
    assert.deepStrictEqual(
      Execution.redactable(of(["u-42", "abc", 12345, 123, true, false, "", "tenant-a", 1.5e3, -100])),
      ["u-42", "12345", "tenant-a", "1500", "-100"]
    )
  })

  it("nothing to redact when nothing qualifies", () => {
    assert.deepStrictEqual(Execution.redactable(of([true, 7, "ab"])), [])
  })

  it("an array or object: every string and number in it, a map's keys, not the names its schema declares", () => {
    const profile: Manifest.Param = {
      name: "profile",
      type: "object",
      schema: {
        type: "object",
        properties: { email: { type: "string" }, roles: { type: "array", items: { type: "string" } } },
        additionalProperties: { type: "number" }
      }
    }
    const value = { email: "ada@example.com", roles: ["admin", "ops"], "secret-project": 4242, extra: 1 }
    assert.deepStrictEqual(Execution.redactable([[profile, value]]), ["ada@example.com", "admin", "secret-project", "4242", "extra"])
  })

  it("at most 256 texts, however large the value", () => {
    const list: Manifest.Param = { name: "ids", type: "array", schema: { type: "array", items: { type: "string" } } }
    const ids = Array.from({ length: 1000 }, (_, i) => `id-${String(i).padStart(4, "0")}`)
    assert.strictEqual(Execution.redactable([[list, ids]]).length, Execution.MAX_REDACTED)
  })
})

describe("an error body that echoes a resolved value (no server: a fetch answers in process)", () => {
  it("the resolved value of the call is redacted from HttpError.body; the model's own value is not", async () => {
    const rcp = Client.createRcpClient({
      fetch: async (input) =>
        new Response(JSON.stringify({ error: `no user u-4242 for ${new URL(String(input instanceof Request ? input.url : input)).searchParams.get("q")}` }), {
          status: 404,
          headers: { "content-type": "application/json" }
        }),
      resolvers: { userId: () => "u-4242" }
    })
    try {
      await rcp.register(
        {
          rcpVersion: "0.1",
          tools: [{
            name: "find",
            description: "d",
            method: "GET",
            params: [{ name: "userId", type: "string" }, { name: "q", type: "string" }],
            url: "https://api.example/users/{{userId}}",
            queryParams: { q: "{{q}}" }
          }]
        },
        { url: MANIFEST_URL }
      )
      const error = await rcp.execute({ name: "find", arguments: { q: "cats-and-dogs" } }).then(
        () => assert.fail("resolved"),
        (e: unknown) => e
      )
      assert.instanceOf(error, Client.HttpError)
      const body = (error as Client.HttpError).body
      assert.notInclude(body, "u-4242")
      assert.include(body, "cats-and-dogs")
    } finally {
      await rcp.close()
    }
  })
})

describe("fields: the model's argument never reaches the request or a param (docs/results.md)", () => {
  const search = {
    rcpVersion: "0.1",
    tools: [{
      name: "search",
      description: "d",
      method: "POST",
      params: [{ name: "userId", type: "string" }, { name: "q", type: "string" }, { name: "limit", type: "number", required: false }],
      url: "https://api.example/users/{{userId}}/search",
      queryParams: { q: "{{q}}", limit: "{{limit}}" },
      headers: { "x-query": "{{q}}" },
      body: { q: "{{q}}", user: "{{userId}}" }
    }, {
      // The API's own `fields` param: the client's argument is `rcp_fields` beside it.
      name: "google",
      description: "d",
      method: "GET",
      params: [{ name: "fields", type: "string", required: false }],
      url: "https://api.example/items",
      queryParams: { fields: "{{fields}}" }
    }]
  }
  const resolved = { userId: () => "u-1" }
  const built = (call: Client.ToolCall, fields: boolean = true) =>
    Effect.flatMap(Client.register(search, { url: MANIFEST_URL, fields }), () => Client.buildRequest(call)).pipe(
      Effect.provide(client({}, resolved))
    )

  it.effect("the request is the one built without it: url, headers and body", () =>
    Effect.gen(function*() {
      const plain = yield* built({ name: "search", arguments: { q: "cats" } })
      const asked = yield* built({ name: "search", arguments: { q: "cats", fields: ["@items[*].id", "@next"] } })
      assert.deepStrictEqual(asked, plain)
      assert.strictEqual(asked.url, "https://api.example/users/u-1/search?q=cats")
      assert.strictEqual(asked.body, JSON.stringify({ q: "cats", user: "u-1" }))
      assert.notInclude(JSON.stringify(asked), "items")
    }))

  it.effect("it cannot fill a resolved param, nor a visible one; its problems are InvalidArguments with the others'", () =>
    Effect.gen(function*() {
      const request = yield* built({ name: "search", arguments: { q: "x", fields: ["@userId", "@q"] } })
      assert.strictEqual(request.url, "https://api.example/users/u-1/search?q=x")
      const error = yield* Effect.flip(built({ name: "search", arguments: { q: 5, fields: ["items"] } }))
      assert.strictEqual(error._tag, "InvalidArguments")
      assert.deepStrictEqual((error as Client.InvalidArguments).problems.length, 2)
      assert.match(error.message, /"q" must be a string, got a number/)
      assert.match(error.message, /fields\[0\]/)
      // A spoofed resolved param is still refused, with or without `fields`.
      const spoofed = yield* Effect.flip(built({ name: "search", arguments: { q: "x", userId: "u-2", fields: [] } }))
      assert.match(spoofed.message, /"userId" is filled in by the client and must not be sent/)
    }))

  it.effect("not offered, `fields` is an unknown argument like any other", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(built({ name: "search", arguments: { q: "x", fields: ["@a"] } }, false))
      assert.match(error.message, /unknown argument "fields"/)
    }))

  it.effect("arguments that are not JSON, or no object, are the same InvalidArguments whether or not the tool offers it", () =>
    Effect.gen(function*() {
      for (const fields of [true, false]) {
        const text = yield* Effect.flip(built({ name: "search", arguments: "{\"q\": " }, fields))
        assert.strictEqual(text._tag, "InvalidArguments")
        assert.match(text.message, /the arguments are not valid JSON; send a JSON object/)
        const list = yield* Effect.flip(built({ name: "search", arguments: "[1]" }, fields))
        assert.match(list.message, /the arguments must be a JSON object, got an array/)
      }
      // As a JSON string, the argument is taken out all the same.
      const request = yield* built({ name: "search", arguments: JSON.stringify({ q: "cats", fields: ["@id"] }) })
      assert.strictEqual(request.url, "https://api.example/users/u-1/search?q=cats")
    }))

  it.effect("no key is the argument of a tool that does not offer it (not even one named \"undefined\")", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(built({ name: "search", arguments: { q: "x", undefined: ["@a"] } }, false))
      assert.match(error.message, /unknown argument "undefined"/)
    }))

  it.effect("beside the API's own `fields`: that one is sent, `rcp_fields` never", () =>
    Effect.gen(function*() {
      const request = yield* built({ name: "google", arguments: { fields: "id,name", rcp_fields: ["@items"] } })
      assert.strictEqual(request.url, "https://api.example/items?fields=id%2Cname")
      const own = yield* built({ name: "google", arguments: { rcp_fields: ["@items"] } })
      assert.strictEqual(own.url, "https://api.example/items")
    }))
})
