/**
 * The `responseMappings` path grammar of docs/protocol.md §4: `@` is the whole body, `@a.b[0].c` walks own
 * properties and array indices. Deliberately tiny: no filters, no wildcards, nothing evaluated.
 *
 *   mapping := "@" path?
 *   path    := (key | index) ("." key | index)*
 *   key     := one or more characters other than ".", "[" and "]"
 *   index   := "[" digits "]"
 */
import { clip } from "../shared/text.js"
import { isRecord } from "../shared/values.js"

/** @internal */
export type Step = { readonly _tag: "Key"; readonly key: string } | { readonly _tag: "Index"; readonly index: number }

/** @internal */
export type ParseResult =
  | { readonly _tag: "Ok"; readonly steps: ReadonlyArray<Step> }
  | { readonly _tag: "Invalid"; readonly problem: string }

const INDEX = /^\[(0|[1-9][0-9]{0,8})\]/
const KEY = /^[^.[\]]+/

/** @internal */
export const parse = (mapping: string): ParseResult => {
  if (!mapping.startsWith("@")) return { _tag: "Invalid", problem: `must start with "@", got "${clip(mapping)}"` }
  const steps: Array<Step> = []
  let rest = mapping.slice(1)
  let first = true
  while (rest !== "") {
    const index = INDEX.exec(rest)
    if (index !== null) {
      steps.push({ _tag: "Index", index: Number(index[1]) })
      rest = rest.slice(index[0].length)
    } else {
      if (!first) {
        if (!rest.startsWith(".")) return invalid(mapping)
        rest = rest.slice(1)
      }
      const key = KEY.exec(rest)
      if (key === null) return invalid(mapping)
      steps.push({ _tag: "Key", key: key[0] })
      rest = rest.slice(key[0].length)
    }
    first = false
  }
  return { _tag: "Ok", steps }
}


const invalid = (mapping: string): ParseResult => ({
  _tag: "Invalid",
  problem: `"${clip(mapping)}" is not a path like "@", "@a.b" or "@items[0].name"`
})

// Names that reach an object's prototype machinery; they never resolve, even as own keys.
const FORBIDDEN = new Set(["__proto__", "constructor", "prototype"])

/**
 * Walks `steps` through `value`; `undefined` when any step does not resolve.
 *
 * @internal
 */
export const evaluate = (steps: ReadonlyArray<Step>, value: unknown): unknown => {
  let current = value
  for (const step of steps) {
    if (step._tag === "Index") {
      if (!Array.isArray(current) || step.index >= current.length) return undefined
      current = current[step.index]
    } else {
      if (!isRecord(current) || FORBIDDEN.has(step.key) || !Object.hasOwn(current, step.key)) return undefined
      current = current[step.key]
    }
  }
  return current
}

/**
 * Applies compiled mappings to a response body. `Object.fromEntries` defines own data properties,
 * so a field named `__proto__` cannot change the result's prototype.
 *
 * @internal
 */
export const applyMappings = (
  mappings: ReadonlyArray<readonly [field: string, steps: ReadonlyArray<Step>]>,
  body: unknown
): Record<string, unknown> => {
  const entries: Array<[string, unknown]> = []
  for (const [field, steps] of mappings) {
    const value = evaluate(steps, body)
    if (value !== undefined) entries.push([field, value])
  }
  return Object.fromEntries(entries)
}
