/**
 * The sessions of `rcp mcp --search --http` (`mcpSessions.ts`) in process, behind a real
 * `node:http` server on 127.0.0.1 and spoken to by the MCP SDK's own client: each client gets its
 * own server, and closing the scope ends every session (what the command's shutdown does).
 */
import { assert, describe, it } from "@effect/vitest"
import { Client as McpClient } from "@modelcontextprotocol/sdk/client/index.js"
import { StreamableHTTPClientTransport, StreamableHTTPError } from "@modelcontextprotocol/sdk/client/streamableHttp.js"
import { Server } from "@modelcontextprotocol/sdk/server/index.js"
import { ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Scope from "effect/Scope"
import * as http from "node:http"
import type { AddressInfo } from "node:net"
import * as Sessions from "../src/internal/mcpSessions.js"

/** A server whose one tool is named after the order it was made in: which server a client reaches. */
const numbered = () => {
  let made = 0
  return () => {
    const name = `tool_${++made}`
    const server = new Server({ name: "test", version: "1" }, { capabilities: { tools: {} } })
    server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: [{ name, inputSchema: { type: "object" as const } }] }))
    return server
  }
}

const listening = async (handle: Sessions.Sessions["handle"]) => {
  const server = http.createServer((req, res) => void handle(req, res))
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  return { server, url: new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`) }
}

const connect = async (url: URL) => {
  const host = new McpClient({ name: "test-host", version: "1.0.0" })
  const transport = new StreamableHTTPClientTransport(url)
  await host.connect(transport)
  return { host, transport }
}

const names = async (host: McpClient) => (await host.listTools()).tools.map((tool) => tool.name)

describe("mcpSessions", () => {
  it("a server per client, kept across requests; closing the scope ends every session and takes no new one", async () => {
    const scope = Effect.runSync(Scope.make())
    const sessions = await Effect.runPromise(Scope.extend(Sessions.make(numbered(), { max: 2, idleSeconds: 60 }), scope))
    const { server, url } = await listening(sessions.handle)
    try {
      const first = await connect(url)
      const second = await connect(url)
      assert.strictEqual(sessions.size(), 2)
      assert.deepStrictEqual([await names(first.host), await names(second.host), await names(first.host)], [["tool_1"], ["tool_2"], ["tool_1"]])
      const third = await connect(url).then(() => undefined, (error: unknown) => error as StreamableHTTPError)
      assert.strictEqual(third?.code, 503)
      assert.include(third?.message, "at most 2")

      await Effect.runPromise(Scope.close(scope, Exit.void))
      assert.strictEqual(sessions.size(), 0)
      // The ended session's id is served no more, and no new session is taken.
      const again = await names(first.host).then(() => undefined, (error: unknown) => error as StreamableHTTPError)
      assert.strictEqual(again?.code, 404)
      const late = await connect(url).then(() => undefined, (error: unknown) => error as StreamableHTTPError)
      assert.strictEqual(late?.code, 503)
      assert.include(late?.message, "shutting down")
      await first.host.close()
      await second.host.close()
    } finally {
      await Effect.runPromise(Scope.close(scope, Exit.void))
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    }
  })

  it("a POST without a session that is not an initialize holds no slot", async () => {
    const scope = Effect.runSync(Scope.make())
    const sessions = await Effect.runPromise(Scope.extend(Sessions.make(numbered(), { max: 1, idleSeconds: 60 }), scope))
    const { server, url } = await listening(sessions.handle)
    try {
      const stray = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" })
      })
      assert.strictEqual(stray.status, 400)
      await stray.body?.cancel()
      const get = await fetch(url, { headers: { accept: "text/event-stream" } })
      assert.strictEqual(get.status, 400)
      await get.body?.cancel()
      const host = await connect(url)
      assert.deepStrictEqual(await names(host.host), ["tool_2"])
      assert.strictEqual(sessions.size(), 1)
      await host.host.close()
    } finally {
      await Effect.runPromise(Scope.close(scope, Exit.void))
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    }
  })
})
