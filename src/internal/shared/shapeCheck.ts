/**
 * Shape checks in plain TypeScript for the protocol's JSON documents (the manifest:
 * `manifest/check.ts`; the lock: `manifest/lockCheck.ts`): structs, arrays, records, literals and
 * tagged unions, each problem pushed with its path, the decoded value built without unknown fields.
 *
 * Why not Effect Schema: a document's problems are part of the protocol (a model, an operator and
 * `rcp validate` read them, tests assert them exactly), and Effect 3 and Effect 4 word the same
 * failure differently ("is missing" / "Missing key"). This check is shared by both builds
 * (docs/effect4.md) and words each problem as Effect 3's `ArrayFormatter` does — what rcp-sdk has
 * always printed — whichever Effect runs; property tests hold it to Effect 3's combinators. It also
 * loads no Effect module, so a client's first discovery stays cheap (bench/RESULTS.md §Start-up).
 *
 * A leaf: it imports only `text.ts`.
 */
import { clip, describeValue } from "./text.js"

/** One problem: where, and what (as `Manifest.ManifestIssue`). @internal */
export interface Issue {
  readonly path: ReadonlyArray<string | number>
  readonly message: string
}

/** @internal */
export type Path = ReadonlyArray<string | number>

/** What `run` found: the decoded value, or every problem. @internal */
export type Checked =
  | { readonly _tag: "Ok"; readonly value: unknown }
  | { readonly _tag: "Invalid"; readonly issues: ReadonlyArray<Issue> }

/** What a check returns for a value that failed (after pushing its problems). @internal */
export const FAIL: unique symbol = Symbol("rcp-sdk/shapeCheck/fail")

/** Checks one value at `path`: its decoded value, or `FAIL` after pushing its problems. @internal */
export type Check = (input: unknown, path: Path, issues: Array<Issue>) => unknown

// Messages are cut where rcp-sdk always cut Effect's (`Validate.parseIssues`): a 1 MiB value makes
// no 1 MiB message.
const MAX_MESSAGE = 300

// ---------------------------------------------------------------------------------------------
// How Effect 3 prints an actual value (`Inspectable.formatUnknown`, without indentation), with a
// budget: once the text is longer than a message may be, the rest is not built, so hostile input
// costs no more than that. Cut to MAX_MESSAGE, the text is Effect 3's cut the same way.
// ---------------------------------------------------------------------------------------------

const formatUnknown = (input: unknown, budget = MAX_MESSAGE): string => {
  // Only leaves are counted (a container's text holds its leaves'): the text is at least `used` long.
  let used = 0
  const seen = new WeakSet<object>()
  const leaf = (text: string): string => {
    used += text.length
    return text
  }
  const go = (v: unknown): string => (used > budget ? "" : render(v))
  const join = (items: Iterable<unknown>, each: (item: unknown) => string): string => {
    const parts: Array<string> = []
    for (const item of items) {
      if (used > budget) break
      parts.push(each(item))
    }
    return parts.join(",")
  }
  const ownKeys = (o: object): Array<PropertyKey> => {
    try {
      return Reflect.ownKeys(o)
    } catch {
      return ["[ownKeys threw]"]
    }
  }
  const propertyKey = (k: PropertyKey): string => (typeof k === "string" ? JSON.stringify(k) : String(k))
  const render = (v: unknown): string => {
    if (Array.isArray(v)) {
      if (seen.has(v)) return leaf("[Circular]")
      seen.add(v)
      return `[${join(v, go)}]`
    }
    if (v instanceof Date) {
      try {
        return leaf(v.toISOString())
      } catch {
        return leaf("Invalid Date")
      }
    }
    if ((typeof v === "object" && v !== null || typeof v === "function") && "toString" in v) {
      const toString = (v as { toString: unknown }).toString
      if (typeof toString === "function" && toString !== Object.prototype.toString && toString !== Array.prototype.toString) {
        let s: string
        try {
          const out = toString.call(v)
          s = typeof out === "string" ? out : String(out)
        } catch {
          s = "[toString threw]"
        }
        return v instanceof Error && v.cause ? `${leaf(s)} (cause: ${go(v.cause)})` : leaf(s)
      }
    }
    if (typeof v === "string") return leaf(JSON.stringify(v))
    if (typeof v === "number" || v == null || typeof v === "boolean" || typeof v === "symbol") return leaf(String(v))
    if (typeof v === "bigint") return leaf(`${v}n`)
    if (v instanceof Set || v instanceof Map) {
      if (seen.has(v)) return leaf("[Circular]")
      seen.add(v)
      return `${v.constructor.name}([${join(Array.from(v), go)}])`
    }
    if (typeof v === "object" || typeof v === "function") {
      if (seen.has(v)) return leaf("[Circular]")
      seen.add(v)
      const body = `{${join(ownKeys(v), (k) => `${leaf(propertyKey(k as PropertyKey))}:${go((v as any)[k as PropertyKey])}`)}}`
      const ctor = (v as { constructor?: { name?: unknown } }).constructor
      return ctor && ctor !== Object && ctor.name ? `${ctor.name}(${body})` : body
    }
    return leaf(String(v))
  }
  return go(input)
}

