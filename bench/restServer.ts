/**
 * The REST API every contender calls, in its own process on 127.0.0.1 (so that client and server
 * do not share an event loop):
 *
 * - `GET /items/:id?lang=..` with `Authorization: Bearer <TOKEN>` → a small JSON item (401 without it)
 * - `GET /rcp/manifest/:n` → an RCP manifest of n tools for `/items`
 * - `GET /utcp/:n` → a UTCP manual of n tools for `/items`
 *
 * Prints `{"port":N}` once listening; exits when its stdin closes.
 */
import * as http from "node:http"
import type { AddressInfo } from "node:net"
import { exitWhenParentLeaves, item, rcpManifest, TOKEN, utcpManual } from "./common.js"

const AUTHORIZATION = `Bearer ${TOKEN}`
const cache = new Map<string, string>()

const send = (response: http.ServerResponse, status: number, text: string) => {
  response.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) })
  response.end(text)
}

const server = http.createServer((request, response) => {
  const url = new URL(request.url ?? "/", "http://127.0.0.1")
  const parts = url.pathname.split("/")
  if (parts[1] === "items" && parts.length === 3) {
    if (request.headers.authorization !== AUTHORIZATION) return send(response, 401, "{\"error\":\"unauthorized\"}")
    const id = decodeURIComponent(parts[2]!)
    return send(response, 200, JSON.stringify(item(id, url.searchParams.get("lang") ?? "")))
  }
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const count = Number(parts[parts.length - 1])
  if (Number.isInteger(count) && count > 0) {
    const key = url.pathname
    if (url.pathname.startsWith("/rcp/manifest/")) {
      if (!cache.has(key)) cache.set(key, JSON.stringify(rcpManifest(origin, count)))
      return send(response, 200, cache.get(key)!)
    }
    if (url.pathname.startsWith("/utcp/")) {
      if (!cache.has(key)) cache.set(key, JSON.stringify(utcpManual(origin, count)))
      return send(response, 200, cache.get(key)!)
    }
  }
  send(response, 404, "{\"error\":\"not found\"}")
})

// Keep idle keep-alive connections across rounds, so that no contender pays for reconnecting.
server.keepAliveTimeout = 60_000
server.headersTimeout = 61_000

server.listen(0, "127.0.0.1", () => {
  process.stdout.write(`${JSON.stringify({ port: (server.address() as AddressInfo).port })}\n`)
})
exitWhenParentLeaves(() => server.close())
