import { withDebugLog } from "#test-target"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import type * as http from "node:http"
import * as Client from "../../src/Client.js"
import * as Manifest from "../../src/Manifest.js"
import * as Resolver from "../../src/Resolver.js"
import { profileManifest } from "../support/fixtures.js"
import { loopbackOnly, makeLog, noNetwork } from "../support/network.js"
import { json, startServer, type TestServer, testServer } from "../support/server.js"
import { assert, describe, it } from "../support/effectVitest.js"

// The client is always configured with a credential; discovery must never send it anywhere.
const CREDENTIAL = "CRED-SECRET-999"

const seedManifest = profileManifest("https://api.example.com")

const SEED_DESCRIPTION = "RCP manifest v0.1 — auth: header \"Authorization\" (scheme: Bearer)\n" +
  "1 tool(s):\n" +
  "- get_profile (GET) — Get the current user's profile.\n" +
  "  userId: string, required [resolved by client, hidden from model] — the user's id"

interface Ctx {
  readonly currentUserId?: string
}

const userIdResolver = Resolver.layer({ userId: (ctx: Ctx) => ctx.currentUserId })

/** A client with a credential function that counts its calls, over fetch restricted to 127.0.0.1. */
const makeClient = (options: Client.Options = {}, resolvers: Layer.Layer<Resolver.Resolvers> = Resolver.layerEmpty) => {
  const counter = { credentialCalls: 0 }
  const layer = Client.layer({
    credential: () => {
      counter.credentialCalls++
      return CREDENTIAL
    },
    ...options
  }).pipe(Layer.provide(resolvers), Layer.provide(loopbackOnly()))
  return { layer, counter }
}

/** Serves fixed JSON bodies by path (404 elsewhere). */
const manifestServer = (routes: Readonly<Record<string, unknown>>) =>
  testServer((req, res): void => {
    if (Object.hasOwn(routes, req.path)) return json(res, 200, routes[req.path])
    return json(res, 404, { error: "not found" })
  })

/** No credential (nor any Authorization header) ever reached these servers, and none was obtained. */
const assertNoCredential = (servers: ReadonlyArray<TestServer>, counter?: { readonly credentialCalls: number }) => {
  for (const server of servers) {
    for (const request of server.requests) {
      assert.isUndefined(request.headers.authorization, `Authorization header sent to ${request.target}`)
      for (const [name, value] of Object.entries(request.headers)) {
        assert.notInclude(String(value), CREDENTIAL, `credential in header ${name}`)
      }
      assert.notInclude(request.target, CREDENTIAL)
      assert.notInclude(decodeURIComponent(request.target), CREDENTIAL)
      for (const [key, value] of request.query) {
        assert.notInclude(key, CREDENTIAL)
        assert.notInclude(value, CREDENTIAL)
      }
      assert.notInclude(request.body, CREDENTIAL)
    }
  }
  if (counter !== undefined) assert.strictEqual(counter.credentialCalls, 0, "the credential was obtained")
}

const pad = (manifest: object, bytes: number): object => {
  const base = JSON.stringify({ ...manifest, "x-padding": "" }).length
  return { ...manifest, "x-padding": "x".repeat(bytes - base) }
}

