/**
 * A request read for the index: its hints (`hints.ts`), its phrases looked up in the lexicon
 * (longest phrase first, so "get rid of" is one delete rather than "get" and "rid"), its other
 * words stemmed. The result is a list of *concepts*: each thing the request says, with the terms
 * that may stand for it in a document and a weight for each. A document scores for a concept by
 * the best of its terms, so a synonym-rich concept counts once, not once per synonym.
 */
import * as Hints from "./hints.js"
import { type Action, type Entry, LEXICON } from "./lexicon.js"
import * as Learn from "./learn.js"
import * as Makes from "./makes.js"
import * as Names from "./names.js"
import * as Outcomes from "./outcomes.js"
import * as Qualifiers from "./qualifiers.js"
import type * as Prior from "./prior.js"
import * as Values from "./values.js"
import * as WordNet from "./wordnet.js"
import { isStopword, rawWords, stem } from "./words.js"

/** @internal */
export interface Concept {
  /** Stemmed term → weight (1 for the request's own word). */
  readonly terms: ReadonlyMap<string, number>
  /** How much the concept counts in the coordination of concepts (hints and fillers less). */
  readonly weight: number
  /** Whether it stands for a value to give (an email, an amount: `Hint.attribute`), which a list is filtered by instead. */
  readonly attribute?: boolean
  /** Whether it stands for a hint of the request (`owner/repo`, `@alice`): what a search query's qualifiers name (`qualifiers.ts`). */
  readonly hint?: boolean
}

/** @internal */
export interface Query {
  readonly concepts: ReadonlyArray<Concept>
  readonly action: Action | undefined
  /** APIs the request's id prefixes resolved to. */
  readonly apis: ReadonlySet<string>
  /** Collections whose item an id of the request names (`Learn.keysOf` keys). */
  readonly items: ReadonlySet<string>
  /** The stems of the plural nouns the request names ("branches"): what it lists, not an item of it. */
  readonly listed: ReadonlySet<string>
  /** Whether the request speaks of the speaker's own things ("my gists"). */
  readonly person: Prior.Person
  /**
   * The stems of what the request's values stand for — its hints (`#12`: issue, pull, number), ids
   * (`cus_…`: customer) and numbered nouns ("release 5521") — but not its other words: what may
   * fill the item parameter that ends a tool's path. "My GPG keys" names keys, not one key.
   */
  readonly values: ReadonlySet<string>
  /** The stemmed words each hint stands for (`owner/repo`: repositori, repo, owner): which API may hold it. */
  readonly hinted: ReadonlyArray<ReadonlyArray<string>>
  /**
   * The request's typed values (`values.ts`), each as the kinds of parameter it may fill (`money`,
   * `currency`; `id:account` for `acct_…`): which tools take what the request gives.
   */
  readonly takes: ReadonlyArray<ReadonlyArray<string>>
  /** How many names of code the request says (`Hints.code`): words a search is to look for. */
  readonly code: number
  /** How many handles the request names bare ("boot @troll out of acme": `names.ts`), each a concept met by the tools a name addresses. */
  readonly names: number
  /** Whether the request asks who stands in some relation to the one item a hint names (`WHO_OF_ITEM`): a property of it. */
  readonly ofItem?: boolean
}

/** Weight of a lexicon expansion beside the request's own word. */
const EXPANSION = 0.7
/**
 * Weight of a WordNet synonym of a word the lexicon does not know: lower when the tools use the
 * word itself (it likely means what they mean by it), higher when none does.
 */
const WORDNET_KNOWN = 0.3
const WORDNET_UNKNOWN = 0.6

/** Weight of the parts of a compound word, or of two words read as one. */
const COMPOUND = 0.8

/** A word no tool uses, split in two words the tools use ("codespace" → code, space), stemmed; or none. */
const split = (word: string, known: (term: string) => boolean): Array<string> => {
  for (let at = 3; at <= word.length - 3; at++) {
    const [head, tail] = [stem(word.slice(0, at)), stem(word.slice(at))]
    if (known(head) && known(tail)) return [head, tail]
  }
  return []
}

/**
 * "unhook", "unwatch", "unpin": a verb that undoes another names what it undoes. When no tool
 * has the word itself, its root (hook, watch, pin) stands for it beside the lexicon's reading
 * (detach, remove): "unhook 9012" is about a hook.
 */
const undo = (word: string, known: (term: string) => boolean, terms: Map<string, number>): void => {
  const root = /^un([a-z]{3,})$/.exec(word)?.[1]
  if (root === undefined || known(stem(word))) return
  const term = stem(root)
  if (known(term) && !terms.has(term)) terms.set(term, COMPOUND)
}

/**
 * Weight of a word of the request's word's derivational family ("watcher" for "watching"): as a
 * lexicon expansion's. Nearer the word's own (0.9), a participle read as its agent noun outranks
 * what it describes ("issues assigned to @ana" ranked the assignees first, on requests written
 * for this outside the evaluation); 0.6–0.9 score alike on DEV–DEV4.
 */
const FORM = EXPANSION

/**
 * "who's watching …" and "List watchers", "pushing" and "pusher", "verification" and "verify": one
 * word in another form, which Porter's stems do not join. The word's derivational family in
 * WordNet (`WordNet.relatedForms`) stands for it, in the forms some tool uses, a little below the
 * word itself.
 */
const withForms = (word: string, known: (term: string) => boolean, terms: Map<string, number>): void => {
  for (const form of WordNet.relatedForms(word)) {
    const term = stem(form)
    if (known(term) && (terms.get(term) ?? 0) < FORM) terms.set(term, FORM)
  }
}

/**
 * "what's different between …", "how do they differ": a word the lexicon does not read whose
 * derivational family in WordNet (`WordNet.relatedForms`) holds a word the lexicon reads alone
 * ("difference") means what that word means there — its entry's expansions, weighed as a form is,
 * and not its kind of operation (the word may be an adjective or a noun).
 */
const formOfPhrase = (
  word: string,
  byFirst: PhraseIndex["byFirst"],
  terms: Map<string, number>
): void => {
  // Only a word WordNet knows as an adjective or adverb and as no noun, verb nor verb's form (a
  // participle, "paid", "shared", is its verb already): a noun's or a verb's
  // family is wide (a noun reaches verbs of every sense), an adjective's is its own ("different":
  // differ, difference). Reaching through every word's family lost 8 at one on DEV–DEV6.
  if (!WordNet.isNounless(word) || WordNet.isInflection(word)) return
  for (const form of WordNet.relatedForms(word)) {
    if (form === word) continue
    for (const { entry, phrase } of byFirst.get(form) ?? []) {
      if (phrase.length !== 1) continue
      for (const expansion of entry.expansions) {
        for (const part of rawWords(expansion)) {
          const term = stem(part)
          if (!isStopword(part) && (terms.get(term) ?? 0) < FORM) terms.set(term, FORM)
        }
      }
    }
  }
}

/** Weight of a hint's words and of a resolved id's collection. */
const HINT = 0.8
/** How much a hint counts among the request's concepts: it says which kind of value, not which operation. */
const HINT_WEIGHT = 0.5

interface PhraseIndex {
  /** First word → entries' phrases starting with it, longest first. */
  readonly byFirst: ReadonlyMap<string, ReadonlyArray<{ readonly phrase: ReadonlyArray<string>; readonly entry: Entry }>>
  /** Every word of the lexicon's phrases: words the lexicon reads, no handle (`names.ts`). */
  readonly words: ReadonlySet<string>
}

let phraseIndex: PhraseIndex | undefined

