/**
 * The tool-search evaluation set (bench/search, issue #32) stays valid: every task keeps the rules
 * of bench/search/README.md against the specs themselves, the catalogue lists exactly the specs'
 * operations, and the harness maps tools to operations by method and URL and scores as it says.
 * The evaluation itself (`npm run bench:search`) is not run here: it is a bench, not a test.
 */
import { describe, expect, it } from "vitest"
import { checkTasks, sharedRun } from "../bench/search/check.js"
import { readCatalogue, readTasks, type Task } from "../bench/search/data.js"
import { run, score } from "../bench/search/evaluate.js"
import type { CandidateTool, Registry } from "../bench/search/registry.js"
import { API_NAMES, type LoadedSpec, loadSpecs, operationsOfTools, type SpecOperation } from "../bench/search/specs.js"
import { openApiToManifest } from "@rcp-sdk/openapi"

const specs = loadSpecs()
const { tasks } = readTasks()

describe("the task set", () => {
  it("keeps every rule: answers in the specs, no copied wording, the split sizes", () => {
    expect(checkTasks(tasks, specs)).toEqual([])
  })

  it("is at least 300 tasks, 200 of them held out, with 60 or more for Stripe and for Slack", () => {
    expect(tasks.length).toBeGreaterThanOrEqual(300)
    expect(tasks.filter((task) => task.split === "test").length).toBeGreaterThanOrEqual(200)
    for (const api of ["stripe", "slack"] as const) {
      expect(tasks.filter((task) => task.api === api).length).toBeGreaterThanOrEqual(60)
    }
  })

  it("flags a request that copies three words of its answer's docs, and an answer the spec lacks", () => {
    const copied: Task = {
      id: "x-1",
      split: "dev",
      api: "slack",
      query: "please, sends a message to #general",
      answers: ["POST /chat.postMessage"]
    }
    const missing: Task = { id: "x-2", split: "test", api: "stripe", query: "zap it", answers: ["POST /v1/zap"] }
    const messages = checkTasks([copied, missing], specs).map((problem) => `${problem.task}: ${problem.message}`)
    expect(messages).toContain(`x-1: copies "sends a message" from the description of POST /chat.postMessage`)
    expect(messages).toContain("x-2: POST /v1/zap is no operation of the stripe spec")
  })

  it("compares words without case, punctuation or HTML, and needs three in a row", () => {
    expect(sharedRun("Retrieves THE details, of it", "<p>Retrieves the details of an account.</p>")).toBe("retrieves the details")
    expect(sharedRun("the details", "Retrieves the details of an account.")).toBeUndefined()
    expect(sharedRun("retrieves details the", "Retrieves the details of an account.")).toBeUndefined()
  })
})

describe("the catalogue", () => {
  it("lists each operation of the three specs once, with its operationId", () => {
    const { operations } = readCatalogue()
    const listed = operations.map((entry) => `${entry.api} ${entry.method} ${entry.path} ${entry.operationId}`)
    const declared = API_NAMES.flatMap((api) =>
      specs[api].operations.map((operation) => `${api} ${operation.key} ${operation.operationId}`)
    )
    expect(new Set(listed).size).toBe(listed.length)
    expect([...listed].sort()).toEqual([...declared].sort())
  })

  it("names a tool for nearly every GitHub operation and for most of Stripe's and Slack's", () => {
    const { operations } = readCatalogue()
    const tools = (api: string) => operations.filter((entry) => entry.api === api && entry.tool !== null).length
    // Today's import (bench/search/README.md): 1,130 of 1,223, 388 of 452, 125 of 174.
    expect(tools("github")).toBeGreaterThan(1_000)
    expect(tools("stripe")).toBeGreaterThan(300)
    expect(tools("slack")).toBeGreaterThan(100)
    expect(operations.filter((entry) => entry.api === "slack" && entry.tool !== null).every((entry) => entry.tool!.startsWith("slack_")))
      .toBe(true)
  })
})

