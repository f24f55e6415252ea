/**
 * rcp-sdk/manifest's decode, on both targets (the two-target run, docs/effect4.md §Tests): every
 * message below is the plain shape check's and the meaning checks', the same on Effect 3 and 4.
 */
import { failureOf } from "#test-target"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Manifest from "../../src/Manifest.js"
import { assert, describe, it } from "../support/effectVitest.js"

type Json = Record<string, unknown>

// A valid POST tool; each invalid case below changes exactly one thing about it.
const baseTool = (): Json => ({
  name: "get_thing",
  description: "Get a thing.",
  method: "POST",
  params: [
    { name: "id", type: "string" },
    { name: "n", type: "number", required: false }
  ],
  url: "https://api.example.com/things/{{id}}"
})

const manifestOf = (tools: ReadonlyArray<Json>, extra: Json = {}): Json => ({ rcpVersion: "0.1", ...extra, tools })

const withTool = (patch: Json, extra: Json = {}): Json => manifestOf([{ ...baseTool(), ...patch }], extra)

const withoutKey = (record: Json, key: string): Json => {
  const { [key]: _, ...rest } = record
  return rest
}

// The issue's path as `formatIssue` writes it (`tools[0].params[1].name`).
const formatPath = (issue: Manifest.ManifestIssue): string => {
  const text = Manifest.formatIssue(issue)
  return text.slice(0, text.length - issue.message.length - 2)
}

const nestedObject = (depth: number, leaf: unknown): unknown => {
  let value = leaf
  for (let i = 0; i < depth; i++) value = { k: value }
  return value
}

const nestedArray = (depth: number): unknown => {
  let value: unknown = []
  for (let i = 0; i < depth; i++) value = [value]
  return value
}

/** Fails with ManifestInvalid as a typed failure: no exception, no defect. */
const expectInvalid = (input: unknown) =>
  Effect.gen(function*() {
    const exit = yield* Effect.exit(Effect.suspend(() => Manifest.decode(input)))
    assert.isTrue(Exit.isFailure(exit), "expected the manifest to be rejected")
    if (Exit.isSuccess(exit)) return assert.fail("unreachable")
    const error = failureOf(exit.cause)
    if (error === undefined) return assert.fail(`expected a typed failure, got a defect: ${String(exit.cause)}`)
    assert.strictEqual(error._tag, "ManifestInvalid")
    assert.instanceOf(error, Manifest.ManifestInvalid)
    return error
  })

describe("Manifest.decode: the seed manifests", () => {
  it.effect("the get_weather tool of seed 001 decodes unchanged", () =>
    Effect.gen(function*() {
      const input: Manifest.Manifest = {
        rcpVersion: "0.1",
        tools: [{
          name: "get_weather",
          description: "Get current weather information for a city.",
          method: "GET",
          params: [{ name: "city", type: "string", description: "City name, e.g. \"Paris\"" }],
          url: "https://internal.example.com/weather",
          queryParams: { city: "{{city}}" },
          responseMappings: { temperatureC: "@temperatureC", conditions: "@conditions" }
        }]
      }
      const manifest = yield* Manifest.decode(input)
      assert.deepStrictEqual(manifest, input)
      const param = manifest.tools[0]!.params[0]!
      assert.isTrue(Manifest.isRequired(param))
    }))

  it.effect("the get_profile tool of seed 000, with its Bearer header auth, decodes unchanged", () =>
    Effect.gen(function*() {
      const input: Manifest.Manifest = {
        rcpVersion: "0.1",
        auth: { type: "header", name: "Authorization", scheme: "Bearer" },
        tools: [{
          name: "get_profile",
          description: "Get the current user's profile.",
          method: "GET",
          params: [{ name: "userId", type: "string", description: "the user's id" }],
          url: "https://example.com/api/users/{{userId}}"
        }]
      }
      const manifest = yield* Manifest.decode(input)
      assert.deepStrictEqual(manifest, input)
      assert.deepStrictEqual(manifest.auth, { type: "header", name: "Authorization", scheme: "Bearer" })
    }))

  it.effect("the search example of seed 001 (placeholder in a url query value) decodes", () =>
    Effect.gen(function*() {
      const input = manifestOf([{
        name: "search",
        description: "Search.",
        method: "GET",
        params: [{ name: "query", type: "string" }],
        url: "https://api.example.com/search?q={{query}}"
      }])
      assert.deepStrictEqual(yield* Manifest.decode(input), input)
    }))

  it.effect("valid edge cases decode to exactly what was written: no tools, empty params, loopback http, 64-char name, every method, each auth", () =>
    Effect.gen(function*() {
      const inputs: ReadonlyArray<Json> = [
        manifestOf([]),
        withTool({ params: [], url: "https://api.example.com/things" }),
        withTool({ url: "http://127.0.0.1:8080/things/{{id}}" }),
        withTool({ name: "a".repeat(64) }),
        ...["GET", "POST", "PUT", "PATCH", "DELETE"].map((method) => withTool({ method })),
        withTool({}, { auth: { type: "none" } }),
        withTool({}, { auth: { type: "query", name: "api_key" } })
      ]
      for (const input of inputs) {
        // Decoded from a copy, so that the result is compared with what was written, not with itself.
        const decoded = yield* Manifest.decode(structuredClone(input))
        assert.deepStrictEqual(decoded, input)
      }
    }))
})

