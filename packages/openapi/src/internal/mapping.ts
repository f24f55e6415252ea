/**
 * An OpenAPI document → a manifest and its warnings (docs/openapi.md): one tool per operation
 * that a manifest can represent, a warning naming every operation, parameter or feature it could
 * not. Total over any JSON: every tool is validated on its own before it is kept, so one
 * unrepresentable operation costs a warning, never the import; `$ref`s are followed where they are
 * read (`refs.ts`), and all the walks together spend from one budget sized by the document
 * (`budget.ts`).
 */
import * as Effect from "effect/Effect"
import * as Manifest from "rcp-sdk/manifest"
import type * as OpenApi from "../OpenApi.js"
import * as Body from "./body.js"
import type * as Shape from "./shape.js"
import * as Budget from "./budget.js"
import { Draft } from "./draft.js"
import * as Filter from "./filter.js"
import { describe } from "./html.js"
import * as Naming from "./naming.js"
import type * as OAuth2 from "./oauth2.js"
import * as Output from "./output.js"
import * as Params from "./params.js"
import * as Path from "./path.js"
import * as Refs from "./refs.js"
import * as Schema from "./schema.js"
import type * as SchemaCheck from "./schemaCheck.js"
import * as Security from "./security.js"
import * as Servers from "./servers.js"
import * as Tags from "./tags.js"
import { clip, escape, isRecord } from "./text.js"

/**
 * What a mapping gives: its value, or the problems that refuse the whole document. Plain data, the
 * same on either Effect line (Effect 3's `Either` is Effect 4's `Result`).
 *
 * @internal
 */
export type Outcome<A> =
  | { readonly _tag: "Mapped"; readonly value: A }
  | { readonly _tag: "Refused"; readonly problems: ReadonlyArray<string> }

/** @internal */
export const mapped = <A>(value: A): Outcome<A> => ({ _tag: "Mapped", value })

/** @internal */
export const refused = <A = never>(problems: ReadonlyArray<string>): Outcome<A> => ({ _tag: "Refused", problems })

/** What the mapping itself reads of the import's options. @internal */
export type Options = Pick<OpenApi.Options, "baseUrl" | "include" | "exclude" | "auth" | "allowPrivateServers" | "outputSchemas">

/** @internal */
export type Warning = OpenApi.Warning

/** @internal */
export type Result = OpenApi.Result

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"] as const
const MANIFEST_METHODS = new Set(["GET", "POST", "PUT", "PATCH", "DELETE"])
const TOOL_DESCRIPTION_MAX = 1024

/**
 * A warning as it leaves the import: operation labels and messages quote the document (paths,
 * operationIds, parameter names, server URLs), so each is escaped once, here.
 */
const escaped = (warning: Warning): Warning => ({
  ...warning,
  ...(warning.operation === undefined ? {} : { operation: escape(warning.operation) }),
  message: escape(warning.message)
})

/** @internal */
export const formatWarning = (warning: Warning): string =>
  warning.operation === undefined ? warning.message : `${warning.operation}: ${warning.message}`

