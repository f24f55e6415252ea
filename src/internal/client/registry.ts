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
import type * as CompiledTool from "./compiledTool.js"
import { DuplicateTool } from "./errors.js"

/** @internal */
export class Registry {
  private tools = new Map<string, CompiledTool.CompiledTool>()
  private credentialHome: string | undefined = undefined

  get(name: string): CompiledTool.CompiledTool | undefined {
    return this.tools.get(name)
  }

  names(): Array<string> {
    return [...this.tools.keys()]
  }

  models(): Array<ModelTool> {
    return [...this.tools.values()].map((tool) => tool.model)
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
    this.tools = next
    if (binding.usesClientCredential) this.credentialHome ??= binding.origin
    return undefined
  }

  /** Drops what `url` defines; true when it defined anything. */
  forget(url: string): boolean {
    const next = new Map([...this.tools].filter(([, tool]) => tool.manifestUrl !== url))
    const removed = next.size !== this.tools.size
    this.tools = next
    return removed
  }
}
