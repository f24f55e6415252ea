/**
 * The MCP contender's server, in its own process on 127.0.0.1: the path a user takes today — an
 * `McpServer` over Streamable HTTP (stateful sessions, the SDK's defaults) whose tool calls the
 * same REST endpoint with `fetch` and returns the two picked fields as JSON text.
 *
 * - `/mcp/1` → a session whose server has the one tool `get_item`
 * - `/mcp/N` → a session whose server has N tools of the same shape (for `listTools`)
 *
 * Usage: `node mcpServer.js <rest origin>`. Prints `{"port":N}`; exits when its stdin closes.
 */
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js"
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js"
import { randomUUID } from "node:crypto"
import * as http from "node:http"
import type { AddressInfo } from "node:net"
import * as z from "zod"
import { exitWhenParentLeaves, TOKEN, toolName } from "./common.js"

const restOrigin = process.argv[2]
if (restOrigin === undefined) throw new Error("usage: mcpServer.js <rest origin>")

const inputSchema = {
  id: z.string().describe("the item's id, e.g. item-42"),
  lang: z.string().describe("the language of the item's texts (en, fr, de)")
}

const getItem = async ({ id, lang }: { id: string; lang: string }) => {
  const response = await fetch(`${restOrigin}/items/${encodeURIComponent(id)}?${new URLSearchParams({ lang })}`, {
    headers: { authorization: `Bearer ${TOKEN}`, accept: "application/json" }
  })
  if (!response.ok) throw new Error(`the API answered ${response.status}`)
  const body = (await response.json()) as { name: string; price: number }
  return { content: [{ type: "text" as const, text: JSON.stringify({ name: body.name, price: body.price }) }] }
}

const makeServer = (tools: number): McpServer => {
  const server = new McpServer({ name: "bench-items", version: "1.0.0" })
  for (let i = 0; i < tools; i++) {
    server.registerTool(tools === 1 ? "get_item" : toolName(i), {
      description: "Get one catalogue item by its id, with its name and price.",
      inputSchema
    }, getItem)
  }
  return server
}

const sessions = new Map<string, StreamableHTTPServerTransport>()

const httpServer = http.createServer(async (request, response) => {
  try {
    const tools = Number(new URL(request.url ?? "/", "http://127.0.0.1").pathname.split("/")[2])
    const sessionId = request.headers["mcp-session-id"]
    if (typeof sessionId === "string") {
      const transport = sessions.get(sessionId)
      if (transport === undefined) {
        response.writeHead(404).end()
        return
      }
      return await transport.handleRequest(request, response)
    }
    if (request.method !== "POST" || !Number.isInteger(tools) || tools < 1) {
      response.writeHead(400).end()
      return
    }
    // A request without a session: the initialize request of a new session.
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        sessions.set(id, transport)
      }
    })
    transport.onclose = () => {
      if (transport.sessionId !== undefined) sessions.delete(transport.sessionId)
    }
    await makeServer(tools).connect(transport)
    await transport.handleRequest(request, response)
  } catch (error) {
    process.stderr.write(`mcpServer: ${String(error)}\n`)
    if (!response.headersSent) response.writeHead(500)
    response.end()
  }
})

httpServer.keepAliveTimeout = 60_000
httpServer.headersTimeout = 61_000

httpServer.listen(0, "127.0.0.1", () => {
  process.stdout.write(`${JSON.stringify({ port: (httpServer.address() as AddressInfo).port })}\n`)
})
exitWhenParentLeaves(() => httpServer.close())
