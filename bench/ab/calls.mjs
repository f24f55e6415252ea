// Per-call CPU of two client trees in one process (issue #35; bench/RESULTS.md §"Per-call cost after
// the client's Effect 4 port"): a REST endpoint on 127.0.0.1, each tree's promise client
// (Client.js of a compiled src/ under bench/build/) discovering it, then blocks of CALLS sequential
// executes, the trees' blocks interleaved (A B, B A, …): CPU per call, and B/A block by block.
//
//   node bench/ab/calls.mjs A B [blocks] [calls]
//
// A tree: e.g. a commit's sources compiled alike for Effect 3 —
//   git archive cfe7d51 src | tar -x -C /tmp/pre && (cd /tmp/pre && esbuild $(find src -name '*.ts' ! -path '*/target/v4/*') --outdir=<repo>/bench/build/pre --outbase=src --format=esm --platform=node)
//   node scripts/targets.mjs rewrite bench/build/pre v3
import * as http from "node:http"
const [a, b, blocks = "15", calls = "500"] = process.argv.slice(2)
const body = JSON.stringify({ id: "7", name: "Item", price: 12.5, description: "x".repeat(200) })
const server = http.createServer((req, res) => {
  if (req.url === "/rcp/manifest") {
    const { port } = server.address()
    res.writeHead(200, { "content-type": "application/json" })
    return res.end(JSON.stringify({ rcpVersion: "0.1", auth: { type: "header", name: "Authorization", scheme: "Bearer" },
      tools: [{ name: "get_item", description: "Get one item.", method: "GET",
        params: [{ name: "id", type: "string", description: "the id" }, { name: "lang", type: "string", description: "the language" }],
        url: `http://127.0.0.1:${port}/items/{{id}}?lang={{lang}}`, responseMappings: { name: "@name", price: "@price" } }] }))
  }
  if (req.headers.authorization !== "Bearer t") res.writeHead(401).end()
  else res.writeHead(200, { "content-type": "application/json" }).end(body)
})
await new Promise((ok) => server.listen(0, "127.0.0.1", ok))
const url = `http://127.0.0.1:${server.address().port}/rcp/manifest`
const sides = []
for (const dir of [a, b]) {
  const { createRcpClient } = await import(new URL(`../build/${dir}/Client.js`, import.meta.url).href)
  const client = createRcpClient({ credential: "t" })
  await client.discover(url)
  sides.push({ dir, client, cpu: [], wall: [] })
}
const run = async (side, n) => {
  for (let i = 0; i < n; i++) {
    const { status, data } = await side.client.execute({ name: "get_item", arguments: { id: "7", lang: "en" } })
    if (status !== 200 || data.name !== "Item") throw new Error("bad")
  }
}
for (const s of sides) await run(s, Number(calls))
for (let k = 0; k < Number(blocks); k++) {
  for (const s of k % 2 === 0 ? sides : [...sides].reverse()) {
    const c = process.cpuUsage(), t = performance.now()
    await run(s, Number(calls))
    const u = process.cpuUsage(c)
    s.cpu.push((u.user + u.system) / Number(calls)); s.wall.push((performance.now() - t) * 1000 / Number(calls))
  }
}
const med = (x) => { const s = [...x].sort((p, q) => p - q); return s[s.length >> 1] }
const ratios = sides[1].cpu.map((v, i) => v / sides[0].cpu[i])
for (const s of sides) console.log(`${s.dir.padEnd(6)} CPU µs/call median ${med(s.cpu).toFixed(1)} min ${Math.min(...s.cpu).toFixed(1)}  wall ${med(s.wall).toFixed(1)}`)
console.log(`${b}/${a} CPU: median of block ratios ${med(ratios).toFixed(3)}, ratio of medians ${(med(sides[1].cpu) / med(sides[0].cpu)).toFixed(3)}, of mins ${(Math.min(...sides[1].cpu) / Math.min(...sides[0].cpu)).toFixed(3)}`)
for (const s of sides) await s.client.close()
server.close()
