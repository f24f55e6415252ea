/**
 * The request body (docs/openapi.md §Body): a JSON body whose schema is an object gives one param
 * per top-level property, placed in the `body` template under the property's own key. A property
 * that is itself an object or array cannot be a manifest param (a param's value is a string,
 * number or boolean): optional ones are left out with a note, a required one makes the operation
 * unrepresentable. Other bodies (multipart, form, binary, non-object JSON) likewise: left out when
 * optional, the operation skipped when required.
 */
import type { Draft } from "./draft.js"
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
}

/**
 * The body an operation takes, from a 3.x `requestBody` or 2.0 `in: body` / `in: formData`
 * parameters (`consumes` deciding whether a 2.0 body is JSON); `undefined` when it takes none.
 *
 * @internal
 */
export const of = (
  operation: Record<string, unknown>,
  parameters: ReadonlyArray<Record<string, unknown>>,
  consumes: unknown
): Body | undefined => {
  const requestBody = operation.requestBody
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

/** Top-level properties of an object schema, `allOf` members merged; `undefined` when not an object. */
const objectShape = (
  resolve: (schema: unknown) => unknown,
  unresolved: unknown,
  depth = 0
): { properties: Record<string, unknown>; required: Set<string> } | undefined => {
  const schema = resolve(unresolved)
  if (!isRecord(schema) || depth > 8) return undefined
  const properties: Record<string, unknown> = {}
  const required = new Set<string>()
  let isObject = isRecord(schema.properties) || schema.type === "object"
  if (isRecord(schema.properties)) Object.assign(properties, schema.properties)
  if (Array.isArray(schema.required)) for (const r of schema.required) if (typeof r === "string") required.add(r)
  if (Array.isArray(schema.allOf)) {
    for (const member of schema.allOf) {
      const shape = objectShape(resolve, member, depth + 1)
      if (shape === undefined) return undefined
      isObject = true
      Object.assign(properties, shape.properties)
      for (const r of shape.required) required.add(r)
    }
  }
  if (Array.isArray(schema.oneOf) || Array.isArray(schema.anyOf)) return undefined
  return isObject ? { properties, required } : undefined
}

/**
 * Adds the body's properties as params and sets the draft's body template.
 *
 * @internal
 */
export const add = (draft: Draft, body: Body, method: string, resolve: (schema: unknown) => unknown): void => {
  const leaveOut = (why: string) => {
    if (body.required) draft.fail(`the request body ${why}`)
    else draft.note(`the optional request body left out: it ${why}`)
  }
  if (method === "GET") return leaveOut("cannot be sent with GET by a manifest tool")
  if (!body.json) return leaveOut(`is not JSON (${body.media})`)
  const shape = objectShape(resolve, body.schema)
  if (shape === undefined) return leaveOut(`is not a JSON object (${Schema.summarize(body.schema)})`)
  const template: Record<string, string> = {}
  for (const [key, property] of Object.entries(shape.properties)) {
    if (isRecord(property) && property.readOnly === true) continue
    const required = body.required && shape.required.has(key)
    const kind = Schema.kind(property)
    const skipProperty = (why: string) => {
      if (required) draft.fail(`the body property "${key}" ${why}`)
      else draft.note(`body property "${key}" left out: it ${why}`)
    }
    if (key === "__proto__" || key.includes("{{") || key.includes("}}")) {
      skipProperty("has a name a manifest body cannot hold")
      continue
    }
    if (kind._tag === "Object" || kind._tag === "Array") {
      skipProperty(`is ${Schema.summarize(property)}, and a param holds only a string, number or boolean`)
      continue
    }
    const extra = kind._tag === "Unknown" ? [`Schema: ${Schema.summarize(property)}.`] : []
    const description = Schema.joinDescription([Schema.ownText(property), ...extra, ...Schema.facts(property)])
    const type = kind._tag === "Scalar" ? kind.type : "string"
    const allowed = kind._tag === "Scalar" ? Schema.stringEnum(property) : undefined
    const name = draft.add(key, "body", { type, required, description, enum: allowed })
    template[key] = `{{${name}}}`
  }
  draft.body = template
}
