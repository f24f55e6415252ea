/**
 * The three imports registered in one client, as a ranker sees them: each model-facing tool under
 * its exposed name, with the method and URL template its manifest gives it, and the spec operation
 * it is (found by method and URL, never by name).
 */
import { createRcpClient, type PromiseClient } from "rcp-sdk/client"
import { API_NAMES, type ApiName, importSpec, loadSpecs, type LoadedSpec, operationsOfTools, SPECS, type SpecOperation } from "./specs.js"

/** A registered tool: what the model sees (`name`, `description`, `parameters`) plus where it goes. */
export interface CandidateTool {
  readonly name: string
  readonly description: string
  readonly parameters: {
    readonly type: "object"
    readonly properties: Readonly<Record<string, { readonly type: string; readonly description?: string; readonly enum?: ReadonlyArray<string> }>>
    readonly required: ReadonlyArray<string>
  }
  readonly method: string
  /** The manifest's URL template: `https://api.github.com/repos/{{owner}}/{{repo}}/pulls`. */
  readonly url: string
  readonly api: ApiName
  /** The operation's tags, as the import writes them (OpenAPI's `tags`). */
  readonly tags?: ReadonlyArray<string> | undefined
}

export interface Registry {
  readonly tools: ReadonlyArray<CandidateTool>
  /** Exposed tool name → the spec operation it is. */
  readonly operationOf: ReadonlyMap<string, SpecOperation>
  readonly specs: { readonly [A in ApiName]: LoadedSpec }
  /** Operations each import left out (`METHOD /path` keys), for the report. */
  readonly skipped: { readonly [A in ApiName]: number }
}

/**
 * Imports the three specs with the project's importer and registers each in `client` at its URL and
 * prefix (`SPECS`), in `API_NAMES`' order: the client every figure of this evaluation stands for.
 */
export const registerImports = async (client: PromiseClient<unknown>) => {
  const registered = []
  for (const api of API_NAMES) {
    const imported = await importSpec(api)
    const { prefix, url } = SPECS[api]
    registered.push({ api, ...imported, discovery: await client.register(imported.manifest, { url, prefix }) })
  }
  return registered
}

/** The three imports registered in one client (`registerImports`), each tool as a ranker sees it. */
export const buildRegistry = async (): Promise<Registry> => {
  const specs = loadSpecs()
  const client = createRcpClient()
  const tools: Array<CandidateTool> = []
  const operationOf = new Map<string, SpecOperation>()
  const skipped = { github: 0, stripe: 0, slack: 0 }
  try {
    for (const { api, discovery, manifest, warnings } of await registerImports(client)) {
      skipped[api] = warnings.filter((warning) => warning.skipped).length
      const { prefix } = SPECS[api]
      const byName = new Map(manifest.tools.map((tool) => [prefix + tool.name, tool]))
      const operations = operationsOfTools(
        specs[api],
        manifest.tools.map((tool) => ({ name: prefix + tool.name, method: tool.method, url: tool.url }))
      )
      for (const tool of discovery.tools) {
        const source = byName.get(tool.name)
        const operation = operations.get(tool.name)
        if (source === undefined || operation === undefined) throw new Error(`registered tool ${tool.name} is not in the ${api} import`)
        tools.push({ ...tool, method: source.method, url: source.url, tags: source.tags, api })
        operationOf.set(tool.name, operation)
      }
    }
  } finally {
    await client.close()
  }
  return { tools, operationOf, specs, skipped }
}