/** A spec with what makes mapping by URL hard: a renamed placeholder, an operation's own server. */
const tinySpec = {
  openapi: "3.0.3",
  info: { title: "tiny", version: "1" },
  servers: [{ url: "https://api.example.com/base" }],
  paths: {
    "/teams/{team-slug}/members": {
      get: {
        operationId: "teams/list-members",
        parameters: [{ name: "team-slug", in: "path", required: true, schema: { type: "string" } }],
        responses: { "200": { description: "ok" } }
      }
    },
    "/uploads/{id}": {
      post: {
        operationId: "upload",
        servers: [{ url: "https://uploads.example.com" }],
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
        responses: { "200": { description: "ok" } }
      }
    },
    "/": { get: { operationId: "root", responses: { "200": { description: "ok" } } } }
  }
}

const loadedTiny = (): LoadedSpec => {
  const operations: Array<SpecOperation> = Object.entries(tinySpec.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({
      api: "github" as const,
      key: `${method.toUpperCase()} ${path}`,
      method: method.toUpperCase(),
      path,
      operationId: operation.operationId,
      summary: undefined,
      description: undefined
    }))
  )
  return {
    spec: { api: "github", file: "", url: "https://api.example.com/openapi.json", prefix: "" },
    server: "https://api.example.com/base",
    operations,
    byKey: new Map(operations.map((operation) => [operation.key, operation]))
  }
}

describe("the harness", () => {
  it("finds each imported tool's operation by method and URL, whatever the importer names it", async () => {
    const { manifest } = await openApiToManifest(tinySpec)
    const found = operationsOfTools(loadedTiny(), manifest.tools)
    expect(Object.fromEntries([...found].map(([tool, operation]) => [tool, operation.key]))).toEqual({
      "teams_list-members": "GET /teams/{team-slug}/members",
      upload: "POST /uploads/{id}",
      root: "GET /"
    })
  })

  it("refuses a tool that is no operation of the spec", () => {
    expect(() =>
      operationsOfTools(loadedTiny(), [{ name: "stray", method: "DELETE", url: "https://api.example.com/base/teams/{{x}}/members" }])
    ).toThrow("stray: DELETE https://api.example.com/base/teams/{{x}}/members matches 0 operations of github")
  })

  it("scores the rank of the first acceptable tool, within the task's API, over answerable tasks", () => {
    const tool = (name: string, api: CandidateTool["api"]): CandidateTool => ({
      name,
      description: name,
      parameters: { type: "object", properties: {}, required: [] },
      method: "GET",
      url: `https://x/${name}`,
      api
    })
    const operation = (api: SpecOperation["api"], key: string): SpecOperation => ({
      api,
      key,
      method: key.split(" ")[0]!,
      path: key.split(" ")[1]!,
      operationId: undefined,
      summary: undefined,
      description: undefined
    })
    const registry = {
      tools: [tool("a", "github"), tool("b", "slack"), tool("c", "github")],
      operationOf: new Map([
        ["a", operation("github", "GET /a")],
        ["b", operation("slack", "GET /a")],
        ["c", operation("github", "GET /c")]
      ]),
      specs,
      skipped: { github: 0, stripe: 0, slack: 0 }
    } satisfies Registry
    const task = (id: string, answers: Array<string>): Task => ({ id, split: "test", api: "github", query: id, answers })
    // The ranker answers every request with b, c, a: b is Slack's GET /a, not GitHub's.
    const outcomes = run(() => () => ["b", "c", "a"], registry, [
      task("first", ["GET /c"]),
      task("third", ["GET /a"]),
      task("never", ["GET /gone"])
    ])
    expect(outcomes.map((outcome) => [outcome.task.id, outcome.rank, outcome.answerable])).toEqual([
      ["first", 2, true],
      ["third", 3, true],
      ["never", undefined, false]
    ])
    expect(score(outcomes)).toEqual({ tasks: 3, answerable: 2, hits: [0, 2] })
  })
})