describe("discovery: the model-facing tools", () => {
  it.scoped("the seed's get_profile with a userId resolver: userId never reaches the model", () =>
    Effect.gen(function*() {
      const server = yield* manifestServer({ "/rcp/manifest": seedManifest })
      const { counter, layer } = makeClient({}, userIdResolver)
      const url = server.url("/rcp/manifest")
      const { discovery, tools } = yield* Effect.gen(function*() {
        const discovery = yield* Client.discover(url)
        return { discovery, tools: yield* Client.tools }
      }).pipe(Effect.provide(layer))

      const expected: Client.ModelTool = {
        name: "get_profile",
        description: "Get the current user's profile.",
        parameters: { type: "object", properties: {}, required: [], additionalProperties: false }
      }
      assert.deepStrictEqual(discovery.tools, [expected])
      assert.deepStrictEqual(tools, [expected])
      const parameters = discovery.tools[0]!.parameters
      assert.isFalse(Object.hasOwn(parameters.properties, "userId"))
      assert.notInclude(parameters.required, "userId")
      assert.strictEqual(parameters.additionalProperties, false)
      // Plain JSON: what is handed to an LLM API is exactly this.
      assert.deepStrictEqual(JSON.parse(JSON.stringify(discovery.tools)), [expected])
      assert.notInclude(JSON.stringify(discovery.tools), "userId")

      assert.strictEqual(discovery.url, url)
      assert.deepStrictEqual(discovery.warnings, [])
      assert.deepStrictEqual<unknown>(Manifest.encode(discovery.manifest), seedManifest)
      assert.strictEqual(Client.describeManifest(discovery.manifest, discovery.tools), SEED_DESCRIPTION)

      assert.strictEqual(server.requests.length, 1)
      assert.strictEqual(server.requests[0]!.method, "GET")
      assert.strictEqual(server.requests[0]!.path, "/rcp/manifest")
      assert.strictEqual(server.requests[0]!.headers.accept, "application/json")
      assertNoCredential([server], counter)
    }))

  it.scoped("without the resolver, userId is shown to the model and not marked hidden", () =>
    Effect.gen(function*() {
      const server = yield* manifestServer({ "/rcp/manifest": seedManifest })
      const { layer } = makeClient()
      const discovery = yield* Client.discover(server.url("/rcp/manifest")).pipe(Effect.provide(layer))
      assert.deepStrictEqual(discovery.tools, [{
        name: "get_profile",
        description: "Get the current user's profile.",
        parameters: {
          type: "object",
          properties: { userId: { type: "string", description: "the user's id" } },
          required: ["userId"],
          additionalProperties: false
        }
      }])
      assert.strictEqual(
        Client.describeManifest(discovery.manifest, discovery.tools),
        "RCP manifest v0.1 — auth: header \"Authorization\" (scheme: Bearer)\n" +
          "1 tool(s):\n" +
          "- get_profile (GET) — Get the current user's profile.\n" +
          "  userId: string, required — the user's id"
      )
    }))

  it.scoped("mixed params: only resolver-bound ones removed, descriptions and optionality kept", () =>
    Effect.gen(function*() {
      const manifest = {
        rcpVersion: "0.1",
        auth: { type: "query", name: "api_key" },
        tools: [seedManifest.tools[0], {
          name: "search_orders",
          description: "Search the user's orders.",
          method: "GET",
          params: [
            { name: "userId", type: "string" },
            { name: "query", type: "string", description: "free text" },
            { name: "limit", type: "number", required: false, description: "max results" },
            { name: "includeArchived", type: "boolean", required: false },
            { name: "locale", type: "string", required: false, description: "UI language" }
          ],
          url: "https://api.example.com/users/{{userId}}/orders",
          queryParams: { q: "{{query}}", limit: "{{limit}}", archived: "{{includeArchived}}", lang: "{{locale}}" }
        }]
      }
      const server = yield* manifestServer({ "/rcp/manifest": manifest })
      const { counter, layer } = makeClient(
        {},
        Resolver.layer({ userId: (ctx: Ctx) => ctx.currentUserId, locale: () => "en" })
      )
      const discovery = yield* Client.discover(server.url("/rcp/manifest")).pipe(Effect.provide(layer))
      assert.deepStrictEqual(discovery.tools, [
        {
          name: "get_profile",
          description: "Get the current user's profile.",
          parameters: { type: "object", properties: {}, required: [], additionalProperties: false }
        },
        {
          name: "search_orders",
          description: "Search the user's orders.",
          parameters: {
            type: "object",
            properties: {
              query: { type: "string", description: "free text" },
              limit: { type: "number", description: "max results" },
              includeArchived: { type: "boolean" }
            },
            required: ["query"],
            additionalProperties: false
          }
        }
      ])
      assert.deepStrictEqual(discovery.warnings, [])
      assert.strictEqual(
        Client.describeManifest(discovery.manifest, discovery.tools),
        [
          "RCP manifest v0.1 — auth: query \"api_key\"",
          "2 tool(s):",
          "- get_profile (GET) — Get the current user's profile.",
          "  userId: string, required [resolved by client, hidden from model] — the user's id",
          "- search_orders (GET) — Search the user's orders.",
          "  userId: string, required [resolved by client, hidden from model]",
          "  query: string, required — free text",
          "  limit: number, optional — max results",
          "  includeArchived: boolean, optional",
          "  locale: string, optional [resolved by client, hidden from model] — UI language"
        ].join("\n")
      )
      assertNoCredential([server], counter)
    }))
})

