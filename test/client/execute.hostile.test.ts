/**
 * Hostile argument values in every position a value can go (docs/protocol.md §3.4). Each value is either
 * refused before any request (InvalidArguments, naming the param) or arrives at the server exactly
 * as the model sent it — and never changes the path's shape, the set of query keys or the set of
 * headers.
 */
import { Service } from "#target/Service.js"
import { unwrapScoped } from "#test-target"
import { assert, describe, it } from "../support/effectVitest.js"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as fc from "fast-check"
import * as Client from "../../src/Client.js"
import {
  clientLayer,
  customHeaders,
  largeHeaderServer,
  queryKeys,
  rawSegments,
  registerAt,
  type Attempts,
  type ToolInput
} from "../support/execute.js"
import { either } from "../support/either.js"
import { json, testServer, type TestServer } from "../support/server.js"
import { hasLoneSurrogate, pathValueReasons } from "../support/pathRule.js"
import { propertyRuns, seeded } from "../support/property.js"

type Position = "path" | "urlQuery" | "queryParam" | "header" | "body"

const POSITIONS: ReadonlyArray<Position> = ["path", "urlQuery", "queryParam", "header", "body"]

/** One param per position; the others get a harmless value. */
const hostileTool = (origin: string): ToolInput => ({
  name: "probe",
  method: "POST",
  params: POSITIONS.map((name) => ({ name, type: "string" as const })),
  url: `${origin}/items/{{path}}/end?u={{urlQuery}}&fixed=1`,
  queryParams: { qp: "{{queryParam}}" },
  headers: { "X-Probe": "{{header}}", "X-Static": "static" },
  body: { value: "{{body}}", other: "x" }
})

const SAFE = "ok"

interface Case {
  readonly label: string
  readonly value: string
  /** Where the value is refused, with a fragment of the problem the model is told. */
  readonly refused: Partial<Record<Position, string>>
}

const DOTS = "cannot be \".\" or \"..\" in the URL path"
const SLASH = "cannot contain \"/\" or \"\\\" in the URL path"
const PATH_CONTROL = "cannot contain control characters in the URL path"
const HEADER_BREAK = "cannot contain CR, LF or NUL (it goes into the header \"x-probe\")"
const HEADER_WIDE =
  "cannot contain control characters or characters beyond U+00FF (it goes into the header \"x-probe\")"

const SURROGATE = "contains an unpaired UTF-16 surrogate"
const HEADER_EDGE = "cannot start or end with a space or tab (it goes into the header \"x-probe\")"

const CASES: ReadonlyArray<Case> = [
  { label: "..", value: "..", refused: { path: DOTS } },
  { label: "%2e%2e", value: "%2e%2e", refused: { path: DOTS } },
  { label: "%2E%2e (mixed case)", value: "%2E%2e", refused: { path: DOTS } },
  { label: ".%2e", value: ".%2e", refused: { path: DOTS } },
  { label: "%252e%252e (double-encoded)", value: "%252e%252e", refused: { path: DOTS } },
  { label: ".", value: ".", refused: { path: DOTS } },
  { label: "a/b", value: "a/b", refused: { path: SLASH } },
  { label: "a%2fb (encoded slash)", value: "a%2fb", refused: { path: SLASH } },
  { label: "a\\b", value: "a\\b", refused: { path: SLASH } },
  { label: "../../admin", value: "../../admin", refused: { path: SLASH } },
  { label: "?x=1", value: "?x=1", refused: {} },
  { label: "#frag", value: "#frag", refused: {} },
  { label: "@evil.com", value: "@evil.com", refused: {} },
  { label: "//evil.com/x", value: "//evil.com/x", refused: { path: SLASH } },
  { label: "a&admin=true", value: "a&admin=true", refused: {} },
  { label: "x=1&y", value: "x=1&y", refused: {} },
  { label: "a+b c", value: "a+b c", refused: {} },
  { label: "100% and %zz", value: "100% and %zz", refused: {} },
  { label: "{{path}} (a value that looks like a placeholder)", value: "{{path}}", refused: {} },
  { label: "CRLF", value: "a\r\nX-Injected: 1", refused: { path: PATH_CONTROL, header: HEADER_BREAK } },
  { label: "LF", value: "a\nb", refused: { path: PATH_CONTROL, header: HEADER_BREAK } },
  { label: "NUL", value: "a\u0000b", refused: { path: PATH_CONTROL, header: HEADER_BREAK } },
  { label: "TAB", value: "a\tb", refused: { path: PATH_CONTROL } },
  { label: "DEL", value: "a\u007fb", refused: { path: PATH_CONTROL, header: HEADER_WIDE } },
  { label: "%0d%0a (encoded CRLF)", value: "%0d%0a", refused: { path: PATH_CONTROL } },
  { label: "%00 (encoded NUL)", value: "a%00", refused: { path: PATH_CONTROL } },
  { label: "a%5cb (encoded backslash)", value: "a%5cb", refused: { path: SLASH } },
  // A "%" that starts no escape does not stop the rest from being decoded.
  { label: "%2f% (an encoded slash, then a stray %)", value: "%2f%", refused: { path: SLASH } },
  { label: "%00% (an encoded NUL, then a stray %)", value: "%00%", refused: { path: PATH_CONTROL } },
  { label: "c%2f%EĀ (an encoded slash, then a broken escape)", value: "c%2f%EĀ", refused: { path: SLASH, header: HEADER_WIDE } },
  // A byte order mark is a character like any other once decoded: "\ufeff." is no dot segment.
  { label: "%EF%BB%BF. (an encoded BOM before a dot)", value: "%EF%BB%BF.", refused: {} },
  { label: "lone surrogate", value: "a\ud800b", refused: {
    path: SURROGATE,
    urlQuery: SURROGATE,
    queryParam: SURROGATE,
    header: HEADER_WIDE
  } },
  { label: "é (Latin-1)", value: "café", refused: {} },
  { label: "日本", value: "日本", refused: { header: HEADER_WIDE } },
  { label: "emoji", value: "👍🏽 ok", refused: { header: HEADER_WIDE } },
  // HTTP strips a header value's edges, so such a value could not arrive as sent.
  { label: "leading and trailing spaces", value: " padded ", refused: { header: HEADER_EDGE } },
  { label: "a lone space", value: " ", refused: { header: HEADER_EDGE } },
  { label: "trailing tab", value: "x\t", refused: { path: PATH_CONTROL, header: HEADER_EDGE } },
  { label: "100 kB", value: "a".repeat(100_000), refused: {} },
  { label: "empty string", value: "", refused: { path: "cannot be empty in the URL path" } }
]

