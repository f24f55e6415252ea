/**
 * Words of tool documents and of requests, one way for both sides of the index: identifiers split
 * where people would put a space (`listForRepo`, `team_slug`, `chat.postMessage`, `pull-requests`),
 * HTML and Markdown links reduced to their text, case folded, function words dropped, and every
 * word reduced to its Porter stem (the `stemmer` package) so that "invites", "invited" and
 * "inviting" meet "invitation"'s stem where Porter can, and the lexicon's stems where it cannot.
 */
import { stemmer } from "stemmer"

/**
 * English function words and request filler: words that say nothing about which operation is
 * meant. General English, not a list taken from any request set.
 */
const STOPWORDS: ReadonlySet<string> = new Set([
  "a", "an", "the", "and", "or", "but", "nor", "so", "yet", "of", "to", "in", "on", "at", "by", "for", "from",
  "with", "without", "into", "onto", "over", "under", "about", "as", "per", "via", "than", "then", "that", "this",
  "these", "those", "it", "its", "it's", "is", "are", "was", "were", "be", "been", "being", "am", "do", "does",
  "did", "done", "have", "has", "had", "having", "i", "me", "my", "mine", "we", "us", "our", "ours", "you",
  "your", "yours", "he", "him", "his", "she", "her", "hers", "they", "them", "their", "theirs", "there", "here",
  "what", "what's", "whats", "which", "who", "who's", "whos", "where's", "how's", "whom", "whose", "when", "where", "why", "how", "can", "could",
  "would", "should", "shall", "will", "may", "might", "must", "please", "pls", "plz", "just", "also", "too",
  "very", "really", "some", "any", "each", "such", "own", "same", "other", "another", "now", "again", "ever",
  "still", "already", "up", "out", "off", "down", "if", "not", "no", "yes", "ok", "let", "lets", "let's",
  "i'm", "im", "i'd", "i've", "we're", "we've", "don't", "dont", "doesn't", "isn't", "aren't", "can't",
  "won't", "that's", "there's", "thing", "things", "stuff", "one", "ones", "want", "wanna", "need", "like",
  "go", "going", "gonna", "got", "get", "gets", "getting", "give", "gives", "make", "makes", "made", "way",
  "something", "anything", "everything", "someone", "anyone", "everyone", "all", "every", "whatever", "e.g",
  "etc", "via", "only", "more", "most", "much", "many", "few", "lot", "lots", "bit", "kind", "sort", "right",
  "new", "old", "yet", "since", "until", "while", "because", "though", "even", "back", "both", "either",
  "neither", "hey", "hi", "hello", "thanks", "thank", "quick", "quickly", "asap", "sure"
])

/**
 * Words that the stop list drops in running text but that carry an operation when they stand for
 * one: "new" ("a new repo" is a create), "all" ("all repos" is a list). The lexicon reads the raw
 * words before the stop list applies, so it still sees them.
 *
 * @internal
 */
export const isStopword = (word: string): boolean => STOPWORDS.has(word)

