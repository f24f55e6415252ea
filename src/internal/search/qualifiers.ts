/**
 * A search operation's query is a language of its own: GitHub's `q` ("one or more search keywords
 * and qualifiers": `author:alice`, `created:>2024-01-01`), Stripe's `query` ("the search query
 * string. See search query language": `customer:'cus_…'`, `created>…`), Slack's `query` (`from:@bob`,
 * `before:…`). Such a parameter filters by whatever its qualifiers name, where a list operation
 * filters only by the parameters it has: "PRs by @alice" is GitHub's issue and pull-request search
 * (`author:alice`), since the pull-request list takes no author.
 *
 * What a query language is read from the parameter's own document: a query parameter named `q` or
 * `query` whose description speaks of search keywords, qualifiers or a query language, and does not
 * say it takes none ("This endpoint does not accept qualifiers"). What it filters by is what the
 * search languages of these APIs and of the web share (GitHub's `author:`/`user:`/`created:`,
 * Slack's `from:`/`after:`, Stripe's `customer:`/`created>`): who made or holds the items and when
 * (`filters.ts`'s person and date); and each qualifier the tool's document shows in use
 * (`label:bug` in GitHub's issue search example), read by `filters.ts`'s rules for a parameter of
 * that name. No operation is named. Every pattern is bounded and linear.
 */

import * as WordNet from "./wordnet.js"
import { isStopword } from "./words.js"

/** The names a search query parameter goes by. */
const QUERY_NAME = /^(?:q|query)$/

/** A description of a query language: search keywords or a search query with qualifiers, or a query language. */
const LANGUAGE = /\b(?:qualifiers|query language|search query|search keywords)\b/i

/** A description saying the query takes no qualifiers: plain keywords. */
const NO_QUALIFIERS = /\b(?:not|no|without)\s(?:accept\s|support\s|take\s)?qualifiers\b/i

/** How much of a description is read (its first sentences say what the parameter holds). */
const READ = 600

/**
 * Whether a query parameter, by its name and description, is a search query language.
 *
 * @internal
 */
export const isQueryLanguage = (name: string, description: string | undefined): boolean => {
  if (!QUERY_NAME.test(name) || description === undefined) return false
  const text = description.slice(0, READ)
  return LANGUAGE.test(text) && !NO_QUALIFIERS.test(text)
}

/**
 * A qualifier in use in a document's example query: a lowercase word and a colon right before a
 * value (`label:bug`, `language:python`, `repo:octocat/Spoon-Knife`), not a URL's scheme.
 */
