/**
 * A tool's body as `application/x-www-form-urlencoded` (docs/protocol.md §1.12): the body template
 * is rendered as for JSON (every value in place, a left-out optional member gone), then written as
 * pairs — a member of the top object is a key of its own, anything nested follows the bracket rule
 * (`card[number]=…`, `items[0][price]=…`), and a structured param's value is written by its style
 * (`queryStyle.ts`), exactly as it would be in a query. The pairs are encoded once, by
 * `URLSearchParams` — the serializer browsers use for forms — so a value cannot write a `&` or `=`.
 *
 * The tree given here says where each value came from: what the manifest wrote (its keys are the
 * author's, checked by validation), and what a param filled in (its keys are the value's, checked
 * here), with the param's placement when it is a whole structured placeholder.
 */
import type { Placement } from "../manifest/paramSchema.js"
import type { Json, Trail, ValueProblem } from "../manifest/paramValue.js"
import * as QueryStyle from "./queryStyle.js"

/**
 * A rendered body, as the form encoder reads it.
 *
 * - `Object` / `Array`: written by the manifest (literal keys and positions);
 * - `Value`: one value — literal text, text with values in it, or a param's whole value (`param`
 *   names it; `placement` is set for an array or object param).
 *
 * @internal
 */
export type FormNode =
  | { readonly _tag: "Object"; readonly entries: ReadonlyArray<readonly [string, FormNode]> }
  | { readonly _tag: "Array"; readonly items: ReadonlyArray<FormNode> }
  | {
    readonly _tag: "Value"
    readonly value: Json
    readonly param?: string | undefined
    readonly placement?: Placement | undefined
  }

/** A problem with the param whose value caused it (undefined: the manifest's own text). @internal */
export interface FormProblem {
  readonly param: string | undefined
  readonly problem: ValueProblem
}

/** @internal */
export type Encoded =
  | { readonly _tag: "Ok"; readonly body: string; readonly pairs: ReadonlyArray<QueryStyle.Pair> }
  | { readonly _tag: "Invalid"; readonly problems: ReadonlyArray<FormProblem> }

const TOP_LEVEL_PROBLEM = "must be an object to be sent as a form: its keys are the form's keys"

/**
 * The pairs of a rendered form body and their encoding. The top must be an object — written in the
 * manifest, or an object param's whole value, whose keys then are the form's keys.
 *
 * @internal
 */
export const encode = (root: FormNode): Encoded => {
  const pairs: Array<QueryStyle.Pair> = []
  const problems: Array<FormProblem> = []
  const write = (key: string, node: FormNode): void => {
    switch (node._tag) {
      case "Object":
        for (const [name, child] of node.entries) write(`${key}[${name}]`, child)
        return
      case "Array":
        node.items.forEach((child, i) => write(`${key}[${i}]`, child))
        return
      case "Value": {
        const sink: QueryStyle.Sink = { pairs, problems: [] }
        QueryStyle.writeInto(sink, key, node.value, node.placement, undefined)
        for (const problem of sink.problems) problems.push({ param: node.param, problem })
      }
    }
  }
  if (root._tag === "Object") {
    for (const [name, child] of root.entries) write(name, child)
  } else if (root._tag === "Value" && isObject(root.value)) {
    const sink: QueryStyle.Sink = { pairs, problems: [] }
    const record = root.value as { readonly [key: string]: Json }
    for (const name of Object.keys(record)) {
      if (name === "" || name.includes("[") || name.includes("]")) {
        sink.problems.push({
          _tag: "Mismatch",
          path: [],
          problem: "cannot have an empty key, or a key containing \"[\" or \"]\", as a key of a form"
        })
        continue
      }
      const trail: Trail = { segment: { _tag: "Key", key: name }, parent: undefined }
      QueryStyle.writeInto(sink, name, record[name]!, undefined, trail)
    }
    for (const problem of sink.problems) problems.push({ param: root.param, problem })
  } else {
    problems.push({
      param: root._tag === "Value" ? root.param : undefined,
      problem: { _tag: "Mismatch", path: [], problem: TOP_LEVEL_PROBLEM }
    })
  }
  if (problems.length > 0) return { _tag: "Invalid", problems }
  return { _tag: "Ok", body: text(pairs), pairs }
}

const isObject = (value: Json): boolean => typeof value === "object" && value !== null && !Array.isArray(value)

/**
 * Pairs as `application/x-www-form-urlencoded` text (the WHATWG serializer: UTF-8, `+` for a
 * space, everything but `*-._` and alphanumerics percent-encoded — `[` and `]` too).
 *
 * @internal
 */
export const text = (pairs: ReadonlyArray<QueryStyle.Pair>): string =>
  new URLSearchParams(pairs as Array<[string, string]>).toString()

/** The media type a form body is sent with, unless the tool sets its own. @internal */
export const CONTENT_TYPE = "application/x-www-form-urlencoded"
