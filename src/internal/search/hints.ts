/**
 * What a request says with its shape rather than its words: `owner/repo`, `#channel`, `@user`, an
 * id such as `cus_9s6XKz` or `C024BE91L`, a commit hash, an email, a URL, a version. Each hint
 * becomes words an API document would use for that kind of value (`owner/repo` → repository,
 * owner), and a typed id prefix (`cus`) is kept for `learn.ts` to resolve against the nouns of
 * the registered APIs. The text left over, hints cut out, goes on to the lexicon.
 *
 * The shapes are the conventions of the web and of the big APIs (GitHub's `owner/repo#n`, Slack's
 * `#channel` and one-letter id prefixes, Stripe-style `prefix_` ids); none is taken from a request
 * set. Every pattern is linear: bounded quantifiers, no nested repetition.
 */
import type { Action } from "./lexicon.js"
import * as Values from "./values.js"

/** @internal */
export interface Hint {
  /** Words that documents use for what the hint stands for. */
  readonly words: ReadonlyArray<string>
  /** How much the hint counts among the request's concepts, if not as any hint. */
  readonly weight?: number
  /** Whether the hint names one item (an id, a message's timestamp, an issue number): a read, not a list. */
  readonly item?: boolean
  /**
   * Whether the hint is a value to give, not one that picks an item out (an email, a URL, an
   * amount, a time): "sign up a customer with ann@example.com" names no customer to update.
   */
  readonly attribute?: boolean
  /**
   * What a request made of the hint and no verb asks to do: an emoji shortcode said on a message
   * (`:eyes: on 1712345678.000100`) is a reaction put on it, not one looked up.
   */
  readonly action?: Action
  /**
   * Whether the hint qualifies the noun after it rather than standing apart (an amount: "their
   * $200 share", "a $50 refund"): cut out with no mark, so that the words around it stay one phrase.
   */
  readonly modifier?: boolean
}

/** @internal */
export interface Hints {
  readonly hints: ReadonlyArray<Hint>
  /** Lowercase prefixes of `prefix_body` ids (`cus`, `sub_sched`), to resolve against the APIs' nouns. */
  readonly idPrefixes: ReadonlyArray<string>
  /**
   * The nouns said right before a number (`["check", "suite"]` for "check suite 5678"; `[]` for a
   * bare `#12`): an item of that collection is meant.
   */
  readonly numbered: ReadonlyArray<ReadonlyArray<string>>
  /** The request with every hint cut out. */
  readonly rest: string
  /** How many names of code it says (`fooBar`, `process.env.KEY`, `init()`): words to look for, as quoted text is. */
  readonly code: number
}

/** A whole word shaped as a code people type (`Values.CODE`). */
const WHOLE_CODE = new RegExp(`^${Values.CODE.source}$`)

/**
 * Slack-style ids: one capital letter saying the kind, then 8+ capitals and digits (Slack's
 * documented convention; other chat APIs follow it). Only the letters whose meaning is stable.
 */
const LETTER_IDS: Readonly<Record<string, string>> = {
  C: "channel conversation",
  G: "channel conversation group private",
  D: "direct message conversation im",
  U: "user",
  W: "user",
  F: "file",
  T: "team workspace",
  E: "enterprise",
  B: "bot",
  A: "app",
  V: "view",
  S: "usergroup"
}

interface Shape {
  readonly pattern: RegExp
  readonly hint: (match: RegExpExecArray, prefixes: Array<string>, spanned: Spanned) => Hint | undefined
  /** Not read inside quoted text: there it is what the text says, not a value of the request. */
  readonly outsideQuotes?: true
}

/**
 * Quoted text: what a message, status or search says ("post \"freeze starts at 5pm\"", 'heads down
 * until 3pm'), the words of the operation's content, not of the request.
 *
 * @internal
 */
export const QUOTED = /"[^"]{0,500}"|“[^”]{0,500}”|(?<![\w])'[^']{2,500}'(?![\w])/g

/** Which characters of `text` stand inside quoted text (`QUOTED`): a mask, read in one pass. */
const quotedMask = (text: string): Uint8Array => {
  const mask = new Uint8Array(text.length)
  for (const match of text.matchAll(QUOTED)) mask.fill(1, match.index, match.index + match[0].length)
  return mask
}

/**
 * The two ends of each span of history a request names (`Values.spanEnds`: "the v1.8.0 tag against
 * v1.9.0"), by their text: a span is one hint, what `v1..v2` says — a comparison — said on its first
 * end; its second end is cut out with no words (not a second tag or commit to look up).
 *
 * @internal
 */
export interface Spanned {
  readonly first: ReadonlySet<string>
  readonly second: ReadonlySet<string>
}

const NO_SPANS: Spanned = { first: new Set(), second: new Set() }

