/**
 * Whether a value fits a param's schema (docs/protocol.md §3.2, §3.3): the one check behind the
 * model's arguments and the resolvers' values, so that what the model is shown, what it may send
 * and what a resolver may return are the same thing.
 *
 * The check also makes the value that is sent: a fresh copy holding only plain JSON, in the order
 * it came, with `null` for an optional property read as "left out" — the way OpenAI's strict mode
 * spells absence, at every depth, as it does for a tool's own optional params.
 *
 * Problems are data, not text: a path (declared property names, array indices, and map keys, which
 * are kept apart because they are part of the value) and a phrase that never quotes a value. The
 * model wing writes them for the model; the client writes them for the operator with the map keys
 * masked, since a resolver's keys are as private as its values.
 *
 * Bounded: one visit per value, at most `MAX_VALUE_NODES` values, at most `MAX_FREE_DEPTH` levels
 * inside a free-form value (a schema bounds the depth of the rest), at most `MAX_PROBLEMS` kept.
 */
import type { SchemaNode } from "./paramSchema.js"
import { MAX_FREE_DEPTH, MAX_VALUE_NODES } from "./paramSchema.js"
import { clip, describeValue, escapeControls } from "../shared/text.js"
import type * as Values from "../shared/values.js"
import { describeAllowed } from "./paramEnum.js"

/** A JSON value, as a checked argument holds it. @internal */
export type Json = Values.Json

/**
 * One step into a value: a property the schema declares (its name is manifest text), a key of a
 * map or free-form object (the value's own text), an array index.
 *
 * @internal
 */
export type Segment =
  | { readonly _tag: "Property"; readonly name: string }
  | { readonly _tag: "Key"; readonly key: string }
  | { readonly _tag: "Index"; readonly index: number }

/** @internal */
export type ValuePath = ReadonlyArray<Segment>

/**
 * One problem. `Mismatch.problem` is a phrase after the path (`must be a number, got a string`);
 * `Missing` names the missing property's path and expected type; `UnknownKey`'s path ends with the
 * key, and `expected` lists the declared names.
 *
 * @internal
 */
export type ValueProblem =
  | { readonly _tag: "Mismatch"; readonly path: ValuePath; readonly problem: string }
  | { readonly _tag: "Missing"; readonly path: ValuePath; readonly type: string }
  | { readonly _tag: "UnknownKey"; readonly path: ValuePath; readonly expected: ReadonlyArray<string> }

/** @internal */
export type Conformed =
  | { readonly _tag: "Ok"; readonly value: Json }
  | { readonly _tag: "Invalid"; readonly problems: ReadonlyArray<ValueProblem>; readonly more: number }

/** Problems kept per value: a message is read by a model, and a huge wrong value must not make it huge. @internal */
export const MAX_PROBLEMS = 20

interface State {
  readonly problems: Array<ValueProblem>
  more: number
  nodes: number
  /** Set when the node budget ran out: the value is refused as a whole and no longer walked. */
  tooLarge: boolean
}

/**
 * A path while walking, linked from the leaf up: a path array is built only for a problem.
 *
 * @internal
 */
export interface Trail {
  readonly segment: Segment
  readonly parent: Trail | undefined
}

/** @internal */
export const pathOf = (trail: Trail | undefined): Array<Segment> => {
  const out: Array<Segment> = []
  for (let t = trail; t !== undefined; t = t.parent) out.push(t.segment)
  return out.reverse()
}

const report = (state: State, problem: ValueProblem): void => {
  if (state.problems.length < MAX_PROBLEMS) state.problems.push(problem)
  else state.more++
}

const mismatch = (state: State, trail: Trail | undefined, problem: string): void =>
  report(state, { _tag: "Mismatch", path: pathOf(trail), problem })

const article: Readonly<Record<string, string>> = {
  string: "a string",
  number: "a number",
  integer: "an integer",
  boolean: "a boolean",
  array: "an array",
  object: "an object"
}

/** A plain object: what JSON.parse makes (and `Object.create(null)`), not a Date, a Map or a class instance. */
const isPlainObject = (u: unknown): u is Record<string, unknown> => {
  if (typeof u !== "object" || u === null || Array.isArray(u)) return false
  const proto: unknown = Object.getPrototypeOf(u)
  return proto === Object.prototype || proto === null
}

