/**
 * A request that says a tool's own name asks for that tool (`index.ts` `toolNamesIn`): an agent
 * that saw `slack_chat_postMessage` in a pinned list or an earlier result searches by it.
 */
import { describe, expect, it } from "vitest"
import * as ToolIndex from "../../src/internal/search/index.js"
import { tool } from "./madeUp.js"
import { namesOver } from "./realIndex.js"

const { names } = namesOver()

describe("a tool's own name in a request", () => {
  it("puts the named tool first, above what the other words rank", () => {
    // "call" alone reads as Slack's calls: the name said beside it is what is meant.
    expect(names("call slack_chat_postMessage")[0]).toBe("slack_chat_postMessage")
    expect(names("call slack_chat_postMessage")[1]).toBe("slack_calls_info")
    expect(names("try PostRefunds for ch_3MmlLrLkdIwHu7ix0snN0B15.")[0]).toBe("PostRefunds")
    expect(names("use `repos_create-fork` on acme/api")[0]).toBe("repos_create-fork")
  })

  it("keeps the order the names are said in, each once, within the limit", () => {
    expect(names("GetCustomers, then PostRefunds, then GetCustomers again", 3).slice(0, 2)).toEqual(["GetCustomers", "PostRefunds"])
    expect(names("PostRefunds or GetCustomers", 1)).toEqual(["PostRefunds"])
  })
})

describe("toolNamesIn", () => {
  const known = new Set(["slack_chat_postMessage", "PostRefunds", "search", "chat.postMessage", "repos/get"])
  const isTool = (name: string) => known.has(name)

  it("reads only words shaped like a name, trimmed of a sentence's punctuation", () => {
    expect(ToolIndex.toolNamesIn("run slack_chat_postMessage.", isTool)).toEqual(["slack_chat_postMessage"])
    expect(ToolIndex.toolNamesIn("(PostRefunds), `chat.postMessage`; repos/get?", isTool)).toEqual(["PostRefunds", "chat.postMessage", "repos/get"])
    // A tool named by a plain word is not read from every request that says the word.
    expect(ToolIndex.toolNamesIn("search for search", isTool)).toEqual([])
  })

  it("is linear in a hostile request", () => {
    const hostile = `${".".repeat(50_000)}x ${"a_".repeat(25_000)}`
    const started = performance.now()
    expect(ToolIndex.toolNamesIn(hostile, isTool)).toEqual([])
    expect(performance.now() - started).toBeLessThan(500)
  })
})

describe("a small index", () => {
  const documents = [
    tool("search", "GET", "/search", "Search everything."),
    tool("issues_list", "GET", "/issues", "List issues."),
    tool("issues_create", "POST", "/issues", "Open an issue.")
  ]

  it("lifts a named tool over the words' own first, and a filter keeps a named tool out", () => {
    const index = ToolIndex.make()
    index.add(documents)
    expect(index.search("list issues", { limit: 1 }).map((hit) => hit.name)).toEqual(["issues_list"])
    expect(index.search("list issues with issues_create", { limit: 2 }).map((hit) => hit.name)).toEqual(["issues_create", "issues_list"])
    expect(index.search("issues_create now", { limit: 2 }).map((hit) => hit.name)[0]).toBe("issues_create")
    expect(index.search("issues_create now", { limit: 3, filter: (name) => name !== "issues_create" }).map((hit) => hit.name)).not.toContain("issues_create")
  })
})
