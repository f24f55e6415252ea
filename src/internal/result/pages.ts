/**
 * Pages: where a response says there is more, a note telling the model how to get it with the
 * tool it just called — which of that tool's own parameters to set, to what — and never a URL,
 * which it could not call. Where no parameter the model can set carries the next page's cursor
 * (the API pages by a field the manifest did not expose, or by a param the client resolves), the
 * note says so plainly, so the model neither invents a parameter nor believes it saw everything.
 *
 * What is recognised (docs/results.md "Pages"), in this order:
 *
 * | the response says                                   | the model sets            |
 * |-----------------------------------------------------|---------------------------|
 * | `response_metadata.next_cursor` (Slack)             | `cursor`                  |
 * | `next_cursor`                                       | `cursor` or `next_cursor` |
 * | `nextCursor`                                        | `cursor` or `nextCursor`  |
 * | `nextPageToken` (Google)                            | `pageToken` or `page_token` |
 * | `metadata.continue` (Kubernetes)                    | `continue`                |
 * | `has_more: true` and `data[]` with ids (Stripe)     | `starting_after` (the last item's id; `ending_before` and the first id when the call went backwards) |
 * | `Link: <…>; rel="next"` (GitHub and RFC 8288 APIs)  | each query parameter the next URL changes, through the tool's query template or a param of that name |
 *
 * An empty cursor (Slack's last page says `next_cursor: ""`), `has_more: false`, and an empty
 * `continue` mean there is no next page. Only model-visible params are ever named: a hidden
 * (resolver-bound) param is the client's, and the `fields` argument is not the API's.
 */
/** A manifest param type (docs/protocol.md §1.4), spelled here so this leaf imports no public module. */
type ParamType = "string" | "number" | "boolean"
import { nextLink } from "./linkHeader.js"

/** A cursor longer than this is not copied into a note (a model would have to echo it exactly). @internal */
export const MAX_CURSOR_CHARS = 1024

/**
 * What `nextPage` needs to know of the tool just called.
 *
 * @internal
 */
export interface PagingTool {
  /** The exposed name, as the model calls it. */
  readonly name: string
  /** The params the model sees, by name. */
  readonly visible: ReadonlyMap<string, ParamType>
  /** Query keys filled by one whole placeholder (`"page": "{{page}}"`), to the param that fills each. */
  readonly queryParams: ReadonlyMap<string, string>
  /**
   * Query keys a next link's change in is never read, named or copied: the credential's
   * (`auth.in: query`), which a server may echo into its links and the request URL compared with
   * never carries.
   */
  readonly secretQuery?: ReadonlySet<string> | undefined
}

/** What `nextPage` needs to know of the call and its response. @internal */
export interface PagingResponse {
  /** Lower-cased names. */
  readonly headers: Readonly<Record<string, string | undefined>>
  /** The parsed JSON body as the API sent it (before mappings and projection); undefined for other bodies. */
  readonly body: unknown
  /** The URL the request was sent to: the query a `Link` next URL is compared with. Never shown. */
  readonly requestUrl: string | undefined
  /** The arguments the model sent (to tell forwards from backwards for Stripe). */
  readonly args: Readonly<Record<string, unknown>>
}

/**
 * A next page, and how to get it.
 *
 * @since 0.2.0
 * @category models
 */
export interface NextPage {
  /** Where the response said so: `"Link"`, `"next_cursor"`, `"has_more"`, … */
  readonly source: string
  /** The arguments to set on the same tool for the next page; undefined when no param the model sees can. */
  readonly set: Readonly<Record<string, string | number>> | undefined
  /** Why `set` is undefined, for the note. */
  readonly problem?: string | undefined
  /** The list the page is made of, when the response has one (to say how much of it was shown). */
  readonly list?: ReadonlyArray<unknown> | undefined
}

const isRecord = (u: unknown): u is Record<string, unknown> => typeof u === "object" && u !== null && !Array.isArray(u)

const at = (value: unknown, ...path: ReadonlyArray<string>): unknown => {
  let current = value
  for (const key of path) {
    if (!isRecord(current) || !Object.hasOwn(current, key)) return undefined
    current = current[key]
  }
  return current
}

