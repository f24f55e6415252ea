/**
 * `searchTools`: the registered model-facing tools ranked for a request, across every discovered
 * API. The search wing (MiniSearch, the lexicon, WordNet) is imported on the first search only —
 * a client that never searches never loads it — and the index is then built from the registry and
 * kept in step with every discovery and `forget` after (`Registry.searchIndex`).
 */
import * as Effect from "effect/Effect"
import type { SearchOptions, ToolMatch } from "../../Client.js"
import { normalizeUrl } from "../shared/url.js"
import type { Registry } from "./registry.js"

/** At most this many tools per search: a model is shown a few, not a catalogue. */
const MAX_LIMIT = 50

/** @internal */
export const searchTools = (registry: Registry) =>
(request: string, options?: SearchOptions): Effect.Effect<ReadonlyArray<ToolMatch>> =>
  Effect.flatMap(
    Effect.promise(() => import("../search/index.js")),
    (ToolIndex) =>
      Effect.sync(() => {
        const limit = Math.min(MAX_LIMIT, Math.max(0, Math.floor(options?.limit ?? 5)))
        const apis = options?.apis === undefined ? undefined : new Set(options.apis.map((url) => normalizeUrl(url)))
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
