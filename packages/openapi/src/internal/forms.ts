/**
 * A request body that is one of several forms (docs/openapi.md §Body): a `oneOf` / `anyOf` at the
 * top of its schema, beside the properties every form shares or alone. A tool has one list of
 * params, so the forms are laid out as one object:
 *
 * - its properties are the shared ones and those of every object form (a shared definition wins: a
 *   form only narrows it, as GitHub's check-runs `status`);
 * - a property is required when every form requires it;
 * - a property two forms define differently still gets a schema that fits what each form sends:
 *   scalars of one type take the union of their allowed values (or none when one form allows any),
 *   anything else keeps the first form's schema and its description names the other forms' (the
 *   model can always send the first form; a looser schema would tell it nothing);
 * - what tells the forms apart (a property a form requires, a value it narrows) is said in one short
 *   remark on the tool, e.g. `{conclusion, status: "completed"} | {status: "queued" | "in_progress"}`;
 * - forms that are not objects (an array, a string) or that require a property no form defines
 *   cannot be sent with the tool's params: they are not offered, and a warning says so.
 *
 * Everything merged is paid for from the import's budget; forms are laid out with `objectShape`,
 * whose depth limit holds.
 */
import type { Context, Shape } from "./shape.js"
import { objectShape, perNode } from "./shape.js"
import * as Schema from "./schema.js"
import { clip, isRecord } from "./text.js"

/** @internal */
export interface Forms {
  /** The properties and the required keys the tool offers. */
  readonly shape: Shape
  /** For the operation's warnings: what is not offered, and what is approximated. */
  readonly notes: ReadonlyArray<string>
  /** For the tool's description: how the forms differ, when the params' `required` cannot say it. */
  readonly remark: string | undefined
}

/** Forms shown in the remark, keys and values shown per form: the remark costs tokens on every turn. */
const MAX_FORMS = 8
const MAX_KEYS = 6
const MAX_VALUES = 5
const REMARK_MAX = 400
/** How deep two property definitions are compared before they are taken as different. */
const SAME_DEPTH = 8

/**
 * The body's object as the tool offers it: `objectShape` for a plain object; the forms merged for a
 * top-level `oneOf` / `anyOf`; `undefined` when no form is an object (the body is then refused as
 * not an object, as before). Computed once per schema per import.
 *
 * @internal
 */
export const bodyForms = (ctx: Context, unresolved: unknown): Forms | undefined => {
  const plain = objectShape(ctx, unresolved)
  if (plain !== undefined) return { shape: plain, notes: [], remark: undefined }
  const schema = ctx.refs.resolve(unresolved)
  return isRecord(schema) ? mergeNode(ctx, schema) : undefined
}

/** `merge`, once per schema node per import. */
const mergeNode = perNode((ctx, schema) => merge(ctx, schema))

/** One object form: its own properties and the keys it requires (the shared ones included). */
interface Form {
  readonly properties: Readonly<Record<string, unknown>>
  readonly required: ReadonlySet<string>
}

