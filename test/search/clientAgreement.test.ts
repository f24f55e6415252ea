/**
 * The evaluation measures what a user gets: the bench indexes each tool as `CandidateTool` (its API
 * labelled by name, `github`), a client as it registered it (its API by the URL it was registered
 * at, its tags from the manifest). Over the three imports registered in one real client, the client's
 * `searchTools` must rank every development request exactly as the bench's index does — names and
 * scores — or the figures in bench/RESULTS.md would be another index's.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { DEV_SPLITS, readTasks } from "../../bench/search/data.js"
import { buildRegistry, type CandidateTool, registerImports } from "../../bench/search/registry.js"
import { createRcpClient, type PromiseClient } from "../../src/Client.js"
import * as ToolIndex from "../../src/internal/search/index.js"

const requests = readTasks().tasks.filter((task) => DEV_SPLITS.includes(task.split)).map((task) => task.query)

describe("the client's search and the evaluation's index", () => {
  let tools: ReadonlyArray<CandidateTool> = []
  let client: PromiseClient<unknown> | undefined
  beforeAll(async () => {
    tools = (await buildRegistry()).tools
    client = createRcpClient()
    await registerImports(client)
  }, 180_000)
  afterAll(() => client?.close())

  it("index the tools' tags, as a client does", () => {
    expect(tools.filter((tool) => tool.api === "github").every((tool) => (tool.tags?.length ?? 0) > 0)).toBe(true)
  })

  it("rank every development request alike: the same tools, in the same order, with the same scores", async () => {
    const index = ToolIndex.make()
    index.add(tools)
    expect(requests.length).toBeGreaterThan(1000)
    let differing = 0
    const first: Array<string> = []
    for (const request of requests) {
      const bench = index.search(request, { limit: 5 })
      const user = await client!.searchTools(request, { limit: 5 })
      const same = bench.length === user.length &&
        bench.every((hit, i) => hit.name === user[i]!.tool.name && Math.abs(hit.score - user[i]!.score) <= 1e-9 * Math.abs(hit.score))
      if (!same) {
        differing++
        // Names only: a request's words stay out of the test's output (bench/search/README "The rule").
        if (first.length < 3) first.push(`${bench.map((hit) => hit.name).join(",")} | ${user.map((match) => match.tool.name).join(",")}`)
      }
    }
    expect({ differing, first }).toEqual({ differing: 0, first: [] })
  }, 120_000)
})
