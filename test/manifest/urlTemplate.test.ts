/**
 * The url template rules (docs/protocol.md §1.6), tested directly: what a template may
 * contain so that no value can change the origin, the path shape or the query keys.
 */
import { assert, describe, it } from "../support/effectVitest.js"
import * as UrlTemplate from "../../src/internal/manifest/urlTemplate.js"
import * as Url from "../../src/internal/shared/url.js"

const problemsOf = (source: string): ReadonlyArray<string> => {
  const parsed = UrlTemplate.parse(source)
  return parsed._tag === "Invalid" ? parsed.problems : []
}

const parsed = (source: string): UrlTemplate.UrlTemplate => {
  const result = UrlTemplate.parse(source)
  if (result._tag === "Invalid") return assert.fail(`expected ${source} to parse: ${result.problems.join("; ")}`)
  assert.strictEqual(result._tag, "Ok")
  return result.url
}

const BROKEN_ESCAPE = "has a \"%\" that does not start a percent-escape (%XX); write %25 for a literal %"
const IN_AUTHORITY = "placeholder not allowed in the scheme, host or port"
const NOT_ABSOLUTE = "must be an absolute http: or https: URL"

describe("url template: scheme and host", () => {
  it("an https: template is taken apart into origin, host, segments and query", () => {
    const url = parsed("https://API.Example.com/v1/things/{{id}}?fields=all")
    assert.strictEqual(url.origin, "https://api.example.com")
    assert.strictEqual(url.hostname, "api.example.com")
    assert.strictEqual(url.protocol, "https:")
    assert.deepStrictEqual(url.segments.map((s) => s.source), ["v1", "things", "{{id}}"])
    assert.deepStrictEqual(url.placeholders, ["id"])
    assert.deepStrictEqual(url.query.map((q) => q.key), ["fields"])
  })

  it("a template up to MAX_CHARS characters is read; one character more is refused before anything else", () => {
    const head = "https://h.example/"
    assert.strictEqual(parsed(`${head}${"a".repeat(UrlTemplate.MAX_CHARS - head.length)}`).hostname, "h.example")
    assert.deepStrictEqual(problemsOf(`${head}${"a".repeat(UrlTemplate.MAX_CHARS - head.length + 1)}`), [
      `is longer than ${UrlTemplate.MAX_CHARS} characters`
    ])
  })

  it("the scheme is read case-insensitively", () => {
    assert.strictEqual(parsed("HTTP://localhost:8080/x").protocol, "http:")
    assert.strictEqual(parsed("HtTpS://h.example/x").origin, "https://h.example")
  })

  it("a default port is dropped from the origin; another port is kept", () => {
    assert.strictEqual(parsed("https://h.example:443/x").origin, "https://h.example")
    assert.strictEqual(parsed("https://h.example:8443/x").origin, "https://h.example:8443")
  })

  it("a template without a path has no segments", () => {
    assert.deepStrictEqual(parsed("https://h.example").segments, [])
    assert.deepStrictEqual(parsed("https://h.example?q={{q}}").segments, [])
    assert.deepStrictEqual(parsed("https://h.example?q={{q}}").placeholders, ["q"])
  })

  it("a relative or scheme-less template is refused", () => {
    assert.deepStrictEqual(problemsOf("/things/{{id}}"), [NOT_ABSOLUTE])
    assert.deepStrictEqual(problemsOf("h.example/things"), [NOT_ABSOLUTE])
    assert.deepStrictEqual(problemsOf("https:/h.example/x"), [NOT_ABSOLUTE])
    assert.deepStrictEqual(problemsOf("1http://h.example/{{id}}"), [NOT_ABSOLUTE])
    assert.deepStrictEqual(problemsOf("1http://h.example/x"), [NOT_ABSOLUTE])
    assert.deepStrictEqual(problemsOf(""), [NOT_ABSOLUTE])
  })

  it("a placeholder standing for the scheme is named as such", () => {
    assert.deepStrictEqual(problemsOf("{{scheme}}://h.example/x"), [IN_AUTHORITY])
    assert.deepStrictEqual(problemsOf("x{{s}}://h.example/x"), [IN_AUTHORITY])
    assert.deepStrictEqual(problemsOf("ht{{s}}ps://h.example/x"), [IN_AUTHORITY])
    // A placeholder after the "://" of an unusable scheme is not in the scheme.
    assert.deepStrictEqual(problemsOf("1http://h.example/{{id}}"), [NOT_ABSOLUTE])
  })

  it("other schemes are refused by name", () => {
    assert.deepStrictEqual(problemsOf("ftp://h.example/x"), ["scheme must be https: (or http:), got \"ftp\""])
    assert.deepStrictEqual(problemsOf("git+ssh://h.example/x"), ["scheme must be https: (or http:), got \"git+ssh\""])
    assert.deepStrictEqual(problemsOf("file://h.example/x"), ["scheme must be https: (or http:), got \"file\""])
  })

  it("a placeholder in the host or port is refused", () => {
    assert.deepStrictEqual(problemsOf("https://{{tenant}}.h.example/x"), [IN_AUTHORITY])
    assert.deepStrictEqual(problemsOf("https://h.example:{{port}}/x"), [IN_AUTHORITY])
    assert.deepStrictEqual(problemsOf("https://h.example{{rest}}"), [IN_AUTHORITY])
    assert.deepStrictEqual(problemsOf("https://{{host}}?q=1"), [IN_AUTHORITY])
  })

  it("a placeholder right after the host is in the path, not the host", () => {
    assert.deepStrictEqual(problemsOf("https://h.example/{{id}}"), [])
    assert.deepStrictEqual(problemsOf("https://h.example?{{q}}"), ["placeholder not allowed in the query key \"{{q}}\""])
  })

  it("user info is refused: credentials never live in a template", () => {
    assert.deepStrictEqual(problemsOf("https://user:pw@h.example/x"), ["must not contain user info (credentials) in the URL"])
    assert.deepStrictEqual(problemsOf("https://@h.example/x"), ["must not contain user info (credentials) in the URL"])
  })

  it("an \"@\" in the path is not user info", () => {
    assert.deepStrictEqual(problemsOf("https://h.example/users/@me"), [])
  })

  it("a backslash in the host is refused (parsers end the host there)", () => {
    assert.deepStrictEqual(problemsOf("https://h.example\\evil.example/x"), ["host must not contain \"\\\""])
  })

  it("a template without a host is refused", () => {
    assert.deepStrictEqual(problemsOf("https:///x"), ["must have a host"])
    assert.deepStrictEqual(problemsOf("https://"), ["must have a host"])
  })

  it("hosts the URL parser rejects are refused", () => {
    assert.deepStrictEqual(problemsOf("https://h.example:99999/x"), ["is not a valid URL"])
    assert.deepStrictEqual(problemsOf("https://h ost.example/x"), ["is not a valid URL"])
    assert.deepStrictEqual(problemsOf("https://[::1/x"), ["is not a valid URL"])
  })

  it("a fragment is refused", () => {
    assert.deepStrictEqual(problemsOf("https://h.example/x#top"), ["must not contain a fragment (#)"])
    assert.deepStrictEqual(problemsOf("https://h.example/x?q=1#top"), ["must not contain a fragment (#)"])
  })

  it("a fragment right after the host is both a fragment and a path not starting with /", () => {
    assert.deepStrictEqual(problemsOf("https://h.example#top"), [
      "must not contain a fragment (#)",
      "path must start with /"
    ])
  })

  it("query keys after a fragment are not read", () => {
    assert.deepStrictEqual(problemsOf("https://h.example/x?a=1#&{{k}}=1"), ["must not contain a fragment (#)"])
  })
})

