/**
 * The default tool index (src/internal/search/index.ts): what it ranks first for requests phrased
 * the way people ask, against a small API written here (not the evaluation's), and how it follows
 * tools in and out.
 */
import { describe, expect, it } from "vitest"
import * as ToolIndex from "../../src/internal/search/index.js"

const widgets: ReadonlyArray<ToolIndex.SearchDocument> = [
  {
    name: "list_widgets",
    description: "List widgets. Returns every widget of the account, newest first.",
    method: "GET",
    url: "https://api.example.com/v1/widgets",
    api: "shop",
    parameters: { properties: { limit: { description: "How many to return." } } }
  },
  {
    name: "get_widget",
    description: "Retrieve a widget.",
    method: "GET",
    url: "https://api.example.com/v1/widgets/{{widget}}",
    api: "shop",
    parameters: { properties: { widget: { description: "The widget's id." } } }
  },
  {
    name: "delete_widget",
    description: "Delete a widget. It cannot be undone.",
    method: "DELETE",
    url: "https://api.example.com/v1/widgets/{{widget}}",
    api: "shop",
    parameters: { properties: { widget: { description: "The widget's id." } } }
  },
  {
    name: "create_widget",
    description: "Create a widget.",
    method: "POST",
    url: "https://api.example.com/v1/widgets",
    api: "shop",
    parameters: { properties: { label: { description: "Shown on the label." } } }
  },
  {
    name: "refund_payment_intent",
    description: "Refund a payment intent.",
    method: "POST",
    url: "https://api.example.com/v1/payment_intents/{{intent}}/refunds",
    api: "shop",
    parameters: { properties: {} }
  },
  {
    name: "get_payment_intent",
    description: "Retrieve a payment intent.",
    method: "GET",
    url: "https://api.example.com/v1/payment_intents/{{intent}}",
    api: "shop",
    parameters: { properties: {} }
  },
  {
    name: "repos_list_pulls",
    description: "List pull requests. Lists the open pull requests of a repository.",
    method: "GET",
    url: "https://api.example.com/repos/{{owner}}/{{repo}}/pulls",
    api: "code",
    parameters: { properties: { owner: { description: "The account owner." }, repo: { description: "The repository." } } }
  },
  {
    name: "orgs_list_members",
    description: "List organization members.",
    method: "GET",
    url: "https://api.example.com/orgs/{{org}}/members",
    api: "code",
    parameters: { properties: { org: { description: "The organization." } } }
  },
  {
    name: "chat_kick",
    description: "Removes a user from a conversation.",
    method: "POST",
    url: "https://chat.example.com/api/conversations.kick",
    api: "chat",
    parameters: { properties: { channel: { description: "The conversation." }, user: { description: "The user." } } }
  },
  {
    name: "chat_post",
    description: "Sends a message to a channel.",
    method: "POST",
    url: "https://chat.example.com/api/chat.postMessage",
    api: "chat",
    parameters: { properties: { channel: { description: "The conversation." }, text: { description: "The message." } } }
  }
]

const indexOf = (documents: ReadonlyArray<ToolIndex.SearchDocument> = widgets): ToolIndex.ToolIndex => {
  const index = ToolIndex.make()
  index.add(documents)
  return index
}

const first = (index: ToolIndex.ToolIndex, request: string): string | undefined => index.search(request, { limit: 1 })[0]?.name

