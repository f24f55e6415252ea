/**
 * Recall round 11 (issue #32), GitHub-side: an adjective of state before a plural ("open issues")
 * names what to list, and the plural is the noun, not the first half of a compound ("new
 * invoices-svc repo"), when what follows it is no noun: an adverb or an adjective, as WordNet knows
 * them (`WordNet.isNounless`; `query.ts`). Over the evaluation's real imports; requests written for
 * these tests, not taken from a task set.
 */
import { describe, expect, it } from "vitest"
import * as Index from "../../src/internal/search/index.js"
import * as WordNet from "../../src/internal/search/wordnet.js"
import { namesOver } from "./realIndex.js"

const { index, names } = namesOver()

describe("which words are no noun", () => {
  it("an adverb, an adjective", () => {
    expect(WordNet.isNounless("elsewhere")).toBe(true)
    expect(WordNet.isNounless("assigned")).toBe(true)
  })

  it("not a noun (also in the plural), a verb's form, nor a word WordNet does not know", () => {
    // A verb's form may stand for a noun or begin a clause: `open PRs mentioning "…"` keeps its reading (qualifiers.test.ts).
    expect(WordNet.isNounless("mentioning")).toBe(false)
    expect(WordNet.isNounless("repo")).toBe(false)
    expect(WordNet.isNounless("tickets")).toBe(false)
    expect(WordNet.isNounless("svc")).toBe(false)
  })
})

describe("an adjective of state before a plural followed by no noun", () => {
  it("lists, where an unknown word after the plural read it as a create", () => {
    // Without it "open" was the verb: `issues_create` and sub-issues ranked first.
    expect(Index.explain(index(), "open issues elsewhere citing 'race condition'").action).toBe("list")
    expect(names("open issues elsewhere citing 'race condition'")).toEqual([
      "issues_list",
      "issues_list-for-org",
      "issues_list-for-repo",
      "issues_list-for-authenticated-user",
      "search_issues-and-pull-requests"
    ])
    expect(Index.explain(index(), "open issues assigned to @kim").action).toBe("list")
  })

  it("still makes one where the plural is the first half of a name", () => {
    expect(Index.explain(index(), "new invoices-svc repo").action).toBe("create")
    expect(Index.explain(index(), "open issues tracker").action).toBe("create")
  })
})

describe("a compound in the plural, or a clause opened by a verb's -ing form after the plural", () => {
  it("lists: the compound's first word is a noun, and no verb to take a particle further on", () => {
    // Before: "open" read as the verb (`pulls_create` first), and "pull … in" as the phrasal verb of inviting.
    expect(Index.explain(index(), "open pull requests on octo/site").action).toBe("list")
    // First since round 14: "open" is also a value the pull list's `state` filters by (choices.test.ts).
    expect(names("open pull requests on octo/site").indexOf("pulls_list")).toBe(0)
    expect(Index.explain(index(), "open pull requests touching the parser in octo/site").action).toBe("list")
    expect(names("open pull requests touching the parser in octo/site").slice(0, 2)).toEqual([
      "pulls_list",
      "pulls_list-requested-reviewers"
    ])
    expect(Index.explain(index(), "new issues quoting the stack trace in octo/site").action).toBe("list")
  })

  it("still makes one in the singular, or with an article", () => {
    expect(Index.explain(index(), "open pull request for octo/site").action).toBe("create")
    expect(names("open a pull request in octo/site")[0]).toBe("pulls_create")
  })
})

