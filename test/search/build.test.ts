/**
 * How the default index reads its tools (src/internal/search/index.ts, "Building"): the process's
 * reading, shared by its indexes, changes no ranking — an index built with every text read before,
 * one built with nothing read, and one that read the same tools in another order rank alike, to the
 * last bit — and a removal after the reading started over removes the tool whole. The reading
 * stays within its budget. The oracle is an index built in a fresh reading, tool by tool.
 */
import { describe, expect, it } from "vitest"
import { buildRegistry } from "../../bench/search/registry.js"
import * as ToolIndex from "../../src/internal/search/index.js"

const param = (description: string) => ({ description })

// Parameter lists that are prefixes of one another, in both orders, and one not `closed` (a `<`
// left open) that is read as one text: the lists' tree must give each tool its own list's terms.
const tools: ReadonlyArray<ToolIndex.SearchDocument> = [
  {
    name: "list_pulls",
    description: "List pull requests. Draft pull requests count.",
    method: "GET",
    url: "https://api.example.com/repos/{owner}/{repo}/pulls",
    api: "code",
    parameters: { properties: { owner: param("The account owner."), repo: param("The repository."), state: param("open or closed") } }
  },
  {
    name: "list_issues",
    description: "List issues of a repository.",
    method: "GET",
    url: "https://api.example.com/repos/{owner}/{repo}/issues",
    api: "code",
    parameters: { properties: { owner: param("The account owner."), repo: param("The repository.") } }
  },
  {
    name: "merge_pull",
    description: "Merge a pull request.",
    method: "PUT",
    url: "https://api.example.com/repos/{owner}/{repo}/pulls/{pull_number}/merge",
    api: "code",
    parameters: {
      properties: { owner: param("The account owner."), repo: param("The repository."), pull_number: param("The <b>number"), merge_method: param("squash, rebase or merge</b>") }
    }
  },
  {
    name: "star_repo",
    description: "Star a repository for the authenticated user.",
    method: "PUT",
    url: "https://api.example.com/user/starred/{owner}/{repo}",
    api: "code",
    parameters: { properties: { repo: param("The repository."), owner: param("The account owner.") } }
  },
  {
    // The same last parameter as list_issues after another one: a list is known by all of its parameters.
    name: "fork_repo",
    description: "Fork a repository.",
    method: "POST",
    url: "https://api.example.com/repos/{owner}/{repo}/forks",
    api: "code",
    parameters: { properties: { organization: param("The organization to fork into."), repo: param("The repository.") } }
  },
  {
    name: "create_refund",
    description: "Create a refund of a charge.",
    method: "POST",
    url: "https://api.example.com/v1/refunds",
    api: "pay",
    tags: ["Refunds"],
    parameters: { properties: { charge: param("The charge to refund."), amount: param("How much, in cents.") } }
  }
]

const REQUESTS = ["merge PR 12 of acme/web", "open pull requests", "star octo/cli", "refund a charge", "issues of the repo", "squash", "fork into my organization", "the account owner"]

const rankings = (index: ToolIndex.ToolIndex) => REQUESTS.map((request) => index.search(request, { limit: 5 }))

/** The oracle: nothing read before, and each tool added alone (no text shared within an add). */
const alone = (documents: ReadonlyArray<ToolIndex.SearchDocument>): ToolIndex.ToolIndex => {
  ToolIndex.forgetReadings()
  const index = ToolIndex.make()
  for (const document of documents) {
    ToolIndex.forgetReadings()
    index.add([document])
  }
  return index
}

