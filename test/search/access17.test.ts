/**
 * Recall round 17 (issue #32), GitHub's access: who *has* a level of access over a hinted thing
 * ("who has admin on …") holds access to it, as who *can* act on it does, and a question of access
 * may be embedded after a verb of knowing ("tell me who can …") (`outcomes.ts` `ability`,
 * `HAS_LEVEL`, `QUESTION_START`). Over the evaluation's real imports; requests written for these
 * tests, not taken from a task set. A person's access taken away is their removal as a collaborator
 * (`outcomes.ts` `PERSON_ACCESS_TAKEN`); which level one person holds on a hinted thing, or what
 * they may do in it, asks their permission (`PERSON_LEVEL`). "Deployment environments" are
 * environments (`lexicon.ts`).
 */
import { describe, expect, it } from "vitest"
import * as Outcomes from "../../src/internal/search/outcomes.js"
import { growth } from "../support/growth.js"
import { costOverPlain, namesOver } from "./realIndex.js"

const { index, names } = namesOver()

describe("who has a level of access over a hinted thing asks who holds access to it", () => {
  it("rewrites a level held, and an embedded question of ability", () => {
    expect(Outcomes.ability("who has maintain access to \u0000")).toBe("who with access to \u0000")
    expect(Outcomes.ability("who holds write on the \u0000 repo")).toBe("who with access to \u0000 repo")
    expect(Outcomes.ability("please tell me who could merge into \u0000")).toBe("please tell me who with access to \u0000")
    // A level that is no kind of access, a thing no hint, or no question: left as said.
    expect(Outcomes.ability("who has lunch on \u0000")).toBe("who has lunch on \u0000")
    expect(Outcomes.ability("who has admin on the team")).toBe("who has admin on the team")
    expect(Outcomes.ability("give @kim admin on \u0000")).toBe("give @kim admin on \u0000")
  })

  it("ranks the repository's collaborators first", () => {
    // Before: fourth, under the branch protection's admin setting and the org's members.
    expect(names("who has admin over globex/site", 1)).toEqual(["repos_list-collaborators"])
    // Before: thirteenth, under the lists of repositories.
    expect(names("security wants to know who could push to the globex/site repo", 1)).toEqual(["repos_list-collaborators"])
  })

  it("leaves granting a level alone", () => {
    expect(names("give @kim admin on globex/site", 5)).toContain("repos_add-collaborator")
  })

})

describe("a person's access taken away removes them as a collaborator", () => {
  it("rewrites a person's possessive access after a verb of taking back, and nothing else", () => {
    expect(Outcomes.rewrite("strip her access to \u0000")).toBe("remove collaborator access to \u0000")
    expect(Outcomes.rewrite("yank \u0000's access")).toBe("remove collaborator access")
    // Another holder's access, or access not taken away: left as said.
    expect(Outcomes.rewrite("revoke the team's access to \u0000")).toBe("revoke the team's access to \u0000")
    expect(Outcomes.rewrite("check their access to \u0000")).toBe("check their access to \u0000")
  })

  it("ranks removing the collaborator first", () => {
    // Before: 55th and 5th, under the access settings of workflows and the collaborator's reads.
    expect(names("her internship ended: take away her access to globex/site", 1)).toEqual(["repos_remove-collaborator"])
    expect(names("revoke @kim's access to globex/site", 1)).toEqual(["repos_remove-collaborator"])
  })

})

describe("which level one person holds on a hinted thing asks their permission", () => {
  it("rewrites the copula with a level and what-can-they-do, and leaves other questions alone", () => {
    expect(Outcomes.ability("is \u0000 a triage on \u0000?")).toBe("what permission does \u0000 have on \u0000?")
    expect(Outcomes.ability("what may \u0000 really do with the \u0000")).toBe("what permission does \u0000 have on \u0000")
    // No level, or no person: left as said.
    expect(Outcomes.ability("is \u0000 around on \u0000")).toBe("is \u0000 around on \u0000")
    expect(Outcomes.ability("what can we do in \u0000")).toBe("what can we do in \u0000")
  })

  it("ranks the collaborator's permission level first", () => {
    // Before: 14th and 7th, under the branch protection's admin setting and the person's read.
    expect(names("is @kim maintain over globex/site, or only triage?", 1)).toEqual(["repos_get-collaborator-permission-level"])
    expect(names("what may @kim really do with globex/site", 1)).toEqual(["repos_get-collaborator-permission-level"])
  })

})

describe("round 17's access readers on a long run of their own triggers", () => {
  it("grow linearly: 100 KB costs about ten times 10 KB", () => {
    // Linear is 10x; quadratic would be 100x. Generous for a shared machine.
    const shapes = ["who has admin on ", "know who can x ", "tell me who ", "who has write access to the ", "take away their ", "revoke his access ", "pull \u0000's access ", "is \u0000 admin ", "what can \u0000 do ", "is \u0000 a "]
    expect(growth(Outcomes.rewrite, shapes)).toBeLessThan(30)
  })

  it("cost a search about what a plain request of the same length costs", () => {
    const shapes = ["who has admin on a/b ", "know who can push to x/y ", "take away her access to a/b ", "is @k admin on a/b ", "what can @k do in a/b "]
    for (const cost of costOverPlain(index(), shapes)) expect(cost).toBeLessThan(20)
  })
})

describe("a compound of deployment and environment names environments", () => {
  it("ranks the repository's environments first, and still creates a deployment when asked", () => {
    // Before: 7th, under the deployments and their protection rules.
    expect(names("which deployment environments does globex/site have", 1)).toEqual(["repos_get-all-environments"])
    expect(names("create a deployment of main to the production environment on globex/site", 3)).toContain("repos_create-deployment")
  })
})