const QUALIFIER = /(?<![\w/:-])([a-z][a-z_-]{1,30}):(?=[\w"'<>%*@-])/g

/** Schemes and words a colon follows in prose, not qualifiers. */
const NOT_QUALIFIERS: ReadonlySet<string> = new Set(["http", "https", "mailto", "note", "example", "warning", "default"])

/** How much of a tool's description is read for example qualifiers. */
const EXAMPLES = 4000

/**
 * The qualifiers a tool's description shows in use (`q=windows+label:bug+language:python`), each
 * once, in order: names to read as filters are read (`filters.ts`).
 *
 * @internal
 */
export const qualifiersIn = (description: string | undefined): ReadonlyArray<string> => {
  if (description === undefined) return NONE
  const out: Array<string> = []
  QUALIFIER.lastIndex = 0
  const text = description.slice(0, EXAMPLES)
  for (let match = QUALIFIER.exec(text); match !== null; match = QUALIFIER.exec(text)) {
    // Lower-case already: `QUALIFIER` admits no capital (GitHub's qualifiers are written so).
    const name = match[1]!
    if (!NOT_QUALIFIERS.has(name) && !out.includes(name)) out.push(name)
  }
  return out
}

const NONE: ReadonlyArray<string> = []

/**
 * The kind a search query language takes (`filters.ts` marks it `FILTER`): a tool of one qualifies
 * a listing by the request's hints (`repo:acme/api`, `author:alice`, `in:#general`).
 *
 * @internal
 */
export const QUERY_KIND = "query"

/**
 * A request's filters (`filters.ts` `asFilters`: each a list of kinds, any of which takes it) as a
 * search query language also takes them: `kind`, the mark of a query language, among the kinds of
 * each value read as a filter (its kinds marked `filter`).
 *
 * @internal
 */
export const orQuery = (filters: ReadonlyArray<ReadonlyArray<string>>, kind: string, filter: string): Array<ReadonlyArray<string>> =>
  // A value kept as a value to set (a URL: `asFilters`) has no filter kind: no qualifier takes it.
  filters.map((kinds) => (kinds.includes(kind) || !kinds.some((one) => one.startsWith(filter)) ? kinds : [...kinds, kind]))

/**
 * A request's concepts as a search query language meets them: each hint's concept also stands for
 * `term` (the mark of the tools that take a query language), which the tools of a query language
 * meet — "PRs by @alice in acme/api" is `author:alice repo:acme/api` to the issue and pull-request
 * search, which has no path parameter for the repository nor a word of it in its document.
 *
 * @internal
 */
export const qualified = <C extends { readonly terms: ReadonlyMap<string, number>; readonly hint?: boolean | undefined }>(
  concepts: ReadonlyArray<C>,
  term: string,
  weight: number
): ReadonlyArray<C> =>
  concepts.map((concept) => concept.hint === true && !concept.terms.has(term) ? { ...concept, terms: new Map([...concept.terms, [term, weight]]) } : concept)

/** Quoted text, as `query.ts` cuts it out of what is read: straight or curly double quotes, or single quotes around words. */
const QUOTED = /"[^"]{1,500}"|“[^”]{1,500}”|(?<![\w])'[^']{2,500}'(?![\w])/g

/** The most quoted texts counted in a request. */
const MOST_QUOTED = 8

/**
 * How many quoted texts a request holds (at most `MOST_QUOTED`): in a request to read or list, the
 * keywords to look for ("mentioning 'memory leak'"), which a search query language takes.
 *
 * @internal
 */
export const quotedIn = (request: string): number => {
  let count = 0
  QUOTED.lastIndex = 0
  while (count < MOST_QUOTED && QUOTED.exec(request) !== null) count += 1
  return count
}

/** A person's handle in the possessive, then a word: `@alice's PRs`, `@bob’s open issues`. */
const POSSESSIVE = /(?:^|[\s(])@[\w.-]{1,39}(?:'s|’s)\s{1,3}\w/

/**
 * Whether a request names a person's things by the possessive ("@alice's open PRs"): the person
 * narrows what is listed to theirs, as "by @alice" does — what a search query's `author:` says.
 *
 * @internal
 */
export const possessive = (request: string): boolean => POSSESSIVE.test(request)

/** A word after a preposition of place ("in Berlin", "from tokyo", "based near Lyon"). */
const AFTER_PLACE = /\b(?:in|from|near|around)\s{1,3}([A-Za-z][a-z-]{1,30})\b/g

/** The most places counted in a request. */
const MOST_PLACES = 4

/**
 * How many places a request names after a preposition of place (at most `MOST_PLACES`), each a
 * named location by WordNet (`WordNet.isPlace`: "folks in Berlin", "devs from Tokyo"): in a request
 * to read or list, a place is where what is listed is, which no parameter of a listing takes but a
 * search query language does (GitHub's user search: `location:`), as it takes quoted keywords.
 *
 * @internal
 */
export const placesIn = (request: string): number => {
  let count = 0
  AFTER_PLACE.lastIndex = 0
  for (let match = AFTER_PLACE.exec(request); match !== null && count < MOST_PLACES; match = AFTER_PLACE.exec(request)) {
    if (WordNet.isPlace(match[1]!.toLowerCase())) count += 1
  }
  return count
}

/**
 * Verbs whose object is text a thing holds, as their -ing forms: "messages that mention deploys" are
 * the messages mentioning them. A relative clause on what is asked for says which ones, not what to
 * do — left as said, "mention" is the request's verb (to notify someone), and a request to list reads
 * as an action.
 */
const PARTICIPLE: Readonly<Record<string, string>> = {
  mention: "mentioning", contain: "containing", reference: "referencing", cite: "citing", match: "matching"
}

/**
 * A verb of holding text ("mentioning", "that contain", "which match") and the word after it: the
 * participle, or a relative pronoun and the verb (group 1), then the word (group 2).
 */
const HOLDING =
  /\b(?:mentioning|containing|referencing|citing|matching|(?:that|which)\s{1,3}(mention|contain|reference|cite|match)(?:s|es)?)\s{1,3}([A-Za-z][\w-]{1,40})\b/gi

/** The word after a verb of holding text, unless a word of grammar ("mentioning the …"). */
const heldWord = (word: string): boolean => !isStopword(word.toLowerCase())

/**
 * The request with each verb of holding text said by its participle and the word after it quoted
 * ("issues that reference parser" → `issues referencing "parser"`): which things are meant, by a
 * keyword they hold — not an action ("mention", "deploy"), and cut out of the words as quoted text is.
 *
 * @internal
 */
export const participial = (request: string): string =>
  request.replace(HOLDING, (whole: string, verb: string | undefined, word: string) => {
    if (!heldWord(word)) return whole
    const participle = verb === undefined ? whole.slice(0, whole.search(/\s/)) : PARTICIPLE[verb.toLowerCase()] ?? verb
    return `${participle} "${word}"`
  })

/**
 * How many words a request gives as what the things it reads or lists hold (at most `MOST_QUOTED`):
 * the word after a verb of holding text, unquoted ("messages mentioning deploy") — the keywords a
 * search query language takes, as quoted text is. A hint after the verb (`mentioning @bob`) is a
 * person, not a keyword; a word of grammar ("mentioning the …") neither.
 *
 * @internal
 */
export const heldIn = (request: string): number => {
  let count = 0
  HOLDING.lastIndex = 0
  for (let match = HOLDING.exec(request); match !== null && count < MOST_QUOTED; match = HOLDING.exec(request)) {
    if (heldWord(match[2]!)) count += 1
  }
  return count
}

/**
 * "from the lite tier to the max tier", "from 2 licences up to 6", "from price_a to price_b": a state before and a
 * state after, said with "from … to …" — English's frame of a change of one existing thing from one
 * value to another (a subscription's plan, a count). At most three words or values between, and a
 * word or value after "to". With a verb that changes, it is no create: what changes exists already.
 */
const TRANSITION = /\bfrom\s{1,3}(?:[^\s,;.!?]{1,64}\s{1,3}){1,3}?to\s{1,3}[^\s,;.!?]/i

/** @internal */
export const transition = (request: string): boolean => TRANSITION.test(request)
