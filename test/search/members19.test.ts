/**
 * Recall round 19 (issue #32), over the evaluation's real imports; requests written for these tests,
 * not taken from a task set:
 * - people taken out of a group of people are its members removed (outcomes.ts `membersOut`),
 *   not the group deleted; a bare hint after "off", a user group and the speaker keep their readings.
 */
import { describe, expect, it } from "vitest"
import * as Outcomes from "../../src/internal/search/outcomes.js"
import { CUT } from "../../src/internal/search/hints.js"
import { growth } from "../support/growth.js"
import { costOverPlain, namesOver } from "./realIndex.js"

const { index, names } = namesOver()

const ORG_MEMBER = ["orgs_remove-member", "orgs_remove-membership-for-user"]
const TEAM_MEMBER = ["teams_remove-membership-for-user-in-org", "teams_remove-member-legacy", "teams_remove-membership-for-user-legacy"]

describe("people taken out of a group of people", () => {
  it("are removed as its members: an organization, a team, a channel", () => {
    // Before: the person's organization roles revoked first, the organization's own delete third.
    expect(ORG_MEMBER).toContain(names("remove @rowan from the globex org")[0])
    expect(ORG_MEMBER).toContain(names("boot @rowan and @tess out of the globex organization")[0])
    // Before: the pull-request tools first ("pull" read alone).
    expect(TEAM_MEMBER).toContain(names("pull @tess off the platform team in globex")[0])
    // Before: the channel lists first ("pull" read as fetching); leaving the channel first for "get them out".
    expect(names("pull U07TESS4242 from #payroll-private")[0]).toBe("slack_conversations_kick")
    expect(names("we ended the contract with @rowan, get them out of the #vendors channel")[0]).toBe("slack_conversations_kick")
  })

  it("leaves an unassignment, a user group, the speaker leaving and a removal of a thing as they were", () => {
    // "off" a bare hint (an issue) is an unassignment, as REMOVE_SELF reads "off".
    expect(names("take @tess off globex/site#77")[0]).toBe("issues_remove-assignees")
    expect(Outcomes.membersOut(`take ${CUT} off ${CUT}`, true)).toBe(`take ${CUT} off ${CUT}`)
    // A user group's users are set, not kicked.
    expect(Outcomes.membersOut(`remove ${CUT} from the ${CUT} group`, true)).toBe(`remove ${CUT} from the ${CUT} group`)
    expect(Outcomes.membersOut(Outcomes.rewrite("pull me out of the team"), true)).toBe("leave the team")
    expect(Outcomes.membersOut("remove the label from the team", true)).toBe("remove the label from the team")
    expect(Outcomes.membersOut(`drop ${CUT} from the globex org`, true)).toBe(`kick member ${CUT} from the globex org`)
    expect(Outcomes.membersOut("drop them from the globex org", false)).toBe("kick member them from the globex org")
    // Hints that name no person (a file put out of a channel) are no people.
    expect(Outcomes.membersOut(`toss ${CUT} out of ${CUT}`, false)).toBe(`toss ${CUT} out of ${CUT}`)
    expect(names("toss notes.txt out of #payroll-private")[0]).not.toBe("slack_conversations_kick")
  })
})

describe("membersOut on a long run of its own triggers", () => {
  it("grows linearly: 100 KB costs about ten times 10 KB", () => {
    // Linear is 10x; quadratic would be 100x. Generous for a shared machine.
    const membersOut = (text: string): string => Outcomes.membersOut(text, true)
    expect(growth(membersOut, [`remove ${CUT} and ${CUT}, `, `boot them out of the `, `pull ${CUT} from our ${CUT} team `, "kick her off of the org "])).toBeLessThan(30)
  })

  it("costs a search about what a plain request of the same length costs", () => {
    const shapes = ["remove @kim and @bo from ", "boot them out of the org ", "pull U04ABC12 from #ops ", "kick her off of the team "]
    for (const cost of costOverPlain(index(), shapes)) expect(cost).toBeLessThan(20)
  })
})
