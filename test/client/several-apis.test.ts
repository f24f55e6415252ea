/**
 * Several APIs in one client (docs/protocol.md §3.5): three real servers on different
 * loopback ports — three origins — discovered into one client with per-API credentials, trusted
 * origins and prefixes; clashes, re-discovery and `forget`. Every test asserts what each server
 * actually received, and in particular which credential (if any) reached which origin.
 */
import { assert, describe, it } from "../support/effectVitest.js"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Redacted from "effect/Redacted"
import type * as Scope from "effect/Scope"
import * as Client from "../../src/Client.js"
import { bearer, clientLayer, type ToolInput } from "../support/execute.js"
import { either, type Outcome } from "../support/either.js"
import { json, type TestServer, testServer } from "../support/server.js"
import { TRANSPORTS } from "../support/transports.js"

/** A server answering its manifest at /rcp/manifest (whatever `tools` holds now) and `{ at }` elsewhere. */
interface Api {
  readonly server: TestServer
  readonly url: string
  /** Replace to change what the next discovery reads. */
  tools: (self: string, others: ReadonlyArray<string>) => ReadonlyArray<ToolInput>
}

const ping = (name: string, origin: string): ToolInput => ({ name, url: `${origin}/ping` })

const threeApis = (): Effect.Effect<readonly [Api, Api, Api], never, Scope.Scope> =>
  Effect.gen(function*() {
    const apis: Array<Api> = []
    for (const label of ["a", "b", "c"]) {
      const api: Api = {
        server: undefined as unknown as TestServer,
        url: "",
        tools: (self) => [ping(`${label}_ping`, self)]
      }
      const server = yield* testServer((req, res) => {
        if (req.path !== "/rcp/manifest") return json(res, 200, { at: label })
        const others = apis.filter((other) => other !== api).map((other) => other.server.origin)
        json(res, 200, {
          rcpVersion: "0.1",
          auth: bearer,
          tools: api.tools(server.origin, others).map((tool) => ({
            description: `The ${tool.name} tool.`,
            method: "GET",
            params: [],
            ...tool
          }))
        })
      })
      Object.assign(api, { server, url: server.url("/rcp/manifest") })
      apis.push(api)
    }
    return [apis[0]!, apis[1]!, apis[2]!] as const
  })

/** The Authorization header of each non-manifest request a server received, in order. */
const received = (api: Api): Array<string | undefined> =>
  api.server.requests.filter((r) => r.path !== "/rcp/manifest").map((r) => r.headers.authorization)

/** Manifest requests never carry a credential, whatever the client or the API is configured with. */
const manifestsBare = (...apis: ReadonlyArray<Api>) => {
  for (const api of apis) {
    for (const r of api.server.requests.filter((r) => r.path === "/rcp/manifest")) {
      assert.strictEqual(r.headers.authorization, undefined, `${api.url} was asked for its manifest with a credential`)
    }
  }
}

const call = (name: string) => either(Client.execute({ name, arguments: {} }))

const tagOf = <A, E extends { readonly _tag: string }>(out: Outcome<A, E>): string =>
  out._tag === "Left" ? out.left._tag : "Right"

