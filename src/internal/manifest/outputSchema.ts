/**
 * Structured output: the shape of a tool's result (`outputSchema`, docs/protocol.md §8), what a
 * manifest may declare of it, and the check of a result against it. The MCP bridge declares it and
 * returns `structuredContent` that fits it; Gemini takes it as a function's `responseJsonSchema`;
 * the AI SDK as a tool's `outputSchema`.
 *
 * A manifest is untrusted, so an `outputSchema` is a bounded subset of JSON Schema that every
 * validator reads alike and that is checked in time linear in schema and value: no `$ref` (nothing
 * fetched, no cycles), no `pattern` (no regular expression from a server runs here or in a host),
 * no conditionals; at most 16 levels deep and 64 KiB. The subset:
 *
 * - validation: `type` (a type or a list of them: object, array, string, number, integer, boolean,
 *   null), `enum`, `const`, `properties`, `required`, `additionalProperties` (a boolean or a
 *   schema), `items` (one schema), `minItems`, `maxItems`, `minLength`, `maxLength`, `minimum`,
 *   `maximum`, `exclusiveMinimum`, `exclusiveMaximum` (numbers), `anyOf`, `oneOf`, `allOf`;
 * - annotations, kept and not checked: `title`, `description`, `default`, `examples`, `format`,
 *   `deprecated`, `readOnly`, `writeOnly`, `$comment`;
 * - `true` and `false` as schemas.
 *
 * Why a checker of our own and not Ajv: Ajv compiles each schema to JavaScript source (a cost per
 * schema and code built from a server's text) and runs `pattern`s; over this subset the check is
 * a walk, and the test suite holds its verdicts to Ajv's on generated schemas and values.
 */

import type { Issue, Path } from "./issue.js"

/** @internal */
export const MAX_SCHEMA_DEPTH = 16
/** @internal */
export const MAX_SCHEMA_CHARS = 65_536
/** A check that would take more steps than this gives up (`Unchecked`) rather than run on. @internal */
export const MAX_STEPS = 1_000_000
const MAX_PROBLEMS = 10
const MAX_BRANCHES = 16

/**
 * A JSON Schema in the subset (see the module header).
 *
 * @since 0.2.0
 * @category models
 */
export type OutputSchema = boolean | { readonly [keyword: string]: unknown }

const TYPES = new Set(["object", "array", "string", "number", "integer", "boolean", "null"])
const ANNOTATIONS = new Set(["title", "description", "default", "examples", "format", "deprecated", "readOnly", "writeOnly", "$comment"])
const COUNTS = new Set(["minItems", "maxItems", "minLength", "maxLength"])
const BOUNDS = new Set(["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"])

const isRecord = (u: unknown): u is Record<string, unknown> => typeof u === "object" && u !== null && !Array.isArray(u)

