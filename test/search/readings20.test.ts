/**
 * Recall round 20 (issue #32): how a request's grammar is read. A word in -s that English reads
 * mostly as a verb's third person ("our buyer swears", "the boss wants") names nothing to list,
 * by WordNet's tagged corpus (`WordNet.isVerbForm`, `index.sense`), but for words the APIs name as
 * collections ("runs", "commits"); "who" asked within a request ("the boss is wondering who can merge")
 * asks for people as an opening "who" does; the newest of something is its latest; a file named by
 * its format is a file, and one dropped into a place however long its name is put there (an
 * upload); an id Slack gives reminders (`Rm…`) names a reminder; "signed off" is the approval "sign off"
 * is. Requests written for these tests, not taken from a task set.
 */
import { describe, expect, it } from "vitest"
import * as Index from "../../src/internal/search/index.js"
import * as WordNet from "../../src/internal/search/wordnet.js"
import { namesOver } from "./realIndex.js"

const { index, names } = namesOver()

describe("a verb's third person", () => {
  it("by WordNet: no noun at all, or read as a verb at least four times as often as a noun", () => {
    expect(WordNet.isVerbForm("swears")).toBe(true) // no noun "swear"
    expect(WordNet.isVerbForm("owes")).toBe(true) // short, and no noun
    expect(WordNet.isVerbForm("wants")).toBe(true) // SemCor: 409 as a verb, 6 as a noun
    expect(WordNet.isVerbForm("keeps")).toBe(true)
  })

  it("not a plural read as a noun often enough, a word WordNet does not know, nor a word without -s", () => {
    expect(WordNet.isVerbForm("needs")).toBe(false) // 209 to 98
    expect(WordNet.isVerbForm("invoices")).toBe(false)
    expect(WordNet.isVerbForm("repos")).toBe(false)
    expect(WordNet.isVerbForm("want")).toBe(false)
  })

  it("names nothing to list: the request reads one thing", () => {
    const read = Index.explain(index(), "our buyer swears it got paid: is ch_3Nq8 settled?")
    expect([...read.listed]).toEqual([])
    expect(read.action).toBe("read")
    expect(names("our buyer swears it got paid: is ch_3Nq8 settled?").slice(0, 2)).toContain("GetChargesCharge")
  })

  it("but a word the APIs name as things stays a plural, however English reads it", () => {
    // "runs" and "commits" are read as verbs more often than as nouns in English.
    expect(WordNet.isVerbForm("runs")).toBe(true)
    expect([...Index.explain(index(), "the nightly runs of octo/site").listed]).toEqual(["run"])
    expect(Index.explain(index(), "octo/site commits since monday").action).toBe("list")
    expect(names("octo/site commits since monday")[0]).toBe("repos_list-commits")
  })
})

describe("who, asked within a request", () => {
  it("asks for the people, as an opening who does", () => {
    const request = "the boss is wondering who can merge into octo/site"
    expect(Index.explain(index(), request).action).toBe("list")
    expect(names(request)[0]).toBe("repos_list-collaborators")
    // Read as one thing before: "who" counted only as the request's first word.
    expect(Index.explain(index(), "wondering who watches octo/site").action).toBe("list")
  })

})

describe("the newest", () => {
  it("is the latest the APIs say", () => {
    expect(names("the newest octo/site release").slice(0, 2)).toContain("repos_get-latest-release")
    expect(names("most recent release of octo/site").slice(0, 2)).toContain("repos_get-latest-release")
  })
})

describe("a file by its format, dropped into a place", () => {
  it("is a file to upload", () => {
    expect(names("toss the sprint burndown spreadsheet into #eng")[0]).toBe("slack_files_upload")
  })

  it("is put there with an object of up to six words, where four were read before", () => {
    expect(Index.explain(index(), "drop the signed vendor contract PDF into #legal").action).toBe("create")
    // Dropped from somewhere, it is removed.
    expect(Index.explain(index(), "drop the label from octo/site#4").action).toBe("delete")
  })
})

