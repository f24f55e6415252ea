/**
 * The default index's rankings, pinned: the first 10 tools (names and scores) it gives for each DEV
 * request of the evaluation over the three imports (GitHub, Stripe, Slack: the registry of
 * bench/search), against `rankings.snapshot.json`. A change meant to make the index faster (issue
 * #32's latency and build goals) must leave every ranking as it was; this holds it — built all at
 * once and built one API at a time with an API forgotten and discovered again (the incremental path).
 *
 * A change meant to rank differently (the lexicon, the scoring) changes the snapshot on purpose:
 * rewrite it with `RANKINGS_UPDATE=1 npx vitest run test/search/rankings.test.ts` and commit it with
 * that change, saying so. The full oracle (DEV and TEST, first 20, three indexes) is
 * `bench/search/rankings.ts`.
 */
import * as Fs from "node:fs"
import { beforeAll, describe, expect, it } from "vitest"
import { readTasks } from "../../bench/search/data.js"
import { compare, incremental, rank, type Rankings, whole } from "../../bench/search/rankings.js"
import { buildRegistry, type CandidateTool } from "../../bench/search/registry.js"
import * as ToolIndex from "../../src/internal/search/index.js"

const SNAPSHOT = new URL("./rankings.snapshot.json", import.meta.url)
const LIMIT = 10

const dev = readTasks().tasks.filter((task) => task.split === "dev")

describe("rankings over the evaluation's three imports", () => {
  let tools: ReadonlyArray<CandidateTool> = []
  beforeAll(async () => {
    tools = (await buildRegistry()).tools
  }, 120_000)

  it("are the pinned ones for every DEV request, the index built at once", () => {
    const now = rank(whole(ToolIndex.make, tools), dev, LIMIT)
    if (process.env["RANKINGS_UPDATE"] === "1") Fs.writeFileSync(SNAPSHOT, `${JSON.stringify(now, null, 0).replace(/\],"/g, "],\n\"")}\n`)
    const pinned = JSON.parse(Fs.readFileSync(SNAPSHOT, "utf8")) as Rankings
    expect(Object.keys(pinned).sort()).toEqual(dev.map((task) => task.id).sort())
    expect(compare(pinned, now).differing).toEqual([])
  })

  it("are the same built one API at a time, with an API forgotten and discovered again", () => {
    const pinned = JSON.parse(Fs.readFileSync(SNAPSHOT, "utf8")) as Rankings
    expect(compare(pinned, rank(incremental(ToolIndex.make, tools), dev, LIMIT)).differing).toEqual([])
  })

  it("tell a changed ranking apart: another order, another tool, a score off by more than the epsilon", () => {
    const pinned: Rankings = { a: [["x", 2], ["y", 1]], b: [["x", 2]], c: [["x", 2]], d: [["x", 2]] }
    const now: Rankings = { a: [["y", 2], ["x", 1]], b: [["z", 2]], c: [["x", 2.000001]], d: [["x", 2 * (1 + 1e-12)]] }
    expect(compare(pinned, now).differing).toEqual(["a", "b", "c"])
  })
})