/** A path as a value's problems read: `data.items[0]`, `data["a b"]`. */
const step = (path: string, key: string | number): string =>
  typeof key === "number" ? `${path}[${key}]` : /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`

/** A problem of a value checked against a schema (`validate`), at a path as a reader writes it. @internal */
export interface Problem {
  readonly path: string
  readonly message: string
}

/**
 * The problems of a declared `outputSchema` (for manifest validation, `validate.ts`), as issues at
 * paths under `path` (the tool's `outputSchema` field). Empty when it is in the subset.
 *
 * @internal
 */
export const check = (schema: unknown, path: Path = ["outputSchema"]): ReadonlyArray<Issue> => {
  const problems: Array<Issue> = []
  let size: number
  try {
    size = JSON.stringify(schema)?.length ?? 0
  } catch {
    return [{ path, message: "is not JSON" }]
  }
  if (size > MAX_SCHEMA_CHARS) return [{ path, message: `is longer than ${MAX_SCHEMA_CHARS} characters of JSON` }]
  const visit = (node: unknown, at: Path, depth: number): void => {
    if (problems.length >= MAX_PROBLEMS) return
    if (typeof node === "boolean") return
    if (!isRecord(node)) return void problems.push({ path: at, message: "must be a schema: an object, true or false" })
    if (depth > MAX_SCHEMA_DEPTH) return void problems.push({ path: at, message: `nests deeper than ${MAX_SCHEMA_DEPTH} schemas` })
    for (const [keyword, value] of Object.entries(node)) {
      const here = [...at, keyword]
      if (ANNOTATIONS.has(keyword)) continue
      if (keyword === "type") {
        const types = Array.isArray(value) ? value : [value]
        if (types.length === 0 || !types.every((t) => typeof t === "string" && TYPES.has(t))) {
          problems.push({ path: here, message: "must be one of object, array, string, number, integer, boolean, null, or a list of them" })
        } else if (new Set(types).size !== types.length) problems.push({ path: here, message: "lists a type twice" })
      } else if (keyword === "enum") {
        if (!Array.isArray(value) || value.length === 0) problems.push({ path: here, message: "must be a non-empty array" })
        // Validators refuse a schema whose enum repeats a value (JSON Schema's meta-schema says so).
        else if (value.some((item, i) => value.slice(0, i).some((other) => equal(item, other)))) {
          problems.push({ path: here, message: "lists a value twice" })
        }
      } else if (keyword === "const") {
        // Any JSON value.
      } else if (keyword === "properties") {
        if (!isRecord(value)) problems.push({ path: here, message: "must be an object of schemas" })
        else for (const [name, child] of Object.entries(value)) visit(child, [...here, name], depth + 1)
      } else if (keyword === "required") {
        if (!Array.isArray(value) || !value.every((name) => typeof name === "string")) {
          problems.push({ path: here, message: "must be an array of member names" })
        } else if (new Set(value).size !== value.length) problems.push({ path: here, message: "names a member twice" })
      } else if (keyword === "additionalProperties" || keyword === "items") {
        visit(value, here, depth + 1)
      } else if (COUNTS.has(keyword)) {
        if (!Number.isSafeInteger(value) || (value as number) < 0) problems.push({ path: here, message: "must be a whole number, 0 or more" })
      } else if (BOUNDS.has(keyword)) {
        if (typeof value !== "number" || !Number.isFinite(value)) problems.push({ path: here, message: "must be a number" })
      } else if (keyword === "anyOf" || keyword === "oneOf" || keyword === "allOf") {
        if (!Array.isArray(value) || value.length === 0 || value.length > MAX_BRANCHES) {
          problems.push({ path: here, message: `must be an array of 1 to ${MAX_BRANCHES} schemas` })
        } else value.forEach((child, i) => visit(child, [...here, i], depth + 1))
      } else {
        const why = keyword === "$ref" || keyword === "$defs" || keyword === "definitions"
          ? "references are not allowed: write the schema out"
          : keyword === "pattern" || keyword === "patternProperties"
          ? "patterns are not allowed: no server's regular expression runs on a client"
          : "is not a keyword of the outputSchema subset (docs/protocol.md §8)"
        problems.push({ path: here, message: why })
      }
    }
  }
  visit(schema, path, 0)
  return problems
}

/**
 * The shape `responseMappings` give (docs/protocol.md §4): an object of the mapped fields, any of
 * which may be missing (a path that does not resolve leaves its field out), each any JSON value.
 *
 * @internal
 */
export const fromMappings = (mappings: Readonly<Record<string, string>>): OutputSchema => ({
  type: "object",
  properties: Object.fromEntries(Object.entries(mappings).map(([field, path]) => [field, { description: `the response's ${path}` }])),
  additionalProperties: false
})

/**
 * A schema as MCP takes it (its `outputSchema` must describe an object): an object schema as it
 * is; any other wrapped as `{ result: … }`, and the result wrapped alike by `mcpStructured`.
 *
 * @internal
 */
export const forMcp = (schema: OutputSchema): { readonly schema: Record<string, unknown>; readonly wrapped: boolean } =>
  isRecord(schema) && schema["type"] === "object"
    ? { schema, wrapped: false }
    : { schema: { type: "object", properties: { result: schema }, required: ["result"] }, wrapped: true }

// ---------------------------------------------------------------------------------------------
// Checking a value
// ---------------------------------------------------------------------------------------------

/** @internal */
export type Verdict =
  | { readonly _tag: "Valid" }
  | { readonly _tag: "Invalid"; readonly problems: ReadonlyArray<Problem> }
  | { readonly _tag: "Unchecked" }

const kind = (value: unknown): string =>
  value === null ? "null" : Array.isArray(value) ? "array" : typeof value === "number" ? "number" : typeof value

const article = (name: string): string => (/^[aeiou]/.test(name) ? `an ${name}` : `a ${name}`)

const hasType = (value: unknown, type: string): boolean => {
  switch (type) {
    case "null":
      return value === null
    case "boolean":
      return typeof value === "boolean"
    case "number":
      return typeof value === "number" && Number.isFinite(value)
    case "integer":
      return typeof value === "number" && Number.isInteger(value)
    case "string":
      return typeof value === "string"
    case "array":
      return Array.isArray(value)
    case "object":
      return isRecord(value)
    default:
      return false
  }
}

/** JSON equality (enum, const): same type, same members; key order does not matter. */
const equal = (a: unknown, b: unknown): boolean => {
  if (a === b) return true
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((item, i) => equal(item, b[i]))
  if (isRecord(a) && isRecord(b)) {
    const keys = Object.keys(a)
    return keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && equal(a[key], b[key]))
  }
  return false
}

/** Characters as JSON Schema counts them: code points. */
const codePoints = (s: string): number => {
  let n = 0
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i)
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1)
      if (d >= 0xdc00 && d <= 0xdfff) i++
    }
    n++
  }
  return n
}

class OutOfSteps {}

