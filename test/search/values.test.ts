/**
 * The values a request carries and the parameters that take them (src/internal/search/values.ts):
 * exact kinds and spans of what `recognise` reads, its work on hostile input, what `kindsOf` reads
 * from the evaluation's real imports (Stripe, GitHub, Slack, as the bench registry builds them), and
 * what the index does with both. Requests here are written for these tests, not taken from a task set.
 */
import { beforeAll, describe, expect, it } from "vitest"
import { buildRegistry, type CandidateTool } from "../../bench/search/registry.js"
import * as ToolIndex from "../../src/internal/search/index.js"
import * as Values from "../../src/internal/search/values.js"
import { growth } from "../support/growth.js"

/** Each value as `kind[text]` (an id with its prefix or nouns), in the order of the request. */
const read = (request: string): Array<string> =>
  Values.recognise(request).map((value) =>
    `${value.kind}${value.prefix !== undefined ? `(${value.prefix})` : ""}${value.nouns !== undefined ? `(${value.nouns.join("/")})` : ""}` +
    `[${request.slice(value.start, value.end)}]`
  )

describe("recognise", () => {
  it("reads money with its currency, percentages, durations and dates", () => {
    expect(read("refund €5 and 20 USD to ann@example.com by 2026-03-01")).toEqual([
      "money[€5]", "currency[€5]", "money[20 USD]", "currency[20 USD]", "email[ann@example.com]", "date[2026-03-01]"
    ])
    expect(read("give 15% off for 6 months starting next monday")).toEqual(["percent[15%]", "duration[6 months]", "date[next monday]"])
    expect(read("5 dollars, then a 3-day trial from March 3, 2026")).toEqual([
      "money[5 dollars]", "currency[5 dollars]", "duration[3-day]", "date[March 3, 2026]"
    ])
  })

  it("takes a currency code only when ISO 4217 (ICU's list) knows it", () => {
    expect(read("USD only, not ABC")).toEqual(["currency[USD]"])
    expect(read("40 xyz")).toEqual([])
  })

  it("reads URLs (confirmed by the WHATWG parser), branches, tags, commit hashes and files", () => {
    expect(read("point the hook at https://example.org/hooks?x=1 and merge into main")).toEqual([
      "url[https://example.org/hooks?x=1]", "ref[main]"
    ])
    expect(read("cut v2.1.0 from release/2.x at 3f9a2bc")).toEqual(["version[v2.1.0]", "ref[release/2.x]", "sha[3f9a2bc]"])
    expect(read("open the branch hotfix-login, then branch off main")).toEqual(["ref[hotfix-login]", "ref[main]"])
    expect(read("ship it to production")).toEqual([])
  })

  it("reads Slack's ids and message timestamps, prefix_ ids (mode markers off) and counted quantities", () => {
    expect(read("upload q3-report.pdf to C024BE91L under 1712345678.000100")).toEqual([
      "file[q3-report.pdf]", "id(channel/conversation)[C024BE91L]", "ts[1712345678.000100]"
    ])
    expect(read("move sub_sched_1Mr3 and cs_test_a1B2 to 12 seats")).toEqual([
      "id(sub_sched)[sub_sched_1Mr3]", "id(cs)[cs_test_a1B2]", "quantity[12 seats]"
    ])
    // A snake_case name is not an id: its body has no digit or capital.
    expect(read("set team_slug and ending_before")).toEqual([])
  })

  it("stays linear on hostile input: 100 KB costs about ten times 10 KB", () => {
    const shapes = ["a", "1,", "a/", "$1", "a.", "@a.", "a_", "v1.", "branch ", "-", "https://a"]
    // Linear is 10x; quadratic would be 100x. Generous for a shared machine.
    expect(growth(Values.recognise, shapes)).toBeLessThan(30)
  })
})

describe("kindsOf on the evaluation's real imports", () => {
  let tools: ReadonlyArray<CandidateTool> = []
  beforeAll(async () => {
    tools = (await buildRegistry()).tools
  }, 120_000)
  /** A tool's kinds, `!` marking those a required parameter takes. */
  const kinds = (name: string): Array<string> => {
    const tool = tools.find((candidate) => candidate.name === name)
    if (tool === undefined) throw new Error(`no tool ${name}`)
    return [...Values.kindsOf(tool.parameters)].map(([kind, required]) => `${kind}${required ? "!" : ""}`).sort()
  }

  it("reads Stripe's amounts, currencies, percentages, durations and the ids its descriptions name", () => {
    // `destination`: "The ID of a connected Stripe account"; `currency`: "3-letter ISO code for currency".
    expect(kinds("PostTransfers")).toEqual(["currency!", "id:account!", "id:stripe account!", "money"])
    expect(kinds("PostCoupons")).toEqual(expect.arrayContaining(["currency", "duration", "money", "percent"]))
  })

  it("reads GitHub's formats, nested objects and branch names", () => {
    // `config.url` (format uri) is nested in the optional `config`: taken, not required.
    expect(kinds("repos_create-webhook")).toContain("url")
    expect(kinds("repos_create-webhook")).not.toContain("url!")
    expect(kinds("repos_create-commit-status")).toEqual(expect.arrayContaining(["sha!", "url"]))
    // `base`: "The name of the branch you want your changes pulled into."
    expect(kinds("pulls_update")).toContain("ref")
  })

  it("reads Slack's file and message timestamp parameters", () => {
    expect(kinds("slack_files_upload")).toEqual(expect.arrayContaining(["file", "ts"]))
  })
})

