/**
 * Round 9: payments said the way people say them, over the evaluation's real imports (GitHub,
 * Stripe, Slack in one index) — an id prefix made of each word's prefix run together
 * (src/internal/search/learn.ts), and the money idioms of src/internal/search/lexicon.ts (a hold
 * released, a payout held back, a payment let through, Stripe's fees, what can be paid out, a
 * platform's cut, a seller's share, a transfer pulled back, a one-off price). Requests here are
 * written for these tests, not taken from a task set.
 */
import { beforeAll, describe, expect, it } from "vitest"
import * as Learn from "../../src/internal/search/learn.js"
import { LEXICON } from "../../src/internal/search/lexicon.js"
import * as Makes from "../../src/internal/search/makes.js"
import * as ToolIndex from "../../src/internal/search/index.js"
import { growth } from "../support/growth.js"
import { realIndex } from "./realIndex.js"

let index: ToolIndex.ToolIndex
/** The first `n` results as operations (`realIndex`). */
let first: (request: string, n: number) => Array<string>

beforeAll(async () => {
  const real = await realIndex()
  index = real.index
  first = real.first
}, 60_000)

/** A request naming a Stripe item by its id: the collection it names, Stripe alone, and the first tool. */
const expectStripeItem = (request: string, collection: string, operation: string): void => {
  const read = ToolIndex.explain(index, request)
  expect([...read.items]).toEqual([collection])
  expect([...read.apis]).toEqual(["stripe"])
  expect(first(request, 1)).toEqual([operation])
}

/** The collections each id prefix names (`key weight`, best first) in a vocabulary of these paths alone. */
const resolverOver = (paths: ReadonlyArray<string>): (prefix: string) => Array<string> => {
  const vocabulary = Learn.empty()
  for (const path of paths) Learn.add(vocabulary, Learn.collectionsIn(path), "api")
  return (prefix) => Learn.resolvePrefix(vocabulary, prefix).map(({ key, weight }) => `${key} ${weight}`)
}

describe("an id prefix made of each word's prefix run together", () => {
  it("names the collection whose words it abbreviates in turn: `iauth` issuing authorizations, `seti` setup intents", () => {
    const resolved = resolverOver(["/v1/issuing/authorizations/{authorization}", "/v1/setup_intents/{intent}", "/v1/customers/{customer}", "/repos/{owner}/{repo}/suggestions/{id}"])
    expect(resolved("iauth")).toEqual(["issuing authorizations 1"])
    // `seti` also spells "suggestions" by its letters (a skeleton, 2): the words run together win.
    expect(resolved("seti")).toEqual(["setup intents 1"])
    // A prefix of one word stays the better reading: `cus` is customers, not "customers" run into another word.
    expect(resolved("cus")).toEqual(["customers 1"])
  })

  it("makes `iauth_…` an Issuing authorization in the real imports, and its approval the first tool", () => {
    expectStripeItem("approve iauth_1NxYz0LkdIwHu7ix", "issuing authorizations", "POST /v1/issuing/authorizations/{authorization}/approve")
  })
})

describe("an id prefix that is a developer's shortening of a word (`txn`)", () => {
  it("names the collections ending in the word the lexicon reads it as, where no collection's letters match", () => {
    const read = ToolIndex.explain(index, "txn_1NxYz0LkdIwHu7ix")
    expect([...read.items]).toEqual(expect.arrayContaining(["balance transactions", "issuing transactions", "treasury transactions"]))
    expect(read.items.has("customers")).toBe(false)
    // Only a shortening that keeps the word's first letter: the lexicon's `prod` is an environment,
    // `sale` a charge — words they stand for, which no id prefix shortens. Before, both were read so.
    expect(Makes.prefixWord("txn", LEXICON)).toBe("transaction")
    expect(Makes.prefixWord("pr", LEXICON)).toBe("pull")
    expect(Makes.prefixWord("prod", LEXICON)).toBeUndefined()
    expect(Makes.prefixWord("sale", LEXICON)).toBeUndefined()
    // Without the reading, an id of nothing known: no concept, no tool.
    expect(first("txn_1NxYz0LkdIwHu7ix", 2)).toEqual(["GET /v1/issuing/transactions/{transaction}", "GET /v1/tax/transactions/{transaction}"])
  })
})

describe("money idioms", () => {
  it("reads a hold released as the uncaptured payment cancelled", () => {
    expect(first("release the hold on pi_3NxYz0LkdIwHu7ix1a2b", 1)).toEqual(["POST /v1/payment_intents/{intent}/cancel"])
  })

  it("reads a payout held back as cancelled", () => {
    expect(first("hold back po_1NxYz0LkdIwHu7ix", 1)).toEqual(["POST /v1/payouts/{payout}/cancel"])
  })

  it("reads a flagged payment let through as the review approved", () => {
    expect(first("rvw_1NxYz0LkdIwHu7ix was a false alarm, let the payment through", 1)).toEqual(["POST /v1/reviews/{review}/approve"])
  })

  it("reads Stripe's processing fees as balance transactions, a platform's cut as application fees", () => {
    expect(first("processing fees on our charges this week", 1)).toEqual(["GET /v1/balance_transactions"])
    expect(first("platform's cut from our sellers", 2)).toEqual(["GET /v1/application_fees/{id}", "GET /v1/application_fees"])
  })

  it("reads a connected account's share as a transfer, and money pulled back as its reversal", () => {
    expect(first("send acct_1NxYz0LkdIwHu7ix their share of the sale", 1)).toEqual(["POST /v1/transfers"])
    expect(first("pull back tr_1NxYz0LkdIwHu7ix", 2)).toContain("POST /v1/transfers/{id}/reversals")
  })

  it("reads a fee charged to customers as a price, not the platform's application fee", () => {
    expect(first("new one-time $15 setup fee", 1)).toEqual(["POST /v1/prices"])
  })
})

