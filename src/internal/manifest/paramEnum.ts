/**
 * The `enum` extension of a manifest param (docs/protocol.md §8): a string param may list the
 * only values it takes. The rules a manifest must follow, whether a value is allowed, and how the
 * allowed values are named in a message, in one place, so that the validator, the model-facing
 * schema and the argument check agree on them.
 */
import { clip, escapeControls } from "../shared/text.js"
import { isRecord } from "../shared/values.js"

type Path = ReadonlyArray<string | number>

interface Issue {
  readonly path: Path
  readonly message: string
}

// A message is read by a model; a manifest with thousands of values must not make it huge.
const SHOWN_VALUES = 20

// Quoted as JSON, then escaped: JSON.stringify leaves C1 controls, bidi and invisible characters raw.
const quote = (value: string): string => escapeControls(JSON.stringify(clip(value, 60)))

/**
 * The allowed values as a message lists them: `"c", "f"`, and at most `SHOWN_VALUES` of them.
 *
 * @internal
 */
export const describeAllowed = (values: ReadonlyArray<string>): string => {
  const shown = values.slice(0, SHOWN_VALUES).map(quote).join(", ")
  return values.length > SHOWN_VALUES ? `${shown}, … (${values.length - SHOWN_VALUES} more)` : shown
}

/**
 * The meaning problems of `tool.params[index].enum` (its shape — an array of strings — is the
 * Schema's to check): it must list something, only on a string param, each value once. Pushed
 * onto `issues`: most params have no enum, and no list is made for them.
 *
 * @internal
 */
export const check = (param: unknown, tool: Path, index: number, issues: Array<Issue>): void => {
  if (!isRecord(param) || !Array.isArray(param.enum)) return
  const path = [...tool, "params", index, "enum"]
  if (param.enum.length === 0) issues.push({ path, message: "must list at least one value" })
  if (typeof param.type === "string" && param.type !== "string") {
    issues.push({ path, message: `an enum is allowed only on a "string" param, not on a ${quote(param.type)} one` })
  }
  const first = new Map<string, number>()
  param.enum.forEach((value, k) => {
    if (typeof value !== "string") return
    const seen = first.get(value)
    if (seen === undefined) first.set(value, k)
    else issues.push({ path: [...path, k], message: `duplicate value ${quote(value)} (also enum[${seen}])` })
  })
}

/**
 * Whether an argument of the param's type is one of its allowed values (always, without `enum`).
 *
 * @internal
 */
export const allows = (allowed: ReadonlyArray<string> | undefined, value: unknown): boolean =>
  allowed === undefined || (typeof value === "string" && allowed.includes(value))
