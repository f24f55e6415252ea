/**
 * Recall round 15 (issue #32): what a request says on an issue or a pull request, and what it files
 * or reacts with there. A verb of saying on an item it names is a comment on it (`makes.ts`
 * `itemSense`; WordNet's comment is a kind of say / tell), what follows the item with no "that" is
 * what to say (`query.ts` `SAID_AT`), "let <a few words> know" takes an object of up to four words,
 * "log a …" is a create (WordNet's log, "enter into a log", a kind of record), and an emoji typed as
 * itself is read as its shortcode is (`hints.ts`). Over the evaluation's real imports; requests
 * written for these tests, not taken from a task set.
 */
import { describe, expect, it } from "vitest"
import * as Hints from "../../src/internal/search/hints.js"
import { namesOver } from "./realIndex.js"

const { names } = namesOver()

describe("saying on an issue or a pull request", () => {
  it("is a comment on it, what follows the item being what to say", () => {
    // Read as a message, the words said ("fix", "live") ranked other tools, and no comment was near.
    expect(names("tell the folks on octo/site#41 the fix is live")[0]).toBe("issues_create-comment")
    expect(names("let the people watching octo/site#41 know we rolled back")[0]).toBe("issues_create-comment")
  })
})

describe("logging", () => {
  it("a bug is filing one, logging someone out is not", () => {
    expect(names("log a bug on octo/site: images fail to load")[0]).toBe("issues_create")
    expect(names("log @kim out of every session")[0]).toBe("slack_admin_users_session_invalidate")
  })
})

describe("an emoji typed as itself", () => {
  it("is a hint, as its shortcode is, with or without a skin tone or a presentation selector", () => {
    for (const emoji of ["👍", "👍🏽", "❤️", "👩‍💻"]) expect(Hints.read(`${emoji} octo/site#41`).hints.some((hint) => hint.action === "create")).toBe(true)
    expect(Hints.read("Acme® and Acme™ docs").hints).toHaveLength(0)
  })

  it("said on an issue is a reaction to it", () => {
    expect(names("👍 octo/site#41")[0]).toBe("reactions_create-for-issue")
    expect(names("❤️ on octo/site#41")[0]).toBe("reactions_create-for-issue")
  })
})
