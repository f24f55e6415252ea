/**
 * Recall round 14 (issue #32), GitHub reads: two points of history said as the two ends of one span
 * ("from hotfix/4.x to feature/login", `v3.1..v3.2`) are one value of kind `range`
 * (src/internal/search/values.ts `spans`), which a parameter described as the revisions to compare
 * takes (GitHub's `basehead`): the comparison is given its item, where a listing would take the two
 * ends only as filters. Over the evaluation's real imports; requests written for these tests.
 */
import { describe, expect, it } from "vitest"
import * as Values from "../../src/internal/search/values.js"
import { namesOver } from "./realIndex.js"

const { names } = namesOver()

const spansIn = (request: string): number => Values.spans(request, Values.recognise(request))

describe("which requests name a span of history", () => {
  it("two versions, commits or branches joined as a span", () => {
    expect(spansIn("from hotfix/4.x to feature/login")).toBe(1)
    expect(spansIn("anything between v3.1 and v3.2")).toBe(1)
    expect(spansIn("v3.1..v3.2 and 1a2b3c4d...5e6f7a8b")).toBe(2)
    expect(spansIn("is v3.1 vs v3.2 slower")).toBe(1)
  })

  it("not two of a list, nor values of other kinds, nor ends far apart", () => {
    // A bare "and" joins two things to act on; only after "between" or "from" is it a span.
    expect(spansIn("tag v3.1 and v3.2 of octo/tool")).toBe(0)
    expect(spansIn("between 2024-01-01 and 2024-02-01")).toBe(0)
    expect(spansIn("between v3.1 and the very last one of them, v3.2")).toBe(0)
  })
})

describe("which parameters take a span", () => {
  it("one described as the base and head to compare, not a branch or a tag alone", () => {
    expect(Values.parameterKinds("basehead", { type: "string", description: "The base branch and head branch to compare. More text." })).toContain("range")
    expect(Values.parameterKinds("branch", { type: "string", description: "The name of the branch." })).not.toContain("range")
    expect(Values.parameterKinds("tag", { type: "string", description: "The name of the tag." })).not.toContain("range")
  })
})

describe("a span reaches the comparison", () => {
  it("two branches said as a span rank the comparison 4th (33rd without the span read)", () => {
    expect(names("how does octo/tool differ from hotfix/4.x to feature/login", 40).indexOf("repos_compare-commits-with-basehead")).toBe(3)
  })
})
