/**
 * Request rendering (docs/protocol.md §3.4), tested directly: each value is escaped for the
 * one place it goes, and a value that cannot go there unchanged is refused by name, before any HTTP.
 */
import { assert, describe, it } from "../support/effectVitest.js"
import type * as Manifest from "../../src/Manifest.js"
import type { Value } from "../../src/Resolver.js"
import * as Request from "../../src/internal/client/request.js"
import type { Outgoing } from "../../src/internal/transport/outgoing.js"

type ToolFields = Partial<Manifest.Tool> & { readonly url: string }

const tool = (fields: ToolFields): Manifest.Tool => ({ name: "t", description: "d", method: "GET", params: [], ...fields })

const render = (fields: ToolFields, values: Record<string, Value> = {}): Request.RenderResult =>
  Request.render(Request.compile(tool(fields)), new Map(Object.entries(values)))

const sent = (fields: ToolFields, values: Record<string, Value> = {}): Outgoing => {
  const result = render(fields, values)
  if (result._tag === "Invalid") return assert.fail(`expected a request, got ${JSON.stringify(result.problems)}`)
  assert.strictEqual(result._tag, "Ok")
  return result.request
}

const refused = (fields: ToolFields, values: Record<string, Value> = {}): ReadonlyArray<Request.Problem> => {
  const result = render(fields, values)
  if (result._tag === "Ok") return assert.fail(`expected problems, got ${result.request.url.href}`)
  assert.strictEqual(result._tag, "Invalid")
  return result.problems
}

const DEFAULT_ACCEPT = "application/json, text/plain;q=0.9, */*;q=0.8"
const PATH = "https://api.example/things/{{id}}"

const DOT = "cannot be \".\" or \"..\" in the URL path"
const SLASH = "cannot contain \"/\" or \"\\\" in the URL path"
const CONTROL = "cannot contain control characters in the URL path"
const SURROGATE = "contains an unpaired UTF-16 surrogate"
const EMPTY = "cannot be empty in the URL path"
const FORMS_DOT = "would form a \".\" or \"..\" path segment"

describe("compile", () => {
  it("refuses a url that validation would have refused", () => {
    assert.throws(
      () => Request.compile(tool({ url: "ftp://u@h.example/x" })),
      "unvalidated tool url: scheme must be https: (or http:), got \"ftp\"; must not contain user info (credentials) in the URL"
    )
  })
})

