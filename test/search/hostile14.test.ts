/**
 * Round 14's readers of a request (issue #32) on hostile input: each new pattern — the causative
 * ("get @a @a …"), the ending of possession and the speaker's removal (`outcomes.ts`), the verbs of
 * holding text (`qualifiers.ts` `participial`, `heldIn`), the spans of history (`values.ts` `spans`)
 * and the phrasal verb split around its object (`query.ts`) — reads a long run of its own trigger in
 * time linear in its length, and a whole search over such a request costs about what a plain one does.
 */
import { describe, expect, it } from "vitest"
import * as Outcomes from "../../src/internal/search/outcomes.js"
import * as Qualifiers from "../../src/internal/search/qualifiers.js"
import * as Values from "../../src/internal/search/values.js"
import { growth } from "../support/growth.js"
import { costOverPlain, namesOver } from "./realIndex.js"

const { index } = namesOver()

describe("round 14's patterns on a long run of their own triggers", () => {
  it("grow linearly: 100 KB costs about ten times 10 KB", () => {
    // Linear is 10x; quadratic would be 100x. Generous for a shared machine.
    expect(growth((text) => Outcomes.causative(`get ${text}`), ["@a ", "@a, ", "@a and ", "@t/x ", " "])).toBeLessThan(30)
    expect(growth((text) => Outcomes.causative(`have ${text} to`), ["@ab", "@a/b/c ", "@a-"])).toBeLessThan(30)
    expect(growth(Outcomes.rewrite, ["don't get x ", "shouldn't have ", "no longer keeps ", "kick myself out of ", "myself from "])).toBeLessThan(30)
    expect(growth(Qualifiers.participial, ["that mention ", "mentioning ", "which contains x ", "that  "])).toBeLessThan(30)
    expect(growth(Qualifiers.heldIn, ["that mention ", "matching ", "which cites a-b "])).toBeLessThan(30)
    expect(growth((text) => Values.spans(text, Values.recognise(text)), ["between v7 and v8 ", "v7..v8 ", "from dev to ", "a1b2c3d vs "])).toBeLessThan(30)
  })

  it("cost a search about what a plain request of the same length costs", () => {
    // Generous for a shared machine: a quadratic reader over 10,000 characters costs hundreds of times more.
    for (const cost of costOverPlain(index(), ["get @a @a @a ", "that mention that mention ", "between v1 and v2 between ", "switch the job off ", "don't get it anymore "])) expect(cost).toBeLessThan(20)
  })
})
