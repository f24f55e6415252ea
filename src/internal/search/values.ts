/**
 * The values a request carries and the parameters that take them. A request for a discount of a
 * percentage over some months may name no noun of the API, but its values do: a percentage and a
 * duration, which Stripe's coupon takes as `percent_off` and `duration_in_months`; an amount said
 * with `acct_…` gives an amount, a currency and the id of an account, which a transfer takes as
 * `amount`, `currency` and `destination` ("The ID of a connected Stripe account"). Two halves, one vocabulary of *kinds*:
 *
 * - `recognise` reads the typed values of a request (money, currencies, percentages, durations,
 *   URLs, emails, commit hashes, branches, version tags, file names, dates, Slack-style ids and
 *   message timestamps, `prefix_…` ids, counted quantities), each with its kind and span;
 * - `kindsOf` reads, from a tool's parameter schema alone, which kinds its parameters take — by
 *   general rules over a parameter's name, JSON Schema `format` and `type`, and the first sentence
 *   of its description ("The URL to which…", "The ID of the customer", "Three-letter ISO code for
 *   the currency") — walking the objects the importer nests (`config.url`), and whether each is
 *   required. A kind is a property of a parameter, not a list of operations.
 *
 * What is maintained elsewhere is used: a URL is confirmed by the WHATWG parser (`URL.canParse`,
 * Node's own), a currency code by ICU's ISO 4217 list (`Intl.supportedValuesOf("currency")`). The
 * other shapes are small regular expressions, each linear: bounded quantifiers, no nested
 * repetition that could backtrack (a 100 KB hostile request is read in linear time; the index reads
 * only a request's first 1,000 characters anyway).
 */
import { rawWords, stem } from "./words.js"

/**
 * What kind of value a request carries, or a parameter takes. `id` values name a collection's item
 * (`acct_…`: accounts; `C024BE91L`: a channel): they carry `nouns`.
 *
 * @internal
 */
export type Kind =
  | "money"
  | "currency"
  | "percent"
  | "duration"
  | "url"
  | "email"
  | "sha"
  | "ref"
  | "version"
  | "file"
  | "date"
  | "ts"
  | "quantity"
  | "code"
  | "id"
  | "range"

/** @internal */
export interface Value {
  readonly kind: Kind
  /** Where the value is in the request: `request.slice(start, end)`. */
  readonly start: number
  readonly end: number
  /** For an `id`: the lowercase prefix (`acct`, `sub_sched`) of a `prefix_…` id. */
  readonly prefix?: string
  /** For an `id`: the nouns the id's shape names (`channel` for Slack's `C…`). */
  readonly nouns?: ReadonlyArray<string>
}

/** ISO 4217 codes, as ICU knows them (Node's own list: maintained with the runtime, no dependency). */
const CURRENCIES: ReadonlySet<string> = new Set(
  (typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("currency") : ["USD", "EUR", "GBP", "JPY"]).map((code) => code.toLowerCase())
)

/** Currency words of everyday English (a currency's name said instead of its code). */
const CURRENCY_WORDS = "dollars?|euros?|pounds?|bucks|cents|yen"

/**
 * Slack's documented id convention: one capital saying the kind, then capitals and digits. The
 * nouns an API's parameters use for each (`channel`, `user`), not a table of operations.
 */
const LETTER_NOUNS: Readonly<Record<string, ReadonlyArray<string>>> = {
  C: ["channel", "conversation"],
  G: ["channel", "conversation", "group"],
  D: ["channel", "conversation", "im"],
  U: ["user"],
  W: ["user"],
  F: ["file"],
  T: ["team"],
  E: ["enterprise"],
  B: ["bot"],
  A: ["app"],
  V: ["view"],
  S: ["usergroup"]
}

const NUMBER_WORDS = "an?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|sixty|ninety|\\d{1,4}"
const UNITS = "seconds?|secs?|minutes?|mins?|hours?|hrs?|days?|weeks?|months?|years?|yrs?"
const MONTHS = "jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?"
const WEEKDAYS = "monday|tuesday|wednesday|thursday|friday|saturday|sunday"

/**
 * The end of a word, right after a word's last character: what `\b` is there (the character before
 * is a word's, so a boundary is no word character after it), written as a lookahead because V8
 * compiles a `\b` after an alternation into every way through it — the date shape's first use
 * cost ~16 ms of a process's first search, ~1 ms so (regular expressions compile on first use).
 * Only after a word character: before one, or after anything else, `\b` says something else.
 */