interface InvalidCase {
  readonly name: string
  readonly input: unknown
  readonly path: string
  readonly message: string
}

const deepBody = nestedObject(40, "x")

const invalidCases: ReadonlyArray<InvalidCase> = [
  // rcpVersion
  {
    name: "rcpVersion is another version",
    input: { ...withTool({}), rcpVersion: "0.3" },
    path: "rcpVersion",
    message: "unsupported rcpVersion \"0.3\": this library reads \"0.1\" and \"0.2\""
  },
  {
    name: "rcpVersion is missing",
    input: withoutKey(withTool({}), "rcpVersion"),
    path: "rcpVersion",
    message: "is missing"
  },
  {
    name: "rcpVersion is a number",
    input: { ...withTool({}), rcpVersion: 0.1 },
    path: "rcpVersion",
    message: "unsupported rcpVersion 0.1"
  },
  // tools
  { name: "tools is missing", input: { rcpVersion: "0.1" }, path: "tools", message: "is missing" },
  {
    name: "tools is not an array",
    input: { rcpVersion: "0.1", tools: {} },
    path: "tools",
    message: "Expected ReadonlyArray<Tool>, actual {}"
  },
  { name: "a tool is not an object", input: manifestOf([null as never]), path: "tools[0]", message: "Expected Tool" },
  // tool name
  {
    name: "tool name has a space",
    input: withTool({ name: "get thing" }),
    path: "tools[0].name",
    message: "expected a string matching ^[A-Za-z0-9_-]{1,64}$, got \"get thing\""
  },
  {
    name: "tool name has 65 characters",
    input: withTool({ name: "a".repeat(65) }),
    path: "tools[0].name",
    message: "expected a string matching ^[A-Za-z0-9_-]{1,64}$"
  },
  {
    name: "tool name is empty",
    input: withTool({ name: "" }),
    path: "tools[0].name",
    message: "expected a string matching ^[A-Za-z0-9_-]{1,64}$, got \"\""
  },
  {
    name: "tool name is a duplicate",
    input: manifestOf([baseTool(), baseTool()]),
    path: "tools[1].name",
    message: "duplicate tool name \"get_thing\" (also tools[0])"
  },
  // description, method
  {
    name: "description is missing",
    input: manifestOf([withoutKey(baseTool(), "description")]),
    path: "tools[0].description",
    message: "is missing"
  },
  {
    name: "description is empty",
    input: withTool({ description: "" }),
    path: "tools[0].description",
    message: "Expected a non empty string"
  },
  {
    name: "method is not one of the five methods (docs/protocol.md §1)",
    input: withTool({ method: "HEAD" }),
    path: "tools[0].method",
    message: "expected \"GET\" | \"POST\" | \"PUT\" | \"PATCH\" | \"DELETE\", got \"HEAD\""
  },
  { name: "method is lower case", input: withTool({ method: "get" }), path: "tools[0].method", message: "got \"get\"" },
  // params
  {
    name: "params is not an array",
    input: withTool({ params: { id: "string" } }),
    path: "tools[0].params",
    message: "Expected ReadonlyArray<Param>"
  },
  {
    name: "param name starts with a digit",
    input: withTool({ params: [{ name: "id", type: "string" }, { name: "1n", type: "number" }] }),
    path: "tools[0].params[1].name",
    message: "expected a string matching ^[A-Za-z_][A-Za-z0-9_]*$, got \"1n\""
  },
  {
    name: "param name has a dash",
    input: withTool({ params: [{ name: "id", type: "string" }, { name: "user-id", type: "string" }] }),
    path: "tools[0].params[1].name",
    message: "got \"user-id\""
  },
  {
    name: "param type is int (a common mistake)",
    input: withTool({ params: [{ name: "id", type: "string" }, { name: "n", type: "int" }] }),
    path: "tools[0].params[1].type",
    message: "expected \"string\" | \"number\" | \"boolean\" | \"array\" | \"object\", got \"int\""
  },
  {
    name: "param names are not unique",
    input: withTool({
      params: [{ name: "id", type: "string" }, { name: "n", type: "number" }, { name: "id", type: "number" }]
    }),
    path: "tools[0].params[2].name",
    message: "duplicate param name \"id\""
  },
  {
    name: "a param is not an object (and placeholders are not blamed for it)",
    input: withTool({ params: [{ name: "id", type: "string" }, "n"] }),
    path: "tools[0].params[1]",
    message: "Expected Param, actual \"n\""
  },
  {
    name: "param required is not a boolean",
    input: withTool({ params: [{ name: "id", type: "string", required: "yes" }] }),
    path: "tools[0].params[0].required",
    message: "Expected boolean, actual \"yes\""
  },
  // url
  {
    name: "url is relative",
    input: withTool({ url: "/things/{{id}}" }),
    path: "tools[0].url",
    message: "must be an absolute http: or https: URL"
  },
  {
    name: "url is ftp:",
    input: withTool({ url: "ftp://api.example.com/things/{{id}}" }),
    path: "tools[0].url",
    message: "scheme must be https: (or http:), got \"ftp\""
  },
  {
    name: "placeholder in the host",
    input: withTool({ url: "https://{{id}}.example.com/things" }),
    path: "tools[0].url",
    message: "placeholder not allowed in the scheme, host or port"
  },
  {
    name: "placeholder in the port",
    input: withTool({ url: "https://api.example.com:{{id}}/things" }),
    path: "tools[0].url",
    message: "placeholder not allowed in the scheme, host or port"
  },
  {
    name: "placeholder in the scheme",
    input: withTool({ url: "{{id}}://api.example.com/things" }),
    path: "tools[0].url",
    message: "placeholder not allowed in the scheme, host or port"
  },
  {
    name: "user info in the url",
    input: withTool({ url: "https://user:secret@api.example.com/things/{{id}}" }),
    path: "tools[0].url",
    message: "must not contain user info"
  },
  {
    name: "fragment in the url",
    input: withTool({ url: "https://api.example.com/things/{{id}}#top" }),
    path: "tools[0].url",
    message: "must not contain a fragment (#)"
  },
  {
    name: "dot segment in the url path",
    input: withTool({ url: "https://api.example.com/things/../admin/{{id}}" }),
    path: "tools[0].url",
    message: "path must not contain the dot segment \"..\""
  },
  {
    name: "percent-encoded dot segment in the url path",
    input: withTool({ url: "https://api.example.com/things/%2e%2E/admin/{{id}}" }),
    path: "tools[0].url",
    message: "path must not contain the dot segment \"%2e%2E\""
  },
  {
    name: "tab hiding a dot segment (URL parsers drop it)",
    input: withTool({ url: "https://api.example.com/things/.\t./admin/{{id}}" }),
    path: "tools[0].url",
    message: "must not contain a control character"
  },
  {
    name: "backslash in the url path (URL parsers read it as /)",
    input: withTool({ url: "https://api.example.com/things\\..\\admin/{{id}}" }),
    path: "tools[0].url",
    message: "path must not contain"
  },
  {
    name: "placeholder in a url query key",
    input: withTool({ url: "https://api.example.com/things?{{id}}=1" }),
    path: "tools[0].url",
    message: "placeholder not allowed in the query key \"{{id}}\""
  },
  {
    name: "placeholder in a queryParams key",
    input: withTool({ queryParams: { "{{id}}": "1" } }),
    path: "tools[0].queryParams[\"{{id}}\"]",
    message: "placeholder not allowed in a query key"
  },
  // placeholders naming no param
  {
    name: "undeclared placeholder in the url path",
    input: withTool({ url: "https://api.example.com/things/{{thingId}}" }),
    path: "tools[0].url",
    message: "placeholder {{thingId}} names no param of tool \"get_thing\""
  },
  {
    name: "undeclared placeholder in a url query value",
    input: withTool({ url: "https://api.example.com/things/{{id}}?q={{query}}" }),
    path: "tools[0].url",
    message: "placeholder {{query}} names no param of tool \"get_thing\""
  },
  {
    name: "undeclared placeholder in queryParams",
    input: withTool({ queryParams: { q: "{{query}}" } }),
    path: "tools[0].queryParams.q",
    message: "placeholder {{query}} names no param of tool \"get_thing\""
  },
  {
    name: "undeclared placeholder in headers",
    input: withTool({ headers: { "X-Trace": "trace-{{traceId}}" } }),
    path: "tools[0].headers[\"X-Trace\"]",
    message: "placeholder {{traceId}} names no param of tool \"get_thing\""
  },
  {
    name: "undeclared placeholder nested in the body",
    input: withTool({ body: { filter: { tags: ["{{id}}", "tag-{{tag}}"] }, n: "{{n}}" } }),
    path: "tools[0].body.filter.tags[1]",
    message: "placeholder {{tag}} names no param of tool \"get_thing\""
  },
  // malformed placeholders
  {
    name: "placeholder with spaces {{ id }}",
    input: withTool({ url: "https://api.example.com/things/{{ id }}" }),
    path: "tools[0].url",
    message: "malformed placeholder \"{{ id }}\""
  },
  {
    name: "empty placeholder {{}}",
    input: withTool({ headers: { "X-Id": "{{}}" } }),
    path: "tools[0].headers[\"X-Id\"]",
    message: "malformed placeholder \"{{}}\""
  },
  {
    name: "unclosed placeholder {{id",
    input: withTool({ queryParams: { id: "{{id" } }),
    path: "tools[0].queryParams.id",
    message: "unclosed placeholder \"{{id\""
  },
  // body
  {
    name: "body on GET",
    input: withTool({ method: "GET", body: { id: "{{id}}" } }),
    path: "tools[0].body",
    message: "a GET tool cannot have a body"
  },
  {
    name: "placeholder in a body key",
    input: withTool({ body: { data: { "{{id}}": true } } }),
    path: "tools[0].body.data[\"{{id}}\"]",
    message: "placeholder not allowed in a body key"
  },
  {
    name: "body nested deeper than the limit",
    input: withTool({ body: deepBody }),
    path: `tools[0].body${".k".repeat(32)}`,
    message: "nests deeper than 32 levels"
  },
  {
    name: "body with a number that is not JSON",
    input: withTool({ body: { n: Number.NaN } }),
    path: "tools[0].body.n",
    message: "numbers must be finite"
  },
  // headers
  {
    name: "header Host",
    input: withTool({ headers: { Host: "evil.example.com" } }),
    path: "tools[0].headers.Host",
    message: "the header \"Host\" may not be set by a tool"
  },
  {
    name: "header content-length (any case)",
    input: withTool({ headers: { "content-length": "0" } }),
    path: "tools[0].headers[\"content-length\"]",
    message: "the header \"content-length\" may not be set by a tool"
  },
  {
    name: "header COOKIE (any case)",
    input: withTool({ headers: { COOKIE: "session={{id}}" } }),
    path: "tools[0].headers.COOKIE",
    message: "the header \"COOKIE\" may not be set by a tool"
  },
  {
    name: "header that is the auth header (case-insensitive)",
    input: withTool({ headers: { authorization: "Bearer {{id}}" } }, {
      auth: { type: "header", name: "Authorization", scheme: "Bearer" }
    }),
    path: "tools[0].headers.authorization",
    message: "must not set the auth header \"authorization\""
  },
  {
    name: "header that is a custom auth header (case-insensitive)",
    input: withTool({ headers: { "X-API-KEY": "{{id}}" } }, { auth: { type: "header", name: "x-api-key" } }),
    path: "tools[0].headers[\"X-API-KEY\"]",
    message: "must not set the auth header \"X-API-KEY\""
  },
  {
    name: "invalid header name",
    input: withTool({ headers: { "X Trace": "1" } }),
    path: "tools[0].headers[\"X Trace\"]",
    message: "\"X Trace\" is not a valid header name"
  },
  {
    name: "header value with CR/LF",
    input: withTool({ headers: { "X-Trace": "1\r\nX-Injected: yes" } }),
    path: "tools[0].headers[\"X-Trace\"]",
    message: "value contains CR, LF or NUL"
  },
  {
    name: "header value HTTP cannot carry (beyond U+00FF)",
    input: withTool({ headers: { "X-Trace": "日本" } }),
    path: "tools[0].headers[\"X-Trace\"]",
    message: "value contains control characters or characters beyond U+00FF"
  },
  {
    name: "header value with edge whitespace (HTTP would trim it)",
    input: withTool({ headers: { "X-Trace": " {{id}}" } }),
    path: "tools[0].headers[\"X-Trace\"]",
    message: "value must not start or end with a space or tab"
  },
  {
    name: "the same header twice, in two cases",
    input: withTool({ headers: { "X-Trace": "a", "x-trace": "b" } }),
    path: "tools[0].headers[\"x-trace\"]",
    message: "is set twice (names ignore case)"
  },
  {
    name: "the Expect header",
    input: withTool({ headers: { Expect: "100-continue" } }),
    path: "tools[0].headers.Expect",
    message: "may not be set by a tool"
  },
  {
    name: "a broken percent-escape that a value would complete",
    input: withTool({ url: "https://api.example.com/things/%2{{id}}" }),
    path: "tools[0].url",
    message: "does not start a percent-escape"
  },
  {
    name: "header value that is not a string",
    input: withTool({ headers: { "X-Count": 1 } }),
    path: "tools[0].headers[\"X-Count\"]",
    message: "Expected string, actual 1"
  },
  {
    name: "__proto__ as a header name (a decoded record cannot hold it)",
    input: JSON.parse(JSON.stringify(withTool({ headers: { "X-A": "1" } })).replace("\"X-A\"", "\"__proto__\"")),
    path: "tools[0].headers.__proto__",
    message: "the key \"__proto__\" is not allowed"
  },
  // responseMappings
  {
    name: "responseMapping not starting with @",
    input: withTool({ responseMappings: { temperature: "temperatureC" } }),
    path: "tools[0].responseMappings.temperature",
    message: "must start with \"@\", got \"temperatureC\""
  },
  {
    name: "responseMapping with an empty key @a..b",
    input: withTool({ responseMappings: { temperature: "@a..b" } }),
    path: "tools[0].responseMappings.temperature",
    message: "\"@a..b\" is not a path like \"@\", \"@a.b\" or \"@items[0].name\""
  },
  {
    name: "responseMapping with a non-numeric index @a[x]",
    input: withTool({ responseMappings: { temperature: "@a[x]" } }),
    path: "tools[0].responseMappings.temperature",
    message: "\"@a[x]\" is not a path like"
  },
  {
    name: "responseMapping with a trailing dot",
    input: withTool({ responseMappings: { "first-name": "@user." } }),
    path: "tools[0].responseMappings[\"first-name\"]",
    message: "\"@user.\" is not a path like"
  },
  // auth
  {
    name: "auth type unknown",
    input: withTool({}, { auth: { type: "cookie" } }),
    path: "auth.type",
    message: "Expected \"none\" | \"header\" | \"query\" | \"oauth2\", actual \"cookie\""
  },
  {
    name: "oauth2 auth without a token endpoint",
    input: withTool({}, { auth: { type: "oauth2", flows: ["client_credentials"] } }),
    path: "auth.tokenUrl",
    message: "is missing"
  },
  {
    name: "oauth2 auth whose token endpoint is plain http to a host that is not loopback",
    input: withTool({}, { auth: { type: "oauth2", flows: ["client_credentials"], tokenUrl: "http://auth.example.com/token" } }),
    path: "auth.tokenUrl",
    message: "plain http: is allowed only to loopback hosts (use https:, or a client that allows http)"
  },
  {
    name: "a tool setting the Authorization header an oauth2 auth writes",
    input: withTool({ headers: { authorization: "Bearer x" } }, {
      auth: { type: "oauth2", flows: ["client_credentials"], tokenUrl: "https://auth.example.com/token" }
    }),
    path: "tools[0].headers.authorization",
    message: "must not set the auth header \"authorization\""
  },
  {
    name: "auth header without a name",
    input: withTool({}, { auth: { type: "header" } }),
    path: "auth.name",
    message: "is missing"
  },
  {
    name: "auth header name is empty",
    input: withTool({}, { auth: { type: "header", name: "" } }),
    path: "auth.name",
    message: "Expected a non empty string"
  },
  {
    name: "auth header is Cookie",
    input: withTool({}, { auth: { type: "header", name: "Cookie" } }),
    path: "auth.name",
    message: "\"Cookie\" cannot carry the credential"
  },
  {
    name: "auth scheme of two words",
    input: withTool({}, { auth: { type: "header", name: "Authorization", scheme: "Bearer token" } }),
    path: "auth.scheme",
    message: "\"Bearer token\" is not a valid auth scheme"
  },
  {
    name: "auth query name clashes with a queryParams key",
    input: withTool({ queryParams: { api_key: "{{id}}" } }, { auth: { type: "query", name: "api_key" } }),
    path: "tools[0].queryParams.api_key",
    message: "must not set the auth query parameter"
  },
  {
    name: "auth query name clashes with a url query key",
    input: withTool({ url: "https://api.example.com/things/{{id}}?api_key=x" }, {
      auth: { type: "query", name: "api_key" }
    }),
    path: "tools[0].url",
    message: "must not set the auth query parameter \"api_key\""
  }
]

