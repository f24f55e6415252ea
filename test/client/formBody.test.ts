/**
 * Form bodies (docs/protocol.md §1.12): a rendered body written as
 * `application/x-www-form-urlencoded` — the top object's members as keys, nested values by the
 * bracket rule, a structured param's value by its style — read back by qs, the parser Express uses
 * for such bodies, and checked against what Stripe and Twilio document.
 */
import { assert, describe, it } from "../support/effectVitest.js"
import * as fc from "fast-check"
import * as FormBody from "../../src/internal/client/formBody.js"
import type { Placement } from "../../src/internal/manifest/paramSchema.js"
import * as ArgumentProblems from "../../src/internal/model/argumentProblems.js"
import { expectedDecoding, qsParse } from "../support/formDecoding.js"
import { formKeyArb, type Json, nodeArb, valueArb } from "../support/paramSchemas.js"

const SEED = Number(process.env.RCP_PROPERTY_SEED ?? 424242)
const RUNS = Number(process.env.RCP_PROPERTY_RUNS ?? 500)

const value = (v: Json, param?: string, placement?: Placement): FormBody.FormNode => ({
  _tag: "Value",
  value: v,
  ...(param === undefined ? {} : { param }),
  ...(placement === undefined ? {} : { placement })
})
const object = (entries: ReadonlyArray<readonly [string, FormBody.FormNode]>): FormBody.FormNode => ({ _tag: "Object", entries })

const encoded = (root: FormBody.FormNode): string => {
  const result = FormBody.encode(root)
  if (result._tag === "Invalid") return assert.fail(JSON.stringify(result.problems))
  return result.body
}

const problems = (root: FormBody.FormNode): Array<string> => {
  const result = FormBody.encode(root)
  if (result._tag === "Ok") return assert.fail(`expected problems, got ${result.body}`)
  return result.problems.map((p) => `${p.param ?? "(manifest)"}: ${ArgumentProblems.describe(p.param ?? "body", p.problem)}`)
}

describe("form bodies (docs/protocol.md §1.12)", () => {
  it("writes a Stripe checkout session as Stripe documents it", () => {
    const body = object([
      ["mode", value("payment")],
      ["customer", value("cus_42", "customer")],
      ["line_items", value([{ price: "price_1", quantity: 2 }, { price: "price_2", quantity: 1 }], "items", {
        style: "deepObject",
        explode: true
      })],
      ["metadata", value({ order_id: "6735" }, "metadata", { style: "deepObject", explode: true })],
      ["expand", value(["customer"], "expand", { style: "deepObject", explode: true })],
      ["payment_method_options", object([["card", object([["installments", object([["enabled", value(true, "installments")]])]])]])]
    ])
    const result = FormBody.encode(body)
    assert.strictEqual(result._tag, "Ok")
    if (result._tag !== "Ok") return
    assert.deepStrictEqual(result.pairs, [
      ["mode", "payment"],
      ["customer", "cus_42"],
      ["line_items[0][price]", "price_1"],
      ["line_items[0][quantity]", "2"],
      ["line_items[1][price]", "price_2"],
      ["line_items[1][quantity]", "1"],
      ["metadata[order_id]", "6735"],
      ["expand[0]", "customer"],
      ["payment_method_options[card][installments][enabled]", "true"]
    ])
    assert.strictEqual(
      result.body,
      "mode=payment&customer=cus_42&line_items%5B0%5D%5Bprice%5D=price_1&line_items%5B0%5D%5Bquantity%5D=2" +
        "&line_items%5B1%5D%5Bprice%5D=price_2&line_items%5B1%5D%5Bquantity%5D=1&metadata%5Border_id%5D=6735" +
        "&expand%5B0%5D=customer&payment_method_options%5Bcard%5D%5Binstallments%5D%5Benabled%5D=true"
    )
  })

  it("writes Twilio's repeated keys for an array in the form style, and text as it is", () => {
    const body = object([
      ["To", value("+15558675310", "to")],
      ["StatusCallbackEvent", value(["initiated", "ringing"], "events", { style: "form", explode: true })],
      ["Body", value("Hi & bye = 100%")]
    ])
    assert.strictEqual(
      encoded(body),
      "To=%2B15558675310&StatusCallbackEvent=initiated&StatusCallbackEvent=ringing&Body=Hi+%26+bye+%3D+100%25"
    )
  })

  it("null is an empty value (what form APIs read as unset); an empty array or object writes nothing", () => {
    assert.strictEqual(encoded(object([["description", value(null)], ["tags", value([])], ["meta", value({})]])), "description=")
    assert.strictEqual(encoded(object([["a", { _tag: "Array", items: [value("x"), value("y")] }]])), "a%5B0%5D=x&a%5B1%5D=y")
  })

  it("an object param's whole value may be the body: its keys are the form's keys", () => {
    assert.strictEqual(encoded(value({ name: "Ada", address: { city: "Paris" } }, "customer")), "name=Ada&address%5Bcity%5D=Paris")
    assert.deepStrictEqual(problems(value({ "a[b]": "x" }, "customer")), [
      "customer: \"customer\" cannot have an empty key, or a key containing \"[\" or \"]\", as a key of a form"
    ])
  })

  it("the top must be an object", () => {
    for (const root of [value("text"), value(["a"], "tags"), { _tag: "Array", items: [] } as FormBody.FormNode]) {
      assert.strictEqual(FormBody.encode(root)._tag, "Invalid")
    }
    assert.deepStrictEqual(problems(value(["a"], "tags")), [
      "tags: \"tags\" must be an object to be sent as a form: its keys are the form's keys"
    ])
  })

  it("refuses a key a value would use to change the structure, naming the param it came from", () => {
    assert.deepStrictEqual(
      problems(object([
        ["ok", value("fine")],
        ["metadata", value({ "x][admin": "1" }, "metadata", { style: "deepObject", explode: true })],
        ["tags", value(["a,b"], "tags", { style: "form", explode: false })]
      ])),
      [
        "metadata: \"metadata\" cannot have an empty key, or a key containing \"[\" or \"]\", when written as key[name]=value",
        "tags: \"tags[0]\" cannot contain \",\": the items are joined with it"
      ]
    )
  })

  it("every generated body reads back as the value it wrote (qs, as Express parses forms)", () => {
    const bodies = nodeArb({ depth: 5, open: true, names: formKeyArb })
      .filter((node) => node.type === "object")
      .chain((node) => valueArb(node, formKeyArb))
    fc.assert(
      fc.property(bodies, fc.boolean(), (body, literal) => {
        // The same value, once as the manifest's own tree and once as one param's whole value.
        const root = literal ? tree(body) : value(body, "body")
        assert.deepStrictEqual(qsParse(encoded(root)), expectedDecoding(body) ?? {} as unknown, JSON.stringify(body))
      }),
      { seed: SEED, numRuns: RUNS }
    )
  })
})

/** A JSON value as a manifest-written tree: objects and arrays as nodes, leaves as values. */
const tree = (v: Json): FormBody.FormNode =>
  Array.isArray(v)
    ? { _tag: "Array", items: v.map(tree) }
    : typeof v === "object" && v !== null
    ? object(Object.entries(v).map(([key, child]) => [key, tree(child)] as const))
    : value(v)