const EXPECTED_SEGMENTS = 3 // items, {{path}}, end
const EXPECTED_QUERY_KEYS = ["fixed", "qp", "u"]
const EXPECTED_HEADERS = ["x-probe", "x-static"]

/** What arrived in `position`, decoded the way a server reads it. */
const arrived = (position: Position, req: Parameters<typeof rawSegments>[0]): unknown => {
  switch (position) {
    case "path":
      return decodeURIComponent(rawSegments(req)[1] ?? "")
    case "urlQuery":
      return req.query.getAll("u")
    case "queryParam":
      return req.query.getAll("qp")
    case "header":
      return req.headers["x-probe"]
    case "body":
      return JSON.parse(req.body).value
  }
}

const expectedArrival = (position: Position, value: string): unknown =>
  position === "urlQuery" || position === "queryParam" ? [value] : value

/** One server and one client for a whole position's table; each test looks at the request it added. */
class Probe extends Service<Probe, {
  readonly server: TestServer
  readonly attempts: Attempts
}>()("test/Probe") {}

const probeLayer: Layer.Layer<Probe | Client.RcpClient> = unwrapScoped(
  Effect.gen(function*() {
    const server = yield* largeHeaderServer((_req, res) => json(res, 200, { ok: true }))
    const attempts: Attempts = { urls: [] }
    const client = Layer.effectDiscard(registerAt(server, [hostileTool(server.origin)])).pipe(
      Layer.provideMerge(clientLayer({}, {}, attempts))
    )
    return Layer.merge(Layer.succeed(Probe, { server, attempts }), client)
  })
)

