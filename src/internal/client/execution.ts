/**
 * Executing a tool call (docs/protocol.md §3), in the protocol's order: the tool (1), the arguments (2), the
 * resolvers (3), the request (4), the origin and the credential (5) — all before anything is
 * sent — then the request (6) and the response (7). Steps that need no Effect run as plain code,
 * so a call costs few Effect operations beyond the request itself.
 */
import * as Effects from "#target/Effects.js"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Redacted from "effect/Redacted"
import type * as Tracer from "effect/Tracer"
import type { BuildError, ExecuteError, ExecuteOptions, PreparedRequest, ToolCall, ToolResult } from "../../Client.js"
import type * as Manifest from "../../Manifest.js"
import type * as Resolver from "../../Resolver.js"
import * as ParamSchema from "../manifest/paramSchema.js"
import { describePath } from "../manifest/paramValue.js"
import * as ModelTool from "../model/modelTool.js"
import * as Providers from "../model/providers.js"
import * as Budget from "../result/budget.js"
import * as Fields from "../result/fields.js"
import * as Span from "../shared/span.js"
import * as Tokenizer from "../shared/tokenizer.js"
import { HttpError, InsecureUrl, InvalidResponse } from "../transport/errors.js"
import { NONE, type Outgoing } from "../transport/outgoing.js"
import * as Retry from "../transport/retry.js"
import * as Transport from "../transport/rules.js"
import * as Approval from "./approval.js"
import type * as CompiledTool from "./compiledTool.js"
import type * as ApiOAuth from "./oauth/apiOAuth.js"
import * as Credential from "./credential.js"
import type { Deps } from "./deps.js"
import { CredentialMissing, InvalidArguments, ToolNotFound, UntrustedOrigin } from "./errors.js"
import * as Request from "./request.js"
import * as ResolverInternal from "./resolver.js"
import * as Response from "./response.js"

interface Prepared {
  readonly tool: CompiledTool.CompiledTool
  readonly request: Outgoing
  readonly credential: Redacted.Redacted<string> | undefined
  /** Resolved values to redact from error bodies, like the credential: a 4xx excerpt reaches the model. */
  readonly resolved: ReadonlyArray<string>
  /** For an OAuth API: whose access token `credential` is, to replace it after a 401 (§10.3). */
  readonly grant?: ApiOAuth.Grant | undefined
  /** What the model asked of the result: its checked arguments and its `fields`. */
  readonly asked: Asked
}

/** What the model asked of a call's result (docs/results.md): for the model's view of it only. */
interface Asked {
  readonly args: ReadonlyMap<string, Resolver.Value>
  readonly fields: Fields.Selection | undefined
}

/**
 * Step 2's first half for a tool that offers the model `fields` (docs/results.md): the argument is
 * taken out of the call before the call's arguments are checked — it is no param of the API, so it
 * can reach neither the request nor a resolved param (its name is none of the tool's params) — and
 * its problems join the same `InvalidArguments`.
 */
const takeFields = (
  tool: CompiledTool.CompiledTool,
  input: unknown
): { readonly rest: unknown; readonly fields: Fields.Parsed | undefined } => {
  const name = tool.fieldsArgument
  if (name === undefined) return { rest: input, fields: undefined }
  const read = ModelTool.readArguments(input)
  if (read._tag === "Invalid" || !Object.hasOwn(read.args, name)) return { rest: read._tag === "Ok" ? read.args : input, fields: undefined }
  // A copy without the argument: own data properties of the model's object, none shared with it.
  const rest: Record<string, unknown> = {}
  for (const key of Object.keys(read.args)) {
    if (key !== name) Object.defineProperty(rest, key, { value: read.args[key], enumerable: true, writable: true, configurable: true })
  }
  return { rest, fields: Fields.parse(read.args[name], name) }
}

/**
 * Resolved values as a server could echo them. Shorter than 4 characters they are not redacted:
 * "id 7" would lose every "7" of the excerpt, and so would say nothing useful.
 *
 * @internal
 */
