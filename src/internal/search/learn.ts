/**
 * What the registered APIs teach the ranker about their own vocabulary, learned at index time from
 * their URL templates — no table per API. An API's *collections* are the path segments followed
 * by an item parameter (`/v1/customers/{customer}`, `/repos/{owner}/{repo}/pulls/{pull_number}`);
 * an id prefix in a request (`cus_…`, `pi_…`, `sub_sched_…`) names one of them by abbreviation, the
 * way such APIs coin their prefixes: a prefix of the word (`cus` customers), the initials of the
 * words (`pi` payment intents), a prefix of each word (`sub_sched` subscription schedules), or the
 * word's consonant skeleton (`acct` accounts, `evt` events).
 */
import { rawWords } from "./words.js"

/** A collection: its words (`["payment", "intents"]`), how many tools reach it, its item parameter. */
interface Collection {
  readonly words: ReadonlyArray<string>
  readonly api: string | undefined
  /** Whether its item is addressed by a number (`{issue_number}`, `{pull_number}`): what `#12` names. */
  readonly numbered: boolean
  tools: number
  /**
   * How many of those tools take its item by a number (`{account_id}`, typed `integer` or
   * `number`): a collection every tool of which does is no name for a `prefix_…` id, whose body has
   * letters (`acct_1Nv0…` is not GitHub's marketplace account 42).
   */
  numeric: number
}

/** @internal */
export interface Vocabulary {
  /** Collections by their joined words and API. */
  readonly collections: Map<string, Collection>
}

/** @internal */
export const empty = (): Vocabulary => ({ collections: new Map() })

/**
 * The path of a URL template: scheme and host off, and the query and fragment.
 *
 * @internal
 */
export const pathOf = (url: string): string => {
  const path = url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, "")
  const end = path.search(/[?#]/)
  return end === -1 ? path : path.slice(0, end)
}

/** Static segments and `{param}` / `{{param}}` segments of a URL template's path. */
const segments = (path: string): Array<{ readonly text: string; readonly param: boolean }> => {
  return path
    .split("/")
    .filter((segment) => segment !== "")
    .map((segment) => ({ text: segment, param: /^\{\{?[^}]*\}?\}$/.test(segment) }))
}

/**
 * A key of something an API names (a collection, a resource, a method family), with its API: the same
 * words in two APIs are two things.
 *
 * @internal
 */
export const apiKey = (api: string | undefined, name: string): string => `${api ?? ""}\u0000${name}`

/**
 * The API and the name of a key `apiKey` made.
 *
 * @internal
 */
export const splitApiKey = (key: string): { readonly api: string; readonly name: string } => {
  const at = key.indexOf("\u0000")
  return { api: key.slice(0, at), name: key.slice(at + 1) }
}

const keyOf = (words: ReadonlyArray<string>, api: string | undefined): string => apiKey(api, words.join(" "))

/** A method of an RPC-style API, as its URL names it (`usergroups.users.list`). */
export interface RpcMethod {
  /** Every dotted prefix before its verb, shortest first: `usergroups`, `usergroups.users`. */
  readonly families: ReadonlyArray<string>
  /** The last dotted part: `list`. */
  readonly verb: string
}

/**
 * A method of an RPC-style API, from the last segment of its URL's path (`/api/usergroups.users.list`):
 * its family and verb. Undefined for a path whose last segment is no dotted name (GitHub's, Stripe's)
 * or that holds a parameter. Bounded: at most seven parts of at most 61 characters.
 *
 * @internal
 */
export const rpcMethodOf = (url: string | undefined): RpcMethod | undefined => {
  if (url === undefined) return undefined
  const path = pathOf(url)
  if (path.includes("{")) return undefined
  const last = path.slice(path.lastIndexOf("/") + 1)
  if (!/^[A-Za-z][\w-]{0,60}(?:\.[A-Za-z][\w-]{0,60}){1,6}$/.test(last)) return undefined
  const parts = last.split(".")
  return { families: parts.slice(0, -1).map((_, at) => parts.slice(0, at + 1).join(".")), verb: parts[parts.length - 1]! }
}

/**
 * A collection as one URL template names it.
 *
 * @internal
 */
export interface Named {
  readonly words: ReadonlyArray<string>
  readonly numbered: boolean
  /** The item parameter's name (`account_id` of `{account_id}`). */
  readonly param: string
}


/**
 * The collections one URL template names, from its path (`pathOf`): read once per template by the
 * index, which keeps them for its items and hands them to `add` and `remove`.
 *
 * @internal
 */
