/**
 * How each resource of the registered APIs ends, learned from their tools: "delete the price",
 * "get rid of that payment intent", "remove #old-launch" ask to end something, and an API that has
 * no delete for a resource ends it some other way — Stripe cancels a payment intent
 * (`POST …/payment_intents/{intent}/cancel`), expires a checkout session, detaches a payment
 * method, archives a price by setting `active` to false; Slack archives a conversation
 * (`conversations.archive`); GitHub closes an issue or a pull request (`state`) and disables a
 * workflow. A request to remove such a thing means that operation: nobody asks an API for an
 * operation it does not have.
 *
 * A tool *ends* a resource (an `ender`) when the resource has no delete of its own and the tool
 * is its end-of-life action — a verb of ending after the item (`…/{id}/cancel`, `.archive`) — or,
 * where it has none either, an update of the item that takes its state (`active`, `state`,
 * `status`, `archived`). Everything is read from the tools' methods, URL templates and parameter
 * names: no table per API, and forgotten with the tools.
 */
import { apiKey, pathOf, type RpcMethod, rpcMethodOf, splitApiKey } from "./learn.js"
import type { Action } from "./lexicon.js"
import type { Concept } from "./query.js"
import { rawWords, stem } from "./words.js"

/** What one tool does to the resource it addresses, as far as ending it goes. */
export interface End {
  /** The resource, with its API (`stripe\u0000prices`, `slack\u0000conversations`). */
  readonly resource: string
  /** `delete`: a delete of it; `end`: a verb of ending; `state`: an update that takes its state. */
  readonly kind: "delete" | "end" | "state"
}

/**
 * The verbs by which APIs end a thing they do not delete (their operations' own words, general
 * English): calling it off, voiding, letting it lapse, taking it off what it was attached to,
 * putting it away, closing, switching it off, withdrawing it.
 */
const ENDING: ReadonlySet<string> = new Set([
  "cancel", "void", "expire", "detach", "archive", "close", "deactivate", "disable", "revoke", "invalidate",
  "disconnect", "uninstall"
])

/** The verbs of a delete, as a tool's path or method names it (`chat.delete`, `usergroups.users.remove`). */
const DELETING: ReadonlySet<string> = new Set(["delete", "remove", "destroy"])

/** Parameters that hold whether a thing is still alive: setting one ends it. */
const STATE: ReadonlySet<string> = new Set(["active", "state", "status", "archived"])

const PARAM = /^\{\{?[^}]*\}?\}$/

/**
 * What a tool does to end a resource, from its method, URL template and parameter names; or
 * undefined when it does not end one. `updates`: whether the tool is an update (its name's verb, or
 * its method and URL), not a create that happens to take a state (a commit status). A REST path names the resource by the segment before its
 * item parameter (`/v1/prices/{price}`, `…/issues/{issue_number}/lock`); an RPC method by the
 * words before its verb (`/conversations.archive`, `/admin.conversations.delete`).
 *
 * @internal
 */
export const endOf = (
  method: string | undefined,
  url: string | undefined,
  parameters: ReadonlyArray<string>,
  api: string | undefined,
  updates: boolean
): End | undefined => {
  const properties = Object.fromEntries(parameters.map((name) => [name, true]))
  return endWith(method, urlEndOf(url, rpcMethodOf(url)), properties, api, updates)
}

/**
 * What a URL template alone says of ending (`endOf`'s reading of the URL): the resource its path
 * names and how the tool's method and parameters decide whether it ends it — `delete` and `end`
 * (an RPC method's verb) whatever they are, `item` (a path ending with an item parameter: a DELETE,
 * or an update taking a state) and `verb` (a verb of ending after an item: by a method that
 * changes). Read once per template by the index (`UrlReading.end`), where every tool read its URL
 * again (its path cut out and split, its segments tested) for the same answer.
 *
 * @internal
 */
export interface UrlEnd {
  readonly resource: string
  readonly shape: "delete" | "end" | "item" | "verb"
}

/** `UrlEnd` of a URL template, its RPC method (`rpcMethodOf`) given; undefined for a URL that ends nothing. @internal */
export const urlEndOf = (url: string | undefined, rpc: RpcMethod | undefined): UrlEnd | undefined => {
  if (url === undefined) return undefined
  const parts = pathOf(url).split("/").filter((part) => part !== "")
  const last = parts[parts.length - 1]
  if (last === undefined) return undefined
  // RPC: `/api/conversations.archive` — the method's words after the resource's.
  if (rpc !== undefined) {
    const action = rawWords(rpc.verb)
    const resource = rpc.families[rpc.families.length - 1]!
    if (action.length === 0) return undefined
    if (DELETING.has(action[0]!)) return { resource, shape: "delete" }
    if (action.length === 1 && ENDING.has(action[0]!)) return { resource, shape: "end" }
    return undefined
  }
  // REST: the item a path ends with, or the item before the verb it ends with.
  if (PARAM.test(last)) {
    const collection = parts[parts.length - 2]
    if (collection === undefined || PARAM.test(collection)) return undefined
    return { resource: collection, shape: "item" }
  }
  const item = parts[parts.length - 2]
  const collection = parts[parts.length - 3]
  if (item === undefined || collection === undefined || !PARAM.test(item) || PARAM.test(collection)) return undefined
  const action = rawWords(last.replace(/[_.-]/g, " "))
  return action.length === 1 && ENDING.has(action[0]!) ? { resource: collection, shape: "verb" } : undefined
}

