/**
 * Request building (docs/protocol.md §3.4). A tool is compiled once, at discovery; each call only renders.
 * Every value is escaped for the one place it goes — a path segment, a query value, a header, a
 * JSON or form body — so no value can change the origin, the path shape, the query keys or the
 * headers. An array or object value goes only where it has one spelling: a whole JSON body value,
 * or `key=value` pairs under its own key in a query or a form body (§1.11, `queryStyle.ts`).
 */
import type * as Manifest from "../../Manifest.js"
import * as ParamSchema from "../manifest/paramSchema.js"
import type { Json, ValuePath, ValueProblem } from "../manifest/paramValue.js"
import * as Template from "../manifest/template.js"
import * as UrlTemplate from "../manifest/urlTemplate.js"
import * as HeaderValue from "../shared/headerValue.js"
import type { Value } from "../shared/values.js"
import type { Outgoing } from "../transport/outgoing.js"
import * as FormBody from "./formBody.js"
import * as QueryStyle from "./queryStyle.js"

type BodyNode =
  | { readonly _tag: "Literal"; readonly value: unknown }
  | { readonly _tag: "String"; readonly template: Template.Template }
  | { readonly _tag: "Array"; readonly items: ReadonlyArray<BodyNode> }
  | { readonly _tag: "Object"; readonly entries: ReadonlyArray<readonly [string, BodyNode]> }

interface NamedTemplate {
  readonly name: string
  readonly value: Template.Template
}

/** @internal */
export interface RequestTemplate {
  readonly method: Manifest.HttpMethod
  readonly url: UrlTemplate.UrlTemplate
  readonly queryParams: ReadonlyArray<NamedTemplate>
  readonly headers: ReadonlyArray<NamedTemplate>
  readonly body: BodyNode | undefined
  /** The body is sent as `application/x-www-form-urlencoded` (docs/protocol.md §1.12). */
  readonly form: boolean
  /** How each array or object param is written as pairs; empty for most tools. */
  readonly placements: ReadonlyMap<string, ParamSchema.Placement>
  readonly hasContentType: boolean
  readonly hasAccept: boolean
}

/**
 * One value that cannot go where the template puts it. `path`: where inside an array or object
 * value the problem is (the phrase then follows that path rather than the param's name).
 *
 * @internal
 */
export interface Problem {
  readonly param: string
  readonly problem: string
  readonly path?: ValuePath | undefined
}

/** @internal */
export type RenderResult =
  | { readonly _tag: "Ok"; readonly request: Outgoing }
  | { readonly _tag: "Invalid"; readonly problems: ReadonlyArray<Problem> }

const compileBody = (value: unknown): BodyNode => {
  if (typeof value === "string") {
    const template = Template.parse(value)
    return template.placeholders.length === 0 ? { _tag: "Literal", value } : { _tag: "String", template }
  }
  if (Array.isArray(value)) return { _tag: "Array", items: value.map(compileBody) }
  if (typeof value === "object" && value !== null) {
    return { _tag: "Object", entries: Object.entries(value).map(([key, child]) => [key, compileBody(child)] as const) }
  }
  return { _tag: "Literal", value }
}

const named = (record: Readonly<Record<string, string>> | undefined): Array<NamedTemplate> =>
  Object.entries(record ?? {}).map(([name, value]) => ({ name, value: Template.parse(value) }))

/**
 * Compiles a tool that `Manifest.decode` accepted (so its url template parses).
 *
 * @internal
 */
export const compile = (tool: Manifest.Tool): RequestTemplate => {
  const parsed = UrlTemplate.parse(tool.url)
  if (parsed._tag === "Invalid") throw new Error(`unvalidated tool url: ${parsed.problems.join("; ")}`)
  const headers = named(tool.headers).map((h) => ({ name: h.name.toLowerCase(), value: h.value }))
  let placements: Map<string, ParamSchema.Placement> | undefined
  for (const param of tool.params) {
    if (ParamSchema.isStructured(param.type)) (placements ??= new Map()).set(param.name, ParamSchema.placementOf(param))
  }
  return {
    method: tool.method,
    url: parsed.url,
    queryParams: named(tool.queryParams),
    headers,
    body: tool.body === undefined ? undefined : compileBody(tool.body),
    form: tool.bodyEncoding === "form",
    placements: placements ?? NO_PLACEMENTS,
    hasContentType: headers.some((h) => h.name === "content-type"),
    hasAccept: headers.some((h) => h.name === "accept")
  }
}

const NO_PLACEMENTS: ReadonlyMap<string, ParamSchema.Placement> = new Map()

const CONTROL = /[\u0000-\u001f\u007f-\u009f]/
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/

const textOf = (value: Value | undefined): string => (value === undefined ? "" : String(value))

