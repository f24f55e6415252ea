/**
 * The meaning checks of docs/protocol.md §1 — what a Schema cannot say: uniqueness, placeholders naming
 * declared params, URL structure, forbidden headers, mapping paths. They read the raw input
 * defensively so that they run (and report) even where the shape check already failed.
 */
import * as HeaderValue from "../shared/headerValue.js"
import { clip } from "../shared/text.js"
import { isLoopbackHost } from "../shared/url.js"
import { isRecord } from "../shared/values.js"
import * as JsonPath from "./jsonPath.js"
import * as OAuth2 from "./oauth2.js"
import * as OutputSchema from "./outputSchema.js"
import * as ParamEnum from "./paramEnum.js"
import * as ParamSchema from "./paramSchema.js"
import * as ProtocolVersion from "./protocolVersion.js"
import * as StructuredPlacement from "./structuredPlacement.js"
import * as Tags from "./tags.js"
import * as Template from "./template.js"
import * as UrlTemplate from "./urlTemplate.js"

import { type Issue, type Path } from "./issue.js"

export { formatIssue, formatPath, type Issue } from "./issue.js"

// Deep enough for any real request body; shallow enough that every walker can recurse safely.
/** @internal */
export const MAX_BODY_DEPTH = 32

// For the whole document: the body limit plus the levels above it, with room to spare. Anything
// deeper is junk, and is rejected before the Schema (whose error formatting recurses) looks at it.
/** @internal */
export const MAX_DEPTH = 64

/** @internal */
export const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/
// Headers the transport owns (framing, target host) or that carry ambient credentials.
/** @internal */
export const RESERVED_HEADERS: ReadonlySet<string> = new Set([
  "host",
  "content-length",
  "cookie",
  "transfer-encoding",
  "connection",
  "keep-alive",
  "upgrade",
  "te",
  "trailer",
  "proxy-authorization",
  "expect",
  // The transport decides about compression; an encoded body would bypass the size cap's count.
  "accept-encoding"
])

const quote = (s: string): string => JSON.stringify(clip(s, 60))

interface Frame {
  readonly value: object
  readonly key: string | number | undefined
  readonly parent: Frame | undefined
  readonly depth: number
  entered: boolean
}

const pathOf = (frame: Frame): Array<string | number> => {
  const path: Array<string | number> = []
  for (let f: Frame | undefined = frame; f?.key !== undefined; f = f.parent) path.push(f.key)
  return path.reverse()
}

/**
 * The one problem that makes a value unsafe to look at any further: nesting deeper than
 * `MAX_DEPTH`, or a cycle (a JS value, never JSON). Iterative, and linear even when objects are
 * shared, so hostile input can neither overflow the stack nor take exponential time.
 *
 * @internal
 */
export const checkStructure = (input: unknown): Issue | undefined => {
  if (typeof input !== "object" || input === null) return undefined
  return withinDepth(input) ? undefined : locateProblem(input)
}

// Containers the plain walk below visits before it leaves the question to `locateProblem`: far
// more than a manifest at the 1 MiB cap holds, few enough that shared objects cannot make it slow.
const WALK_BUDGET = 1 << 20

/**
 * The common case, cheaply: a plain walk over every path (a parsed JSON document is a tree) that
 * allocates nothing per container. True only when every container sits at most `MAX_DEPTH` deep
 * on every path — then there is no cycle either (a cycle has paths of every depth). Anything else
 * (too deep, a cycle, or shared objects spending the budget) is for `locateProblem` to decide.
 */
const withinDepth = (input: object): boolean => {
  const values: Array<object> = [input]
  const depths: Array<number> = [0]
  let budget = WALK_BUDGET
  while (values.length > 0) {
    const value = values.pop()!
    const depth = depths.pop()! + 1
    if (--budget < 0) return false
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        const child: unknown = value[i]
        if (typeof child !== "object" || child === null) continue
        if (depth > MAX_DEPTH) return false
        values.push(child)
        depths.push(depth)
      }
      continue
    }
    for (const key in value) {
      if (!Object.prototype.hasOwnProperty.call(value, key)) continue
      const child: unknown = (value as Record<string, unknown>)[key]
      if (typeof child !== "object" || child === null) continue
      if (depth > MAX_DEPTH) return false
      values.push(child)
      depths.push(depth)
    }
  }
  return true
}