describe("several APIs: whose credential goes where", () => {
  for (const [label, layer] of TRANSPORTS) {
    it.scoped(`${label}: a per-API credential reaches only its own API`, () =>
      Effect.gen(function*() {
        const [a, b, c] = yield* threeApis()
        const outcomes = yield* Effect.gen(function*() {
          yield* Client.discover(a.url, { credential: "A-TOKEN" })
          yield* Client.discover(b.url, { credential: Redacted.make("B-TOKEN") })
          yield* Client.discover(c.url, { credential: () => "C-TOKEN" })
          return [yield* call("a_ping"), yield* call("b_ping"), yield* call("c_ping")]
        }).pipe(Effect.provide(layer({ credential: "CLIENT-WIDE" })))
        assert.deepStrictEqual(outcomes.map(tagOf), ["Right", "Right", "Right"])
        assert.deepStrictEqual(received(a), ["Bearer A-TOKEN"])
        assert.deepStrictEqual(received(b), ["Bearer B-TOKEN"])
        assert.deepStrictEqual(received(c), ["Bearer C-TOKEN"])
        manifestsBare(a, b, c)
      }))
  }

  it.scoped("a client-wide fixed credential goes to the first API discovered with it, not to a second origin", () =>
    Effect.gen(function*() {
      const [a, b] = yield* threeApis()
      const { second, outcomes } = yield* Effect.gen(function*() {
        yield* Client.discover(a.url)
        const second = yield* Client.discover(b.url)
        return { second, outcomes: [yield* call("a_ping"), yield* call("b_ping")] }
      }).pipe(Effect.provide(clientLayer({ credential: "CLIENT-WIDE" })))
      assert.strictEqual(tagOf(outcomes[0]!), "Right")
      assert.deepStrictEqual(received(a), ["Bearer CLIENT-WIDE"])
      const refused = outcomes[1]!
      assert.isTrue(refused._tag === "Left" && refused.left._tag === "CredentialMissing")
      if (refused._tag === "Left") {
        assert.strictEqual(
          refused.left.message,
          `tool "b_ping": the manifest requires a credential for ${b.server.origin}, but the client-wide credential ` +
            `is sent only to ${a.server.origin} and the client's trustedOrigins; nothing was sent. Discover ${b.url} ` +
            `with a credential of its own, or add ${b.server.origin} to the client's trustedOrigins`
        )
      }
      assert.deepStrictEqual(received(b), [])
      // The operator is told at discovery, as a value.
      assert.isTrue(second.warnings.some((w) => w.startsWith("the client-wide credential is sent only to")))
      manifestsBare(a, b)
    }))

  it.scoped("a client-wide fixed credential reaches every origin the client trusts", () =>
    Effect.gen(function*() {
      const [a, b, c] = yield* threeApis()
      const outcomes = yield* Effect.gen(function*() {
        yield* Client.discover(a.url)
        yield* Client.discover(b.url)
        yield* Client.discover(c.url)
        return [yield* call("a_ping"), yield* call("b_ping"), yield* call("c_ping")]
      }).pipe(Effect.provide(clientLayer({ credential: "CLIENT-WIDE", trustedOrigins: [b.server.origin] })))
      assert.deepStrictEqual(outcomes.map(tagOf), ["Right", "Right", "CredentialMissing"])
      assert.deepStrictEqual(received(a), ["Bearer CLIENT-WIDE"])
      assert.deepStrictEqual(received(b), ["Bearer CLIENT-WIDE"])
      assert.deepStrictEqual(received(c), [])
    }))

  // Which of two APIs has a credential of its own; the other gets the client-wide one, which binds to it.
  const oneOwn = [
    ["a per-API credential for the second API; the first keeps the client-wide one", "b"],
    ["the client-wide home is the first API that uses it, not one with its own credential", "a"]
  ] as const
  for (const [title, own] of oneOwn) {
    it.scoped(title, () =>
      Effect.gen(function*() {
        const [a, b] = yield* threeApis()
        const options = (api: "a" | "b") => api === own ? { credential: `${api.toUpperCase()}-TOKEN` } : {}
        const outcomes = yield* Effect.gen(function*() {
          yield* Client.discover(a.url, options("a"))
          yield* Client.discover(b.url, options("b"))
          return [yield* call("a_ping"), yield* call("b_ping")]
        }).pipe(Effect.provide(clientLayer({ credential: "CLIENT-WIDE" })))
        assert.deepStrictEqual(outcomes.map(tagOf), ["Right", "Right"])
        assert.deepStrictEqual(received(a), [own === "a" ? "Bearer A-TOKEN" : "Bearer CLIENT-WIDE"])
        assert.deepStrictEqual(received(b), [own === "b" ? "Bearer B-TOKEN" : "Bearer CLIENT-WIDE"])
      }))
  }

  it.scoped("a client-wide credential function is operator code: it is told the origin and serves every API", () =>
    Effect.gen(function*() {
      const [a, b] = yield* threeApis()
      const asked: Array<string> = []
      const byOrigin = new Map([[a.server.origin, "FOR-A"], [b.server.origin, "FOR-B"]])
      const outcomes = yield* Effect.gen(function*() {
        yield* Client.discover(a.url)
        yield* Client.discover(b.url)
        return [yield* call("a_ping"), yield* call("b_ping")]
      }).pipe(
        Effect.provide(clientLayer({
          credential: ({ manifestUrl, origin, tool }) => {
            asked.push(`${tool} ${origin} ${manifestUrl}`)
            return byOrigin.get(origin)
          }
        }))
      )
      assert.deepStrictEqual(outcomes.map(tagOf), ["Right", "Right"])
      assert.deepStrictEqual(received(a), ["Bearer FOR-A"])
      assert.deepStrictEqual(received(b), ["Bearer FOR-B"])
      assert.deepStrictEqual(asked, [`a_ping ${a.server.origin} ${a.url}`, `b_ping ${b.server.origin} ${b.url}`])
    }))

  it.scoped("a fixed value from a Credential layer follows the same rule as one in the options", () =>
    Effect.gen(function*() {
      const [a, b] = yield* threeApis()
      const outcomes = yield* Effect.gen(function*() {
        yield* Client.discover(a.url)
        yield* Client.discover(b.url)
        return [yield* call("a_ping"), yield* call("b_ping")]
      }).pipe(Effect.provide(clientLayer().pipe(Layer.provide(Client.Credential.layer("FROM-LAYER")))))
      assert.deepStrictEqual(outcomes.map(tagOf), ["Right", "CredentialMissing"])
      assert.deepStrictEqual(received(a), ["Bearer FROM-LAYER"])
      assert.deepStrictEqual(received(b), [])
    }))
})

