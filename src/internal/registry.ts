/**
 * The tools one client has discovered, by name. Mutated only by `add`, which runs synchronously
 * inside an Effect, so a lookup on the hot path is a plain `Map.get`.
 */
import { DuplicateTool } from "./clientErrors.js"
import type * as CompiledTool from "./compiledTool.js"
import type { ModelTool } from "./modelTool.js"

/** @internal */
export class Registry {
  private tools = new Map<string, CompiledTool.CompiledTool>()

  get(name: string): CompiledTool.CompiledTool | undefined {
    return this.tools.get(name)
  }

  names(): Array<string> {
    return [...this.tools.keys()]
  }

  models(): Array<ModelTool> {
    return [...this.tools.values()].map((tool) => tool.model)
  }

  /** Adds what `url` defines, replacing what it defined before; another URL's tool name is a conflict. */
  add(url: string, compiled: ReadonlyArray<CompiledTool.CompiledTool>): DuplicateTool | undefined {
    for (const tool of compiled) {
      const existing = this.tools.get(tool.tool.name)
      if (existing !== undefined && existing.manifestUrl !== url) {
        return new DuplicateTool({ tool: tool.tool.name, firstUrl: existing.manifestUrl, secondUrl: url })
      }
    }
    const next = new Map([...this.tools].filter(([, tool]) => tool.manifestUrl !== url))
    for (const tool of compiled) next.set(tool.tool.name, tool)
    this.tools = next
    return undefined
  }
}