describe("the process's reading", () => {
  it("ranks alike whether the texts were read before, never, or in another order", () => {
    const expected = rankings(alone(tools))
    expect(expected[0]![0]!.name).toBe("merge_pull")

    ToolIndex.forgetReadings()
    const cold = ToolIndex.make()
    cold.add(tools)
    expect(rankings(cold)).toEqual(expected)
    expect(ToolIndex.readingSize()).toBeGreaterThan(0)

    // Every text read already, by another index.
    const warm = ToolIndex.make()
    warm.add(tools)
    expect(rankings(warm)).toEqual(expected)

    // The lists read in the other order first (longer lists before their prefixes).
    ToolIndex.forgetReadings()
    ToolIndex.make().add([...tools].reverse())
    const reordered = ToolIndex.make()
    reordered.add(tools)
    expect(rankings(reordered)).toEqual(expected)
  })

  it("removes a tool whole after the reading started over, and adds it back", () => {
    const index = ToolIndex.make()
    index.add(tools)
    ToolIndex.forgetReadings()
    index.remove(["merge_pull"])
    expect(index.search("squash", { limit: 5 })).toEqual([])
    expect(index.search("merge PR 12 of acme/web", { limit: 5 }).map((hit) => hit.name)).not.toContain("merge_pull")
    index.add([tools[2]!])
    expect(rankings(index)).toEqual(rankings(alone(tools)))
    index.remove(tools.map((tool) => tool.name))
    expect(index.size()).toBe(0)
    expect(index.search("open pull requests")).toEqual([])
  })

  it("reads what the parameters take once per process: a value search on another index reads nothing again", () => {
    const request = "refund $20 of a charge"
    ToolIndex.forgetReadings()
    const first = ToolIndex.make()
    first.add(tools)
    const built = ToolIndex.readingSize()
    const expected = first.search(request, { limit: 5 })
    expect(expected[0]!.name).toBe("create_refund")
    // The parameters' kinds were read into the process's reading, and counted against its budget.
    expect(ToolIndex.readingSize()).toBeGreaterThan(built)

    const second = ToolIndex.make()
    second.add(tools)
    const before = ToolIndex.readingSize()
    expect(second.search(request, { limit: 5 })).toEqual(expected)
    expect(ToolIndex.readingSize()).toBe(before)

    // A rediscovery: the same parameters, in new objects, read from the reading's parameters.
    const rediscovered = ToolIndex.make()
    rediscovered.add(structuredClone(tools))
    const again = ToolIndex.readingSize()
    expect(rediscovered.search(request, { limit: 5 })).toEqual(expected)
    expect(ToolIndex.readingSize()).toBe(again)

    // And the same ranking with nothing read before.
    expect(alone(tools).search(request, { limit: 5 })).toEqual(expected)
  })

  it("reads what each real tool takes, its filters with it, once per process: another index's value search walks no schema", async () => {
    const { tools: real } = await buildRegistry()
    // Each tool's parameters behind a getter that counts the reads of their properties: reading what
    // a tool takes walks them (its kinds, and a GET's query parameters as filters), nothing else in a
    // search does. The registry's imports, as a client's registry hands them to every index.
    let reads = 0
    const counted = real.map((tool) => {
      const parameters = tool.parameters
      if (parameters === undefined) return tool
      const wrapped = Object.defineProperty({ ...parameters }, "properties", {
        enumerable: true,
        get: () => {
          reads += 1
          return parameters.properties
        }
      })
      return { ...tool, parameters: wrapped }
    })
    // A list request with values: read as filters of GET tools, and as values their bodies take.
    const request = "payouts over €300 since 2026-02-01"
    ToolIndex.forgetReadings()
    const first = ToolIndex.make()
    first.add(counted)
    reads = 0
    const expected = first.search(request, { limit: 5 })
    expect(expected[0]!.name).toBe("GetPayouts")
    // The first value search of the process walks every tool with parameters, its filters too.
    const withParameters = real.filter((tool) => tool.parameters !== undefined).length
    expect(reads).toBeGreaterThan(withParameters)

    // Another index of the same tools (a client per user): none walked again, kinds nor filters
    // (the filters were walked again per index when only the kinds were kept: 932 reads).
    const second = ToolIndex.make()
    second.add(counted)
    reads = 0
    expect(second.search(request, { limit: 5 })).toEqual(expected)
    expect(reads).toBe(0)
  })

  it("reads a tool again whose parameters' schema is known but whose description is not: its example qualifiers are part of what it takes", () => {
    // One schema object under one method and URL, described twice: the second shows `label:bug` in
    // use, so its search query also filters by a label (`qualifiers.ts`). Before, the first reading
    // was kept for both (keyed by schema, method and URL only) and the second index ranked as the first.
    const parameters = { properties: { q: param("The query contains one or more search keywords and qualifiers.") } }
    const plain: ToolIndex.SearchDocument = { name: "search_tickets", description: "Find tickets.", method: "GET", url: "https://api.example.com/search/tickets", api: "desk", parameters }
    const shown: ToolIndex.SearchDocument = { ...plain, description: "Find tickets, e.g. `q=login+label:bug`." }
    const list: ToolIndex.SearchDocument = {
      name: "list_tickets",
      description: "List tickets.",
      method: "GET",
      url: "https://api.example.com/tickets",
      api: "desk",
      parameters: { properties: { sort: param("created or updated") } }
    }
    const request = "tickets labelled bug"
    const expected = alone([shown, list]).search(request, { limit: 2 })
    expect(expected.map((hit) => hit.name)).toEqual(["search_tickets", "list_tickets"])
    // The first index reads what its tools take at its first search (lazily), the second after it.
    ToolIndex.forgetReadings()
    const first = ToolIndex.make()
    first.add([plain, list])
    expect(first.search(request, { limit: 1 })[0]!.score).toBeLessThan(expected[0]!.score)
    const second = ToolIndex.make()
    second.add([shown, list])
    expect(second.search(request, { limit: 2 })).toEqual(expected)
  })

  it("counts a parameter's description once against the budget, whatever families of values were asked", () => {
    // One long description that says it takes an amount, a date, a URL and an email: each family's
    // read looks it up; counted once per family, such reads took a real import's reading past its
    // budget and every later index read all its texts again.
    const said = "The amount in cents, the date it is due, the URL to notify and the email address to write to. "
    const description = said + "Padding words. ".repeat(400)
    const tool: ToolIndex.SearchDocument = {
      name: "create_payment_link",
      description: "Create a payment link.",
      method: "POST",
      url: "https://api.example.com/v1/payment_links",
      api: "pay",
      parameters: { properties: { details: { type: "string", description } } }
    }
    ToolIndex.forgetReadings()
    const index = ToolIndex.make()
    index.add([tool])
    const built = ToolIndex.readingSize()
    for (const request of ["a payment link for $20", "a payment link due 2026-12-24", "a payment link to https://example.com/hook", "a payment link for ann@example.com"]) {
      expect(index.search(request, { limit: 1 })[0]!.name).toBe("create_payment_link")
    }
    const grown = ToolIndex.readingSize() - built
    expect(grown).toBeGreaterThanOrEqual(description.length)
    expect(grown).toBeLessThan(2 * description.length)
  })

  it("tells a parameter's kinds apart by its type and format, and counts each distinct one as its joined key did", () => {
    // One description and one name under four types: a number named `amount` takes money, a boolean
    // does not, a list of types is read by its first (`integer,null`), and no type at all is its own
    // entry. Found field by field (index.ts `kindsIn`) where a key `name\0type\0format` was joined per
    // visit; the budget counts what that key's length was: the description once, then 6 (the bare
    // name), 6 + 2 + 7 (integer), 6 + 2 + 7 (boolean), 6 + 2 + 12 (integer,null): 1 + 56.
    const typed = (name: string, type: ToolIndex.SearchParameter["type"]): ToolIndex.SearchDocument => ({
      name,
      description: "Create a charge.",
      method: "POST",
      url: `https://api.example.com/v1/${name}`,
      api: "pay",
      parameters: { properties: { amount: type === undefined ? { description: "x" } : { type, description: "x" } } }
    })
    const documents = [typed("charge_b", "boolean"), typed("charge_i", "integer"), typed("charge_n", ["integer", "null"]), typed("charge_u", undefined)]
    ToolIndex.forgetReadings()
    const index = ToolIndex.make()
    index.add(documents)
    const built = ToolIndex.readingSize()
    const hits = index.search("create a charge for $20", { limit: 4 })
    expect(ToolIndex.readingSize() - built).toBe(1 + 56)
    // The two number-typed amounts take the value, the boolean and the untyped do not.
    expect(hits.slice(0, 2).map((hit) => hit.name).sort()).toEqual(["charge_i", "charge_n"])
    expect(hits[0]!.score).toBeGreaterThan(hits[2]!.score)
    // Read again by another index of the same tools: nothing more counted.
    const again = ToolIndex.readingSize()
    expect(ToolIndex.make().search("x")).toEqual([])
    const second = ToolIndex.make()
    second.add(structuredClone(documents))
    const added = ToolIndex.readingSize()
    expect(second.search("create a charge for $20", { limit: 4 })).toEqual(hits)
    expect(ToolIndex.readingSize()).toBe(added)
    expect(added).toBe(again)
  })

  it("starts over at the first add past its budget", () => {
    ToolIndex.forgetReadings()
    // Distinct descriptions past the budget, in one add: read whole, each once.
    const size = 10_000
    const big = Array.from({ length: Math.ceil(ToolIndex.readingBudget / size) + 1 }, (_, at) => ({
      name: `tool_${at}`,
      description: `Describes gadget ${at}. ${"word ".repeat(size / 5)}`
    }))
    const index = ToolIndex.make()
    index.add(big)
    expect(ToolIndex.readingSize()).toBeGreaterThan(ToolIndex.readingBudget)
    expect(index.search("gadget", { limit: 3 })).toHaveLength(3)
    index.add([tools[0]!])
    expect(ToolIndex.readingSize()).toBeLessThan(1_000)
    expect(index.search("open pull requests", { limit: 1 })[0]!.name).toBe("list_pulls")
  })
})

describe("the distinct terms of a name or a parameter list (`distinct`)", () => {
  /** A word of letters only, one per number: no stop word, no number, its own stem (no suffix Porter takes off ends in x). */
  const word = (n: number): string => `zq${[...n.toString(26)].map((digit) => String.fromCharCode(97 + parseInt(digit, 26))).join("")}x`

  it("are found by stamps whose map is bounded: started over past its bound", () => {
    const many = Array.from({ length: ToolIndex.seenTermsBound + 10 }, (_, n) => word(n)).join(" ")
    ToolIndex.forgetReadings()
    ToolIndex.make().add([{ name: many, description: "Many words." }])
    expect(ToolIndex.seenTerms()).toBeGreaterThan(ToolIndex.seenTermsBound)
    ToolIndex.make().add([{ name: "list_pulls", description: "List pull requests." }])
    expect(ToolIndex.seenTerms()).toBeLessThan(10)
    expect(ToolIndex.seenTerms()).toBeGreaterThan(0)
    // Forgotten with the reading: the first build of a process starts with none.
    ToolIndex.forgetReadings()
    expect(ToolIndex.seenTerms()).toBe(0)
  })
})
