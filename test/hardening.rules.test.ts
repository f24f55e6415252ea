/**
 * Hostile manifests, round two (docs/protocol.md §1.6, §1.7, §3.4): duplicate query keys,
 * C1 controls in header values, and control characters in messages — against real servers on
 * 127.0.0.1 where a request could leave.
 */
import * as Result from "#target/Result.js"
import { assert, describe, it } from "./support/effectVitest.js"
import * as Effect from "effect/Effect"
import * as Client from "../src/Client.js"
import * as Manifest from "../src/Manifest.js"
import {
  clientLayer,
  manifest,
  type RecordedSpan,
  recordingTracer,
  registerAt,
  safeStringify,
  type ToolInput
} from "./support/execute.js"
import { json, type TestServer, testServer, untouched } from "./support/server.js"

const ORIGIN = "https://api.example.com"

const issuesOf = (tool: ToolInput): ReadonlyArray<Manifest.ManifestIssue> => {
  const result = Manifest.validate(manifest([tool]))
  return Result.isFailure(result) ? Result.failureOf(result) : []
}

const messagesOf = (tool: ToolInput) => issuesOf(tool).map(Manifest.formatIssue)

describe("a query key appears once", () => {
  it("a queryParams key that the url's query already sets is refused, naming the key", () => {
    assert.deepStrictEqual(
      messagesOf({
        name: "t",
        params: [{ name: "userId", type: "string" }, { name: "q", type: "string" }],
        url: `${ORIGIN}/x?uid={{userId}}`,
        queryParams: { uid: "{{q}}" }
      }),
      [`tools[0].queryParams.uid: the query key "uid" is already set by the url`]
    )
  })

  it("keys are compared as the server reads them (decoded), and a key twice in the url is refused", () => {
    assert.deepStrictEqual(
      messagesOf({ name: "t", params: [{ name: "q", type: "string" }], url: `${ORIGIN}/x?a%20b=1&a+b={{q}}` }),
      [`tools[0].url: the query key "a b" is set twice`]
    )
    assert.deepStrictEqual(
      messagesOf({
        name: "t",
        params: [{ name: "q", type: "string" }],
        url: `${ORIGIN}/x?u%69d=1`,
        queryParams: { uid: "{{q}}" }
      }),
      [`tools[0].queryParams.uid: the query key "uid" is already set by the url`]
    )
  })

  it("distinct keys are fine", () => {
    assert.deepStrictEqual(
      messagesOf({ name: "t", params: [{ name: "q", type: "string" }], url: `${ORIGIN}/x?a=1&b=2`, queryParams: { c: "{{q}}" } }),
      []
    )
  })
})

describe("header values: C1 controls refused like the others", () => {
  const C1 = ["\u0080", "\u0085", "\u009b", "\u009f"]

  it("in a manifest's literal header value", () => {
    for (const c of C1) {
      assert.deepStrictEqual(
        messagesOf({ name: "t", url: `${ORIGIN}/x`, headers: { "X-A": `a${c}b` } }),
        [`tools[0].headers["X-A"]: value contains control characters or characters beyond U+00FF`]
      )
    }
    // Latin-1 letters stay allowed: U+00A0 and above.
    assert.deepStrictEqual(messagesOf({ name: "t", url: `${ORIGIN}/x`, headers: { "X-A": "caf\u00e9\u00a0x" } }), [])
  })

  it.scoped("in a model value rendered into a header: InvalidArguments, nothing sent", () =>
    Effect.gen(function*() {
      const server = yield* testServer((_req, res) => json(res, 200, {}))
      for (const c of C1) {
        const error = yield* Effect.gen(function*() {
          yield* registerAt(server, [{
            name: "t",
            params: [{ name: "h", type: "string" }],
            url: server.url("/t"),
            headers: { "X-Probe": "{{h}}" }
          }])
          return yield* Effect.flip(Client.execute({ name: "t", arguments: { h: `a${c}b` } }))
        }).pipe(Effect.provide(clientLayer()))
        assert.strictEqual(error._tag, "InvalidArguments")
        assert.include(error.message, `"h" cannot contain control characters or characters beyond U+00FF`)
      }
      untouched(server)
    }))

  it.scoped("in the credential: CredentialMissing, nothing sent", () =>
    Effect.gen(function*() {
      const server = yield* testServer((_req, res) => json(res, 200, {}))
      const error = yield* Effect.gen(function*() {
        yield* registerAt(server, [{ name: "t", url: server.url("/t") }], { type: "header", name: "X-Key" })
        return yield* Effect.flip(Client.execute({ name: "t" }))
      }).pipe(Effect.provide(clientLayer({ credential: () => "tok\u0085en" })))
      assert.strictEqual(error._tag, "CredentialMissing")
      untouched(server)
    }))
})

