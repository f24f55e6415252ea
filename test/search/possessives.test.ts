/**
 * Recall round 11 (issue #32), Stripe's and Slack's side: a noun in the possessive is the noun
 * (src/internal/search/query.ts `unpossessed`). Documents' words lose their `'s` (`words.ts` `terms`);
 * a request's kept it, so "the channel's topic" said `channel'`, a term no tool has and a word the
 * lexicon does not know. Over the evaluation's real imports; requests written for these tests, not
 * taken from a task set.
 */
import { describe, expect, it } from "vitest"
import * as ToolIndexModule from "../../src/internal/search/index.js"
import { namesOver } from "./realIndex.js"

const shared = namesOver()
const index = shared.index
const names = (request: string, limit = 3): Array<string> => shared.names(request, limit)

/** Every term the request was read into. */
const termsOf = (request: string): Array<string> =>
  ToolIndexModule.explain(index(), request).concepts.flatMap((concept) => [...concept.terms.keys()])

describe("a noun in the possessive", () => {
  it("is read as the noun, its 's off", () => {
    const read = termsOf("change the channel's topic to launch day")
    expect(read).toContain("channel")
    expect(read.some((term) => term.includes("'"))).toBe(false)
  })

  it("reaches the tools of the noun: the channel's topic is Slack's, not a repository's topics", () => {
    // With the 's on, "channel'" met nothing and "topic" alone ranked GitHub's repos_replace-all-topics first.
    expect(names("change the channel's topic to launch day", 1)).toEqual(["slack_conversations_setTopic"])
  })

  it("leaves contractions and function words as they are", () => {
    // "what's" opens a question (a read), "it's" is a function word: neither becomes "what" or "it".
    expect(ToolIndexModule.explain(index(), "what's the topic of #ops").action).toBe("read")
    expect(termsOf("it's time to archive #old-launch")).not.toContain("it")
  })
})