describe("Manifest.decode: one broken rule, one issue with its exact path", () => {
  it("covers at least 30 rules", () => {
    assert.isAtLeast(invalidCases.length, 30)
  })

  for (const testCase of invalidCases) {
    it.effect(testCase.name, () =>
      Effect.gen(function*() {
        const error = yield* expectInvalid(testCase.input)
        assert.strictEqual(error.issues.length, 1, `expected exactly one issue, got:\n${error.message}`)
        const issue = error.issues[0]!
        assert.strictEqual(formatPath(issue), testCase.path)
        assert.include(issue.message, testCase.message)
        assert.include(error.message, `${testCase.path}: ${issue.message}`)
      }))
  }
})

describe("Manifest.decode: every problem at once", () => {
  it.effect("a manifest with eight faults, shape and meaning, reports all eight with their paths", () =>
    Effect.gen(function*() {
      const input = {
        rcpVersion: "1.0",
        auth: { type: "header", name: "X-Key" },
        tools: [
          {
            name: "get thing",
            description: "Get a thing.",
            method: "GET",
            params: [{ name: "id", type: "string" }, { name: "n", type: "int" }],
            url: "https://{{id}}.example.com/things",
            headers: { "x-key": "{{id}}" }
          },
          {
            name: "other",
            description: "",
            method: "GET",
            params: [],
            url: "https://api.example.com/other",
            body: { q: "{{q}}" }
          }
        ]
      }
      const error = yield* expectInvalid(input)
      const paths = error.issues.map(formatPath).sort()
      assert.deepStrictEqual(paths, [
        "rcpVersion",
        "tools[0].headers[\"x-key\"]",
        "tools[0].name",
        "tools[0].params[1].type",
        "tools[0].url",
        "tools[1].body",
        "tools[1].body.q",
        "tools[1].description"
      ])
      assert.strictEqual(error.issues.length, 8)
      const text = error.issues.map(Manifest.formatIssue)
      assert.include(text, "tools[1].body: a GET tool cannot have a body")
      assert.include(text, "tools[1].body.q: placeholder {{q}} names no param of tool \"other\"")
      assert.include(text, "tools[0].params[1].type: expected \"string\" | \"number\" | \"boolean\" | \"array\" | \"object\", got \"int\"")
      assert.include(text, "tools[0].headers[\"x-key\"]: must not set the auth header \"x-key\"")
    }))
})

