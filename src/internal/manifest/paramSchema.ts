/**
 * The JSON Schema a param carries (docs/protocol.md §1.10): the small subset of JSON Schema that
 * every provider a model runs on understands, that a client can check a value against in linear
 * time, and that can be written into a query or a form body without guessing. One definition of
 * it — the node types, what each may say, the limits — and the one check of a manifest's schema
 * against it, every problem with its path, so that validation, the model-facing schema, the
 * argument check and rendering all read the same nodes.
 *
 * Why a subset rather than all of JSON Schema: `oneOf`/`anyOf`, `$ref`, `pattern` and friends either
 * cannot be checked in bounded, linear time (a manifest's `pattern` run on a model's value is a
 * ReDoS), or have no single spelling in a query or form body, or are refused by OpenAI's strict mode.
 * Keywords outside the subset — and keywords of another type (`items` on a string), which JSON
 * Schema itself ignores — are dropped like unknown manifest fields (§8): each of them can only
 * narrow what a value may be, so a client that ignores one still sends a value the author described.
 */
import { clip } from "../shared/text.js"
import { isRecord } from "../shared/values.js"

type Path = ReadonlyArray<string | number>

interface Issue {
  readonly path: Path
  readonly message: string
}

// ---------------------------------------------------------------------------------------------
// The model
// ---------------------------------------------------------------------------------------------

/**
 * The type of one schema node. `integer` exists inside schemas only: as a param's own `type` it
 * would make every v0.1 client refuse the manifest (docs/extensions.md, "Integers").
 *
 * @internal
 */
export type NodeType = "string" | "number" | "integer" | "boolean" | "array" | "object"

/** @internal */
export interface StringNode {
  readonly type: "string"
  readonly description?: string
  readonly enum?: ReadonlyArray<string>
  readonly minLength?: number
  readonly maxLength?: number
  /** An annotation (JSON Schema 2020-12): shown to the model, never checked. */
  readonly format?: string
}

/** @internal */
export interface NumberNode {
  readonly type: "number" | "integer"
  readonly description?: string
  readonly minimum?: number
  readonly maximum?: number
  readonly exclusiveMinimum?: number
  readonly exclusiveMaximum?: number
}

/** @internal */
export interface BooleanNode {
  readonly type: "boolean"
  readonly description?: string
}

/** @internal */
export interface ArrayNode {
  readonly type: "array"
  readonly description?: string
  readonly items: SchemaNode
  readonly minItems?: number
  readonly maxItems?: number
}

/**
 * An object: `properties` (a fixed shape) and/or `additionalProperties` — `false` or absent: no
 * other key; a node: any other key, holding such values (a map, like Stripe's `metadata`);
 * `true`: any other key with any JSON value (free-form).
 *
 * @internal
 */
export interface ObjectNode {
  readonly type: "object"
  readonly description?: string
  readonly properties?: Readonly<Record<string, SchemaNode>>
  readonly required?: ReadonlyArray<string>
  readonly additionalProperties?: boolean | SchemaNode
}

/** @internal */
export type SchemaNode = StringNode | NumberNode | BooleanNode | ArrayNode | ObjectNode

/** The param types of protocol version 0.2 (docs/protocol.md §1.4). @internal */
export const PARAM_TYPES: ReadonlyArray<string> = ["string", "number", "boolean", "array", "object"]

/** The node types of a param's schema. @internal */
export const NODE_TYPES: ReadonlyArray<NodeType> = ["string", "number", "integer", "boolean", "array", "object"]

/**
 * How an array or object param is written where values become `key=value` pairs — a query or a
 * form body (docs/protocol.md §1.11): OpenAPI's `style` names.
 *
 * @internal
 */
export type Style = "form" | "spaceDelimited" | "pipeDelimited" | "deepObject"

/** @internal */
export const STYLES: ReadonlyArray<Style> = ["form", "spaceDelimited", "pipeDelimited", "deepObject"]

/** A style with its `explode` worked out: what rendering needs. @internal */
export interface Placement {
  readonly style: Style
  readonly explode: boolean
}

/**
 * What this module reads of a param. A structural type, so that it serves the manifest's `Param`
 * and raw input alike.
 *
 * @internal
 */
export interface ParamLike {
  readonly name: string
  readonly type: string
  readonly description?: string | undefined
  readonly enum?: ReadonlyArray<string> | undefined
  readonly schema?: SchemaNode | undefined
  readonly style?: Style | undefined
  readonly explode?: boolean | undefined
}