const cursorOf = (value: unknown): string | number | undefined =>
  (typeof value === "string" && value !== "") || (typeof value === "number" && Number.isFinite(value)) ? value : undefined

/** The first of `names` the model can set, typed to take `value`. */
const paramFor = (tool: PagingTool, names: ReadonlyArray<string>, value: string | number): string | undefined =>
  names.find((name) => {
    const type = tool.visible.get(name)
    return type === "string" || (type === "number" && typeof value === "number")
  })

interface Found {
  readonly source: string
  readonly params: ReadonlyArray<string>
  readonly value: string | number
  readonly list?: ReadonlyArray<unknown> | undefined
}

const cursorRule = (source: string, path: ReadonlyArray<string>, params: ReadonlyArray<string>) =>
(body: unknown): Found | undefined => {
  const value = cursorOf(at(body, ...path))
  return value === undefined ? undefined : { source, params, value }
}

const firstList = (body: unknown): ReadonlyArray<unknown> | undefined => {
  if (Array.isArray(body)) return body
  if (!isRecord(body)) return undefined
  for (const key of ["data", "items", "results", "members", "channels", "messages", "files", "value", "entries"]) {
    const value = body[key]
    if (Array.isArray(value) && Object.hasOwn(body, key)) return value
  }
  return undefined
}

const idOf = (item: unknown): string | undefined => {
  const id = at(item, "id")
  return typeof id === "string" && id !== "" ? id : undefined
}

const CURSOR_RULES: ReadonlyArray<(body: unknown, args: Readonly<Record<string, unknown>>) => Found | undefined> = [
  cursorRule("response_metadata.next_cursor", ["response_metadata", "next_cursor"], ["cursor"]),
  cursorRule("next_cursor", ["next_cursor"], ["cursor", "next_cursor"]),
  cursorRule("nextCursor", ["nextCursor"], ["cursor", "nextCursor"]),
  cursorRule("nextPageToken", ["nextPageToken"], ["pageToken", "page_token"]),
  cursorRule("metadata.continue", ["metadata", "continue"], ["continue"]),
  (body, args) => {
    if (at(body, "has_more") !== true) return undefined
    const data = at(body, "data")
    if (!Array.isArray(data) || data.length === 0) return undefined
    const backwards = args["ending_before"] !== undefined && args["ending_before"] !== null
    const id = idOf(backwards ? data[0] : data[data.length - 1])
    return id === undefined
      ? undefined
      : { source: "has_more", params: [backwards ? "ending_before" : "starting_after"], value: id, list: data }
  }
]

/** The query of a URL as pairs, or undefined when it is no URL. */
const queryOf = (url: string, base: string | undefined): URLSearchParams | undefined => {
  try {
    return new URL(url, base ?? "https://base.invalid/").searchParams
  } catch {
    return undefined
  }
}

/** A query value as the param's type: a number param takes a numeric value as a number. */
const typed = (type: ParamType | undefined, value: string): string | number | undefined => {
  if (type === "string") return value
  if (type === "number" && value.trim() !== "" && Number.isFinite(Number(value))) return Number(value)
  return undefined
}

const fromLink = (response: PagingResponse, tool: PagingTool): NextPage | undefined => {
  const target = nextLink(response.headers["link"])
  if (target === undefined) return undefined
  const next = queryOf(target, response.requestUrl)
  const current = response.requestUrl === undefined ? undefined : queryOf(response.requestUrl, undefined)
  if (next === undefined) return { source: "Link", set: undefined, problem: "its next link is not a URL" }
  const set: Record<string, string | number> = {}
  const unreachable: Array<string> = []
  for (const key of new Set(next.keys())) {
    if (tool.secretQuery?.has(key) === true) continue
    const value = next.getAll(key).join(",")
    if (current !== undefined && current.getAll(key).join(",") === value) continue
    const param = tool.queryParams.get(key) ?? key
    const type = tool.visible.get(param)
    const converted = typed(type, value)
    if (converted === undefined) unreachable.push(key)
    else set[param] = converted
  }
  if (unreachable.length > 0) {
    const keys = unreachable.slice(0, 5).map((key) => JSON.stringify(key.slice(0, 40))).join(", ")
    return { source: "Link", set: undefined, problem: `the next page is asked for with ${keys}, which no parameter of this tool can set` }
  }
  // The next URL differs in nothing the tool sends: the API pages by the path, which no param here reaches.
  if (Object.keys(set).length === 0) {
    return { source: "Link", set: undefined, problem: "the next page is at another path, which no parameter of this tool can reach" }
  }
  return { source: "Link", set }
}

