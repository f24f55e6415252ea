/**
 * A response body read chunk by chunk into one growing buffer, within a cap. Keeping the chunks
 * instead would cost one object per chunk — and a chunk is often a view that keeps a whole socket
 * read buffer alive — so a server sending 1-byte chunks could make a 5 MiB body cost hundreds of
 * MiB. Here memory is bounded by the cap: at most twice the bytes read, never more than the cap.
 *
 * Storage comes from `Buffer.allocUnsafe`: a small body is a slice of Node's shared pool instead
 * of a zero-filled ArrayBuffer of its own per response (~0.4 µs a call). Its uninitialised bytes
 * are never read: `result()` covers only what `push` wrote.
 */

const INITIAL = 16 * 1024

/** @internal */
export class BodyBuffer {
  private buffer: Uint8Array
  private length = 0

  /** `expected` (a declared length, if any) sizes the first allocation; it is a hint, not a promise. */
  constructor(readonly maxBytes: number, expected?: number) {
    const first = expected !== undefined && expected <= maxBytes ? expected : Math.min(INITIAL, maxBytes)
    this.buffer = Buffer.allocUnsafe(first)
  }

  /** Bytes read so far. */
  get total(): number {
    return this.length
  }

  /** Appends a chunk (copied, so the caller's buffer is not retained); false once the cap is crossed. */
  push(chunk: Uint8Array): boolean {
    const needed = this.length + chunk.length
    if (needed > this.maxBytes) return false
    if (needed > this.buffer.length) {
      const grown = Buffer.allocUnsafe(Math.min(this.maxBytes, Math.max(needed, this.buffer.length * 2)))
      grown.set(this.buffer.subarray(0, this.length))
      this.buffer = grown
    }
    this.buffer.set(chunk, this.length)
    this.length = needed
    return true
  }

  /** The body read; a view of the buffer, which is not written to again. */
  result(): Uint8Array {
    return this.buffer.subarray(0, this.length)
  }
}
