/**
 * A value in a request to *list* is a filter, not a value to set. "refunds above €40 since
 * 2026-01-05", "files W0123ABCDE shared" ask for a collection narrowed by an amount, a date, a person: the
 * value points at the list operations whose *query* parameters take that kind (Stripe's `created`
 * range, Slack's `ts_from` and `user`, GitHub's `since`), not at the create or update that takes
 * it in its body (`values.ts` reads what a tool takes wherever it takes it).
 *
 * Where a parameter goes is read from the tool as the importer gives it: a GET (or HEAD) sends
 * every parameter that is not in its URL template as a query parameter, a POST, PUT or PATCH its
 * body. Beside `values.ts`'s reading of a parameter, a query parameter that bounds a listing in
 * time (`created`, `since`, `before`, `oldest`, `…_after`) takes a date, and one that names who
 * made or holds the items (`creator`, `author`, `user`, `assignee`) a person, one named `labels`
 * or `tags` a label: general conventions of REST list endpoints, no operation named.
 *
 * On the request's side (`saysFilter`), a word of filtering right before a value ("by @alice",
 * "since …", "labelled bug") makes a read take its values as filters, a comparison ("over $500",
 * "more than …") makes a read or a create a list and is cut out of what is read, and recency said
 * in words ("lately") is a date filter. Every pattern is bounded and linear.
 */
import * as Qualifiers from "./qualifiers.js"
import * as Values from "./values.js"
import { stem } from "./words.js"

/** The methods whose parameters outside the URL are query parameters: what a list is filtered by. */
const QUERY_METHODS: ReadonlySet<string> = new Set(["GET", "HEAD"])

/**
 * A query parameter that bounds a listing in time, by its name: a date filter whatever its
 * schema says (Stripe's `created` is "object {gt, gte, lt, lte} | integer", Slack's `oldest` a number).
 */
const TIME_BOUND = /^(?:created|updated|since|before|after|until|oldest|latest|from|to|start|end|ts_from|ts_to|date|period)$|(?:^|_)(?:after|before|since|until|from|to|start|end|gte?|lte?|date|created|updated|at)$/

/** A query parameter that names who made, holds or is named in the items listed. */
const PERSON = /^(?:creator|author|assignee|assignees|user|users|username|mentioned|sender|committer|actor|reviewer|owner|member|from_user|user_id)$/

/** A query parameter that filters by a label or tag name (`labels`: "A list of comma separated label names"). */
const LABEL = /^(?:labels?|tags?|label_names?)$/

/** The kind a filter of a label takes. */
export const LABEL_KIND = "label"

/** The kind a filter of a person takes. */
export const PERSON_KIND = "person"

/** The mark of a filter kind among a tool's kinds (`Takers`): a kind its query parameters take. */
export const FILTER = "filter:"

/** @internal */
export interface FilterDocument {
  readonly method?: string | undefined
  /** Read for the qualifiers its example queries use, when it has a search query (`qualifiers.ts`). */
  readonly description?: string | undefined
  readonly url?: string | undefined
  readonly parameters?: { readonly properties: Readonly<Record<string, object>> } | undefined
}

/**
 * The kinds a tool's query parameters take (each marked `FILTER`), given `read` for one parameter's
 * kinds (`values.ts`); none for a tool that sends its parameters in a body or in its URL.
 *
 * @internal
 */