describe("path values", () => {
  it("a value is percent-encoded into its segment; literal segments are sent as written", () => {
    const out = sent({ url: "https://api.example/a%20b/things/{{id}}/x" }, { id: "a b?#&é" })
    assert.strictEqual(out.url.pathname, "/a%20b/things/a%20b%3F%23%26%C3%A9/x")
    assert.strictEqual(out.url.origin, "https://api.example")
  })

  it("numbers and booleans are written as text", () => {
    assert.strictEqual(sent({ url: "https://api.example/{{n}}/{{b}}" }, { n: 42.5, b: false }).url.pathname, "/42.5/false")
  })

  it("a template without a path is sent to /", () => {
    assert.strictEqual(sent({ url: "https://api.example" }).url.href, "https://api.example/")
  })

  const refusedValues: ReadonlyArray<readonly [string, string]> = [
    ["", EMPTY],
    [".", DOT],
    ["..", DOT],
    ["%2e", DOT],
    ["%2E%2e", DOT],
    ["%252e", DOT],
    ["%25252e%25252e", DOT],
    ["/", SLASH],
    ["a/b", SLASH],
    ["../admin", SLASH],
    ["a\\b", SLASH],
    ["%2f", SLASH],
    ["%5C", SLASH],
    ["a%2fb%zz", SLASH],
    ["%252F", SLASH],
    ["%25252f", SLASH],
    ["\x00", CONTROL],
    ["a\tb", CONTROL],
    ["\x1f", CONTROL],
    ["\x7f", CONTROL],
    ["\x85", CONTROL],
    ["\x9f", CONTROL],
    ["%0a", CONTROL],
    ["%C2%85", CONTROL],
    ["%250d", CONTROL],
    ["\ud800", SURROGATE],
    ["x\udbff", SURROGATE],
    ["\udc00x", SURROGATE],
    ["\udfff\ud800", SURROGATE],
    ["\ud83dx", SURROGATE]
  ]
  for (const [value, problem] of refusedValues) {
    it(`the value ${JSON.stringify(value)} is refused in a path segment: ${problem}`, () => {
      assert.deepStrictEqual(refused({ url: PATH }, { id: value }), [{ param: "id", problem }])
    })
  }

  const accepted: ReadonlyArray<readonly [string, string]> = [
    ["...", "..."],
    [".a", ".a"],
    ["%2", "%252"],
    ["\xa0", "%C2%A0"],
    ["😀", "%F0%9F%98%80"],
    ["a b", "a%20b"],
    // A byte order mark stays when decoded (docs/protocol.md §3.4): "\ufeff." is no dot segment.
    ["%EF%BB%BF.", "%25EF%25BB%25BF."]
  ]
  for (const [value, encoded] of accepted) {
    it(`the value ${JSON.stringify(value)} is sent encoded as ${encoded}`, () => {
      assert.strictEqual(sent({ url: PATH }, { id: value }).url.pathname, `/things/${encoded}`)
    })
  }

  it("decoding stops after three rounds: a value encoded four times is sent, encoded once more", () => {
    assert.strictEqual(sent({ url: PATH }, { id: "%2525252e" }).url.pathname, "/things/%252525252e")
    assert.strictEqual(sent({ url: PATH }, { id: "%2525252f" }).url.pathname, "/things/%252525252f")
  })

  it("an absent optional value is refused in the path (it would be an empty segment)", () => {
    assert.deepStrictEqual(refused({ url: PATH }), [{ param: "id", problem: EMPTY }])
  })

  it("two values that together spell an encoded dot are refused, named by the segment's first param", () => {
    assert.deepStrictEqual(refused({ url: "https://api.example/{{a}}{{b}}" }, { a: "%2", b: "e" }), [
      { param: "a", problem: FORMS_DOT }
    ])
  })

  // "%2" + "f" renders "%252f", which a server that decodes twice reads as "/", as the single value
  // "%252f" would be (found while pinning the rules above, issue #22): the rendered segment is
  // checked for "/" and "\" after decoding too (docs/protocol.md §3.4 "Values together").
  it("two values that together spell a double-encoded slash are refused", () => {
    assert.deepStrictEqual(refused({ url: "https://api.example/{{a}}{{b}}" }, { a: "%2", b: "f" }), [
      { param: "a", problem: SLASH }
    ])
    assert.strictEqual(sent({ url: "https://api.example/{{a}}{{b}}" }, { a: "%2", b: "1" }).url.pathname, "/%2521")
  })

  it("a value after a literal %25 cannot complete a double-encoded slash; a literal encoded slash stays the author's", () => {
    assert.deepStrictEqual(refused({ url: "https://api.example/things/%25{{id}}" }, { id: "2f" }), [
      { param: "id", problem: SLASH }
    ])
    assert.strictEqual(
      sent({ url: "https://api.example/a%2Fb{{id}}" }, { id: "7" }).url.pathname,
      "/a%2Fb7"
    )
  })

  it("a value after a literal %25 cannot complete a double-encoded dot", () => {
    assert.deepStrictEqual(refused({ url: "https://api.example/things/%25{{id}}" }, { id: "2e" }), [
      { param: "id", problem: FORMS_DOT }
    ])
    assert.strictEqual(
      sent({ url: "https://api.example/things/%25{{id}}" }, { id: "41" }).url.pathname,
      "/things/%2541"
    )
  })

  it("a value that completes a literal dot into \"..\" is refused", () => {
    assert.deepStrictEqual(refused({ url: "https://api.example/.{{ext}}" }, { ext: "%2e" }), [
      { param: "ext", problem: DOT }
    ])
    assert.strictEqual(sent({ url: "https://api.example/.{{ext}}" }, { ext: "json" }).url.pathname, "/.json")
  })

  it("a refused value is reported once, not again as forming a dot segment", () => {
    assert.deepStrictEqual(refused({ url: "https://api.example/.{{ext}}" }, { ext: "" }), [
      { param: "ext", problem: EMPTY }
    ])
  })

  it("a param used twice is reported once; different params are all reported", () => {
    assert.deepStrictEqual(refused({ url: "https://api.example/{{a}}/{{a}}/{{b}}" }, { a: "/", b: "." }), [
      { param: "a", problem: SLASH },
      { param: "b", problem: DOT }
    ])
  })
})

