/**
 * Versions (docs/protocol.md §9): the version a manifest needs, the problems of a 0.1 manifest
 * using 0.2 features, and how a 0.2 reader sets aside a tool it cannot read instead of guessing.
 */
import { assert, describe, it } from "../support/effectVitest.js"
import { formatIssue } from "../../src/internal/manifest/issue.js"
import * as ProtocolVersion from "../../src/internal/manifest/protocolVersion.js"

const tool = (extra: Record<string, unknown> = {}, params: ReadonlyArray<unknown> = []) => ({
  name: "t",
  description: "d",
  method: "POST",
  params,
  url: "https://api.example.com/x",
  ...extra
})
const tags = { name: "tags", type: "array", schema: { type: "array", items: { type: "string" } } }

describe("the version a manifest needs", () => {
  it("is 0.1 without array or object params, styles or form bodies, and 0.2 with any of them", () => {
    assert.strictEqual(ProtocolVersion.versionFor([tool(), tool({ bodyEncoding: "json" }, [{ name: "q", type: "string" }])]), "0.1")
    // A scalar's bounds are an extension a 0.1 client ignores safely.
    assert.strictEqual(ProtocolVersion.versionFor([tool({}, [{ name: "d", type: "number", schema: { type: "integer" } }])]), "0.1")
    assert.strictEqual(ProtocolVersion.versionFor([tool(), tool({}, [tags])]), "0.2")
    assert.strictEqual(ProtocolVersion.versionFor([tool({ bodyEncoding: "form" })]), "0.2")
  })

  it("a 0.1 manifest using them has a problem per use, naming what needs 0.2", () => {
    const issues: Array<{ path: ReadonlyArray<string | number>; message: string }> = []
    ProtocolVersion.check({
      rcpVersion: "0.1",
      tools: [tool({ bodyEncoding: "form" }, [{ ...tags, style: "form", explode: false }])]
    }, issues)
    assert.deepStrictEqual(issues.map(formatIssue), [
      "tools[0].params[0].type: an \"array\" param needs rcpVersion \"0.2\"",
      "tools[0].params[0].style: a style needs rcpVersion \"0.2\"",
      "tools[0].params[0].explode: explode needs rcpVersion \"0.2\"",
      "tools[0].bodyEncoding: a form body (a 0.1 client would ignore bodyEncoding and send JSON) needs rcpVersion \"0.2\""
    ])
    const none: typeof issues = []
    ProtocolVersion.check({ rcpVersion: "0.2", tools: [tool({ bodyEncoding: "form" }, [tags])] }, none)
    assert.deepStrictEqual(none, [])
  })
})

describe("a tool a 0.2 reader cannot read", () => {
  it("is set aside with a warning naming the tool, the field and the value; the rest stays, indices mapped back", () => {
    const input = {
      rcpVersion: "0.2",
      tools: [
        tool({ name: "a" }),
        tool({ name: "b" }, [{ name: "when", type: "datetime" }]),
        tool({ name: "c", bodyEncoding: "multipart" }),
        tool({ name: "d" }, [{ ...tags, style: "matrix" }]),
        tool({ name: "e" }, [{ name: "o", type: "object", schema: { type: "object", properties: { x: { type: "null" } } } }]),
        tool({ name: "f" }, [tags])
      ]
    }
    const { indexOf, input: kept, warnings } = ProtocolVersion.setAside(input)
    assert.deepStrictEqual((kept.tools as Array<{ name: string }>).map((t) => t.name), ["a", "f"])
    assert.strictEqual(indexOf(1), 5)
    assert.deepStrictEqual(warnings, [
      "tool \"b\" was left out: its param \"when\" has the type \"datetime\", which this client does not read " +
      "(\"string\", \"number\", \"boolean\", \"array\", \"object\"); a newer rcp-sdk may read it",
      "tool \"c\" was left out: its bodyEncoding \"multipart\" is not one this client reads (\"json\", \"form\"); " +
      "a newer rcp-sdk may read it",
      "tool \"d\" was left out: its param \"tags\" has the style \"matrix\", which this client does not read " +
      "(\"form\", \"spaceDelimited\", \"pipeDelimited\", \"deepObject\"); a newer rcp-sdk may read it",
      "tool \"e\" was left out: its param \"o\" has the type \"null\" at schema.properties[\"x\"], which this client " +
      "does not read (\"string\", \"number\", \"integer\", \"boolean\", \"array\", \"object\"); a newer rcp-sdk may read it"
    ])
  })

  it("a 0.1 manifest, or a 0.2 one with nothing unknown, is left as it is (the same object)", () => {
    const v1 = { rcpVersion: "0.1", tools: [tool({}, [{ name: "when", type: "datetime" }])] }
    assert.strictEqual(ProtocolVersion.setAside(v1).input, v1)
    const v2 = { rcpVersion: "0.2", tools: [tool({}, [tags]), "junk", tool({}, [{ name: "x", type: 5 }])] }
    assert.strictEqual(ProtocolVersion.setAside(v2).input, v2)
  })
})
