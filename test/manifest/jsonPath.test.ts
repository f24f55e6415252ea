/**
 * The responseMappings paths (docs/protocol.md §4): their grammar, how a path walks a body (own data
 * only: nothing inherited, no `__proto__`, `constructor` or `prototype`), and the mapped result.
 */
import { assert, describe, it } from "../support/effectVitest.js"
import * as JsonPath from "../../src/internal/manifest/jsonPath.js"

const steps = (mapping: string): ReadonlyArray<JsonPath.Step> => {
  const parsed = JsonPath.parse(mapping)
  if (parsed._tag === "Invalid") return assert.fail(`expected ${mapping} to parse: ${parsed.problem}`)
  return parsed.steps
}

const resolve = (mapping: string, body: unknown): unknown => JsonPath.evaluate(steps(mapping), body)

const key = (k: string): JsonPath.Step => ({ _tag: "Key", key: k })
const index = (i: number): JsonPath.Step => ({ _tag: "Index", index: i })

describe("JsonPath.parse", () => {
  it("@ is the whole body: no steps", () => {
    assert.deepStrictEqual(steps("@"), [])
  })

  it("@a.b[0].c walks keys and indices", () => {
    assert.deepStrictEqual(steps("@a.b[0].c"), [key("a"), key("b"), index(0), key("c")])
  })

  it("@[0] indexes the body itself; indices can follow each other", () => {
    assert.deepStrictEqual(steps("@[0]"), [index(0)])
    assert.deepStrictEqual(steps("@[0][12].x"), [index(0), index(12), key("x")])
    assert.deepStrictEqual(steps("@items[999999999]"), [key("items"), index(999_999_999)])
  })

  it("a path that parses is tagged Ok", () => {
    assert.deepStrictEqual(JsonPath.parse("@a[1]"), { _tag: "Ok", steps: [key("a"), index(1)] })
  })

  it("a key must start where the step starts: a stray bracket or dot before it is not skipped", () => {
    for (const mapping of ["@a.[.b", "@a.].b", "@[.a", "@a.[b"]) {
      assert.strictEqual(JsonPath.parse(mapping)._tag, "Invalid", mapping)
    }
  })

  it("keys may hold any character but . [ ]", () => {
    assert.deepStrictEqual(steps("@first name.$ref-1"), [key("first name"), key("$ref-1")])
    assert.deepStrictEqual(steps("@__proto__"), [key("__proto__")])
    assert.deepStrictEqual(steps("@@"), [key("@")])
  })

  const invalid: ReadonlyArray<readonly [string, string]> = [
    ["", "must start with \"@\", got \"\""],
    ["a.b", "must start with \"@\", got \"a.b\""],
    ["$.a", "must start with \"@\", got \"$.a\""],
    ["@.a", "\"@.a\" is not a path like \"@\", \"@a.b\" or \"@items[0].name\""],
    ["@a.", "\"@a.\" is not a path"],
    ["@a..b", "\"@a..b\" is not a path"],
    ["@a[x]", "\"@a[x]\" is not a path"],
    ["@a[-1]", "\"@a[-1]\" is not a path"],
    ["@a[01]", "\"@a[01]\" is not a path"],
    ["@a[1234567890]", "\"@a[1234567890]\" is not a path"],
    ["@a[]", "\"@a[]\" is not a path"],
    ["@a[0", "\"@a[0\" is not a path"],
    ["@a]", "\"@a]\" is not a path"],
    ["@a[0]b", "\"@a[0]b\" is not a path"]
  ]
  for (const [mapping, problem] of invalid) {
    it(`rejects ${JSON.stringify(mapping)}`, () => {
      const parsed = JsonPath.parse(mapping)
      assert.strictEqual(parsed._tag, "Invalid")
      if (parsed._tag === "Invalid") assert.include(parsed.problem, problem)
    })
  }

  it("clips a long mapping in the problem", () => {
    const parsed = JsonPath.parse(`x${"y".repeat(1000)}`)
    assert.strictEqual(parsed._tag, "Invalid")
    if (parsed._tag === "Invalid") assert.isBelow(parsed.problem.length, 80)
  })
})

