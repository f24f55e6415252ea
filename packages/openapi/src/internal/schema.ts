/**
 * What a manifest param can say about a JSON Schema: its type when it is one of the manifest's
 * (string, number, boolean), and otherwise a short summary for the description. `$ref`s are
 * followed as a walk reaches them (`refs.ts`); one that cannot be followed (a cycle, a broken or an
 * external pointer) is a schema whose shape is unknown. Every walk is bounded in depth and in the
 * text it produces, and spends from the import's budget.
 */
import type * as Manifest from "rcp-sdk/manifest"
import type { Refs } from "./refs.js"
import { clip, isRecord } from "./text.js"

/** A param type that one query, path or header value can carry. @internal */
export type ScalarType = Exclude<Manifest.ParamType, "array" | "object">

/** @internal */
export type Kind =
  | { readonly _tag: "Scalar"; readonly type: ScalarType }
  | { readonly _tag: "Array"; readonly items: ScalarType | undefined }
  | { readonly _tag: "Object" }
  | { readonly _tag: "Unknown" }

/** `type`, or the one non-null member of a 3.1 type list; `allOf` of one; guessed from `enum`. */
const typeName = (refs: Refs, schema: Record<string, unknown>, depth = 0): string | undefined => {
  const t = schema.type
  if (typeof t === "string") return t
  if (Array.isArray(t)) {
    const named = t.filter((x) => x !== "null")
    return named.length === 1 && typeof named[0] === "string" ? named[0] : undefined
  }
  if (Array.isArray(schema.enum) && schema.enum.length > 0) {
    const kinds = new Set(schema.enum.filter((v) => v !== null).map((v) => typeof v))
    if (kinds.size === 1) return [...kinds][0]
  }
  if (Array.isArray(schema.allOf) && schema.allOf.length === 1 && depth < 8) {
    const only = refs.resolve(schema.allOf[0])
    if (isRecord(only) && only.$ref === undefined) return typeName(refs, only, depth + 1)
  }
  if (isRecord(schema.properties) || isRecord(schema.additionalProperties)) return "object"
  if (isRecord(schema.items)) return "array"
  return undefined
}

const scalar = (name: string | undefined): ScalarType | undefined =>
  name === "string" ? "string" : name === "number" || name === "integer" ? "number" : name === "boolean" ? "boolean" : undefined

/** What a schema is, its `$ref` followed; a `$ref` that cannot be followed is taken as an object. @internal */
export const kind = (refs: Refs, unresolved: unknown): Kind => {
  const schema = refs.resolve(unresolved)
  if (!isRecord(schema)) return { _tag: "Unknown" }
  if (typeof schema.$ref === "string") return { _tag: "Object" }
  const name = typeName(refs, schema)
  const type = scalar(name)
  if (type !== undefined) return { _tag: "Scalar", type }
  if (name === "array") {
    const items = refs.resolve(schema.items)
    return { _tag: "Array", items: isRecord(items) && items.$ref === undefined ? scalar(typeName(refs, items)) : undefined }
  }
  if (name === "object") return { _tag: "Object" }
  return { _tag: "Unknown" }
}

const SUMMARY_DEPTH = 3
const SUMMARY_MAX = 300

/**
 * A JSON Schema in a few words, for a description: `array of string`, `object {id, name, tags}`,
 * `one of: string | object {…}`. Bounded in depth and length.
 *
 * @internal
 */
export const summarize = (refs: Refs, schema: unknown): string => {
  // The same schema is summarized for every property and operation that uses it: once per import.
  let cache = summaries.get(refs)
  if (cache === undefined) summaries.set(refs, cache = new WeakMap())
  const resolved = refs.resolve(schema)
  if (!isRecord(resolved)) return clip(summary(refs, resolved, 0), SUMMARY_MAX)
  let text = cache.get(resolved)
  if (text === undefined) cache.set(resolved, text = clip(summary(refs, resolved, 0), SUMMARY_MAX))
  return text
}

const summaries = new WeakMap<Refs, WeakMap<object, string>>()