/** What `plainText` may reduce: a tag, a link, an entity, a URL. */
const MARKUP = /[<[&]|https?:/

/**
 * `<a href="…">text</a>` → text; `[text](url)` → text; bare URLs and HTML entities dropped.
 *
 * @internal
 */
export const plainText = (text: string): string =>
  // Most texts have none of these: the four passes only run where they can change something.
  MARKUP.test(text)
    ? text
      .replace(/<[^>]{0,200}>/g, " ")
      .replace(/\[([^\]]{0,200})\]\([^)]{0,400}\)/g, "$1")
      .replace(/https?:\/\/\S{0,400}/g, " ")
      .replace(/&[a-z]{2,8};|&#\d{1,6};/g, " ")
    : text

const WORD = /[\p{L}\p{N}]+(?:['’]\p{L}+)?/gu
// ASCII text (almost every API document) is read as `/[A-Za-z0-9]+(?:'[A-Za-z]+)?/g` would match
// it, by a scan of character codes (`eachWord`): faster than Unicode property escapes, and no match
// array per word.
const NON_ASCII = /[^\u0000-\u007f]/
/**
 * What sends a text past the plain scan: anything `plainText` reduces (its own test) or a
 * character beyond ASCII. One pass over a text where `eachWord` made two (`plainText`'s test, then
 * `NON_ASCII`'s over the same characters), and most texts read have neither: two regular expressions
 * run over every text read were a third of the scan's time in a process's first build (issue #32).
 */
const NOT_PLAIN_ASCII = new RegExp(`${MARKUP.source}|[\\u0080-\\uffff]`)
const HAS_UPPER_INSIDE = /.[A-Z]/
/** An abbreviation in the plural (`PRs`, `IDs`, `URLs`, `CVEs`): one word, not `P` and `Rs`. */
const ABBREVIATION_PLURAL = /^[A-Z]{2,8}s$/

/**
 * Raw words of a text, identifiers split at case changes and punctuation, lowercased, in order.
 * Apostrophes inside a word stay (`what's`), so the stop list can drop contractions whole.
 *
 * @internal
 */
export const rawWords = (text: string): Array<string> => {
  const words: Array<string> = []
  eachWord(text, (word) => words.push(word))
  return words
}

/**
 * The class of each ASCII character code for `eachWord`'s scan (0: no letter nor digit), read in
 * one typed-array load where the scan called a predicate per test (`isAlnum`, `isUpper`, `isLower`,
 * `isDigit`: three or four calls per character). A process's first build runs the scan unoptimised
 * for a while, where every call is a call; the scan only reads ASCII text (`NOT_PLAIN_ASCII`, `NON_ASCII`).
 */
const LOWER = 1
const UPPER = 2
const DIGIT = 4
const LETTER = LOWER | UPPER
const CLASS: Uint8Array = (() => {
  const table = new Uint8Array(128)
  for (let code = 97; code <= 122; code++) table[code] = LOWER
  for (let code = 65; code <= 90; code++) table[code] = UPPER
  for (let code = 48; code <= 57; code++) table[code] = DIGIT
  return table
})()
const APOSTROPHE = 39

/**
 * `String.prototype.charCodeAt`, called as a function by `eachWord`'s scan. Called as a method
 * (`plain.charCodeAt(at)`), the property load before each call saw every kind of string the
 * reading is handed (flat, concatenated, sliced, internalized: a map each) and went megamorphic,
 * and the optimised scan then looked the method up in the stub cache and called it generically
 * for every character — 8% of the instructions of a build with nothing read before (callgrind,
 * `Builtins_LoadIC_Megamorphic`). Called so, the target is this one function, which V8 inlines.
 */
const codeAt = String.prototype.charCodeAt

/**
 * `rawWords`, each word handed to `visit` as it is read. ASCII text (almost every API document) is
 * scanned by character code, as `ASCII_WORD` matches it: a regular expression's match is an array
 * with its index and input, allocated for every word of every text read — a fifth of what the
 * first build of a process allocated (issue #32's build; `test/search/words.test.ts` holds the
 * scan to the expression's reading).
 */
const eachWord = (
  text: string,
  visit: (word: string) => void,
  span?: (text: string, start: number, end: number, hash: number) => void
): void => {
  const simple = !NOT_PLAIN_ASCII.test(text)
  const plain = simple ? text : plainText(text)
  if (!simple && NON_ASCII.test(plain)) {
    WORD.lastIndex = 0
    for (let match = WORD.exec(plain); match !== null; match = WORD.exec(plain)) wordOf(match[0], visit)
    return
  }
  const length = plain.length
  let at = 0
  while (at < length) {
    let kind = CLASS[codeAt.call(plain, at)]!
    if (kind === 0) {
      at += 1
      continue
    }
    const start = at
    // What decides how the word is split: a capital after its first character, a lowercase
    // letter, a digit just before a capital (`([a-z0-9])([A-Z])`, `wordOf`).
    let upperInside = false
    let lower = kind === LOWER
    let digitUpper = false
    // The word's hash for `termAt`, as it would compute it, taken while the characters go by.
    let hash = wordHash(WORD_HASH_SEED, codeAt.call(plain, start))
    for (at += 1; at < length; at++) {
      const code = codeAt.call(plain, at)
      const before = kind
      kind = CLASS[code]!
      if (kind === 0) break
      hash = wordHash(hash, code)
      if (kind === UPPER) {
        upperInside = true
        if (before === DIGIT) digitUpper = true
      } else if (kind === LOWER) lower = true
    }
    if (at + 1 < length && codeAt.call(plain, at) === APOSTROPHE && (CLASS[codeAt.call(plain, at + 1)]! & LETTER) !== 0) {
      hash = wordHash(hash, APOSTROPHE)
      for (at += 1; at < length; at++) {
        const code = codeAt.call(plain, at)
        kind = CLASS[code]!
        if ((kind & LETTER) === 0) break
        hash = wordHash(hash, code)
        if (kind === UPPER) upperInside = true
        else lower = true
      }
    }
    // A word with no capital inside is one word; nor is one in capitals split (`URL`, `HTTP`, `ID`:
    // no lowercase letter for a case change, no digit before a capital), most of the rest.
    if (upperInside && (lower || digitUpper)) {
      const parts = partsOf(plain.slice(start, at))
      for (let part = 0; part < parts.length; part++) visit(parts[part]!)
    } else if (span !== undefined) span(plain, start, at, hash)
    else visit(plain.slice(start, at).toLowerCase())
  }
}

/** One matched word as `rawWords` gives it: lowercased, an identifier split at its case changes. */
const wordOf = (word: string, visit: (word: string) => void): void => {
  if (!HAS_UPPER_INSIDE.test(word) || ABBREVIATION_PLURAL.test(word)) {
    visit(word.includes("’") ? word.toLowerCase().replace("’", "'") : word.toLowerCase())
    return
  }
  // `listForRepo` → list, for, repo; a brand in prose (`GitHub`, `CodeQL`) is also kept whole,
  // so "github" meets an API labelled `github`.
  const parts = word.replace(/([a-z0-9])([A-Z])/g, "$1 $2").replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2").split(" ")
  if (parts.length === 2 && /^[A-Z][a-z]+[A-Z]/.test(word)) visit(word.toLowerCase())
  for (const part of parts) visit(part.toLowerCase().replace("’", "'"))
}

/**
 * What `wordOf` visits for an ASCII word with a capital inside, once per distinct word: the same
 * identifiers and brands (`GitHub`, `listForRepo`, `PRs`) come back in text after text, and each
 * was split by two regular expressions and lowercased part by part every time. Bounded, as the stems,
 * and only for a word of an identifier's length: requests are read through it too, and a request's
 * word of a thousand characters and hundreds of parts, kept 50,000 times, held the process's memory.
 */
const splits = new Map<string, ReadonlyArray<string>>()
/** The longest word `splits`, the stems and the table of words met (`termAt`) keep. */
const KEPT_WORD = 64

/** @internal */
export const splitWords = (): number => splits.size

const partsOf = (word: string): ReadonlyArray<string> => {
  let parts = splits.get(word)
  if (parts === undefined) {
    const out: Array<string> = []
    wordOf(word, (part) => out.push(part))
    parts = out
    if (splits.size < 50_000 && word.length <= KEPT_WORD) splits.set(word, parts)
  }
  return parts
}

const stems = new Map<string, string>()

/** @internal */
export const stemmedWords = (): number => stems.size

/**
 * A word's stem (Porter), memoised: documents repeat the same few thousand words.
 *
 * @internal
 */
export const stem = (word: string): string => {
  let stemmed = stems.get(word)
  if (stemmed === undefined) {
    const code = word.charCodeAt(0)
    stemmed = code >= 48 && code <= 57 ? word : stemmer(word)
    // Bounded: a stream of unique words (ids in requests) must not grow the memo without end, and a
    // request's word of thousands of characters is stemmed, not kept (50,000 of them held megabytes).
    if (stems.size < 50_000 && word.length <= KEPT_WORD) stems.set(word, stemmed)
  }
  return stemmed
}

const isNumber = (word: string): boolean => {
  for (let i = 0; i < word.length; i++) {
    const code = word.charCodeAt(i)
    if (code < 48 || code > 57) return false
  }
  return true
}

/** What a word (lowercased) is as an index term: none for a stop word, a bare number or a letter, else its stem. */
const termOfWord = (word: string): string | undefined =>
  word.length < 2 || STOPWORDS.has(word) || isNumber(word) ? undefined : stem(word.endsWith("'s") ? word.slice(0, -2) : word)

/**
 * Each word met by `terms` (lowercased) and its term (`termOfWord`), found by the word's characters
 * where they stand in the text read: a hash of their lowercased codes into `wordSlots` (open
 * addressing; entry + 1, 0 for none), the word compared code by code. A word met before costs no
 * string: `terms` cut every word out of its text (a new string to hash, then two lookups: the stop
 * list, the stems), a sixth of what a process's first build allocated. Bounded, as the stems (and
 * only words of at most `KEPT_WORD` characters).
 */
const WORD_SLOTS = 1 << 16
const TABLE_WORDS = 40_000
/** How many slots a word's lookup walks at most (`termAt`). */
const PROBES = 64
let wordSlots: Int32Array | undefined
const tableWords: Array<string> = []
const tableTerms: Array<string | undefined> = []

const lowerCode = (code: number): number => code >= 65 && code <= 90 ? code + 32 : code

/**
 * The hash of a word's lowercased codes, one code at a time from `WORD_HASH_SEED` (`termAt`'s
 * table). Kept within 22 bits, every step a small integer: code run once per process is not
 * optimised, and an integer past 30 bits there is a heap number allocated per character.
 */
const WORD_HASH_SEED = 5381
const wordHash = (hash: number, code: number): number => (hash * 33 + lowerCode(code)) & 0x3fffff

/** Whether `known` is the text's characters from `start` on, lowercased (its length checked before). */
const isAt = (known: string, text: string, start: number): boolean => {
  for (let at = 0; at < known.length; at++) {
    if (known.charCodeAt(at) !== lowerCode(text.charCodeAt(start + at))) return false
  }
  return true
}

/**
 * `termOfWord` of the text's characters from `start` to `end`, lowercased (`tableWords`); `word`:
 * those characters lowercased already, when the caller has them as a string.
 */
const termAt = (text: string, start: number, end: number, word?: string): string | undefined => {
  let hash = WORD_HASH_SEED
  for (let at = start; at < end; at++) hash = wordHash(hash, text.charCodeAt(at))
  return termHashed(text, start, end, hash, word)
}

/**
 * `termAt`, the word's hash (`wordHash`) given: the scan of `eachWord` takes it as it reads the
 * word, where a second pass over the characters to hash them was a sixth of the reading's time.
 */
const termHashed = (text: string, start: number, end: number, hash: number, word?: string): string | undefined => {
  const slots = wordSlots ??= new Int32Array(WORD_SLOTS)
  const mask = WORD_SLOTS - 1
  // At most `PROBES` slots from the word's own (never full: at most `TABLE_WORDS` of `WORD_SLOTS`).
  // A word is kept only in an empty slot met within them, so one not met within them was never
  // kept: it is read uncached. Unbounded, words whose hashes fall together (this hash is easily
  // steered: any tool document's text) made one run that every later word of the process walked,
  // ~60× the reading's time for 40,000 such words (`wordTable.test.ts`).
  let slot = (hash ^ (hash >> 16)) & mask
  for (let probe = 0; probe < PROBES; probe++, slot = (slot + 1) & mask) {
    const entry = slots[slot]! - 1
    if (entry === -1) {
      const lowered = word ?? text.slice(start, end).toLowerCase()
      const term = termOfWord(lowered)
      if (tableWords.length < TABLE_WORDS && end - start <= KEPT_WORD) {
        slots[slot] = tableWords.push(lowered)
        tableTerms.push(term)
      }
      return term
    }
    const known = tableWords[entry]!
    if (known.length === end - start && isAt(known, text, start)) return tableTerms[entry]
  }
  return termOfWord(word ?? text.slice(start, end).toLowerCase())
}

/**
 * Where `terms` puts what it reads, and which terms it keeps: those of the call under way (not
 * re-entrant, and nothing it calls reads terms), so that a call allocates no closures.
 */
let sink: Array<string> = []
let keeps: ((term: string) => boolean) | undefined
const keepWord = (word: string): void => {
  const term = termAt(word, 0, word.length, word)
  if (term !== undefined && (keeps === undefined || keeps(term))) sink.push(term)
}
const keepSpan = (text: string, start: number, end: number, hash: number): void => {
  const term = termHashed(text, start, end, hash)
  if (term !== undefined && (keeps === undefined || keeps(term))) sink.push(term)
}

/**
 * The index terms of a text: words, stop words and bare numbers out, stemmed; with `keep`, only
 * the terms it accepts, asked in order (the index's distinct terms, without a list to filter).
 *
 * @internal
 */
export const terms = (text: string, keep?: (term: string) => boolean): Array<string> => {
  const out: Array<string> = []
  sink = out
  keeps = keep
  eachWord(text, keepWord, keepSpan)
  keeps = undefined
  return out
}
