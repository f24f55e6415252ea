/**
 * What the two lowerings to a param schema node share — from JSON Schema (`jsonSchemaNode.ts`) and
 * from Effect Schema's AST (`effectSchemaNode.ts`): the losses a walk records, and the rule for a
 * child, bounded by `MAX_DEPTH` and `MAX_NODES` as the manifest bounds what it carries, published
 * as a string (and said so) where it has no node.
 */
import type { SchemaNode } from "../manifest/paramSchema.js"
import { MAX_DEPTH, MAX_NODES } from "../manifest/paramSchema.js"
import { clip } from "../shared/text.js"

/**
 * What a lowering left out, at a path inside the arg (`""` for the arg itself, then `.name`, `[]`
 * for the items of an array, `[*]` for the values of a map).
 *
 * @internal
 */
export interface NodeLoss {
  readonly at: string
  readonly message: string
}

/**
 * A node, or undefined when the schema has none ("no manifest type"); `nullable` when `null` was
 * set aside at the top.
 *
 * @internal
 */
export interface Lowered {
  readonly node: SchemaNode | undefined
  readonly nullable: boolean
}

/** The part of a walk's state this module reads and writes. @internal */
export interface Walk {
  readonly losses: Array<NodeLoss>
  nodes: number
}

/** @internal */
export const NOT_PUBLISHED = "is not published (the endpoint still checks it)"

/** @internal */
export const lose = (walk: Walk, at: string, message: string): void => {
  walk.losses.push({ at, message })
}

/**
 * A child's node: `lower` runs only within the depth and node budgets; a child without a node (or
 * past a budget) is published as a string, and said so. `label` names the child's type for that.
 *
 * @internal
 */
export const child = (walk: Walk, at: string, depth: number, lower: () => Lowered, label: () => string): SchemaNode => {
  if (depth > MAX_DEPTH) {
    lose(walk, at, `nests deeper than ${MAX_DEPTH} levels; published as "string"`)
    return { type: "string" }
  }
  if (++walk.nodes > MAX_NODES) {
    if (walk.nodes === MAX_NODES + 1) lose(walk, at, `the schema has more than ${MAX_NODES} parts; the rest is published as "string"`)
    return { type: "string" }
  }
  const lowered = lower()
  if (lowered.nullable) lose(walk, at, "null is set aside: the model cannot send it here")
  if (lowered.node !== undefined) return lowered.node
  lose(walk, at, `${clip(label(), 80)} has no manifest type; published as "string"`)
  return { type: "string" }
}
