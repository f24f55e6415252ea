/**
 * Recall round 12 (issue #32), GitHub-side: a named place in a request to list ("users near
 * Montreal") is where what is listed is — no listing's parameter takes it, a search query language
 * does (GitHub's user search, `location:`), as it takes quoted keywords (src/internal/search/
 * qualifiers.ts `placesIn`, by WordNet's named locations: wordnet.ts `isPlace`). Over the
 * evaluation's real imports; requests written for these tests, not taken from a task set.
 */
import { describe, expect, it } from "vitest"
import * as Qualifiers from "../../src/internal/search/qualifiers.js"
import * as WordNet from "../../src/internal/search/wordnet.js"
import { namesOver } from "./realIndex.js"

const { names } = namesOver()

describe("which words name a place", () => {
  it("a word whose first noun sense is a named location", () => {
    // Named instances of WordNet's noun.location: cities and countries.
    expect(["montreal", "nairobi", "oslo", "germany"].map(WordNet.isPlace)).toEqual([true, true, true, true])
  })

  it("not a common noun of a place, nor a word whose first sense is another thing", () => {
    // "home" and "top" are noun.location but no named instance; "main" is the sea, "go" and "rust" no place;
    // "acme" is a summit (noun.attribute), an org's handle in a request.
    expect(["home", "top", "office", "main", "go", "rust", "acme"].map(WordNet.isPlace)).toEqual([false, false, false, false, false, false, false])
  })

  it("counts places after a preposition of place, and nothing else", () => {
    expect(Qualifiers.placesIn("devs in Montreal or from nairobi")).toBe(2)
    // A place not after a preposition of place, a repository, a branch: none.
    expect(Qualifiers.placesIn("Oslo's open issues")).toBe(0)
    expect(Qualifiers.placesIn("open issues in acme/api")).toBe(0)
    expect(Qualifiers.placesIn("merge it in main")).toBe(0)
  })
})

describe("a place in a request to list points at a search query language", () => {
  it("GitHub's user search first for people near a city (4th without the place read)", () => {
    expect(names("show me github users near Montreal")[0]).toBe("search_users")
  })

  it("GitHub's user search first for everyone in a city (3rd without)", () => {
    expect(names("everyone on github in Nairobi")[0]).toBe("search_users")
  })

  it("a place not after a preposition of place is not read as one: the ranking stays as it was", () => {
    // `placesIn` wants in/from/near/around before the place: here the user search stays 2nd, below
    // a user's social accounts, as before this round.
    expect(names("github users, Montreal", 2)).toEqual(["users_list-social-accounts-for-user", "search_users"])
  })
})
