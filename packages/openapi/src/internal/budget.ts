/**
 * The work an import may do, bounded by the document's size (docs/openapi.md §Limits; SECURITY.md).
 * A small document can still describe a huge amount of work: `$ref`s make a schema a graph, and a
 * walk that unfolds `allOf: [B, B, B, B]` where each `B` is `allOf: [C, C, C, C]`… grows with the
 * fan-out to the power of the depth — a 2 KB document could keep the event loop busy for minutes.
 * Every walk over the document spends from one budget per import, proportional to the number of
 * JSON nodes the document has; an import that would exceed it stops with `OpenApiInvalid` instead.
 *
 * The budget is generous: on every document of the APIs.guru corpus and GitHub's, an import spends
 * at most a small multiple of its node count (bench/RESULTS.md §OpenAPI corpus).
 */

/** Units an import may spend per JSON node of its document. @internal */
export const PER_NODE = 16

/** Units any document may spend, however small (a handful of operations over a few shared schemas). @internal */
export const FLOOR = 250_000

/** Thrown by `spend` past the limit and caught where the import began (`mapping.ts`): a walk unwinds at once. @internal */
export class Exceeded {
  readonly _tag = "BudgetExceeded"
  constructor(readonly limit: number) {}
}

/** @internal */
export interface Budget {
  /** Spends `units`; throws `Exceeded` past the limit. */
  readonly spend: (units: number) => void
  readonly spent: () => number
  readonly limit: number
}

/** @internal */
export const make = (limit: number): Budget => {
  let spent = 0
  return {
    limit,
    spent: () => spent,
    spend: (units) => {
      spent += units
      if (spent > limit) throw new Exceeded(limit)
    }
  }
}

/** The budget of a document of `nodes` JSON nodes. @internal */
export const forNodes = (nodes: number): Budget => make(FLOOR + PER_NODE * nodes)

/** Never exceeded: for walks whose work is bounded by other means. @internal */
export const unlimited: Budget = make(Number.POSITIVE_INFINITY)

/**
 * The JSON nodes of `doc` (objects, arrays and the values in them), each counted once: a value the
 * caller handed in may share objects or even contain itself, and is still counted in one pass.
 *
 * @internal
 */
export const countNodes = (doc: unknown): number => {
  const seen = new WeakSet<object>()
  const stack: Array<unknown> = [doc]
  let nodes = 0
  while (stack.length > 0) {
    const node = stack.pop()
    nodes++
    if (typeof node !== "object" || node === null || seen.has(node)) continue
    seen.add(node)
    for (const value of Array.isArray(node) ? node : Object.values(node)) stack.push(value)
  }
  return nodes
}

/** The message of an import stopped by its budget. @internal */
export const exceededMessage = (limit: number): string =>
  `the document asks for more work than its size allows (over ${limit.toLocaleString("en-US")} schema steps): ` +
  "its $refs and allOf/oneOf/anyOf fan out too far to be imported"
