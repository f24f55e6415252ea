/**
 * Lowering a tool's `output` (`defineTool({ output })`) to the manifest's `outputSchema`: the JSON
 * Schema of what the endpoint returns — from an Effect Schema (its encoded side, written from the
 * shared `SchemaView` as Effect 3 wrote it, the same on both Effects: `effectJsonSchema.ts`), a
 * Standard Schema library's (its output side), or written by hand — translated into the bounded
 * subset of docs/protocol.md §8 (`../manifest/outputSchema.ts`), which every client checks.
 *
 * The translation only ever loosens: a keyword outside the subset is dropped (a value that fitted
 * the author's schema still fits the published one), each drop a warning with its path, like the
 * losses of `args`. References to the document's own `$defs`/`definitions` are written out in
 * place (the subset has no `$ref`); a definition that refers to itself is written out once and its
 * inner reference published as any value; a schema deeper than the subset's 16 levels is cut there
 * the same way. What comes out passes `OutputSchema.check`, or this throws: a bug, not the author's.
 */
import { isSchema, typeOf } from "#target/LowerEffect.js"
import * as OutputSchema from "../manifest/outputSchema.js"
import { clip, describeValue } from "../shared/text.js"
import { isRecord } from "../shared/values.js"
import * as EffectJsonSchema from "./effectJsonSchema.js"
import { ArgsInvalid } from "./errors.js"
import { UNREPRESENTABLE } from "./jsonSchemaNode.js"
import * as StandardSchema from "./standardSchema.js"

/** One thing the lowering of `output` lost, at its path inside the published `outputSchema`. @internal */
export interface OutputLoss {
  readonly path: ReadonlyArray<string | number>
  readonly message: string
}

/** @internal */
export interface LoweredOutput {
  readonly schema: OutputSchema.OutputSchema
  readonly losses: ReadonlyArray<OutputLoss>
}

type Json = { readonly [key: string]: unknown }

// The subset's keywords (docs/protocol.md §8), by how a value is translated.
const KEPT = new Set([
  "title", "description", "default", "examples", "format", "deprecated", "readOnly", "writeOnly", "$comment",
  "const", "minItems", "maxItems", "minLength", "maxLength"
])
const BOUNDS = new Set(["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"])
const BRANCHES = new Set(["anyOf", "oneOf", "allOf"])
const TYPES = new Set(["object", "array", "string", "number", "integer", "boolean", "null"])
// Document-level keywords with nothing to say about a value.
const SILENT = new Set(["$schema", "$id", "$defs", "definitions", UNREPRESENTABLE])
const ANNOTATIONS = new Set(["title", "description", "default", "examples", "format", "deprecated", "readOnly", "writeOnly", "$comment"])
const MAX_BRANCHES = 16
// Definitions written out in place can multiply (a definition used twice in one used twice …): the
// translation stops here, well past any real response schema, and the size rule then applies.
const MAX_NODES = 20_000

/** The JSON Schema `output` describes, or `ArgsInvalid` naming what it is. */
const jsonSchemaOf = (toolName: string, output: unknown): unknown => {
  if (isSchema(output)) {
    // Written out in full (no `$defs`), so no more schemas than the translation takes.
    const json = EffectJsonSchema.jsonSchema(typeOf(output), MAX_NODES + 1)
    // A type with no JSON Schema (a `Schema.declare`d class).
    if (json._tag === "None") {
      throw new ArgsInvalid({ tool: toolName, reason: `output has no JSON Schema: ${clip(json.reason, 200)}` })
    }
    return json.schema
  }
  const props = StandardSchema.propsOf(output)
  if (props !== undefined) {
    const json = StandardSchema.jsonSchemaOf(props, "output")
    if (json._tag === "Fail") throw new ArgsInvalid({ tool: toolName, reason: `output: ${json.reason}` })
    return json.schema
  }
  if (typeof output === "boolean" || isRecord(output)) return output
  throw new ArgsInvalid({
    tool: toolName,
    reason: "output must be an Effect Schema, a Standard Schema object that can describe itself as JSON Schema " +
      `(zod 4, valibot with toStandardJsonSchema, arktype), or a JSON Schema; got ${describeValue(output)}`
  })
}

/** JSON equality, for the values of an `enum` (the subset lists each once). */
const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b)

/**
 * `output` as an `outputSchema` in the subset, and what the translation dropped.
 *
 * @internal
 */
