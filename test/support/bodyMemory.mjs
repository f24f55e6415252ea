// What the client holds while a body larger than its cap streams in (test/faults.test.ts), run as
// `node --expose-gc bodyMemory.mjs <manifest url> <undici|fetch>`: the bytes live after a full GC
// (heap plus ArrayBuffers), sampled while the tool `fault` runs and after it — what the client
// keeps, not what the process has touched (RSS), nor garbage not yet collected. Prints, as JSON,
// the call's error and the growth over the bytes live before it (the error still held).
const [url, transport] = process.argv.slice(2)
const { createRcpClient } = await import("rcp-sdk/client")
const client = createRcpClient({
  allowHttp: true,
  retry: { retries: 0 },
  ...(transport === "fetch" ? { fetch: (input, init) => globalThis.fetch(input, init) } : {})
})
await client.discover(url)
// Warm up (modules, connection pool) so that only the large response is measured.
await client.execute({ name: "ok", arguments: { n: "0" } })

const live = () => {
  globalThis.gc()
  const { arrayBuffers, heapUsed } = process.memoryUsage()
  return heapUsed + arrayBuffers
}
const before = live()
let peak = 0
const sampler = setInterval(() => (peak = Math.max(peak, live() - before)), 5)
// The error is held on to, as a caller might: it must not keep the body alive either.
const error = await client.execute({ name: "fault" }).then(() => undefined, (e) => e)
clearInterval(sampler)
peak = Math.max(peak, live() - before)
const ok = await client.execute({ name: "ok", arguments: { n: "after" } })
// What the client keeps between calls, before close() would let it all go.
const after = live() - before
await client.close()
process.stdout.write(JSON.stringify({ tag: error?._tag, message: error?.message, ok: ok.data, peak, after }))
