/**
 * The default tool index (src/internal/search/index.ts): what it ranks first for requests phrased
 * the way people ask, against a small API written here (not the evaluation's), and how it follows
 * tools in and out.
 */
import * as Fs from "node:fs"
import { describe, expect, it } from "vitest"
import * as Hints from "../../src/internal/search/hints.js"
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

  it("reads one or many by the grammatical number of what is named, or by an id", () => {
    const index = indexOf()
    expect(ToolIndex.explain(index, "show me the widgets").action).toBe("list")
    // An adjective of state before a plural names what to list; before a singular, "new" makes one.
    expect(ToolIndex.explain(index, "new widgets this week").action).toBe("list")
    expect(ToolIndex.explain(index, "open PRs on acme/api").action).toBe("list")
    expect(ToolIndex.explain(index, "new widget for the shop").action).toBe("create")
    expect(ToolIndex.explain(index, "new widgets-api repo").action).toBe("create")
    // The noun a list is asked by names no item of it: `{widget}` is not given by "widgets".
    expect([...ToolIndex.explain(index, "show me the widgets").listed]).toEqual(["widget"])
    expect(ToolIndex.explain(index, "show me wid_8Hx2kPq").action).toBe("read")
    expect(ToolIndex.explain(index, "show me the message 1712345678.000100").action).toBe("read")
    expect(first(index, "pull up wid_8Hx2kPq")).toBe("get_widget")
  })

  it("reads a phrasal verb's particle past a hint, unless the verb says something alone", () => {
    const index = indexOf()
    // "drag in" is an invite (a create), "kick" alone a removal: "kick @bob off" is no kick-off.
    expect(ToolIndex.explain(index, "drag @sam into #general").action).toBe("create")
    expect(ToolIndex.explain(index, "kick @bob off #general").action).toBe("delete")
    expect(first(index, "kick @bob off #general")).toBe("chat_kick")
    // A phrase said as it stands wins over a particle further on: "pull up … in" is "pull up".
    expect(ToolIndex.explain(index, "pull up widget wid_8Hx2kPq in the shop").action).toBe("read")
  })

  it("prefers the everyday operation to an admin's or a deprecated variant, unless the request names the kind", () => {
    const documents = [...widgets, {
      name: "admin_chat_kick",
      description: "Removes a user from a conversation, as an administrator.",
      method: "POST",
      url: "https://chat.example.com/api/admin.conversations.kick",
      api: "chat",
      parameters: { properties: { channel: { description: "The conversation." }, user: { description: "The user." } } }
    }, {
      name: "orgs_list_members_legacy",
      description: "List organization members.",
      method: "GET",
      url: "https://api.example.com/organizations/{{org_id}}/members",
      api: "code",
      parameters: { properties: { org: { description: "The organization." } } }
    }]
    const index = indexOf(documents)
    expect(first(index, "remove @bob from the conversation")).toBe("chat_kick")
    expect(first(index, "as an admin, remove @bob from the conversation")).toBe("admin_chat_kick")
    expect(first(index, "list the organization members")).toBe("orgs_list_members")
  })

  it("reads the API a request names as which API, not as words of the request", () => {
    const documents = [...widgets, {
      name: "shop_members",
      description: "List the members of the shop.",
      method: "GET",
      url: "https://api.example.com/v1/members",
      api: "shop",
      parameters: { properties: {} }
    }]
    const index = indexOf(documents)
    expect(first(index, "members of acme on code")).toBe("orgs_list_members")
    expect(first(index, "members of the Shop")).toBe("shop_members")
  })

  it("leaves out what a request asks to be said: quotes, a clause after a verb of saying", () => {
    const documents = [...widgets, {
      name: "checks_list",
      description: "List check runs. The build status of a commit.",
      method: "GET",
      url: "https://api.example.com/repos/{{owner}}/{{repo}}/check-runs",
      api: "code",
      parameters: { properties: {} }
    }]
    const index = indexOf(documents)
    const said = (request: string): Array<string> => ToolIndex.explain(index, request).concepts.flatMap((concept) => [...concept.terms.keys()])
    expect(said("post \"widget build is failing\" in #ops")).not.toContain("build")
    expect(said("ping @dana that the build is green again")).not.toContain("build")
    expect(said("ping @dana that the build is green again")).toContain("ping")
    expect(first(index, "message @dana that the checks are failing on main")).toBe("chat_post")
    // "that" as a determiner is not a clause: "delete that widget" keeps its widget.
    expect(first(index, "delete that widget")).toBe("delete_widget")
  })

  it("reads a word that is both verb and noun as the noun once the request has its verb", () => {
    const documents = [...widgets, {
      name: "chat_update",
      description: "Updates a message.",
      method: "POST",
      url: "https://chat.example.com/api/chat.update",
      api: "chat",
      parameters: { properties: { channel: { description: "The conversation." }, ts: { description: "The message's timestamp." } } }
    }]
    expect(first(indexOf(documents), "reword my message in #general")).toBe("chat_update")
  })

  it("reads a git-flow branch name as a branch and an emoji shortcode as a reaction, not as owner/repo or words", () => {
    expect(Hints.read("nuke feature/old-login").hints.map((hint) => hint.words.join(" "))).toEqual(["branch ref head"])
    expect(Hints.read("react :tada: to it").hints.map((hint) => hint.words.join(" "))).toEqual(["reaction emoji name"])
  })

  it("classifies a tool named after its HTTP method by its URL: a POST to an item updates it", () => {
    const documents = [...widgets, {
      name: "PostWidgetsWidget",
      description: "Updates the specified widget by setting the values of the parameters passed.",
      method: "POST",
      url: "https://api.example.com/v1/widgets/{{widget}}",
      api: "shop",
      parameters: { properties: { widget: { description: "The widget's id." }, label: { description: "Shown on the label." } } }
    }]
    expect(first(indexOf(documents), "rename wid_8Hx2kPq to blue")).toBe("PostWidgetsWidget")
  })

  it("lowers a tool for each path parameter the request gives no value or word for", () => {
    const documents: ReadonlyArray<ToolIndex.SearchDocument> = [
      {
        name: "comments_one",
        description: "List comments.",
        method: "GET",
        url: "https://api.example.com/repos/{{owner}}/{{repo}}/issues/{{issue_number}}/comments",
        api: "code"
      },
      {
        name: "comments_two",
        description: "List comments.",
        method: "GET",
        url: "https://api.example.com/repos/{{owner}}/{{repo}}/issues/comments",
        api: "code"
      }
    ]
    const index = indexOf(documents)
    const scores = (request: string): Record<string, number> =>
      Object.fromEntries(index.search(request).map((hit) => [hit.name, hit.score]))
    expect(first(index, "every comment on acme/web#47")).toBe("comments_one")
    // The rule alone: without the issue number, the tool that needs one is lowered by 0.9.
    const without = scores("every comment on acme/web")
    const withNumber = scores("every comment on acme/web#47")
    expect(without["comments_one"]! / withNumber["comments_one"]!).toBeLessThan(without["comments_two"]! / withNumber["comments_two"]!)
  })

  it("reads a request for an action as a change: a tool that only reads it comes after one that does it", () => {
    const documents: ReadonlyArray<ToolIndex.SearchDocument> = [
      {
        name: "get_transfer_reversal",
        description: "Retrieves a reversal of a transfer.",
        method: "GET",
        url: "https://api.example.com/v1/transfers/{{transfer}}/reversals/{{id}}",
        api: "pay"
      },
      {
        name: "create_transfer_reversal",
        description: "Creates a reversal of a transfer.",
        method: "POST",
        url: "https://api.example.com/v1/transfers/{{transfer}}/reversals",
        api: "pay"
      }
    ]
    expect(first(indexOf(documents), "reverse tr_1MiN3gLkdIw")).toBe("create_transfer_reversal")
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

  it("ranks as an index built afresh after tools come and go: what it memoised of a term is not kept across a change", () => {
    const requests = ["delete a widget", "refund pi_3MtwBwLkdIwHu7ix", "open PRs on acme/api", "widget", "post to #general"]
    const index = indexOf(widgets.slice(0, 6))
    for (const request of requests) index.search(request, { limit: 10 })
    index.add(widgets.slice(6))
    index.remove(["get_widget"])
    const fresh = indexOf(widgets.filter((tool) => tool.name !== "get_widget"))
    for (const request of requests) expect(index.search(request, { limit: 10 }), request).toEqual(fresh.search(request, { limit: 10 }))
    for (const request of requests) expect(index.search(request, { limit: 10 }), `${request}, again`).toEqual(fresh.search(request, { limit: 10 }))
  })

  it("reads a tool's parameters as one text: a tag left open in one runs into the next, as before they were read apart", () => {
    const gadget = (name: string, properties: Record<string, { description: string }>): ToolIndex.SearchDocument => ({
      name,
      description: "Gadget.",
      method: "GET",
      url: `https://api.example.com/${name}`,
      parameters: { properties }
    })
    const index = indexOf([
      // "<" with no ">" before the next parameter: the tag runs on to "stripes>" and takes "zebra" with it.
      gadget("open_tag", { size: { description: "less than < ten" }, zebra: { description: "stripes>" } }),
      gadget("closed_tag", { size: { description: "a <b>bold</b> size" }, okapi: { description: "stripes" } }),
      // "[" with no "]" before the next parameter: the link ends there, its target (`docs/walrus`) dropped.
      gadget("open_link", { see: { description: "see [the guide" }, yak: { description: "here](docs/walrus)" } })
    ])
    expect(index.search("zebra").map((hit) => hit.name)).toEqual([])
    expect(index.search("okapi").map((hit) => hit.name)).toEqual(["closed_tag"])
    expect(index.search("walrus").map((hit) => hit.name)).toEqual([])
    expect(index.search("guide yak").map((hit) => hit.name)).toEqual(["open_link"])
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

/**
 * The lexicon's action operations (round 7): a request in everyday words for an operation that is
 * a verb beyond create, read, update and delete ranks that operation above its siblings on the same
 * resource — the item's read, update and delete, and its other actions. The tools are real: 75
 * documents of the GitHub, Stripe and Slack imports (bench/search's registry; each description cut
 * to its first sentence and its first six parameters, which is what the index reads of them), in
 * `actionTools.json`. The requests are written here, none from the evaluation.
 */
describe("action operations in everyday words, over real tools of the three imports", () => {
  const tools = JSON.parse(Fs.readFileSync(new URL("./actionTools.json", import.meta.url), "utf8")) as ReadonlyArray<ToolIndex.SearchDocument>
  const index = indexOf(tools)

  it("Stripe payment intents: capture, confirm, microdeposits, the customer's balance, a bigger hold, cancel", () => {
    expect(first(index, "take the money now on pi_3MtwBwLkdIwHu7ix")).toBe("PostPaymentIntentsIntentCapture")
    expect(first(index, "push pi_3MtwBwLkdIwHu7ix through")).toBe("PostPaymentIntentsIntentConfirm")
    expect(first(index, "check the microdeposits on pi_3MtwBwLkdIwHu7ix")).toBe("PostPaymentIntentsIntentVerifyMicrodeposits")
    expect(first(index, "pay pi_3MtwBwLkdIwHu7ix out of their balance")).toBe("PostPaymentIntentsIntentApplyCustomerBalance")
    expect(first(index, "raise the hold on pi_3MtwBwLkdIwHu7ix to $80")).toBe("PostPaymentIntentsIntentIncrementAuthorization")
    expect(first(index, "never mind pi_3MtwBwLkdIwHu7ix, they left")).toBe("PostPaymentIntentsIntentCancel")
  })

  it("Stripe invoices: write off, void, finalize, send, paid elsewhere", () => {
    expect(first(index, "write off in_1MtHbELkdIwHu7ixl4OzzPMv, they're gone")).toBe("PostInvoicesInvoiceMarkUncollectible")
    expect(first(index, "cancel out in_1MtHbELkdIwHu7ixl4OzzPMv")).toBe("PostInvoicesInvoiceVoid")
    expect(first(index, "issue the invoice in_1MtHbELkdIwHu7ixl4OzzPMv")).toBe("PostInvoicesInvoiceFinalize")
    expect(first(index, "email the invoice in_1MtHbELkdIwHu7ixl4OzzPMv")).toBe("PostInvoicesInvoiceSend")
    expect(first(index, "in_1MtHbELkdIwHu7ixl4OzzPMv was paid by check")).toBe("PostInvoicesInvoicePay")
  })

  it("Stripe payment methods, checkout sessions and test clocks: forget, keep on file, expire, fast forward", () => {
    expect(first(index, "forget the card pm_1MqLiJLkdIwHu7ixUEgbFdYF")).toBe("PostPaymentMethodsPaymentMethodDetach")
    expect(first(index, "put pm_1MqLiJLkdIwHu7ixUEgbFdYF on file for cus_NffrFeUfNV2Hib")).toBe("PostPaymentMethodsPaymentMethodAttach")
    expect(first(index, "let cs_test_a1b2c3 expire now")).toBe("PostCheckoutSessionsSessionExpire")
    expect(first(index, "fast forward clock_1Mr3I2LkdIwHu7ix a month")).toBe("PostTestHelpersTestClocksTestClockAdvance")
  })

  it("GitHub runs, issues, webhooks and codespaces: hard stop, by hand, flaky, comments off, poke, boot up", () => {
    expect(first(index, "hard stop run 8812 on acme/api")).toBe("actions_force-cancel-workflow-run")
    expect(first(index, "kick off deploy.yml on acme/api by hand")).toBe("actions_create-workflow-dispatch")
    expect(first(index, "restart the flaky run 8812 on acme/api")).toBe("actions_re-run-workflow")
    expect(first(index, "stop comments on acme/api#42")).toBe("issues_lock")
    expect(first(index, "reopen comments on acme/api#42")).toBe("issues_unlock")
    expect(first(index, "poke hook 7 on acme/api")).toBe("repos_ping-webhook")
    expect(first(index, "boot up my codespace fuzzy-potato-9x")).toBe("codespaces_start-for-authenticated-user")
    expect(first(index, "power down my codespace fuzzy-potato-9x")).toBe("codespaces_stop-for-authenticated-user")
  })

  it("Slack reminders, Do Not Disturb, presence and link previews: tick off, back, appear offline, unfurl", () => {
    expect(first(index, "tick off my reminder Rm40404")).toBe("slack_reminders_complete")
    expect(first(index, "i'm back, end focus")).toBe("slack_dnd_endSnooze")
    expect(first(index, "appear offline on slack")).toBe("slack_users_setPresence")
    expect(first(index, "turn on link previews for my app's links")).toBe("slack_chat_unfurl")
  })

  it("actions the APIs do as an update with a flag: renewal, a discontinued product, a stolen card, not planned, the wiki off", () => {
    expect(first(index, "don't renew sub_1MowQVLkdIwHu7ixeRlqHVzs after this month")).toBe("PostSubscriptionsSubscriptionExposedId")
    expect(first(index, "we stopped selling prod_NWjs8kKbJWmuuc, take it off sale")).toBe("PostProductsId")
    expect(first(index, "ic_1MvSieLkdIwHu7ixn6uuO0Xu card was stolen")).toBe("PostIssuingCardsCard")
    expect(first(index, "close acme/api#77 as not planned")).toBe("issues_update")
    expect(first(index, "turn off the wiki of the acme/api repository")).toBe("repos_update")
    expect(first(index, "mark commit 9fceb02 green on acme/api")).toBe("repos_create-commit-status")
  })

  it("GitHub review requests asked again or taken back, and a cache busted", () => {
    expect(first(index, "nudge the reviewer on acme/api#88")).toBe("pulls_request-reviewers")
    expect(first(index, "unrequest @lee from acme/api#88")).toBe("pulls_remove-requested-reviewers")
    expect(first(index, "bust the cache on acme/web")).toBe("actions_delete-actions-cache-by-key")
  })
})