/** Every operation of the document, in document order (a path item's `$ref` followed). @internal */
export const operations = (doc: Record<string, unknown>, refs: Refs.Refs = Refs.make(doc, Budget.unlimited)): Array<{
  readonly path: string
  readonly method: string
  readonly item: Record<string, unknown>
  readonly operation: Record<string, unknown>
}> => {
  const out = []
  const paths = isRecord(doc.paths) ? doc.paths : {}
  for (const [path, unresolved] of Object.entries(paths)) {
    const item = refs.resolve(unresolved)
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

/**
 * The tool's description: the operation's own text, then the mapping's remarks (how the body's forms
 * differ). The operation's text is cut first, so that a remark the params depend on is never lost.
 */
const toolDescription = (operation: Record<string, unknown>, method: string, path: string, remarks: ReadonlyArray<string>): string => {
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
  const added = remarks.join(" ")
  const room = added === "" ? TOOL_DESCRIPTION_MAX : Math.max(0, TOOL_DESCRIPTION_MAX - added.length - 1)
  const own = Schema.joinDescription(parts, room) ?? `${method} ${clip(path, 200)}`
  return Schema.joinDescription([own, added], TOOL_DESCRIPTION_MAX)!
}

const repeats = (description: string, summary: string): boolean =>
  description.startsWith(summary) && /^(?:$|[.:!?\r\n])/.test(description.slice(summary.length, summary.length + 1))

/** Problems of one tool under the document's auth, or none: the whole import's guarantee rests on this. */
const problemsOf = (tool: Manifest.Tool, auth: Manifest.Auth | undefined): Array<string> => {
  const checked = Manifest.issuesOf({ rcpVersion: Manifest.versionFor([tool]), ...(auth ? { auth } : {}), tools: [tool] }, {
    allowHttp: true
  })
  return checked.map((issue) => Manifest.formatIssue({ ...issue, path: issue.path.slice(2) }))
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

/** One import in progress: what every operation's mapping shares. */
interface Run {
  readonly operations: ReturnType<typeof operations>
  /** Maps one operation: a tool, or a skip warning; throws `Budget.Exceeded`. */
  readonly map: (entry: ReturnType<typeof operations>[number]) => void
  readonly finish: () => Result
}

/** The schema problems located in each operation (`GET /pets`), path item (`/pets`) or the document (`""`). */
const locate = (problems: ReadonlyArray<SchemaCheck.Problem>): Map<string, Array<string>> => {
  const out = new Map<string, Array<string>>()
  for (const p of problems) {
    const key = p.path === undefined ? "" : p.method === undefined ? p.path : `${p.method} ${p.path}`
    out.set(key, [...(out.get(key) ?? []), p.message])
  }
  return out
}

const start = (
  doc: Record<string, unknown>,
  options: Options,
  specUrl: string | undefined,
  problems: ReadonlyArray<SchemaCheck.Problem>,
  budget: Budget.Budget,
  discovered: ReadonlyMap<string, OAuth2.Discovered>
): Outcome<Run> => {
  const warnings: Array<Warning> = []
  const refs = Refs.make(doc, budget)
  const swagger = typeof doc.swagger === "string"
  const serverContext = serverContextOf(options, specUrl)
  const documentBase = documentBaseOf(doc, options, serverContext)
  if (documentBase._tag === "None") return refused([documentBase.reason])
  for (const message of documentBase.notes) warnings.push({ skipped: false, message })

  let { auth, notes: authNotes } = Security.choose(doc, options.auth, {
    base: documentBase.url,
    lookup: (url) => discovered.get(url) ?? { _tag: "Failed", why: "its OpenID Connect discovery was not fetched" }
  })
  for (const message of authNotes) warnings.push({ skipped: false, message })
  if (auth !== undefined) {
    const checked = Manifest.issuesOf({ rcpVersion: Manifest.RCP_VERSION, auth, tools: [] })
    if (checked.length > 0) {
      const why = checked.map(Manifest.formatIssue).join("; ")
      if (options.auth !== undefined) return refused([`the auth option is not valid: ${why}`])
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
  const { header: credentialHeader, query: credentialQuery } = Security.credentialNames(refs, doc)

  const located = locate(problems)
  for (const message of located.get("") ?? []) warnings.push({ skipped: false, message: `the document does not follow the OpenAPI schema: ${message}` })
  const ops = operations(doc, refs)
  const operationKeys = new Set(ops.map((o) => `${o.method} ${o.path}`))
  const pathKeys = new Set(ops.map((o) => o.path))
  for (const [key, messages] of located) {
    // A problem in a place no operation is read from (a path item without operations, an unknown method).
    if (key === "" || operationKeys.has(key) || pathKeys.has(key)) continue
    for (const message of messages) warnings.push({ skipped: false, message: `${clip(key, 200)} does not follow the OpenAPI schema: ${message}` })
  }

  const filter = Filter.make(options.include, options.exclude)
  const body: Shape.Context = { refs, budget, shapes: new WeakMap() }
  const names = Naming.uniqueToolNames()
  const tools: Array<Manifest.Tool> = []
  const map = ({ item, method, operation, path }: ReturnType<typeof operations>[number]): void => {
    const operationId = typeof operation.operationId === "string" ? operation.operationId : undefined
    const tags = Array.isArray(operation.tags) ? operation.tags.filter((t): t is string => typeof t === "string") : []
    if (!filter({ operationId, tags, path })) return
    const operationLabel = label(method, path, operationId)
    const skip = (message: string): void => {
      warnings.push({ operation: operationLabel, skipped: true, message })
    }
    if (!MANIFEST_METHODS.has(method)) {
      return skip(`${method} is not a method a manifest tool can use (GET, POST, PUT, PATCH, DELETE)`)
    }
    const base = options.baseUrl !== undefined || swagger || !(hasServers(operation) || hasServers(item))
      ? documentBase
      : Servers.fromServers([operation.servers, item.servers, doc.servers], serverContext)
    if (base._tag === "None") return skip(base.reason)
    const { fixedQuery, path: cleanPath } = Path.split(path)
    const draft = new Draft()
    for (const message of [...(located.get(path) ?? []), ...(located.get(`${method} ${path}`) ?? [])]) {
      draft.note(`does not follow the OpenAPI schema: ${message}`)
    }
    const { broken, parameters } = Params.merge(refs, item.parameters, operation.parameters)
    for (const why of broken) draft.note(`a parameter left out: ${why}`)
    Params.addAll(draft, parameters, {
      refs,
      walk: body,
      authQuery,
      authHeader,
      fixedQuery: new Set(fixedQuery.map(([k]) => k)),
      credentialQuery,
      credentialHeader
    })
    const requestBody = Body.of(refs, operation, parameters, operation.consumes ?? doc.consumes)
    if (requestBody !== undefined) Body.add(body, draft, requestBody, method)
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
    if (draft.skip !== undefined) return skip(draft.skip)
    const tool: { -readonly [K in keyof Manifest.Tool]: Manifest.Tool[K] } = {
      name: "",
      description: toolDescription(operation, method, path, draft.remarks),
      method: method as Manifest.HttpMethod,
      params: draft.params,
      url
    }
    if (Object.keys(draft.queryParams).length > 0) tool.queryParams = draft.queryParams
    if (Object.keys(draft.headers).length > 0) tool.headers = draft.headers
    if (draft.body !== undefined) tool.body = draft.body
    if (draft.bodyEncoding !== undefined) tool.bodyEncoding = draft.bodyEncoding
    const kept = Tags.keep(tags)
    if (kept.tags.length > 0) tool.tags = kept.tags
    for (const message of kept.notes) draft.note(message)
    if (options.outputSchemas === true) {
      const output = Output.outputSchema(operation, swagger, refs.resolve)
      if (output.schema !== undefined) tool.outputSchema = output.schema
      for (const message of output.notes) draft.note(message)
    }
    const found = problemsOf({ ...tool, name: "probe" }, auth)
    if (found.length > 0) return skip(`cannot be represented: ${found.slice(0, 3).join("; ")}`)
    const wanted = Naming.toolName(operationId, method, path)
    tool.name = names.take(wanted.name)
    if (tool.name !== wanted.name) draft.note(`the name ${wanted.name} is taken by an earlier operation: named ${tool.name}`)
    else if (wanted.shortened) {
      draft.note(`the name is over ${Naming.IMPORTED_NAME_MAX} characters (16 of a tool name's 64 are left for a prefix): named ${wanted.name}`)
    }
    for (const message of [...base.notes.filter((n) => !documentBase.notes.includes(n)), ...draft.notes]) {
      warnings.push({ operation: operationLabel, skipped: false, message })
    }
    tools.push(tool)
  }
  const finish = (): Result => {
    // The lowest version that carries the tools: a document without structured values stays 0.1.
    const manifest: Manifest.Manifest = { rcpVersion: Manifest.versionFor(tools), ...(auth ? { auth } : {}), tools }
    return { manifest, warnings: [...warnings, ...sizeWarnings(manifest)].map(escaped) }
  }
  return mapped({ operations: ops, map, finish })
}

// What a client takes by default (`maxManifestBytes`, docs/protocol.md) and what one OpenAI
// request takes: a manifest past either is refused or cannot be shown whole, so the import says so.
const CLIENT_MANIFEST_BYTES = 1024 * 1024
const TOOLS_PER_REQUEST = 128

/** @internal */
export const SELECT_HINT =
  "choose operations with include/exclude (tag:<name>, an operationId or a /path/glob), or give the model tool search"

const sizeWarnings = (manifest: Manifest.Manifest): Array<Warning> => {
  const out: Array<Warning> = []
  const bytes = Buffer.byteLength(JSON.stringify(manifest))
  if (bytes > CLIENT_MANIFEST_BYTES) {
    out.push({
      skipped: false,
      message: `the manifest is ${(bytes / 1024 / 1024).toFixed(1)} MiB, over the 1 MiB a client reads by default ` +
        `(maxManifestBytes): ${SELECT_HINT}, or raise the client's maxManifestBytes`
    })
  }
  if (manifest.tools.length > TOOLS_PER_REQUEST) {
    out.push({
      skipped: false,
      message: `${manifest.tools.length} tools, over the ${TOOLS_PER_REQUEST} one OpenAI request accepts: ${SELECT_HINT}`
    })
  }
  return out
}

const exceeded = (error: unknown): ReadonlyArray<string> => {
  if (error instanceof Budget.Exceeded) return [Budget.exceededMessage(error.limit)]
  throw error
}

/**
 * The manifest of `doc`, or the reason there can be none (no server URL and no `baseUrl`; more
 * work than the document's size allows). `problems`: what the OpenAPI schema found wrong, as
 * warnings where they are. In one synchronous run; `toManifestYielding` gives the event loop turns.
 *
 * @internal
 */
export const toManifest = (
  doc: Record<string, unknown>,
  options: Options,
  specUrl: string | undefined,
  discovered: ReadonlyMap<string, OAuth2.Discovered> = new Map(),
  problems: ReadonlyArray<SchemaCheck.Problem> = [],
  budget: Budget.Budget = Budget.forNodes(Budget.countNodes(doc))
): Outcome<Result> => {
  try {
    const run = start(doc, options, specUrl, problems, budget, discovered)
    if (run._tag === "Refused") return run
    for (const entry of run.value.operations) run.value.map(entry)
    return mapped(run.value.finish())
  } catch (error) {
    return refused(exceeded(error))
  }
}

// How long the mapping runs before it lets the event loop serve others (timers, requests).
const SLICE_MS = 10

/**
 * A turn of the event loop: timers and I/O run before the import goes on. (`Effect.yieldNow`
 * yields to other fibers, on microtasks most of the time: timers would still wait.)
 *
 * @internal
 */
export const yieldToLoop: Effect.Effect<void> = Effect.promise((signal) =>
  new Promise<void>((resolve) => {
    const handle = setImmediate(resolve)
    // Interrupted: the turn is not waited for.
    signal.addEventListener("abort", () => {
      clearImmediate(handle)
      resolve()
    }, { once: true })
  })
)

/**
 * `toManifest`, yielding to the event loop every few milliseconds: an app that imports a large or
 * hostile document at run time keeps serving while it does.
 *
 * @internal
 */
export const toManifestYielding = (
  doc: Record<string, unknown>,
  options: Options,
  specUrl: string | undefined,
  problems: ReadonlyArray<SchemaCheck.Problem>,
  budget: Budget.Budget,
  discovered: ReadonlyMap<string, OAuth2.Discovered>
): Effect.Effect<Result, ReadonlyArray<string>> =>
  Effect.gen(function*() {
    const attempt = <A>(f: () => A): Effect.Effect<A, ReadonlyArray<string>> =>
      Effect.suspend(() => {
        try {
          return Effect.succeed(f())
        } catch (error) {
          return Effect.fail(exceeded(error))
        }
      })
    const started = yield* attempt(() => start(doc, options, specUrl, problems, budget, discovered))
    if (started._tag === "Refused") return yield* Effect.fail(started.problems)
    const run = started.value
    let sliceStart = performance.now()
    for (const entry of run.operations) {
      yield* attempt(() => run.map(entry))
      if (performance.now() - sliceStart >= SLICE_MS) {
        yield* yieldToLoop
        sliceStart = performance.now()
      }
    }
    return run.finish()
  })

const hasServers = (o: Record<string, unknown>): boolean => Array.isArray(o.servers) && o.servers.length > 0
