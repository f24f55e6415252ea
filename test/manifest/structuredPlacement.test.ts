/**
 * Where array and object params may stand (docs/protocol.md §1.11) and what a form body must be
 * (§1.12): every misplacement reported at its path.
 */
import { assert, describe, it } from "../support/effectVitest.js"
import { formatIssue } from "../../src/internal/manifest/issue.js"
import * as StructuredPlacement from "../../src/internal/manifest/structuredPlacement.js"

const params = [
  { name: "id", type: "string" },
  { name: "tags", type: "array", schema: { type: "array", items: { type: "string" } } },
  { name: "filter", type: "object", schema: { type: "object", additionalProperties: { type: "string" } } }
]

const check = (tool: Record<string, unknown>) => {
  const issues: Array<{ path: ReadonlyArray<string | number>; message: string }> = []
  StructuredPlacement.check({ params, method: "POST", ...tool }, ["tools", 0], issues)
  return issues.map(formatIssue)
}

describe("where array and object params may stand", () => {
  it("as the whole value of a query parameter or a body member: no problem", () => {
    assert.deepStrictEqual(check({
      url: "https://api.example.com/items/{{id}}?tags={{tags}}",
      queryParams: { filter: "{{filter}}", "x[0]": "lit" },
      body: { tags: "{{tags}}", nested: { filter: "{{filter}}" }, list: ["{{tags}}"] }
    }), [])
    assert.deepStrictEqual(check({ url: "https://api.example.com/x", body: "{{filter}}" }), [])
  })

  it("nowhere else: the path, a header, inside a longer text", () => {
    assert.deepStrictEqual(check({
      url: "https://api.example.com/items/{{tags}}?q=x-{{filter}}",
      queryParams: { t: "tags: {{tags}}" },
      headers: { "X-Tags": "{{tags}}" },
      body: { note: "filter {{filter}}" }
    }), [
      "tools[0].url: {{tags}} holds an array or object, which cannot be placed in the url path",
      "tools[0].url: {{filter}} holds an array or object: it can only be the whole value of a query parameter",
      "tools[0].queryParams.t: {{tags}} holds an array or object: it can only be the whole value of a query parameter",
      "tools[0].headers[\"X-Tags\"]: {{tags}} holds an array or object, which cannot be placed in a header",
      "tools[0].body.note: {{filter}} holds an array or object: it can only be the whole value of a body member or element"
    ])
  })

  it("no other query key may start with a structured key and \"[\"", () => {
    assert.deepStrictEqual(check({
      url: "https://api.example.com/x?filter={{filter}}",
      queryParams: { "filter[tenant]": "{{id}}" }
    }), [
      "tools[0].queryParams[\"filter[tenant]\"]: the query key \"filter[tenant]\" could also be written by {{filter}} (under \"filter\")"
    ])
  })
})

describe("a form body", () => {
  it("is an object, or an object param's whole value", () => {
    assert.deepStrictEqual(check({ url: "https://api.example.com/x", bodyEncoding: "form", body: { a: "{{id}}" } }), [])
    assert.deepStrictEqual(check({ url: "https://api.example.com/x", bodyEncoding: "form", body: "{{filter}}" }), [])
    assert.deepStrictEqual(check({ url: "https://api.example.com/x", bodyEncoding: "form", body: "{{tags}}" }), [
      "tools[0].body: a form body must be an object, or the whole value of an \"object\" param"
    ])
    assert.deepStrictEqual(check({ url: "https://api.example.com/x", bodyEncoding: "form", body: ["a"] }), [
      "tools[0].body: a form body must be an object, not an array"
    ])
    assert.deepStrictEqual(check({ url: "https://api.example.com/x", bodyEncoding: "form", body: 5 }), [
      "tools[0].body: a form body must be an object"
    ])
  })

  it("writes no key a structured value could write too, and is sent as a form", () => {
    assert.deepStrictEqual(check({
      url: "https://api.example.com/x",
      bodyEncoding: "form",
      headers: { "Content-Type": "application/json" },
      body: { metadata: "{{filter}}", "metadata[tenant]": "{{id}}", card: { tags: "{{tags}}" }, "card[tags][0]": "x" }
    }), [
      "tools[0].body[\"metadata[tenant]\"]: the form key \"metadata[tenant]\" could also be written by {{filter}} (under \"metadata\")",
      "tools[0].body[\"card[tags][0]\"]: the form key \"card[tags][0]\" could also be written by {{tags}} (under \"card[tags]\")",
      "tools[0].headers[\"Content-Type\"]: a form body is sent as application/x-www-form-urlencoded; the tool's Content-Type must say so"
    ])
    assert.deepStrictEqual(check({
      url: "https://api.example.com/x",
      bodyEncoding: "form",
      headers: { "content-type": "application/x-www-form-urlencoded; charset=utf-8" },
      body: { a: "1" }
    }), [])
  })
})