const merge = (ctx: Context, schema: Record<string, unknown>): Forms | undefined => {
  const { budget, refs } = ctx
  const oneOf = Array.isArray(schema.oneOf) ? schema.oneOf : undefined
  const anyOf = Array.isArray(schema.anyOf) ? schema.anyOf : undefined
  // Both at once is two choices to combine: not laid out (the body stays refused).
  if ((oneOf === undefined) === (anyOf === undefined)) return undefined
  const branches = (oneOf ?? anyOf)!
  const { anyOf: _anyOf, oneOf: _oneOf, ...rest } = schema
  // What every form shares: the schema's own properties, `required` and `allOf`.
  const declared = rest.type !== undefined || isRecord(rest.properties) || Array.isArray(rest.allOf)
  if (rest.type !== undefined && rest.type !== "object") return undefined
  const shared = declared ? objectShape(ctx, rest) : { properties: {}, required: new Set<string>() }
  if (shared === undefined) return undefined

  const notes: Array<string> = []
  const others: Array<string> = []
  const forms: Array<Form> = []
  for (const branch of branches) {
    budget.spend(1)
    const shape = formShape(ctx, branch)
    if (shape === undefined) {
      others.push(Schema.summarize(refs, branch))
      continue
    }
    budget.spend(Object.keys(shape.properties).length + shape.required.size)
    forms.push({ properties: shape.properties, required: new Set([...shared.required, ...shape.required]) })
  }
  if (forms.length === 0) return undefined
  if (others.length > 0) {
    notes.push(`the request body's forms that are not objects are not offered (${others.slice(0, 3).map((o) => clip(o, 80)).join("; ")}${others.length > 3 ? "; …" : ""})`)
  }

  // A form that requires a property nothing defines cannot be sent with the tool's params.
  const defined = new Set([...Object.keys(shared.properties), ...forms.flatMap((f) => Object.keys(f.properties))])
  const sendable: Array<Form> = []
  for (const form of forms) {
    const missing = [...form.required].filter((key) => !defined.has(key))
    if (missing.length === 0) sendable.push(form)
    else notes.push(`a form of the request body is not offered: it requires ${missing.slice(0, 3).map((k) => JSON.stringify(clip(k, 40))).join(", ")}, which the body does not define`)
  }
  const offered = sendable.length > 0 ? sendable : forms

  // The shared definition first; a form's own property after it, in form order.
  const properties: Record<string, unknown> = { ...shared.properties }
  const firstForm = new Map<string, unknown>()
  const differing = new Map<string, Array<unknown>>()
  for (const form of offered) {
    for (const [key, definition] of Object.entries(form.properties)) {
      if (Object.hasOwn(shared.properties, key)) continue
      const first = firstForm.get(key)
      if (first === undefined && !firstForm.has(key)) {
        firstForm.set(key, definition)
        properties[key] = definition
      } else if (!same(ctx, first, definition, 0)) {
        const list = differing.get(key) ?? []
        if (list.every((d) => !same(ctx, d, definition, 0))) list.push(definition)
        differing.set(key, list)
      }
    }
  }
  for (const [key, definitions] of differing) {
    const widened = widen(ctx, firstForm.get(key), definitions)
    properties[key] = widened.schema
    if (widened.note !== undefined) notes.push(`body property "${clip(key, 40)}" ${widened.note}`)
  }
  const required = new Set([...offered[0]!.required].filter((key) => offered.every((form) => form.required.has(key))))
  return { shape: { properties, required }, notes, remark: remark(ctx, offered, properties, required, oneOf !== undefined) }
}

/**
 * A branch as an object form: an object schema (`objectShape`), or — beside the body's own
 * properties — a branch with no type of its own that only requires or narrows (`{"required": ["id"]}`).
 */
const formShape = (ctx: Context, unresolved: unknown): Shape | undefined => {
  if (ctx.refs.problem(unresolved) !== undefined) return undefined
  const shape = objectShape(ctx, unresolved, 1)
  if (shape !== undefined) return shape
  const branch = ctx.refs.resolve(unresolved)
  if (!isRecord(branch) || branch.type !== undefined) return undefined
  const choice = ["oneOf", "anyOf", "allOf", "items", "enum", "const", "not"].some((k) => branch[k] !== undefined)
  if (choice || !Array.isArray(branch.required)) return undefined
  return { properties: {}, required: new Set(branch.required.filter((r): r is string => typeof r === "string")) }
}

/**
 * Whether two definitions are the same schema: the same node, or equal JSON (GitHub writes a
 * property out again in each form), `$ref`s followed. Bounded in depth, every node paid for.
 */