/**
 * Whether the response says there is a next page, and which of the tool's params ask for it.
 *
 * @internal
 */
export const nextPage = (response: PagingResponse, tool: PagingTool): NextPage | undefined => {
  let unsettable: NextPage | undefined
  for (const rule of CURSOR_RULES) {
    const found = rule(response.body, response.args)
    if (found === undefined) continue
    if (typeof found.value === "string" && found.value.length > MAX_CURSOR_CHARS) {
      unsettable ??= {
        source: found.source,
        set: undefined,
        problem: `its cursor is ${found.value.length} characters long, more than a note carries (${MAX_CURSOR_CHARS})`,
        list: found.list
      }
      continue
    }
    const param = paramFor(tool, found.params, found.value)
    if (param !== undefined) return { source: found.source, set: { [param]: found.value }, list: found.list ?? firstList(response.body) }
    unsettable ??= {
      source: found.source,
      set: undefined,
      problem: `no parameter of this tool can carry its cursor (${found.params.map((p) => `"${p}"`).join(" or ")})`,
      list: found.list ?? firstList(response.body)
    }
  }
  const link = fromLink(response, tool)
  if (link !== undefined && link.set !== undefined) return { ...link, list: firstList(response.body) }
  return unsettable ?? (link === undefined ? undefined : { ...link, list: firstList(response.body) })
}

const described = (set: Readonly<Record<string, string | number>>): string =>
  Object.entries(set).map(([param, value]) => `${param} set to ${JSON.stringify(value)}`).join(" and ")

/**
 * Stripe's next page is named by an item: when the model saw only the first `shown` items, the
 * next page it asks for starts after the last of those, so nothing of this page is skipped.
 */
const continueAfterShown = (page: NextPage, shown: number | undefined): NextPage => {
  if (page.source !== "has_more" || page.set === undefined || !Object.hasOwn(page.set, "starting_after")) return page
  const list = page.list
  if (list === undefined || shown === undefined || shown >= list.length || shown < 1) return page
  const id = idOf(list[shown - 1])
  return id === undefined ? page : { ...page, set: { starting_after: id }, list: list.slice(0, shown) }
}

/** Page-size params the model may lower to see a shortened page whole. */
const PAGE_SIZE = ["limit", "per_page", "perPage", "page_size", "pageSize", "maxResults", "max_results", "count", "size"]

/**
 * The note for a next page, given how many items of its list the model was shown (undefined: all,
 * or unknown). `short` is the form for a tight budget.
 *
 * @internal
 */
export const describeNextPage = (found: NextPage, tool: PagingTool, shown: number | undefined, short = false): string => {
  const page = continueAfterShown(found, shown)
  const name = tool.name
  if (page.set === undefined) {
    return short
      ? `There are more results, but ${name} cannot ask for them.`
      : `There are more results (the response's ${page.source} says so), but ${page.problem ?? "this tool cannot ask for them"}; ` +
        `${name} cannot fetch them.`
  }
  const total = page.list?.length
  const cut = shown !== undefined && total !== undefined && shown < total
  const set = page.set
  const sizeParam = PAGE_SIZE.find((param) => !Object.hasOwn(set, param) && tool.visible.has(param))
  if (short) return `More results: call ${name} again with ${described(page.set)}.`
  const next = `There are more results: call ${name} again with the same arguments and ${described(page.set)}.`
  if (!cut) return next
  const lower = sizeParam === undefined ? "" : ` (lower ${sizeParam} to see a page whole)`
  return `${next} This page was shortened: you saw ${shown} of its ${total} items, and the next page starts after all ${total}${lower}.`
}
