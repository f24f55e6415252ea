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
 */
import MiniSearch from "minisearch"
import type { Action } from "./lexicon.js"
import * as Learn from "./learn.js"
import * as Prior from "./prior.js"
import * as Query from "./query.js"
import { rawWords, terms } from "./words.js"

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
    readonly properties: Readonly<Record<string, { readonly description?: string | undefined }>>
  } | undefined
  readonly method?: string | undefined
  /** The URL template (`https://api.github.com/repos/{{owner}}/{{repo}}/pulls`). */
  readonly url?: string | undefined
  /** Which API the tool belongs to (a label such as `github`, or the manifest URL). */
  readonly api?: string | undefined
  readonly tags?: ReadonlyArray<string> | undefined
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
  readonly document: SearchDocument
  readonly fields: Readonly<Record<Field, string>>
  readonly action: Action
  /** Whether the tool is an admin's or a deprecated variant (`prior.ts`). */
  readonly kind: Prior.Kind
  /** The distinct terms of the tool's name: how much of its name a request covers. */
  readonly nameTerms: ReadonlySet<string>
  /** The collections whose items the tool addresses (`customers` for `/v1/customers/{customer}/…`). */
  readonly items: ReadonlySet<string>
  /** Each path parameter as its stemmed words (`[["issu", "number"]]`): the values the tool needs. */
  readonly slots: ReadonlyArray<ReadonlyArray<string>>
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

