/**
 * `rcp mcp` as an MCP host runs it: the built `dist/bin.js` in a child process, driven by the MCP
 * SDK's own `Client` over `StdioClientTransport` and `StreamableHTTPClientTransport`, against a
 * REST API on 127.0.0.1 — asserting on what that API received (and never received), on stdout
 * carrying nothing but protocol messages, and on how the process ends. Timeouts are generous: the
 * machine running these may be loaded.
 */
import { assert, describe, it, vi } from "@effect/vitest"
import { Client as McpClient } from "@modelcontextprotocol/sdk/client/index.js"
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js"
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js"
import { ToolListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js"
import { type ChildProcess, spawn } from "node:child_process"
import * as http from "node:http"
import * as net from "node:net"
import * as fc from "fast-check"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { type NotesApi, notesManifest, startNotesApi, TOKEN } from "../../../test/support/mcpApi.js"
import { runProcess, servingUrl } from "../../../test/support/process.js"
import { json, startServer } from "../../../test/support/server.js"

const bin = join(fileURLToPath(new URL("..", import.meta.url)), "dist", "bin.js")

vi.setConfig({ testTimeout: 120_000 })

const ENV = { ...process.env, RCP_TEST_TOKEN: TOKEN, NO_COLOR: "1" } as Record<string, string>

const bridgeArgs = (api: NotesApi, extra: ReadonlyArray<string> = []) => [
  bin,
  "mcp",
  api.manifestUrl,
  "--set",
  "userId=u-42",
  "--credential-env",
  "RCP_TEST_TOKEN",
  "--timeout-ms",
  "1500",
  ...extra
]

/** `rcp mcp` on stdio spoken to as raw JSON-RPC lines, already sent `initialize`. */
const rawSession = (api: NotesApi) => {
  const child = spawn(process.execPath, bridgeArgs(api), { env: ENV, stdio: ["pipe", "pipe", "pipe"] })
  let stdout = ""
  let stderr = ""
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()))
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()))
  const send = (message: unknown) => child.stdin.write(`${JSON.stringify(message)}\n`)
  send({
    jsonrpc: "2.0",
    id: 1,
    method: "initialize",
    params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } }
  })
  return { child, send, stdout: () => stdout, stderr: () => stderr }
}

const textOf = (result: Awaited<ReturnType<McpClient["callTool"]>>): string =>
  (result.content as Array<{ text: string }>)[0]!.text

const withApi = async (f: (api: NotesApi) => Promise<void>) => {
  const api = await startNotesApi()
  try {
    await f(api)
  } finally {
    await api.close()
  }
}

/** The conversation every transport must hold the same way. */
const converse = async (host: McpClient, api: NotesApi) => {
  const { tools } = await host.listTools()
  assert.deepStrictEqual(tools.find((t) => t.name === "get_profile")!.inputSchema.properties, {})
  assert.deepStrictEqual(tools.find((t) => t.name === "delete_note")!.annotations, {
    readOnlyHint: false,
    destructiveHint: true,
    idempotentHint: true
  })

  const profile = await host.callTool({ name: "get_profile", arguments: {} })
  assert.isUndefined(profile.isError)
  assert.deepStrictEqual(JSON.parse(textOf(profile)), { method: "GET", path: "/users/u-42", body: null })
  // No outputSchema, no structuredContent: a host would hand it to the model past the budget.
  assert.isUndefined(profile.structuredContent)

  const bad = await host.callTool({ name: "search", arguments: { q: 5 } })
  assert.strictEqual(bad.isError, true)
  assert.strictEqual(textOf(bad), "invalid arguments for tool \"search\":\n- \"q\" must be a string, got a number")

  // The host's model names the resolver-bound param itself: refused, and the API never sees "admin".
  const spoofed = await host.callTool({ name: "get_profile", arguments: { userId: "admin" } })
  assert.strictEqual(spoofed.isError, true)
  assert.match(textOf(spoofed), /^invalid arguments for tool "get_profile":\n- "userId" /)

  const broken = await host.callTool({ name: "broken", arguments: {} })
  assert.strictEqual(textOf(broken), "The tool \"broken\" failed on the server (HTTP 500). You may retry later.")

  assert.deepStrictEqual(api.calls(), [
    { method: "GET", target: "/users/u-42", authorization: `Bearer ${TOKEN}`, body: "" },
    { method: "GET", target: "/broken", authorization: `Bearer ${TOKEN}`, body: "" }
  ])
  assert.notInclude(JSON.stringify(api.requests.map((r) => r.target)), "admin")
  // Nothing a host sees carries the credential.
  assert.notInclude(JSON.stringify([tools, profile, bad, spoofed, broken]), TOKEN)
}

