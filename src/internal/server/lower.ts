/**
 * Lowering what a server author writes in code (`defineTool`'s options: `args` and template
 * callbacks) to the manifest's JSON shape (docs/protocol.md §1). `args` goes to the lowerer
 * of its kind (`lowerEffect.ts`, or `standardSchema.ts` + `lowerJsonSchema.ts`); what a lowering
 * loses travels with the tool (`LOWERING`). Nothing here validates — `Server.manifest` runs the one
 * validation the client runs too.
 */
import { isSchema, typeOf } from "#target/LowerEffect.js"
import type * as Manifest from "../../Manifest.js"
import type * as Server from "../../Server.js"
import { clip, describeValue } from "../shared/text.js"
import { label } from "./effectSchemaNode.js"
import { ArgsInvalid } from "./errors.js"
import * as LowerEffect from "./lowerEffect.js"
import * as LowerJsonSchema from "./lowerJsonSchema.js"
import * as LowerOutput from "./lowerOutput.js"
import { type Lowered, type LossWarning, toParam } from "./loweredParam.js"
import * as StandardSchema from "./standardSchema.js"

/**
 * The `t` handed to every template callback. One shared object: `arg` has no state.
 *
 * @internal
 */
export const template: Server.Template<string> = {
  arg: (name) => `{{${name}}}`
}

const ACCEPTED = "args must be an Effect Schema.Struct or a Standard Schema object that can describe itself as " +
  "JSON Schema (zod 4, valibot with toStandardJsonSchema, arktype)"

// An Effect Schema that is not a struct is named by the lowering's own label of its type, the
// same words on both Effects (Effect 4's `String(ast)` prints `<String>` where Effect 3's prints `string`).
const describeArgs = (args: unknown): string =>
  isSchema(args) ? `an Effect Schema that is not a Schema.Struct (${clip(label(typeOf(args)), 60)})` : describeValue(args)

/**
 * Every field of `args` as the lowerer of its kind understood it, in field order. What cannot be
 * lowered throws `ArgsInvalid` here, where the author wrote the tool.
 */
const lowerArgs = (toolName: string, args: unknown): ReadonlyArray<readonly [string, Lowered]> => {
  const fields = LowerEffect.fieldsOf(args)
  if (fields !== undefined) return Object.keys(fields).map((name) => [name, LowerEffect.lowerField(fields[name]!)])
  const props = StandardSchema.propsOf(args)
  if (props === undefined) throw new ArgsInvalid({ tool: toolName, reason: `${ACCEPTED}; got ${describeArgs(args)}` })
  const json = StandardSchema.jsonSchemaOf(props)
  if (json._tag === "Fail") throw new ArgsInvalid({ tool: toolName, reason: `${ACCEPTED}, but ${json.reason}` })
  const object = LowerJsonSchema.lowerObject(json.schema)
  if (object._tag === "NotAnObject") {
    throw new ArgsInvalid({
      tool: toolName,
      reason: "args must describe an object (z.object, v.object, type({ … })), one param per property; " +
        `got ${object.got}`
    })
  }
  return object.fields
}

/**
 * The key under which a tool built by `defineTool` carries what its lowering lost. A registered
 * symbol, not a `WeakMap` of this module: a server module built with one line of rcp-sdk (Effect 4)
 * may be read by a CLI on the other (Effect 3), which has its own copy of this module; the
 * warnings travel with the tool as plain data (docs/effect4.md §Publishing). Not enumerable, so
 * the tool stays plain JSON-ready data and a copy of it (`{ ...tool }`) reports nothing, as before.
 *
 * @internal
 */
export const LOWERING: unique symbol = Symbol.for("rcp-sdk/lowering") as never

/** What a tool carries under `LOWERING`: its args' losses and its output's. @internal */
export interface Losses {
  readonly args: ReadonlyArray<LossWarning>
  readonly output: ReadonlyArray<LowerOutput.OutputLoss>
}

const isLoss = (u: unknown): u is LossWarning =>
  typeof u === "object" && u !== null && typeof (u as LossWarning).arg === "string" &&
  typeof (u as LossWarning).message === "string"

const isOutputLoss = (u: unknown): u is LowerOutput.OutputLoss =>
  typeof u === "object" && u !== null && typeof (u as LowerOutput.OutputLoss).message === "string" &&
  Array.isArray((u as LowerOutput.OutputLoss).path) &&
  (u as LowerOutput.OutputLoss).path.every((step) => typeof step === "string" || typeof step === "number")

/**
 * What `tool` carries under `LOWERING`. It may come from another copy of rcp-sdk (another version
 * line), so it is read as untrusted data: anything that is not a loss is left out.
 *
 * @internal
 */
export const lossesOf = (tool: Manifest.Tool): Losses => {
  const carried: unknown = typeof tool === "object" && tool !== null ? (tool as { [LOWERING]?: unknown })[LOWERING] : undefined
  if (typeof carried !== "object" || carried === null) return { args: [], output: [] }
  const { args, output } = carried as { readonly args?: unknown; readonly output?: unknown }
  return {
    args: Array.isArray(args) ? args.filter(isLoss) : [],
    output: Array.isArray(output) ? output.filter(isOutputLoss) : []
  }
}

