/**
 * A discovered tool with everything a call needs worked out once: at discovery, which params are
 * hidden and the model-facing schema; on its first call, the request template and response mappings.
 */
import type * as Manifest from "../../Manifest.js"
import * as JsonPath from "../manifest/jsonPath.js"
import * as OutputSchema from "../manifest/outputSchema.js"
import * as ModelTool from "../model/modelTool.js"
import * as ToolMethod from "../model/toolMethod.js"
import type { ResultBudget } from "../result/budget.js"
import * as Fields from "../result/fields.js"
import type { PagingTool } from "../result/pages.js"
import type * as Credential from "./credential.js"
import type * as ApiOAuth from "./oauth/apiOAuth.js"
import * as Request from "./request.js"

/**
 * One discovered API: where its manifest came from and what the operator gave it.
 *
 * @internal
 */
export interface Api {
  readonly url: string
  readonly origin: string
  /** Prepended to each tool name: the names the model, `execute` and errors use. */
  readonly prefix: string
  /** Origins this API's tools may call besides `origin` (the client-wide list applies too). */
  readonly trusted: ReadonlySet<string>
  /** This API's own credential; undefined = the client-wide one. */
  readonly credential: Credential.Source | undefined
  /** What this API's results may be to the model (`discover`'s budget, `fields` and `toolResults`). */
  readonly results: ApiResults
  /** For a manifest with an `oauth2` auth discovered with a client registration: its tokens. */
  readonly oauth: ApiOAuth.ApiOAuth | undefined
}

/**
 * A `discover`'s result options, checked (docs/results.md): the API's budget, whether its tools
 * offer the model `fields`, and each tool's own (by exposed name).
 *
 * @internal
 */
export interface ApiResults {
  readonly budget: ResultBudget | undefined
  readonly fields: boolean
  readonly tools: ReadonlyMap<string, ToolResults>
}

/** One tool's result options. @internal */
export interface ToolResults extends ResultBudget {
  readonly fields?: boolean | undefined
}

/** An API discovered without result options. @internal */
export const NO_RESULTS: ApiResults = { budget: undefined, fields: false, tools: new Map() }

/** @internal */
export interface CompiledTool {
  /** The exposed name: the API's prefix and the tool's name (shortened past 64 characters, `manifest/exposedName.ts`). */
  readonly name: string
  readonly api: Api
  readonly tool: Manifest.Tool
  readonly manifestUrl: string
  readonly manifestOrigin: string
  readonly auth: Manifest.Auth
  readonly visible: ReadonlyArray<Manifest.Param>
  /** `visible` by name, in order: what the argument check looks names up in. */
  readonly visibleByName: ReadonlyMap<string, Manifest.Param>
  readonly hidden: ReadonlyArray<Manifest.Param>
  readonly hiddenNames: ReadonlySet<string>
  readonly model: ModelTool.ModelTool
  /** The name of the model's `fields` argument, when this tool offers it (docs/results.md); else undefined. */
  readonly fieldsArgument: string | undefined
  /** This tool's own result budget (`discover`'s `toolResults`); undefined: the API's. */
  readonly resultBudget: ResultBudget | undefined
  /** What a next page's note needs of the tool: its visible params and its query's whole placeholders. */
  readonly paging: PagingTool
  readonly request: Request.RequestTemplate
  readonly mappings: Mappings | undefined
  /** How errors name this tool: its name, method and URL template — never a value. */
  readonly target: string
  /** What the `RcpClient.execute` span records of it: name, method, origin — never a value. */
  readonly spanAttributes: Readonly<Record<string, string>>
}

type Mappings = ReadonlyArray<readonly [string, ReadonlyArray<JsonPath.Step>]>

const compileMappings = (tool: Manifest.Tool): Mappings | undefined =>
  tool.responseMappings === undefined ? undefined : Object.entries(tool.responseMappings).map(([field, path]) => {
    const parsed = JsonPath.parse(path)
    // decode() already rejected bad paths; an unparseable one here would be a bug upstream.
    if (parsed._tag === "Invalid") throw new Error(`unvalidated mapping: ${parsed.problem}`)
    return [field, parsed.steps] as const
  })

/** What only a call needs, built together on the tool's first call. */
interface CallParts {
  visibleByName?: ReadonlyMap<string, Manifest.Param>
  request?: Request.RequestTemplate
  mappings?: Mappings | undefined | null
  attributes?: Readonly<Record<string, string>>
  target?: string
  paging?: PagingTool
}

/**
 * What a call needs beyond the model-facing tool — the request template, the mappings, the span
 * attributes — is compiled on the tool's first call, not at discovery: a manifest of 1,000 tools
 * of which a conversation calls three then costs the decode and the model-facing tools, no more
 * (bench/RESULTS.md §Discovery). The manifest was validated whole at discovery, so compiling
 * later cannot fail on input. What can be read off `api` is not copied, and the lazy parts share
 * one slot: a tool never called is a small object.
 */
class Compiled implements CompiledTool {
  private call: CallParts | undefined = undefined

