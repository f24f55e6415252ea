/**
 * A dereferenced OpenAPI document → a manifest and its warnings (docs/openapi.md): one tool per
 * operation that a manifest can represent, a warning naming every operation, parameter or feature
 * it could not. Synchronous and total over any JSON: every tool is validated on its own before it
 * is kept, so one unrepresentable operation costs a warning, never the import.
 */
import * as Either from "effect/Either"
import * as Manifest from "rcp-sdk/manifest"
import type * as OpenApi from "../OpenApi.js"
import * as Body from "./body.js"
import { Draft } from "./draft.js"
import * as Filter from "./filter.js"
import { describe } from "./html.js"
import * as Naming from "./naming.js"
import type * as OAuth2 from "./oauth2.js"
import * as Output from "./output.js"
import * as Params from "./params.js"
import * as Path from "./path.js"
import * as Schema from "./schema.js"
import * as Security from "./security.js"
import * as Servers from "./servers.js"
import { clip, isRecord } from "./text.js"

/** What the mapping itself reads of the import's options. @internal */
export type Options = Pick<OpenApi.Options, "baseUrl" | "include" | "exclude" | "auth" | "allowPrivateServers" | "outputSchemas">

/** @internal */
export type Warning = OpenApi.Warning

/** @internal */
export type Result = OpenApi.Result

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"] as const
const MANIFEST_METHODS = new Set(["GET", "POST", "PUT", "PATCH", "DELETE"])
const TOOL_DESCRIPTION_MAX = 1024

/** @internal */
export const formatWarning = (warning: Warning): string =>
  warning.operation === undefined ? warning.message : `${warning.operation}: ${warning.message}`

/** Every operation of the document, in document order. @internal */
export const operations = (doc: Record<string, unknown>): Array<{
  readonly path: string
  readonly method: string
  readonly item: Record<string, unknown>
  readonly operation: Record<string, unknown>
}> => {
  const out = []
  const paths = isRecord(doc.paths) ? doc.paths : {}
  for (const [path, item] of Object.entries(paths)) {
    if (!isRecord(item)) continue
    for (const method of METHODS) {
      const operation = item[method]
      if (isRecord(operation)) out.push({ path, method: method.toUpperCase(), item, operation })
    }
  }
  return out
}

const label = (method: string, path: string, operationId: string | undefined): string =>
  `${method} ${clip(path, 200)}${operationId === undefined ? "" : ` (${clip(operationId, 80)})`}`

const toolDescription = (operation: Record<string, unknown>, method: string, path: string): string => {
  // HTML (Stripe's descriptions, say) as Markdown: what a model reads best, and shorter.
  const text = (key: string) => (typeof operation[key] === "string" ? describe(operation[key]) : undefined)
  const summary = text("summary")?.trim()
  const description = text("description")?.trim()
  const parts = [
    operation.deprecated === true ? "(Deprecated.)" : undefined,
    summary,
    // Many specs repeat the summary as the description's first line.
    description !== undefined && summary !== undefined && repeats(description, summary)
      ? description.slice(summary.length).replace(/^[.:!?]/, "")
      : description
  ]
  return Schema.joinDescription(parts, TOOL_DESCRIPTION_MAX) ?? `${method} ${clip(path, 200)}`
}

const repeats = (description: string, summary: string): boolean =>
  description.startsWith(summary) && /^(?:$|[.:!?\r\n])/.test(description.slice(summary.length, summary.length + 1))

/** Problems of one tool under the document's auth, or none: the whole import's guarantee rests on this. */
const problems = (tool: Manifest.Tool, auth: Manifest.Auth | undefined): Array<string> => {
  const checked = Manifest.validate({ rcpVersion: Manifest.RCP_VERSION, ...(auth ? { auth } : {}), tools: [tool] }, {
    allowHttp: true
  })
  return Either.isLeft(checked)
    ? checked.left.map((issue) => Manifest.formatIssue({ ...issue, path: issue.path.slice(2) }))
    : []
}

const serverContextOf = (options: Options, specUrl: string | undefined): Servers.Context => ({
  baseUrl: options.baseUrl,
  specUrl,
  allowPrivateServers: options.allowPrivateServers ?? false
})

const documentBaseOf = (doc: Record<string, unknown>, options: Options, context: Servers.Context) =>
  options.baseUrl !== undefined
    ? Servers.fromOption(options.baseUrl)
    : typeof doc.swagger === "string"
    ? Servers.fromSwagger(doc, context)
    : Servers.fromServers([doc.servers], context)

/**
 * The OpenID Connect discovery document the choice of the manifest's auth waits for, given those
 * read so far (`discovered`); undefined once the auth can be chosen. Only the schemes the choice
 * reaches are fetched, one at a time, in the order of the spec's requirements.
 *
 * @internal
 */
export const discoveryNeeded = (
  doc: Record<string, unknown>,
  options: Options,
  specUrl: string | undefined,
  discovered: ReadonlyMap<string, OAuth2.Discovered>
): string | undefined => {
  const documentBase = documentBaseOf(doc, options, serverContextOf(options, specUrl))
  if (documentBase._tag === "None") return undefined
  return Security.choose(doc, options.auth, { base: documentBase.url, lookup: (url) => discovered.get(url) }).discover
}

/**
 * The manifest of `doc`, or the reason there can be none (no server URL and no `baseUrl`).
 *
 * @internal
 */
