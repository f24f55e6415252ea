/**
 * Where an array or object param may stand in a tool's templates, and what a form body must be
 * (docs/protocol.md §1.11, §1.12): the checks of validation that need the templates. A structured
 * value has one spelling as a JSON value and one as `key=value` pairs, and none as the text of a
 * path segment, a header or the middle of a string; and the pairs it writes must not be able to
 * stand in for a pair the manifest (or a resolver) writes.
 */
import { clip } from "../shared/text.js"
import { isRecord } from "../shared/values.js"
import * as Template from "./template.js"
import * as UrlTemplate from "./urlTemplate.js"

type Path = ReadonlyArray<string | number>

interface Issue {
  readonly path: Path
  readonly message: string
}

const quote = (text: string): string => JSON.stringify(clip(text, 60))

/** The names of a tool's array and object params. @internal */
export const structuredNames = (params: unknown): ReadonlySet<string> => {
  const names = new Set<string>()
  if (!Array.isArray(params)) return names
  for (const param of params) {
    if (isRecord(param) && typeof param.name === "string" && (param.type === "array" || param.type === "object")) {
      names.add(param.name)
    }
  }
  return names
}

/** One key the tool writes: a literal one, or the key a structured value writes its pairs under. */
interface Key {
  readonly key: string
  readonly structured: string | undefined
  readonly path: Path
}

/** Structured params in a template: allowed only as the whole template, where `whole` says so. */
const inTemplate = (
  template: Template.Template,
  structured: ReadonlySet<string>,
  path: Path,
  where: string,
  wholeAllowed: boolean,
  issues: Array<Issue>
): string | undefined => {
  let found: string | undefined
  for (const name of new Set(template.placeholders)) {
    if (!structured.has(name)) continue
    if (wholeAllowed && template.whole === name) found = name
    else {
      issues.push({
        path,
        message: wholeAllowed
          ? `{{${name}}} holds an array or object: it can only be the whole value ${where}`
          : `{{${name}}} holds an array or object, which cannot be placed ${where}`
      })
    }
  }
  return found
}

/** No key may begin with a structured key and `[`: the structured value could write that pair too. */
const checkOverlaps = (keys: ReadonlyArray<Key>, what: string, issues: Array<Issue>): void => {
  const owners = keys.filter((key) => key.structured !== undefined)
  if (owners.length === 0) return
  for (const key of keys) {
    for (const owner of owners) {
      if (key !== owner && key.key.startsWith(`${owner.key}[`)) {
        issues.push({
          path: key.path,
          message: `the ${what} key ${quote(key.key)} could also be written by {{${owner.structured}}} (under ${quote(owner.key)})`
        })
      }
    }
  }
}

/**
 * The problems of where `tool`'s array and object params stand, and of its form body, pushed onto
 * `issues`. Reads the raw tool: shapes are the Schema's to report.
 *
 * @internal
 */
export const check = (tool: Record<string, unknown>, at: Path, issues: Array<Issue>): void => {
  const structured = structuredNames(tool.params)
  const form = tool.bodyEncoding === "form"
  if (structured.size === 0 && !form) return

  const queryKeys: Array<Key> = []
  if (typeof tool.url === "string" && structured.size > 0) {
    const parsed = UrlTemplate.check(tool.url)
    if (parsed._tag === "Ok") {
      inTemplate(Template.parse(parsed.path), structured, [...at, "url"], "in the url path", false, issues)
      for (const entry of parsed.url.query) {
        const owner = inTemplate(entry.value, structured, [...at, "url"], "of a query parameter", true, issues)
        queryKeys.push({ key: entry.key, structured: owner, path: [...at, "url"] })
      }
    }
  }
  if (isRecord(tool.queryParams)) {
    for (const key of Object.keys(tool.queryParams)) {
      const value = tool.queryParams[key]
      if (typeof value !== "string") continue
      const path = [...at, "queryParams", key]
      const owner = structured.size === 0
        ? undefined
        : inTemplate(Template.parse(value), structured, path, "of a query parameter", true, issues)
      queryKeys.push({ key, structured: owner, path })
    }
  }
  checkOverlaps(queryKeys, "query", issues)

  if (isRecord(tool.headers)) {
    for (const key of Object.keys(tool.headers)) {
      const value = tool.headers[key]
      if (typeof value !== "string" || structured.size === 0) continue
      inTemplate(Template.parse(value), structured, [...at, "headers", key], "in a header", false, issues)
    }
  }

  if (tool.body !== undefined) checkBody(tool, structured, form, [...at, "body"], issues)
  if (form && isRecord(tool.headers)) {
    for (const key of Object.keys(tool.headers)) {
      const value = tool.headers[key]
      if (key.toLowerCase() !== "content-type" || typeof value !== "string") continue
      if (!/^application\/x-www-form-urlencoded\s*(;|$)/i.test(value)) {
        issues.push({
          path: [...at, "headers", key],
          message: "a form body is sent as application/x-www-form-urlencoded; the tool's Content-Type must say so"
        })
      }
    }
  }
}

/**
 * Structured params in the body: whole body values only. For a form body, also: the body is an
 * object or an object param's whole value, and no key it writes can be written by a structured value.
 */
const checkBody = (
  tool: Record<string, unknown>,
  structured: ReadonlySet<string>,
  form: boolean,
  at: Path,
  issues: Array<Issue>
): void => {
  const body = tool.body
  const keys: Array<Key> = []
  // Iterative, like every walk of a body: validation bounds its depth (§1.8) but reports, not stops.
  const stack: Array<{ value: unknown; path: Path; key: string | undefined; depth: number }> = [
    { value: body, path: at, key: undefined, depth: 0 }
  ]
  while (stack.length > 0) {
    const { depth, key, path, value } = stack.pop()!
    if (depth > 64) continue
    if (typeof value === "string") {
      const template = Template.parse(value)
      const owner = structured.size === 0
        ? undefined
        : inTemplate(template, structured, path, "of a body member or element", true, issues)
      if (key !== undefined) keys.push({ key, structured: owner, path })
      if (key === undefined && form && (owner === undefined || !isObjectParam(tool.params, owner))) {
        issues.push({ path, message: "a form body must be an object, or the whole value of an \"object\" param" })
      }
    } else if (Array.isArray(value)) {
      if (key === undefined && form) issues.push({ path, message: "a form body must be an object, not an array" })
      for (let k = value.length - 1; k >= 0; k--) {
        // Under a top-level array (a JSON body; a form body's problem, reported above) keys begin at "[k]".
        const child = key === undefined ? (form ? `[${k}]` : undefined) : `${key}[${k}]`
        stack.push({ value: value[k], path: [...path, k], key: child, depth: depth + 1 })
      }
    } else if (isRecord(value)) {
      const names = Object.keys(value)
      for (let k = names.length - 1; k >= 0; k--) {
        const name = names[k]!
        stack.push({ value: value[name], path: [...path, name], key: key === undefined ? name : `${key}[${name}]`, depth: depth + 1 })
      }
    } else {
      if (key !== undefined) keys.push({ key, structured: undefined, path })
      else if (form) issues.push({ path, message: "a form body must be an object" })
    }
  }
  if (form) checkOverlaps(keys, "form", issues)
}

const isObjectParam = (params: unknown, name: string): boolean =>
  Array.isArray(params) && params.some((param) => isRecord(param) && param.name === name && param.type === "object")
