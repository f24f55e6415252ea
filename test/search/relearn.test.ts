/**
 * What an index learns from its tools (the resources' enders, `ends.ts`; the kinds their query
 * parameters filter by, `filters.ts`; the collections an id prefix names, `learn.ts`) is forgotten
 * with the tools: an index that removed an API and added it again ranks as a fresh index of the
 * same tools in the same order, and one that removed it ranks as if it had never had it. Over the
 * evaluation's real imports; the requests are written for this test, each reaching one of the
 * learned parts (a removal of what Stripe only archives or cancels, a listing filtered by a
 * comparison, a date and a person, an id by its prefix).
 */
import { beforeAll, describe, expect, it } from "vitest"
import type { CandidateTool } from "../../bench/search/registry.js"
import * as ToolIndex from "../../src/internal/search/index.js"
import { realIndex } from "./realIndex.js"

let tools: ReadonlyArray<CandidateTool> = []
let reAdded: ToolIndex.ToolIndex

const REQUESTS = [
  "delete the price",
  "get rid of payment intent pi_3Abc",
  "archive prod_Q1w2E3",
  "remove the channel C0ABCDEFG",
  "close acme/api#12",
  "refunds above $40 since 2026-01-05",
  "issues by @alice labelled bug",
  "what happened lately in acme/web",
  "show acct_1Nv0FGQ9RKHgCVdK",
  "stop @bob from pushing to main"
]

/** A request's ranking: each hit's name and score. */
const ranking = (index: ToolIndex.ToolIndex, request: string): Array<string> =>
  index.search(request, { limit: 10 }).map((hit) => `${hit.name} ${hit.score}`)

const ofApi = (api: string): ReadonlyArray<CandidateTool> => tools.filter((tool) => tool.api === api)
const notOfApi = (api: string): ReadonlyArray<CandidateTool> => tools.filter((tool) => tool.api !== api)

beforeAll(async () => {
  const real = await realIndex()
  tools = real.tools
  reAdded = real.index
  // Every request once first, so that what the index reads lazily (takers, enders, scores) is read
  // before the tools change, and must be forgotten.
  for (const request of REQUESTS) ranking(reAdded, request)
  reAdded.remove(ofApi("stripe").map((tool) => tool.name))
}, 60_000)

describe("an index that forgets an API", () => {
  it("ranks as an index that never had it", () => {
    const fresh = ToolIndex.make()
    fresh.add(notOfApi("stripe"))
    for (const request of REQUESTS) expect([request, ...ranking(reAdded, request)]).toEqual([request, ...ranking(fresh, request)])
  })

  it("ranks as a fresh index of the same tools once the API is added again", () => {
    reAdded.add(ofApi("stripe"))
    const fresh = ToolIndex.make()
    fresh.add([...notOfApi("stripe"), ...ofApi("stripe")])
    expect(reAdded.size()).toBe(tools.length)
    for (const request of REQUESTS) expect([request, ...ranking(reAdded, request)]).toEqual([request, ...ranking(fresh, request)])
  })
})

describe("an index that forgets some of a collection's tools", () => {
  it("ranks as a fresh index of the same tools once they are added again", () => {
    // Every other tool: collections keep some of their tools, and must count only those.
    const index = ToolIndex.make()
    index.add(tools)
    for (const request of REQUESTS) ranking(index, request)
    const removed = tools.filter((_, at) => at % 2 === 1)
    index.remove(removed.map((tool) => tool.name))
    const kept = tools.filter((_, at) => at % 2 === 0)
    const fewer = ToolIndex.make()
    fewer.add(kept)
    for (const request of REQUESTS) expect([request, ...ranking(index, request)]).toEqual([request, ...ranking(fewer, request)])
    index.add(removed)
    const fresh = ToolIndex.make()
    fresh.add([...kept, ...removed])
    for (const request of REQUESTS) expect([request, ...ranking(index, request)]).toEqual([request, ...ranking(fresh, request)])
  })
})