export const filterKindsOf = <S extends object>(
  document: FilterDocument & { readonly parameters?: { readonly properties: Readonly<Record<string, S>> } | undefined },
  read: (name: string, schema: S) => ReadonlyArray<string>
): ReadonlyArray<string> => {
  if (!QUERY_METHODS.has((document.method ?? "").toUpperCase())) return NONE
  const properties = document.parameters?.properties
  if (properties === undefined) return NONE
  const url = document.url ?? ""
  const kinds = new Set<string>()
  for (const name in properties) {
    if (!Object.hasOwn(properties, name)) continue
    // A parameter of the URL template picks the collection, it does not filter it.
    // (The name alone first: most are not in the URL, and the braced name is a new string.)
    if (url.includes(name) && url.includes(`{${name}}`)) continue
    const schema = properties[name]
    if (schema === undefined || schema === null || typeof schema !== "object") continue
    const taken = read(name, schema)
    for (let at = 0; at < taken.length; at++) kinds.add(asFilter(taken[at]!))
    // A query parameter of a few named values (`permission`: pull, push, admin) filters by each of
    // them: a word of a request to list that is one of them ("who has admin on …") narrows the list.
    // Not one that orders the list (`sort`, `direction`: asc, desc): it narrows nothing.
    const choices = (schema as { readonly enum?: ReadonlyArray<unknown> }).enum
    if (choices !== undefined && choices.length <= ENUM_MOST && !ORDERS.test(name)) {
      for (let at = 0; at < choices.length; at++) {
        const choice = choices[at]
        if (typeof choice === "string" && ENUM_WORD.test(choice)) kinds.add(asFilter(IS + stem(choice)))
      }
    }
    const lower = name.toLowerCase()
    if (TIME_BOUND.test(lower)) kinds.add(asFilter("date"))
    if (PERSON.test(lower)) kinds.add(asFilter(PERSON_KIND))
    if (LABEL.test(lower)) kinds.add(asFilter(LABEL_KIND))
    // A search query language filters by what the request says it filters by (`qualifiers.ts`), and
    // by the qualifiers its document shows in use.
    if (Qualifiers.isQueryLanguage(lower, (schema as { readonly description?: string }).description)) {
      kinds.add(asFilter(Qualifiers.QUERY_KIND))
      for (const qualifier of Qualifiers.qualifiersIn(document.description)) {
        if (TIME_BOUND.test(qualifier)) kinds.add(asFilter("date"))
        if (PERSON.test(qualifier)) kinds.add(asFilter(PERSON_KIND))
        if (LABEL.test(qualifier)) kinds.add(asFilter(LABEL_KIND))
      }
    }
  }
  return kinds.size === 0 ? NONE : [...kinds]
}

const NONE: ReadonlyArray<string> = []

/** The mark of a named value a query parameter filters by (`filter:is:<stem>`). */
export const IS = "is:"
/** At most so many named values make a filter of choices (longer enums are codes, not words people say). */
const ENUM_MOST = 12
/** A query parameter that orders a listing rather than narrowing it. */
const ORDERS = /^(?:sort|sort_by|order|order_by|direction)$/i
/** A named value that is one lowercase word. */
const ENUM_WORD = /^[a-z]{3,20}$/

/**
 * A kind marked `FILTER`, one string per kind: a first value search reads thousands of query
 * parameters, and joined anew each time the mark was a string built and hashed per parameter.
 * Bounded: past `MARKED_KINDS` kinds (an id's kind names a collection), joined as before.
 */
const marked = new Map<string, string>()
const MARKED_KINDS = 10_000
const asFilter = (kind: string): string => {
  let found = marked.get(kind)
  if (found === undefined) {
    found = FILTER + kind
    if (marked.size < MARKED_KINDS) marked.set(kind, found)
  }
  return found
}

/**
 * The kinds a request's values take as filters, when the request asks to list: each value's kinds
 * marked `FILTER`, and a person (`@alice`, a Slack user id, an email) as a person filter too;
 * recency said in words (`recent`) as a date filter.
 *
 * @internal
 */
export const asFilters = (takes: ReadonlyArray<ReadonlyArray<string>>, people: number, recent = false, labels = 0): Array<ReadonlyArray<string>> => {
  const out: Array<ReadonlyArray<string>> = []
  for (let at = 0; at < labels; at++) out.push([FILTER + LABEL_KIND])
  // "lately" bounds the listing in time as a date would, unless a date of the request already does.
  if (recent && !takes.some((kinds) => kinds.includes("date"))) out.push([`${FILTER}date`])
  for (const kinds of takes) {
    // A URL is where something is sent, not what a listing is narrowed by ("hook https://… up to
    // push events" names events, and asks for a webhook): it stays a value to set.
    // A span of history ("between v1 and v2") is what a comparison takes, not a listing's filter either.
    if (kinds.includes("url") || kinds.includes(Values.RANGE)) {
      out.push(kinds)
      continue
    }
    const filters = kinds.map((kind) => FILTER + kind)
    if (kinds.some((kind) => kind === "email" || kind === "id:user")) filters.push(FILTER + PERSON_KIND)
    out.push(filters)
  }
  for (let at = 0; at < people; at++) out.push([FILTER + PERSON_KIND])
  return out
}