describe("rcp mcp over stdio (the SDK's StdioClientTransport)", () => {
  it("lists, calls, refuses bad and spoofed arguments, reports 5xx as a tool error; the credential stays in the bridge", () =>
    withApi(async (api) => {
      const transport = new StdioClientTransport({ command: process.execPath, args: bridgeArgs(api), env: ENV, stderr: "pipe" })
      let stderr = ""
      transport.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()))
      const host = new McpClient({ name: "test-host", version: "1.0.0" })
      await host.connect(transport)
      try {
        await converse(host, api)
      } finally {
        await host.close()
      }
      // The operator sees the 5xx on stderr (without the credential); the model saw only the safe text.
      assert.match(stderr, /^rcp: HttpError: .*500/m)
      assert.notInclude(stderr, TOKEN)
    }))

  it("a hanging API: the call returns the timeout tool error within the configured timeout", () =>
    withApi(async (api) => {
      const transport = new StdioClientTransport({ command: process.execPath, args: bridgeArgs(api), env: ENV, stderr: "pipe" })
      const host = new McpClient({ name: "test-host", version: "1.0.0" })
      await host.connect(transport)
      try {
        const started = Date.now()
        const result = await host.callTool({ name: "slow", arguments: {} })
        const elapsed = Date.now() - started
        assert.strictEqual(result.isError, true)
        assert.strictEqual(textOf(result), "The tool \"slow\" timed out.")
        // --timeout-ms 1500: not before its time (a lower bound a loaded machine cannot break). The
        // text above is the bridge's own tool error: the SDK's 60 s request timeout would be an MCP error.
        assert.isAtLeast(elapsed, 1400)
      } finally {
        await host.close()
      }
    }))

  it("stdout carries only JSON-RPC; closing stdin ends the process with 0", () =>
    withApi(async (api) => {
      const { child, send, stdout, stderr } = rawSession(api)
      send({ jsonrpc: "2.0", method: "notifications/initialized" })
      send({ jsonrpc: "2.0", id: 2, method: "tools/list" })
      send({ jsonrpc: "2.0", id: 3, method: "tools/call", params: { name: "search", arguments: { q: "a b" } } })
      while (stdout().split("\n").filter((line) => line !== "").length < 3) await new Promise((r) => setTimeout(r, 50))
      child.stdin.end()
      const status = await new Promise<number | null>((resolve) => child.on("close", resolve))
      assert.strictEqual(status, 0, stderr())
      const messages = stdout().trim().split("\n").map((line) => JSON.parse(line) as { jsonrpc: string; id: number })
      assert.deepStrictEqual(messages.map((m) => [m.jsonrpc, m.id]), [["2.0", 1], ["2.0", 2], ["2.0", 3]])
      assert.deepStrictEqual(api.calls().map((c) => c.target), ["/search?q=a+b"])
    }))

  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    it(`${signal} during a call waiting to retry: the process ends and the retry is never sent`, () =>
      withApi(async (api) => {
        const { child, send, stdout } = rawSession(api)
        send({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "busy", arguments: {} } })
        // The first attempt got 503 with Retry-After: 2; the bridge now waits to retry.
        while (api.calls().length === 0) await new Promise((r) => setTimeout(r, 50))
        const closed = new Promise<number | null>((resolve) => child.on("close", (_code, sig) => resolve(_code ?? (sig === null ? null : -1))))
        child.kill(signal)
        const status = await closed
        assert.strictEqual(status, signal === "SIGINT" ? 130 : 143)
        await new Promise((r) => setTimeout(r, 3000))
        assert.deepStrictEqual(api.calls().map((c) => c.target), ["/busy"])
        for (const line of stdout().split("\n").filter((l) => l !== "")) JSON.parse(line)
      }))
  }

  it("usage errors: exit 2, one line naming rcp mcp's help", () =>
    withApi(async (api) => {
      const cases = [
        [[], "rcp: rcp mcp needs <url> (see rcp mcp --help)"],
        [["manifest.json"], "rcp: \"manifest.json\" is not an absolute URL; give the manifest's full URL, e.g. https://api.example.com/rcp/manifest (see rcp mcp --help)"],
        [[api.manifestUrl, "--http", "80x"], "rcp: --http takes a port number (0 to 65535; 0 picks a free one) (see rcp mcp --help)"],
        [[api.manifestUrl, "--watch", "0"], "rcp: --watch takes a whole number of seconds (1 to 86400) (see rcp mcp --help)"],
        [[api.manifestUrl, "--set", "userId"], "rcp: --set takes PARAM=VALUE, got \"userId\"… (see rcp mcp --help)"],
        [[api.manifestUrl, "--search", "--http", "0", "--max-sessions", "0"], "rcp: --max-sessions takes a whole number (1 to 100000) (see rcp mcp --help)"],
        [[api.manifestUrl, "--search", "--http", "0", "--session-idle", "1.5"], "rcp: --session-idle takes a whole number of seconds (1 to 86400) (see rcp mcp --help)"],
        [
          [api.manifestUrl, "--http", "0", "--max-sessions", "5"],
          "rcp: --max-sessions and --session-idle bound the sessions of --search --http; give both of those (see rcp mcp --help)"
        ],
        [
          [api.manifestUrl, "--search", "--session-idle", "60"],
          "rcp: --max-sessions and --session-idle bound the sessions of --search --http; give both of those (see rcp mcp --help)"
        ],
        [[api.manifestUrl, "--pin", "get_profile"], "rcp: --pin and --tag shape search mode; give --search with them (see rcp mcp --help)"],
        [[api.manifestUrl, "--tag", "notes"], "rcp: --pin and --tag shape search mode; give --search with them (see rcp mcp --help)"]
      ] as const
      for (const [args, line] of cases) {
        const run = await runProcess(process.execPath, [bin, "mcp", ...args], { env: ENV })
        assert.deepStrictEqual([run.status, run.stdout, run.stderr], [2, "", `${line}\n`])
      }
      assert.deepStrictEqual(api.requests, [])
    }))

  it("a missing credential variable: exit 2 with one line on stderr, before any request", () =>
    withApi(async (api) => {
      const env = { ...ENV }
      delete env.RCP_TEST_TOKEN
      const run = await runProcess(process.execPath, bridgeArgs(api), { env })
      assert.strictEqual(run.status, 2)
      assert.strictEqual(run.stdout, "")
      assert.strictEqual(
        run.stderr,
        "rcp: the environment variable RCP_TEST_TOKEN (from --credential-env) is not set (see rcp mcp --help)\n"
      )
      assert.deepStrictEqual(api.requests, [])
    }))

  it("a manifest that fails discovery (404, or no server at all): non-zero exit, one line on stderr, nothing served", () =>
    withApi(async (api) => {
      const gone = await startNotesApi()
      await gone.close()
      const cases = [[api.url("/missing/manifest"), 1, /^rcp: HttpError: .*404/], [gone.manifestUrl, 3, /^rcp: TransportError: /]] as const
      for (const [url, code, line] of cases) {
        const run = await runProcess(process.execPath, [bin, "mcp", url], { env: ENV })
        assert.strictEqual(run.status, code)
        assert.strictEqual(run.stdout, "")
        assert.strictEqual(run.stderr.split("\n").filter((l) => l !== "").length, 1, run.stderr)
        assert.match(run.stderr, line)
      }
    }))

  it("without @modelcontextprotocol/sdk installed: one line saying what to install", async () => {
    const blocker = "data:text/javascript," + encodeURIComponent(`
      import { register } from "node:module"
      register("data:text/javascript," + encodeURIComponent(\`
        export async function resolve(specifier, context, next) {
          if (specifier.startsWith("@modelcontextprotocol/")) {
            const error = new Error("Cannot find package '" + specifier + "'")
            error.code = "ERR_MODULE_NOT_FOUND"
            throw error
          }
          return next(specifier, context)
        }\`))`)
    const run = await runProcess(process.execPath, ["--import", blocker, bin, "mcp", "http://127.0.0.1:9/rcp/manifest"], {
      env: ENV
    })
    assert.strictEqual(run.status, 1)
    assert.strictEqual(run.stdout, "")
    assert.strictEqual(
      run.stderr,
      "rcp: rcp mcp needs @modelcontextprotocol/sdk, a dependency of @rcp-sdk/cli missing here: npm i @modelcontextprotocol/sdk (or npx -y @rcp-sdk/cli mcp …)\n"
    )
  })
})

