/**
 * Auth (docs/protocol.md §3.5): where the credential goes, in which forms it can be configured, which origins
 * receive it — and that errors, spans and log lines never contain it or a resolved value.
 */
import { atDebugLevel } from "#test-target"
import * as Effect from "effect/Effect"
import * as Redacted from "effect/Redacted"
import * as Client from "../../src/Client.js"
import {
  assertNoSecrets,
  bearer,
  clientLayer,
  CREDENTIAL_SECRET,
  MODEL_SECRET,
  recordingLogger,
  recordingTracer,
  RESOLVED_SECRET,
  registerAt,
  safeStringify,
  type AuthInput,
  type RecordedSpan,
  type ToolInput
} from "../support/execute.js"
import { assert, describe, it } from "../support/effectVitest.js"
import { either } from "../support/either.js"
import { json, testServer } from "../support/server.js"

const getTool = (origin: string, name = "get_item"): ToolInput => ({
  name,
  params: [{ name: "id", type: "string" }],
  url: `${origin}/items/{{id}}?view=full`
})

/** Registers one tool under `auth` and executes it once with `options`; returns the outcome. */
const callOnce = (
  manifestOrigin: { readonly origin: string },
  tool: ToolInput,
  auth: AuthInput | undefined,
  options: Client.Options
) =>
  Effect.gen(function*() {
    yield* registerAt(manifestOrigin, [tool], auth)
    return yield* either(Client.execute({ name: tool.name, arguments: { id: "i-1" } }))
  }).pipe(Effect.provide(clientLayer(options)))

describe("execute: where the credential goes", () => {
  it.scoped("header auth with a scheme: Authorization: Bearer <credential>", () =>
    Effect.gen(function*() {
      const server = yield* testServer((_req, res) => json(res, 200, {}))
      const out = yield* callOnce(server, getTool(server.origin), bearer, { credential: "tok-1" })
      assert.strictEqual(out._tag, "Right")
      assert.strictEqual(server.requests[0]?.headers.authorization, "Bearer tok-1")
      assert.strictEqual(server.requests[0]?.target, "/items/i-1?view=full")
    }))

  it.scoped("header auth without a scheme: X-Api-Key: <credential>, and nothing in Authorization", () =>
    Effect.gen(function*() {
      const server = yield* testServer((_req, res) => json(res, 200, {}))
      const out = yield* callOnce(server, getTool(server.origin), { type: "header", name: "X-Api-Key" }, {
        credential: "key-2"
      })
      assert.strictEqual(out._tag, "Right")
      assert.strictEqual(server.requests[0]?.headers["x-api-key"], "key-2")
      assert.strictEqual(server.requests[0]?.headers.authorization, undefined)
    }))

  it.scoped("query auth: the credential is one more query parameter, added with URL encoding", () =>
    Effect.gen(function*() {
      const server = yield* testServer((_req, res) => json(res, 200, {}))
      const out = yield* callOnce(server, getTool(server.origin), { type: "query", name: "api_key" }, {
        credential: "k&y=1 +/"
      })
      assert.strictEqual(out._tag, "Right")
      const req = server.requests[0]!
      assert.deepStrictEqual([...req.query.entries()], [["view", "full"], ["api_key", "k&y=1 +/"]])
      assert.strictEqual(req.headers.authorization, undefined)
    }))

  it.scoped("auth none: no credential is sent even when one is configured", () =>
    Effect.gen(function*() {
      const server = yield* testServer((_req, res) => json(res, 200, {}))
      let calls = 0
      const out = yield* callOnce(server, getTool(server.origin), { type: "none" }, {
        credential: () => {
          calls++
          return "tok"
        }
      })
      assert.strictEqual(out._tag, "Right")
      assert.strictEqual(calls, 0)
      assert.strictEqual(server.requests[0]?.headers.authorization, undefined)
      assert.deepStrictEqual([...server.requests[0]!.query.keys()], ["view"])
    }))
})

