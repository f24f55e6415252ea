/**
 * A real `node:http` server on 127.0.0.1 (port 0) in front of a Fetch-API handler
 * (`(request: Request) => Response | Promise<Response>`), the way a Node user would mount one:
 * each incoming request becomes a `Request`, the `Response` is written back as it is. `route`
 * picks the handler by path; a path it has none for gets a 404.
 */
import * as Effect from "effect/Effect"
import type * as Scope from "effect/Scope"
import * as http from "node:http"
import type { AddressInfo, Socket } from "node:net"
import { closeServer } from "./server.js"

export interface FetchServer {
  readonly origin: string
  readonly url: (path: string) => string
}

const toRequest = async (req: http.IncomingMessage, origin: string): Promise<Request> => {
  const chunks: Array<Buffer> = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value)
  }
  const method = req.method ?? "GET"
  const hasBody = method !== "GET" && method !== "HEAD"
  const body = hasBody ? { body: Buffer.concat(chunks) } : {}
  return new Request(new URL(req.url ?? "/", origin), { method, headers, ...body })
}

const write = async (response: Response, res: http.ServerResponse): Promise<void> => {
  const headers: Record<string, string> = {}
  response.headers.forEach((value, name) => (headers[name] = value))
  res.writeHead(response.status, headers)
  res.end(response.body === null ? undefined : Buffer.from(await response.arrayBuffer()))
}

export const fetchServer = (
  route: (path: string) => ((request: Request) => Response | Promise<Response>) | undefined
): Effect.Effect<FetchServer, never, Scope.Scope> =>
  Effect.acquireRelease(
    Effect.promise(() =>
      new Promise<{ server: http.Server; sockets: Set<Socket>; origin: string }>((resolve) => {
        const sockets = new Set<Socket>()
        const server = http.createServer((req, res) => {
          const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
          const handler = route(new URL(req.url ?? "/", origin).pathname)
          if (handler === undefined) {
            res.writeHead(404).end()
            return
          }
          toRequest(req, origin).then(handler).then((response) => write(response, res)).catch((error) => {
            res.writeHead(500).end(String(error))
          })
        })
        server.on("connection", (socket) => {
          sockets.add(socket)
          socket.on("close", () => sockets.delete(socket))
        })
        server.listen(0, "127.0.0.1", () =>
          resolve({ server, sockets, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }))
      })
    ),
    ({ server, sockets }) => Effect.promise(() => closeServer(server, sockets))
  ).pipe(Effect.map(({ origin }) => ({ origin, url: (path: string) => `${origin}${path}` })))