export const collectionsIn = (path: string): Array<Named> => {
  const parts = segments(path)
  const found: Array<Named> = []
  for (let i = 0; i + 1 < parts.length; i++) {
    const here = parts[i]!
    if (here.param || !parts[i + 1]!.param) continue
    const words = rawWords(here.text.replace(/[_.-]/g, " "))
    if (words.length === 0) continue
    const numbered = /number/i.test(parts[i + 1]!.text)
    const param = parts[i + 1]!.text.replace(/[{}]/g, "")
    found.push({ words, numbered, param })
    const before = parts[i - 1]
    // `/checkout/sessions/{session}`: "checkout sessions" is the collection's full name.
    if (before !== undefined && !before.param) {
      found.push({ words: [...rawWords(before.text.replace(/[_.-]/g, " ")), ...words], numbered, param })
    }
  }
  return found
}

/**
 * The collection a URL template's path ends on, when it ends on a static segment (`/v1/checkout/sessions`:
 * "sessions" and "checkout sessions", as `keysOf` names collections): what a tool of that path
 * lists, not an item of it.
 *
 * @internal
 */
export const endingIn = (path: string): Array<string> => {
  const parts = segments(path)
  const last = parts[parts.length - 1]
  if (last === undefined || last.param) return []
  const words = rawWords(last.text.replace(/[_.-]/g, " "))
  if (words.length === 0) return []
  const before = parts[parts.length - 2]
  return before === undefined || before.param ? [words.join(" ")] : [words.join(" "), [...rawWords(before.text.replace(/[_.-]/g, " ")), ...words].join(" ")]
}

/**
 * The collections whose items a URL template addresses (its `collectionsIn`), as keys comparable
 * with `Resolved.key`.
 *
 * @internal
 */
export const keysOf = (named: ReadonlyArray<Named>): Array<string> => named.map(({ words }) => words.join(" "))

/**
 * Counts the collections of one tool (`collectionsIn` its URL template's path) under its API.
 *
 * @internal
 */
export const add = (
  vocabulary: Vocabulary,
  named: ReadonlyArray<Named>,
  api: string | undefined,
  numeric: (param: string) => boolean = () => false
): void => {
  for (let at = 0; at < named.length; at++) {
    const { numbered, param, words } = named[at]!
    const key = keyOf(words, api)
    const known = vocabulary.collections.get(key)
    const byNumber = numeric(param) ? 1 : 0
    if (known === undefined) vocabulary.collections.set(key, { words, api, numbered, tools: 1, numeric: byNumber })
    else {
      known.tools += 1
      known.numeric += byNumber
    }
  }
}

/**
 * Uncounts what `add` counted for one tool.
 *
 * @internal
 */
export const remove = (
  vocabulary: Vocabulary,
  named: ReadonlyArray<Named>,
  api: string | undefined,
  numeric: (param: string) => boolean = () => false
): void => {
  for (const { param, words } of named) {
    const key = keyOf(words, api)
    const known = vocabulary.collections.get(key)
    if (known === undefined) continue
    known.tools -= 1
    if (numeric(param)) known.numeric -= 1
    if (known.tools <= 0) vocabulary.collections.delete(key)
  }
}

/**
 * How well an id prefix abbreviates a collection's words: 4 a prefix of each word in turn
 * (`sub_sched`), 3 a prefix of a one-word collection (`cus`), 2.75 prefixes of each word run together
 * (`iauth`), 2.5 the initials (`pi`), 2 the
 * skeleton of a one-word collection (`acct`, `evt`), 1.5 a prefix of a longer collection's first word
 * (`promo`), 1.25 each word's skeleton in turn (`ich`), 0 no match.
 */
const abbreviates = (prefix: string, words: ReadonlyArray<string>): number => {
  const parts = prefix.split("_")
  if (parts.length > 1) {
    return parts.length === words.length && parts.every((part, i) => words[i]!.startsWith(part)) ? 4 : 0
  }
  const first = words[0] ?? ""
  if (words.length === 1 && first.startsWith(prefix) && prefix.length >= 2) return 3
  if (words.length > 1 && words.length === prefix.length && words.every((word, i) => word[0] === prefix[i])) return 2.5
  // A prefix of each word run together (`iauth` issuing authorizations, `seti` setup intents): more of
  // a word than its initial, so a little above the initials, below a prefix of one word (`cus` stays
  // customers first beside a "customer sessions").
  if (words.length > 1 && prefix.length > words.length && prefix.length <= 12 && inTurn(prefix, words, 0, isPrefixOf)) return 2.75
  if (words.length === 1 && prefix.length >= 2 && first[0] === prefix[0]) {
    // How tightly the letters sit (`po` in "people" or in "payouts") says nothing of which is
    // meant: every skeleton match counts the same, and the request's words and the collections'
    // reach decide (`resolvePrefix`).
    return skeletonSpan(prefix, first) === 0 ? 0 : 2
  }
  // A prefix of a collection's first word alone (`promo` promotion codes): the shortening of a word
  // that says which collection, where no collection's words match better; below every other reading,
  // so `cus` stays customers beside customer sessions, and `sub` subscriptions beside their items.
  if (words.length > 1 && prefix.length >= 3 && first.startsWith(prefix)) return 1.5
  // Each word's skeleton in turn (`ich` issuing cardholders, `idp` issuing disputes, `txr` tax rates):
  // the loosest reading of a prefix, below all others.
  if (words.length > 1 && prefix.length > words.length && prefix.length <= 12 && inTurn(prefix, words, 0, isSkeletonOf)) return 1.25
  return 0
}


