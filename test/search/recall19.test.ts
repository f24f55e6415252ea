/**
 * Recall round 19 (issue #32), over the evaluation's real imports; requests written for these
 * tests, not taken from a task set:
 * - the most recent messages of a channel are its history (lexicon.ts, the recent-messages entry),
 *   a count before a phrase's last word read as a quantifier is (query.ts `COUNT`).
 */
import { describe, expect, it } from "vitest"
import { costOverPlain, namesOver } from "./realIndex.js"

const { index, names } = namesOver()

describe("the most recent messages of a channel", () => {
  it("are the channel's history, with or without a count", () => {
    // Before: chat.scheduledMessages.list first, conversations.history 2nd and 4th.
    expect(names("show the latest messages in #ops-alerts")[0]).toBe("slack_conversations_history")
    expect(names("grab the newest 15 posts from C07BUILDS1")[0]).toBe("slack_conversations_history")
  })

  it("leaves one message of mine and scheduled messages as they were", () => {
    expect(names("edit my last message in #ops-alerts")[0]).not.toBe("slack_conversations_history")
    expect(names("which messages have I scheduled for later")[0]).toBe("slack_chat_scheduledMessages_list")
  })

  it("costs a search about what a plain request of the same length costs", () => {
    const shapes = ["last 20 messages ", "the latest 999999 posts ", "recent 1 2 3 messages "]
    for (const cost of costOverPlain(index(), shapes)) expect(cost).toBeLessThan(20)
  })
})