const summary = (refs: Refs, unresolved: unknown, depth: number): string => {
  const schema = refs.resolve(unresolved)
  if (!isRecord(schema)) return "any value"
  if (typeof schema.$ref === "string") return "object (recursive)"
  if (depth >= SUMMARY_DEPTH) return "…"
  for (const combinator of ["oneOf", "anyOf"] as const) {
    const options = schema[combinator]
    if (Array.isArray(options) && options.length > 0) {
      return `one of: ${options.slice(0, 5).map((s) => summary(refs, s, depth + 1)).join(" | ")}`
    }
  }
  const name = typeName(refs, schema)
  if (name === "array") return `array of ${summary(refs, schema.items, depth + 1)}`
  if (name === "object") {
    const keys = isRecord(schema.properties) ? Object.keys(schema.properties) : []
    if (keys.length === 0) return "object"
    const shown = keys.slice(0, 8).join(", ")
    return `object {${shown}${keys.length > 8 ? ", …" : ""}}`
  }
  return name ?? "any value"
}

const literal = (value: unknown): string => {
  if (typeof value === "string") return JSON.stringify(clip(value, 60))
  if (typeof value === "number" || typeof value === "boolean" || value === null) return String(value)
  return clip(safeJson(value), 80)
}

const safeJson = (value: unknown): string => {
  try {
    return JSON.stringify(value) ?? "?"
  } catch {
    return "?"
  }
}

/**
 * A schema's `enum` as the manifest's `enum` extension: only a non-empty list of strings (a
 * duplicate kept once); anything else stays in the description alone.
 *
 * @internal
 */
export const stringEnum = (schema: unknown): ReadonlyArray<string> | undefined => {
  if (!isRecord(schema) || !Array.isArray(schema.enum) || schema.enum.length === 0) return undefined
  if (!schema.enum.every((value): value is string => typeof value === "string")) return undefined
  return [...new Set(schema.enum)]
}

/**
 * The facts a param's description carries beyond the spec's own text: allowed values (also in
 * `enum` for a string param, but a model reads descriptions), the default, the format.
 *
 * @internal
 */
export const facts = (schema: unknown): Array<string> => {
  if (!isRecord(schema)) return []
  const out: Array<string> = []
  if (Array.isArray(schema.enum) && schema.enum.length > 0) {
    const shown = schema.enum.slice(0, 20).map(literal).join(", ")
    out.push(`One of: ${shown}${schema.enum.length > 20 ? ", …" : ""}.`)
  }
  if (schema.default !== undefined) out.push(`Default: ${literal(schema.default)}.`)
  if (typeof schema.format === "string" && schema.format !== "") out.push(`Format: ${clip(schema.format, 40)}.`)
  return out
}

const DESCRIPTION_MAX = 1000

const cutNote = (left: number): string => `… (${left.toLocaleString("en-US")} more characters of the document's description left out)`

/**
 * `text` within `max` characters: as it is when it fits, else cut at a word (a surrogate pair never
 * split) and ended with a note of how much was left out — so a model reading it knows the text does
 * not end there, and the operator knows the document says more (docs/openapi.md §Tools).
 *
 * @internal
 */
export const capDescription = (text: string, max: number): string => {
  if (text.length <= max) return text
  // The note is at most as long as one counting every character: the cut leaves room for it.
  let cut = Math.max(0, max - cutNote(text.length).length)
  const space = text.lastIndexOf(" ", cut)
  if (space > cut * 0.8) cut = space
  const code = text.charCodeAt(cut - 1)
  if (code >= 0xd800 && code <= 0xdbff) cut--
  const kept = text.slice(0, cut).trimEnd()
  return `${kept}${cutNote(text.length - kept.length)}`
}

/**
 * Text parts joined into one description, trimmed, within a sensible length (`capDescription`);
 * `undefined` when there is nothing to say.
 *
 * @internal
 */
export const joinDescription = (parts: ReadonlyArray<string | undefined>, max = DESCRIPTION_MAX): string | undefined => {
  const sentences = parts.map((p) => p?.trim() ?? "").filter((p) => p !== "")
  // "Finds pets" + "Multiple values…" reads as one run-on line unless the first ends as a sentence.
  const text = sentences.map((p, i) => (i < sentences.length - 1 && !/[.!?:;)]$/.test(p) ? `${p}.` : p)).join(" ")
  return text === "" ? undefined : capDescription(text, max)
}

/** A schema's own words: `description`, else `title`. @internal */
export const ownText = (schema: unknown): string | undefined =>
  isRecord(schema)
    ? typeof schema.description === "string" ? schema.description : typeof schema.title === "string" ? schema.title : undefined
    : undefined
