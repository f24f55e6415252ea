/**
 * Recall round 16 (issue #32), over the evaluation's real imports; requests written for these tests,
 * not taken from a task set:
 * - a `prefix_…` id is coined by its API: a collection addressed only by a number or a chosen name
 *   (`{environment_name}`) is no reading of one (index.ts `notCodedIn`); an id resolved in one API gives
 *   no item to another API's collection of the same words; a tool whose name ends with its item
 *   parameter (`GetEventsId`) has that word covered by an id naming its collection alone (`slotNamed`);
 * - a change said from one state to another asks for no create (qualifiers.ts `transition`);
 * - a thing communicated that the speaker posted or sent is their message (outcomes.ts `SAID_THING`,
 *   WordNet's `noun.communication`), unless the lexicon knows it as a resource of its own.
 */
import { describe, expect, it } from "vitest"
import * as ToolIndex from "../../src/internal/search/index.js"
import * as Outcomes from "../../src/internal/search/outcomes.js"
import * as Qualifiers from "../../src/internal/search/qualifiers.js"
import { namesOver } from "./realIndex.js"

const { index, names } = namesOver()

describe("an id with a prefix", () => {
  it("names the collection its API coins it for, not one addressed by a chosen name", () => {
    const read = ToolIndex.explain(index(), "tell me about evt_9Kx2Ab3Cd")
    expect([...read.items]).toEqual(["events"])
    expect([...read.apis]).toEqual(["stripe"])
  })

  it("reads its own item first, above another API's item of the same words and the list", () => {
    // Before: GitHub's issue event first, the Stripe event's read third (its `{id}` left uncovered).
    expect(names("tell me about evt_9Kx2Ab3Cd").slice(0, 3)).toEqual(["GetEventsId", "issues_get-event", "GetEvents"])
  })
})

describe("a change from one state to another", () => {
  it("is said with from … to …, a few words apart", () => {
    expect(Qualifiers.transition("change sub_4Tq from price_A1 to price_B2")).toBe(true)
    expect(Qualifiers.transition("take it from 3 seats to 10")).toBe(true)
    expect(Qualifiers.transition("pull the latest from origin")).toBe(false)
    expect(Qualifiers.transition("send a note to the team")).toBe(false)
  })

  it("updates what exists instead of making a new one", () => {
    const ranked = names("change sub_4Tq from price_A1 to price_B2")
    expect(ranked[0]).toBe("PostSubscriptionsSubscriptionExposedId")
    // Before: a new price (`PostPrices`) fourth.
    expect(ranked).not.toContain("PostPrices")
  })
})

describe("what the speaker posted", () => {
  it("is their message when the thing is a communication", () => {
    expect(Outcomes.rewrite("scrap the update I posted in #eng")).toBe("scrap my message in #eng")
    expect(Outcomes.rewrite("pull that memo we sent")).toBe("remove our message")
  })

  it("is left as said for another kind of thing, or a resource the lexicon names", () => {
    expect(Outcomes.rewrite("remove the photo I shared")).toBe("remove the photo I shared")
    expect(Outcomes.rewrite("cancel that invite I sent")).toBe("cancel that invite I sent")
  })

  it("is deleted as a message", () => {
    // Before: `chat.postMessage` first, no message delete among the first five.
    expect(names("scrap the update I posted in #eng").slice(0, 2)).toEqual(["slack_chat_deleteScheduledMessage", "slack_chat_delete"])
  })
})