/** Pushes a problem at `path`; returns `FAIL` for the check to return. @internal */
export const push = (issues: Array<Issue>, path: Path, message: string): typeof FAIL => {
  issues.push({ path, message: clip(message, MAX_MESSAGE) })
  return FAIL
}

/** `Expected <what>, actual <value>`, as Effect 3 words a type mismatch. @internal */
export const expected = (issues: Array<Issue>, path: Path, what: string, actual: unknown): typeof FAIL =>
  push(issues, path, `Expected ${what}, actual ${formatUnknown(actual)}`)

/**
 * The value quoted in rcp's own messages (`got …`): a kind for objects, a clipped text for the rest.
 *
 * @internal
 */
export const quoted = (actual: unknown): string => {
  if (actual === undefined) return "(missing)"
  if (typeof actual === "object" && actual !== null) return describeValue(actual)
  return clip(typeof actual === "string" ? JSON.stringify(actual) : String(actual), 40)
}

const isObject = (u: unknown): u is Record<PropertyKey, unknown> => typeof u === "object" && u !== null
const isRecord = (u: unknown): u is Record<PropertyKey, unknown> => isObject(u) && !Array.isArray(u)
const hasOwn = (o: object, key: PropertyKey): boolean => Object.prototype.hasOwnProperty.call(o, key)

// ---------------------------------------------------------------------------------------------
// The parts of a shape. Each names the Effect 3 combinator whose wording it keeps.
// ---------------------------------------------------------------------------------------------

/** `Schema.String`. @internal */
export const string: Check = (input, path, issues) =>
  typeof input === "string" ? input : expected(issues, path, "string", input)

/** `Schema.Boolean`. @internal */
export const boolean: Check = (input, path, issues) =>
  typeof input === "boolean" ? input : expected(issues, path, "boolean", input)

/** `Schema.Unknown`: the value as it is. @internal */
export const unknown: Check = (input) => input

/** `Schema.NonEmptyString`. @internal */
export const nonEmptyString: Check = (input, path, issues) => {
  if (typeof input !== "string") return expected(issues, path, "string", input)
  return input.length >= 1 ? input : expected(issues, path, "a non empty string", input)
}

/**
 * `Schema.String.pipe(Schema.pattern(pattern, { message }))`; the default message names the
 * pattern and a clipped value.
 *
 * @internal
 */
export const matching = (
  pattern: RegExp,
  message: (input: string) => string = (input) => `expected a string matching ${pattern.source}, got ${quoted(input)}`
): Check =>
(input, path, issues) => {
  if (typeof input !== "string") return expected(issues, path, "string", input)
  pattern.lastIndex = 0
  return pattern.test(input) ? input : push(issues, path, message(input))
}

/**
 * A union of literals with its own message (`Schema.Literal(...values)` annotated with an
 * overriding `message`); by default the spec's wording, `expected "a" | "b", got "c"`.
 *
 * @internal
 */
export const oneOf = (
  values: ReadonlyArray<string | number>,
  message: (input: unknown) => string = (input) =>
    `expected ${values.map((value) => JSON.stringify(value)).join(" | ")}, got ${quoted(input)}`
): Check =>
(input, path, issues) => values.includes(input as string) ? input : push(issues, path, message(input))

/** `Schema.Literal(value)`: `Expected "none", actual …`. @internal */
export const literal = (value: string | number): Check => (input, path, issues) =>
  input === value ? input : expected(issues, path, JSON.stringify(value), input)

/**
 * `Schema.declare(isRecord, { message })`: any JSON object, kept as it is; `message` words the rest.
 *
 * @internal
 */
export const object = (message: (input: unknown) => string): Check => (input, path, issues) =>
  isRecord(input) ? input : push(issues, path, message(input))

/** `Schema.Array(item)`; `itemName` names the item in the message (`ReadonlyArray<Param>`). @internal */
export const array = (item: Check, itemName: string): Check => (input, path, issues) => {
  if (!Array.isArray(input)) return expected(issues, path, `ReadonlyArray<${itemName}>`, input)
  const out: Array<unknown> = []
  let failed = false
  for (let i = 0; i < input.length; i++) {
    const value = item(input[i], [...path, i], issues)
    if (value === FAIL) failed = true
    else out.push(value)
  }
  return failed ? FAIL : out
}

/** `Schema.Array(item).pipe(Schema.minItems(1))`. @internal */
export const nonEmptyArray = (item: Check, itemName: string): Check => {
  const items = array(item, itemName)
  return (input, path, issues) => {
    const value = items(input, path, issues)
    if (value === FAIL) return FAIL
    return (value as Array<unknown>).length >= 1 ? value : expected(issues, path, "an array of at least 1 item(s)", input)
  }
}