describe("several APIs: trusted origins per API", () => {
  it.scoped("an API's trustedOrigins let its tools call there with its credential; another API's may not", () =>
    Effect.gen(function*() {
      const [a, b, c] = yield* threeApis()
      // Each of A and B has a tool that calls C.
      a.tools = (self, others) => [ping("a_ping", self), ping("a_to_c", others[1]!)]
      b.tools = (self, others) => [ping("b_ping", self), ping("b_to_c", others[1]!)]
      const outcomes = yield* Effect.gen(function*() {
        yield* Client.discover(a.url, { credential: "A-TOKEN", trustedOrigins: [c.server.origin] })
        yield* Client.discover(b.url, { credential: "B-TOKEN" })
        return [yield* call("a_to_c"), yield* call("b_to_c")]
      }).pipe(Effect.provide(clientLayer()))
      assert.strictEqual(tagOf(outcomes[0]!), "Right")
      const refused = outcomes[1]!
      assert.strictEqual(tagOf(refused), "UntrustedOrigin")
      if (refused._tag === "Left") assert.include(refused.left.message, `tool "b_to_c" calls ${c.server.origin}`)
      // C received A's credential (A was given C), never B's.
      assert.deepStrictEqual(received(c), ["Bearer A-TOKEN"])
      assert.deepStrictEqual(received(a), [])
      assert.deepStrictEqual(received(b), [])
    }))

  it.scoped("a per-API trusted origin does not extend the client-wide credential of another API", () =>
    Effect.gen(function*() {
      const [a, b, c] = yield* threeApis()
      b.tools = (self, others) => [ping("b_ping", self), ping("b_to_c", others[1]!)]
      const outcomes = yield* Effect.gen(function*() {
        yield* Client.discover(a.url)
        // B trusts C, but the client-wide credential belongs to A: B's tools get none.
        yield* Client.discover(b.url, { trustedOrigins: [c.server.origin] })
        return [yield* call("b_to_c"), yield* call("a_ping")]
      }).pipe(Effect.provide(clientLayer({ credential: "CLIENT-WIDE" })))
      assert.deepStrictEqual(outcomes.map(tagOf), ["CredentialMissing", "Right"])
      assert.deepStrictEqual(received(c), [])
      assert.deepStrictEqual(received(a), ["Bearer CLIENT-WIDE"])
    }))

  it.scoped("a trusted origin that is not an origin: InvalidDiscoverOptions, before any HTTP", () =>
    Effect.gen(function*() {
      const [a] = yield* threeApis()
      const out = yield* either(Client.discover(a.url, { trustedOrigins: ["localhost:3000"] })).pipe(
        Effect.provide(clientLayer())
      )
      assert.isTrue(out._tag === "Left")
      if (out._tag === "Left") {
        assert.strictEqual(out.left._tag, "InvalidDiscoverOptions")
        assert.strictEqual(
          out.left.message,
          `${a.url}: trustedOrigins[0] is not a URL origin like "https://api.example.com"; nothing from this manifest ` +
            `was registered`
        )
      }
      assert.deepStrictEqual(a.server.requests, [])
    }))
})

