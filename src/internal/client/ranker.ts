/**
 * The app's own tool ranker as a service (issue #32's "a function or a service"): an Effect
 * application provides `ToolRanker` as a layer — built from the services its ranker needs (an
 * embedding model, a search client), swapped in tests — where a plain application hands
 * `searchRanker` to the options. The options' ranker, when given, wins; with neither, the default
 * local index ranks (`search.ts`).
 */
import { Service as ServiceOf } from "#target/Service.js"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import type { SearchCandidate } from "../../Client.js"
import { anyForm } from "../shared/anyForm.js"

/**
 * What a ranker answers: tool names, best first, each with its score.
 *
 * @since 0.3.0
 * @category models
 */
export type RankedTools = ReadonlyArray<{ readonly name: string; readonly score: number }>

/**
 * A ranker in any form: given the request, the candidates and the limit, its matches as a value, a
 * promise or an Effect.
 *
 * @since 0.3.0
 * @category models
 */
export type RankFunction = (
  request: string,
  candidates: ReadonlyArray<SearchCandidate>,
  options: { readonly limit: number }
) => RankedTools | PromiseLike<RankedTools> | Effect.Effect<RankedTools, unknown>

/**
 * @since 0.3.0
 * @category models
 */
export interface ToolRankerService {
  readonly rank: (
    request: string,
    candidates: ReadonlyArray<SearchCandidate>,
    options: { readonly limit: number }
  ) => Effect.Effect<RankedTools, unknown>
}

/**
 * The app's ranker for `searchTools` and search mode, as a service. Absent from the context (and
 * no `searchRanker` in the options), the default local index ranks. Held to `SearchRanker`'s
 * contract: names that are not candidates and repeats are dropped, the list is cut at the limit,
 * and a ranker that fails, throws or rejects fails the search as a defect.
 *
 * @example
 * ```ts
 * import * as Effect from "effect/Effect"
 * import * as Layer from "effect/Layer"
 * import * as Client from "rcp-sdk/client"
 *
 * // Tools whose name shares a word with the request first: an Effect, so it may use services.
 * const byName = Client.ToolRanker.layer((request, candidates, { limit }) =>
 *   Effect.sync(() => {
 *     const words = new Set(request.toLowerCase().split(/\W+/))
 *     return candidates
 *       .map(({ tool }) => ({ name: tool.name, score: tool.name.split("_").filter((w) => words.has(w)).length }))
 *       .filter((match) => match.score > 0)
 *       .sort((a, b) => b.score - a.score)
 *       .slice(0, limit)
 *   })
 * )
 * const client = Client.layer().pipe(Layer.provide(byName))
 * ```
 *
 * @since 0.3.0
 * @category models
 */
export class ToolRanker extends ServiceOf<ToolRanker, ToolRankerService>()("rcp-sdk/ToolRanker") {
  /**
   * A ranker in any form as a layer: `Layer.provide(ToolRanker.layer((request, candidates, { limit }) => …))`.
   *
   * @since 0.3.0
   * @category layers
   */
  static readonly layer = (rank: RankFunction): Layer.Layer<ToolRanker> => Layer.succeed(ToolRanker, fromFunction(rank))
}

/**
 * A ranker in any form as the service: what it throws, rejects or fails with is the service's
 * failure, kept as it is (the search makes it a defect).
 *
 * @internal
 */
export const fromFunction = (rank: RankFunction): ToolRankerService => ({
  rank: (request, candidates, options) => anyForm(() => rank(request, candidates, options))
})