describe("url template: control characters", () => {
  for (const [name, c] of [["tab", "\t"], ["LF", "\n"], ["CR", "\r"], ["NUL", "\0"], ["US", "\x1f"], ["DEL", "\x7f"]]) {
    it(`a ${name} anywhere is refused (URL parsers drop or keep it silently)`, () => {
      assert.deepStrictEqual(problemsOf(`https://h.example/a${c}b`), [
        "must not contain a control character (tab, CR, LF, …)"
      ])
    })
  }

  it("a dot segment hidden by a tab is refused for the tab", () => {
    assert.include(problemsOf("https://h.example/.\t./x"), "must not contain a control character (tab, CR, LF, …)")
  })

  it("a space and characters beyond ASCII are not control characters", () => {
    assert.deepStrictEqual(problemsOf("https://h.example/a b/é"), [])
  })
})

describe("url template: path", () => {
  it("a backslash in the path is refused (parsers read it as /)", () => {
    assert.deepStrictEqual(problemsOf("https://h.example/a\\{{id}}"), ["path must not contain \"\\\""])
  })

  const dotSegments: ReadonlyArray<readonly [string, string]> = [
    ["https://h.example/things/./admin/{{id}}", "."],
    ["https://h.example/things/../admin/{{id}}", ".."],
    ["https://h.example/things/%2e/{{id}}", "%2e"],
    ["https://h.example/things/%2E%2e/{{id}}", "%2E%2e"],
    ["https://h.example/things/.%2E/{{id}}", ".%2E"],
    ["https://h.example/things/%252e/{{id}}", "%252e"],
    ["https://h.example/things/%25252e%25252e/{{id}}", "%25252e%25252e"],
    ["https://h.example/.", "."],
    ["https://h.example/..?q={{q}}", ".."]
  ]
  for (const [source, segment] of dotSegments) {
    it(`the dot segment "${segment}" is refused`, () => {
      assert.deepStrictEqual(problemsOf(source), [`path must not contain the dot segment "${segment}"`])
    })
  }

  it("segments that merely contain dots are fine", () => {
    assert.deepStrictEqual(problemsOf("https://h.example/.well-known/a..b/.../v1.2/{{id}}"), [])
  })

  it("a segment holding a placeholder is judged at render time, not here", () => {
    assert.deepStrictEqual(problemsOf("https://h.example/.{{ext}}"), [])
  })

  it("every dot segment is named", () => {
    assert.deepStrictEqual(problemsOf("https://h.example/./../x"), [
      "path must not contain the dot segment \".\"",
      "path must not contain the dot segment \"..\""
    ])
  })

  it("an empty path and a bare / are fine", () => {
    assert.deepStrictEqual(parsed("https://h.example/").segments.map((s) => s.source), [""])
  })
})

