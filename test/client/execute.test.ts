/**
 * Executing tool calls (docs/protocol.md §3, §4) against a real HTTP server on 127.0.0.1: the seed flow,
 * argument checking, body typing, response handling and `buildRequest`. Every test asserts what
 * the server actually received — or that it received nothing.
 */
import { assert, describe, it } from "../support/effectVitest.js"
import * as Effect from "effect/Effect"
import * as Client from "../../src/Client.js"
import * as Resolver from "../../src/Resolver.js"
import { bearer, clientLayer, manifest, registerAt, type ToolInput } from "../support/execute.js"
import { json, testServer, type TestServer } from "../support/server.js"

const profileTool = (origin: string): ToolInput => ({
  name: "get_profile",
  method: "GET",
  params: [{ name: "userId", type: "string" }],
  url: `${origin}/users/{{userId}}`
})

const fromContext = { userId: (ctx: { readonly currentUserId?: string }) => ctx.currentUserId }

describe("execute: the seed flow", () => {
  it.scoped("get_profile: userId comes from the context, the credential goes in Authorization: Bearer", () =>
    Effect.gen(function*() {
      const server: TestServer = yield* testServer((req, res) => {
        if (req.path === "/rcp/manifest") {
          return json(res, 200, {
            ...manifest([{ ...profileTool(server.origin), description: "Get the current user's profile." }], bearer)
          })
        }
        return json(res, 200, { id: req.path.split("/")[2], name: "Ada" })
      })
      yield* Effect.gen(function*() {
        const discovery = yield* Client.discover(server.url("/rcp/manifest"))
        // The model never sees userId.
        assert.deepStrictEqual(discovery.tools[0]?.parameters, {
          type: "object",
          properties: {},
          required: [],
          additionalProperties: false
        })
        const result = yield* Client.execute(
          { name: "get_profile", arguments: "{}" },
          { context: { currentUserId: "u-42" } }
        )
        assert.deepStrictEqual<unknown>(result, { status: 200, data: { id: "u-42", name: "Ada" } })
      }).pipe(Effect.provide(clientLayer({ credential: "tok-123" }, fromContext)))

      assert.strictEqual(server.requests.length, 2)
      const [discovery, call] = server.requests
      // Discovery never carries the credential.
      assert.strictEqual(discovery?.headers.authorization, undefined)
      assert.strictEqual(call?.method, "GET")
      assert.strictEqual(call?.target, "/users/u-42")
      assert.strictEqual(call?.headers.authorization, "Bearer tok-123")
    }))

  it.scoped("no caller (no context, or a context without the id): ResolverMissing, nothing sent", () =>
    Effect.gen(function*() {
      const server = yield* testServer((_req, res) => json(res, 200, {}))
      const errors = yield* Effect.gen(function*() {
        yield* registerAt(server, [profileTool(server.origin)], bearer)
        return [
          yield* Effect.flip(Client.execute({ name: "get_profile", arguments: {} })),
          yield* Effect.flip(Client.execute({ name: "get_profile", arguments: "{}" }, { context: {} })),
          yield* Effect.flip(Client.execute({ name: "get_profile" }, { context: { currentUserId: undefined } }))
        ]
      }).pipe(Effect.provide(clientLayer({ credential: "tok-123" }, fromContext)))
      for (const error of errors) {
        assert.strictEqual(error._tag, "ResolverMissing")
        assert.instanceOf(error, Resolver.ResolverMissing)
        if (error._tag !== "ResolverMissing") continue
        assert.strictEqual(error.tool, "get_profile")
        assert.strictEqual(error.param, "userId")
        assert.include(error.message, `no value for "userId"`)
      }
      assert.strictEqual(server.requests.length, 0)
    }))

  it.scoped("a model argument for the resolver-bound param is refused even when the resolver has a value", () =>
    Effect.gen(function*() {
      const server = yield* testServer((_req, res) => json(res, 200, {}))
      let resolverCalls = 0
      const resolvers = {
        userId: (ctx: { readonly currentUserId?: string }) => {
          resolverCalls++
          return ctx.currentUserId
        }
      }
      const errors = yield* Effect.gen(function*() {
        yield* registerAt(server, [profileTool(server.origin)], bearer)
        const context = { context: { currentUserId: "u-42" } }
        return [
          yield* Effect.flip(Client.execute({ name: "get_profile", arguments: { userId: "u-evil" } }, context)),
          yield* Effect.flip(Client.execute({ name: "get_profile", arguments: "{\"userId\":\"u-42\"}" }, context))
        ]
      }).pipe(Effect.provide(clientLayer({ credential: "tok-123" }, resolvers)))
      for (const error of errors) {
        assert.strictEqual(error._tag, "InvalidArguments")
        assert.include(error.message, `"userId" is filled in by the client and must not be sent; leave it out`)
        assert.notInclude(error.message, "u-evil")
      }
      assert.strictEqual(resolverCalls, 0)
      assert.strictEqual(server.requests.length, 0)
    }))

  it.scoped("async and Effect resolvers; a throwing resolver fails closed with ResolverFailed", () =>
    Effect.gen(function*() {
      const server = yield* testServer((req, res) => json(res, 200, { path: req.path }))
      const tools: Array<ToolInput> = [
        { name: "a", params: [{ name: "tenant", type: "string" }], url: `${server.origin}/t/{{tenant}}` },
        { name: "b", params: [{ name: "region", type: "string" }], url: `${server.origin}/r/{{region}}` },
        { name: "c", params: [{ name: "broken", type: "string" }], url: `${server.origin}/c/{{broken}}` },
        { name: "d", params: [{ name: "count", type: "number" }], url: `${server.origin}/n/{{count}}` }
      ]
      const resolvers = {
        tenant: async () => "acme",
        region: () => Effect.succeed("eu-west"),
        broken: () => {
          throw new Error("boom")
        },
        count: () => "7"
      }
      const [a, b, c, d] = yield* Effect.gen(function*() {
        yield* registerAt(server, tools)
        return [
          yield* Client.execute({ name: "a" }),
          yield* Client.execute({ name: "b" }),
          yield* Effect.flip(Client.execute({ name: "c" })),
          yield* Effect.flip(Client.execute({ name: "d" }))
        ] as const
      }).pipe(Effect.provide(clientLayer({}, resolvers)))
      assert.deepStrictEqual(a.data, { path: "/t/acme" })
      assert.deepStrictEqual(b.data, { path: "/r/eu-west" })
      assert.strictEqual(c._tag, "ResolverFailed")
      assert.include(c.message, `the resolver for "broken" threw an error`)
      // A string for a number param is the wrong type: never coerced.
      assert.strictEqual(d._tag, "ResolverFailed")
      assert.include(d.message, "returned a string, but the param is declared as number")
      assert.deepStrictEqual(server.requests.map((r) => r.target), ["/t/acme", "/r/eu-west"])
    }))
})