describe("execute: credential forms", () => {
  const forms: ReadonlyArray<readonly [string, Client.CredentialInput]> = [
    ["a string", "cred-value"],
    ["a Redacted", Redacted.make("cred-value")],
    ["a function", () => "cred-value"],
    ["an async function", async () => "cred-value"],
    ["a function returning an Effect", () => Effect.succeed("cred-value")],
    ["a function returning a Redacted", () => Redacted.make("cred-value")]
  ]
  for (const [label, credential] of forms) {
    it.scoped(`the credential as ${label}`, () =>
      Effect.gen(function*() {
        const server = yield* testServer((_req, res) => json(res, 200, {}))
        const out = yield* callOnce(server, getTool(server.origin), bearer, { credential })
        assert.strictEqual(out._tag, "Right")
        assert.strictEqual(server.requests[0]?.headers.authorization, "Bearer cred-value")
      }))
  }

  it.scoped("a credential function is told where the credential will go", () =>
    Effect.gen(function*() {
      const server = yield* testServer((_req, res) => json(res, 200, {}))
      const seen: Array<Client.CredentialRequest> = []
      yield* callOnce(server, getTool(server.origin), bearer, {
        credential: (request) => {
          seen.push(request)
          return "c"
        }
      })
      assert.deepStrictEqual(seen, [{
        origin: server.origin,
        manifestUrl: `${server.origin}/rcp/manifest`,
        tool: "get_item"
      }])
    }))

  const missing: ReadonlyArray<readonly [string, Client.Options, string]> = [
    ["none configured", {}, "none is configured"],
    ["an empty string", { credential: "" }, "none is configured"],
    ["a function returning undefined", { credential: () => undefined }, "none is configured"],
    ["an async function resolving null", { credential: async () => null }, "none is configured"],
    ["a function that throws", {
      credential: () => {
        throw new Error(CREDENTIAL_SECRET)
      }
    }, "the credential function failed"],
    ["an Effect that fails", { credential: () => Effect.fail(CREDENTIAL_SECRET) }, "the credential function failed"],
    ["a credential with a line break", { credential: "a\r\nX-Evil: 1" }, "contains characters that cannot be sent"]
  ]
  for (const [label, options, reason] of missing) {
    it.scoped(`CredentialMissing: ${label}; nothing sent`, () =>
      Effect.gen(function*() {
        const server = yield* testServer((_req, res) => json(res, 200, {}))
        const out = yield* callOnce(server, getTool(server.origin), bearer, options)
        assert.strictEqual(out._tag, "Left")
        if (out._tag !== "Left") return
        assert.strictEqual(out.left._tag, "CredentialMissing")
        assert.instanceOf(out.left, Client.CredentialMissing)
        assert.include(out.left.message, `tool "get_item": the manifest requires a credential for ${server.origin}`)
        assert.include(out.left.message, reason)
        assertNoSecrets("CredentialMissing", `${out.left.message} ${safeStringify(out.left)}`, [CREDENTIAL_SECRET])
        assert.strictEqual(server.requests.length, 0)
      }))
  }
})

describe("execute: trusted and untrusted origins", () => {
  it.scoped("a tool on another origin: UntrustedOrigin telling how to trust it; neither server sees anything", () =>
    Effect.gen(function*() {
      const home = yield* testServer((_req, res) => json(res, 200, {}))
      const other = yield* testServer((_req, res) => json(res, 200, {}))
      let credentialCalls = 0
      const out = yield* callOnce(home, getTool(other.origin), bearer, {
        credential: () => {
          credentialCalls++
          return "tok"
        }
      })
      assert.strictEqual(out._tag, "Left")
      if (out._tag !== "Left") return
      assert.strictEqual(out.left._tag, "UntrustedOrigin")
      assert.instanceOf(out.left, Client.UntrustedOrigin)
      assert.include(out.left.message, `tool "get_item" calls ${other.origin}`)
      assert.include(out.left.message, `not the manifest's origin (${home.origin})`)
      assert.include(out.left.message, `add "${other.origin}" to the client's trustedOrigins`)
      assert.strictEqual(credentialCalls, 0)
      assert.strictEqual(other.requests.length, 0)
      assert.strictEqual(home.requests.length, 0)
    }))

  it.scoped("the same origin is untrusted without a credential too (auth none)", () =>
    Effect.gen(function*() {
      const home = yield* testServer((_req, res) => json(res, 200, {}))
      const other = yield* testServer((_req, res) => json(res, 200, {}))
      const out = yield* callOnce(home, getTool(other.origin), undefined, {})
      assert.strictEqual(out._tag, "Left")
      if (out._tag === "Left") assert.strictEqual(out.left._tag, "UntrustedOrigin")
      assert.strictEqual(other.requests.length, 0)
    }))

  it.scoped("with the origin in trustedOrigins the call goes through, with the credential", () =>
    Effect.gen(function*() {
      const home = yield* testServer((_req, res) => json(res, 200, {}))
      const other = yield* testServer((_req, res) => json(res, 200, { from: "other" }))
      const seen: Array<string> = []
      const out = yield* callOnce(home, getTool(other.origin), bearer, {
        credential: (request) => {
          seen.push(request.origin)
          return "tok-trusted"
        },
        // Any URL on the origin will do; only its origin counts.
        trustedOrigins: [`${other.origin}/some/path`]
      })
      assert.strictEqual(out._tag, "Right")
      if (out._tag === "Right") assert.deepStrictEqual(out.right.data, { from: "other" })
      assert.deepStrictEqual(seen, [other.origin])
      assert.strictEqual(other.requests.length, 1)
      assert.strictEqual(other.requests[0]?.headers.authorization, "Bearer tok-trusted")
      assert.strictEqual(home.requests.length, 0)
    }))

  it.scoped("localhost and 127.0.0.1 are different origins", () =>
    Effect.gen(function*() {
      const server = yield* testServer((_req, res) => json(res, 200, {}))
      const out = yield* callOnce(server, getTool(`http://localhost:${server.port}`), bearer, { credential: "t" })
      assert.strictEqual(out._tag, "Left")
      if (out._tag === "Left") assert.strictEqual(out.left._tag, "UntrustedOrigin")
      assert.strictEqual(server.requests.length, 0)
    }))
})

