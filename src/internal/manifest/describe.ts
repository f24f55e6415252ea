import type * as Manifest from "../../Manifest.js"
import type { ModelTool } from "../model/modelTool.js"
import { escapeControls } from "../shared/text.js"
import { isRequired } from "./model.js"

// Descriptions come from the manifest: a line break in one must not forge a line of this text
// (a fake "[resolved by client, hidden from model]" in the one place an operator reviews).
const oneLine = escapeControls

const describeAuth = (auth: Manifest.Auth | undefined): string => {
  if (auth === undefined || auth.type === "none") return "none"
  if (auth.type === "query") return `query "${oneLine(auth.name)}"`
  if (auth.type === "oauth2") {
    const scopes = auth.scopes === undefined || auth.scopes.length === 0 ? "" : `; scopes: ${oneLine(auth.scopes.join(" "))}`
    return `oauth2 (flows: ${auth.flows.join(", ")}; token endpoint: ${oneLine(auth.tokenUrl)}${scopes})`
  }
  return auth.scheme === undefined ? `header "${auth.name}"` : `header "${auth.name}" (scheme: ${auth.scheme})`
}

/**
 * The prefix the manifest was discovered with, read off `tools`: the one (the empty one first)
 * under which every tool of the manifest appears. "" when none fits, as for tools of no discovery.
 */
const prefixOf = (manifest: Manifest.Manifest, shown: ReadonlyMap<string, ModelTool>): string => {
  const first = manifest.tools[0]?.name
  if (first === undefined) return ""
  const candidates = new Set([""])
  for (const name of shown.keys()) if (name.endsWith(first)) candidates.add(name.slice(0, name.length - first.length))
  for (const prefix of candidates) if (manifest.tools.every((tool) => shown.has(prefix + tool.name))) return prefix
  return ""
}

/**
 * The exact text of docs/protocol.md §5. A param is "hidden" when the model-facing
 * tool of the same name does not list it — so the text always agrees with what the model is
 * actually shown; tools are named as the model sees them (with their discovery's prefix).
 *
 * @internal
 */
export const describeManifest = (manifest: Manifest.Manifest, tools: ReadonlyArray<ModelTool>): string => {
  const shown = new Map(tools.map((tool) => [tool.name, tool]))
  const prefix = prefixOf(manifest, shown)
  const lines = [`RCP manifest v${manifest.rcpVersion} — auth: ${describeAuth(manifest.auth)}`]
  lines.push(`${manifest.tools.length} tool(s):`)
  for (const tool of manifest.tools) {
    lines.push(`- ${prefix}${tool.name} (${tool.method}) — ${oneLine(tool.description)}`)
    const model = shown.get(prefix + tool.name)
    for (const param of tool.params) {
      const hidden = model !== undefined && !Object.hasOwn(model.parameters.properties, param.name)
      lines.push(
        `  ${param.name}: ${param.type}, ${isRequired(param) ? "required" : "optional"}` +
          (hidden ? " [resolved by client, hidden from model]" : "") +
          (param.description === undefined ? "" : ` — ${oneLine(param.description)}`)
      )
    }
  }
  return lines.join("\n")
}
