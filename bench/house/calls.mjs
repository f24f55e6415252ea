// Per-call cost of a built rcp-sdk, as a whole process: `node bench/house/calls.mjs DIR [CALLS]`
// starts a REST endpoint on 127.0.0.1 in the same process, discovers its manifest with DIR's
// promise client (DIR/dist/Client.js) and runs CALLS (default 2000) sequential `execute`s of
// `GET /items/{id}?lang=en` with a bearer token, checking each result, then closes. The server's
// share is the same on both sides of a comparison (bench/RESULTS.md §The house, before and after).
import * as http from "node:http"
import { resolve } from "node:path"
import { pathToFileURL } from "node:url"

const [dir, count = "2000"] = process.argv.slice(2)
const { createRcpClient } = await import(pathToFileURL(resolve(dir, "dist", "Client.js")).href)
const body = JSON.stringify({ id: "7", name: "Item", price: 12.5, description: "x".repeat(200) })
const server = http.createServer((req, res) => {
  if (req.url === "/rcp/manifest") {
    const { port } = server.address()
    res.writeHead(200, { "content-type": "application/json" })
    return res.end(JSON.stringify({
      rcpVersion: "0.1",
      auth: { type: "header", name: "Authorization", scheme: "Bearer" },
      tools: [{
        name: "get_item",
        description: "Get one item.",
        method: "GET",
        params: [
          { name: "id", type: "string", description: "the id" },
          { name: "lang", type: "string", description: "the language" }
        ],
        url: `http://127.0.0.1:${port}/items/{{id}}?lang={{lang}}`,
        responseMappings: { name: "@name", price: "@price" }
      }]
    }))
  }
  if (req.headers.authorization !== "Bearer t") res.writeHead(401).end()
  else res.writeHead(200, { "content-type": "application/json" }).end(body)
})
await new Promise((ok) => server.listen(0, "127.0.0.1", ok))
const client = createRcpClient({ credential: "t" })
await client.discover(`http://127.0.0.1:${server.address().port}/rcp/manifest`)
for (let i = 0; i < Number(count); i++) {
  const { status, data } = await client.execute({ name: "get_item", arguments: { id: "7", lang: "en" } })
  if (status !== 200 || data.name !== "Item") throw new Error(`call ${i}: ${status} ${JSON.stringify(data)}`)
}
await client.close()
server.close()