describe("execute: hostile argument values", () => {
  for (const position of POSITIONS) {
    it.layer(probeLayer)(`in the ${position}`, (it) => {
      for (const c of CASES) {
        const refusal = c.refused[position]
        const title = refusal === undefined ? `${c.label}: arrives exactly` : `${c.label}: refused`
        it.effect(title, () =>
          Effect.gen(function*() {
            const { attempts, server } = yield* Probe
            const requestsBefore = server.requests.length
            const attemptsBefore = attempts.urls.length
            const args = Object.fromEntries(POSITIONS.map((p) => [p, p === position ? c.value : SAFE]))
            const outcome = yield* either(Client.execute({ name: "probe", arguments: args }))

            if (refusal !== undefined) {
              assert.strictEqual(outcome._tag, "Left", "expected the value to be refused")
              if (outcome._tag !== "Left") return
              const error = outcome.left
              assert.strictEqual(error._tag, "InvalidArguments")
              assert.include(error.message, `"${position}" ${refusal}`)
              // The problem names the argument; it never echoes the value.
              if (c.value.length > 2) assert.notInclude(error.message, c.value)
              assert.strictEqual(server.requests.length, requestsBefore)
              assert.strictEqual(attempts.urls.length, attemptsBefore)
              return
            }

            assert.strictEqual(outcome._tag, "Right", outcome._tag === "Left" ? outcome.left.message : "")
            assert.strictEqual(server.requests.length, requestsBefore + 1)
            const req = server.requests[requestsBefore]!
            assert.strictEqual(req.method, "POST")
            assert.deepStrictEqual(arrived(position, req), expectedArrival(position, c.value))
            // The shape of the request is the template's, whatever the value.
            const segments = rawSegments(req)
            assert.strictEqual(segments.length, EXPECTED_SEGMENTS, req.target.slice(0, 200))
            assert.strictEqual(segments[0], "items")
            assert.strictEqual(segments[2], "end")
            assert.deepStrictEqual(queryKeys(req), EXPECTED_QUERY_KEYS)
            assert.deepStrictEqual(req.query.getAll("fixed"), ["1"])
            assert.deepStrictEqual(customHeaders(req), EXPECTED_HEADERS)
            assert.strictEqual(req.headers["x-static"], "static")
            assert.deepStrictEqual(Object.keys(JSON.parse(req.body)), ["value", "other"])
            // The untouched positions still hold the harmless value.
            for (const other of POSITIONS) {
              if (other !== position) assert.deepStrictEqual(arrived(other, req), expectedArrival(other, SAFE))
            }
          }))
      }
    })
  }
})

/** docs/protocol.md §3.4 as an oracle: when a value must be refused in each position. */
const mustRefuse: Record<Position, (value: string) => boolean> = {
  // Percent-decoding as the rule states it (leniently, three rounds): test/support/pathRule.ts.
  path: (value) => pathValueReasons(value).length > 0,
  urlQuery: hasLoneSurrogate,
  queryParam: hasLoneSurrogate,
  // Control characters but tab, C1 (U+0080–U+009F) included, and anything beyond U+00FF.
  header: (value) => /[^\t\x20-\x7e\xa0-\xff]/.test(value) || /^[ \t]|[ \t]$/.test(value),
  body: () => false
}

// Short strings over the characters that matter to URLs, headers and percent-decoding.
const tricky = fc.string({
  unit: fc.constantFrom(
    ...[".", "/", "\\", "%", "2", "e", "E", "f", "5", "c", "0", "d", "a", "?", "#", "&", "=", "+", "@", ":", ";"],
    ...[" ", "\t", "\r", "\n", "\u0000", "\u007f", "\u0085", "é", "ÿ", "Ā", "日", "👍", "\ud800", "\udc00"]
  ),
  maxLength: 12
})

describe("execute: random values (property)", () => {
  it.layer(probeLayer)("in every position", (it) => {
    it.effect.prop(
      "a value is refused exactly when docs/protocol.md §3.4 says so, and otherwise arrives exactly as sent",
      [fc.oneof(tricky, fc.string({ unit: "binary", maxLength: 24 }))],
      ([value]) =>
        Effect.gen(function*() {
          const { server } = yield* Probe
          for (const position of POSITIONS) {
            const before = server.requests.length
            const args = Object.fromEntries(POSITIONS.map((p) => [p, p === position ? value : SAFE]))
            const outcome = yield* either(Client.execute({ name: "probe", arguments: args }))
            const shown = `${position}: ${JSON.stringify(value)}`
            if (mustRefuse[position](value)) {
              assert.strictEqual(outcome._tag, "Left", `expected a refusal in the ${shown}`)
              if (outcome._tag === "Left") {
                assert.strictEqual(outcome.left._tag, "InvalidArguments", shown)
                assert.include(outcome.left.message, `"${position}"`, shown)
              }
              assert.strictEqual(server.requests.length, before, shown)
            } else {
              const failure = outcome._tag === "Left" ? `${shown} → ${outcome.left.message}` : ""
              assert.strictEqual(outcome._tag, "Right", failure)
              const req = server.requests[before]!
              assert.deepStrictEqual(arrived(position, req), expectedArrival(position, value), shown)
              assert.strictEqual(rawSegments(req).length, EXPECTED_SEGMENTS, shown)
              assert.deepStrictEqual(queryKeys(req), EXPECTED_QUERY_KEYS, shown)
              assert.deepStrictEqual(customHeaders(req), EXPECTED_HEADERS, shown)
            }
          }
        }),
      // The values the oracle once got wrong (it stopped decoding at the first broken escape) first.
      { fastCheck: { ...seeded(1, propertyRuns(100)), examples: [["%2f%"], ["%00%"], ["c%2f%EĀ"], ["%EF%BB%BF."]] } }
    )
  })
})

