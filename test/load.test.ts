/**
 * Load (issue 8): 1,000 concurrent executes against one local server all succeed, and afterwards
 * no socket and no fiber is left beyond the baseline. Two clients: the Effect API over undici with
 * a dispatcher of its own (closed with the layer, so its sockets close at once), and the promise
 * facade over the global `fetch`, whose connection pool belongs to Node, not to the client: its idle
 * keep-alive sockets close when undici's keep-alive timeout runs out, not at `close()`. undici
 * keeps an idle socket for the server's `Keep-Alive: timeout=N` hint minus 2 s; Node's default
 * server says 5 s (3 s idle); the server here says 3 s, so idle sockets close after about 1 s.
 * The 100,000-call memory run is `scripts/load.mjs`, outside `npm test`.
 */
import * as NodeHttpClient from "@effect/platform-node/NodeHttpClient"
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import type * as Scope from "effect/Scope"
import * as Supervisor from "effect/Supervisor"
import * as http from "node:http"
import type { AddressInfo, Socket } from "node:net"
import * as Client from "../src/Client.js"
import { clientLayerOver, eventually, manifest, registerAt, since, type ToolInput } from "./support/execute.js"
import { closeServer } from "./support/server.js"

const N = 1_000

interface EchoServer {
  readonly origin: string
  readonly url: (path: string) => string
  readonly requests: () => number
  readonly openSockets: () => number
  readonly openedSockets: () => number
}

/**
 * An echo server on 127.0.0.1 with a listen backlog for 1,000 simultaneous connections (Node's
 * default of 511 would make the kernel drop SYNs and the clients retry them a second later) and
 * a 3 s keep-alive. Each answer waits 5 ms, so that the calls really overlap.
 */
interface Started {
  readonly server: http.Server
  readonly api: EchoServer
  readonly sockets: Set<Socket>
}

const echoServer = (): Effect.Effect<EchoServer, never, Scope.Scope> =>
  Effect.acquireRelease(
    Effect.promise(() =>
      new Promise<Started>((resolve) => {
        const sockets = new Set<Socket>()
        let requests = 0
        let opened = 0
        const server = http.createServer((req, res) => {
          requests++
          const url = new URL(req.url ?? "/", "http://placeholder")
          const body = JSON.stringify({ n: Number(url.searchParams.get("n")), user: req.headers["x-user"] })
          setTimeout(() => {
            res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) })
            res.end(body)
          }, 5)
        })
        server.keepAliveTimeout = 3_000
        server.on("connection", (socket) => {
          opened++
          sockets.add(socket)
          socket.on("close", () => sockets.delete(socket))
        })
        server.listen(0, "127.0.0.1", 2_048, () => {
          const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
          resolve({
            server,
            sockets,
            api: {
              origin,
              url: (path) => `${origin}${path}`,
              requests: () => requests,
              openSockets: () => sockets.size,
              openedSockets: () => opened
            }
          })
        })
      })
    ),
    ({ server, sockets }) => Effect.promise(() => closeServer(server, sockets))
  ).pipe(Effect.map(({ api }) => api))

const echo = (server: EchoServer): ToolInput => ({
  name: "echo",
  url: server.url("/echo"),
  params: [{ name: "n", type: "number" }, { name: "user", type: "string" }],
  queryParams: { n: "{{n}}" },
  headers: { "X-User": "{{user}}" }
})

const range = Array.from({ length: N }, (_, i) => i)

/** Every call came back with its own values: no response went to the wrong caller. */
const assertAllOwn = (results: ReadonlyArray<Client.ToolResult>) => {
  assert.strictEqual(results.length, N)
  results.forEach((result, n) => assert.deepStrictEqual<unknown>(result, { status: 200, data: { n, user: `user-${n}` } }))
}

describe("load: 1,000 concurrent executes", () => {
  it.scopedLive("Effect API over undici: all succeed; then no socket and no fiber is left", () =>
    Effect.gen(function*() {
      const server = yield* echoServer()
      const rootsBefore = (yield* Fiber.roots).length
      const supervisor = yield* Supervisor.track
      const start = Date.now()
      const results = yield* Effect.gen(function*() {
        yield* registerAt(server, [echo(server)])
        return yield* Effect.forEach(
          range,
          (n) => Client.execute({ name: "echo" }, { context: n }),
          { concurrency: N }
        )
      }).pipe(
        Effect.provide(
          clientLayerOver(NodeHttpClient.layerUndici, { retry: { retries: 0 } }, {
            n: (n: number) => n,
            user: (n: number) => `user-${n}`
          })
        ),
        Effect.supervised(supervisor)
      )
      const elapsed = since(start)
      assertAllOwn(results)
      // No retries hid a failure: exactly one request per call.
      assert.strictEqual(server.requests(), N)
      const peakSockets = server.openedSockets()
      // The layer is released: its dispatcher is destroyed with every socket it opened.
      yield* eventually("every socket closed after the client was released", () => server.openSockets() === 0, 2_000)
      const left = yield* supervisor.value
      assert.deepStrictEqual(left.map((fiber) => fiber.id()), [], "fibers left running")
      assert.isAtMost((yield* Fiber.roots).length, rootsBefore)
      console.log(`Effect API over undici: ${N} concurrent calls in ${elapsed} ms over ${peakSockets} sockets`)
    }))

  it.scopedLive("promise facade over global fetch: all succeed; idle keep-alive sockets close on their timeout", () =>
    Effect.gen(function*() {
      const server = yield* echoServer()
      const rootsBefore = (yield* Fiber.roots).length
      const start = Date.now()
      const results = yield* Effect.promise(async () => {
        const client = Client.createRcpClient<number>({
          resolvers: { n: (n) => n, user: (n) => `user-${n}` },
          retry: { retries: 0 }
        })
        try {
          await client.register(manifest([echo(server)]), { url: server.url("/rcp/manifest") })
          return await Promise.all(range.map((n) => client.execute({ name: "echo" }, { context: n })))
        } finally {
          await client.close()
        }
      })
      const elapsed = since(start)
      assertAllOwn(results)
      assert.strictEqual(server.requests(), N)
      // Every call is over and the runtime disposed: no fiber of the client is still running.
      assert.isAtMost((yield* Fiber.roots).length, rootsBefore)
      // The sockets are the global fetch's, idle in its pool: they are not the client's to close.
      const closing = Date.now()
      const open = server.openSockets()
      yield* eventually("idle sockets close within the keep-alive timeout", () => server.openSockets() === 0, 5_000)
      console.log(
        `promise facade over fetch: ${N} concurrent calls in ${elapsed} ms over ${server.openedSockets()} sockets; ` +
          `${open} idle at close(), all closed ${since(closing)} ms later`
      )
    }))
})