describe("execute: argument checking (before any request)", () => {
  const searchTool = (origin: string): ToolInput => ({
    name: "search",
    params: [
      { name: "q", type: "string" },
      { name: "limit", type: "number" },
      { name: "exact", type: "boolean", required: false }
    ],
    url: `${origin}/search`,
    queryParams: { q: "{{q}}", limit: "{{limit}}", exact: "{{exact}}" }
  })

  const cases: ReadonlyArray<readonly [label: string, args: unknown, fragments: ReadonlyArray<string>]> = [
    ["missing required", { q: "x" }, [`missing required argument "limit" (number)`]],
    ["wrong type, strict: \"5\" is not a number", { q: "x", limit: "5" }, [`"limit" must be a number, got a string`]],
    ["wrong type: a number for a string", { q: 5, limit: 5 }, [`"q" must be a string, got a number`]],
    ["wrong type: \"true\" is not a boolean", { q: "x", limit: 1, exact: "true" }, [
      `"exact" must be a boolean, got a string`
    ]],
    // null for an optional param means "left out" (OpenAI strict mode; see test/model/providers.test.ts).
    ["null for a required", { q: "x", limit: null }, [`"limit" must be a number, got null`]],
    ["unknown key", { q: "x", limit: 1, admin: true }, [`unknown argument "admin" (expected: q, limit, exact)`]],
    ["not an object: an array", [1, 2], ["the arguments must be a JSON object, got an array"]],
    ["not an object: a number", 5, ["the arguments must be a JSON object, got a number"]],
    ["not an object: a JSON string of a string", "\"hello\"", ["the arguments must be a JSON object, got a string"]],
    ["invalid JSON string", "{q: 'x'", ["the arguments are not valid JSON; send a JSON object"]],
    ["null", null, ["the arguments must be a JSON object, got null"]],
    ["the JSON string null", "null", ["the arguments must be a JSON object, got null"]],
    ["every problem listed at once", "{\"q\": 1, \"extra\": 2}", [
      `unknown argument "extra"`,
      `"q" must be a string, got a number`,
      `missing required argument "limit" (number)`
    ]]
  ]

  for (const [label, args, fragments] of cases) {
    it.scoped(`InvalidArguments: ${label}`, () =>
      Effect.gen(function*() {
        const server = yield* testServer((_req, res) => json(res, 200, {}))
        const error = yield* Effect.gen(function*() {
          yield* registerAt(server, [searchTool(server.origin)])
          return yield* Effect.flip(Client.execute({ name: "search", arguments: args }))
        }).pipe(Effect.provide(clientLayer()))
        assert.strictEqual(error._tag, "InvalidArguments")
        assert.instanceOf(error, Client.InvalidArguments)
        if (error._tag !== "InvalidArguments") return
        assert.strictEqual(error.tool, "search")
        assert.strictEqual(error.problems.length, fragments.length)
        assert.include(error.message, `invalid arguments for tool "search":`)
        for (const fragment of fragments) assert.include(error.message, fragment)
        assert.strictEqual(server.requests.length, 0)
      }))
  }

  it.scoped("valid arguments pass as an object and as a JSON string; an absent optional is left out", () =>
    Effect.gen(function*() {
      const server = yield* testServer((_req, res) => json(res, 200, {}))
      yield* Effect.gen(function*() {
        yield* registerAt(server, [searchTool(server.origin)])
        yield* Client.execute({ name: "search", arguments: { q: "x", limit: 5, exact: false } })
        yield* Client.execute({ name: "search", arguments: "{\"q\":\"y\",\"limit\":0}" })
      }).pipe(Effect.provide(clientLayer()))
      assert.deepStrictEqual(server.requests.map((r) => r.target), [
        "/search?q=x&limit=5&exact=false",
        "/search?q=y&limit=0"
      ])
    }))

  it.scoped("params named like Object.prototype members are plain own keys", () =>
    Effect.gen(function*() {
      const server = yield* testServer((_req, res) => json(res, 200, {}))
      const [ok, missing] = yield* Effect.gen(function*() {
        yield* registerAt(server, [{
          name: "p",
          params: [
            { name: "__proto__", type: "string" },
            { name: "constructor", type: "string", required: false },
            { name: "toString", type: "number", required: false }
          ],
          url: `${server.origin}/x`,
          queryParams: { a: "{{__proto__}}", b: "{{constructor}}", c: "{{toString}}" }
        }])
        return [
          yield* Client.execute({ name: "p", arguments: "{\"__proto__\":\"pp\",\"toString\":3}" }),
          yield* Effect.flip(Client.execute({ name: "p", arguments: {} }))
        ] as const
      }).pipe(Effect.provide(clientLayer()))
      assert.strictEqual(ok.status, 200)
      // Inherited members do not count as given: "__proto__" is missing, the optionals are left out.
      assert.strictEqual(missing._tag, "InvalidArguments")
      assert.include(missing.message, `missing required argument "__proto__" (string)`)
      assert.notInclude(missing.message, "constructor")
      assert.deepStrictEqual(server.requests.map((r) => r.target), ["/x?a=pp&c=3"])
    }))

  it.scoped("ToolNotFound for an unknown name, listing the available tools; nothing sent", () =>
    Effect.gen(function*() {
      const server = yield* testServer((_req, res) => json(res, 200, {}))
      const error = yield* Effect.gen(function*() {
        yield* registerAt(server, [searchTool(server.origin), profileTool(server.origin)])
        return yield* Effect.flip(Client.execute({ name: "delete_everything", arguments: {} }))
      }).pipe(Effect.provide(clientLayer({}, fromContext)))
      assert.strictEqual(error._tag, "ToolNotFound")
      assert.instanceOf(error, Client.ToolNotFound)
      assert.include(error.message, `unknown tool "delete_everything"`)
      assert.include(error.message, "search")
      assert.include(error.message, "get_profile")
      assert.strictEqual(server.requests.length, 0)
    }))
})

