/**
 * A lock is read with a plain check (`src/internal/manifest/lockCheck.ts` over
 * `shared/shapeCheck.ts`, shared by the Effect 3 and Effect 4 builds). The oracle is `Lock.Lock`,
 * the lock's Schema written with Effect 3's combinators, decoded as `Lock.validate` decoded it
 * before (every error, unknown fields refused) and printed by Effect 3's `ArrayFormatter`: the two
 * agree on every input — the value, or every problem's path and message.
 *
 * On both targets (docs/effect4.md §Tests): the plain check is the same code on each, and its
 * messages are Effect 3's, asserted exactly on both. The oracle is the target's own `Lock.Lock`:
 * on Effect 4 it agrees on the value and on every problem's path, in order; its messages are
 * Effect 4's own (`Expected no excess property`), so the messages are compared on Effect 3.
 */
import { schemaIssues, target } from "#test-target"
import * as Result from "#target/Result.js"
import * as fc from "fast-check"
import * as Lock from "../../src/Lock.js"
import * as LockCheck from "../../src/internal/manifest/lockCheck.js"
import * as Pin from "../../src/internal/manifest/pin.js"
import { clip } from "../../src/internal/shared/text.js"
import { assert, describe, it } from "../support/effectVitest.js"
import { propertyRuns, seeded } from "../support/property.js"

const RUNS = propertyRuns(300)

const oracle = (input: unknown): LockCheck.Checked => {
  const result = schemaIssues(Lock.Lock, input, "error")
  return result._tag === "Ok"
    ? { _tag: "Ok", value: result.value as Lock.Lock }
    : {
      _tag: "Invalid",
      issues: result.issues.map((issue) => ({
        path: issue.path.map((key) => (typeof key === "symbol" ? String(key) : key)),
        message: clip(issue.message, 300)
      }))
    }
}

/** What the two must agree on, on this target: everything on Effect 3; all but the Schema's own messages on Effect 4. */
const comparable = (checked: LockCheck.Checked): unknown =>
  target === "effect3" || checked._tag === "Ok" ? checked : checked.issues.map((issue) => issue.path)

const junk = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.constant(undefined),
  fc.constant({ toString: 1 }),
  fc.string({ minLength: 290, maxLength: 400 })
)
const maybe = <T>(arbitrary: fc.Arbitrary<T>): fc.Arbitrary<unknown> =>
  fc.oneof({ weight: 4, arbitrary }, { weight: 1, arbitrary: junk })
const digest = fc.oneof(
  { weight: 4, arbitrary: fc.stringMatching(/^sha256:[0-9a-f]{64}$/) },
  { weight: 1, arbitrary: fc.constantFrom("sha256:", "sha256:" + "A".repeat(64), "md5:00", "") }
)
// Own "__proto__" keys are refused before the shape (Lock.ts, prototypeKeyIssues): not generated here.
const extra = fc.dictionary(fc.constantFrom("extra", "x", "toString", "constructor"), junk, { minKeys: 1, maxKeys: 2 })
const withExtra = <T extends object>(arbitrary: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 3, arbitrary }, { weight: 1, arbitrary: fc.tuple(arbitrary, extra).map(([a, b]) => ({ ...a, ...b })) })
const fields = withExtra(
  fc.record(Object.fromEntries(Pin.FIELDS.map((field) => [field, maybe(digest)])), { requiredKeys: [] })
)
const toolPin = withExtra(fc.record({ digest: maybe(digest), fields: maybe(fields) }, { requiredKeys: [] }))
const apiPin = withExtra(fc.record({
  origin: maybe(fc.constantFrom("https://api.example.com", "")),
  tools: maybe(fc.dictionary(fc.constantFrom("a", "b", "toString"), maybe(toolPin), { maxKeys: 2 }))
}, { requiredKeys: [] }))
const lock = withExtra(fc.record({
  version: maybe(fc.constantFrom(1, 2, "1")),
  apis: maybe(fc.dictionary(fc.constantFrom("https://api.example.com/rcp", "x"), maybe(apiPin), { maxKeys: 2 }))
}, { requiredKeys: [] }))

describe("the lock's shape: the plain check is the Effect 3 Schema's decoding (docs/lock.md)", () => {
  it("agree on every input: value, or every problem's path and message", () => {
    fc.assert(
      fc.property(fc.oneof({ weight: 5, arbitrary: lock }, { weight: 1, arbitrary: junk }), (input) => {
        assert.deepStrictEqual(comparable(LockCheck.check(input)), comparable(oracle(input)))
      }),
      seeded(11, RUNS * 3)
    )
  })

  it("the messages an operator reads, exactly", () => {
    const input = { version: 2, apis: { u: { origin: 1, tools: { t: { digest: "x", fields: 1 } }, more: 1 } } }
    const result = LockCheck.check(input)
    assert.deepStrictEqual(comparable(result), comparable(oracle(input)))
    assert.deepStrictEqual(result._tag === "Invalid" ? result.issues.map((i) => `${i.path.join(".")}: ${i.message}`) : [], [
      "version: unsupported lock version: this library reads version 1",
      "apis.u.more: is unexpected, expected: \"origin\" | \"tools\"",
      "apis.u.origin: Expected string, actual 1",
      "apis.u.tools.t.digest: expected \"sha256:\" followed by 64 lowercase hex digits",
      // A defaulted field (tags) makes the fields' struct a transformation, named by its side.
      "apis.u.tools.t.fields: Expected Struct (Encoded side), actual 1"
    ])
  })

  it("Lock.validate reports the plain check's problems, controls escaped", () => {
    const result = Lock.validate({ version: 1, apis: { u: { origin: "o", tools: {}, "\u001b[31m": 1 } } })
    assert.isTrue(Result.isFailure(result))
    assert.deepStrictEqual(Result.isFailure(result) ? Result.failureOf(result) : [], [
      { path: ["apis", "u", "\u001b[31m"], message: "is unexpected, expected: \"origin\" | \"tools\"" }
    ])
  })
})
