/**
 * Projection by the model: an opt-in `fields` argument with which the model asks for only the
 * parts of a result it needs — `["@data[*].id", "@data[*].amount", "@has_more"]` — so that a list
 * fits the budget whole instead of being cut. The paths are those of `responseMappings`
 * (docs/protocol.md §4, parsed by `jsonPath.ts`, the one parser) plus one step, `[*]`: every item
 * of an array.
 *
 *   field := "@" path? ( "[*]" ( ("." key | index) ("." key | index)* )? )*
 *
 * The result is the response pruned to those paths, in its own shape (as Google's partial
 * responses do): objects keep the members asked for, `[*]` keeps every item (an item with none of
 * the members is `{}`, or `null` when it is no object, so positions stay), `[n]` keeps that item.
 * A path that finds nothing is no error (APIs leave out fields): the result says which did not.
 * A path that does not parse is the model's to fix: its error names the field and the grammar.
 *
 * It never reaches the request: the client takes the argument out before the call's arguments are
 * checked (it is no param of the API), and it is offered under a name no param of the tool has —
 * visible or hidden — so it can neither shadow nor fill one.
 *
 * Bounded: at most 32 fields of 256 characters, 4 `[*]` each; one walk over the response.
 */
import * as JsonPath from "../manifest/jsonPath.js"

/** @internal */
export const MAX_FIELDS = 32
/** @internal */
export const MAX_FIELD_CHARS = 256
/** @internal */
export const MAX_WILDCARDS = 4

/** The names the argument may take, first free wins. @internal */
export const ARGUMENT_NAMES = ["fields", "rcp_fields"] as const

/**
 * The name the argument takes for a tool with these params (all of them, visible and hidden), or
 * undefined when both are taken (the tool then has no projection).
 *
 * @internal
 */
export const argumentName = (params: Iterable<string>): string | undefined => {
  const taken = new Set(params)
  return ARGUMENT_NAMES.find((name) => !taken.has(name))
}

/**
 * The argument's JSON Schema, as it is added to the tool's model-facing parameters.
 *
 * @internal
 */
export const argumentSchema = {
  type: "array",
  items: { type: "string" },
  maxItems: MAX_FIELDS,
  description:
    "Optional. Return only these parts of the result, as paths: \"@\" is the whole result, \"@a.b\" a member, " +
    "\"@items[0]\" an item, \"@items[*].name\" the name of every item. Leave out to get the whole result."
} as const

interface Node {
  whole: boolean
  readonly keys: Map<string, Node>
  readonly indices: Map<number, Node>
  all: Node | undefined
  /** The fields that end here. */
  readonly ends: Array<number>
}

const node = (): Node => ({ whole: false, keys: new Map(), indices: new Map(), all: undefined, ends: [] })

/**
 * A checked selection: the paths as the model wrote them, and their union as a tree.
 *
 * @internal
 */
export interface Selection {
  readonly fields: ReadonlyArray<string>
  readonly root: Node
}

/** @internal */
export type Parsed =
  | { readonly _tag: "Ok"; readonly selection: Selection | undefined }
  | { readonly _tag: "Invalid"; readonly problems: ReadonlyArray<string> }

const WILDCARD = "[*]"

/** One field's segments (the paths between its `[*]`s), each parsed by jsonPath.ts; or its problem. */
const segmentsOf = (field: string): ReadonlyArray<ReadonlyArray<JsonPath.Step>> | string => {
  const pieces = field.split(WILDCARD)
  if (pieces.length - 1 > MAX_WILDCARDS) return `has more than ${MAX_WILDCARDS} "[*]"`
  const segments: Array<ReadonlyArray<JsonPath.Step>> = []
  for (let i = 0; i < pieces.length; i++) {
    const piece = pieces[i]!
    // After a `[*]`, the path goes on with `.key` or `[n]`, or ends.
    let mapping: string
    if (i === 0) mapping = piece
    else if (piece === "") mapping = "@"
    else if (piece.startsWith(".")) mapping = `@${piece.slice(1)}`
    else if (piece.startsWith("[")) mapping = `@${piece}`
    else return `is not a path like "@items[*].name": "[*]" must be followed by ".", "[" or the end`
    const parsed = JsonPath.parse(mapping)
    if (parsed._tag === "Invalid") {
      return i === 0 ? parsed.problem : `is not a path like "@items[*].name" (after "[*]": ${parsed.problem})`
    }
    segments.push(parsed.steps)
  }
  return segments
}

const quote = (field: string): string => JSON.stringify(field.length > 60 ? `${field.slice(0, 60)}…` : field)

/**
 * The model's `fields` argument read: an array of path strings (or one string), or absent
 * (`undefined`, `null`: the whole result). Problems are written for the model, one per field,
 * naming the argument as the model knows it (`name`: `fields`, or `rcp_fields`).
 *
 * @internal
 */