  constructor(
    readonly name: string,
    readonly api: Api,
    readonly tool: Manifest.Tool,
    readonly auth: Manifest.Auth,
    readonly visible: ReadonlyArray<Manifest.Param>,
    readonly hidden: ReadonlyArray<Manifest.Param>,
    readonly hiddenNames: ReadonlySet<string>,
    readonly model: ModelTool.ModelTool,
    readonly fieldsArgument: string | undefined,
    readonly resultBudget: ResultBudget | undefined
  ) {}

  get manifestUrl(): string {
    return this.api.url
  }

  get manifestOrigin(): string {
    return this.api.origin
  }

  private get parts(): CallParts {
    return this.call ??= {}
  }

  /** Built on the first call that needs it (most tools of a large manifest are never called). */
  get target(): string {
    return this.parts.target ??= `tool "${this.name}" (${this.tool.method} ${this.tool.url})`
  }

  get visibleByName(): ReadonlyMap<string, Manifest.Param> {
    return this.parts.visibleByName ??= new Map(this.visible.map((param) => [param.name, param]))
  }

  get request(): Request.RequestTemplate {
    return this.parts.request ??= Request.compile(this.tool)
  }

  get mappings(): Mappings | undefined {
    const parts = this.parts
    if (parts.mappings === undefined) parts.mappings = compileMappings(this.tool) ?? null
    return parts.mappings ?? undefined
  }

  get paging(): PagingTool {
    return this.parts.paging ??= pagingOf(this)
  }

  get spanAttributes(): Readonly<Record<string, string>> {
    return this.parts.attributes ??= {
      "rcp.tool": this.name,
      "http.request.method": this.tool.method,
      "server.address": this.request.url.origin
    }
  }
}

/**
 * The query keys of the tool's url and `queryParams` whose value is one whole placeholder
 * (`"page": "{{page}}"`), to that param: how a next `Link`'s changed query maps to the tool's own
 * params (`result/pages.ts`); and the credential's query key, which a note never names.
 */
const pagingOf = (tool: CompiledTool): PagingTool => {
  const queryParams = new Map<string, string>()
  for (const entry of tool.request.url.query) if (entry.value.whole !== undefined) queryParams.set(entry.key, entry.value.whole)
  for (const entry of tool.request.queryParams) if (entry.value.whole !== undefined) queryParams.set(entry.name, entry.value.whole)
  return {
    name: tool.name,
    // A cursor goes into a string or number param (an array or object param carries none).
    visible: new Map(tool.visible.flatMap((param) =>
      param.type === "string" || param.type === "number" || param.type === "boolean" ? [[param.name, param.type] as const] : []
    )),
    queryParams,
    secretQuery: tool.auth.type === "query" ? new Set([tool.auth.name]) : undefined
  }
}

const NO_AUTH: Manifest.Auth = { type: "none" }
const NO_NAMES: ReadonlySet<string> = new Set()
const NO_PARAMS: ReadonlyArray<Manifest.Param> = []

/** @internal */
export const compile = (
  manifest: Manifest.Manifest,
  tool: Manifest.Tool,
  api: Api,
  resolverNames: ReadonlySet<string>,
  // The exposed name (`manifest/exposedName.ts`): the prefix and the tool's name, shortened past 64 characters.
  name: string
): CompiledTool => {
  // Most tools hide nothing: then they share the empty list and set, and show their own params.
  const matched = resolverNames.size === 0 ? NO_PARAMS : tool.params.filter((param) => resolverNames.has(param.name))
  const hidden = matched.length === 0 ? NO_PARAMS : matched
  const visible = hidden.length === 0 ? tool.params : tool.params.filter((param) => !resolverNames.has(param.name))
  const hiddenNames = hidden.length === 0 ? NO_NAMES : new Set(hidden.map((param) => param.name))
  const own = api.results.tools.size === 0 ? undefined : api.results.tools.get(name)
  // A name no param has, visible or hidden: the argument can neither shadow nor fill one.
  const fieldsArgument = (own?.fields ?? api.results.fields) ? Fields.argumentName(tool.params.map((p) => p.name)) : undefined
  const outputSchema = tool.outputSchema ??
    (tool.responseMappings === undefined ? undefined : OutputSchema.fromMappings(tool.responseMappings))
  const model = ToolMethod.remember(ModelTool.make(tool, visible, name, fieldsArgument, outputSchema), tool.method)
  const budget = own === undefined || (own.maxResultChars === undefined && own.maxResultTokens === undefined)
    ? undefined
    : { maxResultChars: own.maxResultChars, maxResultTokens: own.maxResultTokens }
  return new Compiled(name, api, tool, manifest.auth ?? NO_AUTH, visible, hidden, hiddenNames, model, fieldsArgument, budget)
}

/**
 * Resolver names that no param of any tool uses: a likely typo on the operator's side.
 *
 * @internal
 */
export const unusedResolvers = (manifest: Manifest.Manifest, resolverNames: ReadonlySet<string>): Array<string> => {
  if (resolverNames.size === 0) return []
  const used = new Set(manifest.tools.flatMap((tool) => tool.params.map((param) => param.name)))
  return [...resolverNames].filter((name) => !used.has(name))
}
