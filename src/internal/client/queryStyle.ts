/**
 * How one checked value becomes `key=value` pairs (docs/protocol.md §1.11) — in a query, and in a
 * form body (`formBody.ts`), which write structured values the same way. The key is the literal key
 * the manifest placed the value under; the pairs are then encoded by `URLSearchParams`, never
 * concatenated, so no value can write a `&` or `=` of its own.
 *
 * | style | explode | `["a", "b"]` under `tags` | `{ "s": "open" }` under `filter` |
 * |---|---|---|---|
 * | `form` | true | `tags=a`, `tags=b` | (refused by validation) |
 * | `form` | false | `tags=a,b` | (refused by validation) |
 * | `spaceDelimited` | false | `tags=a b` | (refused by validation) |
 * | `pipeDelimited` | false | `tags=a\|b` | (refused by validation) |
 * | `deepObject` | true | `tags[0]=a`, `tags[1]=b` | `filter[s]=open` |
 *
 * The bracket rule (`deepObject`, and every nested value of a form body): a member of an object is
 * `[name]`, an element of an array `[index]` from 0, at any depth; a leaf is its text. That is what
 * Stripe documents (`metadata[key]=value`, `items[0][price]=…`) and what qs (Express), PHP and Rack
 * read back. An empty array or object writes no pair. Where a value could change the structure its
 * pairs spell, it is refused rather than sent: a key holding `[` or `]`, or an empty key (`a[]` is an
 * array push to those parsers); an item holding its list's delimiter; an unpaired UTF-16 surrogate,
 * which `URLSearchParams` would silently replace.
 */
import type { Placement } from "../manifest/paramSchema.js"
import type { Json, Trail, ValueProblem } from "../manifest/paramValue.js"
import { pathOf } from "../manifest/paramValue.js"

/** One `key=value` pair, before form encoding. @internal */
export type Pair = readonly [key: string, value: string]

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/

const DELIMITERS: Readonly<Record<string, string>> = { form: ",", spaceDelimited: " ", pipeDelimited: "|" }

/**
 * A scalar as one pair's value: a string as it is, a number as JSON writes it, `true`/`false`,
 * and `null` (inside a free-form value) as the empty string — what form APIs read as "unset".
 *
 * @internal
 */
export const scalarText = (value: string | number | boolean | null): string =>
  value === null ? "" : typeof value === "string" ? value : String(value)

/** Where pairs go, and the problems found on the way (the first few: each one refuses the call). @internal */
export interface Sink {
  readonly pairs: Array<Pair>
  readonly problems: Array<ValueProblem>
}

const MAX_PROBLEMS = 20

const problem = (sink: Sink, trail: Trail | undefined, text: string): void => {
  if (sink.problems.length < MAX_PROBLEMS) sink.problems.push({ _tag: "Mismatch", path: pathOf(trail), problem: text })
}

const leaf = (sink: Sink, key: string, value: string | number | boolean | null, trail: Trail | undefined): void => {
  const text = scalarText(value)
  if (typeof value === "string" && LONE_SURROGATE.test(text)) {
    problem(sink, trail, "contains an unpaired UTF-16 surrogate")
    return
  }
  sink.pairs.push([key, text])
}

const BRACKET_KEY_PROBLEM =
  "cannot have an empty key, or a key containing \"[\" or \"]\", when written as key[name]=value"

/**
 * The bracket rule, from `key` down. Recursion is bounded by the value's depth, which the value
 * check bounds (a schema's depth, or 32 levels of a free-form value).
 */
const brackets = (sink: Sink, key: string, value: Json, trail: Trail | undefined): void => {
  if (value === null || typeof value !== "object") return leaf(sink, key, value, trail)
  if (Array.isArray(value)) {
    const items = value as ReadonlyArray<Json>
    for (let i = 0; i < items.length; i++) {
      brackets(sink, `${key}[${i}]`, items[i]!, { segment: { _tag: "Index", index: i }, parent: trail })
    }
    return
  }
  const record = value as { readonly [key: string]: Json }
  for (const name of Object.keys(record)) {
    if (name === "" || name.includes("[") || name.includes("]")) {
      problem(sink, trail, BRACKET_KEY_PROBLEM)
      continue
    }
    if (LONE_SURROGATE.test(name)) {
      problem(sink, trail, "has a key with an unpaired UTF-16 surrogate")
      continue
    }
    brackets(sink, `${key}[${name}]`, record[name]!, { segment: { _tag: "Key", key: name }, parent: trail })
  }
}

/**
 * The pairs of `value` under `key`, written by `placement`, appended to `pairs`; or the problems
 * (paths relative to the value) when the value cannot be written that way. A scalar is one pair
 * whatever the style. Validation has made sure that only an array of scalars meets the `form`,
 * `spaceDelimited` and `pipeDelimited` styles.
 *
 * @internal
 */
export const write = (
  key: string,
  value: Json,
  placement: Placement | undefined,
  pairs: Array<Pair>
): ReadonlyArray<ValueProblem> => {
  const sink: Sink = { pairs, problems: [] }
  writeInto(sink, key, value, placement, undefined)
  return sink.problems
}

/** `write` into a shared sink, at `trail` (a form body writes many values into one list). @internal */
export const writeInto = (
  sink: Sink,
  key: string,
  value: Json,
  placement: Placement | undefined,
  trail: Trail | undefined
): void => {
  if (placement === undefined || placement.style === "deepObject" || !Array.isArray(value)) {
    return brackets(sink, key, value, trail)
  }
  const items = value as ReadonlyArray<Json>
  if (placement.style === "form" && placement.explode) {
    for (let i = 0; i < items.length; i++) {
      const item = items[i]!
      leaf(sink, key, typeof item === "object" ? null : item, { segment: { _tag: "Index", index: i }, parent: trail })
    }
    return
  }
  if (items.length === 0) return
  const delimiter = DELIMITERS[placement.style]!
  const texts: Array<string> = []
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!
    const text = scalarText(typeof item === "object" ? null : item)
    if (text.includes(delimiter)) {
      const shown = delimiter === " " ? "a space" : `"${delimiter}"`
      const at: Trail = { segment: { _tag: "Index", index: i }, parent: trail }
      problem(sink, at, `cannot contain ${shown}: the items are joined with it`)
    }
    texts.push(text)
  }
  leaf(sink, key, texts.join(delimiter), trail)
}
