/**
 * The local API of the packed tests (test/packed.test.ts, test/packedSatellitesEffect4.test.ts): an
 * RCP manifest with one tool, the same API as an OpenAPI document, and the item endpoint, which
 * requires the bearer token `packed-token` and records what it received. On 127.0.0.1.
 */
import * as http from "node:http"
import type { AddressInfo } from "node:net"

/** A request to the item endpoint, as the API received it. */
export interface Received {
  readonly path: string
  readonly authorization: string | undefined
}

export interface PackedApi {
  /** Every request that was neither the manifest nor the document, in order. */
  readonly received: Array<Received>
  /** Listens on 127.0.0.1 and answers with its origin (`http://127.0.0.1:<port>`). */
  readonly start: () => Promise<string>
  readonly close: () => Promise<void>
}

export const packedApi = (): PackedApi => {
  const received: Array<Received> = []
  let origin = ""
  const server = http.createServer((req, res) => {
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" })
      res.end(JSON.stringify(body))
    }
    if (req.url === "/rcp/manifest") {
      return json(200, {
        rcpVersion: "0.1",
        auth: { type: "header", name: "Authorization", scheme: "Bearer" },
        tools: [{
          name: "get_item",
          description: "Get one item by its id.",
          method: "GET",
          params: [{ name: "id", type: "string", description: "the item's id" }],
          url: `${origin}/items/{{id}}`
        }]
      })
    }
    if (req.url === "/openapi.json") {
      return json(200, {
        openapi: "3.0.3",
        info: { title: "Items", version: "1.0.0" },
        servers: [{ url: origin }],
        components: { securitySchemes: { token: { type: "http", scheme: "bearer" } } },
        security: [{ token: [] }],
        paths: {
          "/items/{id}": {
            get: {
              operationId: "get_item",
              summary: "Get one item by its id.",
              parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
              responses: { "200": { description: "the item" } }
            }
          }
        }
      })
    }
    received.push({ path: req.url ?? "", authorization: req.headers.authorization })
    if (req.headers.authorization !== "Bearer packed-token") return json(401, { error: "no token" })
    json(200, { id: decodeURIComponent((req.url ?? "").split("/").pop()!), name: "Item" })
  })
  return {
    received,
    start: () =>
      new Promise<string>((resolve) =>
        server.listen(0, "127.0.0.1", () => {
          origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
          resolve(origin)
        })
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve()))
  }
}