/** A point of history's hint, or the hint of the span it ends (`Spanned`). */
const pointOf = (text: string, spanned: Spanned, alone: Hint, span: Hint): Hint =>
  spanned.first.has(text) ? span : spanned.second.has(text) ? { words: [] } : alone

/**
 * The extensions of files people name in requests: source, configuration, documents, data, logs,
 * archives, media, and the suffixes of copies (`.bak`, `.orig`) — general knowledge of file types,
 * each a word no domain, version or identifier of code ends with (`.com`, `.io`, `.env` of
 * `process.env` is cut as code only when a capital or a call says so).
 */
const EXTENSIONS =
  "md|mdx|rst|txt|json|jsonc|ya?ml|js|cjs|mjs|ts|cts|mts|tsx|jsx|vue|svelte|py|ipynb|go|rb|rs|java|kt|kts|scala|swift|c|h|cc|cpp|hpp|cs|php|sh|bash|zsh|ps1|sql|" +
  "html?|css|scss|less|lock|toml|cfg|conf|ini|properties|xml|csv|tsv|log|bak|orig|tmp|old|patch|diff|pdf|png|jpe?g|gif|svg|webp|ico|mp3|mp4|mov|wav|" +
  "zip|gz|tgz|tar|rar|7z|docx?|xlsx?|pptx?|key|pem|crt|wasm|jar|apk|dmg|exe|bin|dockerfile"

/** A name that ends with a file's extension. */
const FILE_NAME = new RegExp(`\\.(?:${EXTENSIONS})$`, "i")

const words = (text: string): Hint => ({ words: text.split(" ") })
const item = (text: string): Hint => ({ words: text.split(" "), item: true })
const attribute = (text: string): Hint => ({ words: text.split(" "), attribute: true })