describe("Manifest.decode: input that is not a JSON-shaped manifest", () => {
  const notObjects: ReadonlyArray<readonly [string, unknown, string]> = [
    ["null", null, "a manifest must be a JSON object, got null"],
    ["a string", "{\"rcpVersion\":\"0.1\",\"tools\":[]}", "a manifest must be a JSON object, got a string"],
    ["an array", [], "a manifest must be a JSON object, got an array"],
    ["a number", 42, "a manifest must be a JSON object, got a number"],
    ["undefined", undefined, "a manifest must be a JSON object, got an undefined value"],
    ["a boolean", true, "a manifest must be a JSON object, got a boolean"]
  ]
  for (const [name, input, message] of notObjects) {
    it.effect(`${name} fails with ManifestInvalid`, () =>
      Effect.gen(function*() {
        const error = yield* expectInvalid(input)
        assert.deepStrictEqual(error.issues, [{ path: [], message }])
      }))
  }

  it.effect("an array nested 100k deep fails with one issue, not a stack overflow", () =>
    Effect.gen(function*() {
      const error = yield* expectInvalid(nestedArray(100_000))
      assert.strictEqual(error.issues.length, 1)
    }))

  it.effect("an object nested 100k deep fails with a depth issue at its path", () =>
    Effect.gen(function*() {
      const error = yield* expectInvalid(nestedObject(100_000, null))
      assert.strictEqual(error.issues.length, 1)
      assert.strictEqual(formatPath(error.issues[0]!), `k${".k".repeat(64)}`)
      assert.strictEqual(error.issues[0]!.message, "nests deeper than 64 levels")
    }))

  it.effect("100k-deep junk as tools, a tool, a header value or a body fails with a depth issue there", () =>
    Effect.gen(function*() {
      const cases: ReadonlyArray<readonly [unknown, string]> = [
        [{ rcpVersion: "0.1", tools: nestedArray(100_000) }, "tools"],
        [manifestOf([nestedObject(100_000, 1) as Json]), "tools[0]"],
        [withTool({ headers: { "X-A": nestedObject(100_000, "x") } }), "tools[0].headers[\"X-A\"]"],
        [withTool({ body: nestedArray(100_000) }), "tools[0].body"],
        [withTool({}, { auth: nestedObject(100_000, "x") }), "auth"],
        [{ ...withTool({}), rcpVersion: nestedArray(100_000) }, "rcpVersion"]
      ]
      for (const [input, prefix] of cases) {
        const error = yield* expectInvalid(input)
        assert.strictEqual(error.issues.length, 1, error.message)
        assert.isTrue(formatPath(error.issues[0]!).startsWith(prefix), formatPath(error.issues[0]!))
        assert.strictEqual(error.issues[0]!.message, "nests deeper than 64 levels")
      }
    }))

  it.effect("a cycle (possible from JS, never from JSON) fails instead of looping", () =>
    Effect.gen(function*() {
      const body: Record<string, unknown> = {}
      body.a = body
      body.b = body
      const error = yield* expectInvalid(withTool({ body }))
      assert.deepStrictEqual(error.issues.map(Manifest.formatIssue), [
        "tools[0].body.b: refers back to itself (a cycle is not JSON)"
      ])
    }))

  it.effect("shared sub-objects (a DAG doubling 30 times) are checked in linear time", () =>
    Effect.gen(function*() {
      let body: unknown = "{{id}}"
      for (let i = 0; i < 30; i++) body = [body, body]
      const manifest = yield* Manifest.decode(withTool({ body }))
      assert.strictEqual(manifest.tools[0]!.body, body)
    }))

  it.effect("an object whose getter throws fails with ManifestInvalid", () =>
    Effect.gen(function*() {
      const root = {
        tools: [],
        get rcpVersion(): string {
          throw new Error("getter exploded")
        }
      }
      const error = yield* expectInvalid(root)
      assert.deepStrictEqual(error.issues, [{ path: [], message: "could not be read: getter exploded" }])

      const nested = manifestOf([{
        ...baseTool(),
        get url(): string {
          throw "not even an Error"
        }
      }])
      yield* expectInvalid(nested)
    }))

  it.effect("a Proxy whose traps throw fails with ManifestInvalid", () =>
    Effect.gen(function*() {
      const hostile = new Proxy({}, {
        ownKeys() {
          throw new Error("no keys for you")
        },
        get() {
          throw new Error("no values either")
        }
      })
      yield* expectInvalid(hostile)
      yield* expectInvalid(manifestOf([hostile as Json]))
    }))

  it.effect("a 1 MiB description is valid and decodes", () =>
    Effect.gen(function*() {
      const description = "x".repeat(1024 * 1024)
      const manifest = yield* Manifest.decode(withTool({ description }))
      assert.strictEqual(manifest.tools[0]!.description.length, 1024 * 1024)
    }))

  it.effect("a 1 MiB tool name fails, and the message does not echo the megabyte back", () =>
    Effect.gen(function*() {
      const error = yield* expectInvalid(withTool({ name: "x".repeat(1024 * 1024) }))
      assert.strictEqual(error.issues.length, 1)
      assert.strictEqual(formatPath(error.issues[0]!), "tools[0].name")
      assert.isBelow(error.message.length, 500)
    }))
})

