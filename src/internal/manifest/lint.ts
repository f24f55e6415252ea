/**
 * Advice for server authors on a manifest that is already valid: what makes a tool harder for a
 * model to call or for a client operator to wire safely. Warnings, never errors.
 */
import type * as Manifest from "../../Manifest.js"
import * as Poisoning from "./poisoning.js"
import * as Template from "./template.js"
import type { Issue } from "./validate.js"

// Names that usually identify who is asking; a model should never be the one to fill them.
const IDENTITY = /^(?:user|tenant|account|org|organization|organisation|customer|learner|member|owner|workspace|team|session|caller)_?id$/i
// A description that tells the operator this value is theirs to supply.
const RESOLVE_HINT = /resolv|client|operator|caller|current user|signed[- ]in|logged[- ]in|authenticated/i

/** "never … model", without a regex: `/never .*model/` rescans the rest of the text at every "never ". */
const saysNeverModel = (text: string): boolean => {
  const lower = text.toLowerCase()
  const never = lower.indexOf("never ")
  return never !== -1 && lower.lastIndexOf("model") >= never + "never ".length
}

const hintsResolve = (description: string): boolean => RESOLVE_HINT.test(description) || saysNeverModel(description)

/** Every template string of a tool: url, query values, header values, and every string in the body. */
const templatesOf = (tool: Manifest.Tool): Array<string> => {
  const out: Array<string> = [tool.url, ...Object.values(tool.queryParams ?? {}), ...Object.values(tool.headers ?? {})]
  const stack: Array<unknown> = [tool.body]
  while (stack.length > 0) {
    const value = stack.pop()
    if (typeof value === "string") out.push(value)
    else if (Array.isArray(value)) stack.push(...value)
    else if (typeof value === "object" && value !== null) stack.push(...Object.values(value))
  }
  return out
}

/** @internal */
export const lint = (manifest: Manifest.Manifest, options?: Poisoning.PoisoningOptions): Array<Issue> => {
  const warnings: Array<Issue> = []
  manifest.tools.forEach((tool, i) => {
    const used = new Set(templatesOf(tool).flatMap((source) => Template.parse(source).placeholders))
    tool.params.forEach((param, j) => {
      const path = ["tools", i, "params", j]
      if (!used.has(param.name)) {
        warnings.push({ path, message: `param "${param.name}" of tool "${tool.name}" is declared but no template uses it` })
      }
      if (param.description === undefined || param.description.trim() === "") {
        warnings.push({ path, message: `param "${param.name}" of tool "${tool.name}" has no description` })
      }
      if (IDENTITY.test(param.name) && !hintsResolve(param.description ?? "")) {
        warnings.push({
          path,
          message: `param "${param.name}" of tool "${tool.name}" looks like an identity; say in its description ` +
            `that the client should resolve it (e.g. "the signed-in user's id — resolve on the client, never from the model")`
        })
      }
    })
  })
  for (const finding of Poisoning.scan(manifest, options)) warnings.push({ path: finding.path, message: finding.message })
  return warnings
}
