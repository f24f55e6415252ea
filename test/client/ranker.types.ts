// Type-level promises of the app's ranker (`searchRanker`, `ToolRanker`), checked by `tsc` in `npm test`.
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Client from "../../src/Client.js"

// The options' ranker answers with matches or a promise of them.
export const sync = Client.createRcpClient({ searchRanker: (_request, candidates) => candidates.map(({ tool }) => ({ name: tool.name, score: 1 })) })
export const async = Client.createRcpClient({ searchRanker: async () => [] })
// @ts-expect-error — a match has a numeric score
export const stringScore = Client.createRcpClient({ searchRanker: () => [{ name: "x", score: "high" }] })

// As a service: a value, a promise or an Effect; the layer needs nothing more.
export const asValue: Layer.Layer<Client.ToolRanker> = Client.ToolRanker.layer(() => [{ name: "x", score: 1 }])
export const asPromise: Layer.Layer<Client.ToolRanker> = Client.ToolRanker.layer(async (_request, _candidates, { limit }) => [{ name: "x", score: limit }])
export const asEffect: Layer.Layer<Client.ToolRanker> = Client.ToolRanker.layer(() => Effect.fail(new Error("may fail: a defect of the search")))
// @ts-expect-error — a match names its tool
export const noName = Client.ToolRanker.layer(() => [{ score: 1 }])
// @ts-expect-error — an Effect that needs a service is built into the layer first (Layer.effect), not handed to `layer`
export const needsService = Client.ToolRanker.layer(() => Effect.flatMap(Client.RcpClient, () => Effect.succeed([])))
// The candidates are model-facing tools with their API's URL.
export const candidateApi = Client.ToolRanker.layer((_request, candidates) => candidates.map(({ api, tool }) => ({ name: `${api}${tool.name}`, score: 0 })))