export const redactable = (
  resolved: ReadonlyArray<readonly [Manifest.Param, Resolver.Value]>
): Array<string> => {
  const out = new Set<string>()
  const add = (text: string) => {
    if (text.length >= 4 && out.size < MAX_REDACTED) out.add(text)
  }
  // An array or object value: every string and number in it, and every key its schema does not
  // declare (a map's keys are the resolver's data; a declared name is the manifest's text).
  const walk = (node: ParamSchema.SchemaNode | undefined, value: unknown): void => {
    if (typeof value === "string" || typeof value === "number") add(String(value))
    else if (Array.isArray(value)) for (const item of value) walk(node?.type === "array" ? node.items : undefined, item)
    else if (typeof value === "object" && value !== null) {
      const object = node?.type === "object" ? node : undefined
      for (const [key, item] of Object.entries(value)) {
        const declared = object?.properties !== undefined && Object.hasOwn(object.properties, key) ? object.properties[key] : undefined
        if (declared !== undefined) walk(declared, item)
        else {
          add(key)
          const additional = object?.additionalProperties
          walk(typeof additional === "object" ? additional : undefined, item)
        }
      }
    }
  }
  for (const [param, value] of resolved) {
    walk(typeof value === "object" ? ParamSchema.nodeOf(param) : undefined, value)
  }
  return [...out]
}

/**
 * Redacting costs time per secret over an error body: a resolved array or object is redacted by its
 * first 256 distinct texts (a schema's values are far fewer in practice; SECURITY.md says so).
 *
 * @internal
 */
export const MAX_REDACTED = 256

/** What a call without resolver-bound params has to redact besides the credential. */
const NONE_RESOLVED: ReadonlyArray<string> = []

/** Steps 2–5: everything up to the request, nothing sent. */
const prepare = (
  deps: Deps,
  tool: CompiledTool.CompiledTool,
  call: Providers.RcpToolCall,
  options: ExecuteOptions | undefined
): Effect.Effect<Prepared, Exclude<BuildError, ToolNotFound>> => {
  const name = tool.name
  const { fields, rest } = takeFields(tool, call.arguments)
  const checked = ModelTool.checkArguments(tool.visibleByName, tool.hiddenNames, rest)
  if (checked._tag === "Invalid" || fields?._tag === "Invalid") {
    const problems = [...(checked._tag === "Invalid" ? checked.problems : []), ...(fields?._tag === "Invalid" ? fields.problems : [])]
    return Effect.fail(new InvalidArguments({ tool: name, problems }))
  }
  const asked: Asked = { args: checked.values, fields: fields?.selection }
  const context = options?.context
  if (tool.hidden.length === 0) return authorize(deps, tool, checked.values, context, asked)
  return Effect.flatMap(ResolverInternal.resolveAll(deps.resolvers, name, tool.hidden, context), (resolved) => {
    const values = new Map(checked.values)
    for (const param of tool.hidden) values.set(param.name, resolved[param.name]!)
    const secrets = redactable(tool.hidden.map((param) => [param, resolved[param.name]!] as const))
    return Effect.map(authorize(deps, tool, values, context, asked), (prepared) => ({ ...prepared, resolved: secrets }))
  })
}

/**
 * Which credential a call gets, or why it gets none (docs/protocol.md §3.5): the API's
 * own; else the client-wide function (operator code, told the origin and the call's context); else
 * the client-wide fixed value — only on its home origin's manifest or towards an origin the client
 * trusts.
 */
