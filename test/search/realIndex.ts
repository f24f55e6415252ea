/**
 * The evaluation's real imports (GitHub, Stripe, Slack, as the bench registry builds them) and one
 * default index of them all: what the search wing's tests over real tools start from.
 */
import { buildRegistry, type CandidateTool } from "../../bench/search/registry.js"
import * as ToolIndex from "../../src/internal/search/index.js"

export const realIndex = async (): Promise<{ readonly tools: ReadonlyArray<CandidateTool>; readonly index: ToolIndex.ToolIndex }> => {
  const { tools } = await buildRegistry()
  const index = ToolIndex.make()
  index.add(tools)
  return { tools, index }
}

/** The tool of that name among `tools`, or an error naming it (a test over real tools names them). */
export const toolNamed = (tools: ReadonlyArray<CandidateTool>, name: string): CandidateTool => {
  const found = tools.find((candidate) => candidate.name === name)
  if (found === undefined) throw new Error(`no tool ${name}`)
  return found
}