describe("Manifest.encode", () => {
  // Every optional field in use.
  const everything: Manifest.Manifest = {
    rcpVersion: "0.1",
    auth: { type: "header", name: "X-Api-Key", scheme: "Token" },
    tools: [
      {
        name: "update-order_2",
        description: "Update an order.",
        method: "PATCH",
        params: [
          { name: "orderId", type: "string", required: true, description: "The order." },
          { name: "quantity", type: "number", required: false },
          { name: "gift", type: "boolean", description: "Wrap it." },
          { name: "note", type: "string" }
        ],
        url: "https://shop.example.com/orders/{{orderId}}?v=2&expand={{note}}",
        queryParams: { qty: "{{quantity}}", fixed: "yes" },
        headers: { "X-Request-Note": "note: {{note}}", Accept: "application/json" },
        body: {
          quantity: "{{quantity}}",
          gift: "{{gift}}",
          lines: [{ sku: "A-{{orderId}}", n: 1 }, null, true, 2.5, "plain"],
          meta: {}
        },
        responseMappings: { all: "@", status: "@status", first: "@lines[0].sku", nested: "@a.b[10].c" }
      },
      {
        name: "delete_order",
        description: "Delete an order.",
        method: "DELETE",
        params: [],
        url: "https://shop.example.com/orders"
      }
    ]
  }

  it.effect("encode(decode(x)) is x, for a manifest using every optional field", () =>
    Effect.gen(function*() {
      const decoded = yield* Manifest.decode(everything)
      const encoded = Manifest.encode(decoded)
      assert.deepStrictEqual(encoded, everything)
      // And through JSON text, as it travels.
      const again = yield* Manifest.decode(JSON.parse(JSON.stringify(encoded)))
      assert.deepStrictEqual(Manifest.encode(again), everything)
    }))

  it.effect("round trip with query auth and with no auth", () =>
    Effect.gen(function*() {
      const auths: ReadonlyArray<Manifest.Auth> = [{ type: "query", name: "api_key" }, { type: "none" }]
      for (const auth of auths) {
        const input: Manifest.Manifest = { ...everything, auth }
        assert.deepStrictEqual(Manifest.encode(yield* Manifest.decode(input)), input)
      }
      const { auth: _, ...noAuth } = everything
      assert.deepStrictEqual(Manifest.encode(yield* Manifest.decode(noAuth)), noAuth)
    }))
})

