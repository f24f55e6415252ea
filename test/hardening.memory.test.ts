/**
 * Memory is bounded by the size cap, not by the number of chunks (docs/protocol.md §3.6,
 * §2): a server sending a body as 1-byte chunks must not make the client keep one buffer
 * (and one view object) per chunk. A raw TCP server writes the chunked encoding itself, so the
 * client's parser really sees two million chunks.
 */
import { assert, describe, it } from "./support/effectVitest.js"
import * as Effect from "effect/Effect"
import * as net from "node:net"
import * as Client from "../src/Client.js"
import { registerAt } from "./support/execute.js"
import { TRANSPORTS, watchUnhandledErrors } from "./support/transports.js"

const MiB = 1024 * 1024
const BODY = 2 * MiB

/** `body` as HTTP/1.1 chunked encoding with one byte per chunk. */
const oneByteChunks = (body: Buffer): Buffer => {
  const out = Buffer.alloc(body.length * 6 + 5)
  let o = 0
  for (let i = 0; i < body.length; i++) {
    out[o++] = 0x31 // "1"
    out[o++] = 0x0d
    out[o++] = 0x0a
    out[o++] = body[i]!
    out[o++] = 0x0d
    out[o++] = 0x0a
  }
  out.write("0\r\n\r\n", o, "latin1")
  return out
}

/** A server answering every request with `body` in 1-byte chunks. */
const chunkServer = (body: Buffer, contentType: string) =>
  Effect.acquireRelease(
    Effect.promise(() =>
      new Promise<{ origin: string; server: net.Server; sockets: Set<net.Socket> }>((resolve) => {
        const wire = Buffer.concat([
          Buffer.from(`HTTP/1.1 200 OK\r\ncontent-type: ${contentType}\r\ntransfer-encoding: chunked\r\n\r\n`, "latin1"),
          oneByteChunks(body)
        ])
        const sockets = new Set<net.Socket>()
        const server = net.createServer((socket) => {
          sockets.add(socket)
          socket.on("close", () => sockets.delete(socket))
          socket.on("error", () => undefined)
          let head = ""
          socket.on("data", (data) => {
            head += data.toString("latin1")
            if (!head.includes("\r\n\r\n")) return
            head = ""
            socket.write(wire)
          })
        })
        server.listen(0, "127.0.0.1", () => {
          const port = (server.address() as net.AddressInfo).port
          resolve({ origin: `http://127.0.0.1:${port}`, server, sockets })
        })
      })
    ),
    ({ server, sockets }) =>
      Effect.promise(() =>
        new Promise<void>((done) => {
          for (const socket of sockets) socket.destroy()
          server.close(() => done())
        })
      )
  )

/** Peak growth of heap plus buffers while `effect` runs, sampled every few milliseconds. */
const peakGrowth = <A, E, R>(effect: Effect.Effect<A, E, R>): Effect.Effect<{ value: A; peak: number }, E, R> =>
  Effect.suspend(() => {
    const gc = (globalThis as { gc?: () => void }).gc
    gc?.()
    const used = () => {
      const m = process.memoryUsage()
      return m.heapUsed + m.arrayBuffers
    }
    const base = used()
    let peak = 0
    const timer = setInterval(() => {
      peak = Math.max(peak, used() - base)
    }, 2)
    return effect.pipe(
      Effect.map((value) => ({ value, peak: Math.max(peak, used() - base) })),
      Effect.ensuring(Effect.sync(() => clearInterval(timer)))
    )
  })

// The body itself, the decoded text and the parsed value each take about the body's size, and
// garbage not yet collected adds noise; one view object per chunk took hundreds of MiB.
const CEILING = 16 * BODY

describe("memory bounded by the cap, not by the number of chunks", () => {
  for (const [label, layer] of TRANSPORTS) {
    const client = (options: Client.Options) => layer({ retry: { retries: 0 }, maxManifestBytes: 4 * MiB, ...options })

    it.scopedLive(`${label}: execute reads a 2 MiB body sent as 1-byte chunks within a small multiple of its size`, () =>
      Effect.gen(function*() {
        const body = Buffer.alloc(BODY, "a")
        const server = yield* chunkServer(body, "text/plain")
        const { peak, value } = yield* Effect.gen(function*() {
          yield* registerAt(server, [{ name: "t", url: `${server.origin}/t` }])
          return yield* peakGrowth(Client.execute({ name: "t" }))
        }).pipe(Effect.provide(client({})))
        assert.strictEqual(value.status, 200)
        assert.strictEqual((value.data as string).length, BODY)
        assert.isBelow(peak, CEILING, `peak growth ${(peak / MiB).toFixed(1)} MiB`)
      }), 60_000)

    it.scopedLive(`${label}: discover reads a 2 MiB manifest sent as 1-byte chunks within a small multiple of its size`, () =>
      Effect.gen(function*() {
        const manifest = JSON.stringify({ rcpVersion: "0.1", tools: [] })
        const body = Buffer.concat([Buffer.from(manifest), Buffer.alloc(BODY - manifest.length, " ")])
        const server = yield* chunkServer(body, "application/json")
        const { peak, value } = yield* peakGrowth(Client.discover(`${server.origin}/rcp/manifest`)).pipe(
          Effect.provide(client({}))
        )
        assert.deepStrictEqual(value.tools, [])
        assert.isBelow(peak, CEILING, `peak growth ${(peak / MiB).toFixed(1)} MiB`)
      }), 60_000)
  }
})

watchUnhandledErrors()
