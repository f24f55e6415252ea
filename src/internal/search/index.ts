/**
 * The default tool index: a ranked full-text index (MiniSearch, BM25 per field) over each tool's
 * name, the words of its URL path, the first sentence of its description, the rest of it, its
 * parameters (names and descriptions), its tags and its API — updated one tool at a time as APIs
 * are discovered and forgotten. Local and deterministic: no network, no model, the same ranking
 * for the same tools and request.
 *
 * A request is read into concepts (`query.ts`); a tool scores, for each concept, the best of that
 * concept's terms (a synonym adds reach, not weight), the sum is scaled by the share of concepts
 * the tool matches (a tool that meets the whole request beats one that meets a word of it many
 * times), by whether the tool does the kind of thing asked (`action`), and by the API an id in the
 * request points at. Ties are broken by name, so the order never depends on insertion order.
 * A request's typed values (an amount, a URL, `acct_…`: `values.ts`) are concepts too, met by the
 * tools whose parameters take such values, and lift those tools (`valueFit`).
 *
 * Where the time goes, and why it is spent once (issue #32's latency and build goals; profiled with
 * `node --cpu-prof`, bench/search/README.md "Profiling"). None of it changes a ranking: the scores
 * are the same to the last bit (`bench/search/rankings.ts`, `test/search/rankings.test.ts`).
 * - Building, most of the time was reading text: every tool's parameter list (a megabyte of
 *   descriptions over GitHub's tools) tokenized and stemmed, though an API repeats the same
 *   parameter on hundreds of tools. Each distinct text and URL template is now read once per `add`
 *   (`Reading`), each field's terms once per tool (`termsOf`), and MiniSearch is handed the terms
 *   through the tool's key rather than texts it would keep for the life of the index.
 * - Searching, most of the time was MiniSearch scoring the same few hundred terms (the hint words
 *   `repo`, `owner`; the verbs) over every tool that has them, for every request, with an object
 *   per tool and term, then sorting every tool met. Each term's score at its weight is now asked
 *   of MiniSearch once (the term alone) and memoised while the index does not change
 *   (`scoresOf`); a request sums them per tool in typed arrays (`sum`), in the order MiniSearch's
 *   OR query adds them, and takes the tools best first from a heap, stopping on a bound tighter
 *   than MiniSearch's order (`bestFirst`, `lift`).
 * - Building again (round 2, profiled after the above): a sixth of MiniSearch's insert was walking
 *   its radix tree from the root for every term occurrence; `engine.ts` finds each term's postings
 *   once per `add`. Of the reading, a parameter was looked up by a key joined per tool (a new
 *   string hashed every time; now by the strings the tool holds, `paramIn`), each URL template's
 *   path was cut out four times and read whole though its segments repeat (`urlIn`, `segmentIn`),
 *   and `learn.ts` read every template again for its collections (now read once, in `urlIn`).
 * - Building, round 3: MiniSearch's `add` went through `extractField`, `tokenize`, a `Set` of one
 *   token and `processTerm` for every field of every tool to reach terms the index had read
 *   already; `Engine.addRead` inserts them directly, with MiniSearch's own bookkeeping. And the
 *   reading is the process's (`shared`), not one `add`'s: the same tools are read again and again
 *   — a removal reads its tool again (MiniSearch removes by terms), a refreshed manifest removes and
 *   adds an API's every tool, a server with a client per user indexes the same APIs per user — and
 *   a tool's name, first sentence and parameter list (`paramTerms`' tree of lists) are read once
 *   too. A build of tools read before costs about a third of one that reads them (what is left is
 *   MiniSearch's insert); the first build of a process reads as before. Bounded: started over past
 *   `READING_BUDGET` characters (the figures' 2,000 tools: about 1.2 M, 2.5 MiB of heap per 1,000).
 * - What the tools' parameters take (`Takers`) is read on the first search carrying a value
 *   after the tools change, not at `add`: it would have added a quarter to the build (thousands of
 *   distinct parameters, each read by rules over its description), and only such searches need it.
 * - What MiniSearch itself costs is its floor: inserting each term occurrence (the postings) and
 *   scoring a term the first time it is asked (a process's first search). Field lengths stay 1
 *   (one token per field) — the ranking has always been BM25 without length normalisation — and
 *   the fields are the ranking's, so neither is a lever.
 * - Round 4 (branch `perf8`, profiled with nothing read before: the first build of a process).
 *   A third of its time was the garbage collector, and the build allocated 47 MiB over the
 *   figures' 2,000 tools to keep 11: a regular expression's match array for every word read
 *   (`words.ts` now scans ASCII text by character code), a `Set` grown and spread for every
 *   parameter, list and name (`distinct`: a stamp per term in one bounded map; a tool keeps its
 *   name's term count, not a set), an iterator per loop of `Engine.addRead`; and the reading kept
 *   a flattened copy of every parameter's description (`ParamReading`). Now about 33 MiB
 *   allocated and 10.35 kept, the build's CPU 0.81× (least) to 0.95× (median) what it was. What
 *   is left is what the build keeps — the postings (MiniSearch's maps per term and field) and the
 *   reading — and its copying by the GC.
 * - A term's first scores (every request on a fresh index, a process's first search) went through
 *   MiniSearch's `search`: a result object, a record of matched fields and arrays of terms per tool
 *   and field, then the scores copied out. `Engine.scoreTerm` scores the postings by MiniSearch's
 *   own arithmetic and order (the same scores to the last bit): a request on a fresh index about
 *   0.65× the CPU. A process's first search also read WordNet's three index files whole (6 MB,
 *   ~30 ms): they are binary-searched by pages now (`wordnet.ts`). Left in that first search: the
 *   kinds of every tool's parameters (`readTakers`, a few thousand distinct parameters read by
 *   `values.ts`'s rules, once per process), code and regular expressions run for the first time,
 *   and a collection of the build's garbage.
 * - Round 7 (branch `perf10`): code that runs once per process (the first build, the first value
 *   search) runs unoptimised, where a `for … of` allocates an iterator result per element and a
 *   destructured entry an array; a key joined per visit is a new string to hash. Measured with the
 *   sampling heap profiler (objects collected counted): the first value search allocated ~21 MiB
 *   over the figures' 2,000 tools, now ~12, one scavenge where it set off two (`kindsIn` finds a
 *   parameter field by field, `kindsOf` walks by index, a filter mark is one string per kind,
 *   `scoreTerm` reads postings by `forEach` into a slot table kept between calls, query.ts's phrase
 *   table skips `rawWords` for plain words); the first build ~40.5 → ~37 MiB
 *   (`VERB_ACTIONS`, indexed loops). What is left of the first build is MiniSearch's postings (a
 *   `Map` per term and field, a `Map` entry per occurrence: ~18% of its CPU) and the collector
 *   copying what the build keeps (~28%).
 * - Round 8 (branch `perf11`): the first build's reading cut every word out of its text as a string
 *   to look up; `words.ts` finds a word met before by its characters (`termAt`), a parameter's
 *   distinct terms are kept as read (`distinctTerms`), a name's counted (`nameTermsOf`): ~37 →
 *   ~30 MiB allocated, CPU ~0.92× (median, under load).
 * - Round 9 (branch `perf-build`, the first build, profiled over builds each after
 *   `forgetReadings`): reading words is a third of `add`, MiniSearch's insert a sixth, URL templates and
 *   the per-tool readings (`endOf`, `actionOf`, `lentBy`) each about an eighth; outside `add`, the
 *   scavenges copying what the build keeps (two per build of the 2,000 tools). `words.ts` now runs
 *   one regular expression per text to choose its plain scan (was two) and hashes each word as the
 *   scan reads it (was a second pass); a template's RPC method is read once (`UrlReading.rpc`), not
 *   three times per tool. Reading alone 0.82–0.84× CPU (least), 0.93–0.96× (median); the
 *   first build 0.95–1.07× (least), 0.93–0.96× (median): a few percent, within the machine's noise.
 */
import * as Ends from "./ends.js"
import { Engine } from "./engine.js"
import * as Filters from "./filters.js"
import type { Action } from "./lexicon.js"
import * as Learn from "./learn.js"
import * as Names from "./names.js"
import * as Prior from "./prior.js"
import * as Qualifiers from "./qualifiers.js"
import * as Query from "./query.js"
import * as Values from "./values.js"
import { rawWords, stem, terms } from "./words.js"

/**
 * A tool as the index reads it: what the model sees (name, description, parameters) and, where
 * the client knows them, its HTTP method, URL template, API and tags.
 *
 * @since 0.2.0
 * @category models
 */
export interface SearchDocument {
  readonly name: string
  readonly description: string
  readonly parameters?: {
    readonly properties: Readonly<Record<string, SearchParameter>>
    readonly required?: ReadonlyArray<string> | undefined
  } | undefined
  readonly method?: string | undefined
  /** The URL template (`https://api.github.com/repos/{{owner}}/{{repo}}/pulls`). */
  readonly url?: string | undefined
  /** Which API the tool belongs to (a label such as `github`, or the manifest URL). */
  readonly api?: string | undefined
  readonly tags?: ReadonlyArray<string> | undefined
}

/**
 * A parameter of a `SearchDocument`, as JSON Schema gives it to the model: its description is
 * indexed; its name, `format`, `type` and description say what kind of value it takes (a URL, an
 * amount, the id of a customer), and nested objects (`config.url`) are read for that too.
 *
 * @since 0.2.0
 * @category models
 */
export interface SearchParameter {
  readonly description?: string | undefined
  readonly type?: string | ReadonlyArray<string> | undefined
  readonly format?: string | undefined
  readonly enum?: ReadonlyArray<unknown> | undefined
  readonly properties?: Readonly<Record<string, SearchParameter>> | undefined
  readonly items?: SearchParameter | undefined
  readonly required?: ReadonlyArray<string> | undefined
}

/**
 * One ranked result.
 *
 * @since 0.2.0
 * @category models
 */
export interface SearchHit {
  readonly name: string
  readonly score: number
}

type Field = "name" | "head" | "path" | "slots" | "summary" | "params" | "tags" | "api"

const FIELDS: ReadonlyArray<Field> = ["name", "head", "path", "slots", "summary", "params", "tags", "api"]

/** How much a term counts by where it is: the tool's own name and path say what it is. */
const BOOST: Readonly<Record<Field, number>> = {
  name: 3,
  head: 3,
  path: 2,
  slots: 2,
  summary: 2,
  params: 0.6,
  tags: 1.5,
  api: 2
}

interface Indexed {
  readonly id: number
  /** What MiniSearch is given for every field: the tool's id, by which `processTerm` finds its terms. */
  readonly key: string
  readonly document: SearchDocument
  /**
   * What a search reads of the document for every tool it ranks, copied into this object at `add`:
   * a caller's documents may come in as many hidden classes as tools (objects spread from decoded
   * JSON are in dictionary mode), and each read of `document.name`, `.api` or `.method` in the
   * search's loop was then a megamorphic lookup — the loop's costliest lines on a fresh request.
   */
  readonly name: string
  readonly api: string | undefined
  /** Whether its method is GET. */
  readonly get: boolean
  /** Whether its URL template ends with a path parameter (`ITEM_URL`): the item it addresses. */
  readonly itemUrl: boolean
  /** The terms of each field while the tool is being added or removed, and only then (`termsOf`). */
  terms: Readonly<Record<Field, ReadonlyArray<string>>> | undefined
  readonly action: Action
  /** Whether the tool is an admin's or a deprecated variant (`prior.ts`). */
  readonly kind: Prior.Kind
  /** How many distinct terms the tool's name has: how much of its name a request covers. */
  readonly nameTerms: number
  /** The verb of ending its name says, for a DELETE (`Ends.enderInName`): covered by a request to delete. */
  readonly ender: string | undefined
  /**
   * Whether its name ends with the name of the item parameter its URL ends with, a word of no static
   * segment (`GetEventsId` of `/v1/events/{id}`): covered by a request that gives that item by its id.
   */
  readonly slotNamed: boolean
  /** Its parameters' names of two or three words, as stems joined by spaces (`propertyNames`). */
  readonly properties: ReadonlyArray<string>
  /** The collections whose items the tool addresses (`customers` for `/v1/customers/{customer}/…`). */
  readonly items: ReadonlySet<string>
  /** The collection its path ends on (`Learn.endingIn`): what it lists, when it lists. */
  readonly ends: ReadonlySet<string>
  /** Each path parameter as its stemmed words (`[["issu", "number"]]`): the values the tool needs. */
  readonly slots: ReadonlyArray<ReadonlyArray<string>>
  /**
   * The words of its path parameters' names that neither its name, its first sentence nor its
   * path's other segments say (`owner`, `usernam` for `/repos/{owner}/{repo}/collaborators/{username}`):
   * words of a value it takes, not of what it does (`SLOT_WORD`).
   */
  readonly slotOnly: ReadonlyArray<string>
  /** What the tool does to end the resource it addresses, if anything (`ends.ts`). */
  readonly end: Ends.End | undefined
  /** The words its family's create lent it when it was added (`lentBy`): read again at its removal. */
  readonly lent: ReadonlyArray<string>
  /**
   * For a tool that reads one item, the terms of its name but its API's label and its verb of a
   * plain read (`conversations` of `slack_conversations_info`): what a hint must say for the tool
   * to be the plain read of the hinted item (`PLAIN_READ`). Empty for any other tool.
   */
  readonly reads: ReadonlyArray<string>
  /**
   * For a DELETE whose path ends in a static segment after an item (`…/branches/{branch}/protection`),
   * that segment's terms: the part of the item it removes (`PART_UNSAID`). Empty for any other tool.
   */
  readonly part: ReadonlyArray<string>
}

