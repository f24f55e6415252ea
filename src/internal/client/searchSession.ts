/**
 * Search mode: instead of every tool on every turn, the model is given `search_tools` (plus the
 * tools the operator pins) and calls it to find what it needs; what a search returns becomes
 * callable on the following turns. A session holds one conversation's found tools.
 *
 * The session sits over the client service and nothing else (`tools`, `searchTools`, `expose`),
 * so the Effect API and the promise facade share it, and every provider format works unchanged:
 * `tools` is a list of model-facing tools for `toOpenAiTools` & co., and a `search_tools` call
 * answers with an ordinary `ToolResult` that the result helpers turn into the provider's message.
 *
 * What the session runs goes through the client's exposed sets (`expose`, `exposed.ts`), the one
 * mechanism of "a toolkit executes only what it exposed" (SECURITY.md): its set is
 * `search_tools`, the pinned tools and each tool as a search returned it, and it grows with every
 * search. A name outside it — never pinned nor found, or found but changed or forgotten since — is
 * refused with `ToolNotFound` naming only the set's tools, before anything is resolved or sent: a
 * model cannot reach the rest of a 1,000-tool API by guessing a name it was never shown.
 */
import * as Effect from "effect/Effect"
import type {
  ExecuteError,
  ExecuteOptions,
  Exposed,
  SearchSession,
  SearchSessionOptions,
  Service,
  ToolCall,
  ToolResult
} from "../../Client.js"
import type { ModelTool } from "../model/modelTool.js"
import { readToolCall } from "../model/providers.js"
import * as SearchTool from "../search/searchTool.js"
import { InvalidArguments } from "./errors.js"
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
  // Each found tool as the search returned it (what the model was shown), insertion-ordered; a
  // tool found again moves to the end (the newest) with its definition of now.
  const found = new Map<string, ModelTool>()
  const definition = SearchTool.definition()

  // This turn's set: pinned first (in the operator's order, as registered now; a name not registered
  // is left out), then the found ones; a name that is both shows once (`expose` keeps the first).
  // `search_tools` heads it so a refusal names it too; its calls never reach the set (`execute`),
  // and an API's own tool of that name is never the session's definition, so never runs.
  const exposed = Effect.map(client.tools, (all): Exposed => {
    const registered = new Map(all.map((tool) => [tool.name, tool]))
    const pinnedNow = [...pinned].flatMap((name) => {
      const tool = registered.get(name)
      return tool === undefined ? [] : [tool]
    })
    const shown = [...pinnedNow, ...found.values()].filter((tool) => tool.name !== SearchTool.SEARCH_TOOL_NAME)
    return client.expose([definition, ...shown])
  })

  // What would run: a found tool changed or forgotten since is not offered again (a new search shows it anew).
  const tools = Effect.map(exposed, (set) => set.tools.filter((tool) => tool === definition || set.has(tool.name)))

  const search = (args: unknown, callOptions: ExecuteOptions | undefined): Effect.Effect<ToolResult, InvalidArguments> => {
    const read = SearchTool.readArguments(args)
    if (read._tag === "Invalid") {
      return Effect.fail(new InvalidArguments({ tool: SearchTool.SEARCH_TOOL_NAME, problems: [read.problem] }))
    }
    return Effect.flatMap(
      client.searchTools(read.query, { limit: read.limit, apis: options.apis, tags: options.tags }),
      (matches) => {
        const hits = matches.filter((match) => match.tool.name !== SearchTool.SEARCH_TOOL_NAME)
        for (const { tool } of hits) {
          found.delete(tool.name)
          found.set(tool.name, tool)
        }
        while (found.size > MAX_FOUND) found.delete(found.keys().next().value as string)
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
    return Effect.flatMap(exposed, (set) => set.execute(call, callOptions))
  }

  return {
    tools,
    execute,
    found: Effect.sync(() => [...found.keys()])
  }
}
