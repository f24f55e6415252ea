/**
 * Recall round 14 (issue #32), Slack side: a verb of holding text in a relative clause ("… that
 * contain X", "… which mention X") says which things are meant, by a keyword they hold — not the
 * request's action (`qualifiers.ts` `participial`, `heldIn`). Over the evaluation's real imports;
 * requests written for these tests.
 */
import { describe, expect, it } from "vitest"
import * as Qualifiers from "../../src/internal/search/qualifiers.js"
import { namesOver } from "./realIndex.js"

const { names } = namesOver()

describe("a verb of holding text", () => {
  it("is said by its participle, the word after it quoted", () => {
    expect(Qualifiers.participial("threads that contain rollback")).toBe(`threads containing "rollback"`)
    expect(Qualifiers.participial("posts which mentions outage today")).toBe(`posts mentioning "outage" today`)
    expect(Qualifiers.participial("posts mentioning outage")).toBe(`posts mentioning "outage"`)
    // A word of grammar after it is no keyword; nor a verb of holding without a relative pronoun.
    expect(Qualifiers.participial("posts that mention the outage")).toBe("posts that mention the outage")
    expect(Qualifiers.participial("mention deploy to @kim")).toBe("mention deploy to @kim")
  })

  it("counts each word after it as a keyword", () => {
    expect(Qualifiers.heldIn("threads that contain rollback or which reference hotfix")).toBe(2)
    expect(Qualifiers.heldIn("posts mentioning the outage")).toBe(0)
  })

  it("ranks the replies of a thread over the channel's actions", () => {
    // Before: the archive, close and unarchive of the channel ranked 2nd to 4th ("contain" an action).
    expect(names("threads of #ops that contain rollback", 3)).toEqual([
      "slack_conversations_replies",
      "slack_conversations_info",
      "slack_conversations_history"
    ])
    // Before: the message search 4th, behind the ephemeral post and the scheduling.
    expect(names("posts by @kim in #web mentioning outage", 2)).toEqual(["slack_chat_postMessage", "slack_search_messages"])
  })
})