/**
 * The first sentence of a text (at most 300 characters), HTML out: what a tool is or a parameter
 * holds. The rest of a long description (GitHub's run to kilobytes: pagination, permissions,
 * examples) names every neighbouring concept of the API; indexed, it added noise and no recall on
 * the evaluation's DEV requests, and tripled the build.
 */
const firstSentence = (text: string): string => {
  const plain = text.slice(0, 2000).replace(/<[^>]{0,200}>/g, " ").trim()
  const end = plain.search(/[.!?](\s|$)/)
  return (end === -1 ? plain : plain.slice(0, end)).slice(0, 300)
}

/**
 * The words of a URL template's path as one text: `{{owner}}` and `{owner}` stay as their names
 * (a path parameter says what the tool is about), separators become spaces.
 */
const pathText = (path: string): string => path.replace(/[{}]/g, " ").replace(/[/_.-]/g, " ")

/**
 * The last static segment of the path: what the tool acts on (`…/comments/{comment_id}/reactions`
 * acts on reactions, not comments).
 */
const headOf = (segments: ReadonlyArray<string>): string => {
  const statics = segments.filter((segment) => segment !== "" && !segment.includes("{"))
  return (statics[statics.length - 1] ?? "").replace(/[_.-]/g, " ")
}

/** The names of the path's parameters: what values the tool is addressed by (`owner repo username`). */
const slotsOf = (url: string): string => [...url.matchAll(/\{\{?([^}]{1,100})\}?\}/g)].map((match) => match[1]).join(" ")