export const lower = (toolName: string, output: unknown): LoweredOutput => {
  const root = jsonSchemaOf(toolName, output)
  const losses: Array<OutputLoss> = []
  const lose = (path: ReadonlyArray<string | number>, message: string) => {
    if (losses.length < 50) losses.push({ path, message })
  }
  const defs: Json = isRecord(root) ? { ...(isRecord(root["definitions"]) ? root["definitions"] : {}), ...(isRecord(root["$defs"]) ? root["$defs"] : {}) } : {}

  let nodes = 0
  const translate = (node: unknown, path: ReadonlyArray<string | number>, depth: number, expanding: ReadonlySet<string>): OutputSchema.OutputSchema => {
    if (typeof node === "boolean") return node
    if (++nodes > MAX_NODES) {
      if (nodes === MAX_NODES + 1) lose(path, `the schema written out has more than ${MAX_NODES} schemas: the rest published as any value`)
      return true
    }
    if (!isRecord(node)) {
      lose(path, "is not a schema: published as any value")
      return true
    }
    const recursive = node[EffectJsonSchema.RECURSIVE]
    if (typeof recursive === "string") {
      const name = JSON.stringify(clip(recursive, 60))
      lose(path, `${name} inside itself: published as any value (the subset has no references)`)
      return true
    }
    if (depth > OutputSchema.MAX_SCHEMA_DEPTH) {
      lose(path, `nests deeper than ${OutputSchema.MAX_SCHEMA_DEPTH} schemas: published as any value`)
      return true
    }
    const ref = node["$ref"]
    if (typeof ref === "string") {
      const name = /^#\/(?:\$defs|definitions)\/(.+)$/.exec(ref)?.[1]
      const { $ref: _ref, ...siblings } = node
      void _ref
      if (name === undefined || !Object.hasOwn(defs, name)) {
        lose(path, `refers to ${JSON.stringify(clip(ref, 80))}, which is not a definition of the schema: published as any value`)
        return Object.keys(siblings).length === 0 ? true : translate(siblings, path, depth, expanding)
      }
      if (expanding.has(name)) {
        lose(path, `${JSON.stringify(clip(name, 60))} inside itself: published as any value (the subset has no references)`)
        return true
      }
      const target = translate(defs[name], path, depth, new Set([...expanding, name]))
      if (Object.keys(siblings).length === 0) return target
      const own = translate(siblings, path, depth, expanding)
      // Siblings of a reference apply with it (2019-09 on; Effect writes its refinements there).
      if (typeof target === "boolean" || typeof own === "boolean") return own === true ? target : target === true ? own : { allOf: [target, own] }
      const clash = Object.keys(own).some((key) => Object.hasOwn(target, key) && !ANNOTATIONS.has(key))
      return clash ? { allOf: [target, own] } : { ...target, ...own }
    }
    const out: Record<string, unknown> = {}
    for (const [keyword, value] of Object.entries(node)) {
      const at = [...path, keyword]
      if (SILENT.has(keyword)) continue
      if (KEPT.has(keyword)) {
        if ((keyword.startsWith("min") || keyword.startsWith("max")) && !(Number.isSafeInteger(value) && (value as number) >= 0)) {
          lose(at, "is not a whole number: dropped")
        } else out[keyword] = value
      } else if (BOUNDS.has(keyword)) {
        if (typeof value === "number" && Number.isFinite(value)) out[keyword] = value
        else lose(at, "is not a number (a draft-04 flag?): dropped")
      } else if (keyword === "type") {
        const types = [...new Set((Array.isArray(value) ? value : [value]).filter((t) => typeof t === "string" && TYPES.has(t)))]
        if (types.length === 0) lose(at, "names no type of the subset: dropped")
        else out[keyword] = types.length === 1 ? types[0] : types
      } else if (keyword === "enum") {
        const values = Array.isArray(value) ? value.filter((v, i) => value.findIndex((w) => same(v, w)) === i) : []
        if (values.length === 0) lose(at, "is not a list of values: dropped")
        else out[keyword] = values
      } else if (keyword === "required") {
        if (Array.isArray(value)) out[keyword] = [...new Set(value.filter((name) => typeof name === "string"))]
        else lose(at, "is not a list of names: dropped")
      } else if (keyword === "properties") {
        if (!isRecord(value)) {
          lose(at, "is not an object of schemas: dropped")
          continue
        }
        const properties: Record<string, unknown> = {}
        for (const [name, child] of Object.entries(value)) {
          Object.defineProperty(properties, name, {
            value: translate(child, [...at, name], depth + 1, expanding),
            enumerable: true,
            writable: true,
            configurable: true
          })
        }
        out[keyword] = properties
      } else if (keyword === "additionalProperties") {
        out[keyword] = translate(value, at, depth + 1, expanding)
      } else if (keyword === "items") {
        if (Array.isArray(value)) lose(at, "a tuple (items as a list) is not in the subset: its items are published as any value")
        else out[keyword] = translate(value, at, depth + 1, expanding)
      } else if (BRANCHES.has(keyword)) {
        if (!Array.isArray(value) || value.length === 0 || value.length > MAX_BRANCHES) {
          lose(at, `is not a list of 1 to ${MAX_BRANCHES} schemas: dropped`)
        } else out[keyword] = value.map((child, i) => translate(child, [...at, i], depth + 1, expanding))
      } else {
        lose(at, `${JSON.stringify(clip(keyword, 40))} is not in the outputSchema subset (docs/protocol.md §8): dropped`)
      }
    }
    if (typeof node[UNREPRESENTABLE] === "string") {
      lose(path, `${clip(node[UNREPRESENTABLE], 40)} has no JSON Schema: published as any value`)
    }
    return out
  }

  let schema = translate(root, [], 0, new Set())
  if ((JSON.stringify(schema)?.length ?? 0) > OutputSchema.MAX_SCHEMA_CHARS) {
    lose([], `is longer than ${OutputSchema.MAX_SCHEMA_CHARS} characters of JSON: no outputSchema is published`)
    schema = true
  }
  const problems = OutputSchema.check(schema, [])
  if (problems.length > 0) {
    throw new Error(`rcp-sdk: internal error: the lowered outputSchema of "${toolName}" is outside the subset: ${JSON.stringify(problems[0])}`)
  }
  return { schema, losses }
}
