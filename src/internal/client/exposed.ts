/**
 * A set of tools handed to a model (issue #29, "a toolkit executes only what it exposed"): the
 * one mechanism every adapter that shows a model a subset — the @effect/ai toolkit, the AI SDK
 * ToolSet, the MCP bridge, an app passing `toOpenAiTools(subset)` — executes through. A call is run
 * only when its name is in the set *and* the client's tool under that name is still the one the
 * model was shown (the same object, or the same model-facing definition after a re-discovery);
 * anything else is `ToolNotFound`, before any resolver runs or any request is built, and names only
 * the set's tools — never the client's others, which the model was not meant to learn of.
 *
 * Why not a check in each adapter: each would have its own, and the one an adapter forgot is the
 * prompt-injection path (a tool discovered after the toolkit was built, never shown, was executed
 * with the user's resolved values and the API's credential).
 */
import type { Exposed } from "../../Client.js"
import * as Pin from "../manifest/pin.js"
import type { ModelTool } from "../model/modelTool.js"
import type { Deps } from "./deps.js"
import * as Execution from "./execution.js"

/** Whether the tool registered now is the one the model was shown. */
const same = (now: ModelTool, shown: ModelTool): boolean =>
  now === shown || Pin.canonical(now) === Pin.canonical(shown)

/** `tools` by name; of a name given twice, the first. */
const byName = (tools: ReadonlyArray<ModelTool>): ReadonlyMap<string, ModelTool> => {
  const shown = new Map<string, ModelTool>()
  for (const tool of tools) if (!shown.has(tool.name)) shown.set(tool.name, tool)
  return shown
}

/**
 * The lookup of an exposed set: each of its tools found only while the client still has it as shown.
 *
 * @internal
 */
export const lookup = (deps: Deps, shown: ReadonlyMap<string, ModelTool>): Execution.Lookup => {
  const names = [...shown.keys()]
  return {
    get: (name) => {
      const model = shown.get(name)
      if (model === undefined) return undefined
      const tool = deps.registry.get(name)
      return tool !== undefined && same(tool.model, model) ? tool : undefined
    },
    names: () => names
  }
}

/** @internal */
export const make = (deps: Deps) => (tools: ReadonlyArray<ModelTool>): Exposed => {
  const shown = byName(tools)
  const within = lookup(deps, shown)
  return {
    tools: [...shown.values()],
    has: (name) => within.get(name) !== undefined,
    execute: Execution.execute(deps, within),
    buildRequest: Execution.buildRequest(deps, within)
  }
}
