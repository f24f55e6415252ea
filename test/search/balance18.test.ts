/**
 * Round 18 (issue #32): money held in the account now is its balance (src/internal/search/lexicon.ts:
 * "how much money/cash", money "sitting in" or "parked in" an account, its funds "available and
 * pending"), and a "gut check" or "sanity check" is a quick look, not a verification. Over the
 * evaluation's real imports; requests written for these tests, not taken from a task set.
 */
import { beforeAll, describe, expect, it } from "vitest"
import { realIndex } from "./realIndex.js"

/** The first `n` results as operations (`realIndex`). */
let first: (request: string, n: number) => Array<string>

beforeAll(async () => {
  first = (await realIndex()).first
}, 60_000)

describe("money held in the account", () => {
  it("is the balance: funds parked in Stripe, available and pending, after a sanity check", () => {
    // Before round 18: a report run and identity verifications first, the balance not in the first eight.
    expect(first("sanity check: what is parked in Stripe right now, available and pending", 1)).toEqual(["GET /v1/balance"])
  })

  it("leaves what was earned over a day to the balance's transactions (a near miss)", () => {
    expect(first("sanity check on our stripe takings for yesterday", 1)).toEqual(["GET /v1/balance_transactions"])
  })
})
