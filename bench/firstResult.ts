/**
 * Cold process → first tool result, in a fresh process:
 * `node firstResult.js <rcp|rcp-unbundled|mcp> <rest origin> <mcp origin>`. rcp: import `rcp-sdk/client`,
 * discover the 1-tool manifest, execute once; MCP: import the SDK client and its Streamable HTTP
 * transport, connect, listTools, callTool. Prints `{"sinceStartMs":..,"workMs":..}`: the result's
 * time since the process started (Node's bootstrap included) and since the first import began.
 */
import { argsOf, TOKEN } from "./common.js"

const [mode, rest, mcp] = process.argv.slice(2)
if (rest === undefined || mcp === undefined) throw new Error("usage: firstResult.js <rcp|mcp> <rest origin> <mcp origin>")

const start = performance.now()
let result: unknown
switch (mode) {
  case "rcp":
  case "rcp-unbundled": {
    // rcp-unbundled: tsc's modules (bench/build/core), which the bundling step is measured against.
    const { createRcpClient }: typeof import("rcp-sdk/client") = await import(
      mode === "rcp" ? "rcp-sdk/client" : new URL("./core/Client.js", import.meta.url).href
    )
    const client = createRcpClient({ credential: TOKEN })
    await client.discover(`${rest}/rcp/manifest/1`)
    result = (await client.execute({ name: "get_item", arguments: argsOf(42) })).data
    await client.close()
    break
  }
  case "mcp": {
    const { Client } = await import("@modelcontextprotocol/sdk/client/index.js")
    const { StreamableHTTPClientTransport } = await import("@modelcontextprotocol/sdk/client/streamableHttp.js")
    const client = new Client({ name: "bench", version: "1.0.0" })
    await client.connect(new StreamableHTTPClientTransport(new URL(`${mcp}/mcp/1`)))
    await client.listTools()
    const called = await client.callTool({ name: "get_item", arguments: argsOf(42) })
    const content = called.content as ReadonlyArray<{ readonly text?: string }>
    result = JSON.parse(content[0]?.text ?? "null")
    await client.close()
    break
  }
  default:
    throw new Error(`unknown mode ${mode}`)
}
const end = performance.now()
const { name, price } = result as { name?: unknown; price?: unknown }
if (name !== "Item item-42" || price !== 12.5) throw new Error(`${mode} returned ${JSON.stringify(result)}`)
process.stdout.write(`${JSON.stringify({ sinceStartMs: end, workMs: end - start })}\n`)