/** Whether `part` begins `word` (the prefixes of `iauth`: "i" of "issuing", "auth" of "authorizations"). */
const isPrefixOf = (part: string, word: string): boolean => word.startsWith(part)

/** Whether `part` is a skeleton of `word` from its first letter (`ich`: "i", then "ch" of "cardholders"). */
const isSkeletonOf = (part: string, word: string): boolean => part[0] === word[0] && skeletonSpan(part, word) > 0

/**
 * Whether `prefix` is, word by word from `from` on, a non-empty part that `fits` each of `words` in
 * turn, with nothing left over. Bounded: a prefix of at most 12 letters (`abbreviates`).
 */
const inTurn = (prefix: string, words: ReadonlyArray<string>, from: number, fits: (part: string, word: string) => boolean): boolean => {
  if (from === words.length) return prefix === ""
  const word = words[from]!
  for (let length = Math.min(prefix.length - (words.length - from - 1), word.length); length >= 1; length--) {
    if (fits(prefix.slice(0, length), word) && inTurn(prefix.slice(length), words, from + 1, fits)) return true
  }
  return false
}

/** How many letters of `word` the letters of `short` span in order (0: they do not). */
const skeletonSpan = (short: string, word: string): number => {
  let at = 0
  for (let i = 0; i < word.length; i++) {
    if (word[i] === short[at]) at += 1
    if (at === short.length) return i + 1
  }
  return 0
}

/** @internal */
export interface Resolved {
  readonly words: ReadonlyArray<string>
  readonly api: string | undefined
  readonly weight: number
  /** The collection, as `keysOf` names it. */
  readonly key: string
}

/**
 * The collections an id prefix may name, best first, each with a weight (1 for the best): every
 * collection within half a point of the best abbreviation, the ones more tools reach first (an
 * API's main nouns), at most four. The request's other words decide between them. A collection
 * whose every tool takes its item by a number is left out: an id with a prefix is a string.
 *
 * @internal
 */
export const resolvePrefix = (vocabulary: Vocabulary, prefix: string): Array<Resolved> => {
  const scored: Array<{ readonly collection: Collection; readonly score: number }> = []
  for (const collection of vocabulary.collections.values()) {
    if (collection.numeric >= collection.tools) continue
    const score = abbreviates(prefix, collection.words)
    if (score > 0) scored.push({ collection, score })
  }
  const best = Math.max(0, ...scored.map(({ score }) => score))
  return scored
    .filter(({ score }) => score >= best - 0.5)
    .sort((a, b) =>
      b.score - a.score || b.collection.tools - a.collection.tools ||
      a.collection.words.join(" ").localeCompare(b.collection.words.join(" "))
    )
    .slice(0, 4)
    .map(({ collection, score }) => ({ words: collection.words, api: collection.api, weight: score / best, key: collection.words.join(" ") }))
}

/**
 * The collections a noun said before a number names ("comment 5521", "run 555", "check suite
 * 5678"): those whose last word has the noun's stem (and, for two nouns, whose words end with
 * both). `#12` — a number with no noun — names the collections addressed by a number.
 *
 * @internal
 */
export const resolveNumbered = (
  vocabulary: Vocabulary,
  nouns: ReadonlyArray<string>,
  stemOf: (word: string) => string
): Array<string> => {
  const keys: Array<string> = []
  const wanted = nouns.map(stemOf)
  for (const collection of vocabulary.collections.values()) {
    if (wanted.length === 0) {
      if (collection.numbered) keys.push(collection.words.join(" "))
      continue
    }
    const tail = collection.words.slice(-wanted.length).map(stemOf)
    if (tail.length === wanted.length && tail.every((word, i) => word === wanted[i])) keys.push(collection.words.join(" "))
  }
  return keys
}