const WORD_END = "(?!\\w)"

interface Shape {
  readonly pattern: RegExp
  /** The values one match is (none: not a value after all). */
  readonly values: (match: RegExpExecArray) => ReadonlyArray<Omit<Value, "start" | "end">>
}

/**
 * A code people choose and type, as shops write them: three or more capitals, then a number of at
 * most four digits (`SUMMER20`, `WELCOME10`, `FALL2024`). Slack's ids and Stripe's ids are shaped
 * otherwise (a letter, then letters and digits mixed; `prefix_…`).
 *
 * @internal
 */
export const CODE = /\b[A-Z]{3,16}\d{1,4}\b/g

const is = (kind: Kind) => (): ReadonlyArray<Omit<Value, "start" | "end">> => [{ kind }]

/**
 * The shapes, in order: a span taken by one is not read again by a later one (a URL's path holds
 * no file name, an email no `@user`).
 */
const SHAPES: ReadonlyArray<Shape> = [
  {
    pattern: /\bhttps?:\/\/[^\s<>"'`]{1,500}/gi,
    values: (match) => (URL.canParse(match[0]) ? [{ kind: "url" }] : [])
  },
  { pattern: /\b[\w.+-]{1,64}@[\w-]{1,63}(?:\.[\w-]{1,63}){1,8}\b/g, values: is("email") },
  // Money: a currency symbol before a number, or a number then a currency code or word.
  {
    pattern: new RegExp(
      `[$€£¥]\\s?\\d[\\d,]{0,12}(?:\\.\\d{1,2})?k?(?![\\w.])|\\b\\d[\\d,]{0,12}(?:\\.\\d{1,2})?k?\\s?([a-z]{3}|${CURRENCY_WORDS})\\b`,
      "gi"
    ),
    values: (match) => {
      const word = match[1]?.toLowerCase()
      if (word !== undefined && word.length === 3 && !CURRENCIES.has(word) && word !== "yen") return []
      return [{ kind: "money" }, { kind: "currency" }]
    }
  },
  // A currency code alone ("in EUR"): upper case, as codes are written, and ICU knows it.
  { pattern: /\b[A-Z]{3}\b/g, values: (match) => (CURRENCIES.has(match[0].toLowerCase()) ? [{ kind: "currency" }] : []) },
  { pattern: /\b\d{1,3}(?:\.\d{1,2})?\s?(?:%|percent\b|per cent\b|pct\b)/gi, values: is("percent") },
  {
    pattern: new RegExp(`\\b(?:${NUMBER_WORDS})[\\s-](?:${UNITS})${WORD_END}`, "gi"),
    values: is("duration")
  },
  // Dates: ISO 8601 (with a time or not), a month and a day, relative days and weeks.
  {
    pattern: new RegExp(
      "\\b\\d{4}-[01]\\d-[0-3]\\d(?:[T ][0-2]\\d:[0-5]\\d(?::[0-5]\\d(?:\\.\\d{1,6})?)?(?:Z|[+-][0-2]\\d:?[0-5]\\d)?)?(?![\\w-])|" +
        `\\b(?:${MONTHS})\\.?\\s[0-3]?\\d(?:st|nd|rd|th)?${WORD_END}(?:,?\\s\\d{4}${WORD_END})?|\\b[0-3]?\\d(?:st|nd|rd|th)?\\s(?:${MONTHS})${WORD_END}(?:\\s\\d{4}${WORD_END})?|` +
        `\\b(?:today|tomorrow|yesterday|tonight)${WORD_END}|\\b(?:next|last|this)\\s(?:week|month|year|quarter|${WEEKDAYS})${WORD_END}`,
      "gi"
    ),
    values: is("date")
  },
  { pattern: /\b\d{9,10}\.\d{6}\b/g, values: is("ts") },
  // A branch by git-flow's conventions (`release/2.x`, `feature/login`), or said as a branch.
  {
    pattern: /(?<![\w@/])(?:feature|feat|bugfix|fix|hotfix|release|chore|topic|wip|dependabot|renovate)\/[\w.\/-]{1,200}/g,
    values: is("ref")
  },
  {
    // A conventional default branch after a preposition of direction ("merge into main"), or the
    // name said after "branch" ("the branch hotfix-login"; not "branch off …").
    pattern: /(?<=\b(?:into|onto|against|off|from|to|at)\s)(?:main|master|develop|trunk)\b|(?<=\bbranch\s)(?!(?:off|from|of|to|into|onto|on|in|for|the|an?|and|or|is|was)\b)[\w.\/-]{1,100}/gi,
    values: is("ref")
  },
  { pattern: /\bv\d{1,4}(?:\.\d{1,6}){1,3}(?:-[\w.]{1,20})?\b/g, values: is("version") },
  {
    pattern: /(?<![\w@])(?:[\w.-]{1,100}\/){0,10}[\w-]{1,100}\.(?:md|txt|json|ya?ml|js|mjs|ts|tsx|jsx|py|go|rb|rs|java|kt|c|h|cpp|cs|php|sh|html|css|lock|toml|cfg|ini|xml|csv|pdf|png|jpe?g|gif|svg|zip|gz|tgz|docx?|xlsx?|pptx?|mp4|mov|log)\b/gi,
    values: is("file")
  },
  // A commit hash: 7–40 hex digits with at least one letter and one digit.
  { pattern: /\b(?=[0-9a-f]{0,39}[a-f])(?=[0-9a-f]{0,39}\d)[0-9a-f]{7,40}\b/g, values: is("sha") },
  // `prefix_body` ids (`cus_9s6XKz`, `sub_sched_1Mr3`): the body has a digit or a capital.
  {
    pattern: /\b([a-z]{1,12}(?:_[a-z]{1,12}){0,2})_([A-Za-z0-9]{3,64})\b/g,
    values: (match) => {
      if (!/[0-9A-Z]/.test(match[2] ?? "")) return []
      return [{ kind: "id", prefix: (match[1] ?? "").replace(/_(?:test|live)$/, "") }]
    }
  },
  // A code people choose and type (a promotion code: `SUMMER20`, `LAUNCH50`): a capitalised word
  // and a number run together. Before Slack's ids, whose bodies mix letters and digits (`U024BE7LH`).
  { pattern: CODE, values: is("code") },
  {
    pattern: /\b([A-Z])(?=[A-Z0-9]{0,14}\d)[A-Z0-9]{8,14}\b/g,
    values: (match) => {
      const nouns = LETTER_NOUNS[match[1] ?? ""]
      return nouns === undefined ? [] : [{ kind: "id", nouns }]
    }
  },
  // A counted quantity: "5 seats", "3 licenses".
  { pattern: /\b\d{1,6}\s(?:seats?|licen[cs]es?|units?|copies|items?)\b/gi, values: is("quantity") }
]

/**
 * The typed values of a request, in the order of the shapes (a span is read by one shape only).
 *
 * @internal
 */
export const recognise = (request: string): Array<Value> => {
  const found: Array<Value> = []
  // The characters taken by a value so far: a later shape's match over any of them is not read
  // again. A mask, not a list of spans, so that checking a match costs its length (linear overall).
  const taken = new Uint8Array(request.length)
  const free = (start: number, end: number): boolean => {
    for (let at = start; at < end; at++) if (taken[at] === 1) return false
    return true
  }
  for (const { pattern, values } of SHAPES) {
    pattern.lastIndex = 0
    for (let match = pattern.exec(request); match !== null; match = pattern.exec(request)) {
      const start = match.index
      const end = start + match[0].length
      if (end === start) {
        pattern.lastIndex += 1
        continue
      }
      if (!free(start, end)) continue
      const read = values(match)
      if (read.length === 0) continue
      for (const value of read) found.push({ ...value, start, end })
      taken.fill(1, start, end)
    }
  }
  return found.sort((a, b) => a.start - b.start)
}

/** The kind of a span of history (`spans`). @internal */
export const RANGE: Kind = "range"

/** The kinds of value that name a point of a repository's history: a tag, a commit, a branch. */
const HISTORY: ReadonlySet<Kind> = new Set<Kind>(["version", "sha", "ref"])
/** The nouns of a point of history, said beside its value ("the v1.8.0 tag", "tag v1.8.0", "branch main"). */
const POINT = "(?:tag|branch|commit|release)"
/** A point's noun, where one is said in a span's words (`Span.points`). */
const POINT_WORD = new RegExp(`\\b${POINT}s?\\b`, "gi")
/**
 * What joins two points of history said as a span: `v1..v2`, `a vs b`, "v1 against v2"; or, after an
 * opener (`SPAN_OPEN`), `and`, `to`, "up to", "through", "until". A point's noun may stand on either
 * side of the join ("the v1 tag against v2", "from tag v1 to tag v2").
 */
const SPAN_JOIN = new RegExp(
  `^\\s{0,3}(?:${POINT}\\s{1,3})?(\\.\\.\\.?|vs\\.?|versus|against|and|to|up\\s{1,3}to|through|thru|until|till|->|→)\\s{0,3}(?:(?:the|${POINT})\\s{1,3}){0,2}$`,
  "i"
)
/** The joins that make a span only after an opener: otherwise they join two of a list ("tag v1 and v2"). */
const WEAK_JOIN = /^(?:and|to|up\s{1,3}to|through|thru|until|till)$/i
/** What may open a span said in words: "between v1 and v2", "from main to dev", "after tag v1 up to v2". */
const SPAN_OPEN = new RegExp(`\\b(?:between|from|after|since)\\s{1,3}(?:(?:the|${POINT})\\s{1,3}){0,2}$`, "i")
/** A point's noun right after a span's second end ("… against v1.9.0 tag"). */
const POINT_AFTER = new RegExp(`^\\s{1,3}${POINT}s?\\b`, "i")
/** The most characters between a span's two ends, and before its first end that an opener is looked for in. */
const SPAN_GAP = 30

/**
 * A span of history: its two ends, and where its words say a point's noun ("the v1.8.0 tag against
 * v1.9.0": `tag`) — a word of the span's values, not of what to do with them.
 *
 * @internal
 */
export interface Span {
  readonly first: Value
  readonly second: Value
  /** `[start, end)` of each point noun the span's words say, in order. */
  readonly points: ReadonlyArray<readonly [number, number]>
}

/**
 * The spans of history a request names — two points of history (versions, commits, branches) said as
 * the two ends of one span: "between v1.2 and v1.3", "from main to develop", `abc123..def456`, "v2 vs
 * v3", "the v1 tag against v2", "after tag v1 up to v2". Such a span is one value of its own (kind
 * `range`), which an operation comparing two revisions takes as one parameter (GitHub's `basehead`,
 * "the base and head … to compare"): a request for what changed across a span is a comparison, not a
 * listing filtered by two versions, and its ends are not values of their own (`query.ts` `takesOf`).
 * Linear: each pair of neighbouring values is looked at once, over at most `SPAN_GAP` characters
 * between them and before them.
 *
 * @internal
 */
export const spanEnds = (request: string, values: ReadonlyArray<Value>): Array<Span> => {
  const out: Array<Span> = []
  for (let at = 0; at + 1 < values.length; at++) {
    const first = values[at]!
    const second = values[at + 1]!
    if (!HISTORY.has(first.kind) || !HISTORY.has(second.kind) || second.start - first.end > SPAN_GAP) continue
    const join = SPAN_JOIN.exec(request.slice(first.end, second.start))
    if (join === null) continue
    const before = Math.max(0, first.start - SPAN_GAP)
    const open = SPAN_OPEN.exec(request.slice(before, first.start))
    if (WEAK_JOIN.test(join[1]!) && open === null) continue
    const after = POINT_AFTER.exec(request.slice(second.end, second.end + 12))
    const points: Array<readonly [number, number]> = []
    const pointsIn = (from: number, to: number) => {
      const text = request.slice(from, to)
      POINT_WORD.lastIndex = 0
      for (let word = POINT_WORD.exec(text); word !== null; word = POINT_WORD.exec(text)) {
        points.push([from + word.index, from + word.index + word[0].length])
      }
    }
    if (open !== null) pointsIn(before + open.index, first.start)
    pointsIn(first.end, second.start)
    if (after !== null) pointsIn(second.end, second.end + after[0].length)
    out.push({ first, second, points })
    at += 1
  }
  return out
}

/** How many spans of history a request names (`spanEnds`). @internal */
export const spans = (request: string, values: ReadonlyArray<Value>): number => spanEnds(request, values).length

/**
 * A parameter schema as the model sees it (the importer's JSON Schema): what `kindsOf` reads.
 *
 * @internal
 */
export interface ParamSchema {
  readonly type?: string | ReadonlyArray<string> | undefined
  readonly format?: string | undefined
  readonly description?: string | undefined
  readonly enum?: ReadonlyArray<unknown> | undefined
  readonly properties?: Readonly<Record<string, ParamSchema>> | undefined
  readonly items?: ParamSchema | undefined
  readonly required?: ReadonlyArray<string> | undefined
}

/** The first sentence of a description, lowercase, HTML and links out: what the parameter holds. */
const gist = (description: string | undefined): string => {
  if (description === undefined || description === "") return ""
  const cut = description.slice(0, 600)
  // Most descriptions have no markup: the two passes only run where they can change something.
  const plain = /[<[]/.test(cut) ? cut.replace(/<[^>]{0,200}>/g, " ").replace(/\[([^\]]{0,200})\]\([^)]{0,400}\)/g, "$1") : cut
  const end = plain.search(/[.!?](?:\s|$)/)
  return (end === -1 ? plain : plain.slice(0, end)).slice(0, 300).toLowerCase()
}

