/**
 * Recall round 8, mechanism A (issue #32): a value in a request to list is a filter
 * (src/internal/search/filters.ts), and a phrasal verb takes its particle past a hint when both
 * readings ask the same kind of operation (query.ts `agrees`). Over the evaluation's real imports
 * (Stripe, GitHub, Slack, as the bench registry builds them); requests written for these tests, not
 * taken from a task set.
 */
import { beforeAll, describe, expect, it } from "vitest"
import type { CandidateTool } from "../../bench/search/registry.js"
import * as Filters from "../../src/internal/search/filters.js"
import * as Hints from "../../src/internal/search/hints.js"
import * as ToolIndex from "../../src/internal/search/index.js"
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

const filters = (name: string): Array<string> => {
  const tool = tools.find((candidate) => candidate.name === name)
  if (tool === undefined) throw new Error(`no tool ${name}`)
  return [...Filters.filterKindsOf(tool, Values.parameterKinds)].sort()
}

const names = (request: string, limit = 3): Array<string> => index.search(request, { limit }).map((hit) => hit.name)

const termsOf = (request: string): Set<string> =>
  new Set(ToolIndex.explain(index, request).concepts.flatMap((concept) => [...concept.terms.keys()]))

describe("what a tool's query parameters filter by", () => {
  it("reads a GET's parameters outside its URL, time bounds by name as dates", () => {
    // Stripe's `created` ("Schema: one of: object {gt, gte, lt, lte} | integer") bounds the list in time.
    expect(filters("GetCharges")).toEqual(["filter:date"])
    // `user`: "Filter files created by a single user"; `ts_from`; `types` as a file's kind.
    expect(filters("slack_files_list")).toEqual(["filter:date", "filter:file", "filter:person"])
    // `creator`, `assignee`, `mentioned`; `since`; `labels`. `owner` and `repo` are the URL's, not filters.
    // `state`'s named values (open, closed, all) too (round 14: choices.test.ts); not `sort`'s nor `direction`'s.
    expect(filters("issues_list-for-repo")).toEqual(["filter:date", "filter:is:all", "filter:is:close", "filter:is:open", "filter:label", "filter:person"])
  })

  it("reads nothing of a tool that sends its parameters in a body", () => {
    // PostCharges takes an amount, a currency and a customer: values to set, not filters.
    expect(filters("PostCharges")).toEqual([])
  })
})

describe("a value in a request to list", () => {
  it("points at the list whose query parameters take it, not at the create that takes it in its body", () => {
    // Before: PostPaymentIntentsIntentCapture, PostChargesChargeRefund and PostPaymentIntents first
    // (their `amount` took "$250", and "above" and the amount's word met their documents).
    // Round 9: Stripe's search operations first — their query language takes the amount (`amount>25000`) and the
    // date as qualifiers (qualifiers.ts), where the charge list takes only the date (`created`).
    expect(names("charges above $250 since tuesday", 4)).toEqual(["GetPaymentIntentsSearch", "GetChargesSearch", "GetCharges", "GetChargesCharge"])
  })

  it("is a filter after a comparison, even where the request reads as a create ('charge')", () => {
    expect(ToolIndex.explain(index, "biggest charge over $500 this month").action).toBe("create")
    // The lists of payment intents and charges, and (round 9) the searches whose query takes the amount.
    // Round 11: the charge list first, its name (`GetCharges`) counting no word no request says (`methodNames.test.ts`).
    expect(names("biggest charge over $500 this month", 4)).toEqual(["GetCharges", "GetPaymentIntents", "GetPaymentIntentsSearch", "GetChargesSearch"])
  })

  it("takes a Slack user id as a person to filter by", () => {
    expect(names("files W0123ABCDE shared this week", 1)).toEqual(["slack_files_list"])
  })
})

describe("the words that say a value filters", () => {
  it("reads comparisons and words of filtering right before a value or a person", () => {
    // The comparison is cut out of what is read (blanked: the values keep their places).
    expect(Filters.saysFilter("payouts more than $90")).toEqual({ filters: true, compares: true, recent: false, labels: 0, rest: "payouts           $90" })
    expect(Filters.saysFilter("anything since 2026-01-01")).toEqual({ filters: true, compares: true, recent: false, labels: 0, rest: "anything       2026-01-01" })
    expect(Filters.saysFilter("things by @alice")).toEqual({ filters: true, compares: false, recent: false, labels: 0, rest: "things by @alice" })
    // "by friday" is when, not a filter; "$50" after a customer's id is an amount to charge.
    expect(Filters.saysFilter("charge cus_123 $50 by friday")).toEqual({ filters: false, compares: false, recent: false, labels: 0, rest: "charge cus_123 $50 by friday" })
  })

  it("reads recency said in words as a date to filter by", () => {
    expect(Filters.saysFilter("runs over the last 3 days").recent).toBe(true)
    expect(Filters.saysFilter("refunds issued recently").recent).toBe(true)
    expect(Filters.saysFilter("the last run").recent).toBe(false)
    // Stripe's refunds list takes `created`; before, no refund tool was in the first three.
    expect(names("refunds issued recently")).toEqual(["issues_list", "GetRefunds", "issues_list-for-org"])
  })

  it("reads a label's name after a word of labelling as a label filter, no word of what is asked", () => {
    expect(Filters.saysFilter("issues labelled bug")).toEqual({ filters: true, compares: false, recent: false, labels: 1, rest: "issues             " })
    // GitHub's issue lists take `labels`; before, the labels of one issue (issues_list-labels-on-issue) came first.
    expect(names("issues labelled bug in octo/widgets", 2)).toEqual(["issues_list-for-repo", "issues_list"])
  })

  it("reads a number after a comparison as a bound, not an item's number", () => {
    expect(Hints.read("invoices over 1000").numbered).toEqual([])
    expect(Hints.read("release 5521").numbered).toEqual([["release"]])
  })

  it("stays linear on hostile input: 100 KB costs about ten times 10 KB", () => {
    const shapes = ["over ", "@a ", "by $1 ", "since 2026-01-01 ", "more than "]
    // Linear is 10x; quadratic would be 100x. Generous for a shared machine.
    expect(growth(Filters.saysFilter, shapes)).toBeLessThan(30)
  })
})

describe("a phrasal verb split by a hint", () => {
  it("takes its particle when the phrase asks what the verb alone does", () => {
    // "shut down" (cancel, stop: an action) and "shut" alone (close: an action) agree.
    expect(termsOf("shut acme/api down").has("cancel")).toBe(true)
    expect(termsOf("shut acme/api").has("cancel")).toBe(false)
  })

  it("leaves the verb its own meaning when the phrase asks otherwise", () => {
    // "kick" alone removes; "kick off" runs (dispatch, trigger): "kick @bob off" is a removal.
    expect(termsOf("kick @bob off").has("dispatch")).toBe(false)
    expect(termsOf("kick @bob off").has("remov")).toBe(true)
  })
})
