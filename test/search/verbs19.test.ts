/**
 * Round 19 (issue #32): less common operations said in everyday words — an `@name` said as a
 * handle or alias is a mention handle, a user group's (`hints.ts`); a partial refund is a refund,
 * what customers redeem is a promotion code, and a message kept at the top of a channel is pinned
 * (`lexicon.ts`). Over the evaluation's real imports; requests written for these tests, not taken
 * from a task set. With each, a near miss the reading must leave alone, and the new pattern and
 * phrases on hostile input.
 */
import { beforeAll, describe, expect, it } from "vitest"
import * as Hints from "../../src/internal/search/hints.js"
import { growth } from "../support/growth.js"
import { costOverPlain, namesOver, realIndex } from "./realIndex.js"

/** The first `n` results as operations (`realIndex`). */
let first: (request: string, n: number) => Array<string>

beforeAll(async () => {
  first = (await realIndex()).first
}, 60_000)

describe("an @name said as a handle", () => {
  it("is a user group's mention handle", () => {
    // Before round 19: the @name read as a person, no user group tool in the first sixty.
    expect(first("set up a @frontend-leads handle with U01AAA and U01BBB in it", 1)).toEqual(["POST /api/usergroups.create"])
  })

  it("leaves a person's own handle, said with a possessive, to the person (a near miss)", () => {
    expect(first("what is @kim's handle on GitHub", 3)).not.toContain("POST /api/usergroups.create")
  })
})

describe("money given back and codes redeemed", () => {
  it("reads a partial refund as a refund, not a credit note", () => {
    // Before round 19: the refund ninth, behind a credit note's preview and its lines.
    expect(first("partial refund on ch_3Zz9QpLm, $5", 3)).toContain("POST /v1/refunds")
  })

  it("reads money clawed back from a charge as a refund", () => {
    // Before round 19: the refunds' create fifth, behind a charge's capture and its refunds' list.
    expect(first("claw back $30 from ch_3Zz9QpLm", 3)).toContain("POST /v1/refunds")
  })

  it("leaves a credit note said as one to the credit notes (a near miss)", () => {
    expect(first("issue a credit note on in_1Zz9QpLm for $12", 1)).toEqual(["POST /v1/credit_notes"])
  })

  it("reads a code customers can redeem as a promotion code", () => {
    // Before round 19: customers' creates first, the promotion code 39th.
    expect(first("let customers redeem WINTER5", 1)).toEqual(["POST /v1/promotion_codes"])
  })
})

describe("a message kept at the top of a channel", () => {
  it("is pinned", () => {
    // Before round 19: updating and scheduling messages first, the pin 25th.
    expect(first("make 1712000000.000200 in #ops sticky", 1)).toEqual(["POST /api/pins.add"])
  })

  it("leaves the top of a list said in a message alone (a near miss)", () => {
    expect(first("post our top five customers of the week in #ops", 1)).toEqual(["POST /api/chat.postMessage"])
  })
})

describe("round 19's pattern and phrases on a long run of their own words", () => {
  const { index } = namesOver()

  it("grow linearly: 100 KB costs about ten times 10 KB", () => {
    // Linear is 10x; quadratic would be 100x. Generous for a shared machine.
    expect(growth((text) => Hints.read(text), ["@ab handle ", "@ab   alias @cd ", "@a @b @c handl "])).toBeLessThan(30)
  })

  it("cost a search about what a plain request of the same length costs", () => {
    const shapes = ["a @ops handle ", "partial refund redeem ", "stick to the top sticky ", "keep at the top of "]
    for (const cost of costOverPlain(index(), shapes)) expect(cost).toBeLessThan(20)
  })
})
