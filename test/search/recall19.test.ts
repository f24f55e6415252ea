/**
 * Recall round 19 (issue #32), over the evaluation's real imports; requests written for these
 * tests, not taken from a task set:
 * - the most recent messages of a channel are its history (lexicon.ts, the recent-messages entry),
 *   a count before a phrase's last word read as a quantifier is (query.ts `COUNT`);
 * - a time of day inside quoted text is what the message says, not when to send it (hints.ts
 *   `QUOTED`, the time shape's `outsideQuotes`).
 */
import { describe, expect, it } from "vitest"
import * as Hints from "../../src/internal/search/hints.js"
import { growth } from "../support/growth.js"
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

describe("a time of day inside quoted text", () => {
  it("is the message's text: the message is sent now", () => {
    // Before: chat.scheduleMessage first, chat.postMessage second.
    expect(names('post "office closes at 6pm today" in #random')[0]).toBe("slack_chat_postMessage")
    expect(names("send 'standup moved to 10:30' to #eng")[0]).toBe("slack_chat_postMessage")
  })

  it("leaves a time outside the quotes a schedule", () => {
    expect(names('queue "office closes early" for #random at 4pm')[0]).toBe("slack_chat_scheduleMessage")
    expect(Hints.read("post 'doors open' at 5pm").hints.some((hint) => hint.words.includes("schedule"))).toBe(true)
    expect(Hints.read("post 'doors open at 5pm'").hints.some((hint) => hint.words.includes("schedule"))).toBe(false)
  })

  it("grows linearly on a long run of quotes and times", () => {
    expect(growth(Hints.read, [`"at 5pm" `, `'9:30 am `, `" 10:30 " 4pm `, `“12pm”`])).toBeLessThan(30)
  })
})