// ---------------------------------------------------------------------------------------------
// Limits
// ---------------------------------------------------------------------------------------------

/**
 * Nodes from a param's root to its deepest leaf, the root counting as 1. A tool's parameters add
 * one level above, which keeps every schema within OpenAI's strict-mode limit of 10.
 *
 * @internal
 */
export const MAX_DEPTH = 8

/** Nodes in one param's schema: room for any real request object, a bound on the work per param. @internal */
export const MAX_NODES = 1000

/** The longest property name: one segment of a form key (`metadata[<name>]`), never a document. @internal */
export const MAX_PROPERTY_NAME = 128

/** Values in one structured argument, counted as they are checked: the bound on a call's work. @internal */
export const MAX_VALUE_NODES = 10_000

/** Nesting inside a free-form value (`additionalProperties: true`), as for a manifest's `body` (§1.8). @internal */
export const MAX_FREE_DEPTH = 32

// ---------------------------------------------------------------------------------------------
// Small predicates
// ---------------------------------------------------------------------------------------------

/** Whether a param type holds a structured value. @internal */
export const isStructured = (type: string): type is "array" | "object" => type === "array" || type === "object"

/** Whether a node holds a single scalar (what a query pair can carry as one value). @internal */
export const isScalar = (node: SchemaNode): boolean => node.type !== "array" && node.type !== "object"

const quote = (text: string): string => JSON.stringify(clip(text, 60))

const CONTROL = /[\u0000-\u001f\u007f-\u009f]/

/**
 * Why `name` cannot be a property name, or undefined. Brackets would change a form or
 * `deepObject` key's structure (`a[b][c]`), an empty name is `a[]` (an array push to form
 * parsers), and `__proto__` cannot be an own key of a decoded JavaScript object.
 *
 * @internal
 */
export const propertyNameProblem = (name: string): string | undefined => {
  if (name === "") return "a property name cannot be empty"
  if (name.length > MAX_PROPERTY_NAME) return `a property name is at most ${MAX_PROPERTY_NAME} characters`
  if (name === "__proto__") return "the property name \"__proto__\" is not allowed"
  if (name.includes("[") || name.includes("]")) return "a property name cannot contain \"[\" or \"]\""
  if (CONTROL.test(name)) return "a property name cannot contain control characters"
  return undefined
}

// ---------------------------------------------------------------------------------------------
// Checking a manifest's schema
// ---------------------------------------------------------------------------------------------

interface Walk {
  readonly issues: Array<Issue>
  nodes: number
  /** Set once the node budget is spent: the one issue is reported, the rest is not walked. */
  exhausted: boolean
}

const isCount = (u: unknown): u is number => typeof u === "number" && Number.isSafeInteger(u) && u >= 0
const isFinite = (u: unknown): u is number => typeof u === "number" && Number.isFinite(u)

const push = (walk: Walk, path: Path, message: string): void => {
  walk.issues.push({ path, message })
}

/**
 * Checks one node and returns it with only the subset's keywords, or undefined when it (or
 * anything under it) has a problem. Recursion is bounded by `MAX_DEPTH` (checked before
 * descending), and the whole walk by `MAX_NODES`.
 */
const readNode = (raw: unknown, at: Path, depth: number, walk: Walk): SchemaNode | undefined => {
  if (walk.exhausted) return undefined
  if (++walk.nodes > MAX_NODES) {
    walk.exhausted = true
    push(walk, at, `the schema has more than ${MAX_NODES} nodes`)
    return undefined
  }
  if (!isRecord(raw)) {
    const got = Array.isArray(raw) ? "an array" : raw === null ? "null" : `a ${typeof raw}`
    push(walk, at, `a schema must be an object, got ${got}`)
    return undefined
  }
  const type = raw.type
  if (typeof type !== "string" || !(NODE_TYPES as ReadonlyArray<string>).includes(type)) {
    const got = typeof type === "string" ? quote(type) : type === undefined ? "(missing)" : `a ${typeof type}`
    push(walk, [...at, "type"], `expected ${NODE_TYPES.map((t) => `"${t}"`).join(" | ")}, got ${got}`)
    return undefined
  }
  const before = walk.issues.length
  const node: Record<string, unknown> = { type }
  if (raw.description !== undefined) {
    if (typeof raw.description === "string") node.description = raw.description
    else push(walk, [...at, "description"], "must be a string")
  }
  switch (type as NodeType) {
    case "string":
      readString(raw, at, node, walk)
      break
    case "number":
    case "integer":
      readNumber(raw, at, node, walk, type === "integer")
      break
    case "boolean":
      break
    case "array":
      readArray(raw, at, node, depth, walk)
      break
    case "object":
      readObject(raw, at, node, depth, walk)
      break
  }
  return walk.issues.length === before ? (node as unknown as SchemaNode) : undefined
}

