/**
 * `rcp mcp --search` as a host runs it: the built `dist/bin.js` on stdio, spoken to by the MCP
 * SDK's own client; the REST API behind it is a real server on 127.0.0.1. The host first sees
 * `search_tools` alone, is told `tools/list_changed` after a search, then sees and calls the tool
 * it found — with the `--set` value and the credential filled in by the bridge.
 */
import { assert, describe, it, vi } from "@effect/vitest"
import { Client as McpClient } from "@modelcontextprotocol/sdk/client/index.js"
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js"
import { ToolListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { startNotesApi, TOKEN } from "../../../test/support/mcpApi.js"

const bin = join(fileURLToPath(new URL("..", import.meta.url)), "dist", "bin.js")

vi.setConfig({ testTimeout: 120_000 })

describe("rcp mcp --search", () => {
  it("search_tools first; a search lists what it found (tools/list_changed); the found tool runs with --set and the credential", async () => {
    const api = await startNotesApi()
    const host = new McpClient({ name: "test-host", version: "1.0.0" })
    let changed = 0
    host.setNotificationHandler(ToolListChangedNotificationSchema, () => {
      changed++
    })
    try {
      await host.connect(
        new StdioClientTransport({
          command: process.execPath,
          args: [bin, "mcp", api.manifestUrl, "--set", "userId=u-42", "--credential-env", "RCP_TEST_TOKEN", "--search"],
          env: { ...process.env, RCP_TEST_TOKEN: TOKEN, NO_COLOR: "1" } as Record<string, string>,
          stderr: "pipe"
        })
      )
      assert.deepStrictEqual((await host.listTools()).tools.map((tool) => tool.name), ["search_tools"])
      const found = await host.callTool({ name: "search_tools", arguments: { query: "write a new note", limit: 3 } })
      assert.notStrictEqual(found.isError, true)
      // search_tools declares no outputSchema: its answer is the text, no structuredContent.
      assert.strictEqual(found.structuredContent, undefined)
      const names = (JSON.parse((found.content as Array<{ text: string }>)[0]!.text) as { tools: Array<{ name: string }> }).tools.map((tool) => tool.name)
      assert.strictEqual(names[0], "create_note")
      for (let i = 0; i < 50 && changed === 0; i++) await new Promise((resolve) => setTimeout(resolve, 20))
      assert.strictEqual(changed, 1)
      assert.deepStrictEqual((await host.listTools()).tools.map((tool) => tool.name), ["search_tools", ...names])
      const created = await host.callTool({ name: "create_note", arguments: { text: "hello" } })
      assert.strictEqual(JSON.parse((created.content as Array<{ text: string }>)[0]!.text).path, "/users/u-42/notes")
      assert.deepStrictEqual(api.calls().map((c) => `${c.method} ${c.target} ${c.authorization} ${c.body}`), [
        `POST /users/u-42/notes Bearer ${TOKEN} {"text":"hello"}`
      ])
    } finally {
      await host.close()
      await api.close()
    }
  })
})