/**
 * `Schema.Record({ key: Schema.String, value })`: each own enumerable value checked and assigned
 * key by key, as a decoded Effect record is (so a "__proto__" key is not kept as a key).
 * `valueName` names the value in the message.
 *
 * @internal
 */
export const record = (value: Check, valueName: string): Check => (input, path, issues) => {
  if (!isRecord(input)) return expected(issues, path, `{ readonly [x: string]: ${valueName} }`, input)
  const out: Record<string, unknown> = {}
  let failed = false
  for (const key of Object.keys(input)) {
    const checked = value(input[key], [...path, key], issues)
    if (checked === FAIL) failed = true
    else out[key] = checked
  }
  return failed ? FAIL : out
}

/**
 * `Schema.Union(...members)` of members without a common literal key: the first member that takes
 * the value decides it; when none does, each member's problems are reported, in order.
 *
 * @internal
 */
export const union = (...members: ReadonlyArray<Check>): Check => (input, path, issues) => {
  const local: Array<Issue> = []
  for (const member of members) {
    const value = member(input, path, local)
    if (value !== FAIL) return value
  }
  issues.push(...local)
  return FAIL
}

/** A struct's field. @internal */
export interface Field {
  readonly check: Check
  readonly optional: boolean
  /** What an absent optional field decodes to; absent fields are left out when there is none. */
  readonly absent?: unknown
}

/** A required field. @internal */
export const required = (check: Check): Field => ({ check, optional: false })

/** `Schema.optionalWith(check, { exact: true })`: absent is fine, `undefined` is not. @internal */
export const optional = (check: Check): Field => ({ check, optional: true })

/**
 * `Schema.optionalWith(check, { exact: true, default: () => absent })`: absent decodes to `absent`,
 * `undefined` is not fine.
 *
 * @internal
 */
export const defaulted = (check: Check, absent: unknown): Field => ({ check, optional: true, absent })

/**
 * `Schema.Struct(fields)` named `name` (its identifier): every field checked in order; an absent
 * required field "is missing". Unknown fields are ignored and not kept, or with `excess: "error"`
 * (Effect's `onExcessProperty: "error"`) each is a problem, reported first as Effect 3 does.
 *
 * @internal
 */
export const struct = (
  name: string,
  fields: Readonly<Record<string, Field>>,
  options?: { readonly excess: "ignore" | "error" }
): Check => {
  const entries = Object.entries(fields)
  const known = Object.keys(fields).map((key) => JSON.stringify(key)).join(" | ")
  return (input, path, issues) => {
    if (!isRecord(input)) return expected(issues, path, name, input)
    const out: Record<string, unknown> = {}
    let failed = false
    if (options?.excess === "error") {
      for (const key of Reflect.ownKeys(input)) {
        if (typeof key === "string" && hasOwn(fields, key)) continue
        push(issues, [...path, typeof key === "string" ? key : String(key)], `is unexpected, expected: ${known}`)
        failed = true
      }
    }
    for (const [key, field] of entries) {
      const present = hasOwn(input, key)
      if (!present && field.optional) {
        if ("absent" in field) out[key] = field.absent
        continue
      }
      const local: Array<Issue> = []
      const value = field.check(input[key], [...path, key], local)
      if (value === FAIL) {
        failed = true
        if (present) issues.push(...local)
        else push(issues, [...path, key], "is missing")
      } else out[key] = value
    }
    return failed ? FAIL : out
  }
}

/**
 * `Schema.Union(...structs)` told apart by the literal at `key` (`auth.type`), named `name`: no
 * `key` "is missing"; an unknown value there lists the known ones; a known one decides the member.
 *
 * @internal
 */
export const tagged = (name: string, key: string, members: Readonly<Record<string, Check>>): Check => {
  const tags = Object.keys(members).map((tag) => JSON.stringify(tag)).join(" | ")
  return (input, path, issues) => {
    if (!isObject(input)) return expected(issues, path, name, input)
    if (!hasOwn(input, key)) return push(issues, [...path, key], "is missing")
    // An object is never a tag: it is named by its kind, never `String(object)` (which may throw).
    const raw = input[key]
    const tag = isObject(raw) ? describeValue(raw) : String(raw)
    const member = hasOwn(members, tag) ? members[tag] : undefined
    if (member === undefined) return expected(issues, [...path, key], tags, isObject(raw) ? tag : raw)
    return member(input, path, issues)
  }
}

/** A whole document checked. @internal */
export const run = (check: Check, input: unknown): Checked => {
  const issues: Array<Issue> = []
  const value = check(input, [], issues)
  return value === FAIL ? { _tag: "Invalid", issues } : { _tag: "Ok", value }
}