describe("query values", () => {
  it("template query values and queryParams are encoded as form values; template entries come first", () => {
    const out = sent(
      { url: "https://api.example/x?fixed=a+b&q={{q}}", queryParams: { extra: "{{e}}", tag: "t-{{q}}" } },
      { q: "a&b=c d", e: "é/#" }
    )
    assert.deepStrictEqual([...out.url.searchParams], [
      ["fixed", "a b"],
      ["q", "a&b=c d"],
      ["extra", "é/#"],
      ["tag", "t-a&b=c d"]
    ])
    assert.strictEqual(out.url.search, "?fixed=a+b&q=a%26b%3Dc+d&extra=%C3%A9%2F%23&tag=t-a%26b%3Dc+d")
  })

  it("a queryParam that is exactly an absent optional is left out; one with text around it is sent", () => {
    const out = sent({ url: "https://api.example/x", queryParams: { a: "{{a}}", b: "b-{{a}}", c: "lit" } })
    assert.strictEqual(out.url.search, "?b=b-&c=lit")
  })

  it("no query: no \"?\" at all", () => {
    assert.strictEqual(sent({ url: "https://api.example/x", queryParams: { a: "{{a}}" } }).url.href, "https://api.example/x")
  })

  it("an unpaired surrogate is refused in a query value", () => {
    assert.deepStrictEqual(refused({ url: "https://api.example/x?q={{q}}" }, { q: "a\ud800" }), [
      { param: "q", problem: SURROGATE }
    ])
    assert.deepStrictEqual(refused({ url: "https://api.example/x", queryParams: { q: "{{q}}" } }, { q: "\udc00" }), [
      { param: "q", problem: SURROGATE }
    ])
  })

  it("a slash or dot is fine in a query value", () => {
    assert.strictEqual(sent({ url: "https://api.example/x?q={{q}}" }, { q: "../a/b" }).url.search, "?q=..%2Fa%2Fb")
  })
})

describe("header values", () => {
  const header = (value: string) => ({ url: "https://api.example/x", headers: { "X-Tag": value } })

  it("header names are lower-cased; values are rendered raw", () => {
    const out = sent(header("v={{v}};"), { v: "a\tb é" })
    assert.strictEqual(out.headers["x-tag"], "v=a\tb é;")
    assert.notProperty(out.headers, "X-Tag")
  })

  it("a header that is exactly an absent optional is left out; one with text around it is sent", () => {
    assert.notProperty(sent(header("{{v}}")).headers, "x-tag")
    assert.strictEqual(sent(header("v={{v}}")).headers["x-tag"], "v=")
  })

  for (const [name, c] of [["CR", "\r"], ["LF", "\n"], ["NUL", "\0"]] as const) {
    it(`a ${name} in a header value is refused (header injection)`, () => {
      assert.deepStrictEqual(refused(header("{{v}}"), { v: `a${c}Evil: 1` }), [
        { param: "v", problem: "cannot contain CR, LF or NUL (it goes into the header \"x-tag\")" }
      ])
    })
  }

  for (const [name, c] of [["SOH", "\x01"], ["DEL", "\x7f"], ["the C1 control U+0085", "\x85"], ["U+0100", "\u0100"], ["an emoji", "😀"]] as const) {
    it(`${name} in a header value is refused: HTTP cannot carry it unchanged`, () => {
      assert.deepStrictEqual(refused(header("{{v}}"), { v: `a${c}` }), [
        {
          param: "v",
          problem: "cannot contain control characters or characters beyond U+00FF (it goes into the header \"x-tag\")"
        }
      ])
    })
  }

  it("Latin-1 and a tab inside are sendable", () => {
    assert.strictEqual(sent(header("{{v}}"), { v: "\xa0a\tb\xff" }).headers["x-tag"], "\xa0a\tb\xff")
  })

  const EDGE = "cannot start or end with a space or tab (it goes into the header \"x-tag\")"

  for (const v of [" x", "\tx", "x ", "x\t", " "]) {
    it(`a value ${JSON.stringify(v)} at the edge of the header value is refused (HTTP would strip it)`, () => {
      assert.deepStrictEqual(refused(header("{{v}}"), { v }), [{ param: "v", problem: EDGE }])
    })
  }

  it("the edge is where the rendered value begins or ends, past placeholders that render empty", () => {
    assert.deepStrictEqual(refused(header("{{a}}{{b}}"), { a: "", b: " x" }), [{ param: "b", problem: EDGE }])
    assert.deepStrictEqual(refused(header("{{a}}{{b}}"), { a: "x ", b: "" }), [{ param: "a", problem: EDGE }])
    assert.deepStrictEqual(refused(header("{{a}}{{b}}"), { b: " x" }), [{ param: "b", problem: EDGE }])
    assert.deepStrictEqual(refused(header("{{a}}-{{b}}"), { a: " x", b: "y " }), [
      { param: "a", problem: EDGE },
      { param: "b", problem: EDGE }
    ])
  })

  it("placeholders that all render empty make an empty header value, blaming no one", () => {
    assert.strictEqual(sent(header("{{a}}{{b}}"), { a: "" }).headers["x-tag"], "")
  })

  it("a space in the template's own text is the manifest's to refuse, never blamed on a param", () => {
    assert.strictEqual(sent(header(" {{a}}"), { a: "x" }).headers["x-tag"], " x")
    assert.strictEqual(sent(header("{{a}} "), { a: "x" }).headers["x-tag"], "x ")
  })

  it("spaces inside the rendered value are fine", () => {
    assert.strictEqual(sent(header("{{a}}{{b}}"), { a: "x ", b: " y" }).headers["x-tag"], "x  y")
    assert.strictEqual(sent(header("Bearer {{t}}"), { t: " x" }).headers["x-tag"], "Bearer  x")
    assert.strictEqual(sent(header("{{t}} end"), { t: "x " }).headers["x-tag"], "x  end")
  })

  it("a number renders as text in a header", () => {
    assert.strictEqual(sent(header("{{n}}"), { n: 7 }).headers["x-tag"], "7")
  })
})