/** The exact walk, with the path of the problem: linear in distinct containers, shared or not. */
const locateProblem = (input: object): Issue | undefined => {
  // Containers on the current path (cycle detection), and the height of every finished one, so a
  // shared object is walked once yet still counts at every depth it is reached from.
  const open = new WeakSet<object>()
  const height = new WeakMap<object, number>()
  const stack: Array<Frame> = [{ value: input, key: undefined, parent: undefined, depth: 0, entered: false }]
  while (stack.length > 0) {
    const frame = stack[stack.length - 1]!
    if (frame.entered) {
      stack.pop()
      open.delete(frame.value)
      let h = 0
      for (const child of Object.values(frame.value)) {
        if (typeof child === "object" && child !== null) h = Math.max(h, (height.get(child) ?? 0) + 1)
      }
      height.set(frame.value, h)
      continue
    }
    const done = height.get(frame.value)
    if (frame.depth + (done ?? 0) > MAX_DEPTH) {
      return { path: pathOf(frame), message: `nests deeper than ${MAX_DEPTH} levels` }
    }
    if (done !== undefined) {
      // Already walked from elsewhere (a shared object): its height is known.
      stack.pop()
      continue
    }
    frame.entered = true
    open.add(frame.value)
    const entries = Object.entries(frame.value)
    for (let k = entries.length - 1; k >= 0; k--) {
      const [rawKey, child] = entries[k]!
      if (typeof child !== "object" || child === null) continue
      const key = Array.isArray(frame.value) ? Number(rawKey) : rawKey
      const childFrame: Frame = { value: child, key, parent: frame, depth: frame.depth + 1, entered: false }
      if (open.has(child)) return { path: pathOf(childFrame), message: "refers back to itself (a cycle is not JSON)" }
      stack.push(childFrame)
    }
  }
  return undefined
}

/**
 * All meaning problems of a manifest-shaped value.
 *
 * @internal
 */
export const check = (input: unknown, options: CheckOptions = {}): Array<Issue> => {
  const issues: Array<Issue> = []
  if (!isRecord(input)) return issues
  const auth = isRecord(input.auth) ? input.auth : undefined
  // An oauth2 auth writes `Authorization: Bearer <token>` (§10.1): no tool may set that header either.
  const authHeader = auth?.type === "header" && typeof auth.name === "string"
    ? auth.name.toLowerCase()
    : auth?.type === "oauth2"
    ? OAuth2.HEADER.toLowerCase()
    : undefined
  const authQuery = auth?.type === "query" && typeof auth.name === "string" ? auth.name : undefined
  if (auth?.type === "oauth2") issues.push(...OAuth2.check(auth, { allowHttp: options.allowHttp }))
  else if (auth !== undefined) checkAuth(auth, issues)
  if (!Array.isArray(input.tools)) return issues
  ProtocolVersion.check(input, issues)

  const seen = new Map<string, number>()
  const context: ToolContext = { authHeader, authQuery, allowHttp: options.allowHttp ?? false }
  input.tools.forEach((tool, i) => {
    if (!isRecord(tool)) return
    if (typeof tool.name === "string") {
      const first = seen.get(tool.name)
      if (first === undefined) seen.set(tool.name, i)
      else issues.push({ path: ["tools", i, "name"], message: `duplicate tool name ${quote(tool.name)} (also tools[${first}])` })
    }
    checkTool(tool, ["tools", i], context, issues)
  })
  return issues
}

const checkAuth = (auth: Record<string, unknown>, issues: Array<Issue>): void => {
  // Empty names and schemes are the Schema's to report (NonEmptyString); not twice.
  if (auth.type === "header" && typeof auth.name === "string" && auth.name !== "") {
    if (!HEADER_NAME.test(auth.name)) {
      issues.push({ path: ["auth", "name"], message: `${quote(auth.name)} is not a valid header name` })
    } else if (RESERVED_HEADERS.has(auth.name.toLowerCase())) {
      issues.push({ path: ["auth", "name"], message: `${quote(auth.name)} cannot carry the credential` })
    }
  }
  const scheme = auth.type === "header" && typeof auth.scheme === "string" ? auth.scheme : ""
  if (scheme !== "" && !HEADER_NAME.test(scheme)) {
    issues.push({ path: ["auth", "scheme"], message: `${quote(scheme)} is not a valid auth scheme (one word)` })
  }
}

