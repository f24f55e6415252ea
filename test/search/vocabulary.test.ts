/**
 * The ranker's language data: WordNet read lazily by random access, and the rule of the
 * evaluation (bench/search/README.md) that no list the ranker is built from holds a request of the
 * evaluation — checked over every source file of the search wing.
 */
import * as Fs from "node:fs"
import * as Path from "node:path"
import { describe, expect, it } from "vitest"
import { readTasks } from "../../bench/search/data.js"
import * as Hints from "../../src/internal/search/hints.js"
import { LEXICON } from "../../src/internal/search/lexicon.js"
import * as WordNet from "../../src/internal/search/wordnet.js"
import { rawWords, terms } from "../../src/internal/search/words.js"

describe("WordNet", () => {
  it("gives the synonyms of a word's common senses, inflections included", () => {
    expect(WordNet.synonyms("reimburse")).toContain("refund")
    expect(WordNet.synonyms("reimbursed")).toContain("refund")
    expect(WordNet.synonyms("shopper")).toContain("customer")
  })

  it("knows nothing of a word it does not have, or of what is no word", () => {
    expect(WordNet.synonyms("zzqxv")).toEqual([])
    expect(WordNet.synonyms("C024BE91L")).toEqual([])
    expect(WordNet.synonyms("a".repeat(5000))).toEqual([])
  })
})

describe("words", () => {
  it("splits identifiers where a person would put a space, and keeps a brand whole beside its parts", () => {
    expect(rawWords("listForRepo team_slug chat.postMessage pull-requests")).toEqual([
      "list", "for", "repo", "team", "slug", "chat", "post", "message", "pull", "requests"
    ])
    expect(rawWords("GitHub")).toEqual(["github", "git", "hub"])
    // An abbreviation in the plural is one word.
    expect(rawWords("PRs IDs URLs")).toEqual(["prs", "ids", "urls"])
    expect(terms("<p>Retrieves the <a href=\"/docs\">invoices</a> of a customer</p>")).toEqual(["retriev", "invoic", "custom"])
  })
})

describe("hints", () => {
  it("reads owner/repo#n, @org/team, @user, #channel, ids, hashes, emails, versions", () => {
    const read = Hints.read("close acme/api#12 for @acme/qa and @bob in #general, cus_9s6XKz, C024BE91L, 9fceb02 ana@acme.io v1.2.0")
    expect(read.hints.map((hint) => hint.words.join(" "))).toEqual([
      "email user customer",
      "repository repo owner issue pull number",
      "team org slug",
      "user username",
      "channel conversation",
      "channel conversation slack",
      "commit sha",
      "tag release version"
    ])
    expect(read.idPrefixes).toEqual(["cus"])
    expect(read.numbered).toContainEqual([])
    expect(rawWords(read.rest.replaceAll(Hints.CUT, " "))).toEqual(["close", "for", "and", "in"])
  })

  it("reads a file by its extension, an environment variable's name, a time of day, a Slack token", () => {
    const read = Hints.read("put README.md and docs/setup.md in AWS_SECRET_KEY at 9:30 am, or 17:00, with xoxb-123-abc")
    expect(read.hints.map((hint) => hint.words.join(" "))).toEqual([
      "token auth slack",
      "path file content",
      "file path content",
      "secret variable name",
      "time schedule scheduled",
      "time schedule scheduled"
    ])
    expect(rawWords(read.rest.replaceAll(Hints.CUT, " "))).toEqual(["put", "and", "in", "at", "or", "with"])
  })

  it("does not take a name for an id: team_slug and ending_before have no digit or capital", () => {
    expect(Hints.read("team_slug ending_before").idPrefixes).toEqual([])
  })
})

describe("the evaluation's rule", () => {
  const normalize = (text: string): string => rawWords(text).join(" ")
  const requests = readTasks().tasks.map((task) => normalize(task.query)).filter((request) => request.split(" ").length >= 3)

  it("no request of the evaluation is in the lexicon", () => {
    const phrases = new Set(LEXICON.flatMap((entry) => entry.phrases.map((phrase) => normalize(phrase.join(" ")))))
    expect(requests.filter((request) => phrases.has(request))).toEqual([])
  })

  it("no source file of the search wing holds a request of the evaluation", () => {
    const dir = Path.join(import.meta.dirname, "../../src/internal/search")
    for (const file of Fs.readdirSync(dir)) {
      const text = normalize(Fs.readFileSync(Path.join(dir, file), "utf8"))
      expect(requests.filter((request) => text.includes(request)), file).toEqual([])
    }
  })

  it("no test of the search wing quotes a request of the evaluation", () => {
    // A test's requests are written for it: one taken from a task set tunes the ranker to that
    // task through the test that holds it. Counted, not shown: a held-out request stays unread.
    const dir = import.meta.dirname
    for (const file of Fs.readdirSync(dir).filter((name) => name.endsWith(".ts"))) {
      const text = normalize(Fs.readFileSync(Path.join(dir, file), "utf8"))
      expect(requests.filter((request) => text.includes(request)).length, file).toBe(0)
    }
  })
})
