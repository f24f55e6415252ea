/**
 * Recall round 13 (issue #32), Stripe-side: a request to end something ("cancel", "void", "archive", or
 * a lexicon word standing for one) asks for no create — a create that only takes `cancel_at` among
 * its parameters starts what the request ends (`Ends.endsSomething`; `index.ts` `endsAsked`). A
 * create under the item the request names by its id (a transfer's reversal) undoes that item and
 * keeps its place. Over the evaluation's real imports; requests written for these tests.
 */
import { describe, expect, it } from "vitest"
import * as Ends from "../../src/internal/search/ends.js"
import * as Index from "../../src/internal/search/index.js"
import { namesOver } from "./realIndex.js"

const { index, names } = namesOver()

describe("a verb of ending", () => {
  it("is read from the request's concepts where it asks for an action", () => {
    const asked = Index.explain(index(), "cancel the customer's subscription")
    expect(asked.action).toBe("action")
    expect(Ends.endsSomething(asked.concepts, asked.action)).toBe(true)
    const made = Index.explain(index(), "subscribe this customer to a plan")
    expect(Ends.endsSomething(made.concepts, made.action)).toBe(false)
  })

  it("ranks a customer's subscription's cancels before its create", () => {
    // Before: `PostCustomersCustomerSubscriptions` first (its `cancel_at` parameters met "cancel").
    expect(names("cancel the customer's subscription")).toEqual([
      "DeleteCustomersCustomerSubscriptionsSub_d8776b18",
      "DeleteCustomersCustomerSubscriptionsSub_41c86f6f",
      "PostCustomersCustomerSubscriptions",
      "GetSubscriptions",
      "DeleteSubscriptionsSubscriptionExposedId"
    ])
  })

  it("keeps a create under the item named by its id", () => {
    const undo = Index.explain(index(), "undo tr_1AbCdEf")
    expect(Ends.endsSomething(undo.concepts, undo.action)).toBe(true)
    expect(names("undo tr_1AbCdEf", 3)).toEqual([
      "PostTerminalReadersReaderCancelAction",
      "PostTransfersIdReversals",
      "PostTransfersTransferReversalsId"
    ])
  })
})