describe("describeManifest: auth and params", () => {
  const tool = (params: ReadonlyArray<object>) => ({
    name: "ping",
    description: "Health check.",
    method: "GET",
    params,
    url: "https://api.example.com/ping"
  })

  /** Discovers `manifest` over HTTP with a fresh client, then describes it. */
  const describeServed = (manifest: object, resolvers: Layer.Layer<Resolver.Resolvers> = Resolver.layerEmpty) =>
    Effect.gen(function*() {
      const server = yield* manifestServer({ "/rcp/manifest": manifest })
      const { counter, layer } = makeClient({}, resolvers)
      const discovery = yield* Client.discover(server.url("/rcp/manifest")).pipe(Effect.provide(layer))
      assertNoCredential([server], counter)
      return Client.describeManifest(discovery.manifest, discovery.tools)
    })

  it.scoped("auth: none, whether absent or explicit", () =>
    Effect.gen(function*() {
      const expected = "RCP manifest v0.1 — auth: none\n1 tool(s):\n- ping (GET) — Health check."
      assert.strictEqual(yield* describeServed({ rcpVersion: "0.1", tools: [tool([])] }), expected)
      const explicit = yield* describeServed({ rcpVersion: "0.1", auth: { type: "none" }, tools: [tool([])] })
      assert.strictEqual(explicit, expected)
    }))

  it.scoped("auth: a header without a scheme", () =>
    Effect.gen(function*() {
      const text = yield* describeServed({
        rcpVersion: "0.1",
        auth: { type: "header", name: "X-Key" },
        tools: [tool([])]
      })
      assert.strictEqual(text, "RCP manifest v0.1 — auth: header \"X-Key\"\n1 tool(s):\n- ping (GET) — Health check.")
    }))

  it.scoped("auth: a query parameter", () =>
    Effect.gen(function*() {
      const text = yield* describeServed({ rcpVersion: "0.1", auth: { type: "query", name: "key" }, tools: [tool([])] })
      assert.strictEqual(text, "RCP manifest v0.1 — auth: query \"key\"\n1 tool(s):\n- ping (GET) — Health check.")
    }))

  it.scoped("optional params, params without a description, every type", () =>
    Effect.gen(function*() {
      const text = yield* describeServed({
        rcpVersion: "0.1",
        tools: [{
          ...tool([
            { name: "verbose", type: "boolean", required: false },
            { name: "count", type: "number", required: true },
            { name: "note", type: "string", required: false, description: "free text" },
            { name: "region", type: "string" }
          ]),
          queryParams: { v: "{{verbose}}", n: "{{count}}", note: "{{note}}", r: "{{region}}" }
        }]
      })
      assert.strictEqual(
        text,
        [
          "RCP manifest v0.1 — auth: none",
          "1 tool(s):",
          "- ping (GET) — Health check.",
          "  verbose: boolean, optional",
          "  count: number, required",
          "  note: string, optional — free text",
          "  region: string, required"
        ].join("\n")
      )
    }))

  it.scoped("an optional resolver-bound param without a description; no tools at all", () =>
    Effect.gen(function*() {
      const text = yield* describeServed(
        {
          rcpVersion: "0.1",
          tools: [{ ...tool([{ name: "locale", type: "string", required: false }]), queryParams: { l: "{{locale}}" } }]
        },
        Resolver.layer({ locale: () => "en" })
      )
      assert.strictEqual(
        text,
        "RCP manifest v0.1 — auth: none\n1 tool(s):\n- ping (GET) — Health check.\n" +
          "  locale: string, optional [resolved by client, hidden from model]"
      )
      const empty = yield* describeServed({ rcpVersion: "0.1", tools: [] })
      assert.strictEqual(empty, "RCP manifest v0.1 — auth: none\n0 tool(s):")
    }))
})

