/**
 * Recall round 14 (issue #32), Stripe/Slack side: an ending of possession ("X must not keep Y any
 * longer", "X no longer needs Y") is the removal of Y (`outcomes.ts` `NO_MORE`, `NO_LONGER`).
 * A removal whose object is the speaker, out of or from a place, is a leaving (`REMOVE_SELF`).
 * Over the evaluation's real imports; requests written for these tests.
 */
import { describe, expect, it } from "vitest"
import * as Outcomes from "../../src/internal/search/outcomes.js"
import { namesOver } from "./realIndex.js"

const { names } = namesOver()

describe("an ending of possession", () => {
  it("is rewritten into a removal of what is no longer to be had", () => {
    expect(Outcomes.rewrite("the shop must not keep that coupon any longer")).toBe("the shop remove that coupon")
    expect(Outcomes.rewrite("we don't need the old key anymore")).toBe("we remove the old key")
    expect(Outcomes.rewrite("the team no longer needs the bot")).toBe("the team remove the bot")
    // Without "anymore" / "any longer" a negated having is no ending: "must not keep" may be a rule.
    expect(Outcomes.rewrite("the shop must not keep card numbers")).toBe("the shop must not keep card numbers")
  })

  it("ranks the removal first", () => {
    // Before: the coupon's and discount's reads and creates ranked first (no verb but "keep").
    expect(names("cus_ZZ91abc must not keep that coupon any longer", 3)).toEqual([
      "DeleteCustomersCustomerDiscount",
      "PostPromotionCodes",
      "DeleteCustomersCustomerSubscriptionsSub_d8776b18"
    ])
    expect(names("cus_ZZ91abc must not keep that coupon", 1)).toEqual(["GetPromotionCodes"])
    expect(names("octo/api no longer keeps deploy key 42", 1)).toEqual(["repos_delete-deploy-key"])
  })
})

describe("a removal of the speaker", () => {
  it("is rewritten into leaving, out of or from a place only", () => {
    expect(Outcomes.rewrite("boot myself out of this room")).toBe("leave this room")
    expect(Outcomes.rewrite("please delete me from that list")).toBe("please leave that list")
    // Off an issue or a rota is an unassignment, left as said.
    expect(Outcomes.rewrite("take myself off the rota")).toBe("take myself off the rota")
  })

  it("ranks the channel's leave first", () => {
    // Before: the channel's kick, or the admin's removal of the channel itself, ranked first.
    expect(names("drop myself from #lunch-talk, too noisy", 1)).toEqual(["slack_conversations_leave"])
    expect(names("delete me from #old-proj", 1)).toEqual(["slack_conversations_leave"])
  })
})