/** @internal */
export interface CheckOptions {
  /** Accept plain `http:` tool URLs on hosts that are not loopback. */
  readonly allowHttp?: boolean | undefined
}

interface ToolContext {
  readonly authHeader: string | undefined
  readonly authQuery: string | undefined
  readonly allowHttp: boolean
}

/**
 * What the checks of one tool share. Issue paths are built from `at` only when there is an issue:
 * a manifest of thousands of tools has a handful of issues at most, and a path array per checked
 * value was most of what checking allocated.
 */
interface ToolScope {
  readonly at: Path
  readonly toolName: string
  /** The declared param names; undefined when the param list is itself broken (see `checkTool`). */
  readonly declared: ReadonlySet<string> | undefined
  readonly issues: Array<Issue>
}

const pathIn = (at: Path, field: string, key?: string): Path =>
  key === undefined ? [...at, field] : [...at, field, key]

const NO_PROBLEMS: ReadonlyArray<string> = []

/**
 * A template's problems, and its placeholders that name no declared param (each once). `where` is
 * the issue's path, or the tool's field (and key) to build it from when there is an issue.
 */
const checkTemplate = (
  scope: ToolScope,
  problems: ReadonlyArray<string>,
  placeholders: ReadonlyArray<string>,
  where: Path | string,
  key?: string
): void => {
  let unknown: Set<string> | undefined
  if (scope.declared !== undefined) {
    for (const name of placeholders) {
      if (!scope.declared.has(name)) (unknown ??= new Set()).add(name)
    }
  }
  if (problems.length === 0 && unknown === undefined) return
  const path = typeof where === "string" ? pathIn(scope.at, where, key) : where
  for (const problem of problems) scope.issues.push({ path, message: problem })
  for (const name of unknown ?? []) {
    scope.issues.push({ path, message: `placeholder {{${name}}} names no param of tool ${quote(scope.toolName)}` })
  }
}

/** The names of a tool's params, its duplicate and enum problems reported; undefined when the list is broken. */
const declaredParams = (params: unknown, at: Path, issues: Array<Issue>): ReadonlySet<string> | undefined => {
  if (!Array.isArray(params)) return undefined
  const declared = new Set<string>()
  // When the param list itself is broken (already reported by the Schema), which params exist is
  // unknown: checking placeholders against it would only repeat that one fault once per placeholder.
  let known = true
  for (let j = 0; j < params.length; j++) {
    const param: unknown = params[j]
    ParamEnum.check(param, at, j, issues)
    // Most params are scalars without a schema: no path is built for them.
    if (isRecord(param) && (param.schema !== undefined || param.style !== undefined || param.explode !== undefined ||
      param.type === "array" || param.type === "object")) {
      ParamSchema.checkParam(param, [...at, "params", j], issues)
    }
    if (!isRecord(param) || typeof param.name !== "string") {
      known = false
      continue
    }
    if (declared.has(param.name)) {
      issues.push({ path: [...at, "params", j, "name"], message: `duplicate param name ${quote(param.name)}` })
    }
    declared.add(param.name)
  }
  return known ? declared : undefined
}

// A decoded Record cannot hold an own "__proto__" key (assigning it sets the prototype), so the
// entry would silently vanish between validation and use: reject it instead.
const RECORD_FIELDS = ["queryParams", "headers", "responseMappings"] as const

