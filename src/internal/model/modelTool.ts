/**
 * What the model sees of a tool (docs/protocol.md §7) and the check of what it sends back (docs/protocol.md §3.2). Both
 * read the same visible-param list, so the schema shown and the schema enforced cannot drift.
 */
import type * as Manifest from "../../Manifest.js"
import { isRequired } from "../manifest/model.js"
import type { OutputSchema } from "../manifest/outputSchema.js"
import * as ParamEnum from "../manifest/paramEnum.js"
import * as ParamSchema from "../manifest/paramSchema.js"
import * as ParamValue from "../manifest/paramValue.js"
import * as Fields from "../result/fields.js"
import { describeValue, shown } from "../shared/text.js"
import { isParamValue, isRecord, type Value } from "../shared/values.js"
import * as ArgumentProblems from "./argumentProblems.js"
import * as ModelSchema from "./modelSchema.js"

/**
 * One property of a tool's `parameters`: a JSON Schema node. For a string, number or boolean
 * param, its `type`, `description` and `enum` (and its bounds, docs/protocol.md §8); for an array
 * or object param, its whole schema (§1.10, §7) — `items`, `properties`, `required`,
 * `additionalProperties` and the bounds, at any depth.
 *
 * @since 0.1.0
 * @category models
 */
export interface ModelParameter {
  readonly type: ParamSchema.NodeType
  readonly description?: string
  /** The only values the param takes (the `enum` extension, docs/protocol.md §8). */
  readonly enum?: ReadonlyArray<string>
  /** The rest of a JSON Schema node: `items`, `properties`, `minimum`, … */
  readonly [keyword: string]: unknown
}

/**
 * A tool as handed to a model: `parameters` fits OpenAI's `function.parameters`, Anthropic's
 * `input_schema` and Gemini's function declarations as-is.
 *
 * @since 0.1.0
 * @category models
 */
export interface ModelTool {
  readonly name: string
  readonly description: string
  readonly parameters: {
    readonly type: "object"
    readonly properties: Readonly<Record<string, ModelParameter>>
    readonly required: ReadonlyArray<string>
    readonly additionalProperties: false
  }
  /**
   * The shape of the tool's result, when the manifest declares one or its `responseMappings` give
   * one (docs/protocol.md §8): for the integrations with a place for it (MCP, Gemini, the AI SDK).
   */
  readonly outputSchema?: OutputSchema
}

// Literals, not spreads: no throwaway objects per param, and one object shape per case. A param
// with a schema (an array or object, or a scalar's bounds) is its schema node as JSON Schema.
const parameter = (param: Manifest.Param): ModelParameter => {
  if (ParamSchema.constrained(param)) return ModelSchema.plain(ParamSchema.nodeOf(param)) as ModelParameter
  const { description, enum: allowed, type } = param as Manifest.Param & { readonly type: "string" | "number" | "boolean" }
  return description === undefined
    ? allowed === undefined ? { type } : { type, enum: allowed }
    : allowed === undefined
    ? { type, description }
    : { type, description, enum: allowed }
}

/**
 * The model-facing tool: its visible params, and — when the tool offers the model a projection of
 * its result (docs/results.md "Asking for less: fields") — the client's own optional argument
 * under `fieldsArgument`, a name no param of the tool has.
 *
 * @internal
 */
export const make = (
  tool: Manifest.Tool,
  visible: ReadonlyArray<Manifest.Param>,
  name = tool.name,
  fieldsArgument?: string | undefined,
  outputSchema?: OutputSchema | undefined
): ModelTool => {
  // Built in one loop, without entry pairs or filtered copies: discovery makes one per tool.
  const properties: Record<string, ModelParameter> = {}
  const required: Array<string> = []
  for (const param of visible) {
    // Defined, not assigned: a param named `__proto__` stays a plain key, not the prototype.
    if (param.name === "__proto__") {
      Object.defineProperty(properties, param.name, {
        value: parameter(param),
        enumerable: true,
        writable: true,
        configurable: true
      })
    } else {
      properties[param.name] = parameter(param)
    }
    if (isRequired(param)) required.push(param.name)
  }
  if (fieldsArgument !== undefined) properties[fieldsArgument] = FIELDS_PARAMETER
  const parameters = { type: "object", properties, required, additionalProperties: false } as const
  return outputSchema === undefined
    ? { name, description: tool.description, parameters }
    : { name, description: tool.description, parameters, outputSchema }
}

/** The `fields` argument as the model sees it (`result/fields.ts` reads what it sends). */
const FIELDS_PARAMETER: ModelParameter = {
  type: "array",
  description: Fields.argumentSchema.description,
  items: { type: "string" },
  maxItems: Fields.argumentSchema.maxItems
}

