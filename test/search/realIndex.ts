/**
 * The evaluation's real imports (GitHub, Stripe, Slack, as the bench registry builds them) and one
 * default index of them all: what the search wing's tests over real tools start from.
 */
import { beforeAll } from "vitest"
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

/** One real index for a test file, built in its `beforeAll`, and what its tests read from it. */
export interface SharedIndex {
  /** The index (an error before the file's `beforeAll` has built it). */
  readonly index: () => ToolIndex.ToolIndex
  /** The names of the first `limit` tools a request ranks (5 unless told). */
  readonly names: (request: string, limit?: number) => Array<string>
}

/**
 * A real index built once in the calling test file's `beforeAll` (two minutes allowed: the three imports
 * are read first), with the `names` helper most search tests assert on. Call it at the file's top level.
 */
export const namesOver = (): SharedIndex => {
  let built: ToolIndex.ToolIndex | undefined
  beforeAll(async () => {
    built = (await realIndex()).index
  }, 120_000)
  const index = (): ToolIndex.ToolIndex => {
    if (built === undefined) throw new Error("the real index is built in the test file's beforeAll")
    return built
  }
  return { index, names: (request, limit = 5) => index().search(request, { limit }).map((hit) => hit.name) }
}

/**
 * How much a search over each shape repeated to 10,000 characters costs against a plain request of the
 * same length (the best of three, after a first search): about 1 for a reader linear in its input,
 * hundreds for a quadratic one. The hostile-input tests of each round bound it.
 */
export const costOverPlain = (index: ToolIndex.ToolIndex, shapes: ReadonlyArray<string>): Array<number> => {
  const timed = (request: string): number => {
    index.search(request, { limit: 5 })
    let best = Infinity
    for (let round = 0; round < 3; round++) {
      const started = performance.now()
      index.search(request, { limit: 5 })
      best = Math.min(best, performance.now() - started)
    }
    return best
  }
  const sized = (shape: string): string => shape.repeat(Math.ceil(10_000 / shape.length)).slice(0, 10_000)
  const plain = timed(sized("list the open issues of octo/tool "))
  return shapes.map((shape) => timed(sized(shape)) / Math.max(plain, 1))
}
