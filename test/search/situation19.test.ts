/**
 * Round 19 (issue #32): a request that first says what is going on, then what to do — "<thing> went
 * quiet …, archive it" — is read for the ask (query.ts `askAfterSituation`, `withoutSituation`,
 * `withoutReason`). Requests written for these tests over the evaluation's real imports, not taken
 * from a task set.
 */
import { describe, expect, it } from "vitest"
import * as Query from "../../src/internal/search/query.js"
import { growth } from "../support/growth.js"
import { costOverPlain, namesOver } from "./realIndex.js"

const { index, names } = namesOver()

describe("a situation stated before the ask", () => {
  it("gives way to the ask: its words no longer outrank the verb", () => {
    // Before: release-asset tools first, repos_update at 4.
    expect(names("octo/widgets hasn't seen a release in three years, archive it")[0]).toBe("repos_update")
  })

  it("ends a reason where an ask begins, which is then still asked", () => {
    // Before: the reason cut "archive it" with it, and do-not-disturb tools ranked first.
    expect(names("#old-launch went quiet in spring since the launch slipped, archive it")[0]).toBe("slack_conversations_archive")
  })

  it("keeps a subject the ask refers back to", () => {
    expect(names("the build cache of octo/widgets went bad overnight, wipe it")[0]).toMatch(/^actions_delete-actions-cache/)
  })

  it("leaves a command with a detail after its comma as it was", () => {
    expect(names("list the open PRs on octo/widgets, newest first")[0]).toBe("pulls_list")
    expect(Query.askedText("list the open PRs on octo/widgets, newest first")).toBe("list the open PRs on octo/widgets, newest first")
    // A noun phrase with a relative clause states nothing; a person's act stays whole.
    expect(Query.askedText("the job that broke, rerun it")).toBe("the job that broke, rerun it")
    expect(Query.askedText("someone pinned the wrong note, remove it")).toBe("someone pinned the wrong note, remove it")
  })
})

describe("the readers of a situation on a long run of their own triggers", () => {
  const shapes = ["the app has been idle since may, archive it, ", "x went down: ", "since we moved, then delete it; ", "ticket 9 says it broke — "]

  it("grow linearly: 100 KB costs about ten times 10 KB", () => {
    // Linear is 10x; quadratic would be 100x. Generous for a shared machine.
    expect(growth(Query.askedText, shapes)).toBeLessThan(30)
  })

  it("cost a search about what a plain request of the same length costs", () => {
    for (const cost of costOverPlain(index(), shapes)) expect(cost).toBeLessThan(20)
  })
})