describe("rcp mcp --watch", () => {
  it("re-discovers: a changed manifest reaches the stdio host as tools/list_changed, then in tools/list", async () => {
    let extra: ReadonlyArray<unknown> = []
    const api = await startServer((_req, res) => {
      const manifest = notesManifest(api.origin)
      return json(res, 200, { ...manifest, tools: [...manifest.tools.slice(0, 2), ...extra] })
    })
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [bin, "mcp", api.url("/rcp/manifest"), "--watch", "1"],
      env: ENV,
      stderr: "pipe"
    })
    const host = new McpClient({ name: "test-host", version: "1.0.0" })
    let notified: () => void = () => {}
    const changed = new Promise<void>((resolve) => (notified = resolve))
    host.setNotificationHandler(ToolListChangedNotificationSchema, async () => notified())
    try {
      await host.connect(transport)
      assert.deepStrictEqual((await host.listTools()).tools.map((t) => t.name), ["get_profile", "search"])
      extra = [{ name: "archive", description: "Archive everything.", method: "POST", params: [], url: `${api.origin}/archive` }]
      await changed
      assert.deepStrictEqual((await host.listTools()).tools.map((t) => t.name), ["get_profile", "search", "archive"])
    } finally {
      await host.close()
      await api.close()
    }
  })
})

