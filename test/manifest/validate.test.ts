/**
 * The manifest meaning rules (docs/protocol.md §1.9), tested directly on raw input: each rule
 * named by what it protects, with the exact issue and path it reports. (test/manifest/manifest.test.ts shows
 * them through `Manifest.decode`, together with the Schema's own shape checks.)
 */
import { assert, describe, it } from "../support/effectVitest.js"
import * as ManifestCheck from "../../src/internal/manifest/check.js"
import * as UrlTemplate from "../../src/internal/manifest/urlTemplate.js"
import * as Validate from "../../src/internal/manifest/validate.js"

type Json = Record<string, unknown>

const tool = (patch: Json = {}): Json => ({
  name: "get_thing",
  method: "POST",
  params: [{ name: "id", type: "string" }],
  url: "https://api.example/things/{{id}}",
  ...patch
})

/** The issues of a manifest holding one tool, as `path: message` lines. */
const issuesOf = (patch: Json, extra: Json = {}, options?: Validate.CheckOptions): Array<string> =>
  Validate.check({ tools: [tool(patch)], ...extra }, options).map(Validate.formatIssue)

const nested = (depth: number, leaf: unknown = 1): unknown => {
  let value = leaf
  for (let i = 0; i < depth; i++) value = { k: value }
  return value
}

describe("issue paths", () => {
  it("identifiers are joined with dots, other keys quoted in brackets, indices in brackets", () => {
    assert.strictEqual(Validate.formatPath(["tools", 0, "headers", "X-Tag"]), "tools[0].headers[\"X-Tag\"]")
    assert.strictEqual(Validate.formatPath(["a", "_b", "$c", "d1", "1d", ""]), "a._b.$c.d1[\"1d\"][\"\"]")
    assert.strictEqual(Validate.formatPath([0, "a"]), "[0].a")
    assert.strictEqual(Validate.formatPath(["a b"]), "[\"a b\"]")
    assert.strictEqual(Validate.formatPath([]), "")
  })

  it("an issue without a path is its message alone", () => {
    assert.strictEqual(Validate.formatIssue({ path: [], message: "m" }), "m")
    assert.strictEqual(Validate.formatIssue({ path: ["tools"], message: "m" }), "tools: m")
  })
})

describe("the shape's problems as issues (manifest/check.ts; all of it in test/manifest/shape.test.ts)", () => {
  const shapeIssues = (input: unknown): ReadonlyArray<Validate.Issue> => {
    const result = ManifestCheck.check(input)
    assert.strictEqual(result._tag, "Invalid")
    return result._tag === "Invalid" ? result.issues : []
  }
  const base = { name: "a", description: "d", method: "GET", params: [], url: "u" }

  it("each problem keeps its path, array indices as numbers", () => {
    assert.deepStrictEqual(shapeIssues({ rcpVersion: "0.2", tools: [base, { ...base, name: 1 }] }), [
      { path: ["tools", 1, "name"], message: "Expected string, actual 1" }
    ])
  })

  it("a message quoting a huge wrong value is cut at 300 characters", () => {
    const [issue] = shapeIssues({ rcpVersion: "0.2", tools: [{ ...base, url: ["x".repeat(1000)] }] })
    assert.deepStrictEqual(issue?.path, ["tools", 0, "url"])
    assert.strictEqual(issue?.message, `Expected string, actual ["${"x".repeat(300 - 26)}…`)
  })
})

