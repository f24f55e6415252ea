/**
 * Recall round 17, Stripe and Slack (issue #32), over the evaluation's real imports; requests written
 * for these tests, not taken from a task set:
 * - asking to be reminded ("remind me", "nudge me", "nag us") makes a reminder, and what to be
 *   reminded of is not the request (lexicon.ts, query.ts `REMIND`).
 */
import { describe, expect, it } from "vitest"
import { namesOver } from "./realIndex.js"

const { names } = namesOver()

describe("asking to be reminded", () => {
  it("makes a reminder, whatever the verb of prompting", () => {
    // Before: reminders.info and reminders.list above reminders.add; after "nudge me", a call and a bank account.
    expect(names("remind me on Thursday at 8am to water the ferns")[0]).toBe("slack_reminders_add")
    expect(names("nudge me at noon to call the bank")[0]).toBe("slack_reminders_add")
  })

  it("leaves a question about my reminders a read", () => {
    expect(names("list my reminders")[0]).toBe("slack_reminders_list")
  })
})
