import type * as Manifest from "../../Manifest.js"
import type { ModelTool } from "../model/modelTool.js"
import { escapeControls } from "../shared/text.js"
import { exposedNames } from "./exposedName.js"
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
 * The names the manifest's tools were exposed under, read off `tools`: those of the prefix (the
 * empty one first) under which every tool of the manifest appears — a name shortened past 64
 * characters included (`exposedName.ts`). The manifest's own names when none fits, as for tools of
 * no discovery.
 */
const CANDIDATE_TOOLS = 32

const exposedOf = (manifest: Manifest.Manifest, shown: ReadonlyMap<string, ModelTool>): ReadonlyArray<string> => {
  const names = manifest.tools.map((tool) => tool.name)
  if (names.every((name) => shown.has(name))) return names
  const candidates = new Set<string>()
  // The prefix is what a shown name has before a tool's name; a shortened name does not end with
  // its tool's, so the first tool whose name some shown name ends with gives the candidates (a
  // few tools are looked at: a shortened name is the exception).
  for (const tool of names.slice(0, CANDIDATE_TOOLS)) {
    for (const name of shown.keys()) if (name.endsWith(tool)) candidates.add(name.slice(0, name.length - tool.length))
    if (candidates.size > 0) break
  }
  for (const prefix of candidates) {
    const exposed = exposedNames(prefix, names)
    if ("names" in exposed && exposed.names.every((name) => shown.has(name))) return exposed.names
  }
  return names
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
  const exposed = exposedOf(manifest, shown)
  const lines = [`RCP manifest v${manifest.rcpVersion} — auth: ${describeAuth(manifest.auth)}`]
  lines.push(`${manifest.tools.length} tool(s):`)
  for (const [i, tool] of manifest.tools.entries()) {
    lines.push(`- ${exposed[i]} (${tool.method}) — ${oneLine(tool.description)}`)
    const model = shown.get(exposed[i]!)
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
