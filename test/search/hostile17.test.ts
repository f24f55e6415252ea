/**
 * Round 17's readers (Stripe and Slack, issue #32) on hostile input: a message only one named person
 * sees (`outcomes.ts` `SEEN_ONLY_BY`) and what to be reminded of after a verb of prompting
 * (`query.ts` `REMIND`), and round 18's people added to a channel (`outcomes.ts` `ADD_PEOPLE_TO`) — each reads a long run of its own trigger in time linear in its length, and
 * a whole search over such a request costs about what a plain one does.
 */
import { describe, expect, it } from "vitest"
import * as Outcomes from "../../src/internal/search/outcomes.js"
import { CUT } from "../../src/internal/search/hints.js"
import { growth } from "../support/growth.js"
import { costOverPlain, namesOver } from "./realIndex.js"

const { index } = namesOver()

describe("round 17's patterns on a long run of their own triggers", () => {
  it("grow linearly: 100 KB costs about ten times 10 KB", () => {
    // Linear is 10x; quadratic would be 100x. Generous for a shared machine.
    expect(growth(Outcomes.rewrite, [`that only ${CUT} can `, `nobody but ${CUT} `, "so that only "])).toBeLessThan(30)
  })

  it("round 18's people added to a channel grow linearly too", () => {
    const invitation = (text: string): string => Outcomes.invitation(text, true)
    expect(growth(invitation, [`add ${CUT} and ${CUT}, `, `add ${CUT} to ${CUT} `, `bring ${CUT} , and `])).toBeLessThan(30)
  })

  it("cost a search about what a plain request of the same length costs", () => {
    // Generous for a shared machine: a quadratic reader over 10,000 characters costs hundreds of times more.
    const shapes = ["only @kim can see ", "nobody but U04ABC12 ", "nudge me nudge us ", "ping me about ", "remind me remind ", "add @kim and @bo, ", "add @kim to #ops "]
    for (const cost of costOverPlain(index(), shapes)) expect(cost).toBeLessThan(20)
  })
})

describe("round 18's lexicon phrases on a long run of their own words", () => {
  it("cost a search about what a plain request of the same length costs", () => {
    // Money held in the account and a quick look (lexicon.ts, round 18): phrases, matched word by word.
    const shapes = ["how much money sitting in ", "parked in on hand ", "available and pending vs ", "gut check sanity check "]
    for (const cost of costOverPlain(index(), shapes)) expect(cost).toBeLessThan(20)
  })
})