const pathOf = (url: string): string => {
  const path = url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, "").split(/[?#]/)[0] ?? ""
  // `{{owner}}` and `{owner}` stay as their names: a path parameter says what the tool is about.
  return path.replace(/[{}]/g, " ").replace(/[/_.-]/g, " ")
}

/**
 * The last static segment of the path: what the tool acts on (`…/comments/{comment_id}/reactions`
 * acts on reactions, not comments).
 */
const headOf = (url: string): string => {
  const path = url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, "").split(/[?#]/)[0] ?? ""
  const statics = path.split("/").filter((segment) => segment !== "" && !segment.includes("{"))
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

/** What a tool does, from the verb of its name or, failing that, its method and URL. */
const actionOf = (document: SearchDocument): Action => {
  const method = (document.method ?? "").toUpperCase()
  // A name that starts with its own HTTP method (`PostCustomersCustomer`, `GetCustomers`) says no
  // more than the method: a POST to an item is an update, a GET of a collection a list.
  const words = rawWords(document.name).filter((word, at) => !(at === 0 && method !== "GET" && word.toUpperCase() === method))
  for (const word of words) {
    for (const [action, verbs] of NAME_VERBS) if (verbs.has(word)) return action
  }
  const url = document.url ?? ""
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

const fieldsOf = (document: SearchDocument): Record<Field, string> => {
  const properties = document.parameters?.properties ?? {}
  const params = Object.keys(properties)
    .map((name) => `${name} ${(properties[name]?.description ?? "").slice(0, 1000)}`)
    .join(" ")
  return {
    name: document.name,
    head: document.url === undefined ? "" : headOf(document.url),
    slots: document.url === undefined ? "" : slotsOf(document.url),
    path: document.url === undefined ? "" : pathOf(document.url),
    summary: firstSentence(document.description),
    params,
    tags: (document.tags ?? []).join(" "),
    api: document.api ?? ""
  }
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
const LABEL_NOISE: ReadonlySet<string> = new Set(["https", "http", "www", "api", "apis", "com", "org", "net", "io", "dev", "json", "yaml", "openapi", "rcp", "manifest", "v1", "v2", "v3"])

/** The APIs a request names by a word of their label. */
const namedApis = (request: string, labels: Iterable<string>): Set<string> => {
  const said = new Set(rawWords(request))
  const named = new Set<string>()
  for (const label of labels) {
    const words = rawWords(label).filter((word) => !LABEL_NOISE.has(word) && word.length > 2)
    if (words.some((word) => said.has(word))) named.add(label)
  }
  return named
}

/**
 * The request without the words that name an API ("on GitHub", "in Stripe"): they say which API,
 * which the API factor weighs, not what to do there. Left in, a brand would be a concept every
 * tool of that API misses alike, and its parts ("GitHub" → git, hub) would pull in whatever
 * their synonyms meet.
 */
const withoutApiNames = (request: string, named: ReadonlySet<string>): string => {
  if (named.size === 0) return request
  const names = new Set<string>()
  for (const label of named) for (const word of rawWords(label)) if (!LABEL_NOISE.has(word) && word.length > 2) names.add(word)
  return request.replace(/[\p{L}\p{N}]+/gu, (word) => (names.has(word.toLowerCase()) ? " " : word))
}

const byScore = (a: SearchHit, b: SearchHit): number =>
  b.score - a.score || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)

/** How hard a tool is pushed down for the words of its name a request does not cover. */
const NAME_COVERAGE = 1
/** How much a tool is lowered for each path parameter the request gives nothing for. */
const SLOT = 0.9
/** How much a tool addressing the item a request's id names is lifted. */
const ITEM = 1.3
/** How much a tool of the API a request's id belongs to is lifted (and one of another API lowered). */
const API = 1.5
/** The same when the request names the API by a word of its label ("on Slack"): the user said which. */
const API_NAMED = 3

/** The coordination exponent: how hard a tool is pushed down for each concept it misses. */
const COORDINATION = 1.5

/**
 * The default index.
 *
 * @since 0.2.0
 * @category constructors
 */
export const make = (): ToolIndex => {
  const miniSearch = new MiniSearch<Indexed>({
    idField: "id",
    fields: [...FIELDS],
    extractField: (indexed, field) => field === "id" ? indexed.id : indexed.fields[field as Field],
    tokenize: (text) => [text],
    processTerm: (text, field) => {
      // A parameter list repeats itself (every list tool's cursor, limit, expand): its distinct
      // words are what it says, and counting each once halves the build.
      const list = terms(text)
      const distinct = new Set(list)
      // MiniSearch reads a document's terms again to remove it: `counting` says which way.
      for (const term of distinct) {
        const count = (termCounts.get(term) ?? 0) + counting
        if (count > 0) termCounts.set(term, count)
        else termCounts.delete(term)
      }
      return field === "params" ? [...distinct] : list
    },
    // Removal is exact and synchronous (`remove` with the stored document): no vacuuming timers
    // left behind a closed client.
    autoVacuum: false,
    searchOptions: { prefix: false, fuzzy: false }
  })
  /** How often each term occurs in the index: a request's term no tool has is not searched. */
  const termCounts = new Map<string, number>()
  let counting = 0
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
  let nextId = 0

  const removeOne = (name: string): void => {
    const indexed = byName.get(name)
    if (indexed === undefined) return
    counting = -1
    try {
      miniSearch.remove(indexed)
    } finally {
      counting = 0
    }
    byName.delete(name)
    byId.delete(indexed.id)
    Learn.remove(vocabulary, indexed.document.url, indexed.document.api)
    countApi(indexed.document.api, -1)
  }

  const add = (documents: ReadonlyArray<SearchDocument>): void => {
    const fresh: Array<Indexed> = []
    for (const document of documents) {
      removeOne(document.name)
      const indexed: Indexed = {
        id: nextId++,
        document,
        fields: fieldsOf(document),
        action: actionOf(document),
        kind: Prior.kindOf(document.name, document.description, document.url),
        nameTerms: new Set(terms(document.name)),
        items: new Set(Learn.itemsOf(document.url)),
        slots: document.url === undefined ? [] : slotsOf(document.url).split(" ").filter((slot) => slot !== "").map((slot) => terms(slot))
      }
      byName.set(document.name, indexed)
      byId.set(indexed.id, indexed)
      Learn.add(vocabulary, document.url, document.api)
      countApi(document.api, 1)
      fresh.push(indexed)
    }
    counting = 1
    try {
      miniSearch.addAll(fresh)
    } finally {
      counting = 0
    }
  }

  const search: ToolIndex["search"] = (request, options) => {
    const limit = Math.floor(options?.limit ?? 10)
    const filter = options?.filter
    if (!(limit > 0)) return []
    // A request is words: past 1,000 characters it is not one, and the work stays bounded.
    const named = namedApis(request.slice(0, 1000), apis.keys())
    const read = Query.read(withoutApiNames(request.slice(0, 1000), named), vocabulary, (term) => termCounts.has(term))
    // Terms no tool has cannot score: left out, and a concept with none left out with them (it
    // would lower every tool's coverage alike).
    const concepts = read.concepts.flatMap((concept) => {
      const known = new Map([...concept.terms].filter(([term]) => termCounts.has(term)))
      return known.size === 0 ? [] : [{ terms: known, weight: concept.weight }]
    })
    const query = { ...read, concepts, apis: named.size > 0 ? named : read.apis }
    if (query.concepts.length === 0) return []
    const totalWeight = query.concepts.reduce((sum, concept) => sum + concept.weight, 0)
    // One pass over the index: every term of every concept, each with its weight; then, per tool,
    // which concepts it met (from the terms it matched).
    const weightOf = new Map<string, number>()
    const conceptsOf = new Map<string, Array<number>>()
    query.concepts.forEach((concept, at) => {
      for (const [term, weight] of concept.terms) {
        weightOf.set(term, Math.max(weightOf.get(term) ?? 0, weight * concept.weight))
        const list = conceptsOf.get(term) ?? []
        list.push(at)
        conceptsOf.set(term, list)
      }
    })
    const results = miniSearch.search([...weightOf.keys()].join(" "), {
      boost: BOOST,
      tokenize: (text) => text.split(" "),
      processTerm: (text) => text,
      boostTerm: (term) => weightOf.get(term) ?? 1
    })
    // MiniSearch returns the tools by their summed score times the number of terms they matched,
    // best first; the factors below lift a tool by `lift` at most (the best action fit, and the
    // item and API factors where the request has an id), so once a tool's MiniSearch score times
    // `lift` falls under the last of the best `limit` so far, no tool after it can enter.
    // Every term the request says or its hints stand for: what a tool's path parameters may be given by.
    const given = new Set<string>()
    for (const concept of read.concepts) for (const term of concept.terms.keys()) given.add(term)
    for (const item of query.items) for (const term of terms(item)) given.add(term)
    const listing = query.action === "list"
    const hits: Array<SearchHit> = []
    const wanted = limit
    const apiFactor = named.size > 0 ? API_NAMED : API
    const lift = ACTION_MATCH * (query.items.size > 0 ? ITEM : 1) * (query.apis.size > 0 ? apiFactor : 1)
    for (const result of results) {
      if (hits.length >= wanted && result.score * lift < hits[hits.length - 1]!.score) break
      const indexed = byId.get(result.id as number)
      if (indexed === undefined) continue
      const name = indexed.document.name
      if (filter !== undefined && !filter(name)) continue
      // A concept met only through a weak stand-in (a WordNet synonym) is met in part: by the
      // best weight among the terms the tool matched for it.
      const met = new Map<number, number>()
      for (const term of result.queryTerms) {
        for (const at of conceptsOf.get(term) ?? []) {
          const strength = query.concepts[at]!.terms.get(term) ?? 0
          if (strength > (met.get(at) ?? 0)) met.set(at, strength)
        }
      }
      let metWeight = 0
      for (const [at, strength] of met) metWeight += query.concepts[at]!.weight * Math.min(1, strength)
      // How much of the tool's name the request covers: "create a repository for me" is
      // `repos/create-for-authenticated-user` entirely, and a third of `codespaces/add-repository-for-secret-…`.
      let covered = 0
      for (const fields of Object.values(result.match)) if (fields.includes("name")) covered += 1
      let final = (result.score / Math.max(1, result.queryTerms.length)) *
        Math.pow(metWeight / totalWeight, COORDINATION) *
        actionFit(query.action, indexed.action) *
        Math.pow((1 + covered) / (1 + indexed.nameTerms.size), NAME_COVERAGE)
      // A path parameter the request gives no value or word for is a value the user did not
      // mean to give: "CI runs for acme/web" is the repository's runs, not one workflow's.
      // Nor does the noun a list is asked by: "the tags of acme/web" names no tag.
      for (const slot of indexed.slots) {
        if (!slot.some((term) => given.has(term) && !(listing && query.listed.has(term)))) final *= SLOT
      }
      final *= Prior.fit(indexed.kind, given)
      for (const item of query.items) {
        if (indexed.items.has(item)) {
          final *= ITEM
          break
        }
      }
      if (query.apis.size > 0 && indexed.document.api !== undefined) {
        final *= query.apis.has(indexed.document.api) ? apiFactor : 1 / apiFactor
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

const vocabularies = new WeakMap<ToolIndex, Learn.Vocabulary>()

/**
 * How the default index reads a request (its concepts, action and APIs), for tests and tuning.
 *
 * @internal
 */
export const explain = (index: ToolIndex, request: string): Query.Query =>
  Query.read(request, vocabularies.get(index) ?? Learn.empty())