describe("the index with values", () => {
  const documents: ReadonlyArray<ToolIndex.SearchDocument> = [
    {
      name: "create_subscription_hook",
      description: "Create a subscription.",
      method: "POST",
      url: "https://api.example.com/v1/subscriptions",
      api: "shop",
      parameters: {
        properties: {
          settings: { type: "object", description: "Settings.", properties: { target: { type: "string", format: "uri", description: "Where to deliver." } } },
          topics: { type: "array", description: "Which topics." }
        }
      }
    },
    {
      name: "create_subscription_plan",
      description: "Create a subscription plan.",
      method: "POST",
      url: "https://api.example.com/v1/plans",
      api: "shop",
      parameters: { properties: { nickname: { type: "string", description: "A name for the plan." } } }
    },
    {
      name: "create_payout",
      description: "Create a payout.",
      method: "POST",
      url: "https://api.example.com/v1/payouts",
      api: "shop",
      parameters: {
        properties: {
          amount: { type: "integer", description: "A positive integer in cents." },
          currency: { type: "string", description: "Three-letter ISO currency code." },
          destination: { type: "string", description: "The ID of a connected account." }
        },
        required: ["amount", "currency", "destination"]
      }
    },
    {
      name: "get_account",
      description: "Retrieve an account.",
      method: "GET",
      url: "https://api.example.com/v1/accounts/{{account}}",
      api: "shop",
      parameters: { properties: { account: { type: "string", description: "The account." } }, required: ["account"] }
    }
  ]

  it("ranks the tool whose nested parameter takes the request's URL first", () => {
    const index = ToolIndex.make()
    index.add(documents)
    expect(index.search("subscription for https://example.org/in")[0]?.name).toBe("create_subscription_hook")
    expect(ToolIndex.explain(index, "subscription for https://example.org/in").takes).toEqual([["url"]])
  })

  it("brings in a tool no word of the request meets, by the values its parameters take", () => {
    const index = ToolIndex.make()
    index.add(documents)
    // "wire" and "share" are no word of any tool: the amount, its currency and the account's id are.
    const names = index.search("wire acct_1AbC9 their $200 share").map((hit) => hit.name)
    expect(names).toContain("create_payout")
    expect(ToolIndex.explain(index, "wire acct_1AbC9 their $200 share").takes).toEqual([["id:account"], ["money"], ["currency"]])
  })

  it("finds a tool by its values alone, and reads what tools take again after tools come and go", () => {
    const discount: ToolIndex.SearchDocument = {
      name: "create_discount",
      description: "Create a discount.",
      method: "POST",
      url: "https://api.example.com/v1/discounts",
      api: "shop",
      parameters: {
        properties: {
          percent_off: { type: "number", description: "Between 0 and 100." },
          duration_in_days: { type: "integer", description: "How long it lasts." }
        },
        required: ["percent_off"]
      }
    }
    const index = ToolIndex.make()
    index.add(documents)
    // No word of the request is a word of any tool: only its values (a percentage, a duration) are.
    const request = "knock 15% for two weeks"
    expect(ToolIndex.explain(index, request).takes).toEqual([["percent"], ["duration"]])
    expect(index.search(request)).toEqual([])
    index.add([discount])
    expect(index.search(request).map((hit) => hit.name)).toEqual(["create_discount"])
    index.remove(["create_discount"])
    expect(index.search(request)).toEqual([])
  })

  it("reads a version or a commit as a ref too (in git both are), and an id prefix of several APIs as no kind", () => {
    const index = ToolIndex.make()
    index.add([
      ...documents,
      {
        name: "get_check",
        description: "Get a check.",
        method: "GET",
        url: "https://git.example.com/checks/{{check}}",
        api: "git",
        parameters: { properties: { check: { type: "string", description: "The check." } } }
      }
    ])
    expect(ToolIndex.explain(index, "archive of acme/web at v2.0.1, or at 9f8e7d6").takes).toEqual([["version", "ref"], ["sha", "ref"]])
    // `ch` names the git API's checks alone: the id of a check.
    expect(ToolIndex.explain(index, "look at ch_1AbC9").takes).toEqual([["id:check"]])
    index.add([{
      name: "get_charge",
      description: "Get a charge.",
      method: "GET",
      url: "https://api.example.com/v1/charges/{{charge}}",
      api: "shop",
      parameters: { properties: { charge: { type: "string", description: "The charge." } } }
    }])
    // Now as well the shop's charges: which is for the hints to say, no kind of parameter.
    expect(ToolIndex.explain(index, "look at ch_1AbC9").takes).toEqual([])
  })

  it("reads the old parameter shape (descriptions only) as taking nothing", () => {
    expect(Values.kindsOf({ properties: { note: { description: "Free text." } } })).toEqual(new Map())
  })
})
