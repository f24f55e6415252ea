/**
 * Recall round 15 (issue #32): how a request says what to compare, when, whom to ask, what to take
 * back and what to ban. An adjective the lexicon does not read means what a word of its WordNet
 * family means there (`query.ts` `formOfPhrase`: different → difference, a diff); a clause of time
 * with a person as subject says when, not what (`TIMING`); "look over" is also a review, as "go
 * over" is; taking back what one said is deleting one's message (`outcomes.ts` `UNSAY`,
 * `SAID_BY_ME`); ban is a block first, a removal too; comment / reply introduce what is said; a reply to a chat
 * message is a message in its thread (`makes.ts` `saidOn`). Over the evaluation's real imports;
 * requests written for these tests, not taken from a task set.
 */
import { describe, expect, it } from "vitest"
import * as Outcomes from "../../src/internal/search/outcomes.js"
import { namesOver } from "./realIndex.js"

const { names } = namesOver()

describe("an adjective read through its WordNet family", () => {
  it("reaches the compare of two versions", () => {
    // Without it, "different" met no word of a diff: the releases ranked first, no compare in the top 2.
    expect(names("anything different between v2.0.0 and v2.1.0 on octo/site?").slice(0, 2)).toEqual([
      "dependency-graph_diff-range",
      "repos_compare-commits-with-basehead"
    ])
  })
})

describe("a clause of time with a person as subject", () => {
  it("says when, not what", () => {
    // "after we deploy" had ranked deployments; the request is the review asked.
    expect(names("have @ops look over octo/site#77 after we deploy")[0]).toBe("pulls_request-reviewers")
    expect(names("have @ops look over octo/site#77")[0]).toBe("pulls_request-reviewers")
  })
})

describe("banning", () => {
  it("is blocking where the API blocks, removing where it does not", () => {
    // Read as a removal first, an org's ban ranked the revocation of the user's roles over the block.
    expect(names("ban @troll99 from the octo org")[0]).toBe("orgs_block-user")
    expect(names("ban @bob from #general")[0]).toBe("slack_conversations_kick")
  })
})

describe("taking back what one said", () => {
  it("names one's message and deletes it", () => {
    expect(Outcomes.rewrite("withdraw what we posted in C0456EFGH")).toBe("delete our message in C0456EFGH")
    expect(Outcomes.rewrite("fix what I wrote")).toBe("fix my message")
    expect(names("withdraw what we posted in C0456EFGH at 1712340000.000100")[0]).toBe("slack_chat_delete")
  })

  it("leaves taking back money to the refunds and cancels", () => {
    expect(Outcomes.rewrite("take back the payment")).toBe("take back the payment")
    expect(names("take back the payment pi_3MtwBwLkdIwHu7ix28a3tqPa").slice(0, 2)).toEqual(["PostPaymentIntentsIntentCancel", "PostChargesChargeRefund"])
  })
})

describe("replying and commenting", () => {
  it("a reply to a chat message is a message in its thread", () => {
    expect(names("respond to 1712340000.000100 in #help: looking now")[0]).toBe("slack_chat_postMessage")
    // Asking who replied is still the thread's read.
    expect(names("who replied to 1712340000.000100 in #help")[0]).toBe("slack_conversations_replies")
  })

  it("what a comment says is not what it is about", () => {
    expect(names("comment on 9f8e7d6 in octo/site that the tests regressed")[0]).toBe("repos_create-commit-comment")
  })
})