describe("several APIs: prefixes and clashes", () => {
  const samePing = (self: string) => [ping("ping", self)]

  it.scoped("the same tool name in two APIs: the second fails with DuplicateTool; the first is untouched", () =>
    Effect.gen(function*() {
      const [a, b] = yield* threeApis()
      a.tools = samePing
      b.tools = samePing
      const { clash, tools, first } = yield* Effect.gen(function*() {
        yield* Client.discover(a.url, { credential: "A-TOKEN" })
        const clash = yield* either(Client.discover(b.url, { credential: "B-TOKEN" }))
        return { clash, tools: yield* Client.tools, first: yield* call("ping") }
      }).pipe(Effect.provide(clientLayer()))
      assert.isTrue(clash._tag === "Left")
      if (clash._tag === "Left") {
        assert.strictEqual(clash.left._tag, "DuplicateTool")
        assert.strictEqual(
          clash.left.message,
          `tool "ping" is defined by both ${a.url} and ${b.url}; tool names must be unique across the manifests one ` +
            `client discovers`
        )
      }
      assert.deepStrictEqual(tools.map((t) => t.name), ["ping"])
      assert.strictEqual(tagOf(first), "Right")
      assert.deepStrictEqual(received(a), ["Bearer A-TOKEN"])
      assert.deepStrictEqual(received(b), [])
    }))

  it.scoped("prefixes expose both: in tools, provider formats, describeManifest, execute and errors", () =>
    Effect.gen(function*() {
      const [a, b] = yield* threeApis()
      a.tools = (self) => [{ ...ping("ping", self), params: [{ name: "n", type: "number" }] }]
      b.tools = samePing
      const out = yield* Effect.gen(function*() {
        const da = yield* Client.discover(a.url, { credential: "A-TOKEN", prefix: "a__" })
        const db = yield* Client.discover(b.url, { credential: "B-TOKEN", prefix: "b-" })
        return {
          da,
          db,
          tools: yield* Client.tools,
          viaA: yield* either(Client.execute({ name: "a__ping", arguments: { n: 1 } })),
          viaB: yield* call("b-ping"),
          bare: yield* call("ping"),
          invalid: yield* either(Client.execute({ name: "a__ping", arguments: { n: "1" } }))
        }
      }).pipe(Effect.provide(clientLayer()))
      assert.deepStrictEqual(out.tools.map((t) => t.name), ["a__ping", "b-ping"])
      assert.deepStrictEqual(out.da.tools.map((t) => t.name), ["a__ping"])
      assert.deepStrictEqual(Client.toOpenAiTools(out.tools).map((t) => t.function.name), ["a__ping", "b-ping"])
      assert.deepStrictEqual(Client.toAnthropicTools(out.tools).map((t) => t.name), ["a__ping", "b-ping"])
      assert.strictEqual(
        Client.describeManifest(out.db.manifest, out.db.tools),
        [
          "RCP manifest v0.1 — auth: header \"Authorization\" (scheme: Bearer)",
          "1 tool(s):",
          "- b-ping (GET) — The ping tool."
        ].join("\n")
      )
      // The same text from the client's whole tool list.
      assert.strictEqual(
        Client.describeManifest(out.da.manifest, out.tools),
        Client.describeManifest(out.da.manifest, out.da.tools)
      )
      assert.include(Client.describeManifest(out.da.manifest, out.tools), "- a__ping (GET) — The ping tool.")
      assert.deepStrictEqual([tagOf(out.viaA), tagOf(out.viaB)], ["Right", "Right"])
      assert.deepStrictEqual(received(a), ["Bearer A-TOKEN"])
      assert.deepStrictEqual(received(b), ["Bearer B-TOKEN"])
      assert.isTrue(out.bare._tag === "Left")
      if (out.bare._tag === "Left") {
        assert.strictEqual(out.bare.left.message, "unknown tool \"ping\"; available tools: a__ping, b-ping")
      }
      assert.isTrue(out.invalid._tag === "Left")
      if (out.invalid._tag === "Left") {
        assert.strictEqual(out.invalid.left._tag, "InvalidArguments")
        assert.include(out.invalid.left.message, "invalid arguments for tool \"a__ping\"")
      }
    }))

  it.scoped("exposed names clash across prefixes: DuplicateTool names the exposed name", () =>
    Effect.gen(function*() {
      const [a, b] = yield* threeApis()
      a.tools = samePing
      b.tools = (self) => [ping("x_ping", self)]
      const clash = yield* Effect.gen(function*() {
        yield* Client.discover(a.url, { prefix: "x_" })
        return yield* either(Client.discover(b.url))
      }).pipe(Effect.provide(clientLayer({ credential: () => "T" })))
      assert.isTrue(clash._tag === "Left")
      if (clash._tag === "Left") {
        assert.strictEqual(clash.left._tag, "DuplicateTool")
        assert.include(clash.left.message, "tool \"x_ping\" is defined by both")
      }
    }))

  it.scoped("a prefix with a character no name holds fails that discovery with InvalidDiscoverOptions naming the tool; one that makes names too long shortens them", () =>
    Effect.gen(function*() {
      const [a, b] = yield* threeApis()
      const { spaced, long, tools } = yield* Effect.gen(function*() {
        yield* Client.discover(b.url, { credential: "B" })
        const spaced = yield* either(Client.discover(a.url, { prefix: "my api." }))
        const long = yield* either(Client.discover(a.url, { prefix: "p".repeat(60) }))
        return { spaced, long, tools: yield* Client.tools }
      }).pipe(Effect.provide(clientLayer()))
      assert.isTrue(spaced._tag === "Left")
      if (spaced._tag === "Left") {
        assert.strictEqual(spaced.left._tag, "InvalidDiscoverOptions")
        assert.strictEqual(
          spaced.left.message,
          `${a.url}: the prefix "my api." makes tool "a_ping" exposed as "my api.a_ping", which is not a valid tool ` +
            `name (1 to 64 of A-Z a-z 0-9 _ -); nothing from this manifest was registered`
        )
      }
      // docs/protocol.md §2: over 64 characters, the exposed name is shortened (with a warning).
      assert.isTrue(long._tag === "Right")
      const shortened = tools.map((t) => t.name).filter((name) => name.startsWith("p".repeat(55)))
      assert.isAbove(shortened.length, 0)
      assert.isTrue(shortened.every((name) => /^p{55}_[0-9a-f]{8}$/.test(name)))
      if (long._tag === "Right") assert.isTrue(long.right.warnings.some((w) => w.startsWith("tool \"a_ping\" is exposed as \"ppp")))
      assert.deepStrictEqual(tools.map((t) => t.name).filter((name) => !shortened.includes(name)), ["b_ping"])
    }))
})