describe("discovery failures: tagged, naming the URL, never sending the credential", () => {
  it.effect("connection refused → TransportError", () =>
    Effect.gen(function*() {
      const closed = yield* Effect.promise(() => startServer(() => undefined))
      yield* Effect.promise(closed.close)
      const url = `http://127.0.0.1:${closed.port}/rcp/manifest`
      // Retries (tested on their own) would only repeat the refusal here.
      const { counter, layer } = makeClient({ retry: { retries: 0 } })
      const error = yield* Effect.flip(Client.discover(url)).pipe(Effect.provide(layer))
      assert.strictEqual(error._tag, "TransportError")
      assert.include(error.message, url)
      assert.include(error.message, "connection refused")
      assert.strictEqual(counter.credentialCalls, 0)
    }))

  it.scoped("non-2xx → HttpError with the status", () =>
    Effect.gen(function*() {
      const server = yield* testServer((req, res): void => {
        if (req.path === "/missing") return json(res, 404, { error: "no such manifest" })
        return json(res, 500, { error: "boom" })
      })
      const { counter, layer } = makeClient()
      for (const [path, status] of [["/missing", 404], ["/broken", 500]] as const) {
        const url = server.url(path)
        const error = yield* Effect.flip(Client.discover(url)).pipe(Effect.provide(layer))
        assert.strictEqual(error._tag, "HttpError")
        if (error._tag !== "HttpError") continue
        assert.strictEqual(error.status, status)
        assert.include(error.message, url)
        assert.include(error.message, `HTTP ${status}`)
      }
      assertNoCredential([server], counter)
    }))

  it.scoped("a manifest larger than maxManifestBytes (declared length) → ResponseTooLarge", () =>
    Effect.gen(function*() {
      const server = yield* manifestServer({
        "/big": pad(seedManifest, 1024),
        "/exact": pad(seedManifest, 512)
      })
      const { counter, layer } = makeClient({ maxManifestBytes: 512 })
      const url = server.url("/big")
      const error = yield* Effect.flip(Client.discover(url)).pipe(Effect.provide(layer))
      assert.strictEqual(error._tag, "ResponseTooLarge")
      assert.include(error.message, url)
      assert.include(error.message, "512 bytes")
      // Exactly at the cap is fine.
      const ok = yield* Client.discover(server.url("/exact")).pipe(Effect.provide(layer))
      assert.strictEqual(ok.tools.length, 1)
      assertNoCredential([server], counter)
    }))

  it.scoped("the default cap is 1 MiB", () =>
    Effect.gen(function*() {
      const server = yield* manifestServer({ "/big": pad(seedManifest, 1024 * 1024 + 1) })
      const { layer } = makeClient()
      const url = server.url("/big")
      const error = yield* Effect.flip(Client.discover(url)).pipe(Effect.provide(layer))
      assert.strictEqual(error._tag, "ResponseTooLarge")
      assert.include(error.message, url)
      assert.include(error.message, "1048576 bytes")
    }))

  it.scoped("a chunked body without content-length that never ends → ResponseTooLarge, the rest unread", () =>
    Effect.gen(function*() {
      const total = 16 * 1024 * 1024
      let written = 0
      let resolveClosed: (bytes: number) => void = () => undefined
      const closed = new Promise<number>((resolve) => (resolveClosed = resolve))
      const stream = (res: http.ServerResponse) => {
        res.writeHead(200, { "content-type": "application/json" })
        const prefix = JSON.stringify(seedManifest).slice(0, -1) + ",\"x-padding\":\""
        res.write(prefix)
        written += prefix.length
        const chunk = "x".repeat(16 * 1024)
        const timer = setInterval(() => {
          if (written >= total) {
            clearInterval(timer)
            res.end("\"}")
            return
          }
          res.write(chunk)
          written += chunk.length
        }, 1)
        res.on("close", () => {
          clearInterval(timer)
          resolveClosed(written)
        })
      }
      const server = yield* testServer((_req, res) => stream(res))
      const { counter, layer } = makeClient({ maxManifestBytes: 64 * 1024 })
      const url = server.url("/rcp/manifest")
      const error = yield* Effect.flip(Client.discover(url)).pipe(Effect.provide(layer))
      assert.strictEqual(error._tag, "ResponseTooLarge")
      assert.include(error.message, url)
      assert.include(error.message, "65536 bytes")
      assert.isUndefined(server.requests[0]!.headers["content-length"])
      // The client hung up long before the server could send everything.
      const sent = yield* Effect.promise(() => closed)
      assert.isBelow(sent, total)
      assertNoCredential([server], counter)
    }))

  it.scoped("not JSON → InvalidResponse", () =>
    Effect.gen(function*() {
      const server = yield* testServer((req, res) => {
        const html = req.path === "/html"
        res.writeHead(200, { "content-type": html ? "text/html" : "application/json" })
        res.end(html ? "<html>login required</html>" : "{\"rcpVersion\": \"0.1\", \"tools\": [")
      })
      const { counter, layer } = makeClient()
      for (const path of ["/html", "/truncated"]) {
        const url = server.url(path)
        const error = yield* Effect.flip(Client.discover(url)).pipe(Effect.provide(layer))
        assert.strictEqual(error._tag, "InvalidResponse")
        assert.include(error.message, url)
        assert.include(error.message, "not JSON")
      }
      assertNoCredential([server], counter)
    }))

  it.scoped("an invalid manifest → ManifestInvalid with every issue, source = the URL", () =>
    Effect.gen(function*() {
      const server = yield* manifestServer({
        "/rcp/manifest": {
          rcpVersion: "0.1",
          tools: [{
            name: "bad name!",
            description: "",
            method: "FETCH",
            params: [{ name: "userId", type: "int" }],
            url: "https://api.example.com/users/{{userId}}"
          }]
        }
      })
      const { counter, layer } = makeClient()
      const url = server.url("/rcp/manifest")
      const error = yield* Effect.flip(Client.discover(url)).pipe(Effect.provide(layer))
      assert.strictEqual(error._tag, "ManifestInvalid")
      if (error._tag !== "ManifestInvalid") return
      assert.strictEqual(error.source, url)
      assert.include(error.message, url)
      const paths = error.issues.map((issue) => issue.path.join("."))
      for (const path of ["tools.0.name", "tools.0.description", "tools.0.method", "tools.0.params.0.type"]) {
        assert.include(paths, path)
      }
      for (const issue of error.issues) assert.include(error.message, Manifest.formatIssue(issue))
      assert.include(error.message, "tools[0].params[0].type")
      assert.include(error.message, `(${error.issues.length} problem(s))`)
      assertNoCredential([server], counter)
    }))

  it.scoped("an unsupported version → UnsupportedVersion (even when the rest would not validate)", () =>
    Effect.gen(function*() {
      const server = yield* manifestServer({
        "/v9": { rcpVersion: "0.9", auth: { type: "header", name: "Authorization" }, tools: [{ name: "?" }] }
      })
      const { counter, layer } = makeClient()
      const url = server.url("/v9")
      const error = yield* Effect.flip(Client.discover(url)).pipe(Effect.provide(layer))
      assert.strictEqual(error._tag, "UnsupportedVersion")
      assert.strictEqual(error.message, `${url}: unsupported rcpVersion "0.9"; this library reads "0.1" and "0.2"`)
      assertNoCredential([server], counter)
    }))

  it.effect("plain http: to a host that is not loopback → InsecureUrl, nothing sent", () =>
    Effect.gen(function*() {
      const log = makeLog()
      const layer = Client.layer({ credential: CREDENTIAL }).pipe(
        Layer.provide(Resolver.layerEmpty),
        Layer.provide(noNetwork(log))
      )
      for (
        const url of [
          "http://example.invalid/x",
          "http://10.0.0.1/rcp/manifest",
          "http://127.0.0.1.example.invalid/rcp/manifest",
          "http://localhost.example.invalid:8080/rcp/manifest",
          "ftp://example.invalid/rcp/manifest"
        ]
      ) {
        const error = yield* Effect.flip(Client.discover(url)).pipe(Effect.provide(layer))
        assert.strictEqual(error._tag, "InsecureUrl", url)
        assert.include(error.message, url)
      }
      assert.deepStrictEqual(log.attempts, [])
    }))

  it.effect("allowHttp lifts the check (the request is then attempted)", () =>
    Effect.gen(function*() {
      const log = makeLog()
      const layer = Client.layer({ allowHttp: true, retry: { retries: 0 } }).pipe(
        Layer.provide(Resolver.layerEmpty),
        Layer.provide(noNetwork(log))
      )
      const error = yield* Effect.flip(Client.discover("http://example.invalid/x")).pipe(Effect.provide(layer))
      assert.strictEqual(error._tag, "TransportError")
      assert.deepStrictEqual(log.attempts, ["http://example.invalid/x"])
    }))

  it.scopedLive("no answer within the timeout → Timeout, and the request is aborted", () =>
    Effect.gen(function*() {
      const server = yield* testServer(() => undefined) // never answers
      const { counter, layer } = makeClient({ timeout: "200 millis" })
      const url = server.url("/rcp/manifest")
      const error = yield* Effect.flip(Client.discover(url)).pipe(Effect.provide(layer))
      assert.strictEqual(error._tag, "Timeout")
      assert.include(error.message, url)
      assert.include(error.message, "200 ms")
      assert.strictEqual(server.requests.length, 1)
      // The client closes the socket instead of leaving it hanging. (Node's fetch then opens a fresh
      // idle connection to the same origin; it carries no request, so only the close is asserted.)
      yield* Effect.sleep("10 millis").pipe(Effect.repeat({ until: () => server.closedSockets() >= 1, times: 200 }))
      assert.isAtLeast(server.closedSockets(), 1)
      assert.strictEqual(server.requests.length, 1)
      assertNoCredential([server], counter)
    }))
})

