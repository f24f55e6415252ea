/** The `search_tools` tool (src/internal/search/searchTool.ts): its definition and how its arguments are read. */
import { describe, expect, it } from "vitest"
import * as SearchTool from "../../src/internal/search/searchTool.js"

describe("search_tools", () => {
  it("is a model-facing tool with one required string, query, and an optional limit", () => {
    const tool = SearchTool.definition()
    expect(tool.name).toBe("search_tools")
    expect(tool.parameters).toEqual({
      type: "object",
      properties: { query: { type: "string", description: expect.any(String) }, limit: { type: "number", description: expect.any(String) } },
      required: ["query"],
      additionalProperties: false
    })
  })

  it("reads a query and a limit, from an object or the JSON string LLM APIs send", () => {
    expect(SearchTool.readArguments({ query: "refund a charge" })).toEqual({ _tag: "Ok", query: "refund a charge", limit: 5 })
    expect(SearchTool.readArguments("{\"query\":\"close issue 12\",\"limit\":3}")).toEqual({ _tag: "Ok", query: "close issue 12", limit: 3 })
    expect(SearchTool.readArguments({ query: "x", limit: null })).toMatchObject({ _tag: "Ok", limit: 5 })
  })

  it("clamps the limit to 1–20 and cuts the query at 1,000 characters", () => {
    expect(SearchTool.readArguments({ query: "x", limit: 500 })).toMatchObject({ limit: 20 })
    expect(SearchTool.readArguments({ query: "x", limit: 0 })).toMatchObject({ limit: 1 })
    expect(SearchTool.readArguments({ query: "x", limit: 2.7 })).toMatchObject({ limit: 2 })
    const read = SearchTool.readArguments({ query: "a".repeat(5000) })
    expect(read._tag === "Ok" && read.query.length).toBe(1000)
  })

  it("refuses what is not a search, saying what to send", () => {
    expect(SearchTool.readArguments("{not json")).toEqual({ _tag: "Invalid", problem: "the arguments are not valid JSON; send {\"query\": \"…\"}" })
    expect(SearchTool.readArguments([1])).toEqual({ _tag: "Invalid", problem: "the arguments must be a JSON object with a \"query\" string" })
    expect(SearchTool.readArguments({ query: "  " })).toEqual({ _tag: "Invalid", problem: "\"query\" must be a non-empty string: what you want to do" })
    expect(SearchTool.readArguments({ query: "x", limit: "5" })).toEqual({ _tag: "Invalid", problem: "\"limit\" must be a number" })
  })
})
