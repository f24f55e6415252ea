/**
 * The linear-time guard itself (test/support/linear.ts) can fail: a quadratic scan is caught at a
 * quick step, and linear work that copies its input (a `toLowerCase` past V8's large-object
 * threshold, what made a header name's validation read 100–300x) passes.
 */
import { assert, describe, it } from "./support/effectVitest.js"
import { superLinearStep } from "./support/linear.js"

/** Quadratic on purpose: for each character, a scan of everything before it. */
const quadratic = (text: string): void => {
  let count = 0
  for (let i = 0; i < text.length; i++) {
    for (let j = 0; j < i; j++) if (text.charCodeAt(j) === text.charCodeAt(i)) count++
  }
  if (count < 0) throw new Error("unreachable")
}

const make = (size: number): string => "%".repeat(size)

describe("test/support/linear.ts", () => {
  it("catches a quadratic scan at its first step (256 B → 4 KiB)", async () => {
    const step = await superLinearStep(make, quadratic)
    assert.match(step ?? "", /^256 → 4096 characters: \d+\.\dx, over 100x/)
  }, 60_000)

  it("passes linear work that copies its input on each run, on both sides of V8's large-object threshold", async () => {
    let sink = 0
    assert.isUndefined(await superLinearStep(make, (text) => {
      sink += text.toLowerCase().length
    }))
    assert.isAbove(sink, 0)
  }, 60_000)
})