describe("ManifestInvalid", () => {
  const twoFaults = { rcpVersion: "0.3", tools: [{ ...baseTool(), method: "FETCH" }] }

  it.effect("message lists every issue with its path, and names the source when given", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(Manifest.decode(twoFaults, { source: "https://example.com/rcp/manifest" }))
      assert.strictEqual(error.source, "https://example.com/rcp/manifest")
      assert.strictEqual(
        error.message,
        [
          "invalid RCP manifest from https://example.com/rcp/manifest (2 problem(s)):",
          "  - rcpVersion: unsupported rcpVersion \"0.3\": this library reads \"0.1\" and \"0.2\"",
          "  - tools[0].method: expected \"GET\" | \"POST\" | \"PUT\" | \"PATCH\" | \"DELETE\", got \"FETCH\""
        ].join("\n")
      )
    }))

  it.effect("without a source the message says nothing about one", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(Manifest.decode(twoFaults))
      assert.isUndefined(error.source)
      assert.isFalse("source" in error && error.source !== undefined)
      assert.isTrue(error.message.startsWith("invalid RCP manifest (2 problem(s)):\n  - rcpVersion: "))
      assert.notInclude(error.message, " from ")
    }))

  it.effect("is an Error with _tag ManifestInvalid and issues as data", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(Manifest.decode(twoFaults))
      assert.instanceOf(error, Error)
      assert.strictEqual(error._tag, "ManifestInvalid")
      assert.deepStrictEqual(error.issues.map((issue) => issue.path), [["rcpVersion"], ["tools", 0, "method"]])
    }))

  it("formatIssue writes identifiers with dots and other keys quoted in brackets", () => {
    assert.strictEqual(Manifest.formatIssue({ path: [], message: "m" }), "m")
    const format = (path: ReadonlyArray<string | number>) => Manifest.formatIssue({ path, message: "m" })
    assert.strictEqual(format(["tools", 2, "params", 0, "type"]), "tools[2].params[0].type: m")
    assert.strictEqual(format(["tools", 0, "headers", "X-A"]), "tools[0].headers[\"X-A\"]: m")
    assert.strictEqual(format(["tools", 0, "body", "a", 1, "__proto__"]), "tools[0].body.a[1].__proto__: m")
  })
})

describe("Manifest.decode: forward compatibility", () => {
  it.effect("unknown fields at every level are ignored, and left out of the decoded manifest", () =>
    Effect.gen(function*() {
      const known = withTool({}, { auth: { type: "header", name: "Authorization", scheme: "Bearer" } })
      const tool = (known.tools as Array<Json>)[0]!
      const input = {
        ...known,
        rcpExtensions: { future: true },
        auth: { ...(known.auth as Json), refreshUrl: "https://example.com/refresh" },
        tools: [{
          ...tool,
          timeoutMs: 5000,
          stability: ["beta"],
          params: [
            { name: "id", type: "string", format: "uuid" },
            { name: "n", type: "number", required: false, minimum: 0 }
          ]
        }]
      }
      const manifest = yield* Manifest.decode(input)
      assert.deepStrictEqual(manifest, known)
    }))
})
