/**
 * The memory a response body holds while it is read under the cap (docs/protocol.md §3.6): the
 * one allocation `result()` is a view of — its length, since a small one is a slice of Node's
 * shared Buffer pool rather than an ArrayBuffer of its own.
 * (test/transport/rules.test.ts checks the bytes themselves and the cap.)
 */
import { assert, describe, it } from "../support/effectVitest.js"
import { BodyBuffer } from "../../src/internal/transport/bodyBuffer.js"

const KiB = 1024
// The private storage (what `result()` views): its length is what the body costs.
const held = (buffer: BodyBuffer): number => (buffer as unknown as { readonly buffer: Uint8Array }).buffer.length
const bytes = (n: number) => new Uint8Array(n).fill(7)

describe("the first allocation", () => {
  it("without a declared length: 16 KiB, or the cap when that is smaller", () => {
    const big = new BodyBuffer(1024 * KiB)
    big.push(bytes(1))
    assert.strictEqual(held(big), 16 * KiB)
    const small = new BodyBuffer(100)
    small.push(bytes(1))
    assert.strictEqual(held(small), 100)
  })

  it("a declared length within the cap is allocated exactly, also above 16 KiB and at the cap", () => {
    for (const [cap, declared] of [[1024 * KiB, 10], [1024 * KiB, 40 * KiB], [40 * KiB, 40 * KiB]] as const) {
      const buffer = new BodyBuffer(cap, declared)
      buffer.push(bytes(1))
      assert.strictEqual(held(buffer), declared, `${cap} ${declared}`)
    }
  })

  it("a declared length above the cap is not believed: no more than the cap is allocated", () => {
    const buffer = new BodyBuffer(100, 10 * 1024 * KiB)
    buffer.push(bytes(1))
    assert.strictEqual(held(buffer), 100)
  })
})

describe("what the result holds", () => {
  it("only the bytes pushed: the allocation's other bytes (not zero-filled) are never part of it", () => {
    const buffer = new BodyBuffer(1024 * KiB, 64)
    buffer.push(Uint8Array.of(1, 2, 3))
    buffer.push(Uint8Array.of(4))
    assert.deepStrictEqual([...buffer.result()], [1, 2, 3, 4])
    const grown = new BodyBuffer(1024 * KiB, 2)
    grown.push(Uint8Array.of(9, 8, 7))
    assert.deepStrictEqual([...grown.result()], [9, 8, 7])
  })
})

describe("growing", () => {
  it("a body that exactly fills the first allocation stays in it", () => {
    const buffer = new BodyBuffer(1024 * KiB)
    assert.isTrue(buffer.push(bytes(16 * KiB)))
    assert.strictEqual(held(buffer), 16 * KiB)
  })

  it("past the first allocation, at most twice the bytes read are held, and never more than the cap", () => {
    const cap = 100 * KiB
    const buffer = new BodyBuffer(cap)
    for (const size of [1, 10, 16 * KiB, 1, 5 * KiB, 20 * KiB, 40 * KiB, 18 * KiB]) {
      assert.isTrue(buffer.push(bytes(size)))
      assert.isAtMost(held(buffer), Math.max(16 * KiB, 2 * buffer.total), String(buffer.total))
      assert.isAtMost(held(buffer), cap)
      assert.isAtLeast(held(buffer), buffer.total)
    }
  })

  it("a body read one byte at a time is copied a logarithmic number of times, not once per byte", () => {
    const buffer = new BodyBuffer(1024 * KiB)
    const allocations = new Set<ArrayBufferLike>()
    for (let i = 0; i < 128 * KiB; i++) {
      buffer.push(bytes(1))
      allocations.add(buffer.result().buffer)
    }
    // 16, 32, 64, 128 KiB.
    assert.strictEqual(allocations.size, 4)
    assert.strictEqual(held(buffer), 128 * KiB)
  })
})
