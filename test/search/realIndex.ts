/**
 * The evaluation's real imports (GitHub, Stripe, Slack, as the bench registry builds them) and one
 * default index of them all: what the search wing's tests over real tools start from.
 */
import { buildRegistry, type CandidateTool } from "../../bench/search/registry.js"
import * as ToolIndex from "../../src/internal/search/index.js"
import * as Learn from "../../src/internal/search/learn.js"

export interface RealIndex {
  readonly tools: ReadonlyArray<CandidateTool>
  readonly index: ToolIndex.ToolIndex
  /** The first `n` results of a request, each as its operation `METHOD /path/{param}` (the spec's way of naming it). */
  readonly first: (request: string, n: number) => Array<string>
}

export const realIndex = async (): Promise<RealIndex> => {
  const { tools } = await buildRegistry()
  const index = ToolIndex.make()
  index.add(tools)
  const operationOf = new Map<string, string>()
  for (const { method, name, url } of tools) operationOf.set(name, `${method} ${Learn.pathOf(url).replace(/\{\{/g, "{").replace(/\}\}/g, "}")}`)
  const first = (request: string, n: number): Array<string> => index.search(request, { limit: n }).map((hit) => operationOf.get(hit.name)!)
  return { tools, index, first }
}

/** The tool of that name among `tools`, or an error naming it (a test over real tools names them). */
export const toolNamed = (tools: ReadonlyArray<CandidateTool>, name: string): CandidateTool => {
  const found = tools.find((candidate) => candidate.name === name)
  if (found === undefined) throw new Error(`no tool ${name}`)
  return found
}