describe("a reminder's id, and a past sign-off", () => {
  it("Rm… names one of Slack's reminders", () => {
    expect(Index.explain(index(), "what is Rm07QX2LP9 about?").values).toEqual(new Set(["remind", "slack"]))
    expect(names("what is Rm07QX2LP9 about?")[0]).toBe("slack_reminders_info")
    expect(names("tick off Rm07QX2LP9, that's handled")[0]).toBe("slack_reminders_complete")
    // Not a word that starts so, nor an id without a digit.
    expect(Index.explain(index(), "what is RMSPROPXX about?").values).toEqual(new Set())
  })

  it("signed off: a pull request's reviews", () => {
    expect(names("has anyone signed off octo/site#41 yet?").slice(0, 2)).toContain("pulls_list-reviews")
  })
})

describe("a word after an article or a possessive", () => {
  it("is the noun where the lexicon has one: my post is no send, the charge no new charge", () => {
    // Before, "post" made the request a create (a new message), where "fix it" asks for an update.
    expect(Index.explain(index(), "my post 1712000000.000100 in #ops has a typo, fix it").action).toBe("update")
    expect(names("my post 1712000000.000100 in #ops has a typo, fix it").slice(0, 2)).toContain("slack_chat_update")
    expect(Index.explain(index(), "the charge ch_3Nq8 looks odd, refund it").action).toBe("create")
    expect(names("the charge ch_3Nq8 looks odd, refund it")[0]).toBe("PostChargesChargeRefunds")
  })

  it("not the verb that opens a request", () => {
    expect(Index.explain(index(), "post in #ops: deploy done").action).toBe("create")
  })
})

describe("storing a value", () => {
  it("makes a place hold it", () => {
    expect(Index.explain(index(), "stash SENTRY_DSN in octo/site's secrets").action).toBe("create")
    expect(names("stash SENTRY_DSN in octo/site's secrets")[0]).toBe("actions_create-or-update-repo-secret")
  })
})

describe("a clause the request opens with", () => {
  it("says when or why, not what to do: its verb is not the request's", () => {
    // "merge" was the act asked for: the merge tools first.
    expect(Index.explain(index(), "once we merge octo/site#12, which files changed?").action).toBe("read")
    expect(names("once we merge octo/site#12, which files changed?").slice(0, 5)).toContain("pulls_list-files")
    expect(Index.explain(index(), "if CI fails again on octo/site#12, rerun the checks").action).toBe("action")
  })

  it("only up to its comma, and only where the request opens with it", () => {
    expect(Index.explain(index(), "merge octo/site#12 once checks pass, then tell #ops").action).toBe("action")
  })
})

describe("a question a verb of asking embeds", () => {
  it("asks to read, whatever verb the question says", () => {
    // "created" made it a create: the webhook's create ranked first.
    expect(Index.explain(index(), "the auditor asked which webhooks we created on octo/site").action).toBe("list")
    expect(names("the auditor asked which webhooks we created on octo/site").slice(0, 2)).toContain("repos_list-webhooks")
  })

  it("not an asking with no question after it", () => {
    expect(Index.explain(index(), "ask @kim to merge octo/site#3").action).toBe("action")
  })
})

describe("a clause after a dash or comma that opens with a pronoun", () => {
  it("asks where it says what is wanted, to do or to have", () => {
    // Cut as a reason before: the request was left "the board on octo/site is chaos", a read.
    const request = "the board on octo/site is chaos — we want a fresh grey wontfix label there"
    expect(Index.explain(index(), request).action).not.toBe("read")
    expect(names(request)[0]).toBe("issues_create-label")
  })

  it("explains where it says what a thing is for", () => {
    expect(Index.explain(index(), "list the admins of acme, I want their emails for compliance").action).toBe("list")
  })
})

describe("a situation, then a question", () => {
  it("the question is the request, read as a question", () => {
    // Before, the situation stayed and "open" read as the verb: a create.
    const request = "the demo is on Friday; what PRs of octo/site remain open?"
    expect(Index.explain(index(), request).action).toBe("list")
    expect(names(request)[0]).toBe("pulls_list")
  })

  it("but a question about what the situation names keeps it", () => {
    const request = "ops flagged the failing job on octo/site, what's it complaining about?"
    expect(names(request)[0]).toBe("actions_list-jobs-for-workflow-run")
  })
})
