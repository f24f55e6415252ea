/**
 * Recall round 14 (issue #32): a DELETE whose name says its API's verb of ending (`orgs/cancel-invitation`)
 * is what a request to delete asks for, whatever verb the request says: the name's verb is covered by
 * the request's kind of operation (src/internal/search/ends.ts `enderInName`, index.ts `Indexed.ender`).
 * Over the evaluation's real imports; requests written for these tests, not taken from a task set.
 */
import { describe, expect, it } from "vitest"
import * as Ends from "../../src/internal/search/ends.js"
import { namesOver } from "./realIndex.js"

const { names } = namesOver()
const rankOf = (request: string, tool: string): number => names(request, 20).indexOf(tool) + 1

describe("enderInName", () => {
  it("reads the verb of ending or deleting a DELETE's name says", () => {
    expect(Ends.enderInName("DELETE", ["org", "cancel", "invit"])).toBe("cancel")
    expect(Ends.enderInName("delete", ["revok", "token"])).toBe("revok")
    expect(Ends.enderInName("DELETE", ["repo", "delet"])).toBe("delet")
  })

  it("reads none for another method or a name without such a verb", () => {
    expect(Ends.enderInName("POST", ["org", "cancel", "invit"])).toBeUndefined()
    expect(Ends.enderInName("DELETE", ["org", "member"])).toBeUndefined()
    expect(Ends.enderInName(undefined, ["cancel"])).toBeUndefined()
  })
})

describe("the index, for a delete of what the API cancels", () => {
  it("lifts the cancel of an organisation's invitation for a request to delete one", () => {
    // Before: 4th and 4th, the name's "cancel" counted as a word of the tool the request leaves out.
    expect(rankOf("delete zenith's invite to kim@zenith.dev", "orgs_cancel-invitation")).toBe(3)
    expect(rankOf("delete the outstanding invite for lee@zenith.dev in zenith", "orgs_cancel-invitation")).toBe(3)
  })
})