describe("several APIs: re-discovery and forget", () => {
  it.scoped("re-discovering a URL replaces that API's tools and options only", () =>
    Effect.gen(function*() {
      const [a, b] = yield* threeApis()
      const out = yield* Effect.gen(function*() {
        yield* Client.discover(a.url, { credential: "A-OLD", prefix: "v1_" })
        yield* Client.discover(b.url, { credential: "B-TOKEN" })
        a.tools = (self) => [ping("a_ping", self), ping("a_more", self)]
        yield* Client.discover(a.url, { credential: "A-NEW", prefix: "v2_" })
        return {
          tools: (yield* Client.tools).map((t) => t.name),
          old: yield* call("v1_a_ping"),
          fresh: yield* call("v2_a_more"),
          other: yield* call("b_ping")
        }
      }).pipe(Effect.provide(clientLayer()))
      assert.deepStrictEqual(out.tools.sort(), ["b_ping", "v2_a_more", "v2_a_ping"])
      assert.deepStrictEqual([tagOf(out.old), tagOf(out.fresh), tagOf(out.other)], ["ToolNotFound", "Right", "Right"])
      assert.deepStrictEqual(received(a), ["Bearer A-NEW"])
      assert.deepStrictEqual(received(b), ["Bearer B-TOKEN"])
    }))

  it.scoped("forget drops one API's tools; the others keep working; the client-wide credential stays with its home", () =>
    Effect.gen(function*() {
      const [a, b, c] = yield* threeApis()
      const out = yield* Effect.gen(function*() {
        yield* Client.discover(a.url)
        yield* Client.discover(b.url, { credential: "B-TOKEN" })
        const forgotten = yield* Client.forget(new URL(a.url))
        const again = yield* Client.forget(a.url)
        const gone = yield* call("a_ping")
        const kept = yield* call("b_ping")
        // C arrives after A was forgotten: the client-wide credential does not move to it.
        yield* Client.discover(c.url)
        const moved = yield* call("c_ping")
        yield* Client.discover(a.url)
        const back = yield* call("a_ping")
        return { forgotten, again, gone, kept, moved, back, tools: (yield* Client.tools).map((t) => t.name) }
      }).pipe(Effect.provide(clientLayer({ credential: "CLIENT-WIDE" })))
      assert.deepStrictEqual([out.forgotten, out.again], [true, false])
      assert.deepStrictEqual(
        [tagOf(out.gone), tagOf(out.kept), tagOf(out.moved), tagOf(out.back)],
        ["ToolNotFound", "Right", "CredentialMissing", "Right"]
      )
      assert.deepStrictEqual(out.tools.sort(), ["a_ping", "b_ping", "c_ping"])
      assert.deepStrictEqual(received(a), ["Bearer CLIENT-WIDE"])
      assert.deepStrictEqual(received(b), ["Bearer B-TOKEN"])
      assert.deepStrictEqual(received(c), [])
    }))

  it.scoped("register takes the same options as discover", () =>
    Effect.gen(function*() {
      const [a] = yield* threeApis()
      const out = yield* Effect.gen(function*() {
        const d = yield* Client.register(
          {
            rcpVersion: "0.1",
            auth: bearer,
            tools: [{ ...ping("ping", a.server.origin), description: "P.", method: "GET", params: [] }]
          },
          { url: a.url, credential: "REG-TOKEN", prefix: "r_" }
        )
        return { names: d.tools.map((t) => t.name), call: yield* call("r_ping") }
      }).pipe(Effect.provide(clientLayer({ credential: "CLIENT-WIDE" })))
      assert.deepStrictEqual(out.names, ["r_ping"])
      assert.strictEqual(tagOf(out.call), "Right")
      assert.deepStrictEqual(received(a), ["Bearer REG-TOKEN"])
    }))
})

