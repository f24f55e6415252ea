/**
 * A bare name: an account or organisation said by its handle alone, with no `@` and no `/`:
 * "kick @mallory out of octolabs", "invite @jo to zenith", "zenith's repos", "the zenith org". Read
 * as a word, the handle is a concept no tool meets (or meets through WordNet's synonyms of it:
 * `zenith` is a peak, a top, a level), and the request's other words rank whatever API says them
 * most (Slack's admin tools kick, invite and list members too).
 *
 * Which words are names is read from the request's grammar and the registered tools, not from a
 * list of names: a word written in lower case, right after a preposition of place or belonging
 * (`of`, `in`, `to`, `from`, `at`, `on`, …), in the possessive (`zenith's`, not "my laptop's") or
 * before a word for an organisation ("the zenith org"), that no tool's document uses, that the
 * lexicon does not read and that WordNet does not know as a verb or an adjective ("to talk", "in
 * private") nor as an inflection of a word ("on weekends"), and that is no letter with a number ("in
 * q3") — what is left is a noun no API speaks of, or no word at all: a name.
 *
 * What a name fills is learned from the tools too: a path whose first parameter takes a name (its
 * description says it is a name, a handle or a slug, not an id — GitHub's `{org}`, `{owner}`,
 * `{username}`, `{enterprise}`) is addressed by one, where Stripe's and Slack's are addressed by ids
 * or not at all. Such tools meet the name (`index.ts`); the API whose tools they are is the one a
 * name points at, as a hint's words point at one. Every pattern is bounded and linear.
 */
import * as WordNet from "./wordnet.js"
import { isStopword, rawWords, stem } from "./words.js"

/**
 * The mark of the tools addressed by a name (their first path parameter takes one), as a term of a
 * request's concept: no word of a text is one. Scored from the index's own list of such tools.
 *
 * @internal
 */
export const NAME = "\u0003"

/**
 * A lower-case handle (a letter, then letters, digits and hyphens: GitHub's and most hosts' logins)
 * after a preposition of place or belonging (not followed by what makes it a path, a domain or a
 * contraction: `zenith/api`, `zenith.dev`, `it'll`), in the possessive (`zenith's`), or before a
 * word for an organisation.
 */
const NAMED = new RegExp(
  "(?:^|[\\s(])(?:(?:of|in|into|to|from|at|on|across|within|inside)\\s{1,3}([a-z][a-z0-9-]{1,38})(?![\\w@/:-]|\\.\\w|['’]\\w{2})|" +
    "([a-z][a-z0-9-]{1,38})['’]s(?!\\w)|" +
    "([a-z][a-z0-9-]{1,38})(?=\\s{1,3}(?:org|orgs|organization|organisation|organizations|organisations|enterprise)(?![\\w-])))",
  "g"
)

/** A determiner or possessive before a possessive: "my laptop's", "the linter's", "our new bot's" name a thing, not a handle. */
const DETERMINED = /(?:^|\s)(?:my|our|your|the|a|an|his|her|their|its|this|that|whose|each|every|some|any)\s{1,3}(?:[a-z-]{1,30}\s{1,3})?$/

/** Pronouns of English the stop list does not hold: they stand for someone, not for a name. */
const PRONOUNS: ReadonlySet<string> = new Set([
  "whoever", "whomever", "whichever", "whatever", "somebody", "anybody", "everybody", "nobody", "none", "myself", "yourself",
  "himself", "herself", "itself", "ourselves", "yourselves", "themselves", "oneself"
])

/**
 * The handles a request names bare (see the module's header), each with where it stands, given which
 * stems the tools use (`known`) and which words the lexicon reads (`lexical`).
 *
 * @internal
 */
export const namesIn = (
  text: string,
  known: (term: string) => boolean,
  lexical: (word: string) => boolean
): Array<{ readonly start: number; readonly end: number }> => {
  const out: Array<{ readonly start: number; readonly end: number }> = []
  NAMED.lastIndex = 0
  for (let match = NAMED.exec(text); match !== null; match = NAMED.exec(text)) {
    const word = match[1] ?? match[2] ?? match[3]!
    // The handle ends the match, or stands before its possessive's `'s`.
    const start = match.index + match[0].length - word.length - (match[2] !== undefined ? 2 : 0)
    if (match[2] !== undefined && DETERMINED.test(text.slice(Math.max(0, start - 45), start))) continue
    if (isName(word, known, lexical)) out.push({ start, end: start + word.length })
  }
  return out
}

/** A number, or a letter then a number. */
const NUMBERED = /^[a-z]?\d{1,12}$/

/** Whether a lower-case word is no word of the tools, the lexicon or English's verbs and adjectives. */
const isName = (word: string, known: (term: string) => boolean, lexical: (word: string) => boolean): boolean => {
  if (PRONOUNS.has(word) || lexical(word)) return false
  const parts = rawWords(word)
  // `acme-labs`: a part no tool uses makes it a name; `new-name`, every part a word, does not.
  // A number or a letter and a number (`q3`, `v2`, `h1`: a quarter, a version, a heading) is no handle.
  if (parts.every((part) => isStopword(part) || known(stem(part)) || lexical(part) || NUMBERED.test(part))) return false
  // WordNet is asked about the word and, for an inflection, its dictionary form: "on weekends" is a
  // noun's plural, no handle (handles are rarely an English word's plural or a verb's past).
  return parts.length > 1 ||
    (WordNet.indexLine("verb", word) === undefined && WordNet.indexLine("adj", word) === undefined && !WordNet.isInflection(word))
}

/** A path parameter's description that says it takes a name (`The organization name`, `The handle for …`, `The slug …`). */
const A_NAME = /\b(?:name|handle|slug|login)\b/i
/** A description that says the parameter takes an id or a number. */
const AN_ID = /\b(?:id|ids|identifier|number)\b/i

/**
 * Whether a tool's first path parameter takes a name: described as a name, handle or slug and not
 * as an id, and not a number (`{org}`, `{owner}`, `{username}`; not `{team_id}`, `{customer}`).
 *
 * @internal
 */
export const addressedByName = (
  url: string | undefined,
  properties: Readonly<Record<string, { readonly description?: string | undefined; readonly type?: unknown }>> | undefined
): boolean => {
  if (url === undefined || properties === undefined) return false
  const first = /\{\{?([^}]{1,100})\}?\}/.exec(url)?.[1]
  if (first === undefined || !Object.hasOwn(properties, first)) return false
  const param = properties[first]!
  const description = (param.description ?? "").slice(0, 300)
  return (param.type === undefined || param.type === "string") && A_NAME.test(description) && !AN_ID.test(description)
}
