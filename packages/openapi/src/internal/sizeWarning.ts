/**
 * The import's size warning: an API whose tools a model cannot take whole in one request is told
 * so, with what its tool definitions cost per turn (the core's `countToolTokens`, o200k_base, in
 * OpenAI's format) and the way out (search mode, docs/big-apis.md). The tools are counted as a
 * model would see them: registered in a throwaway client (nothing is fetched or sent), with no
 * resolver — the operator's resolvers would hide a few params more.
 *
 * Only the tokens: a count of tools past what one request takes is the import's own warning
 * (`mapping.ts`, for the library's users too), so the command never says it twice.
 */
import { countToolTokens, createRcpClient } from "rcp-sdk/client"
import type * as Manifest from "rcp-sdk/manifest"

/** Tool definitions above this many tokens per turn are worth a warning on their own (a tenth of a 200k context). */
export const MAX_TOKENS = 20_000

/** The warning's text, or undefined when the manifest fits. @internal */
export const sizeWarning = async (manifest: Manifest.Manifest): Promise<string | undefined> => {
  const client = createRcpClient()
  try {
    const { tools } = await client.register(manifest, { url: "https://import.invalid/rcp/manifest" })
    const { total } = await countToolTokens(tools)
    if (total <= MAX_TOKENS) return undefined
    return `about ${total.toLocaleString("en-US")} tokens of tool definitions per turn for ${tools.length} tools ` +
      `(o200k_base, OpenAI's format): more than a model should be given at once — ` +
      `give it search_tools instead (search mode, docs/big-apis.md) or import fewer operations (--include, --exclude)`
  } catch {
    // The manifest is the importer's own output; a failure to register it is no reason to fail the import.
    return undefined
  } finally {
    await client.close()
  }
}
