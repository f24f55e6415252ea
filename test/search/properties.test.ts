/**
 * Recall round 14 (issue #32): a change that takes a property the request names by its parameter's
 * whole name ("the default branch": the repository update's `default_branch`) is lifted
 * (src/internal/search/index.ts `PROPERTY_NAMED`): the property's words alone ("branch") name other
 * tools' resources. Over the evaluation's real imports; requests written for these tests, not taken
 * from a task set.
 */
import { describe, expect, it } from "vitest"
import { namesOver } from "./realIndex.js"

const { names } = namesOver()
const rankOf = (request: string, tool: string): number => names(request, 20).indexOf(tool) + 1

describe("the index, for a property named by its parameter's name", () => {
  it("lifts the update that takes it", () => {
    // Before: 4th both, under the tools of a branch (its protection, its admins' enforcement).
    expect(rankOf("change the default branch of zenith/site to develop", "repos_update")).toBe(1)
    expect(rankOf("set the default branch of zenith/site to develop", "repos_update")).toBe(2)
  })

  it("leaves a read of the same words alone", () => {
    // A read names no property to set: the lift is for changes only.
    expect(rankOf("what is the default branch of zenith/site", "repos_update")).toBe(0)
  })
})