/**
 * The words that say a value narrows what is read, said right before it: "by @alice", "from
 * W0123ABCDE", "since monday", "labelled bug", "assigned to @bo", "with status …".
 */
const FILTER_WORDS = /(?:^|\s)(?:by|from|since|before|after|until|till|between|labell?ed|tagged|assigned to|with status|created|updated)\s{1,3}$/i

/**
 * Comparisons: a value after them is a bound, never a value to set ("charges over $500", "invoices
 * older than 30 days"), whatever verb the request has ("charge" is also one).
 */
const COMPARISON = /(?:^|\s)(?:over|under|above|below|more than|less than|greater than|bigger than|larger than|smaller than|at least|at most|since|older than|newer than)\s{1,3}$/i

/**
 * Recency said without a date ("lately", "in the past hour", "last 7 days"): a listing bounded in
 * time, as a date would bound it. Every way through ends on a letter, so its word's end is
 * `(?!\w)`, not `\b`: the same matches, compiled in a fifth of the time (`values.ts` WORD_END).
 */
const RECENT = /\b(?:lately|recently|(?:in|over|during) the (?:last|past)(?: (?:\d{1,4}|few|couple of))? (?:hours?|days?|weeks?|months?|minutes?)|(?:last|past) (?:\d{1,4}|few) (?:hours|days|weeks|months|minutes))(?!\w)/i

/** A label's name after a word of labelling: one word, or quoted. */
const LABELLED = /\b(?:labell?ed|tagged|with (?:the )?labels?)\s{1,3}("[^"]{1,60}"|'[^']{1,60}'|[\w:.-]{1,60})/gi

/** How far before a value its filter word may end (characters). */
const BEFORE = 24

/** At most this many values and persons are looked at in a request. */
const MOST = 64

/**
 * How a request says its values (`values.ts`) or a person (`@alice`) are filters, by the word right
 * before one: `compares` when a comparison bounds a value ("over $500"), `filters` when any word of
 * filtering does ("by @alice"); and the request without its comparisons (`rest`): "above" or "more
 * than" is how a value is compared, not a word a tool's document would hold. Bounded: at most
 * `BEFORE` characters looked at for each of `MOST` values.
 *
 * @internal
 */
export const saysFilter = (
  request: string
): { readonly filters: boolean; readonly compares: boolean; readonly recent: boolean; readonly labels: number; readonly rest: string } => {
  const at = Values.recognise(request).slice(0, MOST).map((value) => value.start)
  for (let found = request.indexOf("@"); found !== -1 && at.length < MOST; found = request.indexOf("@", found + 1)) at.push(found)
  let filters = false
  let rest = request
  for (const start of at) {
    const from = Math.max(0, start - BEFORE)
    const before = request.slice(from, start)
    const comparison = COMPARISON.exec(before)
    if (comparison !== null) {
      const cut = from + comparison.index
      rest = rest.slice(0, cut) + " ".repeat(start - cut) + rest.slice(start)
      filters = true
      continue
    }
    filters ||= FILTER_WORDS.test(before)
  }
  const compares = rest !== request
  // "labelled bug", "tagged 'good first issue'": the name is a label's, no word of what is asked.
  let labels = 0
  LABELLED.lastIndex = 0
  for (let match = LABELLED.exec(rest); match !== null && labels < MOST; match = LABELLED.exec(rest)) {
    rest = rest.slice(0, match.index) + " ".repeat(match[0].length) + rest.slice(match.index + match[0].length)
    labels += 1
  }
  return { filters: filters || labels > 0, compares, recent: RECENT.test(request), labels, rest }
}
