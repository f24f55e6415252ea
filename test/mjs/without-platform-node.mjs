// The promise facade needs no @effect/platform-node: with every import of it made to fail, the
// built `rcp-sdk/client` still discovers and executes against a local server. Run by
// test/client/facade.test.ts; exits non-zero on failure.
import assert from "node:assert/strict"
import http from "node:http"
import { register } from "node:module"

register(
  "data:text/javascript," + encodeURIComponent(`
    export async function resolve(specifier, context, next) {
      if (specifier.startsWith("@effect/platform-node")) throw new Error("blocked: " + specifier)
      return next(specifier, context)
    }`)
)

await assert.rejects(import("@effect/platform-node/NodeHttpClient"), /blocked/)

const server = http.createServer((req, res) => {
  const origin = `http://127.0.0.1:${server.address().port}`
  res.setHeader("content-type", "application/json")
  if (req.url === "/rcp/manifest") {
    return res.end(JSON.stringify({
      rcpVersion: "0.1",
      tools: [{ name: "ping", description: "Ping.", method: "GET", params: [], url: `${origin}/ping` }]
    }))
  }
  res.end(JSON.stringify({ pong: true }))
})
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve))
try {
  const { createRcpClient } = await import("rcp-sdk/client")
  const client = createRcpClient()
  await client.discover(`http://127.0.0.1:${server.address().port}/rcp/manifest`)
  assert.deepEqual(await client.execute({ name: "ping", arguments: "{}" }), { status: 200, data: { pong: true } })
  await client.close()
  console.log("without @effect/platform-node: ok")
} finally {
  server.close()
}
