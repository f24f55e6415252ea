/**
 * Recall round 16 (issue #32): a phrase said with a word of grammar inside it, and three things of
 * GitHub's said the way its documents describe them.
 * - An article or quantifier, or an adjective that only says which ones ("further", "new"), may
 *   stand before a phrase's last word: "turn off further comments" is "turn off comments", a lock
 *   (`query.ts` `saidAt`).
 * - A credential said with a participle of its disclosure ("compromised tokens") is what secret
 *   scanning finds (`lexicon.ts`).
 * - Requesting changes is one of a pull request review's verdicts: a review to submit.
 * - A change's size (lines added and removed) and a numbered item's diff are a pull request's files.
 * - Pull requests needing a review are found by the search's review status (`review:required`).
 * Over the evaluation's real imports; requests written for these tests.
 */
import { describe, expect, it } from "vitest"
import { namesOver } from "./realIndex.js"

const { names } = namesOver()

describe("a word of grammar inside a phrase", () => {
  it("leaves the phrase what it is", () => {
    expect(names("turn off further comments on octo/site#9", 2)).toEqual(["issues_lock", "issues_create-comment"])
  })
})

describe("GitHub's words for what it does", () => {
  it("reads disclosed credentials as secret scanning", () => {
    expect(names("check octo/site for compromised tokens", 2)).toEqual([
      "secret-scanning_list-alerts-for-repo",
      "repos_check-vulnerability-alerts"
    ])
  })

  it("reads a request for changes as a review to submit", () => {
    expect(names("please request changes for octo/site#14, tests missing", 3)).toEqual([
      "pulls_request-reviewers",
      "pulls_submit-review",
      "pulls_create-review"
    ])
  })

  it("reads a change's size and a numbered diff as a pull request's files", () => {
    expect(names("pull up the diff for octo/site#14", 1)).toEqual(["pulls_list-files"])
    expect(names("count the lines added and removed in octo/site#14", 2)).toEqual([
      "activity_get-stargazer-count-for-repo",
      "pulls_list-files"
    ])
  })

  it("finds pull requests needing a review by the search's review status", () => {
    expect(names("PRs opened by @dana on octo/site, those needing a review", 2)).toEqual([
      "search_issues-and-pull-requests",
      "pulls_list-requested-reviewers"
    ])
  })
})
