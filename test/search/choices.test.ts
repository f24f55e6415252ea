/**
 * Recall round 14 (issue #32), GitHub reads: a query parameter of a few named values (`role`: all,
 * admin, member; `permission`: pull, triage, push, maintain, admin) filters a listing by each of them,
 * so a word of a request to list that is one of those values narrows the list (src/internal/search/
 * filters.ts `IS`, index.ts `byChoice`). Over the evaluation's real imports; requests written for
 * these tests, not taken from a task set.
 */
import { describe, expect, it } from "vitest"
import * as Filters from "../../src/internal/search/filters.js"
import { namesOver } from "./realIndex.js"

const { names } = namesOver()

const read = (): ReadonlyArray<string> => []

describe("which named values a listing filters by", () => {
  it("each one-word value of a query parameter's short enum, stemmed", () => {
    const kinds = Filters.filterKindsOf(
      { method: "GET", url: "https://x/orgs/{{org}}/members", parameters: { properties: { role: { type: "string", enum: ["all", "admin", "members"] } } } },
      read
    )
    expect(kinds).toEqual(["filter:is:all", "filter:is:admin", "filter:is:member"])
  })

  it("none from a body, a URL's own parameter, a long enum or values that are no words", () => {
    expect(Filters.filterKindsOf({ method: "POST", url: "https://x/a", parameters: { properties: { role: { enum: ["admin"] } } } }, read)).toEqual([])
    expect(Filters.filterKindsOf({ method: "GET", url: "https://x/a/{{role}}", parameters: { properties: { role: { enum: ["admin"] } } } }, read)).toEqual([])
    const many = Array.from({ length: 13 }, (_, at) => `value${String.fromCharCode(97 + at)}x`.replace(/\d/g, ""))
    expect(Filters.filterKindsOf({ method: "GET", url: "https://x/a", parameters: { properties: { kind: { enum: many } } } }, read)).toEqual([])
    expect(Filters.filterKindsOf({ method: "GET", url: "https://x/a", parameters: { properties: { sort: { enum: ["created_at", "2fa", "A"] } } } }, read)).toEqual([])
  })
})

describe("a named value in a request to list", () => {
  it("lifts the listing that filters by it: the org's members by role first (2nd without)", () => {
    expect(names("list the @octo org's members who are admins", 2)).toEqual(["orgs_list-members", "orgs_list-org-role-users"])
  })
})
