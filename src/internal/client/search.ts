/**
 * `searchTools`: the registered model-facing tools ranked for a request, across every discovered
 * API. The search wing (MiniSearch, the lexicon, WordNet) is imported on the first search only —
 * a client that never searches never loads it — and the index is then built from the registry and
 * kept in step with every discovery and `forget` after (`Registry.searchIndex`).
 */
import * as Effect from "effect/Effect"
import type { SearchOptions, SearchRanker, ToolMatch } from "../../Client.js"
import { normalizeUrl } from "../shared/url.js"
import type { Registry } from "./registry.js"

/** At most this many tools per search: a model is shown a few, not a catalogue. */
const MAX_LIMIT = 50

/** @internal */
export const searchTools = (registry: Registry, ranker?: SearchRanker | undefined) =>
(request: string, options?: SearchOptions): Effect.Effect<ReadonlyArray<ToolMatch>> => {
  const limit = Math.min(MAX_LIMIT, Math.max(0, Math.floor(options?.limit ?? 5)))
  const apis = options?.apis === undefined ? undefined : new Set(options.apis.map((url) => normalizeUrl(url)))
  if (ranker !== undefined) return custom(registry, ranker, request, limit, apis)
  return Effect.flatMap(
    Effect.promise(() => import("../search/index.js")),
    (ToolIndex) =>
      Effect.sync(() => {
        const index = registry.searchIndex(ToolIndex.make)
        const hits = index.search(request, {
          limit,
          filter: apis === undefined ? undefined : (name) => {
            const tool = registry.get(name)
            return tool !== undefined && apis.has(tool.manifestUrl)
          }
        })
        return hits.flatMap((hit) => {
          const tool = registry.get(hit.name)
          return tool === undefined ? [] : [{ tool: tool.model, score: hit.score, api: tool.manifestUrl }]
        })
      })
  )
}

/**
 * The app's ranker over the candidates of the APIs asked for. What it returns is held to the
 * contract: only candidates, each once, at most `limit`, in its order. Nothing is asked of it for
 * `limit` 0. Its failure is a defect (`SearchRanker` says so).
 */
const custom = (
  registry: Registry,
  ranker: SearchRanker,
  request: string,
  limit: number,
  apis: ReadonlySet<string> | undefined
): Effect.Effect<ReadonlyArray<ToolMatch>> => {
  if (limit === 0) return Effect.succeed([])
  const byName = new Map(
    registry.compiled()
      .filter((tool) => apis === undefined || apis.has(tool.manifestUrl))
      .map((tool) => [tool.name, { tool: tool.model, api: tool.manifestUrl }] as const)
  )
  return Effect.map(
    Effect.promise(async () => ranker(request, [...byName.values()], { limit })),
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