/** Why `text` cannot stand in a path segment, or undefined. Checked also after percent-decoding. */
const pathProblem = (text: string): string | undefined => {
  if (text === "") return "cannot be empty in the URL path"
  const forms = UrlTemplate.decodeRepeatedly(text)
  if (forms.some((s) => s === "." || s === "..")) return "cannot be \".\" or \"..\" in the URL path"
  if (forms.some((s) => s.includes("/") || s.includes("\\"))) return "cannot contain \"/\" or \"\\\" in the URL path"
  if (forms.some((s) => CONTROL.test(s))) return "cannot contain control characters in the URL path"
  if (LONE_SURROGATE.test(text)) return "contains an unpaired UTF-16 surrogate"
  return undefined
}

const spellsSlash = (segment: string): boolean =>
  segment.includes("%")
    ? UrlTemplate.decodeRepeatedly(segment).some((s) => s.includes("/") || s.includes("\\"))
    : segment.includes("/") || segment.includes("\\")

// Whether a segment's own text (its values left out) spells a slash: fixed per template, so
// computed on its first call, not on every call.
const authorSlash = new WeakMap<Template.Template, boolean>()
const spelledByAuthor = (segment: Template.Template): boolean => {
  let known = authorSlash.get(segment)
  if (known === undefined) authorSlash.set(segment, known = spellsSlash(Template.render(segment, () => "")))
  return known
}

const headerProblem = (text: string, header: string): string | undefined => {
  if (HeaderValue.BREAK.test(text)) return `cannot contain CR, LF or NUL (it goes into the header "${header}")`
  if (HeaderValue.UNSENDABLE.test(text)) {
    return `cannot contain control characters or characters beyond U+00FF (it goes into the header "${header}")`
  }
  return undefined
}


/** Params whose value would begin or end a rendered header value with a space or tab. */
const headerEdges = (template: Template.Template, values: ReadonlyMap<string, Value>): Array<string> => {
  const rendered = template.parts
    .map((part) =>
      part._tag === "Text"
        ? { param: undefined, text: part.text }
        : { param: part.name, text: textOf(values.get(part.name)) }
    )
    .filter((part) => part.text !== "")
  const first = rendered[0]
  const last = rendered[rendered.length - 1]
  const out: Array<string> = []
  if (first?.param !== undefined && HeaderValue.LEADING_SPACE.test(first.text)) out.push(first.param)
  if (last?.param !== undefined && HeaderValue.TRAILING_SPACE.test(last.text)) out.push(last.param)
  return out
}

/**
 * Renders a compiled tool with the call's values (model arguments and resolved values together;
 * an optional param the model left out is simply absent).
 *
 * @internal
 */
export const render = (template: RequestTemplate, values: ReadonlyMap<string, Value>): RenderResult => {
  const problems: Array<Problem> = []
  const problemOnce = (param: string, problem: string) => {
    if (!problems.some((p) => p.param === param && p.problem === problem)) problems.push({ param, problem })
  }
  const valueProblems = (param: string | undefined, found: ReadonlyArray<ValueProblem>) => {
    // Only the bracket rule's and the delimited styles' refusals reach here: each is a mismatch.
    for (const problem of found) {
      if (problem._tag === "Mismatch") problems.push({ param: param ?? "(body)", problem: problem.problem, path: problem.path })
    }
  }

  let path = ""
  for (const segment of template.url.segments) {
    if (segment.placeholders.length === 0) {
      path += `/${segment.source}`
      continue
    }
    let ok = true
    const rendered = Template.render(segment, (name) => {
      const text = textOf(values.get(name))
      const problem = pathProblem(text)
      if (problem !== undefined) {
        problemOnce(name, problem)
        ok = false
        return ""
      }
      return encodeURIComponent(text)
    })
    if (ok && UrlTemplate.isDotSegment(rendered)) {
      problemOnce(segment.placeholders[0]!, "would form a \".\" or \"..\" path segment")
    }
    // Each value alone may be harmless while the values together, or a value after a literal
    // `%25`, spell an encoded slash (`{{a}}{{b}}` with "%2" and "f" → `%252f`), which a server that
    // decodes twice reads as `/`. A slash the author wrote into the template is theirs to keep.
    if (ok && spellsSlash(rendered) && !spelledByAuthor(segment)) {
      problemOnce(segment.placeholders[0]!, "cannot contain \"/\" or \"\\\" in the URL path")
    }
    path += `/${rendered}`
  }

  const query = new URLSearchParams()
  const queryValue = (name: string) => {
    const text = textOf(values.get(name))
    if (LONE_SURROGATE.test(text)) problemOnce(name, "contains an unpaired UTF-16 surrogate")
    return text
  }
  // An array or object writes its pairs under the entry's key, by its style; left out, it writes none.
  const structured = (key: string, whole: string | undefined): boolean => {
    const placement = whole === undefined ? undefined : template.placements.get(whole)
    if (placement === undefined) return false
    const value = values.get(whole!)
    if (value === undefined) return true
    const pairs: Array<QueryStyle.Pair> = []
    valueProblems(whole, QueryStyle.write(key, value as Json, placement, pairs))
    for (const [k, v] of pairs) query.append(k, v)
    return true
  }
  for (const entry of template.url.query) {
    if (structured(entry.key, entry.value.whole)) continue
    query.append(entry.key, Template.render(entry.value, queryValue))
  }
  for (const entry of template.queryParams) {
    if (structured(entry.name, entry.value.whole)) continue
    if (entry.value.whole !== undefined && !values.has(entry.value.whole)) continue
    query.append(entry.name, Template.render(entry.value, queryValue))
  }

  const headers: Record<string, string> = {}
  for (const entry of template.headers) {
    if (entry.value.whole !== undefined && !values.has(entry.value.whole)) continue
    headers[entry.name] = Template.render(entry.value, (name) => {
      const text = textOf(values.get(name))
      const problem = headerProblem(text, entry.name)
      if (problem !== undefined) problemOnce(name, problem)
      return text
    })
    // HTTP strips a header value's leading and trailing whitespace: a value there would arrive changed.
    for (const name of headerEdges(entry.value, values)) {
      problemOnce(name, `cannot start or end with a space or tab (it goes into the header "${entry.name}")`)
    }
  }

  let body: string | undefined
  if (template.body !== undefined && template.form) {
    const encoded = FormBody.encode(formTree(template, values, problemOnce))
    if (encoded._tag === "Ok") body = encoded.body
    else for (const { param, problem } of encoded.problems) valueProblems(param, [problem])
    if (!template.hasContentType) headers["content-type"] = FormBody.CONTENT_TYPE
  } else if (template.body !== undefined) {
    body = JSON.stringify(renderBody(template.body, values))
    if (!template.hasContentType) headers["content-type"] = "application/json"
  }
  if (!template.hasAccept) headers["accept"] = "application/json, text/plain;q=0.9, */*;q=0.8"

  if (problems.length > 0) return { _tag: "Invalid", problems }
  // Parsed once, query included: the template has no "?" in its path and no fragment (urlTemplate.ts)
  // and every value is escaped, so this is the URL that setting `search` afterwards would give.
  const search = query.toString()
  const url = new URL(`${template.url.origin}${path === "" ? "/" : path}${search === "" ? "" : `?${search}`}`)
  // Defence in depth: the checks above make this impossible, and it must stay impossible.
  if (url.origin !== template.url.origin) throw new Error("rendered URL left the template's origin")
  return { _tag: "Ok", request: { method: template.method, url, headers, body } }
}