export const parse = (input: unknown, name: string = ARGUMENT_NAMES[0]): Parsed => {
  if (input === undefined || input === null) return { _tag: "Ok", selection: undefined }
  const list = typeof input === "string" ? [input] : input
  if (!Array.isArray(list) || !list.every((field) => typeof field === "string")) {
    return { _tag: "Invalid", problems: [`${name} must be an array of paths such as ["@items[*].name"]`] }
  }
  if (list.length > MAX_FIELDS) return { _tag: "Invalid", problems: [`${name} takes at most ${MAX_FIELDS} paths, got ${list.length}`] }
  if (list.length === 0) return { _tag: "Ok", selection: undefined }
  const problems: Array<string> = []
  const root = node()
  list.forEach((field: string, index) => {
    if (field.length > MAX_FIELD_CHARS) {
      problems.push(`${name}[${index}] is longer than ${MAX_FIELD_CHARS} characters`)
      return
    }
    const segments = segmentsOf(field)
    if (typeof segments === "string") {
      problems.push(`${name}[${index}] ${quote(field)} ${segments.startsWith("is ") || segments.startsWith("has ") ? segments : `is invalid: ${segments}`}`)
      return
    }
    let current = root
    segments.forEach((steps, s) => {
      if (s > 0) current = current.all ??= node()
      for (const step of steps) {
        const children: Map<string | number, Node> = step._tag === "Key" ? current.keys : current.indices
        const id = step._tag === "Key" ? step.key : step.index
        let child = children.get(id)
        if (child === undefined) {
          child = node()
          children.set(id, child)
        }
        current = child
      }
    })
    current.whole = true
    current.ends.push(index)
  })
  return problems.length > 0 ? { _tag: "Invalid", problems } : { _tag: "Ok", selection: { fields: list, root } }
}

/** @internal */
export interface Projected {
  readonly value: unknown
  /** The fields that found nothing, as the model wrote them. */
  readonly missing: ReadonlyArray<string>
  /** The projected array made from an array of the response, if any (to follow a page's list). */
  readonly counterpart: (original: ReadonlyArray<unknown>) => ReadonlyArray<unknown> | undefined
}

const isRecord = (u: unknown): u is Record<string, unknown> => typeof u === "object" && u !== null && !Array.isArray(u)

/**
 * The response pruned to the selection. Members are read by jsonPath.ts's own rule (own data
 * only; `__proto__`, `constructor`, `prototype` never resolve).
 *
 * @internal
 */
export const project = (selection: Selection, value: unknown): Projected => {
  const found = new Set<number>()
  const arrays = new Map<ReadonlyArray<unknown>, ReadonlyArray<unknown>>()

  const walk = (current: unknown, nodes: ReadonlyArray<Node>): unknown => {
    if (current === undefined) return undefined
    if (nodes.some((n) => n.whole)) {
      for (const n of nodes) if (n.whole) for (const end of n.ends) found.add(end)
      return current
    }
    if (Array.isArray(current)) {
      const all = nodes.flatMap((n) => (n.all === undefined ? [] : [n.all]))
      const indices = new Map<number, Array<Node>>()
      for (const n of nodes) {
        for (const [index, child] of n.indices) {
          if (index < current.length) indices.set(index, [...(indices.get(index) ?? []), child])
        }
      }
      let out: Array<unknown>
      if (all.length > 0) {
        out = current.map((item, i) => {
          const projected = walk(item, [...all, ...(indices.get(i) ?? [])])
          return projected === undefined ? (isRecord(item) ? {} : null) : projected
        })
      } else {
        out = []
        for (const index of [...indices.keys()].sort((a, b) => a - b)) {
          const projected = walk(current[index], indices.get(index)!)
          if (projected !== undefined) out.push(projected)
        }
        if (out.length === 0) return undefined
      }
      arrays.set(current, out)
      return out
    }
    if (isRecord(current)) {
      const keys = new Map<string, Array<Node>>()
      for (const n of nodes) for (const [key, child] of n.keys) keys.set(key, [...(keys.get(key) ?? []), child])
      const entries: Array<[string, unknown]> = []
      for (const [key, children] of keys) {
        const projected = walk(JsonPath.evaluate([{ _tag: "Key", key }], current), children)
        if (projected !== undefined) entries.push([key, projected])
      }
      // Object.fromEntries defines own properties: a member named `__proto__` stays a member.
      return entries.length === 0 ? undefined : Object.fromEntries(entries)
    }
    return undefined
  }

  const projected = walk(value, [selection.root])
  return {
    value: projected === undefined ? {} : projected,
    missing: selection.fields.filter((_, index) => !found.has(index)),
    counterpart: (original) => arrays.get(original)
  }
}

/**
 * The note for fields that found nothing (so the model does not take their absence for an empty
 * answer), or undefined.
 *
 * @internal
 */
export const describeMissing = (missing: ReadonlyArray<string>): string | undefined =>
  missing.length === 0
    ? undefined
    : `Nothing was found at ${missing.slice(0, 8).map(quote).join(", ")}${missing.length > 8 ? ` and ${missing.length - 8} more` : ""}.`
