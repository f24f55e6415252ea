// Load run (issue 8), not part of `npm test`: 100,000 sequential calls through the promise facade
// of the BUILT package (`rcp-sdk/client`) against a local server in a child process, so that the
// memory measured is the client's alone. Prints rss and heapUsed at the start, the middle and the
// end; with `node --expose-gc` each sample is taken after a full GC, so heapUsed is what the client
// retains, and the run fails (exit 1) if that grows by more than 10 MB.
//
//   npm run -s build && node --expose-gc scripts/load.mjs [calls]
import { fork } from "node:child_process"
import * as http from "node:http"

if (process.argv[2] === "--server") {
  // The REST API under load: echoes the id, the query and the resolver-bound header.
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://placeholder")
    const body = JSON.stringify({
      item: { id: url.pathname.split("/").pop(), q: url.searchParams.get("q"), user: req.headers["x-user"] },
      padding: "x".repeat(512)
    })
    res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) })
    res.end(body)
  })
  server.keepAliveTimeout = 60_000
  server.listen(0, "127.0.0.1", () => process.send?.({ port: server.address().port }))
  process.on("disconnect", () => process.exit(0))
} else {
  await main(Number(process.argv[2] ?? 100_000))
}

async function main(calls) {
  const { createRcpClient } = await import("rcp-sdk/client")
  const child = fork(new URL(import.meta.url), ["--server"], { stdio: ["ignore", "inherit", "inherit", "ipc"] })
  const { port } = await new Promise((resolve, reject) => {
    child.once("message", resolve)
    child.once("error", reject)
  })
  try {
    await run(createRcpClient, `http://127.0.0.1:${port}`, calls)
  } finally {
    child.disconnect()
  }
}

async function run(createRcpClient, origin, calls) {
  const client = createRcpClient({
    resolvers: { userId: (ctx) => ctx.userId },
    retry: { retries: 0 }
  })
  await client.register({
    rcpVersion: "0.1",
    tools: [{
      name: "get_item",
      description: "Get an item.",
      method: "GET",
      url: `${origin}/items/{{id}}`,
      queryParams: { q: "{{q}}" },
      headers: { "X-User": "{{userId}}" },
      params: [
        { name: "id", type: "string", required: true },
        { name: "q", type: "string" },
        { name: "userId", type: "string", required: true }
      ],
      responseMappings: { id: "@item.id", user: "@item.user" }
    }]
  }, { url: `${origin}/rcp/manifest` })

  const call = async (i) => {
    const result = await client.execute(
      { name: "get_item", arguments: { id: `item-${i}`, q: `query ${i % 97}` } },
      { context: { userId: `user-${i % 13}` } }
    )
    if (result.status !== 200 || result.data.id !== `item-${i}` || result.data.user !== `user-${i % 13}`) {
      throw new Error(`call ${i}: unexpected result ${JSON.stringify(result)}`)
    }
  }

  const gc = globalThis.gc
  const MB = 1024 * 1024
  const sample = (label, done, started) => {
    gc?.()
    const { heapUsed, rss } = process.memoryUsage()
    const seconds = (performance.now() - started) / 1000
    const rate = done === 0 ? "" : `, ${Math.round(done / seconds)} calls/s`
    console.log(
      `${label.padEnd(6)} ${String(done).padStart(7)} calls: rss ${(rss / MB).toFixed(1)} MB, ` +
        `heapUsed ${(heapUsed / MB).toFixed(1)} MB${rate}`
    )
    return { rss, heapUsed }
  }

  // Warm up (JIT, connection pool) so that the start sample is the steady state.
  for (let i = 0; i < 1_000; i++) await call(i)
  console.log(`rcp-sdk load: ${calls} sequential calls, node ${process.version}, gc ${gc ? "exposed" : "not exposed"}`)
  const started = performance.now()
  const start = sample("start", 0, started)
  let middle = start
  for (let i = 0; i < calls; i++) {
    await call(i)
    const done = i + 1
    if (done === Math.floor(calls / 2)) middle = sample("middle", done, started)
    else if (done % Math.max(1, Math.floor(calls / 10)) === 0 && done !== calls) sample("", done, started)
  }
  const end = sample("end", calls, started)
  await client.close()

  const growth = (end.heapUsed - start.heapUsed) / MB
  console.log(
    `heapUsed growth start→middle ${((middle.heapUsed - start.heapUsed) / MB).toFixed(1)} MB, ` +
      `start→end ${growth.toFixed(1)} MB; rss growth start→end ${((end.rss - start.rss) / MB).toFixed(1)} MB`
  )
  if (gc !== undefined && growth > 10) {
    console.error(`heapUsed grew by ${growth.toFixed(1)} MB: the client is keeping something per call`)
    process.exitCode = 1
  }
}
