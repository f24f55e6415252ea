/**
 * rcp-sdk's default tool index as a `Ranker` of this evaluation:
 *
 *   npm run bench:search -- --ranker bench/build/search/ranker.js
 *
 * It indexes each tool as a client does (name, description, parameters, method, URL template,
 * API) and asks for the first five. The index is built from the tools alone; nothing here or in
 * src/internal/search/ reads tasks.json (README "The rule").
 */
import type * as ToolIndexModule from "../../dist/internal/search/index.js"
import type { Ranker } from "./baselines.js"

// The bench's own compile of src/ (bench/tsconfig.core.json → bench/build/core/), typed by the declarations.
const ToolIndex = (await import(new URL("../core/internal/search/index.js", import.meta.url).href)) as typeof ToolIndexModule

const ranker: Ranker = (tools) => {
  const index = ToolIndex.make()
  index.add(tools)
  return (query) => index.search(query, { limit: 5 }).map((hit) => hit.name)
}

export default ranker