/**
 * Every word a description rule below looks for: a description with none of them is read by the
 * name, format and type alone. An API has thousands of distinct parameters, most of them described
 * with none of these words, and the build reads each (issue #32's build time).
 */
const DESCRIBES = /url|email|amount|cents|currency|price|percent|number of|8601|timestamp|unix|date|sha|branch|tag|file|message|\bids?\b|identifier|to compare/
/** The same over a raw description (any case, markup in): a description without them is not read. */
const MAY_DESCRIBE = new RegExp(DESCRIBES.source, "i")
/** Every name a name rule below looks for (`NAMED`): a parameter with none of them, no format and no such description takes nothing. */
const NAMED = /url|uri|href|endpoint|email|amount|price|cost|fee|currenc|percent|duration|days|weeks|months|years|hours|minutes|seconds|interval|ttl|expires|(?:^|_)(?:at|on|ts)$|date|since|until|due|time|sha|commit|ref|branch|tag|version|file|path|quantity|seats|licenses|count|code|coupon|_ids?$/i

const NOTHING: ReadonlyArray<string> = []

const typeOf = (schema: ParamSchema): string => (Array.isArray(schema.type) ? String(schema.type[0] ?? "") : String(schema.type ?? ""))

/**
 * The kinds one parameter takes (plain kinds, and `id:<noun stem>` for an id of a collection's item),
 * by its name, format, type and description. General rules about how REST documents name and
 * describe values; each names the evidence it reads.
 */
