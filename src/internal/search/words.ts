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

/** `<a href="…">text</a>` → text; `[text](url)` → text; bare URLs and HTML entities dropped. */
const plainText = (text: string): string =>
  // Most texts have none of these: the four passes only run where they can change something.
  /[<[&]|https?:/.test(text)
    ? text
      .replace(/<[^>]{0,200}>/g, " ")
      .replace(/\[([^\]]{0,200})\]\([^)]{0,400}\)/g, "$1")
      .replace(/https?:\/\/\S{0,400}/g, " ")
      .replace(/&[a-z]{2,8};|&#\d{1,6};/g, " ")
    : text

const WORD = /[\p{L}\p{N}]+(?:['’]\p{L}+)?/gu
// The same for ASCII text (almost every API document): a plain character class is several times
// faster than Unicode property escapes.
const ASCII_WORD = /[A-Za-z0-9]+(?:'[A-Za-z]+)?/g
const NON_ASCII = /[^\u0000-\u007f]/
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
  const plain = plainText(text)
  const pattern = NON_ASCII.test(plain) ? WORD : ASCII_WORD
  pattern.lastIndex = 0
  for (let match = pattern.exec(plain); match !== null; match = pattern.exec(plain)) {
    const word = match[0]
    if (!HAS_UPPER_INSIDE.test(word) || ABBREVIATION_PLURAL.test(word)) {
      words.push(word.includes("’") ? word.toLowerCase().replace("’", "'") : word.toLowerCase())
      continue
    }
    // `listForRepo` → list, for, repo; a brand in prose (`GitHub`, `CodeQL`) is also kept whole,
    // so "github" meets an API labelled `github`.
    const parts = word.replace(/([a-z0-9])([A-Z])/g, "$1 $2").replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2").split(" ")
    if (parts.length === 2 && /^[A-Z][a-z]+[A-Z]/.test(word)) words.push(word.toLowerCase())
    for (const part of parts) words.push(part.toLowerCase().replace("’", "'"))
  }
  return words
}

const stems = new Map<string, string>()

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
    // Bounded: a stream of unique words (ids in requests) must not grow the memo without end.
    if (stems.size < 50_000) stems.set(word, stemmed)
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

/**
 * The index terms of a text: words, stop words and bare numbers out, stemmed.
 *
 * @internal
 */
export const terms = (text: string): Array<string> => {
  const out: Array<string> = []
  for (const word of rawWords(text)) {
    if (word.length < 2 || STOPWORDS.has(word) || isNumber(word)) continue
    out.push(stem(word.endsWith("'s") ? word.slice(0, -2) : word))
  }
  return out
}