/** Characters as JSON Schema counts them: code points (a surrogate pair is one). */
const codePoints = (s: string): number => {
  let n = s.length
  for (let i = 0; i < s.length - 1; i++) {
    const c = s.charCodeAt(i)
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = s.charCodeAt(i + 1)
      if (d >= 0xdc00 && d <= 0xdfff) {
        n--
        i++
      }
    }
  }
  return n
}

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? "" : "s"}`

/** Walks `value` against `node`; returns the copy to send, or undefined when something is wrong below. */
const walk = (node: SchemaNode, value: unknown, trail: Trail | undefined, state: State): Json | undefined => {
  if (state.tooLarge) return undefined
  if (++state.nodes > MAX_VALUE_NODES) {
    state.tooLarge = true
    return undefined
  }
  switch (node.type) {
    case "string": {
      if (typeof value !== "string") return void mismatch(state, trail, `must be a string, got ${describeValue(value)}`)
      if (node.enum !== undefined && !node.enum.includes(value)) {
        return void mismatch(state, trail, `must be one of ${describeAllowed(node.enum)}`)
      }
      if (node.minLength !== undefined || node.maxLength !== undefined) {
        const length = codePoints(value)
        if (node.minLength !== undefined && length < node.minLength) {
          return void mismatch(state, trail, `must be at least ${plural(node.minLength, "character")} long`)
        }
        if (node.maxLength !== undefined && length > node.maxLength) {
          return void mismatch(state, trail, `must be at most ${plural(node.maxLength, "character")} long`)
        }
      }
      return value
    }
    case "number":
    case "integer": {
      if (typeof value !== "number" || !Number.isFinite(value)) {
        return void mismatch(state, trail, `must be ${article[node.type]}, got ${describeValue(value)}`)
      }
      if (node.type === "integer" && !Number.isInteger(value)) {
        return void mismatch(state, trail, "must be an integer, got a number with a fraction")
      }
      const bound = boundProblem(node, value)
      return bound === undefined ? value : void mismatch(state, trail, bound)
    }
    case "boolean":
      return typeof value === "boolean" ? value : void mismatch(state, trail, `must be a boolean, got ${describeValue(value)}`)
    case "array": {
      if (!Array.isArray(value)) return void mismatch(state, trail, `must be an array, got ${describeValue(value)}`)
      if (node.minItems !== undefined && value.length < node.minItems) {
        return void mismatch(state, trail, `must have at least ${plural(node.minItems, "item")}, got ${value.length}`)
      }
      if (node.maxItems !== undefined && value.length > node.maxItems) {
        return void mismatch(state, trail, `must have at most ${plural(node.maxItems, "item")}, got ${value.length}`)
      }
      const out: Array<Json> = []
      let ok = true
      for (let i = 0; i < value.length && !state.tooLarge; i++) {
        const item = walk(node.items, value[i], { segment: { _tag: "Index", index: i }, parent: trail }, state)
        if (item === undefined) ok = false
        else out.push(item)
      }
      return ok ? out : undefined
    }
    case "object":
      return walkObject(node, value, trail, state)
  }
}

/** `minimum` and friends, each phrased as what the value must be. */
const boundProblem = (node: SchemaNode & { readonly type: "number" | "integer" }, value: number): string | undefined => {
  if (node.minimum !== undefined && value < node.minimum) return `must be at least ${node.minimum}`
  if (node.exclusiveMinimum !== undefined && value <= node.exclusiveMinimum) {
    return `must be greater than ${node.exclusiveMinimum}`
  }
  if (node.maximum !== undefined && value > node.maximum) return `must be at most ${node.maximum}`
  if (node.exclusiveMaximum !== undefined && value >= node.exclusiveMaximum) {
    return `must be less than ${node.exclusiveMaximum}`
  }
  return undefined
}

const walkObject = (
  node: SchemaNode & { readonly type: "object" },
  value: unknown,
  trail: Trail | undefined,
  state: State
): Json | undefined => {
  if (!isPlainObject(value)) {
    // A resolver may hand over a Map, a Date or a class instance: JSON has no such thing.
    const classy = typeof value === "object" && value !== null && !Array.isArray(value)
    const problem = classy ? "must be a JSON object, not an instance of a class" : `must be an object, got ${describeValue(value)}`
    return void mismatch(state, trail, problem)
  }
  const properties = node.properties
  const required = node.required
  const additional = node.additionalProperties
  // Built by assignment: every key was checked not to be "__proto__" (which would set the prototype).
  const out: Record<string, Json> = {}
  let ok = true
  for (const key of Object.keys(value)) {
    if (state.tooLarge) return undefined
    const child: unknown = value[key]
    const declared = properties !== undefined && Object.hasOwn(properties, key) ? properties[key] : undefined
    if (declared !== undefined) {
      // `null` for an optional property: left out, as strict mode spells it. `undefined` (a
      // resolver's object, never JSON) is absent too; a required one is reported below.
      if (child === undefined || (child === null && required?.includes(key) !== true)) continue
      const segment: Segment = { _tag: "Property", name: key }
      const checked = walk(declared, child, { segment, parent: trail }, state)
      if (checked === undefined) ok = false
      else out[key] = checked
      continue
    }
    const at: Trail = { segment: { _tag: "Key", key }, parent: trail }
    if (key === "__proto__") {
      ok = false
      mismatch(state, trail, "cannot have the key \"__proto__\"")
    } else if (additional === undefined || additional === false) {
      ok = false
      const expected = properties === undefined ? [] : Object.keys(properties)
      report(state, { _tag: "UnknownKey", path: pathOf(at), expected })
    } else {
      const checked = additional === true ? freeForm(child, at, state, 0) : walk(additional, child, at, state)
      if (checked === undefined) ok = false
      else out[key] = checked
    }
  }
  for (const name of required ?? []) {
    if (value[name] === undefined || !Object.hasOwn(value, name)) {
      ok = false
      report(state, {
        _tag: "Missing",
        path: pathOf({ segment: { _tag: "Property", name }, parent: trail }),
        type: properties?.[name]?.type ?? "value"
      })
    }
  }
  return ok ? out : undefined
}

/** Any JSON value (`additionalProperties: true`), copied: plain objects and arrays, finite numbers, bounded depth. */
const freeForm = (value: unknown, trail: Trail, state: State, depth: number): Json | undefined => {
  if (state.tooLarge) return undefined
  if (++state.nodes > MAX_VALUE_NODES) {
    state.tooLarge = true
    return undefined
  }
  if (value === null || typeof value === "string" || typeof value === "boolean") return value
  if (typeof value === "number") {
    return Number.isFinite(value) ? value : void mismatch(state, trail, "must be a finite number")
  }
  if (depth >= MAX_FREE_DEPTH && typeof value === "object") {
    return void mismatch(state, trail, `nests deeper than ${MAX_FREE_DEPTH} levels`)
  }
  if (Array.isArray(value)) {
    const out: Array<Json> = []
    let ok = true
    for (let i = 0; i < value.length && !state.tooLarge; i++) {
      const item = freeForm(value[i], { segment: { _tag: "Index", index: i }, parent: trail }, state, depth + 1)
      if (item === undefined) ok = false
      else out.push(item)
    }
    return ok ? out : undefined
  }
  if (!isPlainObject(value)) return void mismatch(state, trail, `must be JSON, got ${describeValue(value)}`)
  const out: Record<string, Json> = {}
  let ok = true
  for (const key of Object.keys(value)) {
    if (state.tooLarge) return undefined
    if (key === "__proto__") {
      ok = false
      mismatch(state, trail, "cannot have the key \"__proto__\"")
      continue
    }
    const item = freeForm(value[key], { segment: { _tag: "Key", key }, parent: trail }, state, depth + 1)
    if (item === undefined) ok = false
    else out[key] = item
  }
  return ok ? out : undefined
}

/**
 * Whether `value` is of `node`'s type at all (its content aside): how a resolver's wrong type is
 * told from a wrong part inside a value of the right type.
 *
 * @internal
 */
export const fitsType = (node: SchemaNode, value: unknown): boolean => {
  switch (node.type) {
    case "string":
    case "boolean":
      return typeof value === node.type
    case "number":
    case "integer":
      return typeof value === "number" && Number.isFinite(value)
    case "array":
      return Array.isArray(value)
    case "object":
      return isPlainObject(value)
  }
}

/**
 * Checks `value` against `node` and returns the value to send, or every problem (the first
 * `MAX_PROBLEMS`, and how many more). A value with more than `MAX_VALUE_NODES` values is refused
 * as a whole, with that one problem.
 *
 * @internal
 */
export const conform = (node: SchemaNode, value: unknown): Conformed => {
  const state: State = { problems: [], more: 0, nodes: 0, tooLarge: false }
  const out = walk(node, value, undefined, state)
  if (state.tooLarge) {
    return {
      _tag: "Invalid",
      problems: [{ _tag: "Mismatch", path: [], problem: `is too large: more than ${MAX_VALUE_NODES} values in all` }],
      more: 0
    }
  }
  if (out === undefined || state.problems.length > 0) {
    return { _tag: "Invalid", problems: state.problems, more: state.more }
  }
  return { _tag: "Ok", value: out }
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/

/**
 * A path inside a param's value as JavaScript reads it, from the param's name:
 * `items[0].price`, `metadata["order id"]`. Keys are cut to 40 characters and quoted with their
 * control characters escaped (JSON's quoting), so no key can forge a line. With `maskKeys`, a key
 * of a map or free-form object is written `[*]`: for a resolver's value, whose keys are as private
 * as its values.
 *
 * @internal
 */
export const describePath = (param: string, path: ValuePath, options?: { readonly maskKeys?: boolean }): string => {
  let out = param
  for (const segment of path) {
    if (segment._tag === "Index") out += `[${segment.index}]`
    else if (segment._tag === "Key" && options?.maskKeys === true) out += "[*]"
    else {
      const name = segment._tag === "Property" ? segment.name : segment.key
      out += IDENTIFIER.test(name) ? `.${name}` : `[${escapeControls(JSON.stringify(clip(name, 40)))}]`
    }
  }
  return out
}
