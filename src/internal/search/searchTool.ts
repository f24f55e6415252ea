/**
 * The `search_tools` tool a model calls to find the API tools it needs, instead of being handed
 * every tool on every turn: its definition (a model-facing tool like any other) and how its
 * arguments are read. What it returns and how found tools become callable is the client's
 * (search mode); this module only says what the model sees of the search itself.
 */
import type { ModelTool } from "../model/modelTool.js"
import { isRecord } from "../shared/values.js"

/**
 * The search tool's name.
 *
 * @since 0.2.0
 * @category models
 */
export const SEARCH_TOOL_NAME = "search_tools"

/** How many tools one search returns by default, and at most. */
export const DEFAULT_LIMIT = 5
export const MAX_LIMIT = 20

/**
 * The search tool as the model sees it.
 *
 * @since 0.2.0
 * @category constructors
 */
export const definition = (): ModelTool => ({
  name: SEARCH_TOOL_NAME,
  description: "Find the API tools that can do what you need. Describe the action in plain words " +
    "(\"refund a payment\", \"close issue 12 in acme/api\", \"post in #general\"); include ids or names you " +
    "have. Returns the matching tools with their parameters; call them on your next turn. Search again " +
    "for a different action.",
  parameters: {
    type: "object",
    properties: {
      query: { type: "string", description: "What you want to do, in a few words." },
      limit: { type: "number", description: `How many tools to return (1-${MAX_LIMIT}, default ${DEFAULT_LIMIT}).` }
    },
    required: ["query"],
    additionalProperties: false
  }
})

/**
 * The search tool's arguments, read strictly: a non-empty `query` string, an optional whole
 * `limit` clamped to 1–MAX_LIMIT. A string is read as JSON (the form LLM APIs send arguments in).
 *
 * @internal
 */
export const readArguments = (
  input: unknown
): { readonly _tag: "Ok"; readonly query: string; readonly limit: number } | { readonly _tag: "Invalid"; readonly problem: string } => {
  let args = input
  if (typeof input === "string") {
    try {
      args = JSON.parse(input)
    } catch {
      return { _tag: "Invalid", problem: "the arguments are not valid JSON; send {\"query\": \"…\"}" }
    }
  }
  if (!isRecord(args)) return { _tag: "Invalid", problem: "the arguments must be a JSON object with a \"query\" string" }
  const query = args["query"]
  if (typeof query !== "string" || query.trim() === "") {
    return { _tag: "Invalid", problem: "\"query\" must be a non-empty string: what you want to do" }
  }
  const limit = args["limit"]
  if (limit !== undefined && limit !== null && (typeof limit !== "number" || !Number.isFinite(limit))) {
    return { _tag: "Invalid", problem: "\"limit\" must be a number" }
  }
  const bounded = typeof limit === "number" ? Math.min(MAX_LIMIT, Math.max(1, Math.floor(limit))) : DEFAULT_LIMIT
  // A query is words: 1,000 characters is more than any request needs, and bounds the work.
  return { _tag: "Ok", query: query.slice(0, 1000), limit: bounded }
}
