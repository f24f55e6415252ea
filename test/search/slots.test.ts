/**
 * Recall round 11 (issue #32), GitHub-side: a word of the request that a tool has only as a path
 * parameter's name (`owner` in `/repos/{owner}/{repo}/collaborators/{username}`, which neither its
 * name nor its first sentence says) meets a value the tool takes, not what it does, and counts half
 * (`SLOT_WORD`, `Indexed.slotOnly`; src/internal/search/index.ts). Over the evaluation's real
 * imports; requests written for these tests, not taken from a task set.
 */
import { describe, expect, it } from "vitest"
import { namesOver } from "./realIndex.js"

const { names } = namesOver()

describe("a word met only through a path parameter's name", () => {
  it("no longer ranks every `{owner}` tool for an owner of an organisation", () => {
    // Without it, `pulls_update-branch` came first, and `repos_create-deployment` fourth: "owner" met `/repos/{owner}/…`
    // in their paths and parameter names.
    expect(names("turn @kim into an owner at zenith", 1)).toEqual(["orgs_assign-user-to-org-role"])
    expect(names("promote @kim to owner of zenith", 4)).toEqual([
      "orgs_set-membership-for-user",
      "slack_admin_users_setOwner",
      "orgs_revoke-all-org-roles-user",
      "orgs_assign-user-to-org-role"
    ])
    // Without it, `issues_add-assignees` (`/repos/{owner}/…`) came before the membership's role.
    expect(names("give @kim the owner role in zenith", 2)).toEqual(["orgs_assign-user-to-org-role", "orgs_set-membership-for-user"])
  })
})
