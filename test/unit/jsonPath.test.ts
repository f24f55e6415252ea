/**
 * Three responseMappings rules (docs/protocol.md §4) that test/jsonPath.test.ts leaves open: a parsed
 * path says so by its tag, a key starts where its step starts, and an index past the end is absent
 * even where the array's prototype has an element there (only own data is ever read).
 */
import { assert, describe, it } from "@effect/vitest"
import * as JsonPath from "../../src/internal/manifest/jsonPath.js"

describe("JsonPath", () => {
  it("a path that parses is tagged Ok", () => {
    assert.deepStrictEqual(JsonPath.parse("@a[1]"), {
      _tag: "Ok",
      steps: [{ _tag: "Key", key: "a" }, { _tag: "Index", index: 1 }]
    })
  })

  it("a key must start where the step starts: a stray bracket or dot before it is not skipped", () => {
    for (const mapping of ["@a.[.b", "@a.].b", "@[.a", "@a.[b"]) {
      assert.strictEqual(JsonPath.parse(mapping)._tag, "Invalid", mapping)
    }
  })

  it("an index past the end is absent, even when the array's prototype has that index", () => {
    const items = ["own"]
    Object.setPrototypeOf(items, Object.assign(Object.create(Array.prototype), { 1: "inherited", 2: "inherited" }))
    assert.isTrue(Array.isArray(items))
    assert.strictEqual(JsonPath.evaluate([{ _tag: "Index", index: 0 }], items), "own")
    assert.isUndefined(JsonPath.evaluate([{ _tag: "Index", index: 1 }], items))
    assert.isUndefined(JsonPath.evaluate([{ _tag: "Index", index: 2 }], items))
  })
})