describe("structure: depth and cycles", () => {
  it("MAX_DEPTH levels below the top are fine; one more is refused at the container too deep", () => {
    // nested(n) is n objects: the top one and n - 1 levels below it.
    assert.isUndefined(Validate.checkStructure(nested(Validate.MAX_DEPTH + 1)))
    const issue = Validate.checkStructure(nested(Validate.MAX_DEPTH + 2))
    assert.strictEqual(issue?.message, `nests deeper than ${Validate.MAX_DEPTH} levels`)
    assert.deepStrictEqual(issue?.path, Array(Validate.MAX_DEPTH + 1).fill("k"))
  })

  it("a shared object counts at every depth it is reached from, not only the first", () => {
    const shared = nested(40)
    // Reached first at depth 1 (fine), then at depth 31, where its 40 levels go past the limit.
    const input = { a: shared, b: nested(30, shared) }
    assert.strictEqual(Validate.checkStructure(input)?.message, `nests deeper than ${Validate.MAX_DEPTH} levels`)
    assert.isUndefined(Validate.checkStructure({ a: shared, b: nested(20, shared) }))
  })

  it("a cycle is refused at the key that closes it; a shared (acyclic) object is not a cycle", () => {
    const a: Json = { x: 1 }
    a.self = { back: a }
    assert.deepStrictEqual(Validate.checkStructure({ tools: [a] }), {
      path: ["tools", 0, "self", "back"],
      message: "refers back to itself (a cycle is not JSON)"
    })
    const leaf = { v: 1 }
    assert.isUndefined(Validate.checkStructure({ a: leaf, b: [leaf, leaf], c: { d: leaf } }))
  })

  it("null and other primitives are leaves: a shared object holding only them may sit at the deepest level", () => {
    const leaf = { n: 1, z: null, s: "x" }
    // Walked first at depth 1, then reached again at depth MAX_DEPTH (fine) or one deeper (not).
    assert.isUndefined(Validate.checkStructure({ a: leaf, b: nested(Validate.MAX_DEPTH - 1, leaf) }))
    assert.strictEqual(Validate.checkStructure({ a: leaf, b: nested(Validate.MAX_DEPTH, leaf) })?.message, `nests deeper than ${Validate.MAX_DEPTH} levels`)
    assert.isUndefined(Validate.checkStructure({ a: null, b: [null, { c: null }] }))
  })

  it("array indices in a path are numbers, object keys are strings", () => {
    const issue = Validate.checkStructure({ list: [0, nested(Validate.MAX_DEPTH)] })
    assert.deepStrictEqual(issue?.path.slice(0, 3), ["list", 1, "k"])
  })

  it("arrays count as levels like objects: a chain of arrays one level too deep is refused at its index path", () => {
    const arrays = (depth: number): unknown => {
      let value: unknown = [1]
      for (let i = 1; i < depth; i++) value = [value]
      return value
    }
    assert.isUndefined(Validate.checkStructure(arrays(Validate.MAX_DEPTH + 1)))
    const issue = Validate.checkStructure(arrays(Validate.MAX_DEPTH + 2))
    assert.strictEqual(issue?.message, `nests deeper than ${Validate.MAX_DEPTH} levels`)
    assert.deepStrictEqual(issue?.path, Array(Validate.MAX_DEPTH + 1).fill(0))
  })

  it("shared objects with exponentially many paths are checked with bounded work (the plain walk's budget runs out)", () => {
    // Work counted as reads of the input, through a Proxy on every container: no clock.
    let reads = 0
    const counted = <T extends object>(target: T): T =>
      new Proxy(target, {
        get: (t, key, receiver) => {
          reads++
          return Reflect.get(t, key, receiver)
        }
      })
    // 60 levels, each an array holding the next level twice: 2^60 paths, 61 distinct containers;
    // then the same at MAX_DEPTH + 1 levels, one too deep.
    const shared = (levels: number): Json => {
      let level: Json = counted({ leaf: true })
      for (let i = 0; i < levels; i++) level = counted([level, level]) as unknown as Json
      return level
    }
    assert.isUndefined(Validate.checkStructure(shared(60)))
    // The plain walk's budget of 2^20 containers (3 reads each: 3.1 million), then the exact walk over the
    // 61: a walk of every path would read 2^61 times and never return.
    assert.isBelow(reads, 2 ** 22)
    reads = 0
    assert.strictEqual(Validate.checkStructure(shared(Validate.MAX_DEPTH + 1))?.message, `nests deeper than ${Validate.MAX_DEPTH} levels`)
    assert.isBelow(reads, 2 ** 22)
  })

  it("a value whose shared parts spend the plain walk's budget is still checked for depth elsewhere in it", () => {
    // The shared arrays (2^30 paths) are walked first and spend the budget; the chain beside them is
    // one level too deep and must still be found.
    let shared: unknown = 1
    for (let i = 0; i < 30; i++) shared = [shared, shared]
    const issue = Validate.checkStructure([nested(Validate.MAX_DEPTH + 1), shared])
    assert.strictEqual(issue?.message, `nests deeper than ${Validate.MAX_DEPTH} levels`)
    assert.deepStrictEqual(issue?.path, [0, ...Array(Validate.MAX_DEPTH).fill("k")])
  })

  it("strings, numbers and null inside a shared value add no level: shared containers exactly MAX_DEPTH deep are fine", () => {
    // Each level an array holding the next twice; the innermost container holds only non-containers.
    const levels = (n: number): unknown => {
      let value: unknown = { s: "x", n: 1, z: null }
      for (let i = 0; i < n; i++) value = [value, value]
      return value
    }
    assert.isUndefined(Validate.checkStructure(levels(Validate.MAX_DEPTH)))
    const issue = Validate.checkStructure(levels(Validate.MAX_DEPTH + 1))
    assert.strictEqual(issue?.message, `nests deeper than ${Validate.MAX_DEPTH} levels`)
    assert.deepStrictEqual(issue?.path, Array(Validate.MAX_DEPTH + 1).fill(0))
  })

  it("primitives have no structure to check", () => {
    for (const input of [null, undefined, 1, "s", true]) assert.isUndefined(Validate.checkStructure(input))
  })
})

