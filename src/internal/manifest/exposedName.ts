/**
 * The name a tool is exposed under (docs/protocol.md §2): the discovery's prefix and the manifest's
 * name — and, when the two together are longer than the 64 characters a model provider takes, a
 * shortened name instead of refusing the API: the start kept, then `_` and a hash of the whole
 * name. Deterministic (SHA-256 of the prefixed name: the same on every run and machine), unique
 * (a different prefixed name gives a different hash; a clash inside one manifest takes a longer
 * hash) and readable (the start a reader recognises). One rule for the client that registers the
 * names, the approval policy that checks a policy's names against a lock, and `describeManifest`.
 */
import { createHash } from "node:crypto"
import { TOOL_NAME } from "./model.js"

/** The longest tool name a model provider takes. @internal */
export const MAX_NAME = 64

/** Hex digits of the hash a shortened name ends with; `LONG_HASH` where two shortened names would clash. */
const HASH = 8
const LONG_HASH = 16

// What a name may hold besides its length (TOOL_NAME without the bound).
const NAME_CHARACTERS = /^[A-Za-z0-9_-]+$/

const shorten = (full: string, digits: number): string =>
  `${full.slice(0, MAX_NAME - digits - 1)}_${createHash("sha256").update(full, "utf8").digest("hex").slice(0, digits)}`

/** @internal */
export interface Exposed {
  /** The exposed name of each tool, in the manifest's order. */
  readonly names: ReadonlyArray<string>
  /** One line per shortened name (at most `MAX_LISTED`, then a count). */
  readonly warnings: ReadonlyArray<string>
}

const MAX_LISTED = 20

/**
 * The exposed names of a manifest's tools under `prefix`; a string — the problem — when the prefix
 * makes a name that no shortening can mend (a character outside `A-Z a-z 0-9 _ -`). The tool
 * names are the manifest's (validated: `TOOL_NAME`).
 *
 * @internal
 */
export const exposedNames = (prefix: string, toolNames: ReadonlyArray<string>): Exposed | { readonly problem: string; readonly tool: string } => {
  if (prefix === "") return { names: toolNames, warnings: [] }
  const names: Array<string> = []
  const shortened: Array<number> = []
  for (let i = 0; i < toolNames.length; i++) {
    const full = prefix + toolNames[i]!
    if (TOOL_NAME.test(full)) {
      names.push(full)
    } else if (NAME_CHARACTERS.test(full)) {
      names.push(shorten(full, HASH))
      shortened.push(i)
    } else {
      return { problem: `is not a valid tool name (1 to ${MAX_NAME} of A-Z a-z 0-9 _ -)`, tool: toolNames[i]! }
    }
  }
  if (shortened.length === 0) return { names, warnings: [] }
  // A shortened name equal to another exposed name of the manifest (a hash clash, or a tool named
  // like a shortened one): those shortened names take the longer hash.
  const count = new Map<string, number>()
  for (const name of names) count.set(name, (count.get(name) ?? 0) + 1)
  for (const i of shortened) if (count.get(names[i]!)! > 1) names[i] = shorten(prefix + toolNames[i]!, LONG_HASH)
  const warnings = shortened.slice(0, MAX_LISTED).map((i) =>
    `tool "${toolNames[i]}" is exposed as "${names[i]}": with the prefix "${prefix}" its name would be ` +
    `${prefix.length + toolNames[i]!.length} characters, over the ${MAX_NAME} a model provider takes ` +
    `(shortened: its start kept, a hash of the whole name added)`
  )
  if (shortened.length > MAX_LISTED) warnings.push(`${shortened.length - MAX_LISTED} more tool names shortened the same way`)
  return { names, warnings }
}

/**
 * Whether `name` is what `tool` is exposed as under some prefix — the prefix itself unknown (an
 * approval policy names exposed tools; a lock holds manifest names).
 *
 * @internal
 */
export const couldExpose = (name: string, tool: string): boolean => {
  if (name.endsWith(tool)) return true
  if (name.length !== MAX_NAME) return false
  for (const digits of [HASH, LONG_HASH]) {
    const start = MAX_NAME - digits - 1
    if (name[start] !== "_" || !/^[0-9a-f]+$/.test(name.slice(start + 1))) continue
    // The prefix is name[0, k); the kept start is the prefix and the first characters of the tool.
    for (let k = 1; k <= start; k++) {
      const full = name.slice(0, k) + tool
      if (full.length <= MAX_NAME || !full.startsWith(name.slice(0, start))) continue
      if (shorten(full, digits) === name) return true
    }
  }
  return false
}
