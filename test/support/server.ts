/**
 * A real HTTP server on 127.0.0.1 (port 0) that records every request it receives, so tests can
 * assert on what actually arrived — and on what never did (`untouched`); with response helpers
 * (`json`, `redirect`, `flood`) for its handlers.
 */
// vitest's own `assert` (what `@effect/vitest` re-exports): loading `@effect/vitest` (Effect 3) breaks the
// Effect 4 project of the two-target run (docs/effect4.md §Tests), which uses this module too.
import { assert } from "vitest"
import * as Effect from "effect/Effect"
import type * as Scope from "effect/Scope"
import * as http from "node:http"
import type { AddressInfo, Socket } from "node:net"

export interface Recorded {
  readonly method: string
  /** The raw request target, as sent (path and query, still encoded). */
  readonly target: string
  readonly path: string
  readonly query: URLSearchParams
  readonly headers: http.IncomingHttpHeaders
  /** Names and values as sent, alternating: a header named like a prototype key is one too. */
  readonly rawHeaders: ReadonlyArray<string>
  readonly body: string
}

export type Handler = (request: Recorded, response: http.ServerResponse) => void | Promise<void>

export interface TestServer {
  readonly origin: string
  readonly port: number
  readonly url: (path: string) => string
  readonly requests: Array<Recorded>
  /** Sockets that closed, in order; for abort and leak tests. */
  readonly closedSockets: () => number
  readonly openSockets: () => number
  readonly close: () => Promise<void>
}

/** Closes a server now: open keep-alive sockets are destroyed instead of waited for. */
export const closeServer = (server: http.Server, sockets: Iterable<Socket>): Promise<void> =>
  new Promise((done) => {
    for (const socket of sockets) socket.destroy()
    server.close(() => done())
  })

export const json = (response: http.ServerResponse, status: number, body: unknown, headers: http.OutgoingHttpHeaders = {}) => {
  const text = JSON.stringify(body)
  response.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text), ...headers })
  response.end(text)
}

/** A redirect: `status` with `location` and a short text body. */
export const redirect = (res: http.ServerResponse, status: number, location: string) => {
  res.writeHead(status, { location, "content-type": "text/plain" })
  res.end("moved")
}

/** Writes `total` bytes in 64 KiB chunks as fast as the client reads them, counting what it wrote. */
export const flood = (res: http.ServerResponse, total: number, counter: { written: number }) => {
  const chunk = Buffer.alloc(64 * 1024, "a")
  const pump = () => {
    while (counter.written < total && !res.destroyed) {
      counter.written += chunk.length
      if (!res.write(chunk)) return void res.once("drain", pump)
    }
    if (counter.written >= total) res.end()
  }
  pump()
}

export interface ServerOptions {
  readonly host?: string
  /** Node's limit on the request line and headers (16 KiB by default); raise it for huge arguments. */
  readonly maxHeaderSize?: number
}

export const startServer = (handler: Handler, options: ServerOptions = {}): Promise<TestServer> =>
  new Promise((resolve, reject) => {
    const requests: Array<Recorded> = []
    const sockets = new Set<Socket>()
    let closed = 0
    const serverOptions: http.ServerOptions = options.maxHeaderSize === undefined ? {} : { maxHeaderSize: options.maxHeaderSize }
    const server = http.createServer(serverOptions, (req, res) => {
      const chunks: Array<Buffer> = []
      req.on("data", (chunk: Buffer) => chunks.push(chunk))
      req.on("end", () => {
        const target = req.url ?? "/"
        const parsed = new URL(target, "http://placeholder")
        const recorded: Recorded = {
          method: req.method ?? "",
          target,
          path: parsed.pathname,
          query: parsed.searchParams,
          headers: req.headers,
          rawHeaders: req.rawHeaders,
          body: Buffer.concat(chunks).toString("utf8")
        }
        requests.push(recorded)
        Promise.resolve(handler(recorded, res)).catch((error) => {
          res.statusCode = 500
          res.end(String(error))
        })
      })
    })
    server.on("connection", (socket) => {
      sockets.add(socket)
      socket.on("close", () => {
        sockets.delete(socket)
        closed++
      })
    })
    server.on("error", reject)
    server.listen(0, options.host ?? "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo
      const origin = `http://${options.host ?? "127.0.0.1"}:${port}`
      resolve({
        origin,
        port,
        url: (path) => `${origin}${path}`,
        requests,
        closedSockets: () => closed,
        openSockets: () => sockets.size,
        close: () => closeServer(server, sockets)
      })
    })
  })

/** Runs `f` against a server with this handler, closing the server however `f` ends. */
export const withServer = async <A>(handler: Handler, f: (server: TestServer) => Promise<A>): Promise<A> => {
  const server = await startServer(handler)
  try {
    return await f(server)
  } finally {
    await server.close()
  }
}

/** The server as a scoped resource: closed when the test's scope ends. */
export const testServer = (handler: Handler, options?: ServerOptions): Effect.Effect<TestServer, never, Scope.Scope> =>
  Effect.acquireRelease(Effect.promise(() => startServer(handler, options)), (server) => Effect.promise(server.close))

/** No connection at all reached `server`: not a request, not even a socket. */
export const untouched = (server: TestServer) => {
  assert.strictEqual(server.requests.length, 0, "no request arrived")
  assert.strictEqual(server.openSockets() + server.closedSockets(), 0, "no connection was made")
}