describe("what the checks read", () => {
  it("input that is not an object, or has no tool list, has only auth issues", () => {
    assert.deepStrictEqual(Validate.check(null), [])
    assert.deepStrictEqual(Validate.check([tool()]), [])
    assert.deepStrictEqual(Validate.check({ tools: "x" }), [])
    assert.deepStrictEqual(Validate.check({ auth: { type: "header", name: "Cookie" } }).map(Validate.formatIssue), [
      "auth.name: \"Cookie\" cannot carry the credential"
    ])
  })

  it("a tool that is not an object is the Schema's to report", () => {
    assert.deepStrictEqual(Validate.check({ tools: [null, 1, "t"] }), [])
  })

  it("a well-formed tool has no issues", () => {
    assert.deepStrictEqual(issuesOf({}), [])
  })
})

describe("tool and param names", () => {
  it("a duplicate tool name is reported at the duplicate, naming the first", () => {
    const issues = Validate.check({ tools: [tool(), tool({ name: "other" }), tool()] }).map(Validate.formatIssue)
    assert.deepStrictEqual(issues, ["tools[2].name: duplicate tool name \"get_thing\" (also tools[0])"])
  })

  it("a duplicate param name is reported at the duplicate", () => {
    assert.deepStrictEqual(issuesOf({ params: [{ name: "id" }, { name: "n" }, { name: "id" }] }), [
      "tools[0].params[2].name: duplicate param name \"id\""
    ])
  })
})

describe("names the Schema reports", () => {
  it("tools without a string name are not duplicates of each other", () => {
    assert.deepStrictEqual(Validate.check({ tools: [tool({ name: undefined }), tool({ name: 5 }), tool({ name: 5 })] }), [])
  })

  it("params that are not objects or have no string name are not duplicates, and break nothing", () => {
    const params = [{ name: 5, type: "string" }, { name: 5, type: "string" }, null, "id"]
    assert.deepStrictEqual(issuesOf({ params, url: "https://api.example/things" }), [])
  })
})

describe("placeholders name declared params", () => {
  it("an undeclared placeholder is reported once per template, naming the tool", () => {
    assert.deepStrictEqual(issuesOf({ url: "https://api.example/{{x}}/{{x}}/{{id}}" }), [
      "tools[0].url: placeholder {{x}} names no param of tool \"get_thing\""
    ])
  })

  it("without a usable param list, placeholders are not blamed", () => {
    assert.deepStrictEqual(issuesOf({ params: [{ name: "id" }, "n"], url: "https://api.example/{{x}}" }), [])
    assert.deepStrictEqual(issuesOf({ params: [{ name: 5 }], url: "https://api.example/{{x}}" }), [])
    assert.deepStrictEqual(issuesOf({ params: "id", url: "https://api.example/{{x}}" }), [])
    assert.deepStrictEqual(issuesOf({ params: {}, url: "https://api.example/{{x}}" }), [])
    assert.deepStrictEqual(issuesOf({ params: { length: 1, 0: { name: "x" } }, url: "https://api.example/{{x}}" }), [])
  })

  it("a tool without a usable name is named \"?\"", () => {
    assert.deepStrictEqual(issuesOf({ name: 7, url: "https://api.example/{{x}}" }), [
      "tools[0].url: placeholder {{x}} names no param of tool \"?\""
    ])
  })

  it("placeholders in queryParams, headers and the body are checked too", () => {
    assert.deepStrictEqual(
      issuesOf({ queryParams: { q: "{{q}}" }, headers: { "x-h": "{{h}}" }, body: { a: ["{{b}}"] } }),
      [
        "tools[0].queryParams.q: placeholder {{q}} names no param of tool \"get_thing\"",
        "tools[0].headers[\"x-h\"]: placeholder {{h}} names no param of tool \"get_thing\"",
        "tools[0].body.a[0]: placeholder {{b}} names no param of tool \"get_thing\""
      ]
    )
  })

  it("a malformed placeholder is reported where it is", () => {
    assert.deepStrictEqual(issuesOf({ headers: { "x-h": "{{ id }}" } }), [
      "tools[0].headers[\"x-h\"]: malformed placeholder \"{{ id }}\""
    ])
  })
})