/**
 * The warnings of `tools`, each at its place in the manifest: an arg's param, or a place in the
 * tool's `outputSchema` (`arg: "output"`).
 *
 * @internal
 */
export const warnings = (tools: ReadonlyArray<Manifest.Tool>): Array<Server.LoweringWarning> =>
  tools.flatMap((tool, i) => {
    const losses = lossesOf(tool)
    return [
      ...losses.args.map((loss) => ({
        path: ["tools", i, "params", tool.params.findIndex((param) => param.name === loss.arg)],
        tool: tool.name,
        arg: loss.arg,
        message: loss.message
      })),
      ...losses.output.map((loss) => ({
        path: ["tools", i, "outputSchema", ...loss.path],
        tool: tool.name,
        arg: "output",
        message: `output of tool ${JSON.stringify(tool.name)}: ${loss.message}`
      }))
    ]
  })

/**
 * One param per field of `args`, in field order, `required` always written out, and what the
 * lowering lost.
 *
 * @internal
 */
export const params = (
  toolName: string,
  args: unknown
): { readonly params: Array<Manifest.Param>; readonly losses: Array<LossWarning> } => {
  const out = { params: [] as Array<Manifest.Param>, losses: [] as Array<LossWarning> }
  for (const [name, lowered] of lowerArgs(toolName, args)) {
    const { param, warnings } = toParam(toolName, name, lowered)
    out.params.push(param)
    out.losses.push(...warnings)
  }
  return out
}

const resolve = <A>(value: A | ((t: Server.Template<string>) => A)): A =>
  typeof value === "function" ? (value as (t: Server.Template<string>) => A)(template) : value

const resolveRecord = (record: Server.StringTemplates<string>): Record<string, string> => {
  if (typeof record === "function") return { ...record(template) }
  const out: Record<string, string> = {}
  for (const [key, value] of Object.entries(record)) out[key] = resolve(value)
  return out
}

const isPlainObject = (u: unknown): u is Record<string, unknown> => {
  if (typeof u !== "object" || u === null) return false
  const proto = Object.getPrototypeOf(u)
  return proto === Object.prototype || proto === null
}

/**
 * Calls every callback in a body template, at any depth. Anything that is not a callback, an
 * array or a plain object is kept as it is, so that validation can name it.
 */
const resolveBody = (body: unknown): unknown => {
  if (typeof body === "function") return resolveBody((body as (t: Server.Template<string>) => unknown)(template))
  if (Array.isArray(body)) return body.map(resolveBody)
  if (!isPlainObject(body)) return body
  const out: Record<string, unknown> = {}
  for (const [key, child] of Object.entries(body)) out[key] = resolveBody(child)
  return out
}

/**
 * `defineTool`'s options as a manifest tool; optional fields the author left out stay absent.
 *
 * @internal
 */
export const tool = (options: Server.ToolOptions<Server.Args | undefined>): Manifest.Tool => {
  const toolName = typeof options.name === "string" ? options.name : describeValue(options.name)
  const lowered = options.args === undefined ? { params: [], losses: [] } : params(toolName, options.args)
  const output = options.output === undefined ? undefined : LowerOutput.lower(toolName, options.output)
  const styles: Readonly<Record<string, Server.ParamStyle | undefined>> = options.styles ?? {}
  const withStyles = options.styles === undefined ? lowered.params : lowered.params.map((param) => {
    const style = Object.hasOwn(styles, param.name) ? styles[param.name] : undefined
    return style === undefined ? param : {
      ...param,
      ...(style.style === undefined ? {} : { style: style.style }),
      ...(style.explode === undefined ? {} : { explode: style.explode })
    }
  })
  const built: Manifest.Tool = {
    name: options.name,
    description: options.description,
    method: options.method,
    params: withStyles,
    url: resolve(options.url),
    ...(options.queryParams === undefined ? {} : { queryParams: resolveRecord(options.queryParams) }),
    ...(options.headers === undefined ? {} : { headers: resolveRecord(options.headers) }),
    ...(options.body === undefined ? {} : { body: resolveBody(options.body) }),
    ...(options.bodyEncoding === undefined ? {} : { bodyEncoding: options.bodyEncoding }),
    ...(options.responseMappings === undefined ? {} : { responseMappings: { ...options.responseMappings } }),
    // `true` says nothing of a result: published as no outputSchema at all.
    ...(output === undefined || output.schema === true ? {} : { outputSchema: output.schema })
  }
  const losses: Losses = { args: lowered.losses, output: output?.losses ?? [] }
  if (losses.args.length > 0 || losses.output.length > 0) {
    Object.defineProperty(built, LOWERING, { value: losses, enumerable: false })
  }
  return built
}