describe("secrets never leak into errors, spans or logs", () => {
  const SECRETS = [RESOLVED_SECRET, CREDENTIAL_SECRET, MODEL_SECRET]

  it.scopedLive("every failure mode, with distinctive resolved, credential and argument values", () =>
    Effect.gen(function*() {
      const other = yield* testServer((_req, res) => json(res, 200, {}))
      const server = yield* testServer((req, res) => {
        switch (req.path.split("/")[1]) {
          case "echo":
            // The server echoes the credential and the resolved value on purpose.
            return json(res, 401, { got: req.headers.authorization, path: req.path })
          case "away":
            res.writeHead(302, { location: `${other.origin}/${RESOLVED_SECRET}?token=${CREDENTIAL_SECRET}` })
            res.end()
            return
          case "loop":
            res.writeHead(307, { location: `/loop/${RESOLVED_SECRET}?k=${CREDENTIAL_SECRET}` })
            res.end()
            return
          case "reset":
            res.socket?.destroy()
            return
          case "big":
            return json(res, 200, { blob: "x".repeat(4096) })
          case "slow":
            return undefined
          default:
            return json(res, 200, { user: RESOLVED_SECRET })
        }
      })
      const tool = (name: string, segment: string): ToolInput => ({
        name,
        params: [{ name: "userId", type: "string" }, { name: "note", type: "string", required: false }],
        url: `${server.origin}/${segment}/{{userId}}`,
        queryParams: { note: "{{note}}" },
        headers: { "X-User": "{{userId}}" }
      })
      const tools = [
        tool("echo", "echo"),
        tool("away", "away"),
        tool("loop", "loop"),
        tool("reset", "reset"),
        tool("big", "big"),
        tool("slow", "slow"),
        tool("ok", "ok"),
        { ...tool("elsewhere", "x"), url: `${other.origin}/x/{{userId}}` }
      ]
      const spans: Array<RecordedSpan> = []
      const logs: Array<string> = []
      const resolvers = {
        userId: (ctx: { readonly user?: string }) => ctx.user,
        // Matches no param: registering logs a warning, so the logger below is known to record.
        unused: () => RESOLVED_SECRET
      }
      const context = { context: { user: RESOLVED_SECRET } }
      const errors = yield* Effect.gen(function*() {
        yield* registerAt(server, tools, bearer)
        const fail = (name: string, args: unknown, ctx: object = context) =>
          Effect.flip(Client.execute({ name, arguments: args }, ctx))
        const ok = yield* Client.execute({ name: "ok", arguments: { note: MODEL_SECRET } }, context)
        assert.deepStrictEqual(ok.data, { user: RESOLVED_SECRET })
        return [
          yield* fail("echo", { note: MODEL_SECRET }),
          yield* fail("away", {}),
          yield* fail("loop", {}),
          yield* fail("reset", {}),
          yield* Effect.flip(
            Client.execute({ name: "slow", arguments: {} }, { ...context, timeout: "100 millis" })
          ),
          yield* fail("elsewhere", {}),
          yield* fail("ok", { userId: MODEL_SECRET }),
          yield* fail("ok", { note: 7, [MODEL_SECRET.slice(0, 5)]: MODEL_SECRET }),
          yield* fail("ok", `{"note": "${MODEL_SECRET}"`),
          yield* fail("ok", {}, { context: { user: `${RESOLVED_SECRET}/..` } }),
          yield* fail("ok", {}, { context: { user: `${RESOLVED_SECRET}\r\n` } }),
          yield* fail("ok", {}, {}),
          yield* fail(`no_such_tool`, { note: MODEL_SECRET })
        ]
      }).pipe(
        Effect.provide(clientLayer(
          { credential: () => Effect.succeed(CREDENTIAL_SECRET), maxResponseBytes: 1024 },
          resolvers
        )),
        Effect.withTracer(recordingTracer(spans)),
        Effect.provide(recordingLogger(logs)),
        // Discovery warnings are logged at Debug only: record every level.
        atDebugLevel
      )
      const big = yield* Effect.gen(function*() {
        yield* registerAt(server, tools, bearer)
        return yield* Effect.flip(Client.execute({ name: "big", arguments: {} }, context))
      }).pipe(
        Effect.provide(clientLayer({ credential: CREDENTIAL_SECRET, maxResponseBytes: 1024 }, resolvers)),
        Effect.withTracer(recordingTracer(spans)),
        Effect.provide(recordingLogger(logs)),
        // Discovery warnings are logged at Debug only: record every level.
        atDebugLevel
      )
      const all = [...errors, big]
      assert.deepStrictEqual(all.map((e) => e._tag), [
        "HttpError",
        "RedirectRefused",
        "TooManyRedirects",
        "TransportError",
        "Timeout",
        "UntrustedOrigin",
        "InvalidArguments",
        "InvalidArguments",
        "InvalidArguments",
        "ResolverFailed",
        "ResolverFailed",
        "ResolverMissing",
        "ToolNotFound",
        "ResponseTooLarge"
      ])
      for (const error of all) {
        // HttpError.body is what the server said (here it echoes the resolved path on purpose);
        // everything else about every error is checked for all three secrets.
        const fields = error._tag === "HttpError" ? { ...error, body: "(checked below)" } : error
        assertNoSecrets(`${error._tag}.message`, error.message, SECRETS)
        assertNoSecrets(`JSON of ${error._tag}`, safeStringify(fields), SECRETS)
        assertNoSecrets(`String(${error._tag})`, String(error), SECRETS)
      }
      // The echoed credential and resolved value are redacted in the body excerpt (a 4xx excerpt
      // reaches the model: docs/providers.md "What the model is told of a failure"); the status is kept.
      const httpError = all[0]!
      assert.strictEqual(httpError._tag, "HttpError")
      if (httpError._tag === "HttpError") {
        assert.strictEqual(httpError.status, 401)
        assert.include(httpError.body, "\"got\":\"Bearer <redacted>\"")
        // Resolved values are redacted too (docs/protocol.md §6).
        assert.include(httpError.body, "/echo/<redacted>")
        assertNoSecrets("HttpError.body", httpError.body, [CREDENTIAL_SECRET, RESOLVED_SECRET])
      }
      assert.strictEqual(other.requests.length, 0)

      // Spans: one RcpClient.execute per call, with the tool and the status; no secret anywhere.
      const executes = spans.filter((span) => span.name === "RcpClient.execute")
      assert.strictEqual(executes.length, all.length + 1)
      const okSpan = executes[0]!
      assert.strictEqual(okSpan.attributes.get("rcp.tool"), "ok")
      assert.strictEqual(okSpan.attributes.get("http.response.status_code"), 200)
      assert.strictEqual(okSpan.attributes.get("http.request.method"), "GET")
      assert.strictEqual(okSpan.attributes.get("server.address"), server.origin)
      const echoSpan = executes[1]!
      assert.strictEqual(echoSpan.attributes.get("rcp.tool"), "echo")
      assert.strictEqual(echoSpan.attributes.get("http.response.status_code"), 401)
      // The HttpClient's own spans are off (they would carry full URLs): every span is rcp's own.
      assert.deepStrictEqual([...new Set(spans.map((span) => span.name))].filter((name) => !name.startsWith("Rcp")), [])
      for (const span of spans) {
        assertNoSecrets(`span name ${span.name}`, span.name, SECRETS)
        assertNoSecrets(`attributes of span ${span.name}`, safeStringify([...span.attributes]), SECRETS)
        assertNoSecrets(`events of span ${span.name}`, safeStringify(span.events), SECRETS)
      }
      assert.isTrue(logs.some((line) => line.includes(`resolver \\"unused\\" matches no param`)), logs.join("\n"))
      for (const line of logs) assertNoSecrets("a log line", line, SECRETS)
    }))
})
