/**
 * The APIs one client has discovered, and their tools by exposed name. Mutated only by `add` and
 * `forget`, which run synchronously inside an Effect, so a lookup on the hot path is a plain
 * `Map.get`.
 *
 * It also remembers where a client-wide fixed credential belongs (its "home", docs/protocol.md
 * §Several APIs): the origin of the first authenticated manifest registered to use it. That origin
 * never changes for the client's life — not even after `forget` — so that no sequence of
 * discoveries can move the credential to an origin the operator did not name.
 */
import type { ModelTool } from "../model/modelTool.js"
import type { SearchDocument, ToolIndex } from "../search/index.js"
import type * as CompiledTool from "./compiledTool.js"
import { DuplicateTool } from "./errors.js"

/** @internal */
export class Registry {
  private tools = new Map<string, CompiledTool.CompiledTool>()
  private credentialHome: string | undefined = undefined
  /** The tool index, once a search has asked for it; kept in step with every add and forget after. */
  private index: ToolIndex | undefined = undefined

  /** The index of the tools, built on first use with `make` (the search wing loads only then). */
  searchIndex(make: () => ToolIndex): ToolIndex {
    if (this.index === undefined) {
      this.index = make()
      this.index.add([...this.tools.values()].map(documentOf))
    }
    return this.index
  }

  get(name: string): CompiledTool.CompiledTool | undefined {
    return this.tools.get(name)
  }

  names(): Array<string> {
    return [...this.tools.keys()]
  }

  models(): Array<ModelTool> {
    return [...this.tools.values()].map((tool) => tool.model)
  }

  /** Every registered tool, in registration order. */
  compiled(): Array<CompiledTool.CompiledTool> {
    return [...this.tools.values()]
  }

  /** The origin the client-wide fixed credential belongs to, once bound. */
  home(): string | undefined {
    return this.credentialHome
  }

  /**
   * Adds what `url` defines, replacing what it defined before; another URL's exposed tool name is
   * a conflict, and then nothing changes. `usesClientCredential`: the manifest needs a credential
   * and will use the client-wide fixed one (which binds it here if unbound).
   */
  add(
    url: string,
    compiled: ReadonlyArray<CompiledTool.CompiledTool>,
    binding: { readonly origin: string; readonly usesClientCredential: boolean }
  ): DuplicateTool | undefined {
    for (const tool of compiled) {
      const existing = this.tools.get(tool.name)
      if (existing !== undefined && existing.manifestUrl !== url) {
        return new DuplicateTool({ tool: tool.name, firstUrl: existing.manifestUrl, secondUrl: url })
      }
    }
    const next = new Map([...this.tools].filter(([, tool]) => tool.manifestUrl !== url))
    for (const tool of compiled) next.set(tool.name, tool)
    if (this.index !== undefined) {
      this.index.remove([...this.tools.values()].filter((tool) => tool.manifestUrl === url).map((tool) => tool.name))
      this.index.add(compiled.map(documentOf))
    }
    this.tools = next
    if (binding.usesClientCredential) this.credentialHome ??= binding.origin
    return undefined
  }

  /** Drops what `url` defines; true when it defined anything. */
  forget(url: string): boolean {
    const next = new Map([...this.tools].filter(([, tool]) => tool.manifestUrl !== url))
    const removed = next.size !== this.tools.size
    this.index?.remove([...this.tools.values()].filter((tool) => tool.manifestUrl === url).map((tool) => tool.name))
    this.tools = next
    return removed
  }
}

/**
 * A registered tool as the search index reads it: its model-facing name, description and
 * parameters (a resolver-bound param is not there to be found), its method and URL template, its
 * tags, and the manifest it came from as its API.
 */
const documentOf = (tool: CompiledTool.CompiledTool): SearchDocument => ({
  name: tool.name,
  description: tool.model.description,
  parameters: tool.model.parameters,
  method: tool.tool.method,
  url: tool.tool.url,
  tags: tool.tool.tags,
  api: tool.manifestUrl
})