describe("url", () => {
  it("every url problem is reported at the url", () => {
    assert.deepStrictEqual(issuesOf({ url: "https://u@{{id}}.example/x#f" }), [
      "tools[0].url: placeholder not allowed in the scheme, host or port",
      "tools[0].url: must not contain user info (credentials) in the URL",
      "tools[0].url: must not contain a fragment (#)"
    ])
  })

  it("plain http: is allowed to loopback hosts, and elsewhere only when the client allows it", () => {
    const HTTP = "tools[0].url: plain http: is allowed only to loopback hosts (use https:, or a client that allows http)"
    assert.deepStrictEqual(issuesOf({ url: "http://api.example/{{id}}" }), [HTTP])
    assert.deepStrictEqual(issuesOf({ url: "http://api.example/{{id}}" }, {}, { allowHttp: false }), [HTTP])
    assert.deepStrictEqual(issuesOf({ url: "http://api.example/{{id}}" }, {}, { allowHttp: true }), [])
    assert.deepStrictEqual(issuesOf({ url: "http://127.0.0.1:8080/{{id}}" }), [])
    assert.deepStrictEqual(issuesOf({ url: "http://api.localhost/{{id}}" }), [])
    assert.deepStrictEqual(issuesOf({ url: "https://api.example/{{id}}" }), [])
  })

  it("the url must not set the auth query parameter (the model must not be able to choose it)", () => {
    const auth = { auth: { type: "query", name: "api_key" } }
    assert.deepStrictEqual(issuesOf({ url: "https://api.example/{{id}}?api_key=x" }, auth), [
      "tools[0].url: must not set the auth query parameter \"api_key\""
    ])
    assert.deepStrictEqual(issuesOf({ url: "https://api.example/{{id}}?API_KEY=x" }, auth), [])
    assert.deepStrictEqual(issuesOf({ url: "https://api.example/{{id}}?api_key=x" }), [])
    // A header credential named like a query key is no query parameter.
    const header = { auth: { type: "header", name: "api_key" } }
    assert.deepStrictEqual(issuesOf({ url: "https://api.example/{{id}}?api_key=x", queryParams: { api_key: "y" } }, header), [
      "tools[0].queryParams.api_key: the query key \"api_key\" is already set by the url"
    ])
  })

  it("a url with a broken origin still has its undeclared placeholders reported, at the url", () => {
    const issues = issuesOf({ url: "https://{{id}}.example/things/{{nope}}" })
    assert.include(issues, "tools[0].url: placeholder {{nope}} names no param of tool \"get_thing\"")
  })

  it("a query key the url sets twice is refused, also when spelled differently but read the same", () => {
    for (const url of ["https://api.example/things/{{id}}?a=1&a=2", "https://api.example/things/{{id}}?a=1&%61=2"]) {
      assert.deepStrictEqual(issuesOf({ url }), ["tools[0].url: the query key \"a\" is set twice"], url)
    }
  })

  it("a url that is not a string is the Schema's to report", () => {
    assert.deepStrictEqual(issuesOf({ url: 5 }), [])
  })
})