/** C0 and C1 controls, DEL, and the line separators a terminal or log viewer may act on. */
const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029]/

describe("messages quoting manifest text carry no raw control characters", () => {
  const hostile = "\u001b]0;pwned\u0007\u001b[2J\u009b31m\u0085x"

  it("ManifestInvalid: every issue message and path, and the error's message", () => {
    const input = {
      rcpVersion: hostile,
      tools: [{
        name: hostile,
        description: "d",
        method: hostile,
        params: [{ name: hostile, type: hostile }],
        url: `${ORIGIN}/{{${hostile}}}/${hostile}?${hostile}{{a}}=1`,
        queryParams: { [hostile]: `{{${hostile}` },
        headers: { [hostile]: "v" },
        body: { [`{{${hostile}}}`]: `{{${hostile}}}` },
        responseMappings: { f: hostile, g: `@${hostile}[` }
      }]
    }
    const error = Effect.runSync(Effect.flip(Manifest.decode(input, { source: "https://example.com/m" })))
    assert.isAbove(error.issues.length, 5)
    for (const issue of error.issues) {
      assert.notMatch(issue.message, RAW_CONTROL, issue.message)
      assert.notMatch(Manifest.formatIssue(issue), RAW_CONTROL)
    }
    assert.notMatch(error.message, RAW_CONTROL)
    assert.include(error.message, "\\u001b")
  })

  it("describeManifest escapes C1 controls as well as C0", () => {
    const decoded = Effect.runSync(Manifest.decode(manifest([{ name: "t", description: hostile, url: `${ORIGIN}/x` }])))
    const text = Client.describeManifest(decoded, [])
    assert.notMatch(text, RAW_CONTROL)
    assert.include(text, "\\u009b")
  })

  it.scoped("HttpError: the body excerpt escapes what the server sent", () =>
    Effect.gen(function*() {
      const server = yield* testServer((_req, res) => {
        res.writeHead(500, { "content-type": "text/plain" })
        res.end(`oops ${hostile}`)
      })
      const error = yield* Effect.gen(function*() {
        yield* registerAt(server, [{ name: "t", url: server.url("/t") }])
        return yield* Effect.flip(Client.execute({ name: "t" }))
      }).pipe(Effect.provide(clientLayer({ retry: { retries: 0 } })))
      assert.strictEqual(error._tag, "HttpError")
      if (error._tag !== "HttpError") return
      assert.notMatch(error.body, RAW_CONTROL)
      assert.notMatch(error.message, RAW_CONTROL)
      assert.include(error.body, "oops \\u001b]0;pwned")
    }))
})

describe("user info in a manifest URL is never echoed", () => {
  const PASSWORD = "s3cret-pass-77"

  it.scoped("discover strips it: not sent, not in the result, warnings, errors or spans", () =>
    Effect.gen(function*() {
      const server: TestServer = yield* testServer((req, res) => {
        if (req.path === "/rcp/manifest") return json(res, 200, manifest([{ name: "t", url: `http://127.0.0.1:${server.port}/t` }]))
        if (req.path === "/rcp/invalid") return json(res, 200, { rcpVersion: "0.1", tools: [{}] })
        return json(res, 404, { error: "nothing here" })
      })
      const withUser = (path: string) => `http://alice:${PASSWORD}@127.0.0.1:${server.port}${path}`
      const spans: Array<RecordedSpan> = []
      const seen = yield* Effect.gen(function*() {
        const discovery = yield* Client.discover(withUser("/rcp/manifest"))
        const missing = yield* Effect.flip(Client.discover(withUser("/rcp/missing")))
        const invalid = yield* Effect.flip(Client.discover(withUser("/rcp/invalid")))
        const unparsable = yield* Effect.flip(Client.discover(`http://alice:${PASSWORD}@[bad/rcp`))
        const registered = yield* Client.register(manifest([{ name: "u", url: `http://127.0.0.1:${server.port}/u` }]), {
          url: withUser("/elsewhere")
        })
        assert.deepStrictEqual([missing._tag, invalid._tag, unparsable._tag], ["HttpError", "ManifestInvalid", "InvalidResponse"])
        assert.strictEqual(discovery.url, `http://127.0.0.1:${server.port}/rcp/manifest`)
        return [discovery, missing, invalid, unparsable, registered, missing.message, invalid.message, unparsable.message]
      }).pipe(
        Effect.provide(clientLayer({ retry: { retries: 0 } }, { unused: () => "x" })),
        Effect.withTracer(recordingTracer(spans))
      )
      const text = safeStringify(seen) + safeStringify(spans.map((s) => [s.name, [...s.attributes], s.events]))
      assert.notInclude(text, PASSWORD)
      assert.notInclude(text, "alice")
      assert.include(text, "matches no param")
      for (const request of server.requests) assert.strictEqual(request.headers.authorization, undefined)
    }))
})