const readCount = (
  raw: Record<string, unknown>,
  keyword: string,
  at: Path,
  node: Record<string, unknown>,
  walk: Walk
): void => {
  const value = raw[keyword]
  if (value === undefined) return
  if (isCount(value)) node[keyword] = value
  else push(walk, [...at, keyword], "must be a whole number, 0 or more")
}

const readRange = (node: Record<string, unknown>, min: string, max: string, at: Path, walk: Walk) => {
  const low = node[min]
  const high = node[max]
  if (typeof low === "number" && typeof high === "number" && low > high) {
    push(walk, [...at, min], `is larger than ${max} (${high}): no value fits`)
  }
}

const readString = (raw: Record<string, unknown>, at: Path, node: Record<string, unknown>, walk: Walk): void => {
  if (raw.enum !== undefined) {
    const values = raw.enum
    if (!Array.isArray(values)) {
      push(walk, [...at, "enum"], "must be an array of strings")
    } else {
      if (values.length === 0) push(walk, [...at, "enum"], "must list at least one value")
      const seen = new Map<string, number>()
      values.forEach((value: unknown, k) => {
        if (typeof value !== "string") {
          push(walk, [...at, "enum", k], "must be a string")
          return
        }
        const first = seen.get(value)
        if (first === undefined) seen.set(value, k)
        else push(walk, [...at, "enum", k], `duplicate value ${quote(value)} (also enum[${first}])`)
      })
      node.enum = values
    }
  }
  readCount(raw, "minLength", at, node, walk)
  readCount(raw, "maxLength", at, node, walk)
  readRange(node, "minLength", "maxLength", at, walk)
  if (raw.format !== undefined) {
    if (typeof raw.format === "string" && raw.format !== "") node.format = raw.format
    else push(walk, [...at, "format"], "must be a non-empty string")
  }
}

const readNumber = (
  raw: Record<string, unknown>,
  at: Path,
  node: Record<string, unknown>,
  walk: Walk,
  integer: boolean
): void => {
  for (const keyword of ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"] as const) {
    const value = raw[keyword]
    if (value === undefined) continue
    if (isFinite(value)) node[keyword] = value
    else {
      // Draft 4 wrote `exclusiveMinimum: true` beside `minimum`; 2020-12 (what providers read) a number.
      const hint = typeof value === "boolean" && keyword.startsWith("exclusive") ? " (the JSON Schema 2020-12 form)" : ""
      push(walk, [...at, keyword], `must be a finite number${hint}`)
    }
  }
  if (!hasNumbers(node, integer)) {
    push(walk, at, `its bounds leave no ${integer ? "integer" : "number"} that fits`)
  }
}

/** Whether the bounds of a number node leave any value (any integer, for an integer node). */
const hasNumbers = (node: Record<string, unknown>, integer: boolean): boolean => {
  const min = node.minimum as number | undefined
  const max = node.maximum as number | undefined
  const xmin = node.exclusiveMinimum as number | undefined
  const xmax = node.exclusiveMaximum as number | undefined
  if (integer) {
    let low = -Infinity
    let high = Infinity
    if (min !== undefined) low = Math.max(low, Math.ceil(min))
    if (xmin !== undefined) low = Math.max(low, Math.floor(xmin) + 1)
    if (max !== undefined) high = Math.min(high, Math.floor(max))
    if (xmax !== undefined) high = Math.min(high, Math.ceil(xmax) - 1)
    return low <= high
  }
  const low = Math.max(min ?? -Infinity, xmin ?? -Infinity)
  const high = Math.min(max ?? Infinity, xmax ?? Infinity)
  const open = (xmin !== undefined && xmin >= low) || (xmax !== undefined && xmax <= high)
  return open ? low < high : low <= high
}