describe("queryParams", () => {
  it("a placeholder in a key, and the auth query parameter, are refused", () => {
    assert.deepStrictEqual(
      issuesOf({ queryParams: { "{{id}}": "1", api_key: "{{id}}", ok: "{{id}}" } }, { auth: { type: "query", name: "api_key" } }),
      [
        "tools[0].queryParams[\"{{id}}\"]: placeholder not allowed in a query key",
        "tools[0].queryParams.api_key: must not set the auth query parameter"
      ]
    )
  })

  it("a key the url already sets cannot be set again", () => {
    assert.deepStrictEqual(issuesOf({ url: "https://api.example/things/{{id}}?a=1", queryParams: { a: "2", b: "{{id}}" } }), [
      "tools[0].queryParams.a: the query key \"a\" is already set by the url"
    ])
  })

  it("a value that is not a string is the Schema's to report", () => {
    assert.deepStrictEqual(issuesOf({ queryParams: { a: 5, b: null } }), [])
  })

  it("query and header values up to the url's length limit are fine; one character more is refused", () => {
    const max = "v".repeat(UrlTemplate.MAX_CHARS)
    assert.deepStrictEqual(issuesOf({ queryParams: { q: max }, headers: { "X-V": max } }), [])
    // Refused whole: nothing else is read from it, not even a placeholder naming no param.
    assert.deepStrictEqual(issuesOf({ queryParams: { q: `${max}{{nope}}` }, headers: { "X-V": `${max}v` } }), [
      `tools[0].queryParams.q: is longer than ${UrlTemplate.MAX_CHARS} characters`,
      `tools[0].headers["X-V"]: is longer than ${UrlTemplate.MAX_CHARS} characters`
    ])
  })

  it("a header auth does not reserve a query name", () => {
    assert.deepStrictEqual(issuesOf({ queryParams: { authorization: "x" } }, { auth: { type: "header", name: "Authorization" } }), [])
  })

  it("the key __proto__ is refused in queryParams, headers and responseMappings", () => {
    for (const field of ["queryParams", "headers", "responseMappings"]) {
      const map = JSON.parse("{\"__proto__\": \"@\"}")
      const issues = issuesOf({ [field]: map }).filter((i) => i.includes("__proto__"))
      assert.deepStrictEqual(issues, [`tools[0].${field}.__proto__: the key "__proto__" is not allowed`], field)
    }
  })

  it("a tool named __proto__ is refused (a lock keys tools by name); constructor and prototype are names like any other", () => {
    assert.deepStrictEqual(issuesOf({ name: "__proto__" }), ["tools[0].name: \"__proto__\" cannot be a tool name (a lock keys tools by name)"])
    assert.deepStrictEqual(issuesOf({ name: "constructor" }), [])
    assert.deepStrictEqual(issuesOf({ name: "prototype" }), [])
    assert.deepStrictEqual(issuesOf({ name: "__proto" }), [])
  })
})

