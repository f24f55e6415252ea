/**
 * fast-check generators for param schemas (docs/protocol.md §1.10) and for values that fit them,
 * written from the protocol's rules — not from the code under test — so that the properties built
 * on them (read back, checked, rendered, decoded by a real server) have an independent input.
 */
import * as fc from "fast-check"
import type { SchemaNode } from "../../src/internal/manifest/paramSchema.js"

export type Json = string | number | boolean | null | Array<Json> | { [key: string]: Json }

export interface NodeOptions {
  /** Levels left below this node (the node itself counts). */
  readonly depth: number
  /** Allow maps and free-form objects (`additionalProperties`), which have no strict-mode form. */
  readonly open?: boolean
  /** Allow `minLength`/`maxLength` and unknown formats, which strict mode writes into descriptions. */
  readonly lengths?: boolean
  /** Allow `format` on strings (zod and Effect write some formats with a pattern, which is not published). */
  readonly formats?: boolean
  /** Property names (default `keyArb`). */
  readonly names?: fc.Arbitrary<string>
}

/** A property name or map key that every placement accepts: not empty, no brackets, not `__proto__`. */
export const keyArb: fc.Arbitrary<string> = fc
  .string({ unit: "binary", minLength: 1, maxLength: 8 })
  .filter((key) => !key.includes("[") && !key.includes("]") && key !== "__proto__" && !/[\u0000-\u001f\u007f-\u009f]/.test(key))

/** Keys that form parsers (qs, PHP) cannot mistake for array indices or prototype members. */
export const formKeyArb: fc.Arbitrary<string> = keyArb.filter((key) => !/^\d+$/.test(key))

const description = fc.option(fc.string({ maxLength: 20 }), { nil: undefined })

const withDescription = <A extends object>(node: A, text: string | undefined): A =>
  text === undefined ? node : { ...node, description: text }

const stringNode = (options: NodeOptions): fc.Arbitrary<SchemaNode> =>
  fc.oneof(
    fc.record({ d: description }).map(({ d }) => withDescription({ type: "string" as const }, d)),
    fc.record({ d: description, values: fc.uniqueArray(fc.string({ maxLength: 6 }), { minLength: 1, maxLength: 5 }) })
      .map(({ d, values }) => withDescription({ type: "string" as const, enum: values }, d)),
    ...(options.lengths === false ? [] : [
      // minLength 0 (and minItems 0) says nothing: a schema library drops it, so none is generated.
      fc.record({ d: description, min: fc.integer({ min: 1, max: 3 }), extra: fc.integer({ min: 0, max: 4 }) })
        .map(({ d, extra, min }) => withDescription({ type: "string" as const, minLength: min, maxLength: min + extra }, d)),
    ]),
    ...(options.lengths === false || options.formats === false ? [] : [
      fc.record({ d: description, format: fc.constantFrom("date-time", "email", "iban", "uuid") })
        .map(({ d, format }) => withDescription({ type: "string" as const, format }, d))
    ])
  )

const numberNode: fc.Arbitrary<SchemaNode> = fc
  .record({
    d: description,
    type: fc.constantFrom("number" as const, "integer" as const),
    low: fc.option(fc.integer({ min: -1000, max: 1000 }), { nil: undefined }),
    span: fc.integer({ min: 2, max: 1000 }),
    exclusive: fc.boolean(),
    upper: fc.boolean()
  })
  .map(({ d, exclusive, low, span, type, upper }) => {
    const node: Record<string, unknown> = { type }
    if (low !== undefined) node[exclusive ? "exclusiveMinimum" : "minimum"] = low
    if (upper) node[exclusive ? "exclusiveMaximum" : "maximum"] = (low ?? 0) + span
    return withDescription(node as unknown as SchemaNode, d)
  })

const booleanNode: fc.Arbitrary<SchemaNode> = description.map((d) => withDescription({ type: "boolean" as const }, d))

/** A schema node of at most `options.depth` levels. */
export const nodeArb = (options: NodeOptions): fc.Arbitrary<SchemaNode> => {
  const scalars = fc.oneof(stringNode(options), numberNode, booleanNode)
  if (options.depth <= 1) return scalars
  const below = { ...options, depth: options.depth - 1 }
  return fc.oneof(
    { weight: 3, arbitrary: scalars },
    { weight: 1, arbitrary: arrayNode(below) },
    { weight: 2, arbitrary: objectNode(below) }
  )
}

export const arrayNode = (items: NodeOptions): fc.Arbitrary<SchemaNode> =>
  fc.record({
    d: description,
    items: fc.constant(null).chain(() => nodeArb(items)),
    min: fc.option(fc.integer({ min: 1, max: 2 }), { nil: undefined }),
    extra: fc.option(fc.integer({ min: 0, max: 3 }), { nil: undefined })
  }).map(({ d, extra, items, min }) => {
    const node: Record<string, unknown> = { type: "array", items }
    if (min !== undefined) node.minItems = min
    if (extra !== undefined) node.maxItems = (min ?? 1) + extra
    return withDescription(node as unknown as SchemaNode, d)
  })