describe("execute: hostile values, more shapes", () => {
  it.scoped("every problem in one call is listed; nothing is sent", () =>
    Effect.gen(function*() {
      const server = yield* testServer((_req, res) => json(res, 200, {}))
      const error = yield* Effect.gen(function*() {
        yield* registerAt(server, [hostileTool(server.origin)])
        return yield* Effect.flip(Client.execute({
          name: "probe",
          arguments: { path: "..", urlQuery: "x", queryParam: "y", header: "a\r\nb", body: "z" }
        }))
      }).pipe(Effect.provide(clientLayer()))
      assert.strictEqual(error._tag, "InvalidArguments")
      assert.include(error.message, `"path" ${DOTS}`)
      assert.include(error.message, `"header" ${HEADER_BREAK}`)
      assert.strictEqual(server.requests.length, 0)
    }))

  it.scoped("header edges: a value may hold inner spaces, but not start or end the header value with one", () =>
    Effect.gen(function*() {
      const server = yield* testServer((_req, res) => json(res, 200, {}))
      const tool: ToolInput = {
        name: "greet",
        params: [{ name: "a", type: "string" }, { name: "b", type: "string" }],
        url: `${server.origin}/g`,
        headers: { "X-Pair": "{{a}}-{{b}}" }
      }
      const outcomes = yield* Effect.gen(function*() {
        yield* registerAt(server, [tool])
        const run = (a: string, b: string) =>
          either(Client.execute({ name: "greet", arguments: { a, b } })).pipe(
            Effect.map((out) => out._tag === "Left" ? out.left.message : "sent")
          )
        return [yield* run("x y", " z"), yield* run(" x", "y"), yield* run("x", "y\t"), yield* run("", "")]
      }).pipe(Effect.provide(clientLayer()))
      assert.strictEqual(outcomes[0], "sent")
      assert.include(outcomes[1], `"a" cannot start or end with a space or tab (it goes into the header "x-pair")`)
      assert.include(outcomes[2], `"b" cannot start or end with a space or tab`)
      assert.strictEqual(outcomes[3], "sent")
      assert.deepStrictEqual(server.requests.map((r) => r.headers["x-pair"]), ["x y- z", "-"])
    }))

  it.scoped("several placeholders in one path segment: still one segment, dot segments refused", () =>
    Effect.gen(function*() {
      const server = yield* testServer((_req, res) => json(res, 200, {}))
      const tool: ToolInput = {
        name: "file",
        params: [{ name: "base", type: "string" }, { name: "ext", type: "string" }],
        url: `${server.origin}/files/{{base}}.{{ext}}`
      }
      const [ok, dots] = yield* Effect.gen(function*() {
        yield* registerAt(server, [tool])
        return [
          yield* Client.execute({ name: "file", arguments: { base: "a?b", ext: "#c" } }),
          yield* Effect.flip(Client.execute({ name: "file", arguments: { base: "x", ext: "." } }))
        ] as const
      }).pipe(Effect.provide(clientLayer()))
      assert.strictEqual(ok.status, 200)
      assert.strictEqual(dots._tag, "InvalidArguments")
      assert.strictEqual(server.requests.length, 1)
      const segments = rawSegments(server.requests[0]!)
      assert.strictEqual(segments.length, 2)
      assert.strictEqual(decodeURIComponent(segments[1]!), "a?b.#c")
    }))

  it.scoped("a hostile resolved value in the path is the operator's problem: ResolverFailed, nothing sent", () =>
    Effect.gen(function*() {
      const server = yield* testServer((_req, res) => json(res, 200, {}))
      const error = yield* Effect.gen(function*() {
        yield* registerAt(server, [{
          name: "get_profile",
          params: [{ name: "userId", type: "string" }],
          url: `${server.origin}/users/{{userId}}`
        }])
        return yield* Effect.flip(Client.execute({ name: "get_profile" }, { context: { id: "../admin" } }))
      }).pipe(Effect.provide(clientLayer({}, { userId: (ctx: { readonly id: string }) => ctx.id })))
      assert.strictEqual(error._tag, "ResolverFailed")
      assert.include(error.message, `the resolver for "userId" produced a value that ${SLASH}`)
      assert.notInclude(error.message, "../admin")
      assert.strictEqual(server.requests.length, 0)
    }))
})
