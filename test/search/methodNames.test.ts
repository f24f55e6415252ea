/**
 * Recall round 11 (issue #32), Stripe's side: a tool named by its HTTP method and one noun
 * (`GetBalance`, `PostCustomers`) has one word a request can cover, not two (src/internal/search/index.ts
 * `nameTermsOf`). `words.ts` keeps a two-part capitalised word whole beside its parts, for a brand in
 * prose (`GitHub`); in such a name the whole (`getbal`) is no word anyone says, and counting it put
 * `GetBalance` as far from covered as `GetBalanceTransactions`. Nor is a verb of a plain read (`info`)
 * a word to cover (`READ_VERBS`), as "get" never was. Over the evaluation's real imports;
 * requests written for these tests, not taken from a task set.
 */
import { beforeAll, describe, expect, it } from "vitest"
import type * as ToolIndex from "../../src/internal/search/index.js"
import { realIndex } from "./realIndex.js"

let index: ToolIndex.ToolIndex
beforeAll(async () => {
  index = (await realIndex()).index
}, 120_000)

const hits = (request: string, limit = 2) => index.search(request, { limit })

describe("a name of a method and one noun", () => {
  it("is covered by its noun: the balance now is GetBalance, above its transactions", () => {
    // Before, the two tied to the last bit and the name's order put GetBalance first.
    for (const request of ["how large is our balance at present", "what's our available balance"]) {
      const [first, second] = hits(request)
      expect(first!.name).toBe("GetBalance")
      expect(second!.name).toBe("GetBalanceTransactions")
      expect(first!.score).toBeGreaterThan(second!.score * 1.2)
    }
  })

  it("leaves a request to list the movements to the transactions", () => {
    expect(hits("list every balance transaction this month", 1).map((hit) => hit.name)).toEqual(["GetBalanceTransactions"])
  })
})

describe("a verb of a plain read in a tool's name", () => {
  it("is no word to cover: a user's id read is the family's .info, not a part of the user", () => {
    // Before, `users.info`, `users.getPresence` and `users.profile.get` tied (the "info" counted, the "get"
    // of the others did not) and the names' order put getPresence first.
    const [first, second] = hits("what do we know about user U0123ABCD")
    expect(first!.name).toBe("slack_users_info")
    expect(first!.score).toBeGreaterThan(second!.score * 1.2)
  })

  it("is not covered by the request's word for it either: 'info' lifts no .info above its name's share", () => {
    // The request's "info" meets `files.info` and `files.remote.info` alike, and counts for neither's name:
    // their nouns decide (the order held as it was before).
    expect(hits("info on file F0123ABCD").map((hit) => hit.name)).toEqual(["slack_files_info", "slack_files_remote_info"])
  })
})
