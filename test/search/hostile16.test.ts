/**
 * Round 16's readers of a request (issue #32) on hostile input: a person inside a group and a
 * question of ability (`outcomes.ts` `belonging`, `ability`), a thing communicated that I posted
 * (`SAID_THING`), who stands in a relation to an item (`query.ts` `WHO_OF_ITEM`), a change from one
 * state to another (`qualifiers.ts` `transition`) and an article inside a phrase — each reads a long
 * run of its own trigger in time linear in its length, and a whole search over such a request costs
 * about what a plain one does.
 */
import { describe, expect, it } from "vitest"
import * as Outcomes from "../../src/internal/search/outcomes.js"
import { growth } from "../support/growth.js"
import { costOverPlain, namesOver } from "./realIndex.js"

const { index } = namesOver()

describe("round 16's patterns on a long run of their own triggers", () => {
  it("grow linearly: 100 KB costs about ten times 10 KB", () => {
    // Linear is 10x; quadratic would be 100x. Generous for a shared machine.
    expect(growth(Outcomes.rewrite, ["is @x still in ", "who can merge into a/b ", "which teams can ", "the memo we just sent "])).toBeLessThan(30)
  })

  it("cost a search about what a plain request of the same length costs", () => {
    // Generous for a shared machine: a quadratic reader over 10,000 characters costs hundreds of times more.
    const shapes = ["who is on a/b#1 ", "is @y really among ", "who can read x/y ", "from plan one to ", "the notice i typed ", "halt any more "]
    for (const cost of costOverPlain(index(), shapes)) expect(cost).toBeLessThan(20)
  })
})
