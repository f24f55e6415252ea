/**
 * `rcp mcp --search` as a host runs it: the built `dist/bin.js` on stdio and on Streamable HTTP
 * (`--http`, a session per MCP client), spoken to by the MCP SDK's own clients; the REST API behind
 * it is a real server on 127.0.0.1. The host first sees `search_tools` alone, is told
 * `tools/list_changed` after a search, then sees and calls the tool it found — with the `--set`
 * value and the credential filled in by the bridge.
 */
import { assert, describe, it, vi } from "@effect/vitest"
import { Client as McpClient } from "@modelcontextprotocol/sdk/client/index.js"
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js"
import { StreamableHTTPClientTransport, StreamableHTTPError } from "@modelcontextprotocol/sdk/client/streamableHttp.js"
import { ToolListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js"
import { type ChildProcess, spawn } from "node:child_process"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { type NotesApi, startNotesApi, TOKEN } from "../../../test/support/mcpApi.js"
import { servingUrl } from "../../../test/support/process.js"

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

describe("rcp mcp --search --pin --tag", () => {
  it("a pinned tool is listed beside search_tools from the start; --tag leaves a search only the tools carrying one of the tags", async () => {
    const api = await startNotesApi()
    const connect = async (extra: ReadonlyArray<string>) => {
      const host = new McpClient({ name: "test-host", version: "1.0.0" })
      await host.connect(
        new StdioClientTransport({
          command: process.execPath,
          args: [bin, "mcp", api.manifestUrl, "--set", "userId=u-42", "--credential-env", "RCP_TEST_TOKEN", "--search", ...extra],
          env: { ...process.env, RCP_TEST_TOKEN: TOKEN, NO_COLOR: "1" } as Record<string, string>,
          stderr: "pipe"
        })
      )
      return host
    }
    const foundBy = async (host: McpClient) => {
      const found = await host.callTool({ name: "search_tools", arguments: { query: "write a new note", limit: 3 } })
      return (JSON.parse((found.content as Array<{ text: string }>)[0]!.text) as { tools: Array<{ name: string }> }).tools.map((tool) => tool.name)
    }
    const pinned = await connect(["--pin", "get_profile", "--pin", "not_a_tool"])
    const tagged = await connect(["--tag", "no-tool-carries-this"])
    try {
      // A pinned name no tool has is left out, as the bridge's `pinned` does.
      assert.deepStrictEqual((await pinned.listTools()).tools.map((tool) => tool.name), ["search_tools", "get_profile"])
      assert.strictEqual((await foundBy(pinned))[0], "create_note")
      assert.deepStrictEqual(await foundBy(tagged), [])
      assert.deepStrictEqual((await tagged.listTools()).tools.map((tool) => tool.name), ["search_tools"])
      assert.deepStrictEqual(api.calls(), [])
    } finally {
      await Promise.all([pinned.close(), tagged.close()])
      await api.close()
    }
  })
})

const ENV = { ...process.env, RCP_TEST_TOKEN: TOKEN, NO_COLOR: "1" } as Record<string, string>

/** `rcp mcp --search --http 0` (with `extra` arguments), at the address it announces on stderr. */
const startSearchBridge = async (
  api: NotesApi,
  extra: ReadonlyArray<string> = []
): Promise<{ readonly child: ChildProcess; readonly url: URL; readonly stderr: () => string }> => {
  const args = [bin, "mcp", api.manifestUrl, "--set", "userId=u-42", "--credential-env", "RCP_TEST_TOKEN", "--search", "--http", "0", ...extra]
  const child = spawn(process.execPath, args, { env: ENV, stdio: ["ignore", "pipe", "pipe"] })
  const { stderr, url } = await servingUrl(child)
  return { child, url, stderr }
}

const stop = (child: ChildProcess): Promise<number | null> =>
  new Promise((resolve) => {
    child.on("close", (code) => resolve(code))
    child.kill("SIGTERM")
  })

/** An MCP client of the SDK connected to `url`, counting the `tools/list_changed` it is sent. */
const connect = async (url: URL) => {
  const host = new McpClient({ name: "test-host", version: "1.0.0" })
  const transport = new StreamableHTTPClientTransport(url)
  let changed = 0
  host.setNotificationHandler(ToolListChangedNotificationSchema, () => {
    changed++
  })
  await host.connect(transport)
  return { host, transport, changed: () => changed }
}

const names = async (host: McpClient) => (await host.listTools()).tools.map((tool) => tool.name)

/** The error an MCP client's connect failed with (the HTTP status and the server's text). */
const refusal = (url: URL) =>
  connect(url).then(
    () => assert.fail("connected past the cap"),
    (error: unknown) => error as StreamableHTTPError
  )

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe("rcp mcp --search --http (a session per MCP client)", () => {
  it("what a search found is listed and callable on the client's next requests, and only that client's", async () => {
    const api = await startNotesApi()
    const { child, url } = await startSearchBridge(api)
    try {
      const first = await connect(url)
      const second = await connect(url)
      assert.deepStrictEqual(await names(first.host), ["search_tools"])
      const found = await first.host.callTool({ name: "search_tools", arguments: { query: "write a new note", limit: 3 } })
      assert.notStrictEqual(found.isError, true)
      const foundNames = (JSON.parse((found.content as Array<{ text: string }>)[0]!.text) as { tools: Array<{ name: string }> }).tools
        .map((tool) => tool.name)
      assert.strictEqual(foundNames[0], "create_note")
      // Sent on the call's own response stream, before its result.
      assert.strictEqual(first.changed(), 1)
      // The next POST is the same session: the found tools are still listed, and run.
      assert.deepStrictEqual(await names(first.host), ["search_tools", ...foundNames])
      const created = await first.host.callTool({ name: "create_note", arguments: { text: "hello" } })
      assert.notStrictEqual(created.isError, true)
      assert.strictEqual(JSON.parse((created.content as Array<{ text: string }>)[0]!.text).path, "/users/u-42/notes")
      assert.deepStrictEqual(api.calls().map((c) => `${c.method} ${c.target} ${c.authorization} ${c.body}`), [
        `POST /users/u-42/notes Bearer ${TOKEN} {"text":"hello"}`
      ])
      // The other client searched nothing: it sees search_tools alone, and the found tool is refused before any request.
      assert.deepStrictEqual(await names(second.host), ["search_tools"])
      assert.strictEqual(second.changed(), 0)
      const refused = await second.host.callTool({ name: "create_note", arguments: { text: "leak" } })
      assert.strictEqual(refused.isError, true)
      assert.strictEqual(api.calls().length, 1)
      await first.host.close()
      await second.host.close()
    } finally {
      assert.strictEqual(await stop(child), 143)
      await api.close()
    }
  })

  it("--max-sessions: past the cap an initialize is refused with 503 and why; DELETE and the idle timeout free a slot", async () => {
    const api = await startNotesApi()
    const { child, url } = await startSearchBridge(api, ["--max-sessions", "1", "--session-idle", "1"])
    try {
      const first = await connect(url)
      const refused = await refusal(url)
      assert.instanceOf(refused, StreamableHTTPError)
      assert.strictEqual(refused.code, 503)
      assert.include(refused.message, "Too many sessions: this bridge holds at most 1 (--max-sessions)")
      // The session refused nothing of its own: it still answers.
      assert.deepStrictEqual(await names(first.host), ["search_tools"])
      // DELETE (the SDK client's terminateSession) ends it at once: a new client gets the slot.
      await first.transport.terminateSession()
      await first.host.close()
      const second = await connect(url)
      assert.deepStrictEqual(await names(second.host), ["search_tools"])
      // A client that goes without DELETE: its session ends once idle (nothing open for 1 s)...
      const gone = second.transport.sessionId!
      await second.host.close()
      let next: Awaited<ReturnType<typeof connect>> | undefined
      for (let i = 0; i < 100 && next === undefined; i++) {
        await sleep(100)
        next = await connect(url).catch(() => undefined)
      }
      assert.isDefined(next)
      // ...and its id is no longer served.
      const stale = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-session-id": gone },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" })
      })
      assert.strictEqual(stale.status, 404)
      assert.include(((await stale.json()) as { error: { message: string } }).error.message, "Session not found")
      await next!.host.close()
    } finally {
      assert.strictEqual(await stop(child), 143)
      await api.close()
    }
  })

  it("shutdown ends every session: SIGTERM with two clients' streams open exits at once", async () => {
    const api = await startNotesApi()
    const { child, url } = await startSearchBridge(api)
    const clients = [await connect(url), await connect(url)]
    try {
      for (const client of clients) assert.deepStrictEqual(await names(client.host), ["search_tools"])
      const started = Date.now()
      assert.strictEqual(await stop(child), 143)
      assert.isBelow(Date.now() - started, 10_000)
    } finally {
      for (const client of clients) await client.host.close()
      await api.close()
    }
  })
})
