/**
 * Round 10: what a tool's document says of itself, over the evaluation's real imports (GitHub,
 * Stripe, Slack in one index). A parameter for paging (its description speaks of pagination or a
 * cursor) says how to walk a list, not what the tool is: its words ("the previous page of the
 * list", "ending_before", "your subsequent call") are no terms of the tool (src/internal/search/index.ts
 * `PAGING`). Requests here are written for these tests, not taken from a task set.
 */
import { beforeAll, describe, expect, it } from "vitest"
import * as Learn from "../../src/internal/search/learn.js"
import type * as ToolIndex from "../../src/internal/search/index.js"
import { realIndex } from "./realIndex.js"

let index: ToolIndex.ToolIndex
/** Each real tool's operation as `METHOD /path/{param}` (the spec's way of naming it), by the tool's name. */
const operationOf = new Map<string, string>()

beforeAll(async () => {
  const real = await realIndex()
  index = real.index
  for (const { method, name, url } of real.tools) operationOf.set(name, `${method} ${Learn.pathOf(url).replace(/\{\{/g, "{").replace(/\}\}/g, "}")}`)
}, 60_000)

/** The first `n` results as operations. */
const first = (request: string, n: number): Array<string> => index.search(request, { limit: n }).map((hit) => operationOf.get(hit.name)!)

describe("a paging parameter's words", () => {
  it("are no terms of the tool: 'previous' is not met by a list's cursor ('the previous page of the list')", () => {
    // Before, Stripe's invoice list came first: its `ending_before` cursor's description says "previous".
    expect(first("show me the previous invoice", 2)).toEqual(["GET /v1/invoices/{invoice}", "GET /v1/invoices"])
  })
})
