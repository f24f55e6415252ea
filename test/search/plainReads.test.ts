/**
 * Recall round 12 (issue #32), Slack side: a request that asks a yes-or-no question about an item a
 * hint names ("is #x …"), or a property in a person's possessive ("@x's …"), asks a property of that
 * item, which the item's plain read (`conversations.info`, `users.info`) gives though its name and
 * summary never say the property (src/internal/search/index.ts `PLAIN_READ`). Over the evaluation's
 * real imports; requests written for these tests, not taken from a task set.
 */
import { beforeAll, describe, expect, it } from "vitest"
import type { CandidateTool } from "../../bench/search/registry.js"
import * as ToolIndex from "../../src/internal/search/index.js"
import { growth } from "../support/growth.js"
import { realIndex } from "./realIndex.js"

let real: { readonly tools: ReadonlyArray<CandidateTool>; readonly index: ToolIndex.ToolIndex }
beforeAll(async () => {
  real = await realIndex()
}, 120_000)

const rankOf = (request: string, tool: string): number =>
  real.index.search(request, { limit: 20 }).findIndex((hit) => hit.name === tool) + 1

describe("the plain read of a hinted item meets what is asked of it", () => {
  it("reads a channel asked a yes-or-no question about", () => {
    // Without it, conversations.info meets only the hint (#…) and falls out of the first five, under
    // the tools that say the property ("share", "archive") in their names.
    expect(rankOf("is #launch-room shared with another org", "slack_conversations_info")).toBe(2)
    expect(rankOf("is #ops archived", "slack_conversations_info")).toBe(5)
  })

  it("reads a person whose property is asked in the possessive", () => {
    expect(rankOf("what's @lee's phone number", "slack_users_info")).toBe(3)
  })

  it("knows a yes-or-no question by its first word, not a command", () => {
    expect(ToolIndex.asksYesNo("is #ops archived")).toBe(true)
    expect(ToolIndex.asksYesNo("Does cus_123 have a card on file")).toBe(true)
    // "do" and "have" start commands as often: no question.
    expect(ToolIndex.asksYesNo("do a post in #ops")).toBe(false)
    expect(ToolIndex.asksYesNo("have @kim look at it")).toBe(false)
    expect(ToolIndex.asksYesNo("this is #ops")).toBe(false)
  })

  it("stays linear on hostile input: 100 KB costs about ten times 10 KB", () => {
    // Shapes that tempt the leading spaces and the word: runs of spaces, runs of "is".
    expect(growth(ToolIndex.asksYesNo, [" ", "is", " is", "\t"])).toBeLessThan(30)
  })
})