const credentialFor = (
  deps: Deps,
  tool: CompiledTool.CompiledTool,
  origin: string,
  context: unknown
): Effect.Effect<Redacted.Redacted<string>, CredentialMissing> => {
  const api = tool.api
  const request = { origin, manifestUrl: api.url, tool: tool.name }
  if (api.credential !== undefined) return api.credential.obtain(request, context)
  const clientWide = deps.settings.credential
  if (clientWide === undefined) {
    const reason = tool.auth.type === "oauth2"
      ? "none is configured: the API uses OAuth 2, and was discovered without an oauth client registration or a credential"
      : "none is configured"
    return Effect.fail(new CredentialMissing({ tool: tool.name, origin, reason }))
  }
  const home = deps.registry.home()
  if (clientWide.fixed && api.origin !== home && !deps.settings.trusted.has(origin)) {
    return Effect.fail(
      new CredentialMissing({
        tool: tool.name,
        origin,
        reason: `the client-wide credential is sent only to ${home ?? "the first API discovered with it"} and the ` +
          `client's trustedOrigins; nothing was sent. Discover ${api.url} with a credential of its own, or add ` +
          `${origin} to the client's trustedOrigins`
      })
    )
  }
  return clientWide.obtain(request, context)
}

/** Steps 4–5: render the request, check where it goes, and obtain the credential for it. */
const authorize = (
  deps: Deps,
  tool: CompiledTool.CompiledTool,
  values: ReadonlyMap<string, Resolver.Value>,
  context: unknown,
  asked: Asked
): Effect.Effect<Prepared, Exclude<BuildError, ToolNotFound | ResolverInternal.ResolverMissing>> => {
  const name = tool.name
  const rendered = Request.render(tool.request, values)
  if (rendered._tag === "Invalid") {
    // A resolved value the URL cannot carry is the operator's to fix, not the model's.
    const fromResolver = rendered.problems.find((p) => tool.hiddenNames.has(p.param))
    return Effect.fail(
      fromResolver !== undefined
        ? new ResolverInternal.ResolverFailed({
          tool: name,
          param: fromResolver.param,
          reason: fromResolver.path === undefined || fromResolver.path.length === 0
            ? `produced a value that ${fromResolver.problem}`
            // Inside an array or object: where, with a map's keys masked (they are the resolver's too).
            : `produced a value whose part "${describePath(fromResolver.param, fromResolver.path, { maskKeys: true })}" ` +
              fromResolver.problem
        })
        : new InvalidArguments({
          tool: name,
          problems: rendered.problems.map((p) =>
            `"${p.path === undefined ? p.param : describePath(p.param, p.path)}" ${p.problem}`
          )
        })
    )
  }
  const request = rendered.request
  const origin = request.url.origin
  if (Transport.insecure(request.url, deps.settings)) return Effect.fail(new InsecureUrl({ url: tool.tool.url }))
  if (origin !== tool.manifestOrigin && !deps.settings.trusted.has(origin) && !tool.api.trusted.has(origin)) {
    return Effect.fail(new UntrustedOrigin({ tool: name, origin, manifestOrigin: tool.manifestOrigin }))
  }
  if (tool.auth.type === "none") return Effect.succeed({ tool, request, credential: undefined, resolved: NONE_RESOLVED, asked })
  const oauth = tool.api.oauth
  if (oauth !== undefined) {
    // The access token of the call's principal (docs/protocol.md §10.2): AuthorizationRequired and
    // every token failure here, before anything is sent to the API.
    return Effect.map(
      oauth.obtain({ origin, manifestUrl: tool.api.url, tool: name }, context),
      (grant) => ({ tool, request, credential: grant.credential, resolved: NONE_RESOLVED, grant, asked })
    )
  }
  return Effect.map(credentialFor(deps, tool, origin, context), (credential) => ({ tool, request, credential, resolved: NONE_RESOLVED, asked }))
}

/**
 * Where step 1 finds a call's tool: the client's registry, or an exposed set of it (`exposed.ts`),
 * which finds only what a model was shown and names only those tools to it.
 *
 * @internal
 */
export interface Lookup {
  readonly get: (name: string) => CompiledTool.CompiledTool | undefined
  readonly names: () => ReadonlyArray<string>
}