describe("url template: percent escapes", () => {
  const broken = [
    "https://h.example/things/%2{{id}}",
    "https://h.example/things/%2{{id}}e",
    "https://h.example/things/%{{id}}",
    "https://h.example/things/{{id}}%",
    "https://h.example/things/%zz/{{id}}",
    "https://h.example/things/%g0",
    "https://h.example/things?q=%2{{q}}",
    "https://h.example/things?q=100%"
  ]
  for (const source of broken) {
    it(`a "%" that starts no escape is refused: ${source}`, () => {
      assert.deepStrictEqual(problemsOf(source), [BROKEN_ESCAPE])
    })
  }

  it("a placeholder inside a percent escape is refused, so a value cannot complete an encoded slash", () => {
    // "%2" + "f" would be "%2f" (a slash) once the one-character value is in.
    assert.deepStrictEqual(problemsOf("https://h.example/things/%2{{id}}e"), [BROKEN_ESCAPE])
    assert.deepStrictEqual(problemsOf("https://h.example/things/%{{a}}{{b}}"), [BROKEN_ESCAPE])
  })

  it("well-formed escapes, in either case, are fine", () => {
    assert.deepStrictEqual(problemsOf("https://h.example/a%20b/%C3%A9/%2f%2F/{{id}}?q=%7e%7E"), [])
    assert.deepStrictEqual(problemsOf("https://h.example/%25{{id}}"), [])
  })

  it("a \"%\" in the host is not this rule's to judge", () => {
    assert.notInclude(problemsOf("https://h%.example/x"), BROKEN_ESCAPE)
  })
})

describe("url template: query", () => {
  it("a placeholder in a query key is refused, and that pair is dropped", () => {
    assert.deepStrictEqual(problemsOf("https://h.example/x?{{k}}=1"), ["placeholder not allowed in the query key \"{{k}}\""])
    assert.deepStrictEqual(problemsOf("https://h.example/x?a=1&b{{k}}=2"), [
      "placeholder not allowed in the query key \"b{{k}}\""
    ])
  })

  it("keys and values are decoded once, form-style, so they are encoded exactly once when sent", () => {
    const url = parsed("https://h.example/x?a+b=c+d&e%20f=g%2Bh&q={{q}}%2F")
    assert.deepStrictEqual(url.query.map((q) => q.key), ["a b", "e f", "q"])
    assert.deepStrictEqual(url.query[0]!.value.parts, [{ _tag: "Text", text: "c d" }])
    assert.deepStrictEqual(url.query[1]!.value.parts, [{ _tag: "Text", text: "g+h" }])
    assert.deepStrictEqual(url.query[2]!.value.parts, [
      { _tag: "Placeholder", name: "q" },
      { _tag: "Text", text: "/" }
    ])
  })

  it("a template without \"?\" has no query entries", () => {
    assert.deepStrictEqual(parsed("https://h.example/x").query, [])
    assert.deepStrictEqual(parsed("https://h.example").query, [])
  })

  it("a key without \"=\" has the empty value; empty pairs are skipped", () => {
    const url = parsed("https://h.example/x?&flag&&a=1&")
    assert.deepStrictEqual(url.query.map((q) => [q.key, q.value.source]), [["flag", ""], ["a", "1"]])
  })

  it("a value may hold \"=\"", () => {
    const url = parsed("https://h.example/x?a=b=c")
    assert.deepStrictEqual(url.query.map((q) => [q.key, q.value.parts]), [["a", [{ _tag: "Text", text: "b=c" }]]])
  })

  it("an escape that is not UTF-8 is read as URLSearchParams reads it, rather than failing the template", () => {
    const url = parsed("https://h.example/x?%ff=%fe+1")
    const [key, value] = [...new URLSearchParams("%ff=%fe+1")][0]!
    assert.deepStrictEqual(url.query.map((q) => q.key), [key])
    assert.deepStrictEqual(url.query[0]!.value.parts, [{ _tag: "Text", text: value }])
  })

  it("a malformed placeholder in the query is a problem of the whole template", () => {
    assert.deepStrictEqual(problemsOf("https://h.example/x?q={{ q }}"), ["malformed placeholder \"{{ q }}\""])
  })
})

