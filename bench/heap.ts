/**
 * Heap after discovering a large tool list, in a fresh process (run with `--expose-gc`):
 * `node --expose-gc heap.js <rcp|rcp-cold|mcp|utcp> <rest origin> <mcp origin> <tools>`.
 * Prints `{"before":bytes,"after":bytes}`: heapUsed after gc with the client ready, and after the
 * discovery with its result kept. Each mode imports only its own library. "Ready" includes one
 * exchange with the server for every client (MCP's connect; a one-tool manifest or manual for the
 * others), so that a first request's one-time cost is not counted per tool; `rcp-cold` skips it.
 */
const [mode, rest, mcp, toolsText] = process.argv.slice(2)
const tools = Number(toolsText)
if (rest === undefined || mcp === undefined || !Number.isInteger(tools)) {
  throw new Error("usage: heap.js <rcp|mcp|utcp> <rest origin> <mcp origin> <tools>")
}

const gc = (globalThis as { gc?: () => void }).gc
if (gc === undefined) throw new Error("run with --expose-gc")
const heapUsed = () => {
  gc()
  gc()
  return process.memoryUsage().heapUsed
}

/** What the app keeps: the client and the discovery result. */
const kept: Array<unknown> = []

const measure = async (ready: () => Promise<unknown>, discover: (client: any) => Promise<unknown>) => {
  const client = await ready()
  kept.push(client)
  const before = heapUsed()
  kept.push(await discover(client))
  const after = heapUsed()
  process.stdout.write(`${JSON.stringify({ before, after })}\n`)
}

console.log = () => {}
switch (mode) {
  case "rcp":
  case "rcp-cold": {
    const { createRcpClient } = await import("rcp-sdk/client")
    await measure(async () => {
      const client = createRcpClient({ credential: "unused" })
      await client.tools() // builds the client's runtime
      // As MCP's connect does: one exchange with the server first (a one-tool manifest), so that
      // what any first request costs (undici's HTTP parser, compiled code) is not counted per tool.
      if (mode === "rcp") await client.discover(`${rest}/rcp/manifest/1`)
      return client
    }, (client) => client.discover(`${rest}/rcp/manifest/${tools}`))
    break
  }
  case "mcp": {
    const { Client } = await import("@modelcontextprotocol/sdk/client/index.js")
    const { StreamableHTTPClientTransport } = await import("@modelcontextprotocol/sdk/client/streamableHttp.js")
    await measure(async () => {
      const client = new Client({ name: "bench", version: "1.0.0" })
      await client.connect(new StreamableHTTPClientTransport(new URL(`${mcp}/mcp/${tools}`)))
      return client
    }, (client) => client.listTools())
    break
  }
  case "utcp": {
    const { UtcpClient } = await import("@utcp/sdk")
    await import("@utcp/http")
    await measure(
      async () => {
        const client = await UtcpClient.create(process.cwd(), {} as Parameters<typeof UtcpClient.create>[1])
        // One exchange first, as for the others (a one-tool manual).
        const url = `${rest}/utcp/1`
        await client.registerManual({ name: "warm", call_template_type: "http", http_method: "GET", url })
        return client
      },
      (client) =>
        client.registerManual({ name: "bench", call_template_type: "http", http_method: "GET", url: `${rest}/utcp/${tools}` })
    )
    break
  }
  default:
    throw new Error(`unknown mode ${mode}`)
}
process.exit(0)