const same = (ctx: Context, rawA: unknown, rawB: unknown, depth: number): boolean => {
  ctx.budget.spend(1)
  if (rawA === rawB) return true
  const a = ctx.refs.resolve(rawA)
  const b = ctx.refs.resolve(rawB)
  if (a === b) return true
  if (depth > SAME_DEPTH || typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false
  if (Array.isArray(a) !== Array.isArray(b)) return false
  const keys = Object.keys(a)
  if (keys.length !== Object.keys(b).length) return false
  return keys.every((k) => Object.hasOwn(b, k) && same(ctx, (a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], depth + 1))
}

/**
 * One schema for a property that forms define differently: scalars of one type widen (the union of
 * their string values, or any value when a form allows any); otherwise the first form's schema, its
 * description naming the others'.
 */
const widen = (ctx: Context, firstRaw: unknown, othersRaw: ReadonlyArray<unknown>): { readonly schema: unknown; readonly note?: string } => {
  const { refs } = ctx
  const first = refs.resolve(firstRaw)
  const others = othersRaw.map((o) => refs.resolve(o))
  const all = [first, ...others]
  const kinds = all.map((s) => Schema.kind(refs, s))
  const plain = all.every((s) => isRecord(s) && s.anyOf === undefined && s.oneOf === undefined)
  if (plain && isRecord(first) && kinds.every((k) => k._tag === "Scalar" && k.type === (kinds[0] as typeof k).type)) {
    const enums = all.map((s) => Schema.stringEnum(s))
    const union = enums.every((e) => e !== undefined) ? [...new Set(enums.flat())] : undefined
    const { enum: _enum, const: _const, ...rest } = first
    return { schema: union === undefined ? rest : { ...rest, enum: union } }
  }
  const summaries = [...new Set(others.map((o) => Schema.summarize(refs, o)))].slice(0, 3)
  const note = `Another body form gives it as: ${summaries.join("; ")}.`
  const description = Schema.joinDescription([Schema.ownText(first), note])
  return {
    schema: isRecord(first) ? { ...first, description } : first,
    note: `differs between the body's forms: the first form's schema is offered`
  }
}

/**
 * How the forms differ, in one line for the tool's description: per form, the keys it alone
 * requires and the values it narrows a property to. `undefined` when the params already say all
 * (one form, or a form that asks nothing more than the shared required keys).
 */
const remark = (
  ctx: Context,
  forms: ReadonlyArray<Form>,
  properties: Readonly<Record<string, unknown>>,
  required: ReadonlySet<string>,
  exclusive: boolean
): string | undefined => {
  if (forms.length < 2) return undefined
  const rendered: Array<string> = []
  for (const form of forms.slice(0, MAX_FORMS)) {
    const items: Array<string> = []
    const narrowed = (key: string): string | undefined => {
      const own = form.properties[key]
      if (own === undefined || same(ctx, own, properties[key], 0)) return undefined
      const values = valuesOf(ctx.refs.resolve(own))
      return values === undefined ? undefined : `${key}: ${values}`
    }
    // The keys the form alone requires, and those it narrows — even a key every form requires
    // (`data_type: "iteration"`) — in the form's own order.
    for (const key of new Set([...Object.keys(form.properties), ...form.required])) {
      const shown = narrowed(key)
      if (shown !== undefined) items.push(shown)
      else if (form.required.has(key) && !required.has(key)) items.push(key)
    }
    // A form that asks nothing more accepts what any of the params make: the forms need no remark.
    if (items.length === 0) return undefined
    rendered.push(`{${items.slice(0, MAX_KEYS).join(", ")}${items.length > MAX_KEYS ? ", …" : ""}}`)
  }
  if (new Set(rendered).size < 2) return undefined
  const more = forms.length > MAX_FORMS ? " | …" : ""
  const text = `The body takes ${exclusive ? "one" : "one or more"} of these forms: ${rendered.join(" | ")}${more}.`
  return clip(text, REMARK_MAX)
}

/** A short list of the values a schema allows (`"a" | "b"`), when it allows a few. */
const valuesOf = (schema: unknown): string | undefined => {
  if (!isRecord(schema)) return undefined
  const values = schema.const !== undefined ? [schema.const] : Array.isArray(schema.enum) ? schema.enum : undefined
  if (values === undefined || values.length === 0 || values.length > MAX_VALUES) return undefined
  if (!values.every((v) => typeof v === "string" || typeof v === "number" || typeof v === "boolean")) return undefined
  return values.map((v) => (typeof v === "string" ? JSON.stringify(clip(v, 40)) : String(v))).join(" | ")
}