/**
 * `endOf`, the URL read already (`urlEndOf`): what the tool's method, parameters (by name: their
 * schema's `properties`) and kind of operation make of it.
 *
 * @internal
 */
export const endWith = (
  method: string | undefined,
  end: UrlEnd | undefined,
  properties: Readonly<Record<string, unknown>>,
  api: string | undefined,
  updates: boolean
): End | undefined => {
  if (end === undefined) return undefined
  switch (end.shape) {
    case "delete":
    case "end":
      return { resource: apiKey(api, end.resource), kind: end.shape }
    case "item": {
      const verb = (method ?? "").toUpperCase()
      if (verb === "DELETE") return { resource: apiKey(api, end.resource), kind: "delete" }
      if (updates && takesState(properties)) return { resource: apiKey(api, end.resource), kind: "state" }
      return undefined
    }
    case "verb": {
      const verb = (method ?? "").toUpperCase()
      return verb === "POST" || verb === "PUT" || verb === "PATCH" ? { resource: apiKey(api, end.resource), kind: "end" } : undefined
    }
  }
}

/** Whether a tool takes a parameter that holds whether its item is alive (`STATE`). */
const takesState = (properties: Readonly<Record<string, unknown>>): boolean => {
  for (const name of STATE) if (Object.hasOwn(properties, name)) return true
  return false
}

/**
 * The enders among tools (by id), from what each does to its resource (`endOf`): a resource with
 * a delete has none; one without is ended by its verbs of ending, or, lacking those, by the
 * updates that take its state. Each under the key a request asks for it by (`endersOf`): `end`
 * for a verb of ending, `state <stem>` for a state update of a resource whose last word has that
 * stem — a plain update is what a removal means only when the request names its resource ("delete
 * the price"; not "take the label off #57", where the update is not the label's removal).
 * And `any <stem>` for the state updates of every resource, deleted or not: what a verb of ending
 * asks of a resource that has no such verb ("archive the product": its `active`).
 *
 * @internal
 */
export const enders = (ends: Iterable<readonly [number, End]>): ReadonlyMap<string, ReadonlyArray<number>> => {
  const byResource = new Map<string, { deleted: boolean; end: Array<number>; state: Array<number> }>()
  for (const [id, { kind, resource }] of ends) {
    let known = byResource.get(resource)
    if (known === undefined) {
      known = { deleted: false, end: [], state: [] }
      byResource.set(resource, known)
    }
    if (kind === "delete") known.deleted = true
    else known[kind].push(id)
  }
  const found = new Map<string, Array<number>>()
  const put = (key: string, ids: ReadonlyArray<number>): void => {
    const list = found.get(key) ?? []
    list.push(...ids)
    found.set(key, list)
  }
  for (const [resource, { deleted, end, state }] of byResource) {
    if (state.length > 0) put(`${ANY_STATE_OF}${stem(lastWord(resource))}`, state)
    if (deleted) continue
    if (end.length > 0) {
      put(END, end)
      put(endOfApi(splitApiKey(resource).api), end)
    }
    else if (state.length > 0) put(`${STATE_OF}${stem(lastWord(resource))}`, state)
  }
  return found
}

const END = "end"
/** The key of one API's verbs of ending (`enders`): what a verb of ending asks for where the request's nouns are that API's. */
const endOfApi = (api: string): string => `${END} ${api}`
const STATE_OF = "state "
const ANY_STATE_OF = "any "

/** The last word of a resource's name (`payment_links` → links, `admin.conversations` → conversations). */
const lastWord = (resource: string): string => {
  const words = rawWords(splitApiKey(resource).name.replace(/[_.-]/g, " "))
  return words[words.length - 1] ?? ""
}

/** The stem of the verb every removal's concept stands for (the lexicon's deletes expand to it). */
const DELETE = stem("delete")

/** How strongly a removal stands for ending a thing that cannot be deleted: as a lexicon expansion. */
const ENDING_WEIGHT = 0.7