/**
 * A lexicon phrase's words as `rawWords` reads each (`phrase.flatMap(rawWords)`), a word of
 * lowercase ASCII letters and digits being itself (6,111 of its 6,226 words): this table is built
 * by a process's first search, unoptimised, where a `rawWords` per word was a sixth of what that
 * search allocated.
 *
 * @internal
 */
export const phraseWords = (phrase: ReadonlyArray<string>): Array<string> => {
  const out: Array<string> = []
  for (let at = 0; at < phrase.length; at++) {
    const word = phrase[at]!
    if (plainWord(word)) out.push(word)
    else for (const part of rawWords(word)) out.push(part)
  }
  return out
}

/** Whether a word is lowercase ASCII letters and digits only (and not empty): `rawWords` reads it as itself. */
const plainWord = (word: string): boolean => {
  if (word.length === 0) return false
  for (let at = 0; at < word.length; at++) {
    const code = word.charCodeAt(at)
    if (!((code >= 97 && code <= 122) || (code >= 48 && code <= 57))) return false
  }
  return true
}

/**
 * The longest of a first word's phrases (longest first) said at `i` (its first word taken as said: the
 * word itself, or the dictionary form of it), every one of that length into `entries`; `matched` if
 * none is longer. `named`: only entries that name, not act (an inflected verb's, `verbBase`).
 */
const longestAt = (
  candidates: ReadonlyArray<{ readonly phrase: ReadonlyArray<string>; readonly entry: Entry }>,
  words: ReadonlyArray<string>,
  i: number,
  entries: Array<Entry>,
  matched: ReadonlyArray<string> | undefined,
  named: boolean
): ReadonlyArray<string> | undefined => {
  const start = entries.length
  let found = matched
  for (const { entry, phrase } of candidates) {
    if (found !== undefined && phrase.length < found.length) break
    if (named && entry.action !== undefined) continue
    if (phrase.every((part, j) => j === 0 || words[i + j] === part)) {
      found = phrase
      entries.push(entry)
    }
  }
  // A longer phrase said with an article or quantifier before its last word (`saidAt`: "stop
  // further comments" is "stop comments") beats a shorter one said word for word.
  const exact = found?.length ?? 0
  let size = 0
  for (const { entry, phrase } of candidates) {
    if (phrase.length <= exact || phrase.length < size) break
    if (named && entry.action !== undefined) continue
    const span = saidAt(phrase, words, i)
    if (span === undefined) continue
    if (size === 0) entries.length = start
    found = span
    size = phrase.length
    entries.push(entry)
  }
  return found
}

/**
 * Words that may stand inside a phrase before its last word without changing what it says
 * (English grammar: an article or quantifier before a noun — "stop the comments", "stop any
 * comments" — and adjectives of quantity or time that say only which ones: "further comments",
 * "new replies"). Not a possessive, which may make a noun of a verb ("pull her access").
 */
const INSIDE: ReadonlySet<string> = new Set([
  "the", "a", "an", "any", "all", "some", "every", "each", "more", "new", "further", "future", "additional", "other"
])

/**
 * A count before a phrase's last word says only how many, as a quantifier does ("the last 20
 * messages" is "the last messages"): a number of at most six digits.
 */
const COUNT = /^\d{1,6}$/

/**
 * A phrase said at `i` (its first word taken as said), the request's words it spans, with one word
 * of `INSIDE` before its last word; `undefined` if not said so. (Not its last word in the plural:
 * the lexicon says a plural where it means one, "container images" apart from "container image".)
 */
const saidAt = (phrase: ReadonlyArray<string>, words: ReadonlyArray<string>, i: number): ReadonlyArray<string> | undefined => {
  const last = phrase.length - 1
  for (let j = 1; j < last; j++) if (words[i + j] !== phrase[j]) return undefined
  const skipped = words[i + last]
  return skipped !== undefined && (INSIDE.has(skipped) || COUNT.test(skipped)) && skipped !== phrase[last] && words[i + last + 1] === phrase[last]
    ? words.slice(i, i + last + 2)
    : undefined
}

/**
 * How many words the noun at `at` takes: two where a word other than grammar stands before a plural
 * (a compound: "pull requests", "webhook deliveries"), else one.
 */
const nounAt = (words: ReadonlyArray<string>, at: number, isPlural: Plural): number => {
  const [first, second] = [words[at], words[at + 1]]
  if (first === undefined || second === undefined || first === GAP || second === GAP || isStopword(first)) return 1
  return !isPlural(first) && isPlural(second) ? 2 : 1
}

const phrases = (): PhraseIndex => {
  if (phraseIndex !== undefined) return phraseIndex
  const byFirst = new Map<string, Array<{ readonly phrase: ReadonlyArray<string>; readonly entry: Entry }>>()
  const all = new Set<string>()
  for (const entry of LEXICON) {
    for (const phrase of entry.phrases) {
      const words = phraseWords(phrase)
      for (const word of words) all.add(word)
      const first = words[0]
      if (first === undefined) continue
      const list = byFirst.get(first) ?? []
      list.push({ phrase: words, entry })
      byFirst.set(first, list)
    }
  }
  for (const list of byFirst.values()) list.sort((a, b) => b.phrase.length - a.phrase.length)
  phraseIndex = { byFirst, words: all }
  return phraseIndex
}

const conceptOf = (own: ReadonlyArray<string>, expansions: ReadonlyArray<string>, ownWeight: number, weight: number): Concept => {
  const terms = new Map<string, number>()
  for (const word of expansions) {
    for (const part of rawWords(word)) {
      if (!isStopword(part)) terms.set(stem(part), ownWeight * EXPANSION)
    }
  }
  for (const word of own) {
    if (!isStopword(word) && word.length > 1) terms.set(stem(word), ownWeight)
  }
  return { terms, weight }
}

/** Words that open a question. */
const QUESTION: ReadonlySet<string> = new Set([
  "what", "what's", "whats", "which", "who", "who's", "whose", "whom", "how", "is", "are", "was", "were", "does",
  "do", "did", "has", "have", "any", "where", "when", "why", "whats", "show", "list"
])

/** The particles of English phrasal verbs, which may stand after the object: "hand the money back", "switch it off". */
const PARTICLES: ReadonlySet<string> = new Set(["up", "down", "off", "out", "back", "in", "into", "on", "over", "away", "through"])

/** Verbs of the lexicon that are also adjectives of state ("open issues", "new PRs"). */
const STATES: ReadonlySet<string> = new Set(["open", "new", "draft", "pending", "active", "archived", "private", "public"])
/** `prs`, `mrs`: a two- or three-letter abbreviation in the plural, too short for `isPlural`. */
const ABBREVIATED_PLURAL = /^[a-z]{1,3}s$/

/** Where a hint was cut out, among a request's words: no phrase spans it, a particle may follow it. */
const GAP = "\u0000"

/** Words that open where something goes: after a phrasal verb's particle, they make it the verb's. */
const DESTINATION: ReadonlySet<string> = new Set(["to", "into", "onto", "in"])