const checkTool = (tool: Record<string, unknown>, at: Path, auth: ToolContext, issues: Array<Issue>): void => {
  const scope: ToolScope = {
    at,
    toolName: typeof tool.name === "string" ? tool.name : "?",
    declared: declaredParams(tool.params, at, issues),
    issues
  }
  // Where array and object params stand, and what a form body must be (docs/protocol.md §1.11, §1.12).
  StructuredPlacement.check(tool, at, issues)

  // The url's query keys, decoded as a server reads them: `queryParams` may not set one again.
  let urlQueryKeys: Set<string> | undefined
  if (typeof tool.url === "string") {
    const parsed = UrlTemplate.check(tool.url)
    if (parsed._tag === "Invalid") {
      for (const problem of parsed.problems) issues.push({ path: [...at, "url"], message: problem })
      // A broken origin does not make the path's placeholders right: a typo there is a second problem.
      checkTemplate(scope, NO_PROBLEMS, Template.parse(tool.url).placeholders, "url")
    } else {
      // A url template that parsed has no template problems; its placeholders are the ones to check.
      checkTemplate(scope, NO_PROBLEMS, parsed.url.placeholders, "url")
      if (parsed.url.protocol === "http:" && !auth.allowHttp && !isLoopbackHost(parsed.url.hostname)) {
        issues.push({
          path: [...at, "url"],
          message: "plain http: is allowed only to loopback hosts (use https:, or a client that allows http)"
        })
      }
      for (const entry of parsed.url.query) {
        urlQueryKeys ??= new Set()
        // Servers that read the last value would let a later one override an earlier (resolved) one.
        if (urlQueryKeys.has(entry.key)) {
          issues.push({ path: [...at, "url"], message: `the query key ${quote(entry.key)} is set twice` })
        }
        urlQueryKeys.add(entry.key)
      }
      if (auth.authQuery !== undefined && parsed.url.query.some((entry) => entry.key === auth.authQuery)) {
        issues.push({ path: [...at, "url"], message: `must not set the auth query parameter ${quote(auth.authQuery)}` })
      }
    }
  }

  // A lock keys its tools by name, in a JSON object: there "__proto__" would be the prototype, not
  // a tool, so such a tool could never be approved (rcp lock) or held to its pin.
  if (tool.name === "__proto__") {
    issues.push({ path: [...at, "name"], message: `"__proto__" cannot be a tool name (a lock keys tools by name)` })
  }

  for (const field of RECORD_FIELDS) {
    const map = tool[field]
    if (isRecord(map) && Object.hasOwn(map, "__proto__")) {
      issues.push({ path: [...at, field, "__proto__"], message: `the key "__proto__" is not allowed` })
    }
  }

  // Keys, not entries: no pair array per entry (a manifest has thousands).
  if (isRecord(tool.queryParams)) {
    const queryParams = tool.queryParams
    for (const key of Object.keys(queryParams)) {
      const value = queryParams[key]
      if (Template.hasPlaceholderSyntax(key)) {
        issues.push({ path: pathIn(at, "queryParams", key), message: "placeholder not allowed in a query key" })
      }
      if (key === auth.authQuery) {
        issues.push({ path: pathIn(at, "queryParams", key), message: "must not set the auth query parameter" })
      } else if (urlQueryKeys?.has(key) === true) {
        issues.push({ path: pathIn(at, "queryParams", key), message: `the query key ${quote(key)} is already set by the url` })
      }
      if (typeof value === "string" && !tooLong(value, at, "queryParams", key, issues)) {
        const template = Template.parse(value)
        checkTemplate(scope, template.problems, template.placeholders, "queryParams", key)
      }
    }
  }

  if (isRecord(tool.headers)) {
    const headers = tool.headers
    const seenHeaders = new Set<string>()
    for (const key of Object.keys(headers)) {
      const value = headers[key]
      const lower = key.toLowerCase()
      const problem = !HEADER_NAME.test(key)
        ? `${quote(key)} is not a valid header name`
        : RESERVED_HEADERS.has(lower)
        ? `the header ${quote(key)} may not be set by a tool`
        : lower === auth.authHeader
        ? `must not set the auth header ${quote(key)}`
        : undefined
      if (problem !== undefined) issues.push({ path: pathIn(at, "headers", key), message: problem })
      if (seenHeaders.has(lower)) {
        issues.push({ path: pathIn(at, "headers", key), message: `the header ${quote(key)} is set twice (names ignore case)` })
      }
      seenHeaders.add(lower)
      if (typeof value === "string" && !tooLong(value, at, "headers", key, issues)) {
        if (HeaderValue.BREAK.test(value)) {
          issues.push({ path: pathIn(at, "headers", key), message: "value contains CR, LF or NUL" })
        } else if (HeaderValue.UNSENDABLE.test(value)) {
          issues.push({
            path: pathIn(at, "headers", key),
            message: "value contains control characters or characters beyond U+00FF"
          })
        }
        if (HeaderValue.LEADING_SPACE.test(value) || HeaderValue.TRAILING_SPACE.test(value)) {
          issues.push({ path: pathIn(at, "headers", key), message: "value must not start or end with a space or tab" })
        }
        const template = Template.parse(value)
        checkTemplate(scope, template.problems, template.placeholders, "headers", key)
      }
    }
  }

  if (tool.body !== undefined) {
    const bodyAt = [...at, "body"]
    if (tool.method === "GET") issues.push({ path: bodyAt, message: "a GET tool cannot have a body" })
    walkBody(tool.body, bodyAt, scope)
  }

  if (isRecord(tool.responseMappings)) {
    const mappings = tool.responseMappings
    for (const field of Object.keys(mappings)) {
      const value = mappings[field]
      if (typeof value !== "string") continue
      const parsed = JsonPath.parse(value)
      if (parsed._tag === "Invalid") issues.push({ path: pathIn(at, "responseMappings", field), message: parsed.problem })
    }
  }

  if (tool.outputSchema !== undefined) issues.push(...OutputSchema.check(tool.outputSchema, [...at, "outputSchema"]))
  Tags.check(tool, at, issues)
}