// Order matters: a longer shape is cut out before a shorter one could see part of it.
const SHAPES: ReadonlyArray<Shape> = [
  { pattern: /\bhttps?:\/\/[^\s]{1,500}/g, hint: () => attribute("url") },
  // An email address names a person: a user or member, a customer in a payments API.
  { pattern: /\b[\w.+-]{1,64}@[\w-]{1,63}(?:\.[\w-]{1,63}){1,8}\b/g, hint: () => attribute("email user customer") },
  // A chat API's token by its documented prefix (Slack's `xoxb-`, `xoxp-`, …): a token, of Slack.
  { pattern: /\bxox[abpre](?:-[\w-]{0,200})?\b/gi, hint: () => words("token auth slack") },
  // A branch named by git-flow's conventions (`feature/login`, `hotfix/1.2`), not an owner/repo.
  {
    pattern: /(?<![\w@/])(?:feature|feat|bugfix|fix|hotfix|release|chore|topic|wip|dependabot|renovate)\/[\w.\/-]{1,200}/g,
    hint: () => words("branch ref head")
  },
  // owner/repo#123, owner/repo — not a path with a file extension, not a URL (cut above).
  {
    pattern: /(?<![\w@/])([A-Za-z0-9][\w.-]{0,38})\/([\w.-]{1,100})(?:#(\d{1,9}))?(?![\w/])/g,
    hint: (match) => {
      const [, , repo = "", number] = match
      if (FILE_NAME.test(repo)) {
        return words("path file content")
      }
      return number === undefined ? words("repository repo owner") : item("repository repo owner issue pull number")
    }
  },
  { pattern: /@([A-Za-z0-9][\w-]{0,38})\/([\w.-]{1,100})/g, hint: () => words("team org slug") },
  // An `@name` said as a handle ("a new @oncall handle", "the @design alias"): a mention handle, which
  // in chat is a user group's (Slack's `usergroups.*` take a `handle`); a person's own handle is said
  // with a possessive ("@kim's handle"), which this does not read.
  { pattern: /(?<![\w@])@[A-Za-z0-9][\w.-]{0,38}(?=\s{1,3}(?:handle|alias)\b)/g, hint: () => words("usergroup handle") },
  { pattern: /(?<![\w@])@[A-Za-z0-9][\w.-]{0,38}/g, hint: () => words("user username") },
  // A file named by its extension (`package.json`, `report.pdf`, `src/auth.ts`, `build.log`), or a
  // dotfile (`.npmrc`, `.github/workflows/ci.yml`): a file, its path, its contents.
  {
    pattern: new RegExp(
      `(?<![\\w@.])(?:(?:[\\w.-]{1,100}\\/){0,10}[\\w-]{1,100}\\.(?:${EXTENSIONS})|\\.[a-z][\\w-]{1,40}(?:\\/[\\w.-]{1,100}){0,10})(?![\\w/-]|\\.\\w)`,
      "gi"
    ),
    hint: () => words("file path content")
  },
  // A name of code: a camelCase identifier (`useFetch`, `parseConfig`: lower case, then a capital and a
  // lower-case letter, not `macOS` or `iPhone`), a member or call (`process.env.API_KEY`,
  // `window.localStorage`, `init()`). What code says is looked for, not an operation's words.
  {
    pattern: /(?<![\w@#/.$-])(?:[a-z][a-z0-9]{1,40}[A-Z][a-z0-9][A-Za-z0-9]{0,60}(?:\(\))?|[A-Za-z_$][\w$]{0,40}(?:\.[A-Za-z_$][\w$]{0,40}){0,6}\(\)|[A-Za-z_$][\w$]{0,40}(?:\.[A-Za-z_$][\w$]{0,40}){1,6})(?![\w$./-])/g,
    hint: (match) => (/[A-Z_()]/.test(match[0]) && /\w{2}/.test(match[0]) && !/^[A-Z][a-z]+(?:\.[A-Z][a-z]+)*$/.test(match[0]) ? CODE : undefined)
  },
  // An environment variable's name (`NPM_TOKEN`, `AWS_SECRET_KEY`): a secret or a variable.
  { pattern: /\b[A-Z][A-Z0-9]{1,30}(?:_[A-Z0-9]{1,30}){1,6}\b/g, hint: () => words("secret variable name") },
  // A time of day (`3pm`, `9:30 am`, `17:00`): something to happen then, scheduled — not one in
  // quoted text, which the message or status says ("post \"doors open at 5pm\"" is sent now).
  {
    pattern: /\b(?:[01]?\d|2[0-3])(?::[0-5]\d)?\s?(?:am|pm)\b|\b(?:[01]?\d|2[0-3]):[0-5]\d\b/gi,
    hint: () => attribute("time schedule scheduled"),
    outsideQuotes: true
  },
  { pattern: /(?<![\w&])#(\d{1,9})\b/g, hint: () => item("issue pull number") },
  { pattern: /(?<![\w&])#[a-z][\w-]{0,79}/g, hint: () => words("channel conversation") },
  // An emoji shortcode (`:tada:`, `:+1:`): a reaction or an emoji.
  { pattern: /(?<![\w:]):[a-z0-9_+-]{1,40}:(?![\w:])/g, hint: () => ({ ...words("reaction emoji name"), action: "create" }) },
  // An emoji typed as itself (🎉, 👍🏽, ❤️, a ZWJ sequence): what its shortcode says. Unicode's
  // Extended_Pictographic property, a presentation selector, skin tone or joined emoji after it.
  {
    pattern: /(?![©®™])\p{Extended_Pictographic}(?:\uFE0F|\p{Emoji_Modifier}|\u200D\p{Extended_Pictographic}){0,8}/gu,
    hint: () => ({ ...words("reaction emoji name"), action: "create" })
  },
  { pattern: /\b\d{9,10}\.\d{6}\b/g, hint: () => item("message ts timestamp") },
  // GHSA-xxxx-xxxx-xxxx, CVE-2024-1234: the prefix is a word the API's params use (ghsa_id, cve_id).
  {
    pattern: /\b([A-Z]{2,6})-(?=[\w-]{0,40}\d)[\w-]{2,40}\b/g,
    // The prefix is the id's name (a parameter is named after it): it counts as a word of the request.
    hint: (match) => ({ words: [(match[1] ?? "").toLowerCase()], weight: 1 })
  },
  // prefix_body ids: cus_9s6XKz, sub_sched_1Mr3, pi_3MtwBwLkdIwHu7ix28a3tqPa.
  {
    pattern: /\b([a-z]{1,12}(?:_[a-z]{1,12}){0,2})_([A-Za-z0-9]{3,64})\b/g,
    hint: (match, prefixes) => {
      const [, prefix = "", body = ""] = match
      // An id's body has a digit or a capital; `team_slug` or `ending_before` is a name, not an id.
      if (!/[0-9A-Z]/.test(body)) return undefined
      // A mode marker after the prefix (`cs_test_…`, `sk_live_…`, Stripe's convention for ids made
      // in test or live mode) is not part of what the id names.
      prefixes.push(prefix.replace(/_(?:test|live)$/, ""))
      return { words: [] }
    }
  },
  {
    pattern: /\b([A-Z])(?=[A-Z0-9]{0,14}\d)[A-Z0-9]{8,14}\b/g,
    hint: (match) => {
      // A code people type (`WELCOME10`: capitals, then a number; `Values.CODE`) is no Slack id.
      if (WHOLE_CODE.test(match[0])) return undefined
      const kind = LETTER_IDS[match[1] ?? ""]
      // The convention is Slack's: the word names the API where its label does (`slack`).
      return kind === undefined ? undefined : item(`${kind} slack`)
    }
  },
  // A reminder's id, which Slack starts with `Rm` (`Rm12345678`; its reminders.* methods take it).
  { pattern: /\bRm(?=[A-Z0-9]{0,14}\d)[A-Z0-9]{6,14}\b/g, hint: () => item("reminder slack") },
  // A postal address (`7 Birch Rd`, `500 Main Street, Springfield, IL 62701`): a value to set (a
  // customer's or account's address, shipping details), not words of what to do.
  {
    pattern: /\b\d{1,6}\s+(?:[A-Z][\w'.-]{0,30}\s+){1,4}(?:St|Street|Ave|Avenue|Rd|Road|Blvd|Boulevard|Ln|Lane|Dr|Drive|Way|Ct|Court|Pl|Place|Sq|Square|Pkwy|Parkway|Hwy|Highway|Terrace|Ter)\b\.?(?:,?\s+[A-Z][A-Za-z.' -]{0,40}?)?(?:,?\s+[A-Z]{2}\s+\d{5}(?:-\d{4})?)?(?![\w])/g,
    hint: () => attribute("address")
  },
  // An IPv4 address: a value to give (an allow or block list's entry, a network rule), not a version or an item.
  { pattern: /\b(?:(?:25[0-5]|2[0-4]\d|1?\d?\d)\.){3}(?:25[0-5]|2[0-4]\d|1?\d?\d)(?:\/\d{1,2})?\b/g, hint: () => attribute("ip address") },
  // A commit hash: 7–40 hex digits with at least one letter and one digit.
  {
    pattern: /\b(?=[0-9a-f]{0,39}[a-f])(?=[0-9a-f]{0,39}\d)[0-9a-f]{7,40}\b/g,
    hint: (match, _, spanned) => pointOf(match[0], spanned, COMMIT, COMMITS)
  },
  { pattern: /\bv\d{1,4}(?:\.\d{1,6}){1,3}(?:-[\w.]{1,20})?(?:\.\.\.?v?\d{1,4}(?:\.\d{1,6}){1,3})?\b/g, hint: (match, _, spanned) =>
    match[0].includes("..") ? TAGS : pointOf(match[0], spanned, TAG, TAGS) },
  { pattern: /(?:[$€£]\s?\d[\d,.]{0,12}k?|\b\d[\d,.]{0,12}\s?(?:usd|eur|gbp|dollars|euros|bucks)\b)/gi, hint: () => ({ ...attribute("amount"), modifier: true }) }
]

/** A commit, a version, and a span of either (`v1..v2`, "between abc1234 and def5678"): a comparison. */
const COMMIT = item("commit sha")
const COMMITS = words("compare commit")
const TAG = words("tag release version")
const TAGS = words("compare tag")

/** What a name of code stands for: code (counted apart, as words to look for: `Hints.code`). */
const CODE: Hint = { words: ["code"] }

/** One or two nouns, then a number: "comment 5521", "check suite 5678", "release #4411". */
const NUMBERED = /\b(?:([A-Za-z][a-z-]{1,30})\s+)?([A-Za-z][a-z-]{1,30})\s+#?(\d{1,12})\b(?![.:/-]\d)/g

/** The words of a comparison that may stand right before a number: it is then a bound, not an item's number. */
const BOUNDING: ReadonlySet<string> = new Set(["over", "under", "above", "below", "than", "least", "most", "since", "before", "after", "until"])

/**
 * What a hint is replaced with in `rest`: a mark no word contains, so that the words on either
 * side of a hint are not read as one phrase.
 *
 * @internal
 */
export const CUT = "\u0000"

/**
 * The hints of a request and the request without them.
 *
 * @internal
 */
export const read = (request: string, spanned: Spanned = NO_SPANS): Hints => {
  const hints: Array<Hint> = []
  const idPrefixes: Array<string> = []
  const numbered: Array<ReadonlyArray<string>> = []
  for (const match of request.matchAll(NUMBERED)) {
    // "invoices over 1000", "more than 50 runs": a number bounded by a comparison names no item.
    if (BOUNDING.has((match[2] ?? "").toLowerCase())) continue
    numbered.push([match[1], match[2]].filter((word): word is string => word !== undefined).map((word) => word.toLowerCase()))
  }
  if (/#\d{1,9}\b/.test(request)) numbered.push([])
  let rest = request
  let code = 0
  for (const { hint, outsideQuotes, pattern } of SHAPES) {
    const quoted = outsideQuotes === true ? quotedMask(rest) : undefined
    rest = rest.replace(pattern, (...args: Array<unknown>) => {
      const match = args.slice(0, -2) as unknown as RegExpExecArray
      if (quoted !== undefined && quoted[args.at(-2) as number] === 1) return match[0]
      const found = hint(match, idPrefixes, spanned)
      if (found === undefined) return match[0]
      if (found === CODE) code += 1
      if (found.words.length > 0) hints.push(found)
      return found.modifier === true ? " " : CUT
    })
  }
  return { hints, idPrefixes, numbered, rest, code }
}