/**
 * Whether `value` fits `schema` (assumed to pass `check`), with up to ten problems at paths under
 * `path`. Gives `Unchecked` after `MAX_STEPS` steps (schemas whose `anyOf`s nest multiply the work).
 *
 * @internal
 */
export const validate = (schema: OutputSchema, value: unknown, path = "data"): Verdict => {
  let steps = 0
  const run = (node: OutputSchema, current: unknown, at: string, problems: Array<Problem> | undefined): boolean => {
    if (++steps > MAX_STEPS) throw new OutOfSteps()
    if (node === true) return true
    if (node === false) {
      problems?.push({ path: at, message: "no value is allowed here" })
      return false
    }
    let ok = true
    const fail = (message: string, where = at) => {
      ok = false
      if (problems !== undefined && problems.length < MAX_PROBLEMS) problems.push({ path: where, message })
    }
    const type = node["type"]
    if (type !== undefined) {
      const types = (Array.isArray(type) ? type : [type]) as ReadonlyArray<string>
      if (!types.some((t) => hasType(current, t))) {
        fail(`expected ${types.map(article).join(" or ")}, got ${article(kind(current))}`)
        return false
      }
    }
    if (Array.isArray(node["enum"]) && !node["enum"].some((allowed) => equal(allowed, current))) fail("is not one of the allowed values")
    if (Object.hasOwn(node, "const") && !equal(node["const"], current)) fail("is not the one allowed value")
    if (typeof current === "string") {
      const length = typeof node["minLength"] === "number" || typeof node["maxLength"] === "number" ? codePoints(current) : 0
      if (typeof node["minLength"] === "number" && length < node["minLength"]) fail(`is shorter than ${node["minLength"]} characters`)
      if (typeof node["maxLength"] === "number" && length > node["maxLength"]) fail(`is longer than ${node["maxLength"]} characters`)
    }
    if (typeof current === "number") {
      if (typeof node["minimum"] === "number" && current < node["minimum"]) fail(`is less than ${node["minimum"]}`)
      if (typeof node["maximum"] === "number" && current > node["maximum"]) fail(`is more than ${node["maximum"]}`)
      if (typeof node["exclusiveMinimum"] === "number" && current <= node["exclusiveMinimum"]) {
        fail(`is not more than ${node["exclusiveMinimum"]}`)
      }
      if (typeof node["exclusiveMaximum"] === "number" && current >= node["exclusiveMaximum"]) {
        fail(`is not less than ${node["exclusiveMaximum"]}`)
      }
    }
    if (Array.isArray(current)) {
      if (typeof node["minItems"] === "number" && current.length < node["minItems"]) fail(`has fewer than ${node["minItems"]} items`)
      if (typeof node["maxItems"] === "number" && current.length > node["maxItems"]) fail(`has more than ${node["maxItems"]} items`)
      const items = node["items"] as OutputSchema | undefined
      if (items !== undefined) {
        current.forEach((item, i) => {
          if (!run(items, item, step(at, i), problems)) ok = false
        })
      }
    }
    if (isRecord(current)) {
      const properties = isRecord(node["properties"]) ? node["properties"] as Record<string, OutputSchema> : {}
      if (Array.isArray(node["required"])) {
        for (const name of node["required"] as ReadonlyArray<string>) {
          if (!Object.hasOwn(current, name)) fail(`is missing the member ${JSON.stringify(name)}`)
        }
      }
      const additional = node["additionalProperties"] as OutputSchema | undefined
      for (const [name, member] of Object.entries(current)) {
        const declared = Object.hasOwn(properties, name)
        const child = declared ? properties[name]! : additional
        if (child === undefined) continue
        if (child === false && !declared) {
          fail(`has the member ${JSON.stringify(name)}, which the schema does not allow`)
        } else if (!run(child, member, step(at, name), problems)) ok = false
      }
    }
    const branches = (keyword: string) => node[keyword] as ReadonlyArray<OutputSchema> | undefined
    const allOf = branches("allOf")
    if (allOf !== undefined) for (const branch of allOf) if (!run(branch, current, at, problems)) ok = false
    const anyOf = branches("anyOf")
    if (anyOf !== undefined && !anyOf.some((branch) => run(branch, current, at, undefined))) {
      fail(`matches none of the ${anyOf.length} schemas of anyOf`)
    }
    const oneOf = branches("oneOf")
    if (oneOf !== undefined) {
      const matches = oneOf.filter((branch) => run(branch, current, at, undefined)).length
      if (matches !== 1) fail(`matches ${matches} of the ${oneOf.length} schemas of oneOf, not exactly one`)
    }
    return ok
  }
  const problems: Array<Problem> = []
  try {
    return run(schema, value, path, problems) ? { _tag: "Valid" } : { _tag: "Invalid", problems }
  } catch (error) {
    if (error instanceof OutOfSteps) return { _tag: "Unchecked" }
    throw error
  }
}
