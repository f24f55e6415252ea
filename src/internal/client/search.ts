/**
 * `searchTools`: the registered model-facing tools ranked for a request, across every discovered
 * API. The search wing (MiniSearch, the lexicon, WordNet) is imported on the first search only —
 * a client that never searches never loads it — and the index is then built from the registry and
 * kept in step with every discovery and `forget` after (`Registry.searchIndex`).
 */
import * as Effect from "effect/Effect"
import type { SearchOptions, ToolMatch } from "../../Client.js"
import { normalizeUrl } from "../shared/url.js"
import type * as CompiledTool from "./compiledTool.js"
import type { ToolRankerService } from "./ranker.js"
import type { Registry } from "./registry.js"

/** At most this many tools per search: a model is shown a few, not a catalogue. */
const MAX_LIMIT = 50

/** @internal */
export const searchTools = (registry: Registry, ranker?: ToolRankerService | undefined) =>
(request: string, options?: SearchOptions): Effect.Effect<ReadonlyArray<ToolMatch>> => {
  const limit = Math.min(MAX_LIMIT, Math.max(0, Math.floor(options?.limit ?? 5)))
  const within = scope(options)
  if (ranker !== undefined) return custom(registry, ranker, request, limit, within)
  return Effect.flatMap(
    Effect.promise(() => import("../search/index.js")),
    (ToolIndex) =>
      Effect.sync(() => {
        const index = registry.searchIndex(ToolIndex.make)
        const hits = index.search(request, {
          limit,
          filter: within === undefined ? undefined : (name) => {
            const tool = registry.get(name)
            return tool !== undefined && within(tool)
          }
        })
        return hits.flatMap((hit) => {
          const tool = registry.get(hit.name)
          return tool === undefined ? [] : [{ tool: tool.model, score: hit.score, api: tool.manifestUrl }]
        })
      })
  )
}

/** Which registered tools a search may return. */
type Scope = (tool: CompiledTool.CompiledTool) => boolean

/**
 * The tools `apis` and `tags` leave to a search: of one of the APIs (by the URL as the client keys
 * it) and carrying one of the tags (exact: a tag is the API's label, not a word), both when both are
 * given; an empty list leaves none. Undefined: every tool.
 */
const scope = (options: SearchOptions | undefined): Scope | undefined => {
  const apis = options?.apis === undefined ? undefined : new Set(options.apis.map((url) => normalizeUrl(url)))
  const tags = options?.tags === undefined ? undefined : new Set(options.tags)
  if (apis === undefined && tags === undefined) return undefined
  return (tool) =>
    (apis === undefined || apis.has(tool.manifestUrl)) &&
    (tags === undefined || (tool.tool.tags ?? []).some((tag) => tags.has(tag)))
}

/**
 * The app's ranker over the candidates of the APIs asked for. What it returns is held to the
 * contract: only candidates, each once, at most `limit`, in its order. Nothing is asked of it for
 * `limit` 0, nor when `apis` and `tags` leave no candidate. Its failure is a defect (`SearchRanker` says so).
 */
const custom = (
  registry: Registry,
  ranker: ToolRankerService,
  request: string,
  limit: number,
  within: Scope | undefined
): Effect.Effect<ReadonlyArray<ToolMatch>> => {
  if (limit === 0) return Effect.succeed([])
  const byName = new Map(
    registry.compiled()
      .filter((tool) => within === undefined || within(tool))
      .map((tool) => [tool.name, { tool: tool.model, api: tool.manifestUrl }] as const)
  )
  if (byName.size === 0) return Effect.succeed([])
  return Effect.map(
    Effect.orDie(ranker.rank(request, [...byName.values()], { limit })),
    (ranked) => {
      const matches: Array<ToolMatch> = []
      const seen = new Set<string>()
      for (const { name, score } of ranked) {
        const candidate = byName.get(name)
        if (candidate === undefined || seen.has(name)) continue
        seen.add(name)
        matches.push({ ...candidate, score })
        if (matches.length === limit) break
      }
      return matches
    }
  )
}
