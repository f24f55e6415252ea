/**
 * The shim's and the kit's additions for the rest of the suite (docs/effect4.md §Tests), on each
 * target: `it.prop` / `it.effect.prop`, `it.layer` (built once, its services seen, closed after its
 * block), `it.flakyTest`, and the kit's clock and random names the retry tests read.
 */
import { adjustClock, fork, pendingSleeps, poll, withFixedRandom } from "#test-target"
import { layerScoped } from "#target/Effects.js"
import { Service } from "#target/Service.js"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Random from "effect/Random"
import * as fc from "fast-check"
import { assert, describe, it } from "../support/effectVitest.js"

class Counter extends Service<Counter, { readonly id: number }>()("test/shim/Counter") {}

const events: Array<string> = []
let builds = 0
const counterLayer = layerScoped(
  Counter,
  Effect.acquireRelease(
    Effect.sync(() => {
      events.push("built")
      return { id: ++builds }
    }),
    () => Effect.sync(() => void events.push("closed"))
  )
)

describe("it.prop", () => {
  const seen: Array<number> = []
  it.prop("a plain property gets each run's values as a tuple", [fc.integer(), fc.constant("x")], ([n, x]) => {
    seen.push(n)
    assert.isNumber(n)
    assert.strictEqual(x, "x")
  }, { fastCheck: { numRuns: 12, seed: 1 } })
  it("…and ran as many times as asked", () => assert.strictEqual(seen.length, 12))

  it.effect.prop("an Effect property gets a record's values, each run an effect", { n: fc.nat(9) }, ({ n }) =>
    Effect.sync(() => assert.isAtMost(n, 9)), { fastCheck: { numRuns: 5, seed: 2 } })

  it.effect("a false property fails, with its counterexample", () =>
    Effect.gen(function*() {
      const failed = yield* Effect.promise(() =>
        fc.assert(fc.asyncProperty(fc.nat(), async (n) => assert.isBelow(n, 0)), { numRuns: 3, seed: 3 }).then(
          () => undefined,
          (e: Error) => e.message
        )
      )
      assert.include(failed, "Counterexample")
    }))
})

describe("it.layer", () => {
  it.layer(counterLayer)("a block of tests over one build", (it) => {
    it.effect("the layer's service is there", () =>
      Effect.gen(function*() {
        assert.strictEqual((yield* Counter).id, 1)
      }))
    it.scoped("the same build in the next test", () =>
      Effect.gen(function*() {
        assert.strictEqual((yield* Counter).id, 1)
        assert.deepStrictEqual(events, ["built"])
      }))
  })
  it("closed after its block, built once", () => assert.deepStrictEqual(events, ["built", "closed"]))
})

describe("it.flakyTest", () => {
  it.effect("retries a failure and a defect until it passes", () =>
    Effect.gen(function*() {
      let attempts = 0
      const flaky = Effect.suspend(() => {
        attempts++
        return attempts === 1 ? Effect.fail("once") : attempts === 2 ? Effect.die("twice") : Effect.succeed("ok")
      })
      assert.strictEqual(yield* it.flakyTest(flaky), "ok")
      assert.strictEqual(attempts, 3)
    }))

  it.effect("gives up after 10 retries: the failure as a defect", () =>
    Effect.gen(function*() {
      let attempts = 0
      const exit = yield* Effect.exit(it.flakyTest(Effect.suspend(() => Effect.fail(`no ${++attempts}`))))
      assert.isTrue(Exit.isFailure(exit))
      assert.strictEqual(attempts, 11)
    }))
})

/** A pause in real time, for a forked fiber to run up to its next sleep. */
const realPause = Effect.promise(() => new Promise<void>((resolve) => setTimeout(resolve, 20)))

describe("the kit's clock and random", () => {
  it.effect("pendingSleeps lists when each sleep wakes; adjustClock wakes the ones due", () =>
    Effect.gen(function*() {
      assert.deepStrictEqual(yield* pendingSleeps, [])
      const fiber = yield* fork(Effect.sleep(5_000))
      yield* realPause
      assert.deepStrictEqual(yield* pendingSleeps, [5_000])
      yield* adjustClock(4_999)
      assert.isUndefined(yield* poll(fiber))
      yield* adjustClock(1)
      yield* realPause
      assert.isTrue(Exit.isSuccess((yield* poll(fiber))!))
      assert.deepStrictEqual(yield* pendingSleeps, [])
    }))

  it.effect("withFixedRandom gives its values in turn", () =>
    Effect.gen(function*() {
      const drawn = yield* Effect.all([Random.next, Random.next, Random.next]).pipe(withFixedRandom([0.25, 0.75]))
      assert.deepStrictEqual(drawn, [0.25, 0.75, 0.25])
    }))
})