describe("ranking", () => {
  it("reads everyday verbs as the operation they ask for", () => {
    const index = indexOf()
    expect(first(index, "get rid of widget wid_8Hx2kPq")).toBe("delete_widget")
    expect(first(index, "nuke that widget")).toBe("delete_widget")
    expect(first(index, "spin up a new widget")).toBe("create_widget")
    expect(first(index, "all my widgets")).toBe("list_widgets")
  })

  it("reads developer words and hints: a PR on owner/repo, a member of an org, a #channel", () => {
    const index = indexOf()
    expect(first(index, "open PRs on acme/api")).toBe("repos_list_pulls")
    expect(first(index, "who is in the acme org")).toBe("orgs_list_members")
    expect(first(index, "boot @spam out of #general")).toBe("chat_kick")
    expect(first(index, "tell #general the build is green")).toBe("chat_post")
  })

  it("resolves an id prefix against the APIs' own collections: pi_… is a payment intent, wid_… a widget", () => {
    const index = indexOf()
    const read = ToolIndex.explain(index, "give back pi_3MtwBwLkdIwHu7ix")
    expect(read.items.has("payment intents")).toBe(true)
    expect(first(index, "give back pi_3MtwBwLkdIwHu7ix")).toBe("refund_payment_intent")
    expect(first(index, "what is wid_8Hx2kPq")).toBe("get_widget")
  })

  it("is deterministic: the same tools in another order rank the same, ties by name", () => {
    const forward = indexOf().search("widget", { limit: 10 })
    const backward = indexOf([...widgets].reverse()).search("widget", { limit: 10 })
    expect(backward).toEqual(forward)
    for (let i = 1; i < forward.length; i++) {
      const [a, b] = [forward[i - 1]!, forward[i]!]
      expect(a.score > b.score || (a.score === b.score && a.name < b.name)).toBe(true)
    }
  })

  it("keeps to the limit and the filter", () => {
    const index = indexOf()
    expect(index.search("widget", { limit: 2 })).toHaveLength(2)
    expect(index.search("widget", { limit: 0 })).toEqual([])
    const names = index.search("widget", { limit: 10, filter: (name) => name !== "delete_widget" }).map((hit) => hit.name)
    expect(names).not.toContain("delete_widget")
    expect(names).toContain("get_widget")
  })

  it("stops early without changing the first k: the best k are the first k of an unbounded search", () => {
    // A few hundred tools, so that the early stop has something to skip.
    const many = Array.from({ length: 300 }, (_, i) => ({
      ...widgets[i % widgets.length]!,
      name: `${widgets[i % widgets.length]!.name}_${i}`,
      description: `${widgets[i % widgets.length]!.description} Variant ${i % 7}.`
    }))
    const index = indexOf([...widgets, ...many])
    for (const request of ["delete a widget", "refund pi_3MtwBwLkdIwHu7ix", "open PRs on acme/api", "post to #general", "widget"]) {
      const all = index.search(request, { limit: 10_000 })
      for (const k of [1, 3, 5, 20]) expect(index.search(request, { limit: k }), `${request} @${k}`).toEqual(all.slice(0, k))
    }
  })

  it("finds nothing for a request with no word any tool has, and for an empty one", () => {
    const index = indexOf()
    expect(index.search("zzqx vvkj")).toEqual([])
    expect(index.search("")).toEqual([])
    expect(index.search("   the of and ")).toEqual([])
  })

  it("bounds hostile input: a megabyte request is read as its first 1,000 characters", () => {
    const index = indexOf()
    const started = performance.now()
    expect(() => index.search(`${"delete widget ".repeat(80_000)}#${"a".repeat(100_000)}`)).not.toThrow()
    // Generous: the point is that the work does not grow with the input (it would take seconds).
    expect(performance.now() - started).toBeLessThan(2_000)
  })
})

describe("incremental index", () => {
  it("follows tools in and out, one API at a time", () => {
    const index = indexOf(widgets.filter((tool) => tool.api !== "chat"))
    expect(index.size()).toBe(8)
    expect(index.search("post a message to #general").map((hit) => hit.name)).not.toContain("chat_post")
    index.add(widgets.filter((tool) => tool.api === "chat"))
    expect(index.size()).toBe(10)
    expect(first(index, "post a message to #general")).toBe("chat_post")
    index.remove(["chat_post", "chat_kick", "no_such_tool"])
    expect(index.size()).toBe(8)
    expect(index.search("post a message to #general").map((hit) => hit.name)).not.toContain("chat_post")
  })

  it("forgets what an API taught it when the API goes: its id prefixes resolve no more", () => {
    const index = indexOf()
    expect(ToolIndex.explain(index, "wid_8Hx2kPq").items.has("widgets")).toBe(true)
    index.remove(["get_widget", "delete_widget"])
    expect(ToolIndex.explain(index, "wid_8Hx2kPq").items.size).toBe(0)
  })

  it("replaces a tool added again under the same name", () => {
    const index = indexOf()
    index.add([{ name: "get_widget", description: "Fetch a gadget.", method: "GET", url: "https://api.example.com/v1/gadgets/{{gadget}}" }])
    expect(index.size()).toBe(widgets.length)
    expect(first(index, "fetch the gadget")).toBe("get_widget")
  })

  it("returns the same ranking after tools are removed and added back", () => {
    const index = indexOf()
    const before = index.search("delete a widget", { limit: 5 })
    index.remove(widgets.map((tool) => tool.name))
    expect(index.size()).toBe(0)
    expect(index.search("delete a widget")).toEqual([])
    index.add(widgets)
    expect(index.search("delete a widget", { limit: 5 })).toEqual(before)
  })
})
