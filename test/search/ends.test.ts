/**
 * How the index learns the way each resource ends (src/internal/search/ends.ts) from the
 * evaluation's real imports (Stripe, GitHub, Slack, as the bench registry builds them), and what a
 * request to remove something then finds. Requests here are written for these tests, not taken
 * from a task set.
 */
import { beforeAll, describe, expect, it } from "vitest"
import type { CandidateTool } from "../../bench/search/registry.js"
import * as Ends from "../../src/internal/search/ends.js"
import * as ToolIndex from "../../src/internal/search/index.js"
import { realIndex } from "./realIndex.js"

let tools: ReadonlyArray<CandidateTool> = []
let index: ToolIndex.ToolIndex

beforeAll(async () => {
  const real = await realIndex()
  tools = real.tools
  index = real.index
}, 60_000)

const tool = (name: string): CandidateTool => {
  const found = tools.find((candidate) => candidate.name === name)
  if (found === undefined) throw new Error(`no tool ${name}`)
  return found
}

/** `endOf` of a real tool, as `kind resource` (the API label off), or undefined. */
const endOf = (name: string, updates = true): string | undefined => {
  const { api, method, parameters, url } = tool(name)
  const end = Ends.endOf(method, url, Object.keys(parameters?.properties ?? {}), api, updates)
  return end === undefined ? undefined : `${end.kind} ${end.resource.split("\u0000")[1]}`
}

/** `enders` over every real tool, by its place in `tools`. */
const endersOfTools = (): ReturnType<typeof Ends.enders> =>
  Ends.enders(tools.flatMap((candidate, id) => {
    const end = Ends.endOf(candidate.method, candidate.url, Object.keys(candidate.parameters?.properties ?? {}), candidate.api, true)
    return end === undefined ? [] : [[id, end] as const]
  }))

const first = (request: string, limit = 1): Array<string> => index.search(request, { limit }).map((hit) => hit.name)

describe("endOf", () => {
  it("reads a delete, a verb of ending after the item, and a state update, REST and RPC", () => {
    expect(endOf("DeleteCustomersCustomer")).toBe("delete customers")
    expect(endOf("PostPaymentIntentsIntentCancel")).toBe("end payment_intents")
    expect(endOf("PostPaymentMethodsPaymentMethodDetach")).toBe("end payment_methods")
    expect(endOf("actions_disable-workflow")).toBe("end workflows")
    expect(endOf("PostPricesPrice")).toBe("state prices")
    expect(endOf("issues_update")).toBe("state issues")
    expect(endOf("slack_conversations_archive")).toBe("end conversations")
    expect(endOf("slack_chat_delete")).toBe("delete chat")
  })

  it("reads no end in a read, a delete of a sub-resource named like a verb, or a create that takes a state", () => {
    expect(endOf("GetPaymentIntentsIntent")).toBeUndefined()
    // `DELETE …/migrations/{id}/archive` deletes the archive: it ends no migration.
    expect(endOf("migrations_delete-archive-for-org")).toBeUndefined()
    // A commit status is created with a `state`: the index passes `updates` false for a create.
    expect(endOf("repos_create-commit-status", false)).toBeUndefined()
  })
})

describe("enders", () => {
  it("are the endings of resources with no delete of their own, a state update only where no verb ends it", () => {
    const found = endersOfTools()
    const names = (key: string): Array<string> => (found.get(key) ?? []).map((id) => tools[id]!.name)
    expect(names("end")).toEqual(expect.arrayContaining([
      "PostPaymentIntentsIntentCancel", "PostCheckoutSessionsSessionExpire", "PostPaymentMethodsPaymentMethodDetach",
      "actions_disable-workflow", "slack_conversations_archive", "slack_usergroups_disable"
    ]))
    // Invoices and subscription items have a delete: voiding an invoice is not what removing one means.
    expect(names("end")).not.toContain("PostInvoicesInvoiceVoid")
    expect(names("state price")).toEqual(["PostPricesPrice"])
    expect(names("state issu")).toEqual(["issues_update"])
    // Every resource's state updates, deleted or not, for a verb of ending said in so many words.
    expect(names("any product")).toEqual(["PostProductsId"])
    expect(names("state product")).toEqual([])
    // Payment intents end by their cancel: their update is no ender.
    expect([...found.values()].flat().map((id) => tools[id]!.name)).not.toContain("PostPaymentIntentsIntent")
  })
})