describe("execute: the JSON body", () => {
  const bodyTool = (origin: string): ToolInput => ({
    name: "create",
    method: "POST",
    params: [
      { name: "n", type: "number" },
      { name: "flag", type: "boolean" },
      { name: "s", type: "string" },
      { name: "opt", type: "string", required: false },
      { name: "optNum", type: "number", required: false }
    ],
    url: `${origin}/items`,
    queryParams: { o: "{{opt}}", fixed: "1", mixed: "v-{{opt}}" },
    headers: { "X-Opt": "{{opt}}", "X-Mixed": "m-{{opt}}" },
    body: {
      n: "{{n}}",
      flag: "{{flag}}",
      s: "{{s}}",
      greeting: "hello {{s}}, you are {{n}} ({{flag}})",
      nested: { list: ["{{n}}", "{{flag}}", "x-{{s}}", { deep: "{{s}}" }, 3, null, "literal"], empty: {} },
      opt: "{{opt}}",
      optNum: "{{optNum}}",
      optText: "opt=[{{opt}}]",
      optInArray: ["{{opt}}"],
      lit: { t: true, f: false, z: 0, nul: null }
    }
  })

  it.scoped("whole-value placeholders keep their type; others interpolate; optionals left out", () =>
    Effect.gen(function*() {
      const server = yield* testServer((_req, res) => json(res, 201, { ok: true }))
      const result = yield* Effect.gen(function*() {
        yield* registerAt(server, [bodyTool(server.origin)])
        return yield* Client.execute({ name: "create", arguments: { n: 42.5, flag: false, s: "Ada \"the\" {{n}} \\" } })
      }).pipe(Effect.provide(clientLayer()))
      assert.deepStrictEqual<unknown>(result, { status: 201, data: { ok: true } })
      const req = server.requests[0]!
      assert.strictEqual(server.requests.length, 1)
      assert.strictEqual(req.method, "POST")
      assert.strictEqual(req.headers["content-type"], "application/json")
      const s = "Ada \"the\" {{n}} \\"
      const expected = {
        n: 42.5,
        flag: false,
        s,
        // A value that looks like a placeholder is text, never substituted again.
        greeting: `hello ${s}, you are 42.5 (false)`,
        nested: { list: [42.5, false, `x-${s}`, { deep: s }, 3, null, "literal"], empty: {} },
        // opt and optNum omitted (whole-value placeholders); inside a longer string: "".
        optText: "opt=[]",
        optInArray: [""],
        lit: { t: true, f: false, z: 0, nul: null }
      }
      // Serialized exactly once, in the template's key order.
      assert.strictEqual(req.body, JSON.stringify(expected))
      assert.deepStrictEqual(JSON.parse(req.body), expected)
      // queryParams / headers: a whole-value optional is omitted, inside a longer string it is "".
      assert.deepStrictEqual([...req.query.entries()], [["fixed", "1"], ["mixed", "v-"]])
      assert.strictEqual(req.headers["x-opt"], undefined)
      assert.strictEqual(req.headers["x-mixed"], "m-")
    }))

  it.scoped("optionals given, falsy values kept: 0, false, empty string", () =>
    Effect.gen(function*() {
      const server = yield* testServer((_req, res) => json(res, 200, {}))
      yield* Effect.gen(function*() {
        yield* registerAt(server, [bodyTool(server.origin)])
        yield* Client.execute({ name: "create", arguments: { n: 0, flag: true, s: "", opt: "o", optNum: -1 } })
      }).pipe(Effect.provide(clientLayer()))
      const req = server.requests[0]!
      const body = JSON.parse(req.body)
      assert.strictEqual(body.n, 0)
      assert.strictEqual(body.flag, true)
      assert.strictEqual(body.s, "")
      assert.strictEqual(body.opt, "o")
      assert.strictEqual(body.optNum, -1)
      assert.strictEqual(body.optText, "opt=[o]")
      assert.deepStrictEqual(body.optInArray, ["o"])
      assert.deepStrictEqual(body.nested.list.slice(0, 3), [0, true, "x-"])
      assert.deepStrictEqual([...req.query.entries()], [["o", "o"], ["fixed", "1"], ["mixed", "v-o"]])
      assert.strictEqual(req.headers["x-opt"], "o")
      assert.strictEqual(req.headers["x-mixed"], "m-o")
    }))

  it.scoped("a body that is a single whole-value placeholder is the typed value itself", () =>
    Effect.gen(function*() {
      const server = yield* testServer((_req, res) => json(res, 200, {}))
      yield* Effect.gen(function*() {
        yield* registerAt(server, [
          {
            name: "put_n",
            method: "PUT",
            params: [{ name: "n", type: "number" }],
            url: `${server.origin}/n`,
            body: "{{n}}"
          },
          {
            name: "patch_list",
            method: "PATCH",
            params: [{ name: "b", type: "boolean" }],
            url: `${server.origin}/l`,
            body: ["{{b}}", ["{{b}}"]]
          }
        ])
        yield* Client.execute({ name: "put_n", arguments: { n: 7 } })
        yield* Client.execute({ name: "patch_list", arguments: { b: true } })
      }).pipe(Effect.provide(clientLayer()))
      assert.deepStrictEqual(server.requests.map((r) => [r.method, r.body, r.headers["content-type"]]), [
        ["PUT", "7", "application/json"],
        ["PATCH", "[true,[true]]", "application/json"]
      ])
    }))

  it.scoped("a tool without a body sends none and no content-type", () =>
    Effect.gen(function*() {
      const server = yield* testServer((_req, res) => json(res, 200, {}))
      yield* Effect.gen(function*() {
        yield* registerAt(server, [{ name: "del", method: "DELETE", url: `${server.origin}/x` }])
        yield* Client.execute({ name: "del" })
      }).pipe(Effect.provide(clientLayer()))
      const req = server.requests[0]!
      assert.strictEqual(req.method, "DELETE")
      assert.strictEqual(req.body, "")
      assert.strictEqual(req.headers["content-type"], undefined)
    }))
})

