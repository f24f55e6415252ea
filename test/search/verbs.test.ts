/**
 * Round 13 (recall13c): how the default index reads a request's verb — a phrasal verb WordNet
 * holds, said around its object ("tear the … down").
 */
import { describe, expect, it } from "vitest"
import * as ToolIndex from "../../src/internal/search/index.js"
import { tool } from "./madeUp.js"
import * as WordNet from "../../src/internal/search/wordnet.js"

const index = ToolIndex.make()
index.add([
  tool("get_site", "GET", "/sites/{{site_id}}", "Get a site."),
  tool("list_sites", "GET", "/sites", "List sites."),
  tool("delete_site", "DELETE", "/sites/{{site_id}}", "Delete a site."),
  tool("branch_from_commit", "POST", "/refs", "Create a reference (a branch) from a commit sha.")
])

const names = (request: string): Array<string> => index.search(request, { limit: 5 }).map((hit) => hit.name)

describe("a phrasal verb of WordNet said around its object", () => {
  it("is WordNet's verb of the verb's dictionary form and the particle, in its single words", () => {
    expect(WordNet.phrasal("tearing", "down")).toEqual(expect.arrayContaining(["destroy", "raze", "dismantle"]))
    expect(WordNet.phrasal("hand", "over")).not.toContain("fork")
    expect(WordNet.phrasal("tear", "sideways")).toBeUndefined()
  })

  it("asks what the lexicon's verb among its words asks: 'tear … down' is destroy, a delete", () => {
    // "tear" starts no phrase of the lexicon; WordNet's tear_down is destroy, raze, dismantle.
    expect(ToolIndex.explain(index, "tear our staging site down").action).toBe("delete")
    expect(names("tear our staging site down")[0]).toBe("delete_site")
    expect(ToolIndex.explain(index, "tear our staging site").action).not.toBe("delete")
  })

  it("is read for a word the lexicon knows only as a noun: 'phase … out' is end, terminate", () => {
    // "phase" is a noun of the lexicon (a subscription schedule's phase); WordNet's phase_out ends.
    expect(ToolIndex.explain(index, "phase our staging site out").action).toBe("action")
    expect(ToolIndex.explain(index, "phase our staging site").action).not.toBe("action")
  })

  it("is not read past a clause, nor from a particle that has an object of its own", () => {
    expect(ToolIndex.explain(index, "tear the site and then look down the list").action).not.toBe("delete")
    // "down the list": a preposition with its noun, not the verb's particle.
    expect(ToolIndex.explain(index, "tear the old site down the middle").action).not.toBe("delete")
  })
})
