/**
 * Recall round 17, Stripe and Slack (issue #32), over the evaluation's real imports; requests written
 * for these tests, not taken from a task set:
 * - asking to be reminded ("remind me", "nudge me", "nag us") makes a reminder, and what to be
 *   reminded of is not the request (lexicon.ts, query.ts `REMIND`);
 * - a message only one named person sees is an ephemeral one (outcomes.ts `SEEN_ONLY_BY`).
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

describe("a message only one person sees", () => {
  it("is an ephemeral message, with or without a that before it", () => {
    // Before: chat.postMessage first, chat.postEphemeral second.
    expect(names("drop a memo into #qa that nobody but @rita can see")[0]).toBe("slack_chat_postEphemeral")
    expect(names("post in #qa so only U04RITA12 sees it")[0]).toBe("slack_chat_postEphemeral")
  })

  it("leaves a message for the whole channel a plain post", () => {
    expect(names("post in #qa that the staging box is back")[0]).toBe("slack_chat_postMessage")
  })
})