describe("several APIs: the promise facade", () => {
  it.scoped("discover with options, execute, forget — the same rules", () =>
    Effect.gen(function*() {
      const [a, b] = yield* threeApis()
      a.tools = (self) => [ping("ping", self)]
      b.tools = (self) => [ping("ping", self)]
      const client = Client.createRcpClient({ credential: "CLIENT-WIDE", retry: { retries: 0 } })
      yield* Effect.addFinalizer(() => Effect.promise(() => client.close()))
      const out = yield* Effect.promise(async () => {
        await client.discover(a.url, { prefix: "a_" })
        await client.discover(b.url, { prefix: "b_", credential: "B-TOKEN" })
        const both = (await client.tools()).map((t) => t.name)
        await client.execute({ name: "a_ping", arguments: {} })
        await client.execute({ name: "b_ping", arguments: {} })
        const forgotten = await client.forget(b.url)
        const gone = await client.execute({ name: "b_ping", arguments: {} }).then(() => "Right", (e) => e._tag as string)
        return { both, forgotten, gone, after: (await client.tools()).map((t) => t.name) }
      })
      assert.deepStrictEqual(out.both, ["a_ping", "b_ping"])
      assert.isTrue(out.forgotten)
      assert.strictEqual(out.gone, "ToolNotFound")
      assert.deepStrictEqual(out.after, ["a_ping"])
      assert.deepStrictEqual(received(a), ["Bearer CLIENT-WIDE"])
      assert.deepStrictEqual(received(b), ["Bearer B-TOKEN"])
    }))
})
