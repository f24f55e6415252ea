/**
 * Recall round 9 (issue #32), GitHub-side: a search operation's query language takes a listing's
 * filters and hints as qualifiers (src/internal/search/qualifiers.ts), and an API's name inside an
 * identifier (`STRIPE_SECRET`) names no API (index.ts `IDENTIFIER`). Over the evaluation's real imports
 * (GitHub, Stripe, Slack, as the bench registry builds them); requests written for these tests, not
 * taken from a task set.
 */
import { beforeAll, describe, expect, it } from "vitest"
import type { CandidateTool } from "../../bench/search/registry.js"
import * as Filters from "../../src/internal/search/filters.js"
import * as ToolIndex from "../../src/internal/search/index.js"
import * as Qualifiers from "../../src/internal/search/qualifiers.js"
import * as Values from "../../src/internal/search/values.js"
import { growth } from "../support/growth.js"
import { realIndex } from "./realIndex.js"

let tools: ReadonlyArray<CandidateTool> = []
let index: ToolIndex.ToolIndex
beforeAll(async () => {
  const real = await realIndex()
  tools = real.tools
  index = real.index
}, 120_000)

const tool = (name: string): CandidateTool => {
  const found = tools.find((candidate) => candidate.name === name)
  if (found === undefined) throw new Error(`no tool ${name}`)
  return found
}

const describedAs = (name: string, parameter: string): string | undefined =>
  (tool(name).parameters?.properties[parameter] as { readonly description?: string } | undefined)?.description

// The kinds of value a tool filters by; its named values (`filter:is:…`, round 14) are choices.test.ts's.
const filters = (name: string): Array<string> =>
  [...Filters.filterKindsOf(tool(name), Values.parameterKinds)].filter((kind) => !kind.startsWith(Filters.FILTER + Filters.IS)).sort()

const names = (request: string, limit = 5): Array<string> => index.search(request, { limit }).map((hit) => hit.name)

describe("which query parameter is a search query language", () => {
  it("reads it from the parameter's own description, in each API's words", () => {
    // GitHub: "The query contains one or more search keywords and qualifiers."
    expect(Qualifiers.isQueryLanguage("q", describedAs("search_issues-and-pull-requests", "q"))).toBe(true)
    // Stripe: "The search query string. See [search query language](…)".
    expect(Qualifiers.isQueryLanguage("query", describedAs("GetChargesSearch", "query"))).toBe(true)
    // Slack: "Search query."
    expect(Qualifiers.isQueryLanguage("query", describedAs("slack_search_messages", "query"))).toBe(true)
  })

  it("refuses a query that says it takes no qualifiers, and a `q` that is no search", () => {
    // "The search keywords. This endpoint does not accept qualifiers in the query."
    expect(Qualifiers.isQueryLanguage("q", describedAs("search_labels", "q"))).toBe(false)
    // "Limit results to projects of the specified type."
    expect(Qualifiers.isQueryLanguage("q", describedAs("projects_list-for-org", "q"))).toBe(false)
    // A parameter of another name is not read as one, whatever it says.
    expect(Qualifiers.isQueryLanguage("sort", describedAs("search_issues-and-pull-requests", "q"))).toBe(false)
  })

  it("reads the qualifiers a document's example query uses, not a URL's scheme", () => {
    expect(Qualifiers.qualifiersIn(tool("search_issues-and-pull-requests").description)).toEqual(["label", "language", "state"])
    expect(Qualifiers.qualifiersIn("see https://docs.github.com, or `q=tom+repos:%3E42+followers:%3E1000`")).toEqual(["repos", "followers"])
  })

  it("marks the tool's filters: a query language, and a label where its example filters by one", () => {
    expect(filters("search_issues-and-pull-requests")).toEqual(["filter:label", "filter:query"])
    // (Its `sort` by "`author-date` or `committer-date`" is read as a date, as before.)
    expect(filters("search_commits")).toEqual(["filter:date", "filter:query"])
    // Its `repository_id` filters as before; its `q` "does not accept qualifiers".
    expect(filters("search_labels")).toEqual(["filter:id:repositori"])
  })

  it("reads a hostile description in linear time: 100 KB costs about ten times 10 KB", () => {
    // Linear is 10x; quadratic would be 100x. Generous for a shared machine.
    expect(growth((text) => Qualifiers.qualifiersIn(text).length, ["a:b ", "::", "label:", "x:y:z:"])).toBeLessThan(30)
    expect(growth((text) => Qualifiers.isQueryLanguage("q", text), ["not ", "qualifiers ", "search query "])).toBeLessThan(30)
  })
})