// Absent optionals vanish from objects; in arrays they render as "" (docs/protocol.md §3.4 "elsewhere").
const OMIT: unique symbol = Symbol("omit")

const renderBody = (node: BodyNode, values: ReadonlyMap<string, Value>): unknown => {
  const go = (n: BodyNode): unknown => {
    switch (n._tag) {
      case "Literal":
        return n.value
      case "String": {
        const whole = n.template.whole
        if (whole !== undefined) return values.has(whole) ? values.get(whole) : OMIT
        return Template.render(n.template, (name) => textOf(values.get(name)))
      }
      case "Array":
        return n.items.map((item) => {
          const v = go(item)
          return v === OMIT ? "" : v
        })
      case "Object": {
        const entries: Array<[string, unknown]> = []
        for (const [key, child] of n.entries) {
          const v = go(child)
          if (v !== OMIT) entries.push([key, v])
        }
        return Object.fromEntries(entries)
      }
    }
  }
  const out = go(node)
  return out === OMIT ? "" : out
}

const EMPTY_FORM: FormBody.FormNode = { _tag: "Object", entries: [] }

/**
 * The body template rendered for a form (§1.12): as for JSON — a left-out whole value gone from
 * its object, `""` in an array — but each value kept apart with the param it came from, and a
 * structured param's placement, so that `formBody.ts` writes every part by its rule.
 */
const formTree = (
  template: RequestTemplate,
  values: ReadonlyMap<string, Value>,
  problemOnce: (param: string, problem: string) => void
): FormBody.FormNode => {
  const go = (n: BodyNode): FormBody.FormNode | typeof OMIT => {
    switch (n._tag) {
      case "Literal":
        return { _tag: "Value", value: n.value as Json }
      case "String": {
        const whole = n.template.whole
        if (whole !== undefined) {
          if (!values.has(whole)) return OMIT
          return { _tag: "Value", value: values.get(whole) as Json, param: whole, placement: template.placements.get(whole) }
        }
        // Text with values in it: a value the form encoder would silently change is refused here.
        const text = Template.render(n.template, (name) => {
          const value = textOf(values.get(name))
          if (LONE_SURROGATE.test(value)) problemOnce(name, "contains an unpaired UTF-16 surrogate")
          return value
        })
        return { _tag: "Value", value: text }
      }
      case "Array":
        return { _tag: "Array", items: n.items.map((item) => {
          const v = go(item)
          return v === OMIT ? { _tag: "Value", value: "" } : v
        }) }
      case "Object": {
        const entries: Array<readonly [string, FormBody.FormNode]> = []
        for (const [key, child] of n.entries) {
          const v = go(child)
          if (v !== OMIT) entries.push([key, v])
        }
        return { _tag: "Object", entries }
      }
    }
  }
  const out = go(template.body!)
  return out === OMIT ? EMPTY_FORM : out
}
