/**
 * Requests that name an outcome instead of an action (src/internal/search/outcomes.ts): the frames
 * of preventing rewritten into the actions that bring them about, and what the index then finds
 * among the evaluation's real imports. Requests here are written for these tests, not taken from a
 * task set.
 */
import { beforeAll, describe, expect, it } from "vitest"
import type * as ToolIndex from "../../src/internal/search/index.js"
import * as Outcomes from "../../src/internal/search/outcomes.js"
import { realIndex } from "./realIndex.js"

describe("rewrite", () => {
  it("reads a prevention as restricting and blocking, its object and prevented verb kept", () => {
    expect(Outcomes.rewrite("stop the interns from pushing to main")).toBe("restrict block the interns pushing to main")
    expect(Outcomes.rewrite("keep bots from commenting")).toBe("restrict block bots commenting")
    expect(Outcomes.rewrite("lock it so that nobody can ever merge")).toBe("lock it restrict merge")
    expect(Outcomes.rewrite("make sure no one should be able to force push")).toBe("restrict force push")
  })

  it("leaves other stops, froms and nobodies as they are", () => {
    // Not a prevention: no verb in -ing after "from", or no modal after "nobody".
    expect(Outcomes.rewrite("stop build 4455 from acme/api")).toBe("stop build 4455 from acme/api")
    expect(Outcomes.rewrite("archive #old, nobody uses it")).toBe("archive #old, nobody uses it")
  })
})

describe("the index, for an outcome", () => {
  let index: ToolIndex.ToolIndex
  beforeAll(async () => {
    index = (await realIndex()).index
  }, 60_000)
  const first = (request: string): string | undefined => index.search(request, { limit: 1 })[0]?.name

  it("finds the operation that prevents what the request wants prevented", () => {
    expect(first("make sure nobody can comment on acme/api#12 anymore")).toBe("issues_lock")
    expect(first("stop the interns from pushing to main in acme/api")).toBe("repos_update-branch-protection")
    expect(first("keep @troll from interacting with acme/api")).toBe("interactions_set-restrictions-for-repo")
  })
})