describe("withEnders", () => {
  it("gives a removal's concepts only the marks an ender holds: linear in the request's words", () => {
    const found = endersOfTools()
    const marked = (request: string): Array<Array<string>> => {
      const read = ToolIndex.explain(index, request)
      return Ends.withEnders(read.concepts, read.action, read.items, "\u0002", (key) => found.has(key))
        .map((concept) => [...concept.terms.keys()].filter((term) => term.startsWith("\u0002")).map((term) => term.slice(1)))
        .filter((marks) => marks.length > 0)
    }
    expect(marked("delete the price")).toEqual([["end", "state price"]])
    // Round 11: a verb of ending also asks for every ender, as a removal does (`withEnders`).
    expect(marked("archive prod_Q1w2E3")).toEqual([["end", "any product"]])
    // Two hundred removals of two hundred words no resource has: one mark each, not one per word.
    const many = marked(Array.from({ length: 200 }, (_, at) => `delete w${at}x`).join(" "))
    expect(many.length).toBeGreaterThan(10)
    expect(many.every((marks) => marks.length === 1 && marks[0] === "end")).toBe(true)
  })
})

describe("a verb of ending for what the API ends another way", () => {
  it("finds the verb of ending as a removal does: a token is revoked", () => {
    // Round 11: "terminate" (the lexicon's cancel, stop) met no "revoke"; Slack has no delete of a token,
    // and `auth.revoke` is its ender. Before, it came 4th, below the OAuth exchange and two deletes.
    expect(first("terminate my current slack token")).toEqual(["slack_auth_revoke"])
  })
})

describe("a removal of what the API only ends", () => {
  it("finds the verb of ending, or the update of a resource the request names", () => {
    expect(first("nuke pi_3Abc9XyZ")).toEqual(["PostPaymentIntentsIntentCancel"])
    expect(first("delete the checkout session cs_test_a1B2c3")).toEqual(["PostCheckoutSessionsSessionExpire"])
    expect(first("remove the card pm_1Abc9 from the customer")).toEqual(["PostPaymentMethodsPaymentMethodDetach"])
    expect(first("trash the nightly workflow in acme/api")).toEqual(["actions_disable-workflow"])
    expect(first("delete the old price")).toEqual(["PostPricesPrice"])
  })

  it("finds the state update for a verb of ending the resource has no operation for", () => {
    // Products have a delete, but archiving one is setting `active`.
    expect(first("archive prod_NWjs8kKbJWmuuc")).toEqual(["PostProductsId"])
  })

  it("leaves a state update alone when the request removes something else of it", () => {
    expect(first("take the stale label off octo/cli#57", 2)).toEqual(["issues_remove-all-labels", "issues_remove-label"])
  })
})

describe("a verb of ending where the request's nouns are one API's", () => {
  it("asks for that API's verbs of ending only: a project board is GitHub's, not a Slack conversation", () => {
    // Round 13: every ender used to answer a verb of ending, and Slack's `conversations.archive`
    // came before GitHub's project tools for shelving a GitHub project board. It no longer gets the
    // enders' marks; it still meets the verb by its own word (the lexicon's shelve → archive), and
    // with creates weighed down for a verb of ending (`endsSomething`) it stands 5th, after them.
    const ranked = first("shelve that project board", 8)
    expect(ranked.slice(0, 4).every((name) => name.startsWith("projects_"))).toBe(true)
    expect(ranked.indexOf("slack_conversations_archive")).toBeGreaterThanOrEqual(4)
    // What changed: the verb's concept is marked with GitHub's verbs of ending only.
    const found = endersOfTools()
    const read = ToolIndex.explain(index, "shelve that project board")
    const marks = Ends.withEnders(read.concepts, read.action, read.items, "\u0002", (key) => found.has(key), new Set(["github"]))
      .flatMap((concept) => [...concept.terms.keys()].filter((term) => term.startsWith("\u0002")))
    expect(marks).toContain("\u0002end github")
    expect(marks.filter((mark) => /^\u0002end\b/.test(mark))).toEqual(["\u0002end github"])
    // With no noun of one API, every API's verbs of ending still answer.
    expect(first("terminate my current slack token")).toEqual(["slack_auth_revoke"])
  })
})