/**
 * Query and header values travel in the request line and headers, which servers cap far below
 * this (8–16 KiB), as the url: longer ones are refused before anything else reads them.
 */
const tooLong = (value: string, at: Path, field: string, key: string, issues: Array<Issue>): boolean => {
  if (value.length <= UrlTemplate.MAX_CHARS) return false
  issues.push({ path: pathIn(at, field, key), message: `is longer than ${UrlTemplate.MAX_CHARS} characters` })
  return true
}

/** Iterative, so that hostile nesting depth cannot overflow the stack before the depth rule fires. */
const walkBody = (body: unknown, at: Path, scope: ToolScope): void => {
  const issues = scope.issues
  const stack: Array<{ value: unknown; path: Path; depth: number }> = [{ value: body, path: at, depth: 0 }]
  // A JS value may share an object between places; walk it once (else `[x, x]` chains are exponential).
  const seen = new WeakSet<object>()
  while (stack.length > 0) {
    const { depth, path, value } = stack.pop()!
    if (typeof value === "string") {
      const template = Template.parse(value)
      checkTemplate(scope, template.problems, template.placeholders, path)
    } else if (typeof value === "number") {
      if (!Number.isFinite(value)) issues.push({ path, message: "numbers must be finite" })
    } else if (typeof value === "boolean" || value === null) {
      continue
    } else if (Array.isArray(value) || isRecord(value)) {
      if (depth >= MAX_BODY_DEPTH) {
        issues.push({ path, message: `nests deeper than ${MAX_BODY_DEPTH} levels` })
        continue
      }
      if (seen.has(value)) continue
      seen.add(value)
      if (Array.isArray(value)) {
        for (let k = value.length - 1; k >= 0; k--) stack.push({ value: value[k], path: [...path, k], depth: depth + 1 })
      } else {
        if (Object.getPrototypeOf(value) !== Object.prototype && Object.getPrototypeOf(value) !== null) {
          issues.push({ path, message: "must be plain JSON (found a class instance)" })
          continue
        }
        const entries = Object.entries(value)
        for (let k = entries.length - 1; k >= 0; k--) {
          const [key, child] = entries[k]!
          if (Template.hasPlaceholderSyntax(key)) {
            issues.push({ path: [...path, key], message: "placeholder not allowed in a body key" })
          }
          stack.push({ value: child, path: [...path, key], depth: depth + 1 })
        }
      }
    } else {
      issues.push({ path, message: `must be JSON, found ${typeof value}` })
    }
  }
}
