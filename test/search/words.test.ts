/**
 * `words.ts` reads ASCII text by a scan of character codes instead of a regular expression (issue
 * #32's build: a match array per word was a fifth of what a process's first build allocated). The
 * scan must read every text as the expression did: held here against the expression's reading,
 * written out below as it was, over every text of the evaluation's real imports (GitHub, Stripe,
 * Slack: names, descriptions, parameter names and descriptions, URLs) and over shapes written to
 * hit the scan's edges (apostrophes, case changes, digits, markup, non-ASCII).
 */
import { beforeAll, describe, expect, it } from "vitest"
import { buildRegistry, type CandidateTool } from "../../bench/search/registry.js"
import { LEXICON } from "../../src/internal/search/lexicon.js"
import { phraseWords } from "../../src/internal/search/query.js"
import { isStopword, plainText, rawWords, stem, terms } from "../../src/internal/search/words.js"

/** `rawWords` as it read ASCII text before the scan (the expression, match by match). */
const byExpression = (text: string): Array<string> => {
  // The markup out as before (`plainText` is unchanged): the words of what is left are what changed.
  const plain = plainText(text)
  const pattern = /[^\u0000-\u007f]/.test(plain) ? /[\p{L}\p{N}]+(?:['’]\p{L}+)?/gu : /[A-Za-z0-9]+(?:'[A-Za-z]+)?/g
  const words: Array<string> = []
  for (const [word] of plain.matchAll(pattern)) {
    if (!/.[A-Z]/.test(word) || /^[A-Z]{2,8}s$/.test(word)) {
      words.push(word.includes("’") ? word.toLowerCase().replace("’", "'") : word.toLowerCase())
      continue
    }
    const parts = word.replace(/([a-z0-9])([A-Z])/g, "$1 $2").replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2").split(" ")
    if (parts.length === 2 && /^[A-Z][a-z]+[A-Z]/.test(word)) words.push(word.toLowerCase())
    for (const part of parts) words.push(part.toLowerCase().replace("’", "'"))
  }
  return words
}

const EDGES = [
  "",
  "'",
  "a'",
  "don't",
  "it's the owner's repo",
  "rock'n'roll",
  "x'Y'z",
  "the API's PRs and IDs",
  "listForRepo getHTTPResponse XMLHttpRequest",
  "GitHub CodeQL iOS macOS",
  "ABCDEFGHIs ABs Abs URL HTTP ID V2API API2 A1B2 URLs IDs URLS X",
  "OAuth2 OAUTHToken HTTPs 2FA ETag",
  "v1.2.3 sha 1a2b3c4d 42nd 3pm",
  "O'Brien can'T",
  "chat.postMessage team_slug pull-requests",
  "<a href=\"x\">link</a> [text](https://example.com) &amp; &#169; https://api.github.com/repos",
  "café naïve — what’s up",
  "end'",
  "trailing apostrophe' 9'a"
]

describe("the scan of ASCII words", () => {
  let tools: ReadonlyArray<CandidateTool> = []
  beforeAll(async () => {
    tools = (await buildRegistry()).tools
  })

  it("reads the edge cases as the expression did", () => {
    for (const text of EDGES) expect(rawWords(text), text).toEqual(byExpression(text))
    expect(rawWords("listForRepo it's PRs")).toEqual(["list", "for", "repo", "it's", "prs"])
    expect(terms("Lists the owner's PRs, per_page 30")).toEqual(["list", "owner", "pr", "page"])
  })

  it("reads every text of the real imports as the expression did", () => {
    const texts = new Set<string>()
    const visit = (properties: Readonly<Record<string, { readonly description?: string; readonly properties?: unknown }>> | undefined): void => {
      for (const [name, schema] of Object.entries(properties ?? {})) {
        texts.add(name)
        if (schema.description !== undefined) texts.add(schema.description)
        visit(schema.properties as typeof properties)
      }
    }
    for (const tool of tools) {
      texts.add(tool.name)
      texts.add(tool.description)
      if (tool.url !== undefined) texts.add(tool.url)
      visit(tool.parameters?.properties as Parameters<typeof visit>[0])
    }
    expect(texts.size).toBeGreaterThan(5000)
    let differ = 0
    for (const text of texts) if (JSON.stringify(rawWords(text)) !== JSON.stringify(byExpression(text))) differ += 1
    expect(differ).toBe(0)
  })
})

/** `terms` as it read a text before its table of words met (`words.ts` `termAt`): each raw word filtered and stemmed. */
const termsByWords = (text: string): Array<string> =>
  rawWords(text)
    .filter((word) => word.length >= 2 && !isStopword(word) && !/^[0-9]+$/.test(word))
    .map((word) => stem(word.endsWith("'s") ? word.slice(0, -2) : word))

describe("the terms of a text, by the table of words met", () => {
  it("reads a word met in capitals, in part of an identifier and alone as the same term", () => {
    // `Repos` is found in the table by its characters lowercased where it stands; `listRepos` is
    // split into strings first; the word alone after both is the entry either made.
    expect(terms("Repos URL")).toEqual(["repo", "url"])
    expect(terms("listRepos url's")).toEqual(["list", "repo", "url"])
    expect(terms("repos URLs the 42 a")).toEqual(["repo", "url"])
  })

  it("reads every text of the real imports as rawWords filtered and stemmed, twice (the table empty, then full)", async () => {
    const { tools } = await buildRegistry()
    const texts = new Set<string>()
    for (const tool of tools) {
      texts.add(tool.name)
      texts.add(tool.description)
      for (const [name, schema] of Object.entries(tool.parameters?.properties ?? {})) texts.add(`${name} ${(schema as { description?: string }).description ?? ""}`)
    }
    expect(texts.size).toBeGreaterThan(4000)
    for (let pass = 0; pass < 2; pass++) {
      let differ = 0
      for (const text of texts) if (JSON.stringify(terms(text)) !== JSON.stringify(termsByWords(text))) differ += 1
      expect(differ).toBe(0)
    }
  })

  it("reads words past the table's bound as before it (the table stops growing; a probe still ends)", () => {
    // 70,000 distinct words (more than the table's 65,536 slots): were it to keep growing, its probe
    // for a word not in it would never meet an empty slot.
    const letters = (n: number): string => {
      let word = ""
      for (let rest = n; word.length < 4 || rest > 0; rest = Math.floor(rest / 26)) word += String.fromCharCode(97 + (rest % 26))
      return `zq${word}`
    }
    const text = Array.from({ length: 70_000 }, (_, n) => letters(n)).join(" ")
    expect(terms(text)).toEqual(termsByWords(text))
    expect(terms("Listing the zqUnseenWords")).toEqual(["list", "zq", "unseen", "word"])
  })
})

describe("a lexicon phrase's words (query.ts `phraseWords`)", () => {
  // The phrase table is built by a process's first search: a word of lowercase letters and digits is
  // taken as itself instead of through `rawWords`. It must be what `rawWords` made of every phrase.
  it("reads every phrase of the lexicon as rawWords does, and a word with capitals or punctuation through it", () => {
    const phrases = LEXICON.flatMap((entry) => entry.phrases)
    expect(phrases.length).toBeGreaterThan(3000)
    let differ = 0
    for (const phrase of phrases) if (JSON.stringify(phraseWords(phrase)) !== JSON.stringify(phrase.flatMap((word) => rawWords(word)))) differ += 1
    expect(differ).toBe(0)
    expect(phraseWords(["pull", "request's", "CI", "2fa", "", "chat.postMessage"])).toEqual(["pull", "request's", "ci", "2fa", "chat", "post", "message"])
  })
})