const paramKinds = (name: string, schema: ParamSchema, text: string): Array<string> => {
  const description = DESCRIBES.test(text) ? text : ""
  if (description === "" && (schema.format === undefined || schema.format === "") && !NAMED.test(name)) return NOTHING as Array<string>
  const kinds: Array<string> = []
  const lower = name.toLowerCase()
  const format = (schema.format ?? "").toLowerCase()
  const type = typeOf(schema)
  const numeric = type === "number" || type === "integer"
  const words = rawWords(name)
  const last = words[words.length - 1] ?? ""
  // A URL: JSON Schema says so, or the name (`url`, `target_url`, `href`) or the description opens on it.
  if (format === "uri" || format === "url" || format === "uri-reference" || /^(?:url|uri|href|endpoint)s?$/.test(last) || /^(?:the |an? )?(?:\w+ ){0,2}urls?\b/.test(description)) {
    kinds.push("url")
  }
  if (format === "email" || format === "idn-email" || /^emails?$/.test(last) || /\bemail address/.test(description)) kinds.push("email")
  // Money: a number named or described as an amount or a price (in the currency's smallest unit).
  if (
    (numeric || type === "string") &&
    (/(?:^|_)(?:amount|price|cost|fee)s?(?:_|$)/.test(lower) || (numeric && /\b(?:amount|in cents|smallest currency unit|price)\b/.test(description)))
  ) {
    kinds.push("money")
  }
  if (last === "currency" || last === "currencies" || /\b(?:three|3)-letter\b.{0,60}\bcurrency\b|\biso (?:4217 )?(?:code|currency code) for (?:the )?currency/.test(description)) {
    kinds.push("currency")
  }
  if (/percent/.test(lower) || (numeric && /\bpercent(?:age)?\b/.test(description))) kinds.push("percent")
  // A duration: named as one, or a number of days, months, … (`duration_in_months`, `trial_period_days`).
  if (
    /duration|(?:^|_)(?:in|period)_(?:days|weeks|months|years|hours|minutes|seconds)$|(?:^|_)(?:days|months|weeks|years)$|(?:^|_)interval(?:_count)?$|(?:^|_)ttl$|expires_in/.test(lower) ||
    (numeric && /\bnumber of (?:days|weeks|months|years|hours|minutes|seconds)\b/.test(description))
  ) {
    kinds.push("duration")
  }
  // A date or time: JSON Schema's formats, a timestamp's conventional names, a description saying so.
  if (
    format === "date" || format === "date-time" || format === "unix-time" ||
    /(?:^|_)(?:at|on|date|since|until|due|timestamp|time)$/.test(lower) ||
    /\b(?:iso 8601|timestamp|unix time|date)\b/.test(description)
  ) {
    kinds.push("date")
  }
  if (/^(?:sha|commit_sha|commit_id|head_sha|base_sha|commit)$/.test(lower) || /\bsha\b/.test(description)) kinds.push("sha")
  // A branch or ref: named so, or described as a branch's name (GitHub's `base`, `head`, `target_commitish`).
  if (/(?:^|_)(?:ref|branch|commitish)$/.test(lower) || /\b(?:name of the branch|branch name|the branch)\b/.test(description)) kinds.push("ref")
  // Two revisions in one parameter, described as what to compare ("the base and head … to compare",
  // "two commits"): it takes a span of history (`spans`).
  if (/\b(?:two\b|base\b.{0,40}\bhead\b).{0,40}\bto compare\b|\bto compare\b.{0,20}\btwo\b/.test(description)) kinds.push(RANGE)
  if (/(?:^|_)(?:tag|tag_name|version)$/.test(lower) || /\bname of the tag\b/.test(description)) kinds.push("version")
  if (/(?:^|_)(?:file|files|filename|file_name|filetype|path)$/.test(lower) || /\b(?:file name|filename|path to the file|the file)\b/.test(description)) kinds.push("file")
  if (/(?:^|_)ts$/.test(lower) || /\b(?:message's `?ts`?|timestamp of the message)\b/.test(description)) kinds.push("ts")
  if (numeric && /^(?:quantity|seats|licenses|count)$/.test(lower)) kinds.push("quantity")
  // A code a person chooses and customers type (`code`, `coupon`, `promotion_code`), not one the API
  // hands out (Slack's OAuth `code` "returned via the OAuth callback") nor its API id.
  if (type === "string" && /^(?:(?:promotion|promo|coupon|discount|voucher)_)?(?:code|coupon)$/.test(lower) && !/\b(?:returned|callback|generated|api id)\b/i.test((schema.description ?? "").slice(0, 300))) {
    kinds.push("code")
  }
  for (const noun of idNouns(name, description, type)) kinds.push(`id:${noun}`)
  return kinds
}

/**
 * The collections a parameter takes an item of, each as its stem: by description ("The ID of the
 * customer", "ID of a connected Stripe account", "Channel ID", "The PaymentMethod ID"), or by a name
 * that is an id's (`team_id`, `customer_ids`).
 */
const idNouns = (name: string, description: string, type: string): Array<string> => {
  if (type !== "string" && type !== "number" && type !== "integer" && type !== "array" && type !== "") return []
  const nouns: Array<string> = []
  const of = /\b(?:id|ids|identifier|identifiers)\s+of\s+(?:the|a|an|this|that|each)?\s*((?:[\w-]+\s){0,3}?[\w-]+?)(?=\s(?:to|that|which|for|in|on|with|whose|you|being|this|from|or|and)\b|[,;:()]|$)/.exec(description)
  if (of !== null) nouns.push(...lastNouns(of[1] ?? ""))
  const before = /^(?:the\s+|a\s+|an\s+)?(?:unique\s+)?([\w-]+)\s+(?:id|ids|identifier)\b/.exec(description)
  if (before !== null && !/^(?:unique|the|an?)$/.test(before[1] ?? "")) nouns.push(...lastNouns(before[1] ?? ""))
  const named = /^(.{2,60}?)_ids?$/.exec(name.toLowerCase())
  if (named !== null) nouns.push(...lastNouns(named[1]!.replace(/_/g, " ")))
  return [...new Set(nouns)]
}

/** A noun phrase's last word, and its last two (`connected stripe account` → account, stripe account), stemmed. */
const lastNouns = (phrase: string): Array<string> => {
  const words = rawWords(phrase)
  const last = words[words.length - 1]
  if (last === undefined) return []
  const out = [stem(last)]
  if (words.length > 1) out.push(`${stem(words[words.length - 2]!)} ${stem(last)}`)
  return out
}

/**
 * What kinds a tool's parameters take: kind → whether a required parameter takes it. Parameters
 * nested in objects and arrays of objects (the importer keeps a body's structure: `config.url`) are
 * read to two levels below the top; a nested parameter counts as required only if it and every
 * object above it are.
 *
 * @internal
 */
export const kindsOf = (
  parameters: ParamSchema | undefined,
  read: (name: string, schema: ParamSchema) => ReadonlyArray<string> = parameterKinds
): ReadonlyMap<string, boolean> => {
  if (parameters === undefined) return NO_KINDS
  return walkKinds(parameters, 0, true, read, undefined) ?? NO_KINDS
}

/**
 * `kindsOf`'s walk, one level: the kinds of each property into `out` (made on the first kind).
 * A function of the module and indexed loops, not a closure per tool and `for … of`: it runs on a
 * process's first value search, unoptimised, where each closure and iterator result is allocated
 * (~11,700 parameter visits over the imports).
 */
const walkKinds = (
  schema: ParamSchema,
  depth: number,
  required: boolean,
  read: (name: string, schema: ParamSchema) => ReadonlyArray<string>,
  into: Map<string, boolean> | undefined
): Map<string, boolean> | undefined => {
  let out = into
  const properties = schema.properties
  if (properties === undefined) return out
  const needed = schema.required
  for (const name in properties) {
    if (!Object.hasOwn(properties, name)) continue
    const child = properties[name]
    if (child === undefined || child === null || typeof child !== "object") continue
    const isRequired = required && needed !== undefined && needed.includes(name)
    const kinds = read(name, child)
    if (kinds.length > 0) {
      out ??= new Map()
      for (let at = 0; at < kinds.length; at++) {
        const kind = kinds[at]!
        out.set(kind, (out.get(kind) ?? false) || isRequired)
      }
    }
    if (depth < 2) {
      if (child.properties !== undefined) out = walkKinds(child, depth + 1, isRequired, read, out)
      else if (child.items?.properties !== undefined) out = walkKinds(child.items, depth + 1, isRequired, read, out)
    }
  }
  return out
}

const NO_KINDS: ReadonlyMap<string, boolean> = new Map()

/**
 * One parameter's kinds: `kindsOf`'s reading of a parameter, for a caller that memoises it by the
 * parameter's name and schema (an API repeats the same parameter on hundreds of tools).
 *
 * @internal
 */
export const parameterKinds = (name: string, schema: ParamSchema): ReadonlyArray<string> => {
  const raw = schema.description ?? ""
  return paramKinds(name, schema, raw !== "" && MAY_DESCRIBE.test(raw.length > 600 ? raw.slice(0, 600) : raw) ? gist(raw) : "")
}

/**
 * The kinds a request's value may fill: its own kind, and for an id the collections it names
 * (`id:<stem>` for each noun), given `nounsOf` to resolve a `prefix_…` id's prefix.
 *
 * @internal
 */
export const wanted = (value: Value, nounsOf: (prefix: string) => ReadonlyArray<ReadonlyArray<string>>): Array<string> => {
  // In git a tag and a commit are refs: a parameter taking a ref takes either.
  if (value.kind === "version" || value.kind === "sha") return [value.kind, "ref"]
  if (value.kind !== "id") return [value.kind]
  const out: Array<string> = []
  const add = (words: ReadonlyArray<string>): void => {
    const stems = words.map(stem)
    const last = stems[stems.length - 1]
    if (last === undefined) return
    out.push(`id:${last}`)
    if (stems.length > 1) out.push(`id:${stems[stems.length - 2]} ${last}`)
  }
  for (const noun of value.nouns ?? []) add([noun])
  if (value.prefix !== undefined) for (const words of nounsOf(value.prefix)) add(words)
  return [...new Set(out)]
}
