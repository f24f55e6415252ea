/**
 * Recall rounds 14 and 17 (issue #32), GitHub reads: two points of history said as the two ends of one span
 * ("from hotfix/4.x to feature/login", `v3.1..v3.2`) are one value of kind `range`
 * (src/internal/search/values.ts `spans`), which a parameter described as the revisions to compare
 * takes (GitHub's `basehead`): the comparison is given its item, where a listing would take the two
 * ends only as filters. Over the evaluation's real imports; requests written for these tests.
 */
import { describe, expect, it } from "vitest"
import * as Values from "../../src/internal/search/values.js"
import { growth } from "../support/growth.js"
import { costOverPlain, namesOver } from "./realIndex.js"

const { index, names } = namesOver()

const spansIn = (request: string): number => Values.spans(request, Values.recognise(request))

describe("which requests name a span of history", () => {
  it("two versions, commits or branches joined as a span", () => {
    expect(spansIn("from hotfix/4.x to feature/login")).toBe(1)
    expect(spansIn("anything between v3.1 and v3.2")).toBe(1)
    expect(spansIn("v3.1..v3.2 and 1a2b3c4d...5e6f7a8b")).toBe(2)
    expect(spansIn("is v3.1 vs v3.2 slower")).toBe(1)
  })

  it("with a point's noun beside an end, \"against\", and the openers \"after\" and \"since\"", () => {
    expect(spansIn("octo/tool's v3.1 tag against v3.2")).toBe(1)
    expect(spansIn("from tag v3.1 to tag v3.2")).toBe(1)
    expect(spansIn("what moved after release v3.1 up to v3.2")).toBe(1)
    expect(spansIn("since v3.1 through v3.2, please")).toBe(1)
    expect(spansIn("1a2b3c4d against 5e6f7a8b")).toBe(1)
  })

  it("says where its words name a point (blanked where the request is read for what to do)", () => {
    const request = "from tag v3.1 to the v3.2 tag"
    const [span] = Values.spanEnds(request, Values.recognise(request))
    expect(span?.points.map(([start, end]) => request.slice(start, end))).toEqual(["tag", "tag"])
    expect(request.slice(span!.first.start, span!.first.end)).toBe("v3.1")
    expect(request.slice(span!.second.start, span!.second.end)).toBe("v3.2")
  })

  it("not two of a list, nor values of other kinds, nor ends far apart", () => {
    // A bare "and" joins two things to act on; only after "between" or "from" is it a span.
    expect(spansIn("tag v3.1 and v3.2 of octo/tool")).toBe(0)
    expect(spansIn("between 2024-01-01 and 2024-02-01")).toBe(0)
    expect(spansIn("between v3.1 and the very last one of them, v3.2")).toBe(0)
    // The weak joins need an opener: "up to", "through" alone join a list or say a bound.
    expect(spansIn("tag v3.1 up to v3.2")).toBe(0)
    expect(spansIn("bump v3.1 through v3.2 of octo/tool")).toBe(0)
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

  it("two tags said with their noun rank it first, above the tag and its release (outside the first 60 before round 17)", () => {
    // Read as one span: its ends are no versions to look a release up by, its nouns no word of what to do.
    const found = names("changes in octo/tool, v4.0 tag against the v4.1 tag", 40)
    expect(found.indexOf("repos_compare-commits-with-basehead")).toBe(0)
    expect(found.indexOf("repos_get-release-by-tag")).toBeGreaterThan(0)
    // "after … up to": the commits of the span come first, the comparison beside them.
    expect(names("octo/tool: which commits came after tag v4.0 up to v4.1")).toContain("repos_compare-commits-with-basehead")
  })

  it("one tag is still looked up by its tag", () => {
    expect(names("octo/tool: the release for tag v4.1")[0]).toBe("repos_get-release-by-tag")
  })
})

describe("round 17's span readings on hostile input", () => {
  it("grow linearly on a long run of their own triggers: 100 KB costs about ten times 10 KB", () => {
    const read = (text: string) => Values.spanEnds(text, Values.recognise(text))
    expect(growth(read, ["after tag v7 up to v8 tag ", "v7 tag against the tag v8 ", "since the release ", "from tag a1b2c3d through "])).toBeLessThan(30)
  })

  it("cost a search about what a plain request of the same length costs", () => {
    for (const cost of costOverPlain(index(), ["after tag v7 up to v8 tag ", "v7 tag against v8 ", "since release v1 through "])) expect(cost).toBeLessThan(20)
  })
})
