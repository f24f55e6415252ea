/**
 * The `fields` projection (docs/results.md "Asking for less"): the responseMappings paths plus
 * `[*]`, one parser (jsonPath.ts), errors written for the model, the response pruned in its own
 * shape, and a name that never shadows a param of the tool.
 */
import { assert, describe, it } from "../support/effectVitest.js"
import * as Fields from "../../src/internal/result/fields.js"
import * as Fixtures from "../../bench/responses.js"

const selection = (...fields: Array<string>): Fields.Selection => {
  const parsed = Fields.parse(fields)
  assert.strictEqual(parsed._tag, "Ok")
  return (parsed as { selection: Fields.Selection }).selection
}

describe("fields", () => {
  it("[*] keeps every item, with the members asked for, in the response's own shape", () => {
    const list = Fixtures.stripeCharges(3)
    const { missing, value } = Fields.project(selection("@data[*].id", "@data[*].amount", "@has_more"), list)
    assert.deepStrictEqual(value, {
      data: list.data.map((charge) => ({ id: charge.id, amount: charge.amount })),
      has_more: true
    })
    assert.deepStrictEqual(missing, [])
  })

  it("nested [*], indices, and a path inside another keep the union", () => {
    const pods = Fixtures.kubernetesPods(2)
    const { value } = Fields.project(
      selection("@items[*].metadata.name", "@items[*].spec.containers[*].image", "@items[1].status", "@items[1].status.phase"),
      pods
    )
    assert.deepStrictEqual(value, {
      items: [
        { metadata: { name: pods.items[0]!.metadata.name }, spec: { containers: [{ image: pods.items[0]!.spec.containers[0]!.image }] } },
        {
          metadata: { name: pods.items[1]!.metadata.name },
          spec: { containers: [{ image: pods.items[1]!.spec.containers[0]!.image }] },
          status: pods.items[1]!.status
        }
      ]
    })
  })

  it("an item without the members is {} (or null when it is no object), so positions stay", () => {
    const { value } = Fields.project(selection("@[*].name"), [{ name: "a" }, { id: 2 }, 7, { name: "d" }])
    assert.deepStrictEqual(value, [{ name: "a" }, {}, null, { name: "d" }])
  })

  it("paths that find nothing are reported, not errors; __proto__, constructor and prototype never resolve", () => {
    const body = JSON.parse(`{"a": 1, "__proto__": {"x": 1}, "constructor": 2}`)
    const { missing, value } = Fields.project(selection("@a", "@nope", "@__proto__", "@constructor", "@a.b"), body)
    assert.deepStrictEqual(value, { a: 1 })
    assert.deepStrictEqual(missing, ["@nope", "@__proto__", "@constructor", "@a.b"])
    assert.strictEqual(Fields.describeMissing(missing), `Nothing was found at "@nope", "@__proto__", "@constructor", "@a.b".`)
  })

  it("@ alone is the whole result", () => {
    assert.deepStrictEqual(Fields.project(selection("@", "@a"), { a: 1, b: [2] }).value, { a: 1, b: [2] })
  })

  it("bad paths: one problem per field, naming it and the grammar", () => {
    const parsed = Fields.parse(["@items[*]name", "items", "@a[*][*][*][*][*]", "@ok"])
    assert.deepStrictEqual(parsed, {
      _tag: "Invalid",
      problems: [
        `fields[0] "@items[*]name" is not a path like "@items[*].name": "[*]" must be followed by ".", "[" or the end`,
        `fields[1] "items" is invalid: must start with "@", got "items"`,
        `fields[2] "@a[*][*][*][*][*]" has more than 4 "[*]"`
      ]
    })
  })

  it("bounded: at most 32 fields of 256 characters; not an array of strings is one clear problem", () => {
    assert.deepStrictEqual(Fields.parse(Array.from({ length: 33 }, () => "@a")), {
      _tag: "Invalid",
      problems: ["fields takes at most 32 paths, got 33"]
    })
    assert.deepStrictEqual(Fields.parse([`@${"a".repeat(300)}`]), { _tag: "Invalid", problems: ["fields[0] is longer than 256 characters"] })
    assert.deepStrictEqual(Fields.parse([1]), {
      _tag: "Invalid",
      problems: ["fields must be an array of paths such as [\"@items[*].name\"]"]
    })
  })

  it("absent, null, [] mean the whole result; one string is one field", () => {
    for (const input of [undefined, null, []]) assert.deepStrictEqual(Fields.parse(input), { _tag: "Ok", selection: undefined })
    assert.deepStrictEqual(Fields.project(selection("@a"), { a: 1, b: 2 }).value, { a: 1 })
    const one = Fields.parse("@a")
    assert.strictEqual(one._tag, "Ok")
  })

  it("the argument's name is one no param of the tool has, visible or hidden", () => {
    assert.strictEqual(Fields.argumentName(["q", "limit"]), "fields")
    assert.strictEqual(Fields.argumentName(["q", "fields"]), "rcp_fields")
    assert.isUndefined(Fields.argumentName(["fields", "rcp_fields"]))
  })

  it("the projected list of a page is found again (to count what the model saw of it)", () => {
    const list = Fixtures.stripeCharges(4)
    const projected = Fields.project(selection("@data[*].id"), list)
    assert.strictEqual(projected.counterpart(list.data), (projected.value as { data: Array<unknown> }).data)
  })
})