/** How many unknown keys a problem names; the rest are counted. */
const SHOWN_KEYS = 10

/** @internal */
export type CheckResult =
  | { readonly _tag: "Ok"; readonly values: ReadonlyMap<string, Value> }
  | { readonly _tag: "Invalid"; readonly problems: ReadonlyArray<string> }


/** @internal */
export type ReadResult =
  | { readonly _tag: "Ok"; readonly args: Readonly<Record<string, unknown>> }
  | { readonly _tag: "Invalid"; readonly problems: ReadonlyArray<string> }

/**
 * The model's arguments read into an object: the object itself, or the JSON string LLM APIs return
 * parsed (`""` and no arguments at all are `{}`); anything else is a problem for the model.
 *
 * @internal
 */
export const readArguments = (input: unknown): ReadResult => {
  let args: unknown = input
  if (typeof input === "string") {
    if (input.trim() === "") {
      args = {}
    } else {
      try {
        args = JSON.parse(input)
      } catch {
        return { _tag: "Invalid", problems: ["the arguments are not valid JSON; send a JSON object"] }
      }
    }
  } else if (input === undefined) {
    args = {}
  }
  if (!isRecord(args)) {
    return { _tag: "Invalid", problems: [`the arguments must be a JSON object, got ${describeValue(args)}`] }
  }
  return { _tag: "Ok", args }
}

/**
 * Checks the model's arguments (an object or the JSON string LLM APIs return) against the visible
 * params, strictly: no coercion, no unknown keys, and a key naming a hidden (resolver-bound) param
 * is refused rather than silently dropped, so the model learns not to send it. `visible` is the
 * visible params by name (in their order), built once per tool (`CompiledTool.visibleByName`).
 *
 * @internal
 */
export const checkArguments = (
  visible: ReadonlyMap<string, Manifest.Param>,
  hidden: ReadonlySet<string>,
  input: unknown
): CheckResult => {
  const read = readArguments(input)
  if (read._tag === "Invalid") return read
  const args = read.args

  const problems: Array<string> = []
  // One problem per kind, not per key: a model that sends a thousand unknown keys gets one line
  // naming the first few, not a thousand lines each repeating the expected list.
  const unknown: Array<string> = []
  for (const key of Object.keys(args)) {
    if (hidden.has(key)) {
      problems.push(`"${key}" is filled in by the client and must not be sent; leave it out`)
    } else if (!visible.has(key)) {
      unknown.push(key)
    }
  }
  if (unknown.length > 0) {
    const expected = visible.size === 0 ? "this tool takes no arguments" : `expected: ${[...visible.keys()].join(", ")}`
    const listed = unknown.slice(0, SHOWN_KEYS).map((key) => `"${shown(key, 40)}"`).join(", ")
    const more = unknown.length > SHOWN_KEYS ? `, … (${unknown.length - SHOWN_KEYS} more)` : ""
    problems.push(`unknown argument${unknown.length === 1 ? "" : "s"} ${listed}${more} (${expected})`)
  }
  const values = new Map<string, Value>()
  for (const param of visible.values()) {
    const value = Object.hasOwn(args, param.name) ? args[param.name] : undefined
    // `null` for an optional param is how OpenAI strict mode says "left out"; for a required one it is wrong.
    if (value === undefined || (value === null && !isRequired(param))) {
      if (isRequired(param)) problems.push(`missing required argument "${param.name}" (${param.type})`)
    } else if (ParamSchema.constrained(param)) {
      // An array or object (or a scalar with bounds): checked against its schema, problems with their paths.
      const checked = ParamValue.conform(ParamSchema.nodeOf(param), value)
      if (checked._tag === "Ok") values.set(param.name, checked.value as Value)
      else problems.push(...ArgumentProblems.describeAll(param.name, checked.problems, checked.more))
    } else if (!isParamValue(param.type as "string" | "number" | "boolean", value)) {
      problems.push(`"${param.name}" must be ${article(param.type)}, got ${describeValue(value)}`)
    } else if (!ParamEnum.allows(param.enum, value)) {
      problems.push(`"${param.name}" must be one of ${ParamEnum.describeAllowed(param.enum ?? [])}`)
    } else {
      values.set(param.name, value)
    }
  }
  return problems.length > 0 ? { _tag: "Invalid", problems } : { _tag: "Ok", values }
}

const article = (type: Manifest.ParamType): string => (type === "string" ? "a string" : `a ${type}`)
