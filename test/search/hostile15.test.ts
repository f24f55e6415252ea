/**
 * Round 15's readers of a request (issue #32) on hostile input: what the speaker said and taking it
 * back (`outcomes.ts` `SAID_BY_ME`, `UNSAY`), the clause of time and what is said on an item
 * (`query.ts` `TIMING`, `SAID_AT`), emoji typed as themselves (`hints.ts`) and adjectives read
 * through their WordNet family — each reads a long run of its own trigger in time linear in its
 * length, and a whole search over such a request costs about what a plain one does.
 */
import { describe, expect, it } from "vitest"
import * as Hints from "../../src/internal/search/hints.js"
import * as Outcomes from "../../src/internal/search/outcomes.js"
import { growth } from "../support/growth.js"
import { costOverPlain, namesOver } from "./realIndex.js"

const { index } = namesOver()

describe("round 15's patterns on a long run of their own triggers", () => {
  it("grow linearly: 100 KB costs about ten times 10 KB", () => {
    // Linear is 10x; quadratic would be 100x. Generous for a shared machine.
    expect(growth(Outcomes.rewrite, ["what i said ", "take back what we ", "withdraw what i just ", "swallow "])).toBeLessThan(30)
    expect(growth((text) => Hints.read(text).rest, ["🎉", "👍🏽", "❤️\u200D", "\u200D🔥 "])).toBeLessThan(30)
  })

  it("cost a search about what a plain request of the same length costs", () => {
    // Generous for a shared machine: a quadratic reader over 10,000 characters costs hundreds of times more.
    for (const cost of costOverPlain(index(), ["tell x on a/b#1 ", "reply on ", "before we go ", "when i ", "different odd ", "🎉 a/b#2 "])) expect(cost).toBeLessThan(20)
  })
})