describe("discovery: redirects", () => {
  it.scoped("same-origin redirects are followed (relative and absolute Location, every redirect status)", () =>
    Effect.gen(function*() {
      const server: TestServer = yield* testServer((req, res): void => {
        if (req.path === "/rcp/manifest") return json(res, 200, seedManifest)
        const status = Number(req.query.get("status") ?? "302")
        const location = req.query.get("absolute") === "1" ? `${server.origin}/rcp/manifest` : "/rcp/manifest"
        res.writeHead(status, { location })
        res.end()
      })
      const { counter, layer } = makeClient({}, userIdResolver)
      for (const status of [301, 302, 303, 307, 308]) {
        for (const absolute of ["0", "1"]) {
          server.requests.length = 0
          const url = server.url(`/old?status=${status}&absolute=${absolute}`)
          const discovery = yield* Client.discover(url).pipe(Effect.provide(layer))
          assert.strictEqual(discovery.url, url)
          assert.strictEqual(Client.describeManifest(discovery.manifest, discovery.tools), SEED_DESCRIPTION)
          const seen = server.requests.map((r) => `${r.method} ${r.path}`)
          assert.deepStrictEqual(seen, ["GET /old", "GET /rcp/manifest"])
        }
      }
      assertNoCredential([server], counter)
    }))

  it.scoped("a cross-origin redirect is refused: the other server sees no request", () =>
    Effect.gen(function*() {
      const other = yield* manifestServer({ "/rcp/manifest": seedManifest })
      const server: TestServer = yield* testServer((req, res) => {
        const location = req.path === "/to-other-port"
          ? other.url("/rcp/manifest")
          : `http://localhost:${server.port}/rcp/manifest` // same port, other host: another origin
        res.writeHead(302, { location })
        res.end()
      })
      const { counter, layer } = makeClient()
      const toOther = server.url("/to-other-port")
      const error = yield* Effect.flip(Client.discover(toOther)).pipe(Effect.provide(layer))
      assert.strictEqual(error._tag, "RedirectRefused")
      assert.include(error.message, toOther)
      assert.include(error.message, other.origin)
      assert.strictEqual(other.requests.length, 0)

      const toLocalhost = server.url("/to-localhost")
      const second = yield* Effect.flip(Client.discover(toLocalhost)).pipe(Effect.provide(layer))
      assert.strictEqual(second._tag, "RedirectRefused")
      assert.include(second.message, toLocalhost)
      assert.include(second.message, `http://localhost:${server.port}`)

      assert.deepStrictEqual(server.requests.map((r) => r.path), ["/to-other-port", "/to-localhost"])
      assertNoCredential([server, other], counter)
    }))

  it.scoped("at most 5 redirects: 5 are followed, a 6th → TooManyRedirects", () =>
    Effect.gen(function*() {
      const server = yield* testServer((req, res): void => {
        // /chain/<n> redirects to /chain/<n-1>; /chain/0 serves the manifest. /loop redirects forever.
        const n = Number(req.path.split("/")[2] ?? "0")
        if (req.path.startsWith("/chain/") && n === 0) return json(res, 200, seedManifest)
        res.writeHead(302, { location: req.path.startsWith("/loop") ? `/loop/${n + 1}` : `/chain/${n - 1}` })
        res.end()
      })
      const { counter, layer } = makeClient()
      const five = yield* Client.discover(server.url("/chain/5")).pipe(Effect.provide(layer))
      assert.strictEqual(five.tools.length, 1)
      assert.strictEqual(server.requests.length, 6)

      server.requests.length = 0
      const url = server.url("/loop/0")
      const error = yield* Effect.flip(Client.discover(url)).pipe(Effect.provide(layer))
      assert.strictEqual(error._tag, "TooManyRedirects")
      assert.include(error.message, url)
      assert.include(error.message, "more than 5 redirects")
      assert.strictEqual(server.requests.length, 6)
      assertNoCredential([server], counter)
    }))
})