describe("headers", () => {
  // Why a tool may not set each: the transport owns it, or it would carry an ambient credential.
  const RESERVED: ReadonlyArray<readonly [name: string, why: string]> = [
    ["Host", "the target host is the url's"],
    ["Content-Length", "framing"],
    ["Transfer-Encoding", "framing"],
    ["TE", "framing"],
    ["Trailer", "framing"],
    ["Connection", "the connection is the transport's"],
    ["Keep-Alive", "the connection is the transport's"],
    ["Upgrade", "the connection is the transport's"],
    ["Expect", "the transport sends the body at once"],
    ["Accept-Encoding", "an encoded body would slip past the size cap"],
    ["Cookie", "an ambient credential"],
    ["Proxy-Authorization", "an ambient credential"]
  ]

  it("headers the transport owns or that carry ambient credentials cannot be set by a tool, in any case", () => {
    for (const [header, why] of RESERVED) {
      for (const name of [header, header.toLowerCase(), header.toUpperCase()]) {
        assert.deepStrictEqual(Validate.check({ tools: [tool({ headers: { [name]: "x" } })] }), [
          { path: ["tools", 0, "headers", name], message: `the header ${JSON.stringify(name)} may not be set by a tool` }
        ], `${name}: ${why}`)
      }
    }
  })

  it("ordinary headers, Authorization without header auth among them, are fine", () => {
    assert.deepStrictEqual(issuesOf({ headers: { Authorization: "x", "X-Tag": "t", Accept: "text/csv", "If-Match": "*" } }), [])
  })

  it("a header that is the auth header is refused, in any case", () => {
    assert.deepStrictEqual(issuesOf({ headers: { "X-KEY": "x" } }, { auth: { type: "header", name: "x-key" } }), [
      "tools[0].headers[\"X-KEY\"]: must not set the auth header \"X-KEY\""
    ])
  })

  it("an invalid header name is refused", () => {
    for (const name of ["a b", "a:b", "é", "", "a\"b", "(x)"]) {
      assert.deepStrictEqual(issuesOf({ headers: { [name]: "x" } }), [
        `tools[0].headers[${JSON.stringify(name)}]: ${JSON.stringify(name)} is not a valid header name`
      ], name)
    }
  })

  it("every token character is allowed in a header name", () => {
    assert.deepStrictEqual(issuesOf({ headers: { "!#$%&'*+.^_`|~09AZaz-": "x" } }), [])
  })

  it("the same header twice, in two cases, is refused at the second", () => {
    assert.deepStrictEqual(issuesOf({ headers: { "X-Tag": "a", "x-tag": "b" } }), [
      "tools[0].headers[\"x-tag\"]: the header \"x-tag\" is set twice (names ignore case)"
    ])
  })

  it("values: CR/LF/NUL, then unsendable characters, then edge whitespace", () => {
    const at = "tools[0].headers[\"x-h\"]"
    assert.deepStrictEqual(issuesOf({ headers: { "x-h": "a\r\nb" } }), [`${at}: value contains CR, LF or NUL`])
    assert.deepStrictEqual(issuesOf({ headers: { "x-h": "a\0" } }), [`${at}: value contains CR, LF or NUL`])
    assert.deepStrictEqual(issuesOf({ headers: { "x-h": "a\x01" } }), [
      `${at}: value contains control characters or characters beyond U+00FF`
    ])
    assert.deepStrictEqual(issuesOf({ headers: { "x-h": "\u0100" } }), [
      `${at}: value contains control characters or characters beyond U+00FF`
    ])
    assert.deepStrictEqual(issuesOf({ headers: { "x-h": " a" } }), [`${at}: value must not start or end with a space or tab`])
    assert.deepStrictEqual(issuesOf({ headers: { "x-h": "a\t" } }), [`${at}: value must not start or end with a space or tab`])
    assert.deepStrictEqual(issuesOf({ headers: { "x-h": " a\n" } }), [
      `${at}: value contains CR, LF or NUL`,
      `${at}: value must not start or end with a space or tab`
    ])
    assert.deepStrictEqual(issuesOf({ headers: { "x-h": "a b\tc é" } }), [])
  })

  it("a value that is not a string is the Schema's to report", () => {
    assert.deepStrictEqual(issuesOf({ headers: { "x-h": 5 } }), [])
  })
})

describe("auth", () => {
  const authIssues = (auth: Json) => Validate.check({ auth, tools: [] }).map(Validate.formatIssue)

  it("the header name must be a valid header name and not a reserved one", () => {
    assert.deepStrictEqual(authIssues({ type: "header", name: "X Key" }), ["auth.name: \"X Key\" is not a valid header name"])
    assert.deepStrictEqual(authIssues({ type: "header", name: "Host" }), ["auth.name: \"Host\" cannot carry the credential"])
    assert.deepStrictEqual(authIssues({ type: "header", name: "X-Key" }), [])
  })

  it("the scheme is one token", () => {
    assert.deepStrictEqual(authIssues({ type: "header", name: "Authorization", scheme: "Bearer x" }), [
      "auth.scheme: \"Bearer x\" is not a valid auth scheme (one word)"
    ])
    assert.deepStrictEqual(authIssues({ type: "header", name: "Authorization", scheme: "Bearer" }), [])
  })

  it("a scheme that is not a string is the Schema's to report", () => {
    assert.deepStrictEqual(Validate.check({ auth: { type: "header", name: "Authorization", scheme: ["Bearer x"] } }), [])
  })

  it("empty names and schemes, and other auth types, are the Schema's to report", () => {
    assert.deepStrictEqual(authIssues({ type: "header", name: "", scheme: "" }), [])
    assert.deepStrictEqual(authIssues({ type: "query", name: "a b" }), [])
    assert.deepStrictEqual(authIssues({ type: "query", name: "Cookie", scheme: "a b" }), [])
    assert.deepStrictEqual(authIssues({ type: "header", name: 5 }), [])
  })
})

