/**
 * A discovered tool with everything a call needs worked out once, at discovery: which params are
 * hidden, the model-facing schema, the compiled request template and response mappings.
 */
import * as Manifest from "../Manifest.js"
import type * as Credential from "./credential.js"
import * as JsonPath from "./jsonPath.js"
import * as ModelTool from "./modelTool.js"
import * as Request from "./request.js"
import * as ToolMethod from "./toolMethod.js"

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
}

/** @internal */
export interface CompiledTool {
  /** The exposed name: the API's prefix and the tool's name. */
  readonly name: string
  readonly api: Api
  readonly tool: Manifest.Tool
  readonly manifestUrl: string
  readonly manifestOrigin: string
  readonly auth: Manifest.Auth
  readonly visible: ReadonlyArray<Manifest.Param>
  readonly hidden: ReadonlyArray<Manifest.Param>
  readonly hiddenNames: ReadonlySet<string>
  readonly model: ModelTool.ModelTool
  readonly request: Request.RequestTemplate
  readonly mappings: ReadonlyArray<readonly [string, ReadonlyArray<JsonPath.Step>]> | undefined
  /** How errors name this tool: its name, method and URL template — never a value. */
  readonly target: string
  /** What the `RcpClient.execute` span records of it: name, method, origin — never a value. */
  readonly spanAttributes: Readonly<Record<string, string>>
}

/** @internal */
export const compile = (
  manifest: Manifest.Manifest,
  tool: Manifest.Tool,
  api: Api,
  resolverNames: ReadonlySet<string>
): CompiledTool => {
  const name = api.prefix + tool.name
  const hidden = tool.params.filter((param) => resolverNames.has(param.name))
  const visible = tool.params.filter((param) => !resolverNames.has(param.name))
  const request = Request.compile(tool)
  return {
    name,
    api,
    tool,
    manifestUrl: api.url,
    manifestOrigin: api.origin,
    auth: manifest.auth ?? { type: "none" },
    visible,
    hidden,
    hiddenNames: new Set(hidden.map((param) => param.name)),
    model: ToolMethod.remember(ModelTool.make(tool, visible, name), tool.method),
    request,
    mappings: tool.responseMappings === undefined ? undefined : Object.entries(tool.responseMappings).map(
      ([field, path]) => {
        const parsed = JsonPath.parse(path)
        // decode() already rejected bad paths; an unparseable one here would be a bug upstream.
        if (parsed._tag === "Invalid") throw new Error(`unvalidated mapping: ${parsed.problem}`)
        return [field, parsed.steps] as const
      }
    ),
    target: `tool "${name}" (${tool.method} ${tool.url})`,
    spanAttributes: { "rcp.tool": name, "http.request.method": tool.method, "server.address": request.url.origin }
  }
}

/**
 * Resolver names that no param of any tool uses: a likely typo on the operator's side.
 *
 * @internal
 */
export const unusedResolvers = (manifest: Manifest.Manifest, resolverNames: ReadonlySet<string>): Array<string> => {
  const used = new Set(manifest.tools.flatMap((tool) => tool.params.map((param) => param.name)))
  return [...resolverNames].filter((name) => !used.has(name))
}
