/**
 * `words.ts`' table of words met (`termAt`) is the process's, filled by every text the index reads:
 * any tool document's. Its hash is easily steered, so a document may hold words that all fall on a
 * few slots; a lookup walks at most `PROBES` slots from a word's own, and such words cost what any
 * others do. A file of its own: the table starts empty here (vitest runs each file in its own
 * module graph), as in a process whose first texts are such words.
 */
import { describe, expect, it } from "vitest"
import { rawWords, splitWords, stem, stemmedWords, terms } from "../../src/internal/search/words.js"

/** The slot `termAt` starts a lowercase word's probe at (its hash, as written there; 65,536 slots). */
const slotOf = (word: string): number => {
  let hash = 5381
  for (let at = 0; at < word.length; at++) hash = (hash * 33 + word.charCodeAt(at)) & 0x3fffff
  return (hash ^ (hash >> 16)) & 0xffff
}

/** Distinct made-up words, in order (`zq` and six letters). */
const wordsFrom = (first: number, keep: (word: string) => boolean, count: number): Array<string> => {
  const out: Array<string> = []
  for (let n = first; out.length < count; n++) {
    let word = "zq"
    for (let rest = n, k = 0; k < 6; k++, rest = Math.floor(rest / 26)) word += String.fromCharCode(97 + (rest % 26))
    if (keep(word)) out.push(word)
  }
  return out
}

/** CPU milliseconds to read the words, a hundred to a text, as the index reads its texts. */
const readTime = (words: ReadonlyArray<string>): number => {
  const before = process.cpuUsage()
  for (let at = 0; at < words.length; at += 100) terms(words.slice(at, at + 100).join(" "))
  const spent = process.cpuUsage(before)
  return (spent.user + spent.system) / 1000
}

describe("the table of words met, given words made to fall together", () => {
  it("reads them as any other words: their terms, in about the time of as many others", () => {
    // Warm the code first, so that neither timing pays for its compilation.
    readTime(wordsFrom(10_000_000, () => true, 5_000))
    const plain = wordsFrom(0, () => true, 15_000)
    const crowded = wordsFrom(20_000_000, (word) => slotOf(word) < 1_000, 15_000)
    const plainTime = readTime(plain)
    const crowdedTime = readTime(crowded)
    // Without the bound, the crowded words made one run of ~15,000 slots that each walked to its end:
    // ~50 times the plain words' time (seconds). With it, about theirs; a shared machine's noise is far
    // below the margin.
    expect(crowdedTime).toBeLessThan(plainTime * 5 + 50)
    expect(terms(crowded.slice(0, 3).join(" "))).toEqual(crowded.slice(0, 3))
  })
})

describe("the words split once (`words.ts` `partsOf`)", () => {
  it("keeps an identifier's split, not a long word's of a request", () => {
    const before = splitWords()
    rawWords("listForRepo getBalanceNow")
    expect(splitWords()).toBe(before + 2)
    // A thousand characters of parts ("aBaB…"), each distinct: read, not kept.
    for (let n = 0; n < 20; n++) expect(rawWords(`zq${n}${"aB".repeat(500)}`).length).toBe(501)
    expect(splitWords()).toBe(before + 2)
  })
})

describe("the stems kept (`words.ts` `stem`)", () => {
  it("keeps a word's stem, not a long word's", () => {
    stem("zqwalking")
    const before = stemmedWords()
    expect(stem("zqwalking")).toBe("zqwalk")
    expect(stem("zqtalking")).toBe("zqtalk")
    expect(stemmedWords()).toBe(before + 1)
    // Two thousand letters, each word distinct: stemmed, not kept.
    for (let n = 0; n < 20; n++) expect(stem(`zq${"ab".repeat(1000)}${n}ing`).length).toBeGreaterThan(2000)
    expect(stemmedWords()).toBe(before + 1)
  })
})