/**
 * Step 1 and a span around the rest (`span.ts`: none when no tracer would see it); an unknown
 * tool's name (the model's text) is not recorded. `f` gets the span itself, so that it can annotate
 * it as plain code rather than through the context.
 */
const withTool = <A, E>(
  lookup: Lookup,
  input: ToolCall,
  span: string,
  f: (tool: CompiledTool.CompiledTool, span: Tracer.Span | undefined, call: Providers.RcpToolCall) => Effect.Effect<A, E>
): Effect.Effect<A, E | ToolNotFound | InvalidArguments> =>
  // One step, lazy like `Effect.suspend`, that also tells which tracer is in use.
  Effects.tracerWith((tracer): Effect.Effect<A, E | ToolNotFound | InvalidArguments> => {
    // Any provider's tool-call object is read into rcp's shape first, so both APIs accept them all.
    const call = Providers.readToolCall(input)
    if (call instanceof InvalidArguments) return Effect.fail(call)
    const tool = lookup.get(call.name)
    return Span.within(tracer, span, tool?.spanAttributes ?? NO_ATTRIBUTES, (current): Effect.Effect<A, E | ToolNotFound> =>
      tool === undefined
        ? Effect.fail(new ToolNotFound({ tool: String(call.name), available: [...lookup.names()] }))
        : f(tool, current, call))
  })

const NO_ATTRIBUTES: Readonly<Record<string, string>> = {}

/** The request as `buildRequest` shows it (and the approval hook sees it): the credential as `<redacted>`. */
const shown = ({ credential, request, tool }: Prepared): PreparedRequest => {
  const out = credential === undefined
    ? request
    : Credential.attach(tool.auth, Redacted.make(Credential.REDACTED)).apply(request)
  return {
    method: out.method,
    url: out.url.toString().replaceAll(encodeURIComponent(Credential.REDACTED), Credential.REDACTED),
    headers: out.headers,
    body: out.body
  }
}

/** @internal */
export const buildRequest = (deps: Deps, lookup: Lookup = deps.registry) =>
(call: ToolCall, options?: ExecuteOptions): Effect.Effect<PreparedRequest, BuildError> =>
  withTool(lookup, call, "RcpClient.buildRequest", (tool, _span, read) => Effect.map(prepare(deps, tool, read, options), shown))

/** Steps 2–5, then the approval hook when the policy asks for one (docs/security.md "Approval"): still nothing sent. */
const prepareApproved = (
  deps: Deps,
  tool: CompiledTool.CompiledTool,
  call: Providers.RcpToolCall,
  options: ExecuteOptions | undefined
): Effect.Effect<Prepared, Exclude<BuildError, ToolNotFound> | Approval.ApprovalDenied | Approval.ApprovalFailed> => {
  const prepared = prepare(deps, tool, call, options)
  const hook = deps.approval
  if (hook === undefined || !Approval.needed(deps.settings.approval, tool.name, tool.tool.method)) return prepared
  return Effect.tap(prepared, (ready) => Approval.check(hook, shown(ready), { tool: tool.name, context: options?.context }))
}

/**
 * The budget of a call's result (docs/results.md "Budgets"): the nearest of the call's, the tool's,
 * the API's and the client's. A call's own budget is checked here, before anything is sent; a bad
 * one is the operator's code, a `TypeError` — as a bad option of the client is.
 */
const budgetOf = (
  deps: Deps,
  tool: CompiledTool.CompiledTool,
  options: ExecuteOptions | undefined
): Budget.EffectiveBudget | TypeError => {
  if (options !== undefined && (options.maxResultChars !== undefined || options.maxResultTokens !== undefined)) {
    const problems = Budget.check({ maxResultChars: options.maxResultChars, maxResultTokens: options.maxResultTokens })
    if (problems.length > 0) return new TypeError(`rcp-sdk: execute: ${problems.join("; ")}`)
  }
  return Budget.effective({ client: deps.settings.resultBudget, api: tool.api.results.budget, tool: tool.resultBudget, call: options })
}

