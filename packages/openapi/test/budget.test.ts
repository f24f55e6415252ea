/**
 * docs/openapi.md §Limits and SECURITY.md ("Import work is bounded by the document", #29 class 3):
 * a small document whose `$ref`s and `allOf`/`oneOf`/`anyOf` fan out imports in time linear in its
 * size without holding the event loop; an import that would need more work than its size allows
 * fails with `OpenApiInvalid`. The oracle for "linear" is the test's own count of the document's
 * JSON nodes, and the work the import reports spending (its budget is passed in, unlimited).
 */
import { assert, describe, it } from "../../../test/support/effectVitest.js"
import * as Effect from "effect/Effect"
import fc from "fast-check"
import * as OpenApi from "../src/OpenApi.js"
import * as Budget from "../src/internal/budget.js"
import * as Mapping from "../src/internal/mapping.js"

const RUNS = Number(process.env.RCP_OPENAPI_FUZZ_RUNS ?? 500) / 5

/** JSON nodes, counted the plain way: every value of a tree of JSON. */
const nodesOf = (value: unknown): number =>
  typeof value !== "object" || value === null
    ? 1
    : 1 + (Array.isArray(value) ? value : Object.values(value)).reduce((n: number, v) => n + nodesOf(v), 0)

const ref = (i: number) => ({ $ref: `#/components/schemas/S${i}` })

/**
 * `depth` schemas, each an `allOf` (or `oneOf`/`anyOf`) of `width` `$ref`s to the next, with a
 * property of its own: unfolded, the last one is reached width^depth times. Used as the body of
 * `operations` POSTs and the items of a query parameter.
 */
const fanOut = (depth: number, width: number, combinator: "allOf" | "oneOf" | "anyOf" = "allOf", operations = 1, query = true) => {
  const schemas: Record<string, unknown> = {}
  for (let i = 0; i < depth; i++) {
    schemas[`S${i}`] = {
      properties: { [`f${i}`]: { type: "string" } },
      ...(i + 1 < depth ? { [combinator]: Array.from({ length: width }, () => ref(i + 1)) } : {})
    }
  }
  const paths: Record<string, unknown> = {}
  for (let o = 0; o < operations; o++) {
    paths[`/p${o}`] = {
      post: {
        operationId: `op${o}`,
        ...(query ? { parameters: [{ name: "q", in: "query", schema: { type: "array", items: ref(0) } }] } : {}),
        requestBody: { required: true, content: { "application/json": { schema: ref(0) } } },
        responses: { "200": { description: "ok" } }
      }
    }
  }
  return {
    openapi: "3.0.3",
    info: { title: "f", version: "1" },
    servers: [{ url: "https://api.example.com" }],
    paths,
    components: { schemas }
  }
}

/** The longest stretch the event loop was held while `run` ran, in ms (a 5 ms timer's largest gap). */
const longestStall = async <A>(run: () => Promise<A>): Promise<{ readonly value: A; readonly stallMs: number }> => {
  let last = performance.now()
  let stallMs = 0
  const timer = setInterval(() => {
    const now = performance.now()
    stallMs = Math.max(stallMs, now - last)
    last = now
  }, 5)
  try {
    const value = await run()
    stallMs = Math.max(stallMs, performance.now() - last)
    return { value, stallMs }
  } finally {
    clearInterval(timer)
  }
}

