/**
 * Recall round 15 (issue #32): three readings of what a request's shape or grammar says.
 * - A file named by a common extension (`notes.log`, `config.bak`) or as a dotfile (`.npmrc`) is a
 *   file hint (`hints.ts`): a value a file's tool takes.
 * - A verb of letting go whose object goes into or onto a place puts it there (`outcomes.ts`
 *   `PUT_INTO`; the lexicon's "place"): an add, a file's upload — not the removal the verb alone reads as.
 * - "pull" with a pronoun or a possessive or demonstrative object and no source is a withdrawal
 *   (`outcomes.ts` `WITHDRAW`).
 * - "make" with an existing object and an adjective ending the clause gives it that state: an update
 *   (`outcomes.ts` `MAKE_STATE`), not the lexicon's create.
 * - A terse clause of "no" and a short noun phrase (", no email,") names what is not wanted: its
 *   words are cut (`outcomes.ts` `NOT_WANTED`).
 * Over the evaluation's real imports; requests written for these tests.
 */
import { describe, expect, it } from "vitest"
import * as Hints from "../../src/internal/search/hints.js"
import * as Outcomes from "../../src/internal/search/outcomes.js"
import { growth } from "../support/growth.js"
import { namesOver } from "./realIndex.js"

const { names } = namesOver()

describe("a file named in a request", () => {
  it("is read as a file by its extension or its leading dot, not a domain, a version or code", () => {
    const kinds = (request: string) => Hints.read(request).hints.map((hint) => hint.words.join(" "))
    expect(kinds("attach crash.log please")).toEqual(["file path content"])
    expect(kinds("edit .npmrc now")).toEqual(["file path content"])
    expect(kinds("the old settings.bak file")).toEqual(["file path content"])
    expect(kinds("see example.com for v2.1.0")).toEqual(["tag release version"])
    expect(kinds("read process.env.TOKEN")).toEqual(["code"])
  })

  it("ranks a file's tools for it", () => {
    // The file's delete: the hint says a file, the verb a removal.
    expect(names("throw away settings.bak from octo/site on its default branch", 3)).toEqual([
      "repos_delete-file",
      "repos_delete-branch-protection",
      "repos_delete-deployment-branch-policy"
    ])
  })
})

describe("a verb of letting go into a place", () => {
  it("is rewritten as placing, into or onto only", () => {
    expect(Outcomes.rewrite("toss the summary into the room")).toBe("place the summary into the room")
    expect(Outcomes.rewrite("dump it onto the board")).toBe("place it onto the board")
    expect(Outcomes.rewrite("drop the tag from the repo")).toBe("drop the tag from the repo")
  })

  it("ranks the upload of a file put into a channel first", () => {
    // Into a channel: the upload; out of it, a removal still.
    expect(names("toss crash.log into #oncall", 3)).toEqual(["slack_files_upload", "slack_files_remote_add", "slack_files_sharedPublicURL"])
    expect(names("toss crash.log out of #oncall", 1)).toEqual(["repos_delete-file"])
  })
})

describe("pull as a withdrawal", () => {
  it("is rewritten as a removal when its object is a pronoun or determined, and no source is said", () => {
    expect(Outcomes.rewrite("pull her write access")).toBe("remove her write access")
    expect(Outcomes.rewrite("pull it up")).toBe("pull it up")
    expect(Outcomes.rewrite("pull those rows from the table")).toBe("pull those rows from the table")
    expect(Outcomes.rewrite("pull the numbers")).toBe("pull the numbers")
  })

  it("ranks the removal first", () => {
    expect(names("@zed quit, so pull their push rights to octo/site", 3)).toEqual([
      "repos_remove-collaborator",
      "repos_add-collaborator",
      "repos_create-deploy-key"
    ])
  })
})

describe("make with an adjective", () => {
  it("is rewritten as a change when the adjective ends the clause and the object exists", () => {
    expect(Outcomes.rewrite("make the wiki private")).toBe("change the wiki private")
    expect(Outcomes.rewrite("make that board staff-only, thanks")).toBe("change that board staff-only, thanks")
    // A thing to make, an adjective before its noun, a noun after "make": left as said.
    expect(Outcomes.rewrite("make a repo private")).toBe("make a repo private")
    expect(Outcomes.rewrite("make a private repo")).toBe("make a private repo")
    expect(Outcomes.rewrite("make @kim an admin")).toBe("make @kim an admin")
    expect(Outcomes.rewrite("make sure the tests are green")).toBe("make sure the tests are green")
  })

  it("ranks the repository's update first", () => {
    // Only the first is this reading's: what follows moves with the corpus (the third changed when the
    // import learnt bodies of several forms and 19 GitHub tools joined).
    expect(names("octo/legacy is frozen for good, so make that repo read-only", 1)).toEqual(["repos_update"])
  })
})

describe("a terse clause of no", () => {
  it("is cut when it stands between punctuation, at most three words long", () => {
    expect(Outcomes.rewrite("raise the number, no changelog, ship it")).toBe("raise the number, ship it")
    expect(Outcomes.rewrite("close it; no comment")).toBe("close it")
    // Inside a clause, or a longer one, or a person nobody: read as before.
    expect(Outcomes.rewrite("there is no owner on it")).toBe("there is no owner on it")
    expect(Outcomes.rewrite("ship it, no tests were run on the branch")).toBe("ship it, no tests were run on the branch")
  })

  it("lets the file's update rank first when a pull request is refused", () => {
    expect(names("change .tool-versions on octo/site to python 3.12, no PR, write it in place", 3)).toEqual([
      "repos_create-or-update-file-contents",
      "repos_update",
      "actions_set-private-repo-fork-pr-workfl_55fd613a"
    ])
  })
})

describe("round 15's patterns on a long run of their own triggers", () => {
  it("grow linearly: 100 KB costs about ten times 10 KB", () => {
    // Linear is 10x; quadratic would be 100x. Generous for a shared machine.
    expect(growth(Outcomes.rewrite, ["drop x ", "toss a b into ", "pull it ", "pull his ", "make it ", "make a-b ", ", no x ", "; no "])).toBeLessThan(30)
    expect(growth((text) => Hints.read(text).rest, [".a", "a.log ", "a/b/", ".x/y.z "])).toBeLessThan(30)
  })
})
