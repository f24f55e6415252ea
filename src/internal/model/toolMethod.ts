/**
 * The HTTP method behind each model-facing tool a client compiled. `ModelTool` is what a model is
 * shown, so it carries no method; integrations that describe a tool's effects to a host (the MCP
 * bridge's annotations) ask here instead, by the very object `tools` returned. A WeakMap, so a
 * forgotten tool's entry goes with it.
 */
import type * as Manifest from "../../Manifest.js"
import type { ModelTool } from "./modelTool.js"

const methods = new WeakMap<ModelTool, Manifest.HttpMethod>()

/** @internal */
export const remember = (model: ModelTool, method: Manifest.HttpMethod): ModelTool => {
  methods.set(model, method)
  return model
}

/**
 * The method of a tool from a client's `tools`; undefined for a `ModelTool` built elsewhere.
 *
 * @internal
 */
export const of = (model: ModelTool): Manifest.HttpMethod | undefined => methods.get(model)