const readArray = (raw: Record<string, unknown>, at: Path, node: Record<string, unknown>, depth: number, walk: Walk) => {
  readCount(raw, "minItems", at, node, walk)
  readCount(raw, "maxItems", at, node, walk)
  readRange(node, "minItems", "maxItems", at, walk)
  if (raw.items === undefined) {
    push(walk, [...at, "items"], "an array schema needs items (the schema of each element)")
  } else if (depth >= MAX_DEPTH) {
    push(walk, [...at, "items"], `the schema nests deeper than ${MAX_DEPTH} levels`)
  } else {
    node.items = readNode(raw.items, [...at, "items"], depth + 1, walk)
  }
}

const readObject = (raw: Record<string, unknown>, at: Path, node: Record<string, unknown>, depth: number, walk: Walk) => {
  const properties = raw.properties
  const additional = raw.additionalProperties
  if (properties === undefined && additional === undefined) {
    push(walk, at, "an object schema needs properties, or additionalProperties (a schema, or true for any keys)")
  }
  if (properties !== undefined && !isRecord(properties)) {
    push(walk, [...at, "properties"], "must be an object of schemas")
  } else if (properties !== undefined) {
    const out: Record<string, SchemaNode | undefined> = {}
    for (const name of Object.keys(properties)) {
      if (walk.exhausted) break
      const problem = propertyNameProblem(name)
      if (problem !== undefined) push(walk, [...at, "properties", name], problem)
      if (depth >= MAX_DEPTH) {
        push(walk, [...at, "properties", name], `the schema nests deeper than ${MAX_DEPTH} levels`)
        continue
      }
      const child = readNode(properties[name], [...at, "properties", name], depth + 1, walk)
      if (problem === undefined) out[name] = child
    }
    node.properties = out
  }
  if (raw.required !== undefined) {
    const required = raw.required
    if (!Array.isArray(required)) {
      push(walk, [...at, "required"], "must be an array of property names")
    } else {
      const seen = new Set<string>()
      required.forEach((name: unknown, k) => {
        if (typeof name !== "string") push(walk, [...at, "required", k], "must be a string")
        else if (seen.has(name)) push(walk, [...at, "required", k], `${quote(name)} is listed twice`)
        else if (!isRecord(properties) || !Object.hasOwn(properties, name)) {
          push(walk, [...at, "required", k], `${quote(name)} is not one of the properties`)
        }
        if (typeof name === "string") seen.add(name)
      })
      node.required = required
    }
  }
  if (additional !== undefined) {
    if (typeof additional === "boolean") {
      if (additional) node.additionalProperties = true
    } else if (depth >= MAX_DEPTH) {
      push(walk, [...at, "additionalProperties"], `the schema nests deeper than ${MAX_DEPTH} levels`)
    } else {
      node.additionalProperties = readNode(additional, [...at, "additionalProperties"], depth + 1, walk)
    }
  }
}

/**
 * A `string`/`number`/`boolean` param's optional `schema`: its bounds (an extension of v0.1 that
 * older clients ignore, docs/protocol.md §8). The same node rules, plus: its type is the param's
 * (an `integer` under a `number` param), and no `enum` (the param's own `enum` says that).
 */
const checkScalarSchema = (type: string, schema: SchemaNode, at: Path, issues: Array<Issue>): void => {
  const fits = schema.type === type || (type === "number" && schema.type === "integer")
  if (!fits) {
    const allowed = type === "number" ? "\"number\" or \"integer\"" : `"${type}"`
    issues.push({ path: [...at, "type"], message: `must be ${allowed}, the param's type` })
  } else if (schema.type === "string" && schema.enum !== undefined) {
    issues.push({ path: [...at, "enum"], message: "a string param lists its values in its own enum, not in its schema" })
  }
}

/**
 * The problems of one param's `schema`, `style` and `explode` (docs/protocol.md §1.10, §1.11),
 * pushed onto `issues`; the schema read back with only the subset's keywords when it has none.
 * `at` is the param's path (`tools[0].params[1]`). Where the param is placed — never in a path or
 * a header — is the tool's check (it needs the templates).
 *
 * @internal
 */