/** Starts `rcp mcp --http 0` (with `extra` arguments) and reads the address it announces on stderr. */
const startHttpBridge = async (
  api: NotesApi,
  extra: ReadonlyArray<string> = []
): Promise<{ readonly child: ChildProcess; readonly url: URL }> => {
  const child = spawn(process.execPath, bridgeArgs(api, ["--http", "0", ...extra]), { env: ENV, stdio: ["ignore", "pipe", "pipe"] })
  let stdout = ""
  child.stdout!.on("data", (chunk: Buffer) => (stdout += chunk.toString()))
  const { url } = await servingUrl(child)
  child.on("close", () => assert.strictEqual(stdout, ""))
  return { child, url }
}

const stop = (child: ChildProcess, signal: NodeJS.Signals): Promise<number | null> =>
  new Promise((resolve) => {
    child.on("close", (code) => resolve(code))
    child.kill(signal)
  })

describe("rcp mcp --http (the SDK's StreamableHTTPClientTransport)", () => {
  it("the same conversation over Streamable HTTP on loopback; SIGINT ends it", () =>
    withApi(async (api) => {
      const { child, url } = await startHttpBridge(api)
      try {
        const host = new McpClient({ name: "test-host", version: "1.0.0" })
        await host.connect(new StreamableHTTPClientTransport(url))
        await converse(host, api)
        await host.close()
      } finally {
        assert.strictEqual(await stop(child, "SIGINT"), 130)
      }
    }))

  it("refuses a request addressed to another host name (DNS rebinding) and paths other than /mcp", () =>
    withApi(async (api) => {
      const { child, url } = await startHttpBridge(api)
      const statusOf = (path: string, host: string) =>
        new Promise<number>((resolve, reject) => {
          const req = http.request({ host: "127.0.0.1", port: url.port, path, method: "POST", headers: { host, "content-type": "application/json" } }, (res) => {
            res.resume()
            resolve(res.statusCode!)
          })
          req.on("error", reject)
          req.end("{}")
        })
      try {
        assert.strictEqual(await statusOf("/mcp", `evil.example:${url.port}`), 403)
        assert.strictEqual(await statusOf("/other", `127.0.0.1:${url.port}`), 404)
        assert.deepStrictEqual(api.calls(), [])
      } finally {
        assert.strictEqual(await stop(child, "SIGTERM"), 143)
      }
    }))

  describe("answers only its own host and origin (#29)", () => {
    const INITIALIZE = JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } }
    })
    /** The status of an MCP `initialize` POSTed to 127.0.0.1:`port` with these headers. */
    const statusOf = (port: string, headers: Record<string, string>, path = "/mcp", address = "127.0.0.1") =>
      new Promise<number>((resolve, reject) => {
        const req = http.request({
          host: address,
          port,
          path,
          method: "POST",
          headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers }
        }, (res) => {
          res.resume()
          resolve(res.statusCode!)
        })
        req.on("error", reject)
        req.end(INITIALIZE)
      })

    it("bound to 127.0.0.2: a rebound Host is refused, its own address served", () =>
      withApi(async (api) => {
        const { child, url } = await startHttpBridge(api, ["--host", "127.0.0.2"])
        try {
          assert.strictEqual(url.hostname, "127.0.0.2")
          assert.strictEqual(await statusOf(url.port, { host: `attacker.example:${url.port}` }, "/mcp", "127.0.0.2"), 403)
          assert.strictEqual(await statusOf(url.port, { host: `127.0.0.1:${url.port}` }, "/mcp", "127.0.0.2"), 403)
          assert.strictEqual(await statusOf(url.port, { host: `127.0.0.2:${url.port}` }, "/mcp", "127.0.0.2"), 200)
          assert.deepStrictEqual(api.calls(), [])
        } finally {
          assert.strictEqual(await stop(child, "SIGTERM"), 143)
        }
      }))

    it("bound to 0.0.0.0: the interfaces' addresses and localhost are served, a rebound Host is not; --allowed-host adds a name; Origin checked", () =>
      withApi(async (api) => {
        const { child, url } = await startHttpBridge(api, ["--host", "0.0.0.0", "--allowed-host", "mcp.test"])
        const port = url.port
        try {
          assert.strictEqual(await statusOf(port, { host: `attacker.example:${port}` }), 403)
          assert.strictEqual(await statusOf(port, { host: `127.0.0.1:${port}` }), 200)
          assert.strictEqual(await statusOf(port, { host: `localhost:${port}` }), 200)
          assert.strictEqual(await statusOf(port, { host: "mcp.test" }), 200)
          assert.strictEqual(await statusOf(port, { host: `127.0.0.1:${port}`, origin: `http://127.0.0.1:${port}` }), 200)
          assert.strictEqual(await statusOf(port, { host: `127.0.0.1:${port}`, origin: "https://mcp.test" }), 200)
          assert.strictEqual(await statusOf(port, { host: `127.0.0.1:${port}`, origin: "null" }), 403)
          assert.strictEqual(await statusOf(port, { host: `127.0.0.1:${port}`, origin: "http://attacker.example" }), 403)
          assert.deepStrictEqual(api.calls(), [])
        } finally {
          assert.strictEqual(await stop(child, "SIGTERM"), 143)
        }
      }))

    it("an --allowed-host that is not a host fails before serving, naming it", () =>
      withApi(async (api) => {
        const result = await runProcess(process.execPath, bridgeArgs(api, ["--http", "0", "--allowed-host", "http://x/"]), { env: ENV })
        assert.strictEqual(result.status, 1)
        assert.include(result.stderr, `--allowed-host: allowed host "http://x/" is not HOST or HOST:PORT`)
      }))

    /** Raw bytes to the bridge; what came back (Node's own 400 for what it cannot parse). */
    const raw = (port: string, text: string) =>
      new Promise<string>((resolve) => {
        let out = ""
        const socket = net.connect(Number(port), "127.0.0.1", () => socket.write(text))
        socket.setTimeout(5_000, () => socket.destroy())
        socket.on("data", (chunk: Buffer) => (out += chunk.toString("latin1")))
        socket.on("error", () => resolve(out))
        socket.on("close", () => resolve(out))
      })

    it("a malformed target (//[) and a fuzz of targets and headers never end the process; each request gets an answer", () =>
      withApi(async (api) => {
        const { child, url } = await startHttpBridge(api)
        const port = url.port
        let exited = false
        child.on("exit", () => (exited = true))
        try {
          const first = await raw(port, `POST //[ HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`)
          assert.match(first, /^HTTP\/1\.1 404 /)
          const piece = fc.constantFrom("/", "//", "[", "]", "%", "%zz", "mcp", "?", "#", "*", "http://", "x", ":", "@", "..", "\u00ff", " ")
          const text = fc.array(piece, { maxLength: 6 }).map((parts) => parts.join(""))
          const requests = fc.sample(
            fc.tuple(fc.constantFrom("POST", "GET", "OPTIONS", "DELETE"), text, fc.option(text, { nil: undefined }), fc.option(text, { nil: undefined })),
            { numRuns: 120, seed: 2902 }
          )
          for (const [method, target, host, origin] of requests) {
            const headers = [
              ...(host === undefined ? [] : [`Host: ${host}`]),
              ...(origin === undefined ? [] : [`Origin: ${origin}`]),
              "Connection: close",
              "Content-Length: 0"
            ]
            const answer = await raw(port, `${method} ${target === "" ? "/" : target} HTTP/1.1\r\n${headers.join("\r\n")}\r\n\r\n`)
            assert.match(answer, /^HTTP\/1\.1 (400|403|404|405) /, `${method} ${JSON.stringify(target)} host ${JSON.stringify(host)} origin ${JSON.stringify(origin)}`)
          }
          assert.isFalse(exited)
          assert.strictEqual(await statusOf(port, { host: `127.0.0.1:${port}` }), 200)
          assert.deepStrictEqual(api.calls(), [])
        } finally {
          assert.strictEqual(await stop(child, "SIGTERM"), 143)
        }
      }))
  })
})
