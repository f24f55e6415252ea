/**
 * Object schemas laid out (docs/openapi.md §Body): the top-level properties of an object schema,
 * its `allOf` members merged, and the context every walk over one import's schemas shares — the
 * `$ref`s, the budget, the shapes already laid out.
 */
import type { Budget } from "./budget.js"
import type { Refs } from "./refs.js"
import { isRecord } from "./text.js"

/** @internal */
export interface Shape {
  readonly properties: Readonly<Record<string, unknown>>
  readonly required: ReadonlySet<string>
}

/**
 * Top-level properties of an object schema, `allOf` members merged; `undefined` when not an object.
 * Each schema's shape is computed once per import (`shapes`): `allOf: [B, B, B]` costs `B` once,
 * and what is merged is paid for from the budget, so a fan-out costs what the document holds.
 *
 * @internal
 */
export const objectShape = (ctx: Context, unresolved: unknown, depth = 0): Shape | undefined => {
  const { budget, refs, shapes } = ctx
  const schema = refs.resolve(unresolved)
  if (!isRecord(schema) || depth > 8) return undefined
  const known = shapes.get(schema)
  if (known !== undefined) return known ?? undefined
  // In progress below: an `allOf` that reaches itself is not an object this import can lay out.
  shapes.set(schema, null)
  const properties: Record<string, unknown> = {}
  const required = new Set<string>()
  let isObject = isRecord(schema.properties) || schema.type === "object"
  const merge = (shape: Shape) => {
    budget.spend(Object.keys(shape.properties).length + shape.required.size)
    Object.assign(properties, shape.properties)
    for (const r of shape.required) required.add(r)
  }
  if (isRecord(schema.properties)) merge({ properties: schema.properties, required: new Set() })
  if (Array.isArray(schema.required)) for (const r of schema.required) if (typeof r === "string") required.add(r)
  let shape: Shape | undefined = undefined
  if (!Array.isArray(schema.oneOf) && !Array.isArray(schema.anyOf)) {
    let members = true
    if (Array.isArray(schema.allOf)) {
      for (const member of schema.allOf) {
        const memberShape = objectShape(ctx, member, depth + 1)
        if (memberShape === undefined) {
          members = false
          break
        }
        isObject = true
        merge(memberShape)
      }
    }
    if (members && isObject) shape = { properties, required }
  }
  shapes.set(schema, shape ?? null)
  return shape
}

/** The walks of one import: `$ref`s, the budget, and the shapes already laid out. @internal */
export interface Context {
  readonly refs: Refs
  readonly budget: Budget
  readonly shapes: WeakMap<object, Shape | null>
}

/**
 * A walk over a schema node, memoised per import (`Context`) and per node: the same `$ref`'d schema
 * that many operations take is walked once, so the budget pays for each distinct node once. What the
 * walk could not lay out (`undefined`) is remembered too.
 *
 * @internal
 */
export const perNode = <A>(walk: (ctx: Context, node: Record<string, unknown>) => A | undefined) => {
  const memo = new WeakMap<Context, WeakMap<object, A | null>>()
  return (ctx: Context, node: Record<string, unknown>): A | undefined => {
    let known = memo.get(ctx)
    if (known === undefined) memo.set(ctx, known = new WeakMap())
    const hit = known.get(node)
    if (hit !== undefined) return hit ?? undefined
    const result = walk(ctx, node)
    known.set(node, result ?? null)
    return result
  }
}