describe("JsonPath.evaluate", () => {
  const body = {
    a: { b: [{ c: 1 }, { c: 2 }] },
    items: ["x", "y"],
    zero: 0,
    no: false,
    nothing: null,
    "first name": "Ada"
  }

  it("@ returns the whole body, whatever it is", () => {
    assert.strictEqual(resolve("@", body), body)
    assert.strictEqual(resolve("@", "text"), "text")
    assert.isNull(resolve("@", null))
  })

  it("walks own properties and array indices", () => {
    assert.strictEqual(resolve("@a.b[1].c", body), 2)
    assert.deepStrictEqual(resolve("@a.b[0]", body), { c: 1 })
    assert.strictEqual(resolve("@items[0]", body), "x")
    assert.strictEqual(resolve("@[1]", ["p", "q"]), "q")
    assert.strictEqual(resolve("@first name", body), "Ada")
  })

  it("falsy values resolve to themselves", () => {
    assert.strictEqual(resolve("@zero", body), 0)
    assert.strictEqual(resolve("@no", body), false)
    assert.isNull(resolve("@nothing", body))
  })

  it("an index out of range, a missing key or a step through a primitive gives undefined", () => {
    assert.isUndefined(resolve("@items[2]", body))
    assert.isUndefined(resolve("@a.b[5].c", body))
    assert.isUndefined(resolve("@missing", body))
    assert.isUndefined(resolve("@missing.deeper", body))
    assert.isUndefined(resolve("@nothing.x", body))
    assert.isUndefined(resolve("@zero.x", body))
    assert.isUndefined(resolve("@a", "a string"))
    assert.isUndefined(resolve("@[0]", "a string"))
  })

  it("an index past the end is absent, even when the array's prototype has that index", () => {
    const items = ["own"]
    Object.setPrototypeOf(items, Object.assign(Object.create(Array.prototype), { 1: "inherited", 2: "inherited" }))
    assert.isTrue(Array.isArray(items))
    assert.strictEqual(JsonPath.evaluate([index(0)], items), "own")
    assert.isUndefined(JsonPath.evaluate([index(1)], items))
    assert.isUndefined(JsonPath.evaluate([index(2)], items))
  })

  it("a key on an array, or an index on an object, gives undefined", () => {
    assert.isUndefined(resolve("@items.length", body))
    assert.isUndefined(resolve("@items.0", body))
    assert.isUndefined(resolve("@[0]", { 0: "not an array" }))
    assert.isUndefined(resolve("@a[0]", body))
  })

  it("inherited members never resolve", () => {
    assert.isUndefined(resolve("@toString", body))
    assert.isUndefined(resolve("@hasOwnProperty", body))
    assert.isUndefined(resolve("@a.valueOf", body))
    assert.isUndefined(resolve("@items.map", body))
  })

  it("__proto__, constructor and prototype never resolve, even as own keys from JSON.parse", () => {
    const hostile = JSON.parse(
      "{\"__proto__\":{\"x\":1},\"constructor\":{\"prototype\":{\"y\":2}},\"prototype\":3,\"ok\":{\"constructor\":4}}"
    )
    assert.isTrue(Object.hasOwn(hostile, "__proto__"))
    assert.isUndefined(resolve("@__proto__", hostile))
    assert.isUndefined(resolve("@__proto__.x", hostile))
    assert.isUndefined(resolve("@constructor", hostile))
    assert.isUndefined(resolve("@constructor.prototype", hostile))
    assert.isUndefined(resolve("@prototype", hostile))
    assert.isUndefined(resolve("@ok.constructor", hostile))
    assert.isUndefined(resolve("@constructor", {}))
    assert.isUndefined(resolve("@__proto__", {}))
  })
})

describe("JsonPath.applyMappings", () => {
  const compile = (mappings: Record<string, string>) =>
    Object.entries(mappings).map(([field, mapping]) => [field, steps(mapping)] as const)

  it("maps resolved fields and leaves unresolved ones out", () => {
    const result = JsonPath.applyMappings(
      compile({ temperatureC: "@temperatureC", conditions: "@conditions", wind: "@wind.speed", zero: "@zero" }),
      { temperatureC: 21.5, conditions: "sunny", zero: 0 }
    )
    assert.deepStrictEqual(result, { temperatureC: 21.5, conditions: "sunny", zero: 0 })
    assert.isFalse(Object.hasOwn(result, "wind"))
  })

  it("gives a plain object, and a field named __proto__ is an own property, not a prototype", () => {
    // Built from entries: in an object literal `__proto__:` would set the prototype instead.
    const mappings = compile(Object.fromEntries([["__proto__", "@polluted"], ["safe", "@ok"]]))
    assert.strictEqual(mappings[0]![0], "__proto__")
    const result = JsonPath.applyMappings(mappings, {
      polluted: { isAdmin: true },
      ok: 1
    })
    assert.strictEqual(Object.getPrototypeOf(result), Object.prototype)
    assert.isTrue(Object.hasOwn(result, "__proto__"))
    assert.isUndefined((result as { isAdmin?: unknown }).isAdmin)
    assert.isUndefined(({} as { isAdmin?: unknown }).isAdmin)
    assert.strictEqual(result.safe, 1)
  })

  it("@ maps the whole body, even a non-object one", () => {
    assert.deepStrictEqual(JsonPath.applyMappings(compile({ all: "@" }), "plain text"), { all: "plain text" })
    assert.deepStrictEqual(JsonPath.applyMappings(compile({}), { a: 1 }), {})
  })
})