describe("execute: the response", () => {
  /** One tool whose server answers with `raw` under `contentType`. */
  const respond = (raw: string, contentType: string | undefined, responseMappings?: Record<string, string>) =>
    Effect.gen(function*() {
      const server = yield* testServer((_req, res) => {
        res.writeHead(200, contentType === undefined ? {} : { "content-type": contentType })
        res.end(raw)
      })
      return yield* Effect.gen(function*() {
        yield* registerAt(server, [{
          name: "get",
          url: `${server.origin}/r`,
          ...(responseMappings === undefined ? {} : { responseMappings })
        }])
        return yield* Client.execute({ name: "get" })
      }).pipe(Effect.provide(clientLayer()))
    })

  it.scoped("JSON by content type: application/json; charset=utf-8 and application/problem+json are parsed", () =>
    Effect.gen(function*() {
      assert.deepStrictEqual((yield* respond("{\"a\":\"é\"}", "application/json; charset=utf-8")).data, { a: "é" })
      assert.deepStrictEqual((yield* respond("[1,2]", "application/problem+json")).data, [1, 2])
      assert.deepStrictEqual((yield* respond("3", "Application/JSON")).data, 3)
    }))

  it.scoped("anything else is text, even when it looks like JSON", () =>
    Effect.gen(function*() {
      assert.deepStrictEqual<unknown>(yield* respond("hello", "text/plain"), { status: 200, data: "hello" })
      assert.strictEqual((yield* respond("{\"a\":1}", "text/plain; charset=utf-8")).data, "{\"a\":1}")
      assert.strictEqual((yield* respond("{\"a\":1}", undefined)).data, "{\"a\":1}")
      assert.strictEqual((yield* respond("<p>hi</p>", "text/html")).data, "<p>hi</p>")
      assert.strictEqual((yield* respond("", "application/json")).data, "")
    }))

  it.scoped("a 2xx that says JSON but does not parse is InvalidResponse", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(respond("{not json", "application/json"))
      assert.strictEqual(error._tag, "InvalidResponse")
      assert.include(error.message, "the response says it is JSON but does not parse")
    }))

  const body = {
    a: { b: 1, nul: null, zero: 0 },
    list: [{ c: "first" }, { c: "second" }],
    "key with space": "s"
  }

  it.scoped("responseMappings: @, @a.b, @a[0].c, null and falsy values kept; the result is a plain object", () =>
    Effect.gen(function*() {
      const { data } = yield* respond(JSON.stringify(body), "application/json", {
        whole: "@",
        ab: "@a.b",
        c0: "@list[0].c",
        c1: "@list[1].c",
        item: "@list[1]",
        nul: "@a.nul",
        zero: "@a.zero",
        spaced: "@key with space"
      })
      assert.deepStrictEqual(data, {
        whole: body,
        ab: 1,
        c0: "first",
        c1: "second",
        item: { c: "second" },
        nul: null,
        zero: 0,
        spaced: "s"
      })
      assert.strictEqual(Object.getPrototypeOf(data), Object.prototype)
    }))

  it.scoped("responseMappings: @[1] on an array body", () =>
    Effect.gen(function*() {
      const { data } = yield* respond("[\"zero\",{\"one\":1}]", "application/json", {
        second: "@[1]",
        one: "@[1].one",
        outOfRange: "@[2]"
      })
      assert.deepStrictEqual(data, { second: { one: 1 }, one: 1 })
    }))

  it.scoped("responseMappings: a path that does not resolve leaves the field out, never fails", () =>
    Effect.gen(function*() {
      const { data } = yield* respond(JSON.stringify(body), "application/json", {
        ok: "@a.b",
        missingKey: "@a.zzz",
        missingTop: "@nope",
        pastEnd: "@list[5].c",
        keyOnArray: "@list.c",
        indexOnObject: "@a[0]",
        throughNumber: "@a.b.c",
        throughNull: "@a.nul.x",
        lengthOfArray: "@list.length",
        toString: "@a.toString",
        hasOwnProperty: "@hasOwnProperty"
      })
      assert.deepStrictEqual(data, { ok: 1 })
      assert.deepStrictEqual(Object.keys(data as object), ["ok"])
    }))

  it.scoped("responseMappings: __proto__, constructor and prototype never resolve, even as own keys", () =>
    Effect.gen(function*() {
      // Raw JSON text: JSON.parse makes "__proto__" an own property of the parsed object.
      const raw = "{\"__proto__\":{\"polluted\":true},\"constructor\":{\"prototype\":{\"x\":1}},\"prototype\":7," +
        "\"nested\":{\"__proto__\":{\"admin\":true},\"ok\":\"yes\"}}"
      assert.isTrue(Object.hasOwn(JSON.parse(raw), "__proto__"))
      const { data } = yield* respond(raw, "application/json", {
        proto: "@__proto__",
        polluted: "@__proto__.polluted",
        ctor: "@constructor",
        ctorProto: "@constructor.prototype",
        prototype: "@prototype",
        nestedProto: "@nested.__proto__",
        nestedAdmin: "@nested.__proto__.admin",
        nestedCtor: "@nested.constructor",
        ok: "@nested.ok"
      })
      assert.deepStrictEqual(data, { ok: "yes" })
      assert.strictEqual(Object.getPrototypeOf(data), Object.prototype)
      assert.strictEqual(({} as Record<string, unknown>).polluted, undefined)
      assert.strictEqual(({} as Record<string, unknown>).admin, undefined)
    }))

  it.scoped("responseMappings on a text response: @ is the text, any path is left out", () =>
    Effect.gen(function*() {
      const { data } = yield* respond("plain words", "text/plain", { text: "@", a: "@a", first: "@[0]" })
      assert.deepStrictEqual(data, { text: "plain words" })
    }))
})