describe("docs/openapi.md §Limits: import work is bounded by the document", () => {
  it("§Limits: a 2.2 KB spec whose allOf $refs fan out 5 wide and 9 deep imports at once, its body laid out in full", async () => {
    const doc = fanOut(9, 5, "allOf", 1, false)
    assert.isBelow(JSON.stringify(doc).length, 2250)
    // Unfolded, S8 is reached 5^8 (390,625) times: the parser validated the dereferenced tree,
    // which held the event loop for 32 s on this machine under load (4 wide: 9 s).
    await OpenApi.openApiToManifest(fanOut(1, 1)) // the modules loaded and the schema compiled: not the document's cost
    const started = performance.now()
    const { stallMs, value } = await longestStall(() => OpenApi.openApiToManifest(doc))
    // Generous bounds (a loaded machine): the walk is a few thousand steps.
    assert.isBelow(performance.now() - started, 10_000)
    assert.isBelow(stallMs, 2_000)
    const tool = value.manifest.tools[0]!
    assert.deepStrictEqual(tool.body, Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`f${i}`, `{{f${i}}}`])))
    assert.deepStrictEqual(value.manifest.tools.map((t) => t.name), ["op0"])
  }, 30_000)

  it("§Limits: the same fan-out through oneOf and anyOf, in parameters and bodies, is summarized, not unfolded", async () => {
    for (const combinator of ["oneOf", "anyOf"] as const) {
      const doc = fanOut(12, 10, combinator, 3)
      const spent = Budget.make(Number.POSITIVE_INFINITY)
      const result = Mapping.toManifest(doc, {}, undefined, new Map(), [], spent)
      assert.strictEqual(result._tag, "Mapped")
      assert.isBelow(spent.spent(), 2_000, combinator)
    }
  })

  it("§Limits: an import that needs more work than the document's size allows fails with OpenApiInvalid", () =>
    Effect.gen(function*() {
      // 700 operations, each posting the same 700-property body: 490,000 properties to lay out
      // from a document of some 9,000 JSON nodes.
      const properties = Object.fromEntries(Array.from({ length: 700 }, (_, i) => [`p${i}`, { type: "string" }]))
      const doc = fanOut(1, 1, "allOf", 700)
      ;(doc.components.schemas as Record<string, unknown>).S0 = { type: "object", properties }
      const limit = Budget.FLOOR + Budget.PER_NODE * nodesOf(doc)
      const error = yield* Effect.flip(OpenApi.toManifest(doc))
      assert.strictEqual(error._tag, "OpenApiInvalid")
      if (error._tag !== "OpenApiInvalid") return
      assert.deepStrictEqual(error.messages, [
        `the document asks for more work than its size allows (over ${limit.toLocaleString("en-US")} schema steps): ` +
        "its $refs and allOf/oneOf/anyOf fan out too far to be imported"
      ])
    }))

  it("§Limits: the budget stops a walk at its limit, whatever it was doing", () => {
    const doc = fanOut(10, 8, "allOf", 5)
    const result = Mapping.toManifest(doc, {}, undefined, new Map(), [], Budget.make(40))
    assert.deepStrictEqual(result, Mapping.refused([Budget.exceededMessage(40)]))
    const enough = Mapping.toManifest(doc, {}, undefined, new Map(), [], Budget.make(100_000))
    assert.strictEqual(enough._tag, "Mapped")
  })

  it("§Limits: a large real document is imported while the event loop keeps turning", async () => {
    const { createRequire } = await import("node:module")
    const Path = await import("node:path")
    const require = createRequire(import.meta.url)
    const github = Path.join(Path.dirname(require.resolve("@octokit/openapi/package.json")), "generated/api.github.com.json")
    await OpenApi.openApiToManifest(fanOut(1, 1)) // the modules loaded: not the document's cost
    const { stallMs, value } = await longestStall(() => OpenApi.openApiToManifest(github))
    assert.isAbove(value.manifest.tools.length, 1000)
    // Parsing and checking 13 MB of JSON are single steps (linear in the document, some 0.3 s on a
    // quiet machine); the mapping gives the loop a turn every 10 ms. Generous for a loaded machine.
    assert.isBelow(stallMs, 5_000)
  }, 120_000)

  it("§Limits: property — over generated fan-outs, work stays within a small multiple of the document's nodes", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 14 }),
        fc.integer({ min: 1, max: 12 }),
        fc.constantFrom("allOf" as const, "oneOf" as const, "anyOf" as const),
        fc.integer({ min: 1, max: 6 }),
        (depth, width, combinator, operations) => {
          const doc = fanOut(depth, width, combinator, operations)
          const spent = Budget.make(Number.POSITIVE_INFINITY)
          const result = Mapping.toManifest(doc, {}, undefined, new Map(), [], spent)
          assert.strictEqual(result._tag, "Mapped")
          // Linear: within the per-node rate alone, far below the floor every document also gets.
          assert.isAtMost(spent.spent(), Budget.PER_NODE * nodesOf(doc))
        }
      ),
      { numRuns: RUNS, seed: Number(process.env.RCP_FUZZ_SEED ?? 29) }
    )
  })
})

describe("budget.ts: the limit and the node count themselves", () => {
  it("spending exactly the limit is within it; one unit more throws Exceeded with the limit", () => {
    const budget = Budget.make(10)
    budget.spend(4)
    budget.spend(6)
    assert.strictEqual(budget.spent(), 10)
    const thrown = (() => {
      try {
        budget.spend(1)
      } catch (error) {
        return error
      }
    })()
    assert.instanceOf(thrown, Budget.Exceeded)
    const over = Budget.make(3)
    try {
      over.spend(5)
      assert.fail("not exceeded")
    } catch (error) {
      assert.instanceOf(error, Budget.Exceeded)
      assert.strictEqual((error as Budget.Exceeded).limit, 3)
    }
  })

  it("the message of an import stopped by its budget, with the limit in English digits", () => {
    assert.strictEqual(
      Budget.exceededMessage(1234567),
      "the document asks for more work than its size allows (over 1,234,567 schema steps): " +
        "its $refs and allOf/oneOf/anyOf fan out too far to be imported"
    )
  })

  it("a document of n nodes may spend FLOOR + PER_NODE × n", () => {
    assert.strictEqual(Budget.forNodes(0).limit, Budget.FLOOR)
    assert.strictEqual(Budget.forNodes(7).limit, Budget.FLOOR + Budget.PER_NODE * 7)
    assert.strictEqual(Budget.unlimited.limit, Number.POSITIVE_INFINITY)
  })

  it("countNodes (Mapping.toManifest's default budget) counts a tree as the plain count does; a shared or cyclic object once", () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), (value) => {
        assert.strictEqual(Budget.countNodes(value), nodesOf(value))
      }),
      { numRuns: RUNS, seed: 29 }
    )
    assert.strictEqual(Budget.countNodes(null), 1)
    assert.strictEqual(Budget.countNodes("x"), 1)
    const shared = { a: 1, b: [2, 3] }
    // The root, each of the two references, and what the shared object holds (1, the array, 2, 3) once.
    assert.strictEqual(Budget.countNodes({ x: shared, y: shared }), 1 + 2 + (nodesOf(shared) - 1))
    const cyclic: Record<string, unknown> = { a: 1 }
    cyclic.self = cyclic
    assert.strictEqual(Budget.countNodes(cyclic), 3)
  })
})