export const objectNode = (members: NodeOptions): fc.Arbitrary<SchemaNode> =>
  fc.record({
    d: description,
    properties: fc.uniqueArray(fc.tuple(members.names ?? keyArb, fc.constant(null).chain(() => nodeArb(members)), fc.boolean()), {
      minLength: members.open === true ? 0 : 1,
      maxLength: 4,
      selector: ([name]) => name
    }),
    additional: members.open === true
      ? fc.oneof(fc.constant(undefined), fc.constant(true), fc.constant(null).chain(() => nodeArb(members)))
      : fc.constant(undefined)
  }).filter(({ additional, properties }) => properties.length > 0 || additional !== undefined)
    .map(({ additional, d, properties }) => {
      const node: Record<string, unknown> = { type: "object" }
      if (properties.length > 0 || additional === undefined) {
        node.properties = Object.fromEntries(properties.map(([name, child]) => [name, child]))
        node.required = properties.filter(([, , required]) => required).map(([name]) => name)
      }
      if (additional !== undefined) node.additionalProperties = additional
      return withDescription(node as unknown as SchemaNode, d)
    })

/** Free-form JSON with keys from `keys`, finite numbers and no `-0` (which JSON cannot tell from 0). */
const freeJson = (keys: fc.Arbitrary<string>): fc.Arbitrary<Json> =>
  fc.letrec<{ value: Json }>((tie) => ({
    value: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      fc.constant(null),
      fc.boolean(),
      fc.string({ maxLength: 6 }),
      fc.double({ noNaN: true, noDefaultInfinity: true }).map((n) => (Object.is(n, -0) ? 0 : n)),
      fc.array(tie("value"), { maxLength: 3 }),
      fc.dictionary(keys, tie("value"), { maxKeys: 3 })
    )
  })).value

const lengthOf = (text: string): number => [...text].length

export interface ValueOptions {
  /**
   * Allow characters beyond U+FFFF in a string with a length bound (default true). The protocol
   * counts code points, as JSON Schema does; zod and Effect count UTF-16 units, so a server written
   * with them refuses some values the protocol allows (docs/extensions.md).
   */
  readonly astralInBounds?: boolean
}

/** A value that fits `node`; `keys` generates the keys of maps and free-form objects. */
export const valueArb = (node: SchemaNode, keys: fc.Arbitrary<string> = keyArb, options: ValueOptions = {}): fc.Arbitrary<Json> => {
  const value = (child: SchemaNode) => valueArb(child, keys, options)
  switch (node.type) {
    case "string": {
      if (node.enum !== undefined) return fc.constantFrom(...node.enum)
      const bounded = node.minLength !== undefined || node.maxLength !== undefined
      return fc
        .string({ unit: "binary", minLength: node.minLength ?? 0, maxLength: node.maxLength ?? 12 })
        .filter((text) => lengthOf(text) >= (node.minLength ?? 0) && lengthOf(text) <= (node.maxLength ?? Infinity))
        .filter((text) => !bounded || options.astralInBounds !== false || !/[\ud800-\udfff]/.test(text))
    }
    case "number":
    case "integer": {
      const low = node.minimum ?? (node.exclusiveMinimum === undefined ? -1e6 : node.exclusiveMinimum)
      const high = node.maximum ?? (node.exclusiveMaximum === undefined ? 1e6 : node.exclusiveMaximum)
      const fits = (n: number) =>
        (node.minimum === undefined || n >= node.minimum) && (node.maximum === undefined || n <= node.maximum) &&
        (node.exclusiveMinimum === undefined || n > node.exclusiveMinimum) &&
        (node.exclusiveMaximum === undefined || n < node.exclusiveMaximum)
      const arb = node.type === "integer"
        ? fc.integer({ min: Math.ceil(low), max: Math.floor(high) })
        : fc.double({ min: low, max: high, noNaN: true, noDefaultInfinity: true }).map((n) => (Object.is(n, -0) ? 0 : n))
      return arb.filter(fits)
    }
    case "boolean":
      return fc.boolean()
    case "array":
      return fc.array(value(node.items), {
        minLength: node.minItems ?? 0,
        maxLength: Math.min(node.maxItems ?? 4, 4)
      })
    case "object": {
      const declared = node.properties ?? {}
      const required = new Set(node.required ?? [])
      const names = Object.keys(declared)
      const fixed = fc.record(
        Object.fromEntries(names.map((name) => [name, value(declared[name]!)])),
        { requiredKeys: names.filter((name) => required.has(name)) }
      ) as fc.Arbitrary<Record<string, Json>>
      const additional = node.additionalProperties
      if (additional === undefined || additional === false) return fixed
      const extraKeys = keys.filter((key) => !Object.hasOwn(declared, key))
      const extra = fc.dictionary(extraKeys, additional === true ? freeJson(keys) : value(additional), { maxKeys: 3 })
      return fc.tuple(fixed, extra).map(([a, b]) => ({ ...b, ...a }))
    }
  }
}
