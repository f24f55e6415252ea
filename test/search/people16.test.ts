/**
 * Recall round 16 (issue #32), GitHub's people: who stands in a relation to one item a hint names is
 * a property of that item, which its read returns (`query.ts` `WHO_OF_ITEM`); whether a person is
 * inside a group is their membership (`outcomes.ts` `belonging`); who can act on a hinted thing holds
 * access to it (`outcomes.ts` `ability`). Over the evaluation's real imports;
 * requests written for these tests, not taken from a task set.
 */
import { describe, expect, it } from "vitest"
import * as ToolIndex from "../../src/internal/search/index.js"
import * as Outcomes from "../../src/internal/search/outcomes.js"
import { growth } from "../support/growth.js"
import { namesOver } from "./realIndex.js"

const { index, names } = namesOver()

describe("who stands in a relation to one item reads the item", () => {
  it("reads the issue or pull request asked who is responsible for it", () => {
    expect(ToolIndex.explain(index(), "who is responsible for globex/site#7").action).toBe("read")
    expect(names("who is responsible for globex/site#7")).toEqual([
      "pulls_get",
      "issues_check-user-can-be-assigned-to-issue",
      "issues_add-assignees",
      "issues_remove-assignees",
      "issues_get"
    ])
  })

  it("still lists the people of an act or of a repository", () => {
    expect(ToolIndex.explain(index(), "who approved globex/site#7").action).toBe("list")
    expect(ToolIndex.explain(index(), "who's starred globex/site").action).toBe("list")
  })
})

describe("whether a person is inside a group asks their membership", () => {
  it("reads a question of belonging as one of membership", () => {
    expect(Outcomes.belonging("is \u0000 currently inside globex")).toBe("is \u0000 a member of globex")
    expect(Outcomes.belonging("is \u0000 part of globex")).toBe("is \u0000 a member of globex")
    // A state ("in a meeting"), a word no adverb, or a command: left as said.
    expect(Outcomes.belonging("is \u0000 in a meeting")).toBe("is \u0000 in a meeting")
    expect(Outcomes.belonging("is \u0000 happy in globex")).toBe("is \u0000 happy in globex")
    expect(Outcomes.belonging("add \u0000 in globex")).toBe("add \u0000 in globex")
  })

  it("ranks the organisation's membership check first", () => {
    expect(names("is @kim currently inside globex?", 3)).toEqual([
      "orgs_check-membership-for-user",
      "orgs_check-public-membership-for-user",
      "orgs_get-membership-for-user"
    ])
  })

  it("stays linear on hostile input", () => {
    expect(growth(Outcomes.belonging, ["is \u0000 ", " \u0000", "and \u0000 ", "is "])).toBeLessThan(30)
  })
})

describe("a question of ability over a hinted thing asks who holds access to it", () => {
  it("rewrites who and which-noun questions, and leaves other requests alone", () => {
    expect(Outcomes.ability("who could merge into \u0000?")).toBe("who with access to \u0000?")
    expect(Outcomes.ability("which teams could see \u0000")).toBe("which teams of \u0000")
    expect(Outcomes.ability("who merged \u0000")).toBe("who merged \u0000")
    expect(Outcomes.ability("can you merge \u0000")).toBe("can you merge \u0000")
    // A passive asks who may receive the act, not who holds access.
    expect(Outcomes.ability("who can be pinged on \u0000")).toBe("who can be pinged on \u0000")
  })

  it("ranks the repository's collaborators, or its teams, first", () => {
    // Before: the merge tools came first (the verb read as the operation to run).
    expect(names("who could merge into globex/site?", 2)).toEqual(["repos_list-collaborators", "repos_get-collaborator-permission-level"])
    expect(names("which teams could see globex/site", 1)).toEqual(["repos_list-teams"])
  })

  it("stays linear on hostile input", () => {
    expect(growth(Outcomes.ability, ["who can ", "which teams can ", "can x ", "who can x y z "])).toBeLessThan(30)
  })
})
