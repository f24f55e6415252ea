/**
 * Recall round 18, Slack (issue #32), over the evaluation's real imports; requests written for
 * these tests, not taken from a task set:
 * - people added to a channel are invited into it (outcomes.ts `ADD_PEOPLE_TO`, query.ts `joinsChannel`).
 */
import { describe, expect, it } from "vitest"
import { namesOver } from "./realIndex.js"

const { names } = namesOver()

const INVITES = ["slack_conversations_invite", "slack_admin_conversations_invite"]

describe("people added to a channel", () => {
  it("are invited into it, one handle or a list of user ids", () => {
    // Before: conversations.create first, invite at 6.
    expect(INVITES).toContain(names("add @lena to #design")[0])
    expect(INVITES).toContain(names("add U04RITA12, U05BOB1234 and @zed to the #ops")[0])
  })

  it("leaves a channel added to a usergroup, a person added to a usergroup and a channel made as they were", () => {
    expect(names("add #design to the oncall usergroup")[0]).toBe("slack_admin_usergroups_addChannels")
    expect(INVITES).not.toContain(names("add @lena to the S0ONCALL12 usergroup")[0])
    expect(names("create #design and add @lena")[0]).toBe("slack_conversations_create")
  })
})