/** `effect`, after loading the tokenizer when the budget counts tokens and it is not loaded yet. */
const withTokenizer = <A, E>(budget: Budget.EffectiveBudget, effect: Effect.Effect<A, E>): Effect.Effect<A, E> =>
  budget.maxTokens === undefined || Tokenizer.loaded() !== undefined ? effect : Effect.andThen(Effect.promise(Tokenizer.load), effect)

/** What the first attempt of an OAuth call answers when the API refused its token: send again (§10.3). */
const REFUSED = Symbol("rcp/RefusedToken")

/**
 * Step 6 and 7 with one credential: send (with the retry policy), read the response (and keep what
 * the model's view needs: the call's budget and what it asked, docs/results.md). `onRefused`, for
 * the first attempt of an OAuth call, is what a 401 becomes instead of the call's answer.
 */
const sendWith = <R = never>(
  deps: Deps,
  tool: CompiledTool.CompiledTool,
  prepared: Prepared,
  credential: Redacted.Redacted<string> | undefined,
  options: ExecuteOptions | undefined,
  budget: Budget.EffectiveBudget,
  span: Tracer.Span | undefined,
  onRefused?: R
): Effect.Effect<ToolResult | R, ExecuteError> => {
  const { asked, request, resolved } = prepared
  const s = deps.settings
  const attached = credential === undefined ? NONE : Credential.attach(tool.auth, credential)
  const sent = deps.transport.send(request, {
    target: tool.target,
    timeoutMs: options?.timeout === undefined ? s.timeoutMs : Duration.toMillis(options.timeout),
    maxBytes: s.maxResponseBytes,
    maxRedirects: s.maxRedirects,
    credential: attached,
    blockPrivateNetworks: s.blockPrivateNetworks
  })
  return Retry.withRetriesThen(s.retry, request.method, sent, (received): Effect.Effect<ToolResult | R, ExecuteError> => {
    if (onRefused !== undefined && received.status === 401) return Effect.succeed(onRefused)
    span?.attribute("http.response.status_code", received.status)
    // Only an error body is redacted: the list is built for a call with resolved values alone.
    const secrets = resolved.length === 0 ? attached.secrets : [...attached.secrets, ...resolved]
    const shaping = { requestUrl: request.url.toString(), args: asked.args, budget, fields: asked.fields }
    const result = Response.interpret(tool, received, secrets, shaping)
    return result instanceof HttpError || result instanceof InvalidResponse ? Effect.fail(result) : Effect.succeed(result)
  })
}

/** @internal */
export const execute = (deps: Deps, lookup: Lookup = deps.registry) =>
(call: ToolCall, options?: ExecuteOptions): Effect.Effect<ToolResult, ExecuteError> =>
  withTool(lookup, call, "RcpClient.execute", (tool, span, read) => {
    const budget = budgetOf(deps, tool, options)
    if (budget instanceof TypeError) return Effect.die(budget)
    return withTokenizer(
      budget,
      Effect.flatMap(prepareApproved(deps, tool, read, options), (prepared): Effect.Effect<ToolResult, ExecuteError> => {
        const grant = prepared.grant
        const oauth = tool.api.oauth
        if (grant === undefined || oauth === undefined) {
          return sendWith(deps, tool, prepared, prepared.credential, options, budget, span)
        }
        // An OAuth call the API answers 401: one other token (shared with every call refused at the
        // same time), one more attempt, whose answer is the call's — a second 401 included (§10.3).
        return Effect.flatMap(sendWith(deps, tool, prepared, grant.credential, options, budget, span, REFUSED), (first) =>
          first === REFUSED
            ? Effect.flatMap(oauth.replace(grant), (next) => sendWith(deps, tool, prepared, next.credential, options, budget, span))
            : Effect.succeed(first))
      })
    )
  })