/** A question word with a contracted "is" or "has": `who's`, `what's`. */
const CONTRACTED = /^(who|what|where|when|how|that|there|here)(?:'s|’s)$/

/**
 * A noun in the possessive is the noun: "the channel's topic" is about the channel, as a tool's
 * document says it (`words.ts` `terms` drops the `'s` of documents' words). Left on, the stem
 * (`channel'`) is no tool's term and the lexicon does not know the word. Contractions stay:
 * `what's`, `who's`, `it's` are question and function words, and a phrase of the lexicon is kept as said.
 */
const unpossessed = (word: string): string =>
  word.length > 3 && word.endsWith("'s") && !isStopword(word) && !CONTRACTED.test(word) && !phrases().words.has(word) ? word.slice(0, -2) : word

/** The kinds of operation a verb of the lexicon asks for alone ("kick": delete; "shut": action). */
const actionsAlone = (candidates: ReadonlyArray<{ readonly phrase: ReadonlyArray<string>; readonly entry: Entry }>): ReadonlySet<Action> => {
  const out = new Set<Action>()
  for (const { entry, phrase } of candidates) if (phrase.length === 1 && entry.action !== undefined) out.add(entry.action)
  return out
}

/**
 * Whether a phrasal verb may take its particle past a hint: when the verb says nothing alone, or
 * when the phrase asks for the kind of operation the verb alone does ("shut acme/api down", "pay
 * in_… off", "kick @bob out": the particle only says more). Where they disagree ("kick @bob off":
 * a removal alone, a start as "kick off"), the hint is the verb's object and the verb keeps its
 * own meaning.
 */
const agrees = (alone: ReadonlySet<Action>, phrasal: Entry): boolean =>
  alone.size === 0 || (phrasal.action !== undefined && alone.has(phrasal.action))

/** How many words may stand between a phrasal verb and its particle. */
const PARTICLE_GAP = 4

/** Words that open another clause: a verb's particle is not looked for past them. */
const CLAUSE_OPENERS: ReadonlySet<string> = new Set(["and", "but", "then", "so", "or", "because", "since", "while", "if", "when", "before", "after", "until"])

/**
 * Words after which a word is a noun: the articles, the possessive determiners, and "for", whose
 * object is a noun ("the release for tag v4.1": no tagging asked).
 */
const NOUN_MARKERS: ReadonlySet<string> = new Set(["the", "a", "an", "my", "our", "your", "their", "his", "her", "its", "for"])

/** Words that open a noun phrase: after a particle, they make it a preposition ("down the list"). */
const DETERMINERS: ReadonlySet<string> = new Set(["the", "a", "an", "this", "that", "these", "those", "my", "our", "your", "their", "his", "her", "its", "every", "each", "all", "some", "any"])

/**
 * The particle of a phrasal verb said around its object ("turn the alarm off"), for the verb at
 * `at`: the first particle (`PARTICLES`) two to `PARTICLE_GAP` + 1 words on, in the same clause
 * and not past a hint, with which WordNet knows the verb as one (`WordNet.phrasal`), and what that
 * phrasal verb means. A particle followed by a hint or a noun is a preposition with its own object
 * ("branch off main", "look down the list"), not the verb's: it must end the request or stand
 * before a word of grammar that opens no noun phrase. WordNet's verbs, not a list: any phrasal verb of English it holds.
 */
const splitPhrasal = (words: ReadonlyArray<string>, at: number): { readonly at: number; readonly words: ReadonlyArray<string> } | undefined => {
  for (let j = at + 1; j <= at + 1 + PARTICLE_GAP && j < words.length; j++) {
    const word = words[j]!
    if (word === GAP || CLAUSE_OPENERS.has(word)) return undefined
    if (j < at + 2 || !PARTICLES.has(word)) continue
    const next = words[j + 1]
    if (next !== undefined && (next === GAP || !isStopword(next) || DETERMINERS.has(next))) continue
    const meaning = WordNet.phrasal(words[at]!, word)
    if (meaning !== undefined) return { at: j, words: meaning }
  }
  return undefined
}

/**
 * Whether a word is an English plural of a noun the tools use ("runs", "invoices", "replies"):
 * a request for many of something is a list. Words ending in -ss, -us, -is are singular; a word
 * English reads mostly as a verb's third person ("the customer swears", "legal wants …") is no
 * plural, unless the APIs name it as a collection of things ("runs", "commits").
 */
const isPlural = (word: string, known: (term: string) => boolean, named: (word: string) => boolean): boolean =>
  word.length > 2 && /[^sui]s$/.test(word) && !isStopword(word) && known(stem(word)) &&
  !(WordNet.isVerbForm(word) && !named(word))

/**
 * A word's plural reading for one request: the tools' terms and the APIs' collections to read it by;
 * `noun` where the lexicon already reads the word as a noun ("deploys"), which English's count of
 * verbs does not overrule.
 */
type Plural = (word: string, noun?: boolean) => boolean

/** Words that open a question embedded in a request ("asked which rates …", "check whether …"). */
const EMBEDDED: ReadonlySet<string> = new Set(["what", "what's", "whats", "which", "whether", "where", "when", "how"])

/** The verbs of `Outcomes.ASKING`, each as its words. */
const ASKING_WORDS: ReadonlyArray<ReadonlyArray<string>> = Outcomes.ASKING.split("|").map((verb) => verb.split(" "))

/**
 * Whether the word at `at` opens a question a verb of knowing or asking embeds ("our accountant
 * asked which rates are configured", "find out what changed"): the request asks to read, as a
 * question that opens it does, whatever verb the embedded question says.
 */
const asksAt = (words: ReadonlyArray<string>, at: number): boolean =>
  ASKING_WORDS.some((verb) => verb.length <= at && verb.every((part, j) => words[at - verb.length + j] === part))

const readPhrases = (
  words: ReadonlyArray<string>,
  concepts: Array<Concept>,
  onAction: (action: Action, at: number) => void,
  known: (term: string) => boolean,
  isPlural: Plural,
  onPlural: (word?: string) => void,
  hasAction: () => boolean
): void => {
  const { byFirst } = phrases()
  const taken = new Set<number>()
  // Where a compound after an adjective of state begins ("open pull requests"): a noun, no verb to
  // take a particle further on ("pull … in").
  let compoundAt = -1
  for (let i = 0; i < words.length;) {
    const word = words[i]!
    if (taken.has(i) || word === GAP) {
      i += 1
      continue
    }
    // A question asks to read: in "what's open in …" or "is #deals private", "open" and "private"
    // describe what to read, they are not what to do.
    // Only as the request's first word: after a hint the hint is the subject of a statement
    // ("wh_8f2k… is broken, drop it"), not a question — or where a verb of asking embeds it (`asksAt`).
    if ((i === 0 ? QUESTION.has(word) : EMBEDDED.has(word) && asksAt(words, i)) && !hasAction()) onAction("read", i)
    let matched: ReadonlyArray<string> | undefined
    let particleAt: number | undefined
    const entries: Array<Entry> = []
    const candidates = byFirst.get(word) ?? []
    matched = longestAt(candidates, words, i, entries, matched, false)
    // "who's starred …", "what's been uploaded": a contracted "is" or "has" after a question word
    // stands where a phrase of the lexicon has none ("who starred"); the longer reading wins.
    const bare = CONTRACTED.exec(word)?.[1]
    if (bare !== undefined) {
      for (const { entry, phrase } of byFirst.get(bare) ?? []) {
        if (phrase.length < 2 || (matched !== undefined && phrase.length < matched.length)) continue
        if (phrase.every((part, j) => j === 0 || words[i + j] === part)) {
          if (matched === undefined || phrase.length > matched.length) entries.length = 0
          matched = phrase
          entries.push(entry)
        }
      }
    }
    // "is @ana snoozing": an inflected verb the lexicon has in its dictionary form (WordNet's
    // `verbBase`) reads as that form's phrases, where the word itself starts none — for what they
    // name, not for an action: the form says how the verb is used ("am I following", "who owns").
    if (candidates.length === 0 && bare === undefined) {
      const base = WordNet.verbBase(word)
      if (base !== undefined) matched = longestAt(byFirst.get(base) ?? [], words, i, entries, matched, true)
    }
    // "hand the money back", "switch the alarm off": a phrasal verb's particle after a short
    // object, unless a longer phrase is said as it stands ("pull up commit … in" is "pull up").
    // Past a hint, only for a verb that says nothing alone: "kick @bob off" is the kick, not a
    // kick-off.
    if ((matched === undefined || matched.length < 2) && i !== compoundAt) {
      const alone = actionsAlone(candidates)
      for (const { entry, phrase } of candidates) {
        // "hand the repo over", and "hand octo/cli over to …" for a phrase said with its
        // preposition ("hand over to"): the particle and what follows it, after the object.
        if ((phrase.length !== 2 && phrase.length !== 3) || !PARTICLES.has(phrase[1]!)) continue
        let past = false
        for (let j = i + 1; j <= i + 1 + PARTICLE_GAP && j < words.length; j++) {
          if (words[j] === GAP) past = true
          else if (j >= i + 2 && words[j] === phrase[1] && (phrase.length === 2 || words[j + 1] === phrase[2])) {
            // Past a hint, a verb that means something alone keeps its own meaning ("kick @bob
            // off") — unless a destination follows the particle ("move octo/cli over to …",
            // "drag the file into #ops"): the particle then belongs to the verb.
            const destination = DESTINATION.has(phrase.length === 3 ? phrase[2]! : words[j + 1] ?? "")
            if (past && !agrees(alone, entry) && !destination) continue
            particleAt = j
            break
          }
        }
        if (particleAt !== undefined) {
          matched = undefined
          entries.length = 0
          entries.push(entry)
          taken.add(particleAt)
          if (phrase.length === 3) taken.add(particleAt + 1)
          concepts.push(conceptOf([word], entry.expansions, 1, entry.weight))
          if (entry.action !== undefined) onAction(entry.action, i)
          break
        }
      }
    }
    if (particleAt !== undefined && matched === undefined) {
      i += 1
      continue
    }
    // "switch the nightly job off", "lock the contractor out": a verb that starts no phrase of the
    // lexicon, with a particle after its object that makes a phrasal verb WordNet knows, means that
    // phrasal verb (`splitPhrasal`).
    // A word the lexicon knows only as a noun ("phase the old price out") may be that verb too.
    const verbless = matched === undefined ? candidates.length === 0 : matched.length === 1 && entries.every((entry) => entry.action === undefined)
    const phrasal = verbless ? splitPhrasal(words, i) : undefined
    if (phrasal !== undefined) {
      // Where one of its words is a verb of the lexicon ("tear down": destroy), the phrasal verb
      // asks for what that verb asks for, as the lexicon says it.
      const verb = phrasal.words.flatMap((lemma) => byFirst.get(lemma) ?? []).find(({ entry, phrase }) => phrase.length === 1 && entry.action !== undefined)
      if (verb !== undefined) {
        taken.add(phrasal.at)
        concepts.push(conceptOf([word], [...verb.entry.expansions, ...phrasal.words], 1, verb.entry.weight))
        onAction(verb.entry.action!, i)
        i += 1
        continue
      }
      if (matched === undefined) taken.add(phrasal.at)
    }
    if (matched === undefined) {
      if (isPlural(word)) onPlural(word)
      if (!isStopword(word) && word.length > 1 && !/^\d+$/.test(word)) {
        const concept = conceptOf([word], [], 1, 1)
        const terms = concept.terms as Map<string, number>
        // A word the tools themselves use is most likely meant as they use it; a word none of
        // them has can only be reached through its synonyms.
        const isKnown = known(stem(word))
        const weight = isKnown ? WORDNET_KNOWN : WORDNET_UNKNOWN
        for (const synonym of [...(phrasal !== undefined && matched === undefined ? phrasal.words : []), ...WordNet.synonyms(word)]) {
          if (isStopword(synonym) || synonym.length < 2) continue
          const term = stem(synonym)
          if (!terms.has(term)) terms.set(term, weight)
        }
        // Compounds written apart or together: "webhook" meets "web hook", "user group" meets "usergroup".
        if (!isKnown) for (const part of split(word, known)) if (!terms.has(part)) terms.set(part, COMPOUND)
        undo(word, known, terms)
        withForms(word, known, terms)
        formOfPhrase(word, byFirst, terms)
        const next = words[i + 1]
        if (next !== undefined && next !== GAP && !isStopword(next)) {
          const joined = stem(word + next)
          if (known(joined) && !terms.has(joined)) terms.set(joined, COMPOUND)
        }
        concepts.push(concept)
      }
      i += 1
      continue
    }
    // A word that is both a verb and a noun ("message", "post", "charge", "comment") is the noun
    // once the request has its verb: in "edit my last message", message is not a send.
    // After an article, a possessive or "for" a word that may be a noun is one ("my post 17…", "the
    // review", "for tag v4.1"): it names a thing, it asks for no act. (A word the lexicon has as a verb only keeps
    // its act: with none, "the X" left a request no verb at all and lost more than it gained.)
    const nounSaid = i > 0 && NOUN_MARKERS.has(words[i - 1]!)
    if ((hasAction() || nounSaid) && entries.some((entry) => entry.action === undefined)) {
      const nouns = entries.filter((entry) => entry.action === undefined)
      entries.length = 0
      entries.push(...nouns)
    }
    // "open issues on …", "new PRs this week": an adjective of state before a plural names what to list; only
    // "open a PR", "new repo" ask to make one.
    // The plural may end a compound ("open pull requests").
    const noun = matched.length === 1 && STATES.has(word) ? nounAt(words, i + 1, isPlural) : 1
    const next = words[i + noun]
    const after = words[i + noun + 1]
    if (
      matched.length === 1 && STATES.has(word) && next !== undefined && !isStopword(next) &&
      (isPlural(next) || ABBREVIATED_PLURAL.test(next)) &&
      // The plural is the noun, not the first half of one ("new invoices-svc repo"): what follows it is
      // no noun — a word of grammar, an adverb or an adjective ("open issues elsewhere citing …") — or
      // a verb's -ing form opening a clause about the plural ("new PRs touching the parser"): a
      // participle says which ones to list; a create is followed by what to make, not by that. Not
      // before a cut-out value (`mentioning "…"`): quoted keywords are a search's, read as before.
      (after === undefined || after === GAP || isStopword(after) || WordNet.isNounless(after) ||
        (words[i + noun + 2] !== GAP && WordNet.verbBase(after) !== undefined))
    ) {
      concepts.push(conceptOf([word], [], 1, 0.5))
      if (noun === 2) compoundAt = i + 1
      i += 1
      continue
    }
    const withAction = entries.find((entry) => entry.action !== undefined)
    if (withAction === undefined && matched.length === 1 && isPlural(word, true)) onPlural(word)
    if (withAction?.action !== undefined) onAction(withAction.action, i)
    // "show me every dispute": a word of listing later in the request makes a read a list.
    if (withAction?.action === "list") onPlural()
    const weight = Math.max(...entries.map((entry) => entry.weight))
    const concept = conceptOf(matched, entries.flatMap((entry) => entry.expansions), 1, weight)
    if (matched.length === 1) undo(word, known, concept.terms as Map<string, number>)
    if (matched.length === 1) withForms(word, known, concept.terms as Map<string, number>)
    concepts.push(concept)
    i += matched.length
  }
}

/**
 * The polite or questioning frame a request may open with — "is there a way to …", "how do I …",
 * "can you …", "I need to …" — says nothing of what to do: the verb after it does. Left in, the
 * question would make every such request a read ("is there a way to delete …"), and its "I" a
 * request about the speaker's own account. An agent narrating its next step frames it alike ("Next,
 * I'll …", "Now I'm going to …", "next step: …"): a word of sequence, then the future of the speaker.
 */
const FRAME = new RegExp(
  "^\\s*(?:(?:hey|hi|so|ok|okay|alright|right|please|pls|quick one|quick q|next|now|first|then|step \\d{1,2})[,:!.]?\\s+)?" +
    "(?:(?:my |the )?next step(?: is| will be)?(?: to)?:?|i'll|i’ll|i will|we'll|we’ll|we will|i'm going to|i’m going to|i am going to|we're going to|we’re going to|i'm gonna|i’m gonna|" +
    "is there (?:a|any|some) way (?:to|i can|we can|for me to)|is it possible to|" +
    "how (?:do|can|would|should|could) (?:i|we|you)|(?:can|could|would|will) (?:i|we|you|u)(?: please)?|" +
    "(?:i|we) (?:want|need|have|would like|wanna|gotta) to|(?:i'd|we'd|i’d|we’d) like to|" +
    "(?:help me|i'm trying to|i’m trying to|trying to|let me|lemme)|" +
    "(?:do|does) (?:anyone|someone) know how to)\\s+(?=\\S)",
  "i"
)

const unframed = (request: string): string => Outcomes.causative(request.replace(FRAME, ""))

/**
 * A request is words: past 1,000 characters it is not one. The index reads only this much of a request,
 * which bounds the work of every pattern run over it; `read` and the readers it calls are given it cut.
 *
 * @internal
 */
export const REQUEST_CHARS = 1000

/**
 * The part of a request the index reads (`REQUEST_CHARS`).
 *
 * @internal
 */
export const bounded = (request: string): string => request.slice(0, REQUEST_CHARS)

/**
 * Whether a request's hints name a person (an `@handle`, a user id) and a channel (`#name`, a
 * channel id), and no usergroup: people then added to the place join the channel
 * (`Outcomes.invitation`).
 */
const joinsChannel = (hints: ReadonlyArray<Hints.Hint>): boolean =>
  hints.some((hint) => hint.words.includes("user")) &&
  hints.some((hint) => hint.words.includes("channel")) &&
  !hints.some((hint) => hint.words.includes("usergroup"))

/** Whether the request's hints name a person (an @name, a user id): people taken out of a place (`Outcomes.membersOut`). */
const namesPerson = (hints: ReadonlyArray<Hints.Hint>): boolean => hints.some((hint) => hint.words.includes("user"))

/**
 * Reads a request, already `bounded`.
 *
 * @internal
 */
export const read = (request: string, vocabulary: Learn.Vocabulary, known: (term: string) => boolean = () => true): Query => {
  const recognised = Values.recognise(request)
  const spans = Values.spanEnds(request, recognised)
  const spanned: Hints.Spanned = {
    first: new Set(spans.map(({ first }) => request.slice(first.start, first.end))),
    second: new Set(spans.map(({ second }) => request.slice(second.start, second.end)))
  }
  const { code, hints, idPrefixes, numbered, rest } = Hints.read(unframed(withoutPoints(request, spans)), spanned)
  const takes = takesOf(recognised, spans, vocabulary)
  const concepts: Array<Concept> = []
  const apis = new Set<string>()
  const items = new Set<string>()
  const values = new Set<string>()
  const hinted: Array<ReadonlyArray<string>> = []
  for (const hint of hints) {
    const concept = conceptOf([], hint.words, HINT / EXPANSION, hint.weight ?? HINT_WEIGHT)
    concepts.push(hint.attribute === true ? { ...concept, attribute: true, hint: true } : { ...concept, hint: true })
    hinted.push(hint.words.filter((word) => !isStopword(word)).map(stem))
    if (hint.attribute !== true) for (const word of hint.words) values.add(stem(word))
  }
  for (const prefix of idPrefixes) {
    const candidates = Learn.resolvePrefix(vocabulary, prefix)
    if (candidates.length === 0) {
      // A prefix that abbreviates no collection by its letters may be a word developers shorten
      // (`txn_…` a transaction): read through the lexicon, it names the collections ending in that word.
      const word = Makes.prefixWord(prefix, LEXICON)
      if (word === undefined) continue
      const term = stem(word)
      concepts.push({ terms: new Map([[term, HINT]]), weight: 1 })
      values.add(term)
      for (const key of Learn.resolveNumbered(vocabulary, [word], stem)) items.add(key)
      continue
    }
    const terms = new Map<string, number>()
    for (const { key, weight, words } of candidates) {
      if (weight === 1) items.add(key)
      for (const word of words) {
        const term = stem(word)
        terms.set(term, Math.max(terms.get(term) ?? 0, HINT * weight))
        values.add(term)
      }
    }
    concepts.push({ terms, weight: 1 })
    // Only an unambiguous prefix says which API the request is for.
    const apisOf = new Set(candidates.map(({ api }) => api))
    const [only] = apisOf
    if (apisOf.size === 1 && only !== undefined) apis.add(only)
  }

  for (const nouns of numbered) {
    // "the comment 5521": try the two words, then the last one alone.
    const two = nouns.length === 2 ? Learn.resolveNumbered(vocabulary, nouns, stem) : []
    const keys = two.length > 0 ? two : Learn.resolveNumbered(vocabulary, nouns.slice(-1), stem)
    for (const key of keys) items.add(key)
    for (const noun of nouns) values.add(stem(noun))
  }

  let action: Action | undefined
  let plural = false
  const listed = new Set<string>()
  // A hint cut out of the request ends a phrase ("kick @bob" is no phrase), but a phrasal verb's
  // particle may follow it as it follows any short object: "drag @sam into #launch".
  // A handle said bare ("out of acme", "acme's repos") is a value, as a hint is: cut out, and a
  // concept the tools it may address meet (`names.ts`).
  const said = withoutPayload(Outcomes.membersOut(Outcomes.invitation(Outcomes.rewrite(Qualifiers.participial(rest)), joinsChannel(hints)), namesPerson(hints)))
  const names = Names.namesIn(said, known, (word) => phrases().words.has(word))
  let unnamed = said
  for (const { end, start } of [...names].reverse()) unnamed = unnamed.slice(0, start) + Hints.CUT + unnamed.slice(end)
  for (let n = 0; n < names.length; n++) concepts.push({ terms: new Map([[Names.NAME, HINT]]), weight: HINT_WEIGHT, hint: true })
  const wordsOf = (text: string): Array<string> =>
    text.split(Hints.CUT).flatMap((segment, at) => at === 0 ? rawWords(segment) : [GAP, ...rawWords(segment)]).map(unpossessed)
  const words = wordsOf(unnamed)
  // The verbs of a clause the request opens with ("before we ship v2, which files …") are not what it asks.
  const opening = LEADING_CLAUSE.exec(unnamed)
  const actsFrom = opening === null ? 0 : wordsOf(opening[0]).length
  // A word the APIs name as things is a plural even where English reads it mostly as a verb ("runs").
  const named = (word: string): boolean => Learn.resolveNumbered(vocabulary, [word], stem).length > 0
  const always = (): boolean => true
  readPhrases(words, concepts, (found, at) => at >= actsFrom && (action ??= found), known, (word, noun) => isPlural(word, known, noun === true ? always : named), (word) => {
    plural = true
    if (word !== undefined) listed.add(stem(word))
  }, () => action !== undefined)
  // "send $200 to …": a verb of sending whose object is money moves money (`makes.ts`).
  Makes.moneySense(concepts, takes.some((kinds) => kinds.includes("money")) && Makes.sendsMoney(request))
  // "tell them on owner/repo#12 …": said on an issue or a pull request it names, a message is a
  // comment; a reply to a chat message it names is a message in its thread.
  const itemSaid = hints.find((hint) => hint.item === true && (hint.words.includes("issue") || hint.words.includes("message")))
  Makes.saidOn(concepts, itemSaid === undefined ? undefined : itemSaid.words.includes("issue") ? "item" : "message")
  // A request that names things without a verb ("the open invoices", "our webhooks") asks to see
  // them. Whether it asks for one or for many is said by the grammatical number of what it names
  // ("show me the runs" lists, "show me run 5") — and an id names one.
  const one = idPrefixes.length > 0 || numbered.some((nouns) => nouns.length > 0) || hints.some((hint) => hint.item === true)
  // "who approved acme/web#7", "who follows @x": asking who asks for the people, most often
  // several, even where an id names what they acted on.
  const who = WHO.test(rest)
  // "who is down for globex/site#9": who stands in a relation to one named item is a property of it.
  const ofItem = who && hints.some((hint) => hint.item === true) && WHO_OF_ITEM.test(rest)
  // A request with no verb of its own may say it with a hint (`:eyes: on …`: put a reaction on).
  action ??= hints.find((hint) => hint.action !== undefined)?.action
  // Nor a hint: a thing named to be made ("a coupon for 20% off", "payment link for 3x mugs").
  if (action === undefined && Makes.asksToMake(unframed(request))) action = "create"
  const calledBack = callsBack(hints, concepts)
  if (calledBack && (action === undefined || action === "read")) action = "create"
  // No verb, an item named and a value given to set (an address, an email, a URL): the value is the
  // item's new one ("cus_… at <new address>" updates the customer), not something to read.
  if (action === undefined && one && hints.some((hint) => hint.attribute === true && hint.modifier !== true)) action = "update"
  const reading = action === undefined || action === "read" || action === "list"
  const asked: Action = !reading ? action! : plural || (who && !ofItem) ? "list" : one ? "read" : action ?? "read"
  const person = { self: rawWords(rest).some((word) => FIRST_PERSON.has(word)) }
  return {
    concepts: concepts.filter((concept) => concept.terms.size > 0),
    action: asked,
    apis,
    items,
    listed,
    person,
    ofItem,
    values,
    hinted,
    takes,
    code,
    names: names.length
  }
}

/**
 * A request with the point nouns its spans of history say blanked out ("the v1.8.0 tag against
 * v1.9.0" → "the v1.8.0     against v1.9.0"; the same length, so offsets still hold): the span's hint
 * says what they are (`Hints.Spanned`: a comparison of tags), where the word alone would ask for a tag.
 */
const withoutPoints = (request: string, spans: ReadonlyArray<Values.Span>): string => {
  if (spans.length === 0) return request
  // Pieces in order (the spans' points are), so that the work is the request's length however many.
  const pieces: Array<string> = []
  let at = 0
  for (const { points } of spans) {
    for (const [start, end] of points) {
      pieces.push(request.slice(at, start), " ".repeat(end - start))
      at = end
    }
  }
  pieces.push(request.slice(at))
  return pieces.join("")
}

/**
 * The kinds each distinct value of a request may fill (`Values.wanted`), one list of alternatives
 * per value (`v1.2.0`: a version or a ref; `acct_…`: the collections it may name), an id's prefix
 * resolved against the registered APIs' collections as the hints' prefixes are (only the best).
 */
const takesOf = (
  values: ReadonlyArray<Values.Value>,
  spans: ReadonlyArray<Values.Span>,
  vocabulary: Learn.Vocabulary
): Array<ReadonlyArray<string>> => {
  const nounsOf = (prefix: string) => {
    const best = Learn.resolvePrefix(vocabulary, prefix).filter(({ weight }) => weight === 1)
    // A prefix as good a name for collections of several APIs (`cs`: checkout sessions, check
    // suites) says no kind of parameter: the hints' reading of it decides between them.
    if (new Set(best.map(({ api }) => api)).size > 1) return []
    return best.map(({ words }) => words)
  }
  const bySpan = new Map<string, Array<string>>()
  // Two points of history said as a span ("between v1 and v2") are one value: the span a comparison
  // takes, not two versions a tool would take one of (a release by its tag).
  const ends = new Set(spans.flatMap(({ first, second }) => [first, second]))
  for (const value of values) {
    if (ends.has(value)) continue
    // A currency said with an amount ("$20") is a value of its own: a tool takes it by another parameter.
    const at = value.kind === "currency" ? `${value.start}c` : String(value.start)
    const kinds = bySpan.get(at) ?? []
    for (const kind of Values.wanted(value, nounsOf)) if (!kinds.includes(kind)) kinds.push(kind)
    bySpan.set(at, kinds)
  }
  const seen = new Set<string>()
  const out: Array<ReadonlyArray<string>> = []
  for (const kinds of bySpan.values()) {
    const key = kinds.join(" ")
    if (kinds.length === 0 || seen.has(key)) continue
    seen.add(key)
    out.push(kinds)
  }
  for (let at = spans.length; at > 0; at--) out.push([Values.RANGE])
  return out
}

const WEBHOOK = stem("webhook")
const EVENT = stem("event")
/** The verb of sending, as the lexicon's entry for it expands (`send post message chat`). */
const SENDING: ReadonlyArray<string> = ["send", "post"].map(stem)
/** The weight of a verb of sending where it says what a webhook sends (as the lexicon's plain verbs count). */
const SENT_WEIGHT = 0.3
/** The weight of the words saying which events a webhook is for. */
const EVENT_WEIGHT = 0.5

/**
 * A URL given with a word of recurrence ("whenever …", "on every …", the lexicon's, which stand for
 * webhooks at half weight) or of events ("push events") asks for that URL to be called when they
 * happen: a webhook, whatever verb says what is sent there ("POST to …", "ping …"). The webhook
 * concept then counts in full (added where only events were said). Whether it applied.
 */
const callsBack = (hints: ReadonlyArray<Hints.Hint>, concepts: Array<Concept>): boolean => {
  if (!hints.some((hint) => hint.attribute === true && hint.words.includes("url"))) return false
  const at = concepts.findIndex((concept) => concept.hint !== true && concept.terms.has(WEBHOOK))
  if (at !== -1) concepts[at] = { ...concepts[at]!, weight: 1 }
  else if (concepts.some((concept) => concept.hint !== true && concept.terms.get(EVENT) === 1)) concepts.push(conceptOf([], ["webhook", "hook"], 1, 1))
  else return false
  // The verb of sending says what the URL will be sent, and the other words which events: neither
  // says which tool (the webhook does). The verb counts as a plain verb does, the events' words as an aside.
  const webhook = at === -1 ? concepts.length - 1 : at
  for (let i = 0; i < concepts.length; i++) {
    const concept = concepts[i]!
    if (concept.hint === true || i === webhook) continue
    const weight = SENDING.some((term) => concept.terms.has(term)) ? SENT_WEIGHT : EVENT_WEIGHT
    concepts[i] = { ...concept, weight: Math.min(concept.weight, weight) }
  }
  return true
}

/**
 * A clause a request opens with, up to its comma or dash, that says when, why or for what the
 * request is made ("before we ship v2, …", "if the build fails, …", "for our newsletter,
 * …"): English's adverbial clause or phrase, whose verb is not the one the request asks for.
 * Bounded, so the scan stays linear.
 */
const LEADING_CLAUSE = /^\s*(?:before|after|while|when|whenever|once|since|because|if|until|for)\b[^,;:—–]{1,100}?[,;:—–]/i

/**
 * A request that asks who: opening with it, or asking it within the request as an indirect question
 * ("wondering who watches it", "find out who owns it"): a verb of knowing or telling before
 * "who" (`Outcomes.ASKING`, the verbs its questions of access may start after).
 */
const WHO = new RegExp(`(?:^\\s*|\\b(?:${Outcomes.ASKING})\\s+)(?:who|whom|who's|who’s|whos)\\b`, "i")

/**
 * "who is down for owner/repo#9", "who's responsible for #9": "who is" and a predicate that ends in a
 * preposition whose object is the item a hint names asks who stands in that relation to the item — a
 * property of the one item (its assignee, its author), which its own read returns, not a listing of
 * people. English's copular question: "who approved #9" (an act, no copula) and "who's starred
 * owner/repo" ("has", a repository, no item) still list. The predicate is at most four words, the
 * hint's cut (`Hints.CUT`) right after the preposition. Anchored, bounded: linear.
 */
const WHO_OF_ITEM = new RegExp(
  `^\\s*(?:who's|who’s|whos|who\\s+is|who\\s+are)\\s+(?:[^\\s${Hints.CUT}]{1,64}\\s+){0,4}?(?:to|for|on|of|with)\\s*${Hints.CUT}`,
  "i"
)

/** The words by which a speaker means themself. */
const FIRST_PERSON: ReadonlySet<string> = new Set(["i", "me", "my", "mine", "myself", "i'm", "im", "i've", "ive", "i'd"])

/**
 * What a request asks to be said or written is the content of the operation, not its
 * description: in `post "tests are green" in #ci`, `tell @dana that the build is green` or
 * `remind me to review the PR`, the quoted text and the clause after the verb would otherwise
 * rank build and pull-request tools. Quoted text, and a clause introduced after a verb of
 * saying (`that …`, `saying …`, `: …`) or reminding (`to …`, `about …`), are left out.
 */
const SAYING = /\b(saying|that says|which says|to say|with the text|with text|reading|telling (?:them|him|her|everyone))\b.{0,1000}$/i
/** Verbs of saying, which what is said may follow (`CLAUSE`, `SAID_AT`). */
const SAYING_VERBS = "dm|dms|tell|ping|message|text|notify|inform|warn|announce|post|say|yell|shout|holler|comment|reply|respond|answer"
/**
 * A verb of saying, then at most a short object (`@dana`, `the team`), then `that …` or `: …`. Comment
 * is one (WordNet: a kind of note, of say), and so are reply, respond and answer ("react verbally").
 */
const CLAUSE = new RegExp(
  `\\b(${SAYING_VERBS}|let\\s+\\S+\\s+know)\\b` +
    "([^:]{0,40}?)(?::|\\sthat\\s)(?=(?:\\S+\\s+){2}\\S)(.{0,1000})$",
  "i"
)
/**
 * A verb of saying, a short object, then the item it is said on — a hint after "on" (`tell them on
 * owner/repo#12 it shipped`) — then what to say, with no `that`. Not after "in": "in #ops" is often
 * followed by how the message is sent ("something only they can see"), not by the message.
 */
const SAID_AT = new RegExp(
  `\\b(${SAYING_VERBS})\\b` +
    `([^:]{0,40}?\\son\\s*${Hints.CUT})\\s*(?=(?:\\S+\\s+){1}\\S)(.{0,1000})$`,
  "i"
)
/**
 * Reminding: what to be reminded of follows `to` or `about` — after "remind", or after an everyday
 * verb of prompting someone later said to the speaker ("nudge me", "nag me", "ping me": the
 * lexicon's verbs of reminding).
 */
const REMIND = /\b(remind(?:er)?|(?:nudge|nag|ping|bug|poke|buzz)\s{1,3}(?:me|us))\b([^:]{0,40}?)(?::|\s(?:to|about|that)\s).{0,1000}$/i

/**
 * Why the user asks is not what they ask: a clause after a comma, dash or semicolon that opens with
 * a pronoun ("…, it's stuck", "…, we don't sell it anymore", "…, nobody uses it") or a word of
 * reason ("because …", "since …", "now that …": English's subordinators of cause) explains the
 * request. Its words (a stuck *run*, a *test account*, a branch *merged*) would otherwise rank tools
 * of what the explanation mentions. Not a pronoun that then says what is wanted, to do or to have ("… — we
 * want a fresh label", "…, I want to check …"): that clause asks ("I want their emails for …" explains).
 */
const REASON = new RegExp(
  "(?:[,;]|\\s[-–—]|\\s(?=because\\b|since\\b|cause\\b|now that\\b))\\s*" +
    "(?:now that|it|it's|its|it’s|they|they're|they’re|we|we're|we’re|we've|we’ve|i|i'm|i’m|i've|i’ve|he|she|nobody|no one|someone|" +
    "everyone|that's|that’s|this|because|since|cause|as)\\b(?!\\s+(?:need|needs|want|wants|would like|'d like|’d like)\\s+(?:to|a|an)\\b).{0,1000}$",
  "i"
)

/**
 * When the user will act is not what they ask: a clause of time whose subject is a person ("… before
 * I merge", "… once we ship", "… until they reply") says when, its verb (merge, ship) another
 * operation than the one asked. English's subordinators of time, then a personal pronoun and a word.
 */
const TIMING = /\s(?:before|after|once|until|till|when|while)\s+(?:i|we|you|they|he|she)(?:'\w{1,2}|’\w{1,2})?\s+\S.{0,1000}$/i

/**
 * "let @ops know the database is back": what follows "let … know" is what to say, with or without
 * a "that"; the verb is read as the phrase "let know" (the lexicon's), its object (up to four words:
 * "let the people on #12 know") after it.
 */
const LET_KNOW = /\blet\s+((?:\S{1,40}\s+){0,3}\S{1,40})\s+know\s+(?=\S+\s+\S).{0,1000}$/i

/**
 * Where a clause may end inside a request: a comma, semicolon or colon, or a dash between words.
 * Bounded: linear.
 */
const CLAUSE_END = /[,;:]\s{1,8}|\s{1,8}[-–—]{1,2}\s{1,8}/g

/** Words a request may say before its verb without being the verb ("…, then archive it", "…, please drop it"). */
const ASK_LEAD: ReadonlySet<string> = new Set(["please", "pls", "just", "so", "then", "now", "and", "go", "kindly"])

/** The words by which a clause refers back to what an earlier one named ("…, archive it", "make them read-only"). */
const REFERRING: ReadonlySet<string> = new Set(["it", "them", "that", "this", "those", "these", "one", "him", "her"])

/** How much of a clause is read for the verb it opens with: its first words, whatever follows (linear in a request). */
const ASK_READ = 200

/** The words of a clause, lowercase, as `rawWords` reads them, past the words that may lead a verb (`ASK_LEAD`). */
const clauseWords = (clause: string): ReadonlyArray<string> => {
  const words = rawWords(clause.slice(0, ASK_READ))
  let at = 0
  while (at < words.length && ASK_LEAD.has(words[at]!)) at++
  return words.slice(at)
}

/**
 * Whether a clause opens with what to do — an imperative: a verb of the lexicon that asks for an
 * operation (a phrase of it with an action, said from the clause's first word), or "make" and a word
 * that refers back ("make it read-only"). English puts the imperative's verb first, with no subject.
 */
const opensWithAsk = (clause: string): boolean => {
  const words = clauseWords(clause)
  const first = words[0]
  if (first === undefined) return false
  if (first === "make" && REFERRING.has(words[1] ?? "")) return true
  return (phrases().byFirst.get(first) ?? []).some(({ entry, phrase }) =>
    entry.action !== undefined && phrase.every((part, j) => words[j] === part))
}

/**
 * The finite verbs a statement is told with that no imperative opens with: English's auxiliaries,
 * copulas and modals (with their negations), and the commonest irregular pasts ("went out",
 * "got nasty", "left last month").
 */
const FINITE: ReadonlySet<string> = new Set([
  "is", "are", "was", "were", "isn't", "aren't", "wasn't", "weren't", "has", "have", "had", "hasn't", "haven't", "hadn't",
  "does", "did", "doesn't", "don't", "didn't", "won't", "wouldn't", "can't", "cannot", "couldn't", "shouldn't", "will", "would",
  "went", "got", "left", "came", "broke", "sent", "ran", "began", "took", "made", "said", "told", "paid", "lost", "forgot", "wrote",
  "keeps", "says", "wants", "needs", "owes", "asked", "isnt", "doesnt", "dont", "didnt", "wont", "cant", "hasnt", "havent"
])

/** The words that stand as a statement's subject before any verb: after one, a word is the verb ("I keep getting …"). */
const SUBJECTS: ReadonlySet<string> = new Set(["i", "we", "you", "they", "he", "she", "someone", "somebody", "nobody", "everyone", "people"])

/** English's relative pronouns, which open a clause that describes the noun before them. */
const RELATIVE: ReadonlySet<string> = new Set(["that", "which", "who", "whose", "where"])

/**
 * Where a clause's statement begins — its first finite verb: one of `FINITE`, a word after a subject
 * pronoun (`SUBJECTS`), or a word's -ed form WordNet knows (a verb's past: no noun nor adjective
 * inflects so) not after a determiner, which makes it describe a noun ("the archived repos"). The
 * offset of the verb in the clause, or none where the clause names a thing ("the stale branches")
 * rather than stating something of it. Words are runs of non-space (at most 1,000 of them: linear).
 */
const statementAt = (clause: string): number | undefined => {
  let before = ""
  for (const match of clause.matchAll(/[^\s]{1,200}/g)) {
    const word = match[0].toLowerCase().replace(/[^a-z'’]/g, "").replace("’", "'")
    // "the workflow that just failed": a verb after a relative pronoun describes a noun, it states nothing.
    if (RELATIVE.has(word)) return undefined
    if (FINITE.has(word) || SUBJECTS.has(before)) return match.index
    if (before !== "" && /^[a-z]{3,20}ed$/.test(word) && !DETERMINERS.has(before) && WordNet.isInflection(word)) return match.index
    if (word !== "") before = word
  }
  return undefined
}

/** Whether a clause opens with a question word (`QUESTION`, not its imperatives): it asks, it tells no situation. */
const opensWithQuestion = (clause: string): boolean => {
  const first = rawWords(clause.slice(0, 40))[0]
  return first !== undefined && first !== "show" && first !== "list" && QUESTION.has(first)
}

/**
 * Where what to do begins in a request that first says what is going on: "<repo> hasn't had a commit
 * in two years, make it read-only", "ticket #12: the order arrived broken, refund half of it". A
 * clause that states something (`statementAt`) and does not itself ask or question, then a clause
 * that opens with an imperative (`opensWithAsk`) or a question ("the demo is on Friday; what PRs
 * remain open?"): the statement is the situation, the imperative or the question the request. The offset of the first such imperative, and the subject of each of the situation's
 * statements (the words before its verb), or none.
 */
const askAfterSituation = (text: string): { readonly ask: number; readonly subjects: ReadonlyArray<string> } | undefined => {
  for (const match of text.matchAll(CLAUSE_END)) {
    const ask = match.index + match[0].length
    const next = text.slice(ask, ask + ASK_READ)
    if (!opensWithAsk(next) && !opensWithQuestion(next)) continue
    const situation = text.slice(0, match.index)
    if (opensWithAsk(situation) || opensWithQuestion(situation)) return undefined
    const subjects = situation.split(CLAUSE_END).flatMap((clause) => {
      const at = statementAt(clause)
      return at === undefined ? [] : [clause.slice(0, at)]
    })
    return subjects.length > 0 ? { ask, subjects } : undefined
  }
  return undefined
}

/** Whether an ask refers back to what was named before it ("…, archive it", "ban them", "list all of them"): its object is a pronoun. */
const refersBack = (ask: string): boolean => {
  const words = clauseWords(ask)
  return words.slice(1, 4).some((word) => REFERRING.has(word))
}

/**
 * A request without the situation it opens with (`askAfterSituation`). Its words (a commit not had,
 * a project cancelled, a ticket) are not the operation, and are cut — but where the ask refers back
 * ("our bot token leaked, kill it") the subject of the statement is what it acts on, and stays. A
 * statement of what a person did ("someone added an emoji, list all of them", "they paid by wire,
 * mark it paid") tells the act the ask answers, or holds what it refers to: the request then stays
 * whole. Hints and ids were cut out before (`Hints.read`).
 */
const withoutSituation = (text: string): string => {
  const found = askAfterSituation(text)
  if (found === undefined) return text
  const ask = text.slice(found.ask)
  const back = refersBack(ask.slice(0, ASK_READ))
  // A question about what the situation named ("…, what's it about?") needs all of it.
  if (back && opensWithQuestion(ask)) return text
  if (found.subjects.some((subject) => rawWords(subject).some((word) => SUBJECTS.has(word)))) return text
  // Nothing kept before the ask, it opens the request: a question word there is one (`readPhrases`).
  return back ? found.subjects.join(Hints.CUT) + Hints.CUT + ask : ask
}

/**
 * A reason (`REASON`) ends where a clause that asks begins: in "…, since the project was cancelled,
 * archive it" the reason is the middle clause, and "archive it" is still asked. The reason's clause
 * cut, the ask after it kept.
 */
const withoutReason = (text: string): string =>
  text.replace(REASON, (reason: string) => {
    for (const match of reason.matchAll(CLAUSE_END)) {
      const at = match.index + match[0].length
      if (match.index > 0 && opensWithAsk(reason.slice(at, at + ASK_READ))) return Hints.CUT + reason.slice(at)
    }
    return Hints.CUT
  })

/**
 * A request's text without the situation it opens with and the reasons it gives (`withoutSituation`,
 * `withoutReason`): what it asks.
 *
 * @internal
 */
export const askedText = (text: string): string => withoutReason(withoutSituation(text))

const withoutPayload = (text: string): string =>
  askedText(text).replace(TIMING, Hints.CUT).replace(Hints.QUOTED, Hints.CUT).replace(LET_KNOW, (_, whom: string) => `let know ${whom}${Hints.CUT}`).replace(SAYING, Hints.CUT)
    .replace(CLAUSE, (_, verb: string, object: string) => `${verb}${object}${Hints.CUT}`)
    .replace(SAID_AT, (_, verb: string, object: string) => `${verb}${object}${Hints.CUT}`)
    .replace(REMIND, (_, verb: string, object: string) => `${verb}${object}${Hints.CUT}`)
