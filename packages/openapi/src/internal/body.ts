/**
 * The request body (docs/openapi.md §Body): a JSON, form (`application/x-www-form-urlencoded`) or
 * file-less multipart body whose schema is an object gives one param per top-level property,
 * placed in the `body` template under the property's own key — a scalar as a scalar param, an
 * object or array as a structured one with its schema (`structured.ts`, protocol 0.2); a form
 * body is sent as a form (`bodyEncoding: "form"`). A body that is one of several forms (a top-level
 * `oneOf` / `anyOf`) offers its object forms merged (`forms.ts`). Other bodies (files, binary,
 * non-object JSON) are left out when optional, and make the operation unrepresentable when
 * required: a write tool never goes out without its body.
 */
import type * as Manifest from "rcp-sdk/manifest"
import type { Draft } from "./draft.js"
import type { Refs } from "./refs.js"
import * as Schema from "./schema.js"
import * as Forms from "./forms.js"
import type { Context } from "./shape.js"
import * as Structured from "./structured.js"
import { clip, isRecord } from "./text.js"

const JSON_MEDIA = /^application\/(?:[A-Za-z0-9.!#$&^_-]+\+)?json\s*(?:;|$)/i

/** @internal */
export interface Body {
  /** The schema of the body as sent in the chosen media type. */
  readonly schema: unknown
  /** How it is sent: JSON, a form, a multipart form (a form when it has no file), or none a tool can send. */
  readonly encoding: "json" | "form" | "multipart" | undefined
  readonly required: boolean
  /** The media types offered, for notes. */
  readonly media: string
  /** OpenAPI's `encoding` of a form: per property, its `style` and `explode`. */
  readonly encodings?: Readonly<Record<string, unknown>> | undefined
  /** Why the body's description cannot be read (a `$ref` that points nowhere). */
  readonly broken?: string | undefined
}

const FORM_MEDIA = /^application\/x-www-form-urlencoded\s*(?:;|$)/i
const MULTIPART_MEDIA = /^multipart\/form-data\s*(?:;|$)/i
// A body any media type may carry: JSON is one of them.
const ANY_MEDIA = /^(?:\*\/\*|application\/\*)\s*(?:;|$)/

/** The one media type a tool sends the body as: JSON first, then a form, then a multipart form. */
const choose = (types: ReadonlyArray<string>): { readonly type: string; readonly encoding: Body["encoding"] } | undefined => {
  const json = types.find((t) => JSON_MEDIA.test(t)) ?? types.find((t) => ANY_MEDIA.test(t))
  if (json !== undefined) return { type: json, encoding: "json" }
  const form = types.find((t) => FORM_MEDIA.test(t))
  if (form !== undefined) return { type: form, encoding: "form" }
  const multipart = types.find((t) => MULTIPART_MEDIA.test(t))
  return multipart === undefined ? undefined : { type: multipart, encoding: "multipart" }
}

/**
 * The body an operation takes, from a 3.x `requestBody` or 2.0 `in: body` / `in: formData`
 * parameters (`consumes` deciding how a 2.0 body is sent); `undefined` when it takes none.
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
  if (broken !== undefined) return { schema: undefined, encoding: undefined, required: true, media: "unknown", broken }
  if (isRecord(requestBody)) {
    const content = isRecord(requestBody.content) ? requestBody.content : {}
    const types = Object.keys(content)
    const chosen = choose(types)
    const entry = chosen === undefined ? undefined : content[chosen.type]
    return {
      schema: isRecord(entry) ? entry.schema : undefined,
      encoding: chosen?.encoding,
      required: requestBody.required === true,
      media: types.join(", ") || "no media type",
      encodings: isRecord(entry) && isRecord(entry.encoding) ? entry.encoding : undefined
    }
  }
  const bodyParam = parameters.find((p) => p.in === "body")
  const formData = parameters.filter((p) => p.in === "formData")
  const accepted = Array.isArray(consumes) ? consumes.filter((t): t is string => typeof t === "string") : []
  if (bodyParam !== undefined) {
    const encoding = accepted.length === 0 ? "json" : choose(accepted)?.encoding
    return { schema: bodyParam.schema, encoding, required: bodyParam.required === true, media: accepted.join(", ") || "JSON" }
  }
  if (formData.length > 0) {
    // 2.0: each formData parameter is a property of the form, its fields its schema.
    const properties = Object.fromEntries(formData.map((p) => [p.name as string, p]))
    const required = formData.filter((p) => p.required === true).map((p) => p.name as string)
    const multipart = accepted.some((t) => MULTIPART_MEDIA.test(t)) || formData.some((p) => p.type === "file")
    return {
      schema: { type: "object", properties, required },
      encoding: multipart ? "multipart" : "form",
      required: required.length > 0,
      media: multipart ? "multipart/form-data" : "application/x-www-form-urlencoded"
    }
  }
  return undefined
}

/**
 * Adds the body's properties as params and sets the draft's body template (and its encoding).
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
  if (body.encoding === undefined) return leaveOut(`is neither JSON nor a form (${body.media})`)
  const broken = refs.problem(refs.resolve(body.schema))
  if (broken !== undefined) return leaveOut(`cannot be read: ${broken}`)
  const forms = Forms.bodyForms(ctx, body.schema)
  const what = body.encoding === "json" ? "a JSON object" : "a form of fields"
  if (forms === undefined) return leaveOut(`is not ${what} (${Schema.summarize(refs, body.schema)})`)
  const { shape } = forms
  const form = body.encoding !== "json"
  if (body.encoding === "multipart") {
    const files = Object.entries(shape.properties).filter(([, property]) => Structured.isFile(ctx, property)).map(([key]) => key)
    if (files.length > 0) {
      return leaveOut(`has file fields (${files.slice(0, 3).map((f) => JSON.stringify(clip(f, 40))).join(", ")}), which a tool cannot upload (multipart/form-data)`)
    }
    draft.note("the multipart/form-data body has no file field: sent as a form (application/x-www-form-urlencoded)")
  }
  const template: Record<string, string> = {}
  for (const [key, unresolved] of Object.entries(shape.properties)) {
    const property = refs.resolve(unresolved)
    if (isRecord(property) && property.readOnly === true) continue
    const required = body.required && shape.required.has(key)
    const skipProperty = (why: string) => {
      if (required) draft.fail(`the body property "${key}" ${why}`)
      else draft.note(`body property "${key}" left out: it ${why}`)
    }
    if (key === "__proto__" || key.includes("{{") || key.includes("}}") || (form && /[[\]]/.test(key))) {
      skipProperty("has a name a manifest body cannot hold")
      continue
    }
    const { schema } = Structured.unwrap(ctx, property)
    const kind = Schema.kind(refs, schema)
    if (kind._tag === "Object" || kind._tag === "Array") {
      const converted = Structured.convert(ctx, property)
      if (converted === undefined) {
        skipProperty(`is ${Schema.summarize(refs, property)}, nested deeper than a param schema can go`)
        continue
      }
      const placement = form ? styleOf(body.encodings?.[key], converted.node) : {}
      const description = Schema.joinDescription([Schema.ownText(schema) ?? Schema.ownText(property)])
      const name = draft.add(key, "body", { type: kind._tag === "Object" ? "object" : "array", required, description, schema: withoutDescription(converted.node), ...placement })
      for (const loss of converted.losses) draft.note(`body property "${key}": ${loss}`)
      template[key] = `{{${name}}}`
      continue
    }
    const extra = kind._tag === "Unknown" ? [`Schema: ${Schema.summarize(refs, property)}.`] : []
    const description = Schema.joinDescription([Schema.ownText(schema) ?? Schema.ownText(property), ...extra, ...Schema.facts(schema)])
    const type = kind._tag === "Scalar" ? kind.type : "string"
    const allowed = kind._tag === "Scalar" ? Schema.stringEnum(schema) : undefined
    const name = draft.add(key, "body", { type, required, description, enum: allowed })
    template[key] = `{{${name}}}`
  }
  draft.body = template
  if (form) draft.bodyEncoding = "form"
  for (const note of forms.notes) draft.note(note)
  if (forms.remark !== undefined) draft.remarks.push(forms.remark)
}

/** The root's description is the param's own: said once. */
const withoutDescription = (node: Manifest.ParamSchema): Manifest.ParamSchema => {
  const { description: _description, ...rest } = node
  return rest as Manifest.ParamSchema
}

/**
 * A form property's OpenAPI `encoding` as the param's style, when the protocol takes it for this
 * value: the delimited and `form` styles write an array of scalars only, `deepObject` anything.
 */
const styleOf = (encoding: unknown, node: Manifest.ParamSchema): { style?: Manifest.ParamStyle; explode?: boolean } => {
  if (!isRecord(encoding) || typeof encoding.style !== "string") return {}
  const style = encoding.style
  const scalarItems = node.type === "array" && node.items.type !== "array" && node.items.type !== "object"
  if (style === "deepObject") return { style: "deepObject" }
  if ((style === "form" || style === "spaceDelimited" || style === "pipeDelimited") && scalarItems) {
    return style === "form" ? { style, explode: encoding.explode !== false } : { style }
  }
  return {}
}
