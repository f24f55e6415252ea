/**
 * Round 7 of the default index (issue #32): a request's word and a document's word that are one
 * word in another form ("who is watching" and "List watchers"), read from WordNet's derivational
 * pointers (`WordNet.relatedForms`). Against GitHub's own documents for these operations (their
 * summaries and first sentences as the OpenAPI import gives them), with requests written here.
 * `formsWithoutWordNet.test.ts` ranks the same requests without WordNet.
 */
import { describe, expect, it } from "vitest"
import * as ToolIndex from "../../src/internal/search/index.js"
import * as WordNet from "../../src/internal/search/wordnet.js"
import { stem } from "../../src/internal/search/words.js"
import { ACTIVITY, ranked } from "./githubActivity.js"

describe("a word's derivational family (WordNet's related forms)", () => {
  it("is the verb's agent and action nouns, the noun's verb, the adjective's noun", () => {
    expect(WordNet.relatedForms("watching")).toEqual(["watch", "watcher"])
    expect(WordNet.relatedForms("pushing")).toEqual(["push", "pusher"])
    expect(WordNet.relatedForms("assigned")).toEqual(["assign", "assignment", "assignation", "assignee", "assignable"])
    expect(WordNet.relatedForms("subscription")).toEqual(["subscribe"])
    expect(WordNet.relatedForms("verification")).toEqual(["verify"])
    expect(WordNet.relatedForms("archival")).toEqual(["archive"])
    expect(WordNet.relatedForms("denial")).toEqual(["deny"])
  })

  it("leaves out a word of another root, whose stem is another word's ('remotion' stems as 'remote')", () => {
    expect(WordNet.relatedForms("removed")).toEqual(["remove", "remover", "removal"])
    expect(WordNet.relatedForms("fork")).not.toContain("bifurcate")
    expect(stem("remotion")).toBe(stem("remote"))
  })

  it("does not lead from an agent noun to its verb: a creator is who made it, not making one", () => {
    expect(WordNet.relatedForms("creator")).toEqual([])
    expect(WordNet.relatedForms("create")).toContain("creator")
  })

  it("knows nothing of a word it does not have, or of what is no word", () => {
    expect(WordNet.relatedForms("zzqxv")).toEqual([])
    expect(WordNet.relatedForms("C024BE91L")).toEqual([])
    expect(WordNet.relatedForms("a".repeat(5000))).toEqual([])
  })

  it("stands for the request's word, below it, in the forms some tool uses", () => {
    const index = ToolIndex.make()
    index.add(ACTIVITY)
    const watching = ToolIndex.explain(index, "who is watching octo/cli").concepts.find((concept) => concept.terms.has("watch"))
    expect(watching?.terms.get("watch")).toBe(1)
    expect(watching?.terms.get("watcher")).toBe(0.7)
  })

  it("finds the tool that names the request's word in another form", () => {
    // Without WordNet neither tool is among the first three (formsWithoutWordNet.test.ts).
    expect(ranked("who can be assigned in octo/cli")[0]).toBe("issues/list-assignees")
    expect(ranked("am I subscribed to octo/cli")[0]).toBe("activity/get-repo-subscription")
    expect(ranked("who is watching octo/cli")).toContain("activity/list-watchers-for-repo")
    // The participle still describes what a request lists: the issues, not the assignees.
    expect(ranked("issues assigned to @ana in octo/cli")[0]).toBe("issues/list-for-repo")
  })
})

describe("WordNet's index files", () => {
  it("are read by the pages a lemma's binary search reaches, each page once, never the whole file", () => {
    WordNet.relatedForms("reimbursing")
    const first = WordNet.indexPages().noun!
    // index.noun is 4.7 MB (585 pages of 8 KiB); a lemma's search reaches about log2 of them.
    expect(first.of).toBeGreaterThan(500)
    expect(first.read).toBeGreaterThan(0)
    expect(first.read).toBeLessThan(first.of / 4)
    // The same lemma again is answered from the word's memo; another reads only the pages it reaches first.
    WordNet.relatedForms("reimbursing")
    expect(WordNet.indexPages().noun!.read).toBe(first.read)
    WordNet.relatedForms("refundable")
    const second = WordNet.indexPages().noun!.read
    expect(second).toBeLessThan(first.read + 20)
  })
})