describe("body", () => {
  it("a GET tool cannot have a body", () => {
    assert.deepStrictEqual(issuesOf({ method: "GET", body: {} }), ["tools[0].body: a GET tool cannot have a body"])
    assert.deepStrictEqual(issuesOf({ method: "GET" }), [])
  })

  it("numbers must be finite", () => {
    assert.deepStrictEqual(issuesOf({ body: { a: [1, Infinity, NaN, -0, null, true] } }), [
      "tools[0].body.a[1]: numbers must be finite",
      "tools[0].body.a[2]: numbers must be finite"
    ])
  })

  it("anything that is not JSON is named by its type", () => {
    assert.deepStrictEqual(issuesOf({ body: { f: () => 1, u: undefined, s: Symbol("s"), b: 1n } }), [
      "tools[0].body.f: must be JSON, found function",
      "tools[0].body.u: must be JSON, found undefined",
      "tools[0].body.s: must be JSON, found symbol",
      "tools[0].body.b: must be JSON, found bigint"
    ])
  })

  it("a class instance is refused; a null-prototype object is plain", () => {
    assert.deepStrictEqual(issuesOf({ body: { d: new Date(0) } }), ["tools[0].body.d: must be plain JSON (found a class instance)"])
    const bare = Object.assign(Object.create(null), { a: "{{id}}" })
    assert.deepStrictEqual(issuesOf({ body: bare }), [])
  })

  it("a placeholder in a body key is refused", () => {
    assert.deepStrictEqual(issuesOf({ body: { outer: { "{{id}}": 1 } } }), [
      "tools[0].body.outer[\"{{id}}\"]: placeholder not allowed in a body key"
    ])
  })

  it("exactly MAX_BODY_DEPTH levels are fine; deeper is refused once, at the container too deep", () => {
    assert.deepStrictEqual(issuesOf({ body: nested(Validate.MAX_BODY_DEPTH - 1, {}) }), [])
    const issues = issuesOf({ body: nested(Validate.MAX_BODY_DEPTH, { deeper: "{{nope}}" }) })
    assert.strictEqual(issues.length, 1)
    assert.match(issues[0]!, new RegExp(`: nests deeper than ${Validate.MAX_BODY_DEPTH} levels$`))
    assert.strictEqual(issues[0]!.split(".k").length - 1, Validate.MAX_BODY_DEPTH)
  })

  it("arrays count as levels too", () => {
    const arrays = (depth: number, leaf: unknown): unknown => {
      let value = leaf
      for (let i = 0; i < depth; i++) value = [value]
      return value
    }
    assert.deepStrictEqual(issuesOf({ body: arrays(Validate.MAX_BODY_DEPTH, 1) }), [])
    const issues = issuesOf({ body: arrays(Validate.MAX_BODY_DEPTH + 1, 1) })
    assert.deepStrictEqual(issues, [`tools[0].body${"[0]".repeat(Validate.MAX_BODY_DEPTH)}: nests deeper than ${Validate.MAX_BODY_DEPTH} levels`])
  })

  it("a body that shares one object is walked once per object, so its issues are reported once", () => {
    const shared = { a: "{{x}}" }
    assert.deepStrictEqual(issuesOf({ body: [shared, shared] }), ["tools[0].body[0].a: placeholder {{x}} names no param of tool \"get_thing\""])
  })

  it("issues are reported in document order", () => {
    assert.deepStrictEqual(issuesOf({ body: { a: Infinity, b: [NaN], c: { "{{k}}": 1 } } }), [
      "tools[0].body.a: numbers must be finite",
      "tools[0].body.b[0]: numbers must be finite",
      "tools[0].body.c[\"{{k}}\"]: placeholder not allowed in a body key"
    ])
  })
})

describe("responseMappings", () => {
  it("each mapping must be a path; non-strings are the Schema's to report", () => {
    assert.deepStrictEqual(issuesOf({ responseMappings: { ok: "@a.b", bad: "a.b", alsoBad: "@a..b", n: 5 } }), [
      "tools[0].responseMappings.bad: must start with \"@\", got \"a.b\"",
      "tools[0].responseMappings.alsoBad: \"@a..b\" is not a path like \"@\", \"@a.b\" or \"@items[0].name\""
    ])
  })
})
