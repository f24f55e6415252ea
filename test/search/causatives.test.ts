/**
 * Recall round 14 (issue #32): a causative with people as its object ("get @x to …", "have @x …")
 * asks those people to do something — the speaker's operation is a request to them, not a read
 * ("get") nor the verb they are to do (src/internal/search/outcomes.ts `causative`). Over the
 * evaluation's real imports; requests written for these tests, not taken from a task set.
 */
import { describe, expect, it } from "vitest"
import * as Outcomes from "../../src/internal/search/outcomes.js"
import { namesOver } from "./realIndex.js"

const { names } = namesOver()

describe("causative", () => {
  it("reads getting or having people do something as asking them", () => {
    expect(Outcomes.causative("get @omar and @acme/docs to proofread acme/site#3")).toBe("ask @omar and @acme/docs to proofread acme/site#3")
    expect(Outcomes.causative("have @nina, @omar give acme/site#77 a look")).toBe("ask @nina, @omar give acme/site#77 a look")
  })

  it("leaves a get or have of things alone", () => {
    expect(Outcomes.causative("get the nightly artifacts from octo/site")).toBe("get the nightly artifacts from octo/site")
    expect(Outcomes.causative("have a look at acme/site#77")).toBe("have a look at acme/site#77")
    expect(Outcomes.causative("get @nina's profile")).toBe("get @nina's profile")
  })

  it("runs in time linear in the request", () => {
    const hostile = "get " + "@a ".repeat(20_000) + "x"
    const started = performance.now()
    expect(Outcomes.causative(hostile)).toBe(hostile)
    expect(performance.now() - started).toBeLessThan(50)
  })
})

describe("the index, for a causative of people", () => {
  it("requests the people's review of a pull request", () => {
    // Read as "get", the request ranked the people's own pages (GET /users/{username}) first.
    expect(names("get @omar and @acme/docs to proofread acme/site#3")[0]).toBe("pulls_request-reviewers")
    // "give … a look" says no review: asking the people to take the item is assigning them.
    expect(names("have @nina, @omar give acme/site#77 a look")[0]).toBe("issues_add-assignees")
  })
})
