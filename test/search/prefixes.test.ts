/**
 * Which collections a `prefix_…` id may name (src/internal/search/learn.ts, `resolvePrefix`), learned
 * from the evaluation's real imports: a collection whose every tool takes its item by a number
 * (GitHub's `{account_id}`, typed `number`) names no id whose body has letters. Requests here are
 * written for these tests, not taken from a task set.
 */
import { beforeAll, describe, expect, it } from "vitest"
import * as ToolIndex from "../../src/internal/search/index.js"
import * as Learn from "../../src/internal/search/learn.js"
import { realIndex } from "./realIndex.js"

describe("an id prefix, against collections addressed by number", () => {
  let index: ToolIndex.ToolIndex
  beforeAll(async () => {
    index = (await realIndex()).index
  }, 60_000)

  it("names Stripe's accounts alone: GitHub's marketplace accounts take a number", () => {
    const read = ToolIndex.explain(index, "pay acct_1Nv0FGQ9RKHgCVdK their share")
    expect([...read.apis]).toEqual(["stripe"])
    expect([...read.items]).toEqual(["accounts"])
    // The id is a value some Stripe parameters take (a transfer's destination): a kind, where two
    // APIs' accounts made it none.
    expect(read.takes).toEqual([["id:account"]])
  })

  it("names Stripe's customers alone, and GitHub's issues by a number (`#12`) as before", () => {
    expect([...ToolIndex.explain(index, "close cus_NffrFeUfNV2Hib").apis]).toEqual(["stripe"])
    expect([...ToolIndex.explain(index, "close acme/api#12").items]).toEqual(expect.arrayContaining(["issues", "pulls"]))
  })
})

describe("a collection's count of tools that address it by number", () => {
  it("follows the tools added and removed: a prefix names it again once a tool by a string id is all that is left", () => {
    const vocabulary = Learn.empty()
    const named = Learn.collectionsIn("/accounts/{account_id}")
    const resolved = (): Array<string> => Learn.resolvePrefix(vocabulary, "acct").map((found) => found.words.join(" "))
    Learn.add(vocabulary, named, "api", () => true)
    expect(resolved()).toEqual([])
    Learn.add(vocabulary, named, "api", () => false)
    expect(resolved()).toEqual(["accounts"])
    Learn.remove(vocabulary, named, "api", () => true)
    expect(resolved()).toEqual(["accounts"])
    Learn.remove(vocabulary, named, "api", () => false)
    Learn.add(vocabulary, named, "api", () => true)
    expect(resolved()).toEqual([])
  })
})