/** A request's own words (stems): the terms of its concepts at full weight, not its hints' or expansions'. */
const ownStems = (concepts: ReadonlyArray<Concept>): Array<string> => {
  const found = new Set<string>()
  for (const concept of concepts) for (const [term, weight] of concept.terms) if (weight >= 1) found.add(term)
  return [...found]
}

/** The stems of the verbs of ending (`ENDING`) and of the lexicon's words for them: what a verb of ending is read as. */
const ENDING_STEMS: ReadonlySet<string> = new Set([...ENDING, "retire", "shelve", "deprecate", "sunset", "discontinue"].map(stem))

/** The stems of the verbs by which a tool's name says it deletes or ends (`DELETING`, `ENDING`). */
const NAME_ENDERS: ReadonlySet<string> = new Set([...DELETING, ...ENDING].map(stem))

/**
 * The verb of ending or deleting a DELETE's name says (`orgs/cancel-invitation`: "cancel"), or
 * undefined: what the method does, named in the API's own word.
 *
 * @internal
 */
export const enderInName = (method: string | undefined, name: ReadonlyArray<string>): string | undefined =>
  method?.toUpperCase() === "DELETE" ? name.find((term) => NAME_ENDERS.has(term)) : undefined

/**
 * Whether a concept of a request says a verb of ending (`ENDING_STEMS`, or a lexicon word standing for one).
 */
const saysEnding = (concept: Concept): boolean => {
  for (const term of concept.terms.keys()) if (ENDING_STEMS.has(term)) return true
  return false
}

/**
 * Whether a concept of a request is its verb of removal or ending (its terms say delete, or a verb
 * of ending): not one of the nouns that say which API the request is for.
 *
 * @internal
 */
export const isVerbOfEnding = (concept: Concept): boolean => concept.terms.has(DELETE) || saysEnding(concept)

/**
 * Whether a request that asks for an action says a verb of ending: "cancel the customer's
 * subscription" asks to end a thing, which no create does — a create taking `cancel_at` among its
 * parameters is what to start, not to end.
 *
 * @internal
 */
export const endsSomething = (concepts: ReadonlyArray<Concept>, action: Action | undefined): boolean =>
  action === "action" && concepts.some(saysEnding)

/**
 * A request to remove something (its action a delete) also asks for the enders: its concepts that
 * stand for deleting get the marks of the enders (`mark` + `enders`' keys: every verb of ending,
 * and the state updates of the resources the request names by a word) beside their words.
 * A request to end something in so many words ("archive", "deactivate", "retire", "terminate") asks
 * for the state update of the resource it names by a word or an id ("archive prod_…": the product's
 * `active`): its concept of ending gets the marks of every state update of what it names — and, as
 * a removal, of every verb of ending: "terminate this token" is Slack's `auth.revoke` (a token has
 * no delete), though the lexicon's words for terminating do not say "revoke".
 * Where the request's nouns are one API's (`apis`: "shelve the project board" is GitHub's), a verb
 * of ending asks for that API's verbs of ending, not another's (Slack's `conversations.archive`).
 * Only the marks `known` has (`enders`' keys) are given: one no tool holds would score nothing,
 * and a mark for every word of the request, on every concept of removal, was quadratic in the
 * request's words ("delete a delete b …": a thousand characters, ten times a plain request's time).
 *
 * @internal
 */
export const withEnders = (
  concepts: ReadonlyArray<Concept>,
  action: Action | undefined,
  items: ReadonlySet<string>,
  mark: string,
  known: (key: string) => boolean,
  apis: ReadonlySet<string> = new Set()
): ReadonlyArray<Concept> => {
  if (action !== "delete" && action !== "action") return concepts
  const own = ownStems(concepts)
  const ends = apis.size > 0 ? [...apis].map(endOfApi) : [END]
  // An id names the resource for a verb of ending; for a removal, `#44` would name the issue of
  // whatever the request takes off it (a label, an assignee): only the request's words do.
  const keys = action === "delete"
    ? [...ends, ...own.map((term) => STATE_OF + term)]
    : [...ends, ...[...own, ...[...items].map((key) => stem(lastWord(key)))].map((term) => ANY_STATE_OF + term)]
  const marks = [...new Set(keys.filter(known))].map((key) => mark + key)
  if (marks.length === 0) return concepts
  return concepts.map((concept) => {
    const weight = action === "delete"
      ? concept.terms.get(DELETE)
      : Math.max(0, ...[...concept.terms].filter(([term]) => ENDING_STEMS.has(term)).map(([, weight]) => weight))
    if (weight === undefined || weight === 0) return concept
    const terms = new Map(concept.terms)
    for (const term of marks) terms.set(term, Math.min(weight, ENDING_WEIGHT))
    return { ...concept, terms }
  })
}