describe("a listing narrowed by a person, where the list operation takes none", () => {
  it("ranks the issue and pull-request search with the list: `author:alice repo:acme/api`", () => {
    // GitHub's pull list has no author filter. Before: the search 49th.
    expect(names("PRs by @alice in acme/api", 2)).toEqual(["pulls_list", "search_issues-and-pull-requests"])
    // Before: the search 23rd.
    expect(names("pull requests opened by @alice on acme/api", 4)).toEqual([
      "pulls_list",
      "pulls_list-requested-reviewers",
      "repos_get-pull-request-review-protection",
      "search_issues-and-pull-requests"
    ])
  })

  it("reads a person's possessive as the filter: `@alice's PRs` are the PRs by @alice", () => {
    expect(Qualifiers.possessive("@alice's open PRs in acme/api")).toBe(true)
    expect(Qualifiers.possessive("alice's open PRs")).toBe(false)
    expect(Qualifiers.possessive("ping @alice, it's late")).toBe(false)
    // Before: the search 54th.
    expect(names("@alice's open PRs in acme/api", 2)).toEqual(["pulls_list", "search_issues-and-pull-requests"])
    // A person's own list stays first.
    expect(names("@bob's gists", 1)).toEqual(["gists_list-for-user"])
  })

  it("keeps the list first where it takes the filter itself", () => {
    // repos_list-commits takes `author` and `since`.
    expect(names("commits by @bob in acme/api since friday", 2)).toEqual(["repos_list-commits", "search_commits"])
  })

  it("reads Slack's message search as a listing of one person's messages", () => {
    // search.messages' query takes `from:@bob`; conversations.history takes no user.
    expect(names("messages from @bob in #general since monday", 1)).toEqual(["slack_search_messages"])
  })

  it("leaves a hint that is what is listed to the lists: no word says it filters", () => {
    // "who belongs to @design-crew" lists the group's people: no search in the first five.
    expect(names("who belongs to @design-crew").filter((name) => /search|projects_list-items/.test(name))).toEqual([])
  })
})

describe("quoted text in a request to read or list", () => {
  it("counts the quoted texts, bounded", () => {
    expect(Qualifiers.quotedIn(`issues mentioning 'memory leak' or "OOM"`)).toBe(2)
    // An apostrophe is no quote.
    expect(Qualifiers.quotedIn("acme's PRs that don't build")).toBe(0)
    expect(Qualifiers.quotedIn(`"a" `.repeat(100))).toBe(8)
  })

  it("is what a search query looks for", () => {
    // Before: pulls_list first, the search third.
    expect(names(`any open PRs mentioning "hotfix"`, 2)).toEqual(["search_issues-and-pull-requests", "pulls_list"])
    // Before: the search 8th.
    expect(names("issues mentioning 'flaky test'")).toContain("search_issues-and-pull-requests")
  })

  it("stays what to say in a request to write", () => {
    expect(names("post 'build is green' in #ci-status", 1)).toEqual(["slack_chat_postMessage"])
  })
})

describe("an API's name inside an identifier", () => {
  it("names no API: the identifier is a value (a secret's, a variable's)", () => {
    // Before: slack_oauth_token first, "SLACK" read as the request naming Slack (×3, the others ÷3).
    expect(names("rotate the SLACK_BOT_TOKEN secret on acme/api", 1)).toEqual(["actions_create-or-update-repo-secret"])
    // Before: Stripe's promotion codes and apps secrets first, the code search 14th (second in round 9;
    // first in round 10, both since paging parameters' words are no terms (documents.test) and since
    // a name of code is what to look for (code.test.ts)).
    expect(names("search our code for process.env.STRIPE_SECRET in octo/shop", 2)).toEqual(["search_code", "code-quality_list-findings-for-repo"])
  })

  it("still reads the API a request names as a word of its own", () => {
    // "in Stripe": the Stripe tools of secrets (Apps secrets), not GitHub's.
    expect(names("find the secret called STRIPE_SECRET in Stripe", 1)).toEqual(["GetAppsSecretsFind"])
  })
})