export const checkParam = (param: Record<string, unknown>, at: Path, issues: Array<Issue>): SchemaNode | undefined => {
  const type = typeof param.type === "string" ? param.type : undefined
  const structured = type !== undefined && isStructured(type)
  let schema: SchemaNode | undefined
  if (param.schema === undefined) {
    if (structured) issues.push({ path: [...at, "schema"], message: `an "${type}" param needs a schema` })
  } else if (type !== undefined && PARAM_TYPES.includes(type) && isRecord(param.schema)) {
    // A schema that is no object, or a type this library does not know, is the Schema's to report.
    const walk: Walk = { issues: [], nodes: 0, exhausted: false }
    schema = readNode(param.schema, [...at, "schema"], 1, walk)
    issues.push(...walk.issues)
    if (schema !== undefined) {
      if (!structured) checkScalarSchema(type, schema, [...at, "schema"], issues)
      else if (schema.type !== type) {
        issues.push({ path: [...at, "schema", "type"], message: `must be "${type}", the param's type` })
      }
    }
  }
  checkStyle(param, type, structured ? schema : undefined, at, issues)
  return schema
}

const checkStyle = (
  param: Record<string, unknown>,
  type: string | undefined,
  schema: SchemaNode | undefined,
  at: Path,
  issues: Array<Issue>
): void => {
  const { explode, style } = param
  if (style === undefined && explode === undefined) return
  if (type !== undefined && !isStructured(type)) {
    const field = style === undefined ? "explode" : "style"
    issues.push({ path: [...at, field], message: `applies to "array" and "object" params only` })
    return
  }
  // A style that is none of these, or an explode that is no boolean, is the Schema's to report.
  if (style !== undefined && !(typeof style === "string" && (STYLES as ReadonlyArray<string>).includes(style))) return
  const named = style as Style | undefined
  if (named === "deepObject" && explode === false) {
    issues.push({ path: [...at, "explode"], message: "\"deepObject\" is always exploded (one pair per value)" })
  }
  if ((named === "spaceDelimited" || named === "pipeDelimited") && explode === true) {
    issues.push({ path: [...at, "explode"], message: `"${named}" joins the items into one value: explode must be false` })
  }
  if (schema === undefined || named === undefined || named === "deepObject") return
  if (schema.type !== "array" || !isScalar(schema.items)) {
    issues.push({
      path: [...at, "style"],
      message: `"${named}" writes an array of strings, numbers or booleans only; use "deepObject" for nested values`
    })
  }
}

// ---------------------------------------------------------------------------------------------
// Reading a checked param
// ---------------------------------------------------------------------------------------------

/**
 * How a structured param is written into `key=value` pairs: its declared style, or by its shape —
 * an array of scalars as repeated keys (OpenAPI's default for queries and form bodies), anything
 * else in brackets (`deepObject`): OpenAPI's own default would spread an object's keys into the
 * query, where a key the model chose could set another param's key.
 *
 * @internal
 */
export const placementOf = (param: ParamLike): Placement => {
  const schema = param.schema
  const style: Style = param.style ??
    (schema !== undefined && schema.type === "array" && isScalar(schema.items) ? "form" : "deepObject")
  const explode = param.explode ?? (style === "form" || style === "deepObject")
  return { style, explode }
}

/**
 * The whole schema of a param's value, whatever its type: a structured param's `schema`; for a
 * scalar, its type (`integer` when its schema says so), `enum` and bounds. The one input of the
 * model-facing schema and of the value check. The param's `description` wins over the schema's.
 *
 * @internal
 */
export const nodeOf = (param: ParamLike): SchemaNode => {
  // A manifest's params are immutable once decoded: each node is built once, on first use.
  let node = nodes.get(param)
  if (node === undefined) nodes.set(param, node = buildNode(param))
  return node
}

const nodes = new WeakMap<ParamLike, SchemaNode>()

const buildNode = (param: ParamLike): SchemaNode => {
  const schema = param.schema
  const description = param.description ?? schema?.description
  if (schema !== undefined && isStructured(param.type)) {
    return description === schema.description ? schema : { ...schema, description } as SchemaNode
  }
  const type = (schema?.type ?? param.type) as NodeType
  const node: Record<string, unknown> = { ...schema, type }
  if (description === undefined) delete node.description
  else node.description = description
  if (param.enum !== undefined) node.enum = param.enum
  return node as unknown as SchemaNode
}

/**
 * Whether a param's value needs the schema check (`nodeOf`): false for most params, which keep
 * the plain type check, with no node built.
 *
 * @internal
 */
export const constrained = (param: ParamLike): boolean => param.schema !== undefined || isStructured(param.type)
