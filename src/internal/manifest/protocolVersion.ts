/**
 * Which protocol version a manifest needs, and what a client does with a tool it cannot read
 * (docs/protocol.md §9). Version 0.2 adds array and object params, their styles and form bodies —
 * none of which a 0.1 client could safely ignore — so a manifest using them says "0.2", and one
 * that does not stays exactly what it was. From 0.2 on, a client that meets a param type, a style
 * or a body encoding it does not know sets that one tool aside, with a warning, instead of
 * refusing the manifest or guessing: the rule that lets later additions of that kind need no new
 * version. The decisions live here, apart from validation and discovery, which both read them.
 */
import { clip } from "../shared/text.js"
import { isRecord } from "../shared/values.js"
import type { RCP_VERSIONS } from "./model.js"
import { NODE_TYPES, PARAM_TYPES, STYLES } from "./paramSchema.js"

type Path = ReadonlyArray<string | number>

interface Issue {
  readonly path: Path
  readonly message: string
}

/** @internal */
export type Version = typeof RCP_VERSIONS[number]

/** The body encodings of version 0.2. @internal */
export const BODY_ENCODINGS: ReadonlyArray<string> = ["json", "form"]

const quote = (text: string): string => JSON.stringify(clip(text, 40))

/**
 * Each use of a 0.2 feature in a tool: where (from the tool) and what it is called in a message.
 * Reads raw input, so that it reports also where the rest is broken.
 */
const features = (tool: Record<string, unknown>): Array<{ readonly path: Path; readonly what: string }> => {
  const out: Array<{ path: Path; what: string }> = []
  if (Array.isArray(tool.params)) {
    tool.params.forEach((param: unknown, j) => {
      if (!isRecord(param)) return
      if (param.type === "array" || param.type === "object") out.push({ path: ["params", j, "type"], what: `an "${param.type}" param` })
      if (param.style !== undefined) out.push({ path: ["params", j, "style"], what: "a style" })
      if (param.explode !== undefined) out.push({ path: ["params", j, "explode"], what: "explode" })
    })
  }
  if (tool.bodyEncoding !== undefined && tool.bodyEncoding !== "json") {
    out.push({ path: ["bodyEncoding"], what: "a form body (a 0.1 client would ignore bodyEncoding and send JSON)" })
  }
  return out
}

/**
 * The lowest version that can carry `tools`: what a server writes (docs/protocol.md §9), so that a
 * manifest using nothing new is the 0.1 manifest it always was, byte for byte.
 *
 * @internal
 */
export const versionFor = (tools: ReadonlyArray<unknown>): Version =>
  tools.some((tool) => isRecord(tool) && features(tool).length > 0) ? "0.2" : "0.1"

/**
 * The problems of a `"0.1"` manifest that uses 0.2 features: each names what needs 0.2.
 *
 * @internal
 */
export const check = (input: Record<string, unknown>, issues: Array<Issue>): void => {
  if (input.rcpVersion !== "0.1" || !Array.isArray(input.tools)) return
  input.tools.forEach((tool: unknown, i) => {
    if (!isRecord(tool)) return
    for (const { path, what } of features(tool)) {
      issues.push({ path: ["tools", i, ...path], message: `${what} needs rcpVersion "0.2"` })
    }
  })
}

const known = (values: ReadonlyArray<string>): string => values.map((value) => `"${value}"`).join(", ")

/** The first type string in a schema that this client does not read, with its path; a bounded walk. */
const unknownNodeType = (schema: unknown): { readonly type: string; readonly path: string } | undefined => {
  const stack: Array<{ node: unknown; path: string; depth: number }> = [{ node: schema, path: "schema", depth: 0 }]
  // Validation bounds a schema far below this; an unreadable one is still walked in bounded time.
  let budget = 10_000
  while (stack.length > 0 && --budget > 0) {
    const { depth, node, path } = stack.pop()!
    if (!isRecord(node) || depth > 64) continue
    if (typeof node.type === "string" && !(NODE_TYPES as ReadonlyArray<string>).includes(node.type)) {
      return { type: node.type, path }
    }
    if (node.items !== undefined) stack.push({ node: node.items, path: `${path}.items`, depth: depth + 1 })
    if (isRecord(node.additionalProperties)) {
      stack.push({ node: node.additionalProperties, path: `${path}.additionalProperties`, depth: depth + 1 })
    }
    if (isRecord(node.properties)) {
      for (const name of Object.keys(node.properties)) {
        stack.push({ node: node.properties[name], path: `${path}.properties[${JSON.stringify(clip(name, 40))}]`, depth: depth + 1 })
      }
    }
  }
  return undefined
}

/**
 * Why a client reading a `"0.2"` manifest cannot read `tool`: a param `type` (at any depth of its
 * schema), a `style` or a `bodyEncoding` that is a string this library does not know. Undefined
 * when it can (anything else wrong is validation's to report).
 *
 * @internal
 */
export const unreadable = (tool: unknown): string | undefined => {
  if (!isRecord(tool)) return undefined
  if (typeof tool.bodyEncoding === "string" && !BODY_ENCODINGS.includes(tool.bodyEncoding)) {
    return `its bodyEncoding ${quote(tool.bodyEncoding)} is not one this client reads (${known(BODY_ENCODINGS)})`
  }
  if (!Array.isArray(tool.params)) return undefined
  for (const param of tool.params) {
    if (!isRecord(param)) continue
    const name = typeof param.name === "string" ? `param ${quote(param.name)}` : "a param"
    if (typeof param.type === "string" && !PARAM_TYPES.includes(param.type)) {
      return `its ${name} has the type ${quote(param.type)}, which this client does not read (${known(PARAM_TYPES)})`
    }
    if (typeof param.style === "string" && !(STYLES as ReadonlyArray<string>).includes(param.style)) {
      return `its ${name} has the style ${quote(param.style)}, which this client does not read (${known(STYLES)})`
    }
    const nested = unknownNodeType(param.schema)
    if (nested !== undefined) {
      return `its ${name} has the type ${quote(nested.type)} at ${nested.path}, which this client does not read ` +
        `(${known(NODE_TYPES)})`
    }
  }
  return undefined
}

/**
 * A `"0.2"` manifest with the tools this client cannot read set aside: the input to validate (the
 * same object when nothing is set aside), a warning per tool set aside, and where each tool that
 * stays was in the input — so that a problem found later is reported at the tool's own index.
 * Any other version is returned as it is.
 *
 * @internal
 */
export const setAside = (input: Record<string, unknown>): {
  readonly input: Record<string, unknown>
  readonly warnings: ReadonlyArray<string>
  readonly indexOf: (kept: number) => number
} => {
  const same = { input, warnings: [], indexOf: (kept: number) => kept }
  if (input.rcpVersion !== "0.2" || !Array.isArray(input.tools)) return same
  const tools: ReadonlyArray<unknown> = input.tools
  const warnings: Array<string> = []
  const kept: Array<number> = []
  tools.forEach((tool, i) => {
    const reason = unreadable(tool)
    if (reason === undefined) {
      kept.push(i)
      return
    }
    const name = isRecord(tool) && typeof tool.name === "string" ? `tool ${quote(tool.name)}` : `tools[${i}]`
    warnings.push(`${name} was left out: ${reason}; a newer rcp-sdk may read it`)
  })
  if (warnings.length === 0) return same
  return {
    input: { ...input, tools: kept.map((i) => tools[i]) },
    warnings,
    indexOf: (index) => kept[index] ?? index
  }
}