describe("buildRequest", () => {
  it.scoped("returns method, url, headers (credential redacted) and body, sending nothing", () =>
    Effect.gen(function*() {
      const server = yield* testServer((_req, res) => json(res, 200, {}))
      let credentialCalls = 0
      const credential = () => {
        credentialCalls++
        return "tok-SECRET"
      }
      const built = yield* Effect.gen(function*() {
        yield* registerAt(server, [{
          name: "post_note",
          method: "POST",
          params: [
            { name: "userId", type: "string" },
            { name: "text", type: "string" },
            { name: "pin", type: "boolean" }
          ],
          url: `${server.origin}/users/{{userId}}/notes?src=rcp`,
          queryParams: { pin: "{{pin}}" },
          headers: { "X-Trace": "t-{{userId}}" },
          body: { text: "{{text}}", pin: "{{pin}}" }
        }], bearer)
        return yield* Client.buildRequest(
          { name: "post_note", arguments: { text: "hi & bye", pin: true } },
          { context: { currentUserId: "u 42" } }
        )
      }).pipe(Effect.provide(clientLayer({ credential }, fromContext)))
      assert.deepStrictEqual(built, {
        method: "POST",
        url: `${server.origin}/users/u%2042/notes?src=rcp&pin=true`,
        headers: {
          "x-trace": "t-u 42",
          "content-type": "application/json",
          accept: "application/json, text/plain;q=0.9, */*;q=0.8",
          authorization: "Bearer <redacted>"
        },
        body: "{\"text\":\"hi & bye\",\"pin\":true}"
      })
      assert.notInclude(JSON.stringify(built), "tok-SECRET")
      assert.strictEqual(server.requests.length, 0)
      assert.isAtMost(credentialCalls, 1)
    }))

  it.scoped("query auth shows the credential as <redacted> in the URL", () =>
    Effect.gen(function*() {
      const server = yield* testServer((_req, res) => json(res, 200, {}))
      const built = yield* Effect.gen(function*() {
        yield* registerAt(server, [{
          name: "q",
          params: [{ name: "term", type: "string" }],
          url: `${server.origin}/search?term={{term}}`
        }], { type: "query", name: "api_key" })
        return yield* Client.buildRequest({ name: "q", arguments: { term: "a b" } })
      }).pipe(Effect.provide(clientLayer({ credential: "key-SECRET" })))
      assert.strictEqual(built.url, `${server.origin}/search?term=a+b&api_key=<redacted>`)
      assert.strictEqual(built.method, "GET")
      assert.strictEqual(built.body, undefined)
      assert.notInclude(JSON.stringify(built), "key-SECRET")
      assert.strictEqual(server.requests.length, 0)
    }))

  it.scoped("fails exactly like execute before the request (InvalidArguments, ResolverMissing)", () =>
    Effect.gen(function*() {
      const server = yield* testServer((_req, res) => json(res, 200, {}))
      const [invalid, missing] = yield* Effect.gen(function*() {
        yield* registerAt(server, [profileTool(server.origin)], bearer)
        return [
          yield* Effect.flip(Client.buildRequest({ name: "get_profile", arguments: { userId: "x" } })),
          yield* Effect.flip(Client.buildRequest({ name: "get_profile", arguments: {} }))
        ] as const
      }).pipe(Effect.provide(clientLayer({ credential: "t" }, fromContext)))
      assert.strictEqual(invalid._tag, "InvalidArguments")
      assert.strictEqual(missing._tag, "ResolverMissing")
      assert.strictEqual(server.requests.length, 0)
    }))
})
