/**
 * The request body (docs/openapi.md §Body): a JSON body whose schema is an object gives one param
 * per top-level property, placed in the `body` template under the property's own key. A property
 * that is itself an object or array cannot be a manifest param (a param's value is a string,
 * number or boolean): optional ones are left out with a note, a required one makes the operation
 * unrepresentable. Other bodies (multipart, form, binary, non-object JSON) likewise: left out when
 * optional, the operation skipped when required.
 */
import type { Budget } from "./budget.js"
import type { Draft } from "./draft.js"
import type { Refs } from "./refs.js"
import * as Schema from "./schema.js"
import { isRecord } from "./text.js"

const JSON_MEDIA = /^application\/(?:[A-Za-z0-9.!#$&^_-]+\+)?json\s*(?:;|$)/i

/** @internal */
export interface Body {
  /** The body's schema when it is JSON; `undefined` when the body is of another media type. */
  readonly schema: unknown
  readonly json: boolean
  readonly required: boolean
  /** The media types offered, for notes. */
  readonly media: string
  /** Why the body's description cannot be read (a `$ref` that points nowhere). */
  readonly broken?: string | undefined
}

/**
 * The body an operation takes, from a 3.x `requestBody` or 2.0 `in: body` / `in: formData`
 * parameters (`consumes` deciding whether a 2.0 body is JSON); `undefined` when it takes none.
 *
 * @internal
 */
export const of = (
  refs: Refs,
  operation: Record<string, unknown>,
  parameters: ReadonlyArray<Record<string, unknown>>,
  consumes: unknown
): Body | undefined => {
  const requestBody = refs.resolve(operation.requestBody)
  const broken = refs.problem(requestBody)
  // A body that cannot be read is taken as required: a write tool never goes out without its body.
  if (broken !== undefined) return { schema: undefined, json: false, required: true, media: "unknown", broken }
  if (isRecord(requestBody)) {
    const content = isRecord(requestBody.content) ? requestBody.content : {}
    const types = Object.keys(content)
    const json = types.find((t) => JSON_MEDIA.test(t))
    const entry = json === undefined ? undefined : content[json]
    return {
      schema: isRecord(entry) ? entry.schema : undefined,
      json: json !== undefined,
      required: requestBody.required === true,
      media: types.join(", ") || "no media type"
    }
  }
  const bodyParam = parameters.find((p) => p.in === "body")
  const formData = parameters.filter((p) => p.in === "formData")
  const accepted = Array.isArray(consumes) ? consumes.filter((t): t is string => typeof t === "string") : []
  if (bodyParam !== undefined) {
    const json = accepted.length === 0 || accepted.some((t) => JSON_MEDIA.test(t))
    return { schema: bodyParam.schema, json, required: bodyParam.required === true, media: accepted.join(", ") || "JSON" }
  }
  if (formData.length > 0) {
    return { schema: undefined, json: false, required: formData.some((p) => p.required === true), media: "form data" }
  }
  return undefined
}

interface Shape {
  readonly properties: Readonly<Record<string, unknown>>
  readonly required: ReadonlySet<string>
}

/**
 * Top-level properties of an object schema, `allOf` members merged; `undefined` when not an object.
 * Each schema's shape is computed once per import (`shapes`): `allOf: [B, B, B]` costs `B` once,
 * and what is merged is paid for from the budget, so a fan-out costs what the document holds.
 */
const objectShape = (
  refs: Refs,
  budget: Budget,
  shapes: WeakMap<object, Shape | null>,
  unresolved: unknown,
  depth = 0
): Shape | undefined => {
  const schema = refs.resolve(unresolved)
  if (!isRecord(schema) || depth > 8) return undefined
  const known = shapes.get(schema)
  if (known !== undefined) return known ?? undefined
  // In progress below: an `allOf` that reaches itself is not an object this import can lay out.
  shapes.set(schema, null)
  const properties: Record<string, unknown> = {}
  const required = new Set<string>()
  let isObject = isRecord(schema.properties) || schema.type === "object"
  const merge = (shape: Shape) => {
    budget.spend(Object.keys(shape.properties).length + shape.required.size)
    Object.assign(properties, shape.properties)
    for (const r of shape.required) required.add(r)
  }
  if (isRecord(schema.properties)) merge({ properties: schema.properties, required: new Set() })
  if (Array.isArray(schema.required)) for (const r of schema.required) if (typeof r === "string") required.add(r)
  let shape: Shape | undefined = undefined
  if (!Array.isArray(schema.oneOf) && !Array.isArray(schema.anyOf)) {
    let members = true
    if (Array.isArray(schema.allOf)) {
      for (const member of schema.allOf) {
        const memberShape = objectShape(refs, budget, shapes, member, depth + 1)
        if (memberShape === undefined) {
          members = false
          break
        }
        isObject = true
        merge(memberShape)
      }
    }
    if (members && isObject) shape = { properties, required }
  }
  shapes.set(schema, shape ?? null)
  return shape
}

/** The walks of one import: `$ref`s, the budget, and the shapes already laid out. @internal */
export interface Context {
  readonly refs: Refs
  readonly budget: Budget
  readonly shapes: WeakMap<object, Shape | null>
}

/**
 * Adds the body's properties as params and sets the draft's body template.
 *
 * @internal
 */
export const add = (ctx: Context, draft: Draft, body: Body, method: string): void => {
  const { refs } = ctx
  const leaveOut = (why: string) => {
    if (body.required) draft.fail(`the request body ${why}`)
    else draft.note(`the optional request body left out: it ${why}`)
  }
  if (body.broken !== undefined) return draft.fail(`the request body cannot be read: ${body.broken}`)
  if (method === "GET") return leaveOut("cannot be sent with GET by a manifest tool")
  if (!body.json) return leaveOut(`is not JSON (${body.media})`)
  const broken = refs.problem(refs.resolve(body.schema))
  if (broken !== undefined) return leaveOut(`cannot be read: ${broken}`)
  const shape = objectShape(refs, ctx.budget, ctx.shapes, body.schema)
  if (shape === undefined) return leaveOut(`is not a JSON object (${Schema.summarize(refs, body.schema)})`)
  const template: Record<string, string> = {}
  for (const [key, unresolved] of Object.entries(shape.properties)) {
    const property = refs.resolve(unresolved)
    if (isRecord(property) && property.readOnly === true) continue
    const required = body.required && shape.required.has(key)
    const kind = Schema.kind(refs, property)
    const skipProperty = (why: string) => {
      if (required) draft.fail(`the body property "${key}" ${why}`)
      else draft.note(`body property "${key}" left out: it ${why}`)
    }
    if (key === "__proto__" || key.includes("{{") || key.includes("}}")) {
      skipProperty("has a name a manifest body cannot hold")
      continue
    }
    if (kind._tag === "Object" || kind._tag === "Array") {
      skipProperty(`is ${Schema.summarize(refs, property)}, and a param holds only a string, number or boolean`)
      continue
    }
    const extra = kind._tag === "Unknown" ? [`Schema: ${Schema.summarize(refs, property)}.`] : []
    const description = Schema.joinDescription([Schema.ownText(property), ...extra, ...Schema.facts(property)])
    const type = kind._tag === "Scalar" ? kind.type : "string"
    const allowed = kind._tag === "Scalar" ? Schema.stringEnum(property) : undefined
    const name = draft.add(key, "body", { type, required, description, enum: allowed })
    template[key] = `{{${name}}}`
  }
  draft.body = template
}
