/**
 * Recall round 14 (issue #32), Slack side: restoring undoes an ending, and what was disabled is
 * restored by its enable (`lexicon.ts`, the entry of restoring). Over the evaluation's real imports;
 * requests written for these tests.
 */
import { describe, expect, it } from "vitest"
import { namesOver } from "./realIndex.js"

const { names } = namesOver()

describe("a verb of restoring", () => {
  it("reaches the enable of what is disabled, not only restores and unarchives", () => {
    // Before: GitHub's package restores first, the user group's enable 8th.
    expect(names("reinstate the @qa-crew user group", 2)).toEqual(["slack_usergroups_enable", "packages_restore-package-for-user"])
    // Before: not among the first eight.
    expect(names("revive the @qa-crew handle", 3)).toContain("slack_usergroups_enable")
  })
})