describe("a thing named to be made, with no verb (makes.ts)", () => {
  it("reads an indefinite article, or a bare noun given for an amount or a count, as a create", () => {
    expect(ToolIndex.explain(index, "a coupon for 20% off").action).toBe("create")
    expect(first("a coupon for 20% off", 1)).toEqual(["POST /v1/coupons"])
    expect(ToolIndex.explain(index, "hosted checkout for 3x mugs").action).toBe("create")
    expect(first("hosted checkout for 3x mugs", 2)).toEqual(["POST /v1/payment_links", "POST /v1/checkout/sessions"])
  })

  it("leaves a thing named with a determiner, or a few of something, to be read", () => {
    expect(ToolIndex.explain(index, "the invoice for $120").action).toBe("read")
    expect(ToolIndex.explain(index, "a few invoices from last week").action).toBe("list")
    // A view of things that exist: before, "a history of …" was read as a create (the deployment's create first).
    expect(ToolIndex.explain(index, "a history of deploys on acme/api").action).toBe("list")
    expect(ToolIndex.explain(index, "an overview of our payouts").action).toBe("list")
  })
})

describe("a verb of sending whose object is money (makes.ts moneySense)", () => {
  it("moves money: payouts and transfers, no message", () => {
    // Before, "send" kept its senses of messaging beside the amount: Slack's chat.postMessage was fifth.
    expect(first("send 300 EUR to the seller", 5)).toEqual([
      "POST /v1/payouts",
      "POST /v1/transfers",
      "POST /v1/treasury/inbound_transfers",
      "POST /v1/treasury/outbound_transfers",
      "POST /v1/accounts"
    ])
    const send = ToolIndex.explain(index, "send 300 EUR to the seller").concepts.find((concept) => concept.terms.has("send"))
    expect([...send!.terms.keys()].filter((term) => ["messag", "chat", "post", "transfer", "payout"].includes(term)).sort()).toEqual(["payout", "transfer"])
  })

  it("leaves a message a message when the amount is not what is sent", () => {
    // Before: "send" (and "post", whose concept holds it) lost messaging to any amount of the
    // request, and Stripe's payouts ranked first.
    expect(first("post to #finance that the $500 refund went out", 1)).toEqual(["POST /api/chat.postMessage"])
    const send = ToolIndex.explain(index, "send a reminder to #billing about the $200 overdue invoice").concepts.find((concept) => concept.terms.has("send"))
    expect(send!.terms.has("messag")).toBe(true)
    expect(send!.terms.has("payout")).toBe(false)
    // After a recipient of two words, the amount is still what is sent.
    expect(Makes.sendsMoney("send the seller 300 EUR")).toBe(true)
    expect(Makes.sendsMoney("send a note to the team about $300")).toBe(false)
  })

  it("reads the sending of an amount in linear time: 100 KB costs about ten times 10 KB", () => {
    // Bounded to the first 1,000 characters as a request is; each pattern piece is bounded too.
    expect(growth((text) => Makes.sendsMoney(text), ["send ", "send a ", "sent x y ", "wire  "])).toBeLessThan(30)
  })

  it("leaves a message a message when no amount is sent", () => {
    const send = ToolIndex.explain(index, "send the team a note").concepts.find((concept) => concept.terms.has("send"))
    expect(send!.terms.has("messag")).toBe(true)
    expect(send!.terms.has("transfer")).toBe(false)
  })
})

describe("an id prefix of a longer collection's first word", () => {
  it("names that collection where no collection's words match better (`promo` promotion codes), and only then", () => {
    const resolved = resolverOver(["/v1/promotion_codes/{promotion_code}", "/v1/subscriptions/{id}", "/v1/subscription_items/{item}"])
    expect(resolved("promo")).toEqual(["promotion codes 1"])
    // A prefix of one word (3) is far better: the longer collection is no candidate at all.
    expect(resolved("sub")).toEqual(["subscriptions 1"])
    // Two letters shorten too many words to say which.
    expect(resolved("pr")).toEqual([])
  })

  it("makes `promo_…` a Stripe promotion code in the real imports, and its update the first tool", () => {
    expectStripeItem("switch off promo_1Nv0FGQ9RKHgCVdK", "promotion codes", "POST /v1/promotion_codes/{promotion_code}")
  })
})

describe("an id prefix made of each word's skeleton in turn", () => {
  it("names the collection whose words it spells in turn, each from its first letter (`ich` issuing cardholders, `txr` tax rates)", () => {
    const resolved = resolverOver(["/v1/issuing/cardholders/{cardholder}", "/v1/issuing/disputes/{dispute}", "/v1/tax_rates/{tax_rate}", "/v1/charges/{charge}"])
    expect(resolved("ich")).toEqual(["issuing cardholders 1"])
    expect(resolved("idp")).toEqual(["issuing disputes 1"])
    expect(resolved("txr")).toEqual(["tax rates 1"])
    // A word's skeleton begins with its first letter: `sdp` (the "s" of "issuing") names nothing.
    expect(resolved("sdp")).toEqual([])
  })

  it("makes `ich_…` a Stripe Issuing cardholder in the real imports", () => {
    expectStripeItem("look up ich_1MsKAB2eZvKYlo2C", "issuing cardholders", "GET /v1/issuing/cardholders/{cardholder}")
  })
})
