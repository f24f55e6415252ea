/**
 * docs/results.md says what the code does: its example is what shape() gives the model for the
 * response it describes (50 orders, a 1,200-character budget, a Stripe-style page).
 */
import { assert, describe, it } from "@effect/vitest"
import * as Budget from "../../src/internal/result/budget.js"
import * as Shape from "../../src/internal/result/shape.js"
import { blocks, read } from "../support/docs.js"

const orders = {
  object: "list",
  data: Array.from({ length: 50 }, (_, i) => ({
    id: `ord_${String(i + 1).padStart(3, "0")}`,
    status: i % 3 === 0 ? "pending" : "shipped",
    total: 1000 + 250 * i,
    note: `Gift wrap, please. ${"Leave the parcel with the neighbour at number 12 if nobody answers. ".repeat(4)}`
  })),
  has_more: true
}

describe("docs/results.md", () => {
  it("the example at a glance is what the model gets", () => {
    const body = new TextEncoder().encode(JSON.stringify(orders))
    const input = { status: 200, headers: { "content-type": "application/json" }, data: orders, json: orders, fullChars: JSON.stringify(orders).length, args: {} }
    const result = Shape.shape(input, {
      budget: Budget.effective({ call: { maxResultChars: 1200 } }),
      tool: { name: "list_orders", visible: new Map([["limit", "number"], ["starting_after", "string"]]), queryParams: new Map() }
    })
    const page = read("docs/results.md")
    const example = blocks(page).find((block) => block.code.startsWith("{\n  \"truncated\""))
    assert.isDefined(example)
    assert.deepStrictEqual(JSON.parse(result.text), JSON.parse(example!.code))
    assert.include(page, `17,556 characters of JSON`)
    assert.strictEqual(body.length, 17_556)
    assert.include(page, `on one\nline, ${result.text.length} characters`)
  })
})