describe("body and default headers", () => {
  const POST = { url: "https://api.example/x", method: "POST" } as const

  it("a whole placeholder keeps the value's type; other strings are rendered as text", () => {
    const out = sent(
      { ...POST, body: { n: "{{n}}", s: "id-{{n}}", lit: "plain", nested: [{ b: "{{b}}" }, 1, null, true] } },
      { n: 5, b: false }
    )
    assert.deepStrictEqual(JSON.parse(out.body!), { n: 5, s: "id-5", lit: "plain", nested: [{ b: false }, 1, null, true] })
    assert.strictEqual(out.headers["content-type"], "application/json")
  })

  it("an absent optional vanishes from an object and is \"\" in an array or as the whole body", () => {
    assert.strictEqual(sent({ ...POST, body: { a: "{{a}}", b: "x" } }).body, "{\"b\":\"x\"}")
    assert.strictEqual(sent({ ...POST, body: ["{{a}}", "x", "y{{a}}"] }).body, "[\"\",\"x\",\"y\"]")
    assert.strictEqual(sent({ ...POST, body: "{{a}}" }).body, "\"\"")
  })

  it("a value is JSON-escaped, never spliced into the JSON text", () => {
    assert.strictEqual(sent({ ...POST, body: { a: "{{a}}" } }, { a: "\",\"admin\":true" }).body, "{\"a\":\"\\\",\\\"admin\\\":true\"}")
  })

  it("a tool's own Content-Type and Accept, in any case, replace the defaults", () => {
    const out = sent({ ...POST, body: {}, headers: { "Content-TYPE": "application/merge-patch+json", ACCEPT: "text/csv" } })
    assert.deepStrictEqual(out.headers, { "content-type": "application/merge-patch+json", accept: "text/csv" })
  })

  it("other tool headers do not replace the default Content-Type and Accept", () => {
    const out = sent({ ...POST, body: {}, headers: { "X-Tag": "t" } })
    assert.deepStrictEqual(out.headers, { "x-tag": "t", "content-type": "application/json", accept: DEFAULT_ACCEPT })
  })

  it("without a body there is no Content-Type; Accept is always sent", () => {
    const out = sent({ url: "https://api.example/x" })
    assert.deepStrictEqual(out.headers, { accept: DEFAULT_ACCEPT })
    assert.isUndefined(out.body)
    assert.strictEqual(out.method, "GET")
  })

  it("the tool's method is sent", () => {
    assert.strictEqual(sent({ ...POST, method: "DELETE" }).method, "DELETE")
  })
})

describe("every problem at once", () => {
  it("path, query and header problems are all returned, in that order", () => {
    assert.deepStrictEqual(
      refused(
        { url: "https://api.example/{{p}}?q={{q}}", headers: { "x-h": "{{h}}" } },
        { p: "..", q: "\ud800", h: "a\nb" }
      ),
      [
        { param: "p", problem: DOT },
        { param: "q", problem: SURROGATE },
        { param: "h", problem: "cannot contain CR, LF or NUL (it goes into the header \"x-h\")" }
      ]
    )
  })

  it("the same param refused in two places is reported for each", () => {
    assert.deepStrictEqual(refused({ url: "https://api.example/{{v}}", headers: { "x-h": "{{v}}" } }, { v: "a\n" }), [
      { param: "v", problem: CONTROL },
      { param: "v", problem: "cannot contain CR, LF or NUL (it goes into the header \"x-h\")" }
    ])
  })
})

describe("the final origin guard", () => {
  it("a rendered URL that does not keep the template's origin is never returned", () => {
    const compiled = Request.compile(tool({ url: "https://api.example/x" }))
    // A template whose origin is not what the URL parser makes of it (defence in depth: parse()
    // never produces one, and a render must not silently send such a request elsewhere).
    const odd: Request.RequestTemplate = { ...compiled, url: { ...compiled.url, origin: "https://api.example:443" } }
    assert.throws(() => Request.render(odd, new Map()), "rendered URL left the template's origin")
  })
})
