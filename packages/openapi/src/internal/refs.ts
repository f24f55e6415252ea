/**
 * Local `$ref`s, followed where the mapping reads them and nowhere else (docs/openapi.md §Parsing).
 * The parser's `dereference` expands every `$ref` of the document — GitHub's description grows from
 * 13 MB to some 70 MB of schemas, mostly responses no tool is built from — and was two thirds of an
 * import's time. Following a JSON pointer (RFC 6901) when the mapping reaches a `$ref` costs what
 * the mapping reads, and a `$ref` that points nowhere costs one operation, not the document.
 *
 * A chain of `$ref`s is followed a few steps; a cycle, a broken pointer or an external reference
 * (bundled into the document beforehand when `allowExternalRefs` is on) stays a `$ref` node, which
 * every reader takes as a schema it does not know. Every `resolve` spends one unit of the import's
 * budget (`budget.ts`): the walks that read schemas resolve each node they visit, so the budget
 * counts the nodes the whole import visits, however the `$ref`s fan out.
 */
import type { Budget } from "./budget.js"
import { isRecord } from "./text.js"

const MAX_CHAIN = 16

/** @internal */
export interface Refs {
  /** `node`, or what its local `$ref` points to (its sibling keywords laid over the target, as 3.1 reads them). */
  readonly resolve: (node: unknown) => unknown
  /** Why `node` is a `$ref` that cannot be followed, or `undefined` when it is not one or can be. */
  readonly problem: (node: unknown) => string | undefined
}

const decodeToken = (token: string): string => {
  let decoded = token
  try {
    decoded = decodeURIComponent(token)
  } catch {
    // A `%` that starts no escape is a literal percent sign in the key.
  }
  return decoded.replace(/~1/g, "/").replace(/~0/g, "~")
}

/** The node a `#/…` pointer names in `doc`, or `undefined`. */
const at = (doc: unknown, ref: string): unknown => {
  if (ref === "#" || ref === "#/") return doc
  if (!ref.startsWith("#/")) return undefined
  let node: unknown = doc
  for (const raw of ref.slice(2).split("/")) {
    const key = decodeToken(raw)
    if (Array.isArray(node)) node = /^(?:0|[1-9][0-9]*)$/.test(key) ? node[Number(key)] : undefined
    else node = isRecord(node) && Object.hasOwn(node, key) ? node[key] : undefined
    if (node === undefined) return undefined
  }
  return node
}

/** @internal */
export const refOf = (node: unknown): string | undefined =>
  isRecord(node) && typeof node.$ref === "string" ? node.$ref : undefined

/** @internal */
export const make = (doc: unknown, budget: Budget): Refs => {
  const targets = new Map<string, unknown>()
  const merged = new WeakMap<object, unknown>()

  /** The end of a chain of refs, or `undefined` when it breaks, loops or leaves the document. */
  const follow = (ref: string): unknown => {
    if (targets.has(ref)) return targets.get(ref)
    let target: unknown = undefined
    let current = ref
    const seen = new Set<string>()
    for (let step = 0; step < MAX_CHAIN; step++) {
      if (seen.has(current)) break
      seen.add(current)
      budget.spend(1)
      const node = at(doc, current)
      const next = refOf(node)
      if (next === undefined) {
        target = node
        break
      }
      current = next
    }
    targets.set(ref, target)
    return target
  }

  const resolve = (node: unknown): unknown => {
    budget.spend(1)
    const ref = refOf(node)
    if (ref === undefined) return node
    const target = follow(ref)
    if (target === undefined) return node
    const record = node as Record<string, unknown>
    if (Object.keys(record).length === 1 || !isRecord(target)) return target
    // 3.1: keywords beside a `$ref` (a description, a default) apply along with the target's.
    const cached = merged.get(record)
    if (cached !== undefined) return cached
    const { $ref: _ref, ...siblings } = record
    const out = { ...target, ...siblings }
    merged.set(record, out)
    return out
  }

  const problem = (node: unknown): string | undefined => {
    const ref = refOf(node)
    if (ref === undefined || follow(ref) !== undefined) return undefined
    const quoted = JSON.stringify(ref.slice(0, 200))
    if (!ref.startsWith("#")) return `the external $ref ${quoted} is not followed`
    // The chain's end: a pointer that names nothing, or one that leads back into the chain.
    let current = ref
    for (let step = 0; step < MAX_CHAIN; step++) {
      const next = refOf(at(doc, current))
      if (next === undefined) break
      current = next
    }
    return at(doc, current) === undefined
      ? `the $ref ${quoted} points at nothing in the document`
      : `the $ref ${quoted} is a cycle of $refs with no schema in it`
  }

  return { resolve, problem }
}