const endsWithParam = (url: string): boolean => /\}\}?\/?(?:[?#].*)?$/.test(url)

/** Verbs of tool names, by the kind of operation they name. */
const NAME_VERBS: ReadonlyArray<readonly [Action, ReadonlySet<string>]> = [
  ["delete", new Set(["delete", "remove", "destroy", "del", "revoke", "purge", "unset", "clear"])],
  ["create", new Set(["create", "add", "new", "post", "upload", "insert", "register", "generate", "invite", "send", "open"])],
  ["update", new Set(["update", "edit", "set", "change", "rename", "patch", "modify", "replace", "put", "move"])],
  ["list", new Set(["list", "search", "find", "query", "all", "history"])],
  ["read", new Set(["get", "retrieve", "info", "read", "fetch", "show", "lookup", "check", "describe", "download"])]
]

/**
 * `NAME_VERBS` by verb: each verb's first action there (no verb is in two). One lookup per word of a
 * tool's name, where a loop over the table destructured each entry (an iterator and its results per
 * word and action, allocated in the first build of a process, which runs mostly unoptimised).
 */
const VERB_ACTIONS: ReadonlyMap<string, Action> = (() => {
  const out = new Map<string, Action>()
  for (const [action, verbs] of NAME_VERBS) for (const verb of verbs) if (!out.has(verb)) out.set(verb, action)
  return out
})()

/**
 * Verbs of a plain read in a tool's name (`users.info`, `…/retrieve`): what the tool does, which the
 * request's kind of operation meets (`actionFit`), not a word to cover — as "get" is a stop word
 * (`repos/get` counts only its noun), Slack's `users.info` counts only its own: a read of one user
 * no longer ties `users.getPresence` (the family's plain read is its `.info`). Only the verbs that
 * mean nothing but a read: `list`, `search`, `history` name what a tool gives (left out, GitHub's
 * rankings moved by the dozen and DEV–DEV5 did not gain).
 */
const READ_VERBS: ReadonlySet<string> = new Set(["info", "retrieve", "fetch", "describe"].map(stem))

/**
 * How much an update is lifted for taking a property the request names by its parameter's whole name
 * ("change the default branch": `default_branch` of the repository's update). A name of two or three
 * words said as one phrase is that property, where its words alone ("branch") name other tools'
 * resources (a branch's protection, its rename).
 */
const PROPERTY_NAMED = 2
/** How many of a tool's parameters are read for their names (`propertyNames`). */
const PROPERTIES = 64

/** A tool's parameters' names of two or three words (`default_branch`, `allowAutoMerge`), as stems joined by spaces. */
const propertyNames = (document: SearchDocument): ReadonlyArray<string> => {
  const out: Array<string> = []
  for (const name of Object.keys(document.parameters?.properties ?? {}).slice(0, PROPERTIES)) {
    if (name.length > 64) continue
    const words = rawWords(name)
    if (words.length >= 2 && words.length <= 3) out.push(words.map((word) => stem(word.toLowerCase())).join(" "))
  }
  return out.length === 0 ? NO_TERMS : out
}

/** The request's runs of two and three words, as stems joined by spaces (at most its first 200 words). */
const phrasesSaid = (request: string): ReadonlySet<string> => {
  const stems = rawWords(request).slice(0, 200).map((word) => stem(word.toLowerCase()))
  const out = new Set<string>()
  for (let at = 0; at + 1 < stems.length; at++) {
    out.add(`${stems[at]} ${stems[at + 1]}`)
    if (at + 2 < stems.length) out.add(`${stems[at]} ${stems[at + 1]} ${stems[at + 2]}`)
  }
  return out
}

/** A name that is an HTTP method and one noun (`GetBalance`, `PostCustomers`): two words, not a brand. */
const METHOD_AND_NOUN = /^(?:Get|Post|Put|Patch|Delete|Head)[A-Z][a-z0-9]{1,60}$/

/**
 * How many distinct terms a tool's name has, as a request may cover them. `words.ts` keeps a word of
 * two capitalised parts whole beside its parts, for a brand in prose (`GitHub`, `CodeQL`); a name made
 * of its method and one noun (`GetBalance`) is no brand, and its whole (`getbal`) no word a request
 * says: counted, it made `GetBalance` as far from covered as `GetBalanceTransactions` ("the current
 * balance" tied them).
 */
const nameTermsOf = (name: string, terms: ReadonlyArray<string>): number => {
  const whole = METHOD_AND_NOUN.test(name) ? stem(name.toLowerCase()) : undefined
  // Counted with the stamps of `distinct`, no list made (a first build counts every tool's name).
  newStamp()
  let count = 0
  for (let at = 0; at < terms.length; at++) {
    const term = terms[at]!
    if (firstMet(term) && !READ_VERBS.has(term) && term !== whole) count += 1
  }
  return count
}

/** `Indexed.slotNamed`: the name's final term is the whole of the final path parameter, in no static segment. */
const slotNamedIn = (name: ReadonlyArray<string>, url: UrlReading, template: string | undefined): boolean => {
  const slot = url.slotTerms.at(-1)
  return slot !== undefined && slot.length === 1 && name.at(-1) === slot[0] && url.slotOnly.includes(slot[0]!) && ITEM_URL.test(template ?? "")
}

/** `Indexed.reads`: a read's name terms, but its API label's and the verbs of a plain read. */
const readsOf = (name: ReadonlyArray<string>, api: ReadonlyArray<string>): ReadonlyArray<string> => {
  const own = name.filter((term) => !READ_VERBS.has(term) && !api.includes(term))
  return own.length === 0 ? NO_TERMS : own
}

/**
 * How much a DELETE that removes a part of an item (`…/branches/{branch}/protection`, `…/issues/{n}/lock`)
 * is lowered for a request to delete that never says that part: deleting a thing is not deleting a
 * part of it ("delete the release branch" is the branch's ref, not its protection). The REST shape: a
 * DELETE of an item's URL removes the item, one of a static segment under it removes that
 * sub-resource, named by the segment.
 */
const PART_UNSAID = 0.6

/** `Indexed.part`: the last segment's terms of a DELETE whose path ends, after an item parameter, in a static segment. */
const partOf = (method: string | undefined, url: string | undefined, head: ReadonlyArray<string>, slots: number): ReadonlyArray<string> =>
  method?.toUpperCase() === "DELETE" && url !== undefined && slots > 0 && !endsWithParam(url) && head.length > 0 ? head : NO_TERMS

/**
 * How strongly a plain read of the item a hint names meets the request's other words, when the
 * request reads ("is #ops private", "what's @dana's email"): a property asked of one item is read
 * with the item, though the tool's name and summary do not say that property.
 */
const PLAIN_READ = 0.5

/**
 * A request that asks a yes-or-no question ("is #ops private", "does cus_… have a card on file"):
 * with a hint in it, or a person's possessive ("@dana's email"), it asks a property of one item —
 * where `PLAIN_READ` applies. A read of other shape names what to read ("the diff of acme/api#99"),
 * which a plain read of the hinted item is not. Not "do" nor "have", which start commands as often
 * ("do a post in #ops", "have @kim review it"). Anchored, bounded: linear.
 */
const YES_NO = /^\s{0,8}(?:is|are|was|were|has|does|did)\s/i

/** @internal */
export const asksYesNo = (request: string): boolean => YES_NO.test(request)

/** What a tool does, from the verb of its name or, failing that, its method and URL. */
const actionOf = (document: SearchDocument): Action => {
  const method = (document.method ?? "").toUpperCase()
  // A name that starts with its own HTTP method (`PostCustomersCustomer`, `GetCustomers`) says no
  // more than the method: a POST to an item is an update, a GET of a collection a list.
  const words = rawWords(document.name)
  const url = document.url ?? ""
  if (method !== "GET" && words.length > 0 && words[0]!.toUpperCase() === method) {
    // Such a name spells out its path, nouns and all (`PostRadarValueListItems`: `value_list_items`
    // is a collection, not a verb "list"): its verb, if any, opens the URL's last static segment
    // (`…/send`, `…/set_reader_display`, `/invoices/create_preview`).
    const last = /\/([a-z][a-z0-9]{1,40})(?:[_-][\w-]{0,80})?\/?(?:[?#].*)?$/i.exec(url)
    const action = last === null ? undefined : VERB_ACTIONS.get(last[1]!.toLowerCase())
    if (action !== undefined) return action
  } else {
    for (const word of words) {
      const action = VERB_ACTIONS.get(word)
      if (action !== undefined) return action
    }
  }
  switch (method) {
    case "GET":
    case "HEAD":
      return url !== "" && endsWithParam(url) ? "read" : "list"
    case "DELETE":
      return "delete"
    case "PUT":
    case "PATCH":
      return "update"
    case "POST":
      if (url !== "" && endsWithParam(url)) return "update"
      // A POST to a singular word after an item (`/invoices/{invoice}/void`, `/charges/{charge}/capture`)
      // does something to it; to a plural one (`/customers/{customer}/sources`) it adds to a collection.
      return /\}\}?\/[a-z_]{2,40}[^s\/]\/?$/i.test(url.split(/[?#]/)[0] ?? "") ? "action" : "create"
    default:
      return "action"
  }
}

/** How much a tool doing the kind of operation asked for is lifted. */
const ACTION_MATCH = 1.5

/** How a tool that reads fits a request to change something: as a read fits a create (below). */
const ACTION_READ = 0.6

const WRITES: ReadonlySet<Action> = new Set(["create", "update", "delete"])
const READS: ReadonlySet<Action> = new Set(["read", "list"])

/** How a tool's kind of operation fits the request's. */
const actionFit = (asked: Action | undefined, tool: Action): number => {
  if (asked === undefined || tool === "action") return 1
  // A verb that is neither a read nor a plain create, update or delete ("reverse", "approve",
  // "archive") asks to change something: a tool that only reads it is not what was asked.
  if (asked === "action") return READS.has(tool) ? ACTION_READ : 1
  if (asked === tool) return ACTION_MATCH
  if (READS.has(asked) && READS.has(tool)) return 1.15
  if (WRITES.has(asked) && WRITES.has(tool)) return asked === "delete" || tool === "delete" ? 0.8 : 1.1
  return 0.6
}

/**
 * Whether no HTML tag or Markdown link can run from the end of this text into a text joined after
 * it: every `<` has a `>` after it, every `[` a `]` and every `](` a `)` (and no `<` beside a `[`,
 * where a tag taken out could unbalance the brackets). `words.ts` reduces tags and links to their
 * text over the whole text it is given; for such texts, reading each apart and joining the terms is
 * reading the whole.
 */
const closed = (text: string): boolean => {
  const tag = text.lastIndexOf("<")
  const bracket = text.lastIndexOf("[")
  if (tag !== -1 && (text.lastIndexOf(">") < tag || bracket !== -1)) return false
  if (bracket === -1) return true
  const link = text.lastIndexOf("](")
  return text.lastIndexOf("]") > bracket && (link === -1 || text.lastIndexOf(")") > link)
}

/**
 * What one `add` (or one removal) reads once and reuses across its tools: the terms of each
 * distinct text, and what each distinct URL template says. An API repeats itself — the same
 * parameter (`per_page` and its description) on hundreds of tools, the same path under its GET,
 * PATCH and DELETE, the same path words and API label everywhere — and reading each distinct one
 * once makes the build's reading a fraction of what it was. The index keeps no text; the reading
 * is the process's (`shared`), bounded.
 */
interface Reading {
  readonly texts: Map<string, ReadonlyArray<string>>
  readonly urls: Map<string, UrlReading>
  /**
   * Each distinct parameter, by its description and then its name: the strings the tools already
   * hold (an API's shared parameter is one string on all its tools, its hash computed once), where
   * a key joined per tool and parameter was a new string to build and hash every time.
   */
  readonly params: Map<string, Map<string, ParamReading>>
  /** The terms of each distinct path segment (`repos`, `{owner}`), as `pathText` reads it. */
  readonly segments: Map<string, ReadonlyArray<string>>
  /** The terms of each distinct parameter list (`paramTerms`), from the empty list. */
  readonly lists: ListNode
  /** The terms of each distinct description's first sentence (`summaryIn`). */
  readonly summaries: Map<string, ReadonlyArray<string>>
  /**
   * The kinds of value each distinct parameter takes (`Values.parameterKinds`), by its description
   * and then its name, type and format (`kindsIn`): read on a search with a value, for every index.
   */
  readonly kinds: Map<string, Map<string, KindsRead>>
  /**
   * What each tool takes (`ToolKinds`: its parameters' kinds and its query parameters' filters),
   * by its parameters' schema object: an index of the same tools (a client per user, a second
   * client) reads none of them again — neither walks the schema. Weak: it holds nothing the tools
   * do not, so it is not counted against the budget.
   */
  readonly toolKinds: WeakMap<object, ToolKinds>
  /** How many characters of text were read into it: what bounds it (`READING_BUDGET`). */
  chars: number
}

/**
 * What a tool takes, read from its parameters' schema with its method and URL (a GET's parameters
 * outside its URL template are filters: `Filters.filterKindsOf`); one entry per tool, whatever
 * families of values are asked. A schema object shared by tools of another method or URL (the
 * registry gives each tool its own) chains an entry per method, URL and description (`other`).
 */
interface ToolKinds {
  readonly method: string | undefined
  readonly url: string | undefined
  /** Read for a search query's example qualifiers (`Filters.filterKindsOf`): part of the key. */
  readonly description: string | undefined
  readonly takes: ReadonlyMap<string, boolean>
  readonly other: ToolKinds | undefined
}

/**
 * A list of parameters in a reading's tree of lists (`paramTerms`): its last parameter and the
 * list before it, and its terms once read (`listTerms`). The lists that go on from a list are
 * found through the parameter that follows (`ParamReading.after`): a map per parameter, not per
 * list (a list is mostly a prefix of a few others).
 */
interface ListNode {
  readonly param: ParamReading | undefined
  readonly before: ListNode | undefined
  terms: ReadonlyArray<string> | undefined
}

/** What a node of the tree of lists counts for against `READING_BUDGET`, as characters. */
const LIST_NODE = 16

interface ParamReading {
  /**
   * The parameter's name and description, as the tool holds them: it is read as `entryOf` them.
   * Not the entry itself, which reading it flattens into a copy of the description, kept for the
   * life of the reading (a twenty-fifth of what a first build keeps) and needed again only for a
   * list that is not `closed`.
   */
  readonly name: string
  readonly description: string
  /** The terms of its entry, each once. */
  readonly terms: ReadonlyArray<string>
  /** Whether its entry is `closed`. */
  readonly closed: boolean
  /** Whether it is a parameter for paging (`PAGING`): no terms of the tool. */
  readonly paging: boolean
  /** The lists that end with this parameter, by the list before it (`paramTerms`). */
  after: Map<ListNode, ListNode> | undefined
}

interface UrlReading {
  readonly head: ReadonlyArray<string>
  readonly path: ReadonlyArray<string>
  readonly slots: ReadonlyArray<string>
  /** Each path parameter as its terms (`Indexed.slots`). */
  readonly slotTerms: ReadonlyArray<ReadonlyArray<string>>
  /** The terms of the path parameters' names that no other segment of the path has (`Indexed.slotOnly`, before the name and first sentence). */
  readonly slotOnly: ReadonlyArray<string>
  /** `Indexed.items`. */
  readonly items: ReadonlySet<string>
  /** `Indexed.ends`. */
  readonly ends: ReadonlySet<string>
  /** The collections the template names (`Learn.collectionsIn`), counted in the index's vocabulary. */
  readonly collections: ReadonlyArray<Learn.Named>
  /**
   * Its RPC method (`Learn.rpcMethodOf`), read once per template: `lentBy`, `lentTo` and
   * `Ends.endWith` each read it for every tool (a `pathOf` of its URL each time).
   */
  readonly rpc: Learn.RpcMethod | undefined
  /** What it says of ending (`Ends.urlEndOf`), read once per template where `Ends.endOf` read it per tool. */
  readonly end: Ends.UrlEnd | undefined
}

const newReading = (): Reading => ({
  texts: new Map(),
  urls: new Map(),
  params: new Map(),
  segments: new Map(),
  lists: { param: undefined, before: undefined, terms: undefined },
  summaries: new Map(),
  kinds: new Map(),
  toolKinds: new WeakMap(),
  chars: 0
})

/**
 * How many characters of text the process's reading holds the terms of before it starts over:
 * the figures' 2,000 tools (GitHub, Stripe and Slack) count about 1.2 million (a description counts
 * whole though the tool holds it: the reading keeps its first sentence's terms).
 */
const READING_BUDGET = 2_000_000

/**
 * The reading every index of the process shares. What a text reads as depends on the text alone,
 * and the same texts come back: a client that forgets an API and discovers it again (a refreshed
 * manifest) removes and adds the same tools — a removal reads a tool again, MiniSearch removes it
 * by its terms —, and a server with a client per user indexes the same APIs once per user. Started
 * over at the first `add` or removal past `READING_BUDGET` characters; one `add` bigger than that
 * still reads each distinct text once (its work and memory bounded by its input, as before).
 */
let shared = newReading()

const readingNow = (): Reading => {
  if (shared.chars > READING_BUDGET) shared = newReading()
  return shared
}

/**
 * Forgets what the process has read (and `distinct`'s stamps): the next build reads every text
 * again (the figures' first build of a process, tests).
 *
 * @internal
 */
export const forgetReadings = (): void => {
  shared = newReading()
  seenAt = new Map()
}

/**
 * How many characters of text the process's reading holds the terms of (tests: its bound).
 *
 * @internal
 */
export const readingSize = (): number => shared.chars

/** @internal */
export const readingBudget = READING_BUDGET

/**
 * The mark of a kind of value a tool takes, as a term of a request's concept: no word of a text is
 * one. Such terms are scored from the index's own postings of kinds (`Takers`), not by MiniSearch.
 */
const TAKES = "\u0001"

/**
 * The mark of the tools that end a resource with no delete of its own (`ends.ts`), as a term of a
 * request's removal: scored from the index's enders, not by MiniSearch.
 */
const ENDS = "\u0002"

/** How much ending a resource counts as a term for a removal: as the verb in a tool's name does. */
const ENDS_BOOST = 3

/** The mark of a search query language among the kinds a tool takes, and how strongly it stands for a hint (as a hint's own words). */
const QUERY = Filters.FILTER + Qualifiers.QUERY_KIND
const HINT_QUERY = 0.8
/** How strongly a query language stands for a filter's own parameter: in part, as a lexicon expansion does. */
const QUERY_STRENGTH = 0.7

/** How much being addressed by a name counts as a term, for a handle said bare (`names.ts`): as a kind of value taken does. */
const NAME_BOOST = 1

/** How much a kind of value a tool takes counts as a term, as a field's boost does. */
const TAKES_BOOST = 1

/**
 * The kinds of value the tools' parameters take (`Values.kindsOf`): each tool's kinds (with whether
 * a required parameter takes it) and the tools taking each kind. Read on the first search that
 * carries a value after the tools changed, not at `add`: issue #32's build time stays what it was,
 * and an index searched without values never pays for it (a one-off cost, as WordNet's first read).
 */
interface Takers {
  readonly byTool: Map<number, ReadonlyMap<string, boolean>>
  readonly byKind: Map<string, Array<number>>
}

/**
 * The kinds one distinct parameter takes (`Values.parameterKinds`), found by its description and
 * name, then its type and format (`type`, `format`: as given, `""` for none; `bare`: neither given):
 * a chain per name, mostly of one. Compared field by field, not by a key joined of them — a key was
 * a new string (and a closure) built and hashed at each of a first value search's ~11,700
 * parameter visits over the imports (a tenth of what that search allocated), for 3,422 distinct.
 */
interface KindsRead {
  readonly type: string
  readonly format: string
  readonly bare: boolean
  readonly kinds: ReadonlyArray<string>
  readonly other: KindsRead | undefined
}

/** A parameter's type as a key: `String` of it, as the key joined of it was (an array of types joins). */
const typeKey = (type: SearchParameter["type"]): string => type === undefined ? "" : typeof type === "string" ? type : String(type)

/** The kinds one parameter takes, once per distinct parameter (description, then name, type and format) of a reading. */
const kindsIn = (reading: Reading, name: string, schema: SearchParameter): ReadonlyArray<string> => {
  const byName = memoIn(reading, reading.kinds, schema.description ?? "", newKindsByName)
  const bare = schema.type === undefined && schema.format === undefined
  const type = typeKey(schema.type)
  const format = schema.format ?? ""
  const known = byName.get(name)
  for (let entry = known; entry !== undefined; entry = entry.other) {
    if (entry.bare === bare && entry.type === type && entry.format === format) return entry.kinds
  }
  const kinds = Values.parameterKinds(name, schema)
  byName.set(name, { type, format, bare, kinds, other: known })
  // Counted as the key joined of them was: the name, and its type and format after two separators.
  reading.chars += bare ? name.length : name.length + 2 + type.length + format.length
  return kinds
}

const newKindsByName = (): Map<string, KindsRead> => new Map()

/**
 * What a tool takes (`ToolKinds`), read once per parameters' schema, method and URL of a reading:
 * its parameters' kinds (`Values.kindsOf`) and, as filters of a listing, its query parameters'
 * (`filters.ts`: by its method and URL too).
 */
const takesOf = (
  reading: Reading,
  document: SearchDocument,
  read: (name: string, schema: SearchParameter) => ReadonlyArray<string>
): ReadonlyMap<string, boolean> => {
  const { description, method, parameters, url } = document
  if (parameters === undefined) return NO_TAKES
  const known = reading.toolKinds.get(parameters)
  for (let entry = known; entry !== undefined; entry = entry.other) {
    if (entry.method === method && entry.url === url && entry.description === description) return entry.takes
  }
  let takes = Values.kindsOf(parameters, read)
  const filters = Filters.filterKindsOf(document, read)
  if (filters.length > 0) {
    const withFilters = new Map(takes)
    for (let at = 0; at < filters.length; at++) withFilters.set(filters[at]!, false)
    takes = withFilters
  }
  reading.toolKinds.set(parameters, { method, url, description, takes, other: known })
  return takes
}

/** `Takers` of the tools, each distinct parameter and each tool's parameters' schema read once per process. */
const readTakers = (tools: Iterable<Indexed>): Takers => {
  const reading = readingNow()
  const read = (name: string, schema: SearchParameter): ReadonlyArray<string> => kindsIn(reading, name, schema)
  const byTool = new Map<number, ReadonlyMap<string, boolean>>()
  const byKind = new Map<string, Array<number>>()
  let id = 0
  // `forEach`, not `for … of`: run once per process, this code is not optimised, and an iterator's
  // result object per kind is allocated where an optimised loop would have none.
  const addKind = (_: boolean, kind: string): void => {
    const list = byKind.get(kind)
    if (list === undefined) byKind.set(kind, [id])
    else list.push(id)
  }
  for (const indexed of tools) {
    const takes = takesOf(reading, indexed.document, read)
    if (takes.size === 0) continue
    byTool.set(indexed.id, takes)
    id = indexed.id
    takes.forEach(addKind)
  }
  return { byTool, byKind }
}

/**
 * Whether a text may hold a tag, link or entity that `words.ts` reduces over the whole text (and
 * that could span two parts of it). Without one, the terms of texts joined by spaces are the terms
 * of each text in turn: a word never crosses a space.
 */
const MARKUP = /[<[&]/

/**
 * When each term was last met by `distinct` (its call's stamp): distinct terms without a `Set` per
 * call — a Set grown and spread for every parameter, parameter list and name was a twentieth of
 * what the first build of a process allocated, where this map grows once to the vocabulary.
 * Bounded: started over past `SEEN_TERMS` terms.
 */
let seenAt = new Map<string, number>()
let stamp = 0
const SEEN_TERMS = 100_000

/**
 * How many terms `distinct`'s stamps hold, and their bound (tests).
 *
 * @internal
 */
export const seenTerms = (): number => seenAt.size

/** @internal */
export const seenTermsBound = SEEN_TERMS

/** A new stamp for `firstMet`: every term is unmet again. */
const newStamp = (): void => {
  if (seenAt.size > SEEN_TERMS) seenAt = new Map()
  stamp += 1
}

/** Whether a term is met for the first time since the last `newStamp` (and marks it met). */
const firstMet = (term: string): boolean => {
  if (seenAt.get(term) === stamp) return false
  seenAt.set(term, stamp)
  return true
}

/**
 * The distinct terms of a text (`distinct([terms(text)])`), kept as they are read: no list of its
 * every term to copy from (a first build reads every distinct parameter so).
 */
const distinctTerms = (text: string): Array<string> => {
  newStamp()
  return terms(text, firstMet).slice()
}

/**
 * The distinct terms of lists, in the order first met (as a `Set` of them would hold them), in an
 * array of their number (the reading keeps it: an array grown by `push` keeps room to grow).
 */
const distinct = (lists: ReadonlyArray<ReadonlyArray<string>>): Array<string> => {
  newStamp()
  const out: Array<string> = []
  for (let which = 0; which < lists.length; which++) {
    const list = lists[which]!
    for (let at = 0; at < list.length; at++) {
      if (firstMet(list[at]!)) out.push(list[at]!)
    }
  }
  return out.slice()
}

/** Lists one after the other (a loop: `flat` is several times slower here). */
const joined = (lists: ReadonlyArray<ReadonlyArray<string>>): Array<string> => {
  const out: Array<string> = []
  for (let at = 0; at < lists.length; at++) {
    const list = lists[at]!
    for (let item = 0; item < list.length; item++) out.push(list[item]!)
  }
  return out
}

/** What `read` makes of `key`, once per distinct key of one of a reading's maps, counted against its budget. */
const memoIn = <A>(reading: Reading, map: Map<string, A>, key: string, read: (key: string) => A): A => {
  let found = map.get(key)
  if (found === undefined) {
    found = read(key)
    map.set(key, found)
    reading.chars += key.length
  }
  return found
}

/** `terms`, once per distinct text of a reading. */
const termsIn = (reading: Reading, text: string): ReadonlyArray<string> => memoIn(reading, reading.texts, text, terms)

const summaryTerms = (description: string): ReadonlyArray<string> => terms(firstSentence(description))

/** The terms of a description's first sentence, once per distinct description of a reading. */
const summaryIn = (reading: Reading, description: string): ReadonlyArray<string> =>
  memoIn(reading, reading.summaries, description, summaryTerms)

const segmentTerms = (segment: string): ReadonlyArray<string> => terms(pathText(segment))

/** The terms of one path segment as `pathText` reads it, once per distinct segment of a reading. */
const segmentIn = (reading: Reading, segment: string): ReadonlyArray<string> =>
  memoIn(reading, reading.segments, segment, segmentTerms)

/**
 * Whether a tool's parameter of that name takes no coined id: a number (JSON Schema `integer` or
 * `number`), or a name people choose (`{name}`, `{environment_name}`, `{secret_name}`). A `prefix_…`
 * id is what an API coins for its items (`evt_1Q…`), never a number nor a name someone typed, so a
 * collection addressed only so is no reading of one (`evt_…` is Stripe's event, not GitHub's
 * environment, whose skeleton it also is).
 */
const notCodedIn = (document: SearchDocument) => (param: string): boolean => {
  const type = document.parameters?.properties[param]?.type
  return type === "integer" || type === "number" || NAME_PARAM.test(param)
}
const NAME_PARAM = /(?:^|_)name$/i

const NO_URL: UrlReading = { head: [], path: [], slots: [], slotTerms: [], slotOnly: [], items: new Set(), ends: new Set(), collections: [], rpc: undefined, end: undefined }

const urlIn = (reading: Reading, url: string | undefined): UrlReading => {
  if (url === undefined) return NO_URL
  let found = reading.urls.get(url)
  if (found === undefined) {
    const path = Learn.pathOf(url)
    const segments = path.split("/")
    const slots = slotsOf(url)
    const slotTerms = slots.split(" ").filter((slot) => slot !== "").map((slot) => termsIn(reading, slot))
    const collections = Learn.collectionsIn(path)
    const statics = new Set(joined(segments.filter((segment) => !segment.includes("{")).map((segment) => segmentIn(reading, segment))))
    const rpc = Learn.rpcMethodOf(url)
    // A path is mostly segments other paths have (`repos`, `{owner}`, `{repo}`): each is read once.
    found = {
      head: termsIn(reading, headOf(segments)),
      path: MARKUP.test(path) ? termsIn(reading, pathText(path)) : joined(segments.map((segment) => segmentIn(reading, segment))),
      slots: MARKUP.test(slots) ? termsIn(reading, slots) : joined(slotTerms),
      slotTerms,
      slotOnly: distinct([joined(slotTerms).filter((term) => !statics.has(term))]),
      items: new Set(Learn.keysOf(collections)),
      ends: new Set(Learn.endingIn(path)),
      collections,
      rpc,
      end: Ends.urlEndOf(url, rpc)
    }
    reading.urls.set(url, found)
    reading.chars += url.length
  }
  return found
}

/** The text a parameter is read as: `name description`, the description cut at 1,000 characters. */
const entryOf = (name: string, description: string): string => `${name} ${description.slice(0, 1000)}`

/**
 * A parameter for paging, by its description ("A cursor for use in pagination. `ending_before` is
 * an object ID that defines your place in the list…", GitHub's "…see Using pagination", Slack's
 * "Paginate through collections of data by setting the `cursor`…"): it says how to walk a list,
 * not what the tool is, and its words ("previous", "end", "place", "subsequent call") met requests
 * on every list of an API. Neither its name nor its description is a term of the tool. A cursor
 * only where the description says the parameter is one ("A cursor, as given in the Link header";
 * Slack's "Set `cursor` to `next_cursor`…"), not where it mentions one: Slack's conversations.mark `channel` is the "Channel or conversation to
 * set the read cursor for".
 */
const PAGING = /\bpaginat|`cursor`|^\W{0,3}(?:(?:an?|the)\s{1,3})?cursor\b/i

/** Whether a parameter's description says it is for paging (`PAGING`, over its first 300 characters). @internal */
export const isPaging = (description: string): boolean => PAGING.test(description.slice(0, 300))

/** A parameter as `paramTerms` reads it, once per distinct name and description of a reading. */
const paramIn = (reading: Reading, name: string, description: string): ParamReading => {
  let byName = reading.params.get(description)
  if (byName === undefined) {
    byName = new Map()
    reading.params.set(description, byName)
  }
  let found = byName.get(name)
  if (found === undefined) {
    const entry = entryOf(name, description)
    const paging = isPaging(description)
    found = { name, description, terms: paging ? [] : distinctTerms(entry), closed: closed(entry), paging, after: undefined }
    byName.set(name, found)
    reading.chars += name.length + description.length
  }
  return found
}

/**
 * The distinct terms of a tool's parameters (names and descriptions), in order. A parameter list
 * repeats itself (every list tool's cursor, limit, expand): its distinct words are what it says,
 * and counting each once halves the build. Each parameter is read apart (`paramIn`), which gives
 * the terms of reading the list as one text when every parameter but the last is `closed`; a list
 * that is not is read as one text.
 */
const paramTerms = (document: SearchDocument, reading: Reading): ReadonlyArray<string> => {
  const properties = document.parameters?.properties ?? {}
  const names = Object.keys(properties)
  if (names.length === 0) return []
  if (names.length === 1) return paramIn(reading, names[0]!, properties[names[0]!]?.description ?? "").terms
  // The same list comes back on many tools (GitHub's owner, repo, per_page, page): found by its
  // parameters, each one object of the reading, and its terms gathered once.
  let node = reading.lists
  for (let at = 0; at < names.length; at++) {
    const name = names[at]!
    const param = paramIn(reading, name, properties[name]?.description ?? "")
    const after = param.after ?? (param.after = new Map())
    let child = after.get(node)
    if (child === undefined) {
      child = { param, before: node, terms: undefined }
      after.set(node, child)
      reading.chars += LIST_NODE
    }
    node = child
  }
  return node.terms ?? (node.terms = listTerms(paramsOf(node)))
}

/** The parameters of a list, first to last. */
const paramsOf = (node: ListNode): Array<ParamReading> => {
  const params: Array<ParamReading> = []
  for (let at: ListNode | undefined = node; at?.param !== undefined; at = at.before) params.push(at.param)
  return params.reverse()
}

/** The distinct terms of a list of two or more parameters, as `paramTerms` reads them. */
const listTerms = (params: ReadonlyArray<ParamReading>): ReadonlyArray<string> => {
  for (let at = 0; at < params.length - 1; at++) {
    if (!params[at]!.closed) {
      return distinctTerms(params.filter(({ paging }) => !paging).map(({ description, name }) => entryOf(name, description)).join(" "))
    }
  }
  return distinct(params.map((param) => param.terms))
}

const NO_TERMS: ReadonlyArray<string> = []
const NO_PROPERTIES: Readonly<Record<string, SearchParameter>> = {}

/** A parameter's description saying its value must be unique: it identifies the item (a name, a handle). */
const UNIQUE = /\bunique\b/i

/**
 * What a family's create (`usergroups.create`) lends its family: the words of the parameters that
 * identify what it makes, the ones whose description says the value is unique (Slack's `handle`, "A
 * mention handle. Must be unique among channels, users and User Groups"; `name`) — their names and
 * first sentences. A request names an item by them ("the @oncall handle"), and only the create and
 * the update take them; the family's other members (`usergroups.disable`, `usergroups.users.list`)
 * act on the same items and never say so. Keyed by the API and the family.
 */
const lentBy = (
  document: SearchDocument,
  url: UrlReading,
  reading: Reading
): { readonly key: string; readonly terms: ReadonlyArray<string> } | undefined => {
  const method = url.rpc
  if (method === undefined || method.verb !== "create") return undefined
  const properties = document.parameters?.properties ?? {}
  const texts: Array<string> = []
  for (const name of Object.keys(properties)) {
    const description = properties[name]?.description ?? ""
    if (UNIQUE.test(description.slice(0, 300))) texts.push(`${name} ${firstSentence(description)}`)
  }
  if (texts.length === 0) return undefined
  return { key: Learn.apiKey(document.api, method.families[method.families.length - 1]!), terms: distinct(texts.map((text) => termsIn(reading, text))) }
}

/**
 * The index terms of each field of a tool: read when it is added, and again when it is removed
 * (MiniSearch removes a document by its terms), by this one function so that both agree. `url`: its
 * URL template's reading (`urlIn`, looked up once per tool by the caller, which reads it too). `lent`:
 * the words its family's create lends it (`lentBy`), among its parameters' (weak: as a parameter).
 */
const termsOf = (
  document: SearchDocument,
  url: UrlReading,
  reading: Reading,
  lent: ReadonlyArray<string> = NO_TERMS
): Record<Field, ReadonlyArray<string>> => {
  const params = paramTerms(document, reading)
  const name = termsIn(reading, document.name)
  const summary = summaryIn(reading, document.description)
  return {
    name,
    head: url.head,
    path: url.path,
    slots: url.slots,
    summary,
    params: lent.length === 0 ? params : distinct([params, lent]),
    tags: document.tags === undefined || document.tags.length === 0 ? NO_TERMS : tagTerms(reading, document.tags, [name, url.path, summary, params]),
    api: document.api === undefined ? NO_TERMS : termsIn(reading, labelWords(document.api).join(" "))
  }
}

/**
 * The words a tool's tags add to what the tool says of itself. A tag is an area shared by dozens
 * of tools (`repos`, `actions`, `admin.conversations`): where its words are already the tool's name,
 * path, summary or parameters, counting them again would lift the whole area for a word the request
 * shares with it; where they are not (`billing` on a refund), they are how the tool is found.
 */
const tagTerms = (reading: Reading, tags: ReadonlyArray<string>, own: ReadonlyArray<ReadonlyArray<string>>): ReadonlyArray<string> => {
  const added = termsIn(reading, tags.join(" ")).filter((term) => !own.some((terms) => terms.includes(term)))
  return added.length === 0 ? NO_TERMS : added
}

/**
 * A tool index over registered tools: add and remove tools as APIs come and go, search by request.
 *
 * @since 0.2.0
 * @category models
 */
export interface ToolIndex {
  /** Adds tools, replacing any indexed under the same name. */
  readonly add: (documents: ReadonlyArray<SearchDocument>) => void
  /** Removes tools by name (unknown names are ignored). */
  readonly remove: (names: ReadonlyArray<string>) => void
  /** The tools best matching a request, best first; `filter` keeps only the names it accepts. */
  readonly search: (
    request: string,
    options?: { readonly limit?: number | undefined; readonly filter?: ((name: string) => boolean) | undefined }
  ) => ReadonlyArray<SearchHit>
  readonly size: () => number
}

/** Words of an API label that do not name it: `https://api.github.com/openapi.json` is "github". */
const LABEL_NOISE: ReadonlySet<string> = new Set(["https", "http", "www", "api", "apis", "com", "org", "net", "io", "dev", "json", "yaml", "openapi", "rcp", "manifest", "v1", "v2", "v3", "localhost"])

/**
 * A name joined by underscores (`STRIPE_SECRET`, `SLACK_BOT_TOKEN`, `github_token`): an environment
 * variable's, a secret's or a function's — a value of the request, whose words name no API ("grep
 * for process.env.STRIPE_SECRET" is a code search on GitHub; "rotate SLACK_BOT_TOKEN on acme/api" a
 * repository's secret). Bounded: each part at most 64 characters, at most 16 parts.
 */
const IDENTIFIER = /[\p{L}\p{N}]{1,64}(?:_[\p{L}\p{N}]{1,64}){1,16}/gu

/**
 * The words of an API label that name it. A client labels an API by the URL it was discovered at
 * (`https://api.github.com/openapi.json`), a test or a bench by a name (`github`): both must read
 * "github". The URL is cut at its punctuation first (`rawWords` drops a URL in prose whole); its
 * scheme, generic host and path words, and numbers (a port, an address) name nothing.
 */
const labelWords = (label: string): Array<string> =>
  rawWords(label.replace(NOT_A_WORD, " ")).filter((word) => !LABEL_NOISE.has(word) && word.length > 2 && !DIGITS.test(word))
const NOT_A_WORD = /[^\p{L}\p{N}]+/gu
const DIGITS = /^\d+$/

/** The APIs a request names by a word of their label, outside identifiers (`IDENTIFIER`). */
const namedApis = (request: string, labels: Iterable<string>): Set<string> => {
  const said = new Set(rawWords(request.replace(IDENTIFIER, " ")))
  const named = new Set<string>()
  for (const label of labels) {
    if (labelWords(label).some((word) => said.has(word))) named.add(label)
  }
  return named
}

/** A word, or an identifier (`IDENTIFIER`) as one. */
const WORD_OR_IDENTIFIER = /[\p{L}\p{N}]+(?:_[\p{L}\p{N}]+)*/gu

/**
 * The request without the words that name an API ("on GitHub", "in Stripe"): they say which API,
 * which the API factor weighs, not what to do there. Left in, a brand would be a concept every
 * tool of that API misses alike, and its parts ("GitHub" → git, hub) would pull in whatever
 * their synonyms meet.
 */
const withoutApiNames = (request: string, named: ReadonlySet<string>): string => {
  if (named.size === 0) return request
  const names = new Set<string>()
  for (const label of named) for (const word of labelWords(label)) names.add(word)
  // An identifier is kept whole: its words are a value's, not the API's name.
  return request.replace(WORD_OR_IDENTIFIER, (word) => (names.has(word.toLowerCase()) ? " " : word))
}

const byScore = (a: SearchHit, b: SearchHit): number =>
  b.score - a.score || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)

/** How hard a tool is pushed down for the words of its name a request does not cover. */
const NAME_COVERAGE = 1
/** How much a tool is lowered for each path parameter the request gives nothing for. */
const SLOT = 0.9
/**
 * How much a word of the request counts where a tool has it only as a path parameter's name
 * (`Indexed.slotOnly`): the name of a value the tool takes says little of what the tool does.
 */
const SLOT_WORD = 0.5
const SLOT_ITEM = 0.6
const ITEM_URL = /\}\}?\/?(?:[?#].*)?$/
/** How much a tool addressing the item a request's id names is lifted. */
const ITEM = 1.3
/** How much a tool of the API a request's id belongs to is lifted (and one of another API lowered). */
const API = 1.5
/** The same when the request names the API by a word of its label ("on Slack"): the user said which. */
const API_NAMED = 3

/** The same when the request's hints point at one API (`hintedApis`). */
const API_HINTED = 2

/** The coordination exponent: how hard a tool is pushed down for each concept it misses. */
const COORDINATION = 1.5

/** How much one of the request's values counts among its concepts: as a hint does. */
const VALUE_WEIGHT = 0.5
/** How much a tool is lifted for each of the request's values its parameters take (more for a required one). */
const VALUE_TAKEN = 0.1
const VALUE_REQUIRED = 0.2
/** The most a tool is lifted for the values it takes, however many. */
const VALUE_MAX = 1.5

/**
 * How much a tool taking the request's values is lifted: for each value one of its parameters
 * takes, `VALUE_TAKEN` (`VALUE_REQUIRED` if a required one does), at most `VALUE_MAX` in all. A
 * value read as several kinds (a version, or a ref; an id of one collection or another) counts once,
 * by the best; "$20" is two values, an amount and a currency, each taken by a parameter of its own.
 */
/** A concept whose own word (strength 1) is a named value some listing filters by, also met by those listings (`Filters.IS`). */
const byChoice = (concept: Query.Concept, taking: Takers): Query.Concept => {
  if (concept.hint === true) return concept
  let terms: Map<string, number> | undefined
  for (const [term, strength] of concept.terms) {
    if (strength < 1) continue
    const mark = Filters.FILTER + Filters.IS + term
    if (!taking.byKind.has(mark)) continue
    terms ??= new Map(concept.terms)
    terms.set(TAKES + mark, 1)
  }
  return terms === undefined ? concept : { ...concept, terms }
}

const valueFit = (asked: ReadonlyArray<ReadonlyArray<string>>, takes: ReadonlyMap<string, boolean>): number => {
  if (asked.length === 0 || takes.size === 0) return 1
  let lift = 1
  for (const kinds of asked) {
    let best = 0
    for (const kind of kinds) {
      const required = takes.get(kind)
      if (required === undefined) continue
      best = Math.max(best, required ? VALUE_REQUIRED : VALUE_TAKEN)
    }
    lift += best
  }
  return Math.min(VALUE_MAX, lift)
}

/**
 * A term's scores at one weight: the tools that have it, the score of each (its BM25 in each field
 * times the field's boost and the weight, summed over the fields, as MiniSearch scores one term),
 * and whether it is in the tool's name.
 */
interface TermScores {
  readonly tools: Int32Array
  readonly scores: Float64Array
  readonly named: Uint8Array
}

/**
 * A request's terms summed per tool, by slot: the tool, its summed score, how many of the terms it
 * matched in its name (`named`), and which it matched (a list through `firstMatch` and `nextMatch`
 * of indexes into `terms`, in their order).
 */
interface Summed {
  readonly terms: ReadonlyArray<string>
  readonly tools: Int32Array
  readonly summed: Float64Array
  readonly named: Int32Array
  readonly firstMatch: Int32Array
  readonly nextMatch: Int32Array
  readonly matchTerm: Int32Array
  /** The score of each match (`matchTerm`'s term for its tool). */
  readonly matchScore: Float64Array
}

/**
 * The slots of `values` from the highest value down, one at a time (-1 when none is left): a
 * binary heap, so that taking the first k of n costs n + k log n, not a sort of all n.
 */
const bestFirst = (values: Float64Array): { readonly next: () => number } => {
  const heap = new Int32Array(values.length)
  for (let i = 0; i < heap.length; i++) heap[i] = i
  let size = heap.length
  const down = (from: number): void => {
    let at = from
    for (;;) {
      const left = 2 * at + 1
      if (left >= size) return
      const right = left + 1
      const larger = right < size && values[heap[right]!]! > values[heap[left]!]! ? right : left
      if (values[heap[larger]!]! <= values[heap[at]!]!) return
      const swap = heap[at]!
      heap[at] = heap[larger]!
      heap[larger] = swap
      at = larger
    }
  }
  for (let at = (size >> 1) - 1; at >= 0; at--) down(at)
  return {
    next: () => {
      if (size === 0) return -1
      const top = heap[0]!
      size -= 1
      heap[0] = heap[size]!
      down(0)
      return top
    }
  }
}

/** How many memoised term scores an index keeps (about 13 bytes each): a few hundred terms of a big API. */
const TERM_MEMO = 200_000

/**
 * The default index.
 *
 * @since 0.2.0
 * @category constructors
 */
export const make = (): ToolIndex => {
  const miniSearch = new Engine<Indexed>({
    idField: "id",
    fields: [...FIELDS],
    // Every field is given as one token, the tool's key: MiniSearch counts a field's length in
    // distinct tokens, so each field is one long (BM25 without length normalisation, as the index
    // has always ranked), and the terms were read before, once per tool (`termsOf`), instead of
    // from text MiniSearch would hold for the life of the index.
    extractField: (indexed, field) => field === "id" ? indexed.id : indexed.key,
    tokenize: (key) => [key],
    processTerm: (key, field) => (byId.get(Number(key))?.terms?.[field as Field] ?? []) as Array<string>,
    // Removal is exact and synchronous (`remove` with the stored document): no vacuuming timers
    // left behind a closed client.
    autoVacuum: false,
    searchOptions: { prefix: false, fuzzy: false }
  })
  /**
   * The terms some tool has: a request's term no tool has is not searched. Grown by the terms each
   * `add` inserted (`Engine.inserted`: each distinct term once, where a count per tool and term was
   * most of a tenth of the build), shrunk by a removal that took a term's last posting.
   */
  const present = new Set<string>()
  const addPresent = (_: unknown, term: string): void => {
    present.add(term)
  }
  /** Tools per API label: a request that names an API ("on Slack") is about that API's tools. */
  const apis = new Map<string, number>()
  const countApi = (api: string | undefined, by: number): void => {
    if (api === undefined) return
    const count = (apis.get(api) ?? 0) + by
    if (count > 0) apis.set(api, count)
    else apis.delete(api)
  }
  const byName = new Map<string, Indexed>()
  const byId = new Map<number, Indexed>()
  const vocabulary = Learn.empty()
  /** What the tools' parameters take, read on the first search with a value since the tools changed. */
  let takers: Takers | undefined
  const takersNow = (): Takers => (takers ??= readTakers(byId.values()))
  /** The tools that end a resource with no delete of its own (`ends.ts`), read on the first removal asked since the tools changed. */
  let enders: ReadonlyMap<string, ReadonlyArray<number>> | undefined
  const endersNow = (): ReadonlyMap<string, ReadonlyArray<number>> =>
    (enders ??= Ends.enders([...byId.values()].flatMap((indexed) => indexed.end === undefined ? [] : [[indexed.id, indexed.end] as const])))
  /** The tools addressed by a name (`names.ts`), and their APIs: read on the first search naming a handle bare since the tools changed. */
  let namers: { readonly ids: ReadonlyArray<number>; readonly set: ReadonlySet<number>; readonly apis: ReadonlySet<string> } | undefined
  const namersNow = () => {
    if (namers !== undefined) return namers
    const ids: Array<number> = []
    const apisOf = new Set<string>()
    for (const indexed of byId.values()) {
      if (!Names.addressedByName(indexed.document.url, indexed.document.parameters?.properties)) continue
      ids.push(indexed.id)
      if (indexed.api !== undefined) apisOf.add(indexed.api)
    }
    return (namers = { ids, set: new Set(ids), apis: apisOf })
  }
  let nextId = 0
  /**
   * The words each family's create lends its members (`lentBy`), by API and family: kept while the
   * create is indexed, so that a member added later borrows them too. A member added before its
   * family's create, in an earlier add, borrows nothing (an API's tools come in one add).
   */
  const lenders = new Map<string, ReadonlyArray<string>>()
  /** The words a tool borrows from its families' creates (not from itself: its own are its parameters). */
  const lentTo = (document: SearchDocument, url: UrlReading): ReadonlyArray<string> => {
    const method = url.rpc
    if (method === undefined || lenders.size === 0) return NO_TERMS
    const lists: Array<ReadonlyArray<string>> = []
    for (const family of method.families) {
      if (method.verb === "create" && family === method.families[method.families.length - 1]) continue
      const terms = lenders.get(Learn.apiKey(document.api, family))
      if (terms !== undefined) lists.push(terms)
    }
    return lists.length === 0 ? NO_TERMS : lists.length === 1 ? lists[0]! : distinct(lists)
  }

  const removeOne = (name: string): void => {
    const indexed = byName.get(name)
    if (indexed === undefined) return
    forgetScores()
    const reading = readingNow()
    const url = urlIn(reading, indexed.document.url)
    const fields = termsOf(indexed.document, url, reading, indexed.lent)
    indexed.terms = fields
    try {
      miniSearch.remove(indexed)
    } finally {
      indexed.terms = undefined
    }
    for (const field of FIELDS) for (const term of fields[field]) if (!miniSearch.hasTerm(term)) present.delete(term)
    byName.delete(name)
    byId.delete(indexed.id)
    const lends = lentBy(indexed.document, url, reading)
    if (lends !== undefined) lenders.delete(lends.key)
    Learn.remove(vocabulary, url.collections, indexed.document.api, notCodedIn(indexed.document))
    countApi(indexed.document.api, -1)
  }

  const add = (documents: ReadonlyArray<SearchDocument>): void => {
    forgetScores()
    const fresh: Array<Indexed> = []
    const reading = readingNow()
    // Each tool's URL template read (or found read) once, for all that reads it below.
    const urls = documents.map((document) => urlIn(reading, document.url))
    // The creates of this add lend first, so that a family's members borrow whatever their order.
    const lending = documents.map((document, at) => lentBy(document, urls[at]!, reading))
    for (const lends of lending) if (lends !== undefined) lenders.set(lends.key, lends.terms)
    for (let at = 0; at < documents.length; at++) {
      const document = documents[at]!
      removeOne(document.name)
      // Replacing a create took its family's words out with it: lent again.
      const lends = lending[at]
      if (lends !== undefined) lenders.set(lends.key, lends.terms)
      const id = nextId++
      const url = urls[at]!
      const lent = lentTo(document, url)
      const fields = termsOf(document, url, reading, lent)
      const action = actionOf(document)
      const indexed: Indexed = {
        id,
        key: String(id),
        document,
        name: document.name,
        api: document.api,
        get: document.method?.toUpperCase() === "GET",
        itemUrl: ITEM_URL.test(document.url ?? ""),
        terms: fields,
        action,
        kind: Prior.kindOf(document.name, document.description, document.url),
        nameTerms: nameTermsOf(document.name, fields.name),
        ender: Ends.enderInName(document.method, fields.name),
        slotNamed: slotNamedIn(fields.name, url, document.url),
        // Read for updates only: only an update is lifted for a property named (`PROPERTY_NAMED`).
        properties: action === "update" ? propertyNames(document) : NO_TERMS,
        items: url.items,
        ends: url.ends,
        slots: url.slotTerms,
        slotOnly: url.slotOnly.length === 0 ? url.slotOnly : url.slotOnly.filter((term) => !fields.name.includes(term) && !fields.summary.includes(term)),
        end: Ends.endWith(document.method, url.end, document.parameters?.properties ?? NO_PROPERTIES, document.api, action === "update"),
        lent,
        reads: action === "read" ? readsOf(fields.name, fields.api) : NO_TERMS,
        part: partOf(document.method, document.url, url.head, url.slotTerms.length)
      }
      byName.set(document.name, indexed)
      byId.set(indexed.id, indexed)
      Learn.add(vocabulary, url.collections, document.api, notCodedIn(document))
      countApi(document.api, 1)
      fresh.push(indexed)
    }
    try {
      miniSearch.addRead(fresh, (indexed) => indexed.terms!)
      miniSearch.inserted.forEach(addPresent)
    } finally {
      for (const indexed of fresh) indexed.terms = undefined
    }
  }

  /**
   * Each term's scores at a weight, as MiniSearch scores the term alone (one search for the term),
   * memoised while the index does not change: a request's terms are mostly the same few hundred
   * at the same few weights (`repo`, `owner`: the hint words; the verbs), which MiniSearch would
   * otherwise score again, tool by tool and field by field, for every request — most of a search's
   * time. Cleared by every add and remove (a term's score depends on every tool), and bounded: the
   * least recently used go past `TERM_MEMO` scores.
   */
  const termScores = new Map<string, TermScores>()
  let termScoresSize = 0
  const forgetScores = (): void => {
    takers = undefined
    enders = undefined
    namers = undefined
    termScores.clear()
    apisOfTerm.clear()
    termScoresSize = 0
  }
  const scoresOf = (term: string, weight: number): TermScores => {
    const key = `${weight} ${term}`
    const known = termScores.get(key)
    if (known !== undefined) {
      termScores.delete(key)
      termScores.set(key, known)
      return known
    }
    const found = term.startsWith(TAKES)
      ? takerScores(term.slice(TAKES.length), weight)
      : term.startsWith(ENDS)
      ? enderScores(term.slice(ENDS.length), weight)
      : term === Names.NAME
      ? markScores(namersNow().ids, NAME_BOOST * weight)
      : miniSearchScores(term, weight)
    termScores.set(key, found)
    termScoresSize += found.tools.length
    for (const [oldest, { tools }] of termScores) {
      if (termScoresSize <= TERM_MEMO || oldest === key) break
      termScores.delete(oldest)
      termScoresSize -= tools.length
    }
    return found
  }
  const miniSearchScores = (term: string, weight: number): TermScores => {
    const hits = miniSearch.scoreTerm(term, BOOST, weight, "name")
    // One term: MiniSearch's score is the term's score times 1 term matched.
    return { tools: Int32Array.from(hits.ids as ReadonlyArray<number>), scores: hits.scores, named: hits.flagged }
  }
  /**
   * A kind of value's scores: each tool taking it scores the kind's BM25 weight as a field of one
   * term would (MiniSearch's idf, `TAKES_BOOST` as the field's boost), so that a rare kind (a
   * percentage) counts more than a common one (a date).
   */
  const takerScores = (kind: string, weight: number): TermScores =>
    markScores(takersNow().byKind.get(kind) ?? [], TAKES_BOOST * weight)
  /** A mark's scores (a kind taken, an ender): each of its tools scores the mark's idf times `boost`, as a field of one term would. */
  const markScores = (tools: ReadonlyArray<number>, boost: number): TermScores => {
    const idf = Math.log(1 + (byId.size - tools.length + 0.5) / (tools.length + 0.5))
    return {
      tools: Int32Array.from(tools),
      scores: new Float64Array(tools.length).fill(idf * boost),
      named: new Uint8Array(tools.length)
    }
  }
  /**
   * The enders' scores for a request to remove: each scores as a tool with the removal's verb in
   * its name would (the term's idf over the enders, the name's boost), so that "delete the price"
   * meets the price's archiving update as "delete the customer" meets the customer's delete.
   */
  const enderScores = (key: string, weight: number): TermScores => markScores(endersNow().get(key) ?? [], ENDS_BOOST * weight)
  /**
   * The APIs whose tools use a term (memoised like the scores, and cleared with them): which
   * API a hint's words belong to.
   */
  const apisOfTerm = new Map<string, ReadonlySet<string>>()
  const apisWith = (term: string, weight: number): ReadonlySet<string> => {
    let found = apisOfTerm.get(term)
    if (found === undefined) {
      const set = new Set<string>()
      if (present.has(term)) {
        // The memoised scores at the weight the request's sum asked for: the same entry, no new search.
        for (const id of scoresOf(term, weight).tools) {
          const api = byId.get(id)?.api
          if (api !== undefined) set.add(api)
        }
      }
      found = set
      apisOfTerm.set(term, found)
    }
    return found
  }
  /**
   * The API a request's hints point at, when they point at one: a hint's API is one whose tools
   * use every word the hint stands for (`owner/repo`: repository, repo and owner; `#general`:
   * channel and conversation), and the hints agree on one of several registered APIs. Learned
   * from the tools, as an id prefix is resolved: no table of APIs.
   */
  const hintedApis = (hinted: ReadonlyArray<ReadonlyArray<string>>, weightOf: ReadonlyMap<string, number>): ReadonlySet<string> => {
    if (apis.size < 2) return NONE
    let agreed: Set<string> | undefined
    for (const words of hinted) {
      if (words.length === 0) continue
      let holders: Set<string> | undefined
      for (const word of words) {
        const weight = weightOf.get(word)
        const with_ = weight === undefined ? NONE : apisWith(word, weight)
        holders = holders === undefined ? new Set(with_) : new Set([...holders].filter((api) => with_.has(api)))
      }
      if (holders === undefined || holders.size !== 1) continue
      agreed = agreed === undefined ? holders : new Set([...agreed].filter((api) => holders!.has(api)))
    }
    return agreed !== undefined && agreed.size === 1 ? agreed : NONE
  }
  /**
   * Whether more of a request's concepts say only what APIs no name addresses use than say only what
   * the APIs a name addresses use (`namersNow`): by their own words (the request's, not their
   * synonyms) that some tool uses. One incidental word ("org-wide": `wide`) is outweighed by one of
   * the namers' own ("webhook" is GitHub's and Stripe's; "org" GitHub's alone).
   */
  const leansAway = (concepts: ReadonlyArray<Query.Concept>): boolean => {
    const namerApis = namersNow().apis
    let balance = 0
    for (const concept of concepts) {
      let namers = false
      let others = false
      for (const [term, strength] of concept.terms) {
        if (strength < 1 || !present.has(term)) continue
        for (const api of apisWith(term, concept.weight)) {
          if (namerApis.has(api)) namers = true
          else others = true
        }
      }
      if (namers !== others) balance += others ? 1 : -1
    }
    return balance > 0
  }
  /**
   * The APIs a request's nouns point at (for `Ends.withEnders`): the APIs whose tools use the own
   * words (not synonyms) of each concept that is not the verb nor a hint, agreed across those
   * concepts; none where they agree on none or on every API. "The project board": GitHub's.
   */
  const nounApis = (concepts: ReadonlyArray<Query.Concept>, action: Action | undefined): ReadonlySet<string> => {
    if ((action !== "delete" && action !== "action") || apis.size < 2) return NONE
    let agreed: Set<string> | undefined
    for (const concept of concepts) {
      if (concept.hint === true || concept.attribute === true || Ends.isVerbOfEnding(concept)) continue
      const holders = new Set<string>()
      for (const [term, strength] of concept.terms) {
        if (strength < 1 || !present.has(term)) continue
        for (const api of apisWith(term, concept.weight)) holders.add(api)
      }
      if (holders.size === 0) continue
      agreed = agreed === undefined ? holders : new Set([...agreed].filter((api) => holders.has(api)))
    }
    return agreed !== undefined && agreed.size > 0 && agreed.size < apis.size ? agreed : NONE
  }
  /** Where each tool id is in the current sum (slot + 1; 0: not met), kept between searches and cleared after each. */
  let slotOf = new Int32Array(0)

  /**
   * The request's terms summed per tool exactly as MiniSearch's OR query sums them (each term's
   * score, in the order of the terms: the same floating-point operations), from the memoised
   * scores of each term at its weight.
   */
  const sum = (queryTerms: ReadonlyArray<string>, weightOf: ReadonlyMap<string, number>): Summed => {
    if (slotOf.length < nextId) slotOf = new Int32Array(Math.max(nextId, 2 * slotOf.length))
    const perTerm = queryTerms.map((term) => scoresOf(term, weightOf.get(term) ?? 1))
    const postings = perTerm.reduce((total, { tools }) => total + tools.length, 0)
    const capacity = Math.min(byId.size, postings)
    const tools = new Int32Array(capacity)
    const total = new Float64Array(capacity)
    const matched = new Int32Array(capacity)
    const named = new Int32Array(capacity)
    const firstMatch = new Int32Array(capacity).fill(-1)
    const lastMatch = new Int32Array(capacity)
    const matchTerm = new Int32Array(postings)
    const matchScore = new Float64Array(postings)
    const nextMatch = new Int32Array(postings).fill(-1)
    let slots = 0
    let matches = 0
    perTerm.forEach((scores, at) => {
      // A verb of a plain read is no name term a request covers (`READ_VERBS`).
      const covers = !READ_VERBS.has(queryTerms[at]!)
      for (let i = 0; i < scores.tools.length; i++) {
        const tool = scores.tools[i]!
        let slot = slotOf[tool]! - 1
        if (slot === -1) {
          slot = slots++
          slotOf[tool] = slot + 1
          tools[slot] = tool
        }
        total[slot] = total[slot]! + scores.scores[i]!
        matched[slot] = matched[slot]! + 1
        if (covers) named[slot] = named[slot]! + scores.named[i]!
        matchTerm[matches] = at
        matchScore[matches] = scores.scores[i]!
        if (firstMatch[slot] === -1) firstMatch[slot] = matches
        else nextMatch[lastMatch[slot]!] = matches
        lastMatch[slot] = matches
        matches += 1
      }
    })
    const summed = new Float64Array(slots)
    for (let slot = 0; slot < slots; slot++) {
      // As the index has always read MiniSearch's score: the sum times the terms matched, then
      // divided by them again (the same value to the last bit as before).
      summed[slot] = (total[slot]! * matched[slot]!) / Math.max(1, matched[slot]!)
      slotOf[tools[slot]!] = 0
    }
    return { terms: queryTerms, tools: tools.subarray(0, slots), summed, named, firstMatch, nextMatch, matchTerm, matchScore }
  }

  /**
   * A request that says a tool's own name (`slack_chat_postMessage`, `PostRefunds`) asks for that
   * tool: an agent that saw the name (a pinned list, an earlier search's result, a doc) searches by
   * it. Those tools come first, in the order said, above whatever the request's words rank.
   */
  const search: ToolIndex["search"] = (request, options) => {
    const limit = Math.floor(options?.limit ?? 10)
    if (!(limit > 0)) return []
    const filter = options?.filter
    const said = toolNamesIn(Query.bounded(request), (name) => byName.has(name) && (filter === undefined || filter(name)))
    if (said.length === 0) return ranked(request, options)
    const rest = ranked(request, { limit: limit + said.length, filter: (name) => !said.includes(name) && (filter === undefined || filter(name)) })
    // Above the best the words rank, each said name above the next.
    const top = Math.max(rest[0]?.score ?? 0, 1)
    const first = said.slice(0, limit).map((name, at) => ({ name, score: top * (2 + said.length - at) }))
    return [...first, ...rest].slice(0, limit)
  }

  const ranked: ToolIndex["search"] = (request, options) => {
    const limit = Math.floor(options?.limit ?? 10)
    const filter = options?.filter
    if (!(limit > 0)) return []
    // Read once, cut to what a request can be (`Query.REQUEST_CHARS`): the work stays bounded.
    const text = Query.bounded(request)
    const named = namedApis(text, apis.keys())
    // A value's comparison ("over $500") says it filters, and is no word of any tool (`filters.ts`).
    const said = Filters.saysFilter(text)
    const read = Query.read(withoutApiNames(said.rest, named), vocabulary, (term) => present.has(term))
    // Terms no tool has cannot score: left out, and a concept with none left out with them (it
    // would lower every tool's coverage alike).
    // Each value of the request (an amount, a URL, `acct_…`) is a concept met by the tools that take it.
    // A request to list takes its values as filters: they point at the tools whose query
    // parameters take them, not at those that would set them (`filters.ts`).
    // A request to read whose value follows a word of filtering ("anything by @alice since monday")
    // lists too; a value bounded by a comparison ("charge over $500") makes a read or a create a list.
    const action = said.compares && (read.action === "read" || read.action === "create") ? "list" : read.action
    const filtering = action === "list" || (action === "read" && said.filters)
    const filters = filtering ? Filters.asFilters(read.takes, read.hinted.filter(isPerson).length, said.recent, said.labels) : read.takes
    // Quoted text in a request to read or list is what to look for ("issues mentioning 'memory
    // leak'"): the keywords of a search query (`qualifiers.ts`), where a write would say it.
    // A name of code said in it too ("where is useFetch called"): what to look for (`Hints.code`).
    // A named place too ("folks in Berlin"): where what is listed is, a search query's qualifier (`Qualifiers.placesIn`).
    const quoted = action === "list" || action === "read"
      ? Qualifiers.quotedIn(text) + Qualifiers.heldIn(text) + read.code + Qualifiers.placesIn(text)
      : 0
    const taking = filters.length > 0 || quoted > 0 || action === "list" ? takersNow() : undefined
    // A listing narrowed by a word of filtering ("by @alice", "since …"): a search query language
    // takes each filter as a qualifier, and qualifies the listing by the request's hints too
    // (`qualifiers.ts`). Not where no word says a value filters: in "who belongs to @design-crew" the
    // hint is what is listed.
    // A person's possessive says so too: "@alice's PRs" are the PRs by @alice.
    const qualifying = (quoted > 0 || (filtering && (said.filters || Qualifiers.possessive(text)))) && taking?.byKind.has(QUERY) === true
    const keywords: ReadonlyArray<ReadonlyArray<string>> = taking?.byKind.has(QUERY) === true ? Array.from({ length: quoted }, () => [QUERY]) : []
    const takes = [...(qualifying ? Qualifiers.orQuery(filters, QUERY, Filters.FILTER) : filters), ...keywords]
    const valueConcepts = takes.map((kinds) => ({
      // A query language takes any filter, as a stand-in for a parameter of its own (`QUERY_STRENGTH`).
      terms: new Map(kinds.filter((kind) => taking?.byKind.has(kind) === true).map((kind) => [TAKES + kind, kind === QUERY ? QUERY_STRENGTH : 1])),
      weight: VALUE_WEIGHT
    }))
    // A value bounded by a comparison filters: the words of a value to give ("amount") are no part of the request.
    const unbounded = said.compares ? read.concepts.filter((concept) => concept.attribute !== true) : read.concepts
    const qualified = qualifying ? Qualifiers.qualified(unbounded, TAKES + QUERY, HINT_QUERY) : unbounded
    // A word of a request to list that is a named value a listing filters by ("admin": `permission`)
    // is also met by the listings filtering by it (`Filters.IS`).
    const asked = action === "list" && taking !== undefined ? qualified.map((concept) => byChoice(concept, taking)) : qualified
    // A handle said bare where nothing else of the request points at the API a name addresses, and a
    // word of it is one only other APIs use ("issue a refund to globex": refunds are Stripe's): the
    // handle is someone of that API, not `{owner}`; it stays cut out of the words, and meets no tool.
    const otherApi = read.names > 0 && named.size === 0 && read.apis.size === 0 && read.hinted.length === 0 &&
      leansAway(unbounded.filter((concept) => concept.hint !== true))
    const concepts = [...Ends.withEnders(otherApi ? asked.filter((concept) => !concept.terms.has(Names.NAME)) : asked, read.action, read.items, ENDS, (key) => endersNow().has(key), named.size > 0 ? named : read.apis.size > 0 ? read.apis : nounApis(unbounded, read.action)), ...valueConcepts].flatMap((concept) => {
      const known = new Map([...concept.terms].filter(([term]) => term.startsWith(TAKES) || term.startsWith(ENDS) || term === Names.NAME || present.has(term)))
      return known.size === 0 ? [] : [{ terms: known, weight: concept.weight, hint: "hint" in concept && concept.hint === true }]
    })
    if (concepts.length === 0) return []
    const totalWeight = concepts.reduce((sum, concept) => sum + concept.weight, 0)
    // One pass over the index: every term of every concept, each with its weight; then, per tool,
    // which concepts it met (from the terms it matched).
    const weightOf = new Map<string, number>()
    const conceptsOf = new Map<string, Array<number>>()
    concepts.forEach((concept, at) => {
      for (const [term, weight] of concept.terms) {
        weightOf.set(term, Math.max(weightOf.get(term) ?? 0, weight * concept.weight))
        const list = conceptsOf.get(term) ?? []
        list.push(at)
        conceptsOf.set(term, list)
      }
    })
    const scores = sum([...weightOf.keys()], weightOf)
    // A removal of something the API only ends another way (`ends.ts`): its enders are deletes.
    const ending = new Set<number>()
    if (read.action === "delete") {
      for (const [term, weight] of weightOf) if (term.startsWith(ENDS)) for (const id of scoresOf(term, weight).tools) ending.add(id)
    }
    // Which API the hints point at, from the scores just summed (a hint's words are terms of the
    // request): no search of its own.
    const hintedApi = named.size === 0 && read.apis.size === 0 ? hintedApis(read.hinted, weightOf) : NONE
    // A handle said bare points at the API whose tools a name addresses, where the request has hints
    // and they point at none ("kick @mallory out of octolabs"); with no hint at all, a bare word may be
    // a person of any API ("dm the report to alice"), and lends none.
    const byName = hintedApi.size === 0 && named.size === 0 && read.apis.size === 0 && read.names > 0 && read.hinted.length > 0 ? namersNow().apis : NONE
    const byHint = hintedApi.size > 0 ? hintedApi : byName.size === 1 ? byName : NONE
    const query = { ...read, action, concepts, apis: named.size > 0 ? named : read.apis.size > 0 ? read.apis : byHint }
    // The tools by their summed score, best first. The factors below are at most 1 but for `lift`
    // (the best action fit, and the item and API factors where the request has an id), so once a
    // tool's summed score times `lift` falls under the last of the best `limit` so far, no tool
    // after it can enter. (MiniSearch orders by the sum times the terms matched, which is not a
    // bound as tight: the tools it ranks a few hundred deep all had to be scored.)
    // Taken best first from a heap: a request reads tens of the hundreds of tools it met.
    const order = bestFirst(scores.summed)
    const conceptsAt = scores.terms.map((term) => conceptsOf.get(term) ?? [])
    // How strongly each term stands for each of its concepts (its weight in that concept).
    const strengthsAt = scores.terms.map((term, at) => conceptsAt[at]!.map((concept) => query.concepts[concept]!.terms.get(term) ?? 0))
    // Whether each term is a word of the request's own, of no hint or bare name (`SLOT_WORD`).
    const wordAt = scores.terms.map((_, at) => conceptsAt[at]!.every((concept) => query.concepts[concept]!.hint !== true))
    // Every term the request says or its hints stand for: what a tool's path parameters may be given by.
    const given = new Set<string>()
    for (const concept of read.concepts) for (const term of concept.terms.keys()) given.add(term)
    for (const item of query.items) for (const term of terms(item)) given.add(term)
    const values = new Set(query.values)
    for (const item of query.items) for (const term of terms(item)) values.add(term)
    const listing = query.action === "list"
    /** Whether the request gives a path parameter by a word or value it says (not by the noun a list is asked by). */
    const givenIn = (slot: ReadonlyArray<string>): boolean => {
      for (let at = 0; at < slot.length; at++) {
        if (given.has(slot[at]!) && !(listing && query.listed.has(slot[at]!))) return true
      }
      return false
    }
    /**
     * A span of history ("between v1 and v2": `Values.spans`) is a value, and the item of a tool whose
     * required parameter takes it (`…/compare/{basehead}`): that tool is given its item.
     */
    const spanned = takes.some((kinds) => kinds.includes(Values.RANGE))
    /**
     * A verb of ending asks for no create: a create fits it as a read fits a change (`actionFit`) — but
     * for one under an item the request names by its id, which undoes that item (a transfer's reversal),
     * and for a tool that ends its resource (`Ends.endOf`: an RPC POST such as `usergroups.disable` reads
     * as a create by its method alone).
     */
    const endsAsked = Ends.endsSomething(read.concepts, query.action)
    /**
     * A change said as a transition ("from weekly billing to quarterly", `Qualifiers.transition`) asks for no
     * create: what goes from one state to another exists. A create fits it as a read fits a change
     * ("move the subscription from one price to another" is the subscription's update, not a new one).
     */
    const changeAsked = query.action === "update" && Qualifiers.transition(text)
    /** Every term of the request, for a DELETE's verb of ending it does not say (`Indexed.ender`). */
    const askedTerms = new Set<string>()
    if (query.action === "delete") for (const concept of query.concepts) for (const term of concept.terms.keys()) askedTerms.add(term)
    /**
     * The request's phrases, where it changes something: a property it names (`PROPERTY_NAMED`). Not for
     * a create: what a thing is made with ("open a pull request": a stack's `pull_request`) is no property set.
     */
    const setting = query.action === "update" ? phrasesSaid(text) : undefined
    /** The terms of the request's hints, when it reads: what names the item a plain read reads (`PLAIN_READ`). */
    const hintTerms = new Set<string>()
    if (query.action === "read" && (asksYesNo(text) || Qualifiers.possessive(text) || query.ofItem === true)) for (const concept of query.concepts) if (concept.hint === true) for (const term of concept.terms.keys()) hintTerms.add(term)
    /** The concepts of the handles said bare (`names.ts`). */
    const namedAt = query.names > 0 ? query.concepts.flatMap((concept, at) => concept.terms.has(Names.NAME) ? [at] : []) : []
    const hits: Array<SearchHit> = []
    const wanted = limit
    const apiFactor = named.size > 0 ? API_NAMED : byHint.size > 0 ? API_HINTED : API
    const lift = ACTION_MATCH * (query.items.size > 0 ? ITEM : 1) * (query.apis.size > 0 ? apiFactor : 1) * Prior.lift(query.person) *
      (takes.length > 0 ? VALUE_MAX : 1)
    for (let candidate = order.next(); candidate !== -1; candidate = order.next()) {
      const summed = scores.summed[candidate]!
      // A margin for the rounding of the factors' product taken in another order.
      if (hits.length >= wanted && summed * lift * (1 + 1e-9) < hits[hits.length - 1]!.score) break
      const indexed = byId.get(scores.tools[candidate]!)
      if (indexed === undefined) continue
      const name = indexed.name
      if (filter !== undefined && !filter(name)) continue
      // A concept met only through a weak stand-in (a WordNet synonym) is met in part: by the
      // best weight among the terms the tool matched for it.
      const met = new Map<number, number>()
      let slotWords = 0
      for (let match = scores.firstMatch[candidate]!; match !== -1; match = scores.nextMatch[match]!) {
        const term = scores.matchTerm[match]!
        const strengths = strengthsAt[term]!
        // A word of the request the tool has only as a path parameter's name meets a value it takes,
        // not what it does: "turn @kim into an owner at zenith" is no repository tool's `{owner}`.
        const slotWord = wordAt[term]! && indexed.slotOnly.length > 0 && indexed.slotOnly.includes(scores.terms[term]!)
        if (slotWord) slotWords += scores.matchScore[match]! * (1 - SLOT_WORD)
        const conceptsOfTerm = conceptsAt[term]!
        for (let k = 0; k < conceptsOfTerm.length; k++) {
          const at = conceptsOfTerm[k]!
          const strength = slotWord ? strengths[k]! * SLOT_WORD : strengths[k]!
          if (strength > (met.get(at) ?? 0)) met.set(at, strength)
        }
      }
      // A handle said bare is the value of a name no other value of the request gives: where a hint
      // fills the tool's first parameter already ("is @eve …": `/users/{username}`), the handle is met
      // by no parameter of it.
      if (namedAt.length > 0 && indexed.slots[0]?.some((term) => values.has(term)) === true) for (const at of namedAt) met.delete(at)
      // The plain read of the item a hint names meets what the request asks of that item, in part.
      if (hintTerms.size > 0 && indexed.reads.length > 0 && indexed.reads.every((term) => hintTerms.has(term))) {
        query.concepts.forEach((concept, at) => {
          if (concept.hint !== true && (met.get(at) ?? 0) < PLAIN_READ) met.set(at, PLAIN_READ)
        })
      }
      // An id of the request resolved to the collection the tool addresses (`evt_…` for `/v1/events/{id}`).
      // Collections are keyed by their words alone; an id whose prefix resolved in one API only
      // (`query.apis`) names an item of that API's collection, not another API's of the same words
      // (`evt_…` is Stripe's event, not GitHub's issue event).
      const idApi = query.apis.size === 0 || indexed.api === undefined || query.apis.has(indexed.api)
      const addressed = idApi && addresses(indexed.items, query.items)
      let metWeight = 0
      for (const [at, strength] of met) metWeight += query.concepts[at]!.weight * Math.min(1, strength)
      // How much of the tool's name the request covers: "create a repository for me" is
      // `repos/create-for-authenticated-user` entirely, and a third of `codespaces/add-repository-for-secret-…`.
      // A DELETE named by its API's verb of ending ("cancel an invitation") is what a request to
      // delete asks for, whatever verb the request says ("delete the pending invite"): the name's
      // verb is covered by the request's kind of operation, as a read's verb is by a read.
      const covered = scores.named[candidate]! +
        (query.action === "delete" && indexed.ender !== undefined && !askedTerms.has(indexed.ender) ? 1 : 0) +
        // An id of the request is the value its item parameter's name stands for in the tool's name —
        // where the id names one collection only (`po_` may be a payout or a person: not lifted).
        (indexed.slotNamed && addressed && query.items.size === 1 ? 1 : 0)
      let final = (summed - slotWords) *
        Math.pow(metWeight / totalWeight, COORDINATION) *
        actionFit(query.action, ending.has(indexed.id) ? "delete" : indexed.action) *
        (endsAsked && indexed.action === "create" && indexed.end === undefined && !ending.has(indexed.id) && !someIn(indexed.items, query.items) ? ACTION_READ : 1) *
        (changeAsked && indexed.action === "create" ? ACTION_READ : 1) *
        Math.pow((1 + covered) / (1 + indexed.nameTerms), NAME_COVERAGE)
      if (setting !== undefined && indexed.action === query.action && indexed.properties.some((name) => setting.has(name))) final *= PROPERTY_NAMED
      // A path parameter the request gives no value or word for is a value the user did not
      // mean to give: "CI runs for acme/web" is the repository's runs, not one workflow's.
      // Nor does the noun a list is asked by: "the tags of acme/web" names no tag.
      // Indexed loops, no closure per tool: this runs for every tool a request ranks.
      const slots = indexed.slots
      for (let at = 0; at < slots.length; at++) {
        const slot = slots[at]!
        // A handle said bare gives the first, where it takes a name (`names.ts`): "acme" is `{org}`'s value.
        if (at === 0 && namedAt.length > 0 && namersNow().set.has(indexed.id)) continue
        // The item a path ends with is given by a value (an id, a hint, a number), not by a word:
        // "my signing keys" names no key.
        if (at === slots.length - 1 && indexed.itemUrl) {
          if (!anyIn(slot, values) && !addressed && !(spanned && taking?.byTool.get(indexed.id)?.get(Values.RANGE) === true)) final *= SLOT_ITEM
          continue
        }
        if (!givenIn(slot)) final *= SLOT
      }
      // A request that names one item by its id and does not list is about that item: the list of
      // its collection does not address it, as a tool whose item the request gives no value for
      // (`GET /v1/checkout/sessions` for "did cs_… get paid", met by the words of its filters).
      if (!listing && indexed.ends.size > 0 && indexed.get && someIn(indexed.ends, query.items)) final *= SLOT_ITEM
      // A part of an item removed where the request to delete never says that part (`PART_UNSAID`).
      if (query.action === "delete" && indexed.part.length > 0 && !indexed.part.some((term) => askedTerms.has(term))) final *= PART_UNSAID
      final *= Prior.fit(indexed.kind, given, query.person)
      if (taking !== undefined) final *= valueFit(takes, taking.byTool.get(indexed.id) ?? NO_TAKES)
      if (idApi) for (const item of query.items) {
        if (indexed.items.has(item)) {
          final *= ITEM
          break
        }
      }
      if (query.apis.size > 0 && indexed.api !== undefined) {
        final *= query.apis.has(indexed.api) ? apiFactor : 1 / apiFactor
      }
      const hit = { name, score: final }
      // A tie with the last kept enters when its name sorts first, as in a full sort.
      if (hits.length < wanted || byScore(hit, hits[hits.length - 1]!) < 0) {
        hits.push(hit)
        hits.sort(byScore)
        if (hits.length > wanted) hits.pop()
      }
    }
    return hits
  }

  const index: ToolIndex = { add, remove: (names) => names.forEach(removeOne), search, size: () => byName.size }
  vocabularies.set(index, vocabulary)
  return index
}

const NONE: ReadonlySet<string> = new Set()

/**
 * The words of a request shaped like a tool's name — an `_`, `-`, `.` or `/` inside, or a capital
 * after a letter (`repos_create-fork`, `chat.postMessage`, `PostRefunds`) — that `isTool` accepts,
 * each once, in the order said. A plain word is never read as a name: a tool named `search` is not
 * put first by every request that says "search". Linear in the request (bounded by the caller).
 */
export const toolNamesIn = (request: string, isTool: (name: string) => boolean): ReadonlyArray<string> => {
  const found: Array<string> = []
  for (const raw of request.split(/[\s,;:!?()<>[\]{}"'`]+/)) {
    // A sentence's full stop after a name is no part of it.
    let end = raw.length
    while (end > 0 && raw.charCodeAt(end - 1) === 46) end--
    const word = raw.slice(0, end)
    if (word.length < 3 || word.length > MAX_TOOL_NAME || !NAME_SHAPED.test(word) || !IDENTIFIER_LIKE.test(word) || found.includes(word)) continue
    if (isTool(word)) found.push(word)
  }
  return found
}
/** Longer than any tool name a provider accepts (64 is the common limit): not looked up. */
const MAX_TOOL_NAME = 128
const NAME_SHAPED = /^[\p{L}\p{N}][\p{L}\p{N}._/-]*$/u
const IDENTIFIER_LIKE = /[._/-]|\p{Ll}\p{Lu}/u

/**
 * Whether the request's ids give the item a tool's path ends with: one of the tool's collection keys
 * for its last collection (keyed by its word and by the words before it: `events`, `v1 events` for
 * `/v1/events/{id}`) is among the request's items.
 */
const addresses = (items: ReadonlySet<string>, asked: ReadonlySet<string>): boolean => {
  if (asked.size === 0) return false
  let last: string | undefined
  for (const item of items) last = item
  if (last === undefined) return false
  if (asked.has(last)) return true
  // Another key of the same collection, only where the request's ids name one collection: an
  // ambiguous prefix (`po_`: payouts, people, products) is left to the request's other words.
  if (asked.size > 1) return false
  const word = last.slice(last.lastIndexOf(" ") + 1)
  for (const item of items) if ((item === word || item.endsWith(" " + word)) && asked.has(item)) return true
  return false
}

/** Whether some element of `these` is in `those`. */
/** Whether some term of a list is in a set. */
const anyIn = (terms: ReadonlyArray<string>, set: ReadonlySet<string>): boolean => {
  for (let at = 0; at < terms.length; at++) if (set.has(terms[at]!)) return true
  return false
}

const someIn = (these: ReadonlySet<string>, those: ReadonlySet<string>): boolean => {
  for (const element of these) if (those.has(element)) return true
  return false
}

const NO_TAKES: ReadonlyMap<string, boolean> = new Map()

/** Whether a hint's words are a person's (`@alice`: user, username). */
const isPerson = (words: ReadonlyArray<string>): boolean => words.includes(PERSON_STEM)
const PERSON_STEM = "usernam"

const vocabularies = new WeakMap<ToolIndex, Learn.Vocabulary>()

/**
 * How the default index reads a request (its concepts, action and APIs), for tests and tuning.
 *
 * @internal
 */
export const explain = (index: ToolIndex, request: string): Query.Query =>
  Query.read(Query.bounded(request), vocabularies.get(index) ?? Learn.empty())
