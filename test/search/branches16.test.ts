/**
 * Recall round 16 (issue #32): deleting a thing is not deleting a part of it. A DELETE whose path ends
 * in a static segment under an item (`…/branches/{branch}/protection`) removes that part, and a
 * request to delete that never says the part asks for another tool (`index.ts` `PART_UNSAID`); a
 * clause of cause opened by "now that" explains the request (`query.ts` `REASON`). Over the
 * evaluation's real imports; requests written for these tests, not taken from a task set.
 */
import { describe, expect, it } from "vitest"
import { namesOver } from "./realIndex.js"

const { names } = namesOver()

describe("a request to delete a thing is not one to delete its part", () => {
  it("puts the ref's delete above the branch protection's for a branch to remove", () => {
    // Before: the two protection deletes ranked first and third, the ref's delete fourth.
    expect(names("remove the bugfix/tooltip branch from globex/site")).toEqual([
      "repos_delete-deployment-branch-policy",
      "git_delete-ref",
      "repos_delete-branch-protection",
      "repos_get-branch",
      "repos_delete-admin-branch-protection"
    ])
  })

  it("keeps the part's delete first where the request says the part", () => {
    expect(names("remove the protection from the bugfix/tooltip branch on globex/site", 1)).toEqual(["repos_delete-branch-protection"])
  })

  it("reads a clause of cause opened by 'now that' as no part of the request", () => {
    expect(names("remove the bugfix/tooltip branch from globex/site now that its work has landed")).toEqual(
      names("remove the bugfix/tooltip branch from globex/site")
    )
  })
})

describe("a default label of GitHub said bare is the label", () => {
  it("reads a default label's name taken off an issue as the label's removal", () => {
    // "help wanted" is one of the labels every new repository has (GitHub, "About labels").
    expect(names("take help wanted off globex/site#3", 2)).toEqual(["issues_remove-all-labels", "issues_remove-label"])
  })
})
