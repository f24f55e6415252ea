/**
 * Search mode: instead of every tool on every turn, the model is given `search_tools` (plus the
 * tools the operator pins) and calls it to find what it needs; what a search returns becomes
 * callable on the following turns. A session holds one conversation's found tools.
 *
 * The session sits over the client service and nothing else (`tools`, `searchTools`, `execute`),
 * so the Effect API and the promise facade share it, and every provider format works unchanged:
 * `tools` is a list of model-facing tools for `toOpenAiTools` & co., and a `search_tools` call
 * answers with an ordinary `ToolResult` that the result helpers turn into the provider's message.
 *
 * A tool the session has not exposed (neither pinned nor found) is refused with `ToolNotFound`
 * naming what is exposed — before anything is resolved or sent: a model cannot reach the rest of
 * a 1,000-tool API by guessing a name it was never shown (README "Hardening": a toolkit executes
 * only what it exposed).
 */
import * as Effect from "effect/Effect"
import type {
  ExecuteError,
  ExecuteOptions,
  SearchSession,
  SearchSessionOptions,
  Service,
  ToolCall,
  ToolResult
} from "../../Client.js"
import type { ModelTool } from "../model/modelTool.js"
import { readToolCall } from "../model/providers.js"
import * as SearchTool from "../search/searchTool.js"
import { InvalidArguments, ToolNotFound } from "./errors.js"
import * as Response from "./response.js"

/**
 * At most this many found tools stay exposed; the oldest found leaves first. OpenAI takes 128
 * tools per request, and a model picks worse among many: a conversation that searched for a dozen
 * actions still fits.
 */
export const MAX_FOUND = 64

/** @internal */
export const make = (client: Service, options: SearchSessionOptions = {}): SearchSession => {
  const pinned = new Set(options.pinned ?? [])
  // Insertion-ordered; a tool found again moves to the end (the newest).
  const found = new Set<string>()
  const definition = SearchTool.definition()

  const exposedNames = (): ReadonlySet<string> => new Set([...pinned, ...found])

  const tools = Effect.map(client.tools, (all): ReadonlyArray<ModelTool> => {
    const byName = new Map(all.map((tool) => [tool.name, tool]))
    const shown: Array<ModelTool> = [definition]
    // Pinned first (in the operator's order), then the found ones; a name that is both shows once.
    for (const name of exposedNames()) {
      const tool = byName.get(name)
      if (tool !== undefined && name !== SearchTool.SEARCH_TOOL_NAME) shown.push(tool)
    }
    return shown
  })

  const search = (args: unknown, callOptions: ExecuteOptions | undefined): Effect.Effect<ToolResult, InvalidArguments> => {
    const read = SearchTool.readArguments(args)
    if (read._tag === "Invalid") {
      return Effect.fail(new InvalidArguments({ tool: SearchTool.SEARCH_TOOL_NAME, problems: [read.problem] }))
    }
    return Effect.flatMap(
      client.searchTools(read.query, { limit: read.limit, apis: options.apis }),
      (matches) => {
        const hits = matches.filter((match) => match.tool.name !== SearchTool.SEARCH_TOOL_NAME)
        for (const { tool } of hits) {
          found.delete(tool.name)
          found.add(tool.name)
        }
        while (found.size > MAX_FOUND) found.delete(found.values().next().value as string)
        // Built as the client builds every result (`headers`, the model's view to the call's budget).
        return Response.answered(200, {
          tools: hits.map(({ tool }) => ({ name: tool.name, description: tool.description, parameters: tool.parameters })),
          note: hits.length === 0
            ? "No tool matched. Search again with other words for the action."
            : "These tools are now available: call them by name."
        }, callOptions)
      }
    )
  }

  const execute = (call: ToolCall, callOptions?: ExecuteOptions): Effect.Effect<ToolResult, ExecuteError> => {
    const read = readToolCall(call)
    if (read instanceof InvalidArguments) return Effect.fail(read)
    if (read.name === SearchTool.SEARCH_TOOL_NAME) return search(read.arguments, callOptions)
    // What the model was shown this turn: a pinned name not registered (or forgotten since) is not
    // among them, and is refused here like any other — never by the client's own ToolNotFound,
    // which would list the API's other tools.
    return Effect.flatMap(tools, (shown) =>
      read.name !== SearchTool.SEARCH_TOOL_NAME && shown.some((tool) => tool.name === read.name)
        ? client.execute(call, callOptions)
        : Effect.fail(new ToolNotFound({ tool: read.name, available: shown.map((tool) => tool.name) })))
  }

  return {
    tools,
    execute,
    found: Effect.sync(() => [...found])
  }
}
