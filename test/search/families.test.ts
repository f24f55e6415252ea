/**
 * Recall round 12 (issue #32), Slack side: a family of an RPC-style API's methods (`usergroups.*`)
 * borrows the words that identify its items from its create — the parameters whose description
 * says the value is unique (Slack's `handle`, "A mention handle. Must be unique among channels,
 * users and User Groups") — weakly, as a parameter's words (src/internal/search/index.ts `lentBy`).
 * Only `usergroups.create` and `usergroups.update` take a handle; the family's other members act on
 * the same groups and never say the word. Over the evaluation's real imports; requests written for
 * these tests, not taken from a task set.
 */
import { beforeAll, describe, expect, it } from "vitest"
import type { CandidateTool } from "../../bench/search/registry.js"
import * as ToolIndex from "../../src/internal/search/index.js"
import * as Learn from "../../src/internal/search/learn.js"
import { realIndex } from "./realIndex.js"

let real: { readonly tools: ReadonlyArray<CandidateTool>; readonly index: ToolIndex.ToolIndex }
beforeAll(async () => {
  real = await realIndex()
}, 120_000)

const names = (index: ToolIndex.ToolIndex, request: string, limit = 5): Array<string> =>
  index.search(request, { limit }).map((hit) => hit.name)

describe("a family borrows its create's identifying words", () => {
  it("reaches the members of the user groups' family by a handle", () => {
    // Without the borrowed "handle", enable and disable meet only the verb; Slack's user profile
    // tools (whose fields hold a display name) and GitHub's user tools rank above them.
    expect(names(real.index, "turn the @night-shift handle back on")[0]).toBe("slack_usergroups_enable")
    // Round 19: an @name said as a handle is a user group's (`hints.ts`): the disable first, above
    // the profile photo's delete (second before).
    expect(names(real.index, "switch off the @night-shift handle").slice(0, 2)).toEqual([
      "slack_usergroups_disable",
      "slack_users_deletePhoto"
    ])
  })

  it("lends whatever the order of the tools, and takes the words back with the tools", () => {
    const slack = real.tools.filter((tool) => tool.api === "slack")
    const create = slack.find((tool) => tool.name === "slack_usergroups_create")!
    // "mention" is a word of the handle's description alone in the family: who meets it borrowed it.
    const family = (index: ToolIndex.ToolIndex): Array<string> =>
      names(index, "mention", 50).filter((name) => name.startsWith("slack_usergroups_")).sort()
    // The create added after its members, in the same add: they borrow all the same.
    const reordered = ToolIndex.make()
    reordered.add([...slack.filter((tool) => tool !== create), create])
    expect(family(reordered)).toEqual([
      "slack_usergroups_create",
      "slack_usergroups_disable",
      "slack_usergroups_enable",
      "slack_usergroups_list",
      "slack_usergroups_update",
      "slack_usergroups_users_list",
      "slack_usergroups_users_update"
    ])
    // A member added in a later add, while the create is indexed, borrows too.
    const later = ToolIndex.make()
    const enable = slack.find((tool) => tool.name === "slack_usergroups_enable")!
    later.add(slack.filter((tool) => tool !== enable))
    later.add([enable])
    expect(family(later)).toContain("slack_usergroups_enable")
    // Removing the members removes the words they borrowed (MiniSearch removes by terms): the
    // create and the update are left, which say it themselves.
    const own = new Set(["slack_usergroups_create", "slack_usergroups_update"])
    later.remove(slack.filter((tool) => tool.name.startsWith("slack_usergroups_") && !own.has(tool.name)).map((tool) => tool.name))
    expect(family(later)).toEqual(["slack_usergroups_create", "slack_usergroups_update"])
  })
})

describe("an RPC method's family and verb (learn.ts `rpcMethodOf`, shared by the families and `ends.ts`)", () => {
  it("cuts a dotted method into every family prefix and its verb", () => {
    expect(Learn.rpcMethodOf("https://slack.com/api/usergroups.users.list")).toEqual({ families: ["usergroups", "usergroups.users"], verb: "list" })
    expect(Learn.rpcMethodOf("/api/chat.postMessage?x=1")).toEqual({ families: ["chat"], verb: "postMessage" })
  })

  it("no method in a REST path, a path with a parameter, a file name's dot after a digit or an undotted segment", () => {
    expect(Learn.rpcMethodOf("/v1/customers/{customer}")).toBeUndefined()
    expect(Learn.rpcMethodOf("/repos/{owner}/{repo}/contents.json")).toBeUndefined()
    expect(Learn.rpcMethodOf("/v1/files/v2.1")).toBeUndefined()
    expect(Learn.rpcMethodOf("/meta")).toBeUndefined()
    expect(Learn.rpcMethodOf(undefined)).toBeUndefined()
  })

  it("keys a family with its API: the same name in two APIs is two things", () => {
    expect(Learn.apiKey("slack", "usergroups")).not.toBe(Learn.apiKey("other", "usergroups"))
    expect(Learn.apiKey(undefined, "usergroups")).toBe(Learn.apiKey("", "usergroups"))
    expect(Learn.splitApiKey(Learn.apiKey("slack", "admin.conversations"))).toEqual({ api: "slack", name: "admin.conversations" })
    // A name alone (no API) is its own name.
    expect(Learn.splitApiKey("payment_links").name).toBe("payment_links")
  })
})