describe("url template: repeated percent-decoding", () => {
  it("decodes until nothing changes, keeping every form", () => {
    assert.deepStrictEqual(UrlTemplate.decodeRepeatedly("%25252e"), ["%25252e", "%252e", "%2e", "."])
    assert.deepStrictEqual(UrlTemplate.decodeRepeatedly("plain"), ["plain"])
    assert.deepStrictEqual(UrlTemplate.decodeRepeatedly("%2e"), ["%2e", "."])
  })

  it("stops after three rounds: a value encoded four times is not decoded to the end", () => {
    assert.deepStrictEqual(UrlTemplate.decodeRepeatedly("%2525252e"), ["%2525252e", "%25252e", "%252e", "%2e"])
    assert.deepStrictEqual(UrlTemplate.decodeRepeatedly("%2525252e", 4).at(-1), ".")
    assert.deepStrictEqual(UrlTemplate.decodeRepeatedly("%2e", 0), ["%2e"])
  })

  it("reads escapes as UTF-8 bytes; a bad sequence becomes U+FFFD; a stray % stays", () => {
    assert.deepStrictEqual(UrlTemplate.decodeRepeatedly("%C3%A9"), ["%C3%A9", "é"])
    assert.deepStrictEqual(UrlTemplate.decodeRepeatedly("%ff"), ["%ff", "\ufffd"])
    assert.deepStrictEqual(UrlTemplate.decodeRepeatedly("a%2fb%zz"), ["a%2fb%zz", "a/b%zz"])
    assert.deepStrictEqual(UrlTemplate.decodeRepeatedly("100%"), ["100%"])
    assert.deepStrictEqual(UrlTemplate.decodeRepeatedly("%2"), ["%2"])
  })

  it("keeps a byte order mark, as URL parsers do: %EF%BB%BF. is no dot segment", () => {
    assert.deepStrictEqual(UrlTemplate.decodeRepeatedly("%EF%BB%BF."), ["%EF%BB%BF.", "\ufeff."])
    assert.isFalse(UrlTemplate.isDotSegment("%EF%BB%BF%2e%2e"))
  })

  it("dot segments are recognised in every encoded spelling", () => {
    for (const s of [".", "..", "%2e", "%2E", "%2e%2E", ".%2e", "%252e", "%25252E"]) {
      assert.isTrue(UrlTemplate.isDotSegment(s), s)
    }
    for (const s of ["", "...", ".a", "a.", "%2e%2e%2e", "%2525252e", "%2f"]) {
      assert.isFalse(UrlTemplate.isDotSegment(s), s)
    }
  })
})

describe("loopback hosts (plain http: allowed without opting in)", () => {
  it("localhost, *.localhost, [::1] and 127.0.0.0/8 are loopback, in any case", () => {
    for (const h of ["localhost", "LocalHost", "api.localhost", "a.b.LOCALHOST", "[::1]", "127.0.0.1", "127.1.22.255", "127.10.200.3"]) {
      assert.isTrue(Url.isLoopbackHost(h), h)
    }
  })

  it("names that only contain or resemble loopback are not", () => {
    for (
      const h of [
        "localhost.evil.example",
        "evillocalhost",
        "localhost.",
        "127.0.0.1.nip.io",
        "1127.0.0.1",
        "127.0.0",
        "128.0.0.1",
        "[::2]",
        "[::1].evil.example",
        "::1",
        "0.0.0.0",
        ""
      ]
    ) {
      assert.isFalse(Url.isLoopbackHost(h), h)
    }
  })
})