export const toManifest = (
  doc: Record<string, unknown>,
  options: Options,
  specUrl: string | undefined,
  discovered: ReadonlyMap<string, OAuth2.Discovered> = new Map()
): Either.Either<Result, ReadonlyArray<string>> => {
  const warnings: Array<Warning> = []
  const swagger = typeof doc.swagger === "string"
  const serverContext = serverContextOf(options, specUrl)
  const documentBase = documentBaseOf(doc, options, serverContext)
  if (documentBase._tag === "None") return Either.left([documentBase.reason])
  for (const message of documentBase.notes) warnings.push({ skipped: false, message })

  let { auth, notes: authNotes } = Security.choose(doc, options.auth, {
    base: documentBase.url,
    lookup: (url) => discovered.get(url) ?? { _tag: "Failed", why: "its OpenID Connect discovery was not fetched" }
  })
  for (const message of authNotes) warnings.push({ skipped: false, message })
  if (auth !== undefined) {
    const checked = Manifest.validate({ rcpVersion: Manifest.RCP_VERSION, auth, tools: [] })
    if (Either.isLeft(checked)) {
      const why = checked.left.map(Manifest.formatIssue).join("; ")
      if (options.auth !== undefined) return Either.left([`the auth option is not valid: ${why}`])
      warnings.push({ skipped: false, message: `the spec's auth cannot be used (${why}): pass the auth option` })
      auth = undefined
    }
  }
  const authQuery = auth?.type === "query" ? auth.name : undefined
  // An oauth2 auth writes `Authorization` (RFC 6750 §2.1): no tool may send it.
  const authHeader = auth?.type === "header"
    ? auth.name.toLowerCase()
    : auth?.type === "oauth2"
    ? "authorization"
    : undefined

  const filter = Filter.make(options.include, options.exclude)
  const resolve = Schema.resolveRef(doc)
  const names = Naming.uniqueToolNames()
  const tools: Array<Manifest.Tool> = []
  for (const { item, method, operation, path } of operations(doc)) {
    const operationId = typeof operation.operationId === "string" ? operation.operationId : undefined
    const tags = Array.isArray(operation.tags) ? operation.tags.filter((t): t is string => typeof t === "string") : []
    if (!filter({ operationId, tags, path })) continue
    const operationLabel = label(method, path, operationId)
    const skip = (message: string) => warnings.push({ operation: operationLabel, skipped: true, message })
    if (!MANIFEST_METHODS.has(method)) {
      skip(`${method} is not a method a manifest tool can use (GET, POST, PUT, PATCH, DELETE)`)
      continue
    }
    const base = options.baseUrl !== undefined || swagger || !(hasServers(operation) || hasServers(item))
      ? documentBase
      : Servers.fromServers([operation.servers, item.servers, doc.servers], serverContext)
    if (base._tag === "None") {
      skip(base.reason)
      continue
    }
    const { fixedQuery, path: cleanPath } = Path.split(path)
    const draft = new Draft()
    const parameters = Params.merge(item.parameters, operation.parameters)
    Params.addAll(draft, parameters, { authQuery, authHeader, fixedQuery: new Set(fixedQuery.map(([k]) => k)) })
    const body = Body.of(operation, parameters, operation.consumes ?? doc.consumes)
    if (body !== undefined) Body.add(draft, body, method, resolve)
    const url = `${base.url}${
      Path.template(cleanPath.startsWith("/") ? cleanPath : `/${cleanPath}`, (name) => {
        const known = draft.pathParams.get(name)
        if (known !== undefined) return known
        // The path names a parameter the spec never declares: the model must still give it.
        const added = draft.add(name, "path", { type: "string", required: true, description: undefined })
        draft.pathParams.set(name, added)
        draft.note(`path parameter "${name}" is not declared: taken as a required string`)
        return added
      })
    }`
    for (const [key, value] of fixedQuery) {
      if (key === authQuery) draft.fail(`the path fixes the auth query parameter "${key}"`)
      else draft.queryParams[key] = value
    }
    if (draft.skip !== undefined) {
      skip(draft.skip)
      continue
    }
    const tool: { -readonly [K in keyof Manifest.Tool]: Manifest.Tool[K] } = {
      name: "",
      description: toolDescription(operation, method, path),
      method: method as Manifest.HttpMethod,
      params: draft.params,
      url
    }
    if (Object.keys(draft.queryParams).length > 0) tool.queryParams = draft.queryParams
    if (Object.keys(draft.headers).length > 0) tool.headers = draft.headers
    if (draft.body !== undefined) tool.body = draft.body
    if (options.outputSchemas === true) {
      const output = Output.outputSchema(operation, swagger, resolve)
      if (output.schema !== undefined) tool.outputSchema = output.schema
      for (const message of output.notes) draft.note(message)
    }
    const found = problems({ ...tool, name: "probe" }, auth)
    if (found.length > 0) {
      skip(`cannot be represented: ${found.slice(0, 3).join("; ")}`)
      continue
    }
    tool.name = names.take(Naming.toolName(operationId, method, path))
    for (const message of [...base.notes.filter((n) => !documentBase.notes.includes(n)), ...draft.notes]) {
      warnings.push({ operation: operationLabel, skipped: false, message })
    }
    tools.push(tool)
  }
  const manifest: Manifest.Manifest = { rcpVersion: Manifest.RCP_VERSION, ...(auth ? { auth } : {}), tools }
  return Either.right({ manifest, warnings })
}

const hasServers = (o: Record<string, unknown>): boolean => Array.isArray(o.servers) && o.servers.length > 0