describe("discovery: several manifests", () => {
  it.scoped("the same tool in two manifests → the second discover fails with DuplicateTool naming both URLs", () =>
    Effect.gen(function*() {
      const server = yield* manifestServer({ "/a/manifest": seedManifest, "/b/manifest": seedManifest })
      const { counter, layer } = makeClient()
      const first = server.url("/a/manifest")
      const second = server.url("/b/manifest")
      const outcome = yield* Effect.gen(function*() {
        yield* Client.discover(first)
        const error = yield* Effect.flip(Client.discover(second))
        // The registry is unchanged by the failure; re-discovering the first URL is fine.
        const again = yield* Client.discover(first)
        return { error, again, tools: yield* Client.tools }
      }).pipe(Effect.provide(layer))
      assert.strictEqual(outcome.error._tag, "DuplicateTool")
      if (outcome.error._tag === "DuplicateTool") {
        assert.strictEqual(outcome.error.tool, "get_profile")
        assert.strictEqual(outcome.error.firstUrl, first)
        assert.strictEqual(outcome.error.secondUrl, second)
      }
      assert.include(outcome.error.message, first)
      assert.include(outcome.error.message, second)
      assert.include(outcome.error.message, "get_profile")
      assert.strictEqual(outcome.again.tools.length, 1)
      assert.deepStrictEqual(outcome.tools.map((tool) => tool.name), ["get_profile"])
      assertNoCredential([server], counter)
    }))

  it.scoped("two manifests with different tools are both registered", () =>
    Effect.gen(function*() {
      const other = { ...seedManifest, tools: [{ ...seedManifest.tools[0]!, name: "get_settings" }] }
      const server = yield* manifestServer({ "/a/manifest": seedManifest, "/b/manifest": other })
      const { layer } = makeClient()
      const names = yield* Effect.gen(function*() {
        yield* Client.discover(server.url("/a/manifest"))
        yield* Client.discover(server.url("/b/manifest"))
        return (yield* Client.tools).map((tool) => tool.name).sort()
      }).pipe(Effect.provide(layer))
      assert.deepStrictEqual(names, ["get_profile", "get_settings"])
    }))
})

describe("discovery: warnings", () => {
  it.scoped("resolvers that match no param are reported on the result and logged at Debug only, not an error", () =>
    Effect.gen(function*() {
      const server = yield* manifestServer({ "/rcp/manifest": seedManifest })
      const logs: Array<string> = []
      const { counter, layer } = makeClient(
        {},
        Resolver.layer({ userId: (ctx: Ctx) => ctx.currentUserId, tenantId: () => "t", lerner_id: () => "typo" })
      )
      const url = server.url("/rcp/manifest")
      const discovery = yield* Client.discover(url).pipe(
        Effect.provide(layer),
        withDebugLog(logs)
      )
      const expected = [
        `resolver "tenantId" matches no param of any tool in ${url}`,
        `resolver "lerner_id" matches no param of any tool in ${url}`
      ]
      assert.deepStrictEqual(discovery.warnings, expected)
      assert.deepStrictEqual(logs, expected.map((line) => `DEBUG: ${line}`))
      // The matching resolver still hides its param.
      assert.strictEqual(Client.describeManifest(discovery.manifest, discovery.tools), SEED_DESCRIPTION)
      assertNoCredential([server], counter)
    }))
})
