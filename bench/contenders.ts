/**
 * The contenders: one way each to make the same tool call (GET /items/{id}?lang=.., bearer token,
 * keep `name` and `price` of the JSON answer), with the same interface for the harness.
 */
import * as FetchHttpClient from "@effect/platform/FetchHttpClient"
import type * as HttpClient from "@effect/platform/HttpClient"
import * as NodeHttpClient from "@effect/platform-node/NodeHttpClient"
import { Client as McpClient } from "@modelcontextprotocol/sdk/client/index.js"
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js"
import { UtcpClient } from "@utcp/sdk"
import "@utcp/http"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as ManagedRuntime from "effect/ManagedRuntime"
import * as Client from "rcp-sdk/client"
import * as Resolver from "rcp-sdk/resolver"
import { Agent, request } from "undici"
import { spawn } from "node:child_process"
import { argsOf, type Picked, repoRoot, TOKEN } from "./common.js"

/** Where the servers are. */
export interface Origins {
  readonly rest: string
  readonly mcp: string
}

export interface Contender {
  readonly name: string
  /** Calls `from` .. `from + n - 1` one after the other, pushing each call's latency (ms) to `out`. */
  readonly sequential: (from: number, n: number, out: Array<number>) => Promise<void>
  /** Calls `from` .. `from + n - 1` with `concurrency` calls in flight. */
  readonly concurrent: (from: number, n: number, concurrency: number) => Promise<void>
  /** One call's result, to check that every contender returns the same thing. */
  readonly once: (i: number) => Promise<Picked>
  readonly close: () => Promise<void>
}

/** A contender from a promise-returning call. */
const fromPromise = (name: string, call: (i: number) => Promise<Picked>, close: () => Promise<void>): Contender => ({
  name,
  sequential: async (from, n, out) => {
    for (let i = from; i < from + n; i++) {
      const start = performance.now()
      await call(i)
      out.push(performance.now() - start)
    }
  },
  concurrent: async (from, n, concurrency) => {
    let next = from
    const end = from + n
    const worker = async () => {
      while (next < end) await call(next++)
    }
    await Promise.all(Array.from({ length: Math.min(concurrency, n) }, worker))
  },
  once: call,
  close
})

const pickedOf = (body: unknown): Picked => {
  const { name, price } = body as Picked
  return { name, price }
}

const itemUrl = (origin: string, i: number) => {
  const { id, lang } = argsOf(i)
  return `${origin}/items/${encodeURIComponent(id)}?lang=${encodeURIComponent(lang)}`
}

const HEADERS = { authorization: `Bearer ${TOKEN}`, accept: "application/json" }

/** 1. `undici.request`, the floor. */
export const rawUndici = async (origins: Origins): Promise<Contender> =>
  fromPromise("raw undici.request", async (i) => {
    const response = await request(itemUrl(origins.rest, i), { headers: HEADERS })
    if (response.statusCode !== 200) throw new Error(`status ${response.statusCode}`)
    return pickedOf(await response.body.json())
  }, async () => {})

/** 2. The global `fetch` (Node's bundled undici). */
export const rawFetch = async (origins: Origins): Promise<Contender> =>
  fromPromise("raw fetch", async (i) => {
    const response = await fetch(itemUrl(origins.rest, i), { headers: HEADERS })
    if (response.status !== 200) throw new Error(`status ${response.status}`)
    return pickedOf(await response.json())
  }, async () => {})

/**
 * 2b. The floor of any Effect client over undici: the same request through undici's `dispatch`
 * (a minimal handler, the body parsed as JSON) inside one Effect fiber per call
 * (`ManagedRuntime.runPromise`, as a promise API over Effect runs it) — no rcp-sdk at all.
 */
export const effectFloor = async (origins: Origins): Promise<Contender> => {
  const agent = new Agent()
  const runtime = ManagedRuntime.make(Layer.empty)
  const once = (i: number) =>
    Effect.async<Picked, Error>((resume) => {
      const { id, lang } = argsOf(i)
      const chunks: Array<Buffer> = []
      agent.dispatch({
        origin: origins.rest,
        path: `/items/${encodeURIComponent(id)}?lang=${encodeURIComponent(lang)}`,
        method: "GET",
        headers: HEADERS
      }, {
        onRequestStart: () => {},
        onResponseStart: (_controller, status) => {
          if (status !== 200) resume(Effect.fail(new Error(`status ${status}`)))
        },
        onResponseData: (_controller, chunk) => void chunks.push(chunk),
        onResponseEnd: () => resume(Effect.succeed(pickedOf(JSON.parse(Buffer.concat(chunks).toString())))),
        onResponseError: (_controller, error) => resume(Effect.fail(error))
      })
    })
  return fromPromise("floor: undici dispatch in one Effect fiber per call (no rcp-sdk)", (i) => runtime.runPromise(once(i)), async () => {
    await runtime.dispose()
    await agent.close()
  })
}

/** The HTTP clients the Effect API can be given. */
export const httpLayers = {
  fetch: FetchHttpClient.layer,
  undici: NodeHttpClient.layerUndici
} satisfies Record<string, Layer.Layer<HttpClient.HttpClient>>

/** How the Effect client sends: through an `HttpClient` layer, or straight over undici (`layerUndici`). */
export type Mode = keyof typeof httpLayers | "direct"

const modeLabel: Record<Mode, string> = {
  fetch: "Client.layer + FetchHttpClient",
  undici: "Client.layer + NodeHttpClient.layerUndici",
  direct: "Client.layerUndici"
}

/** A runtime built once with the RcpClient in the given mode, the 1-tool manifest discovered. */
export const rcpRuntime = async (origins: Origins, mode: Mode) => {
  const client = mode === "direct"
    ? Client.layerUndici({ credential: TOKEN })
    : Client.layer({ credential: TOKEN }).pipe(Layer.provide(httpLayers[mode]))
  const runtime = ManagedRuntime.make(client.pipe(Layer.provide(Resolver.layerEmpty)))
  await runtime.runPromise(Client.discover(`${origins.rest}/rcp/manifest/1`))
  return runtime
}

const rcpCall = (i: number) =>
  Effect.map(Client.execute({ name: "get_item", arguments: argsOf(i) }), (result) => result.data as Picked)

/** 3. The Effect API: one runtime; each block of calls is one Effect run on it. */
export const rcpEffect = async (origins: Origins, mode: Mode): Promise<Contender> => {
  const runtime = await rcpRuntime(origins, mode)
  return {
    name: `rcp-sdk Effect execute (${modeLabel[mode]})`,
    sequential: (from, n, out) =>
      runtime.runPromise(Effect.gen(function*() {
        for (let i = from; i < from + n; i++) {
          const start = performance.now()
          yield* rcpCall(i)
          out.push(performance.now() - start)
        }
      })),
    concurrent: (from, n, concurrency) =>
      runtime.runPromise(
        Effect.forEach(Array.from({ length: n }, (_, k) => from + k), rcpCall, { concurrency, discard: true })
      ),
    once: (i) => runtime.runPromise(rcpCall(i)),
    close: () => runtime.dispose()
  }
}

/**
 * The client as tsc compiles it, one module per file (bench/build/core, `tsc -p
 * bench/tsconfig.core.json`), beside the package's esbuild bundles: what the bundling step is
 * measured against (bench/RESULTS.md §Bundling).
 */
export const unbundledClient = (): Promise<typeof Client> => import(new URL("./core/Client.js", import.meta.url).href)

/** 4. The promise facade, as a plain TypeScript user has it (its default: undici directly). */
export const rcpPromise = async (origins: Origins, module: typeof Client = Client, label = ""): Promise<Contender> => {
  const client = module.createRcpClient({ credential: TOKEN })
  await client.discover(`${origins.rest}/rcp/manifest/1`)
  return fromPromise(
    `rcp-sdk promise execute (createRcpClient)${label}`,
    async (i) => (await client.execute({ name: "get_item", arguments: argsOf(i) })).data as Picked,
    () => client.close()
  )
}

/** Connects an MCP client to the bench MCP server's session of `tools` tools. */
export const mcpConnect = async (origins: Origins, tools: number): Promise<McpClient> => {
  const client = new McpClient({ name: "bench", version: "1.0.0" })
  await client.connect(new StreamableHTTPClientTransport(new URL(`${origins.mcp}/mcp/${tools}`)))
  return client
}

/** 5. MCP: the SDK client → Streamable HTTP → an MCP server whose tool fetches the REST endpoint. */
export const mcp = async (origins: Origins): Promise<Contender> => {
  const client = await mcpConnect(origins, 1)
  return fromPromise("MCP callTool (Streamable HTTP → server → fetch)", async (i) => {
    const result = await client.callTool({ name: "get_item", arguments: argsOf(i) })
    const content = result.content as ReadonlyArray<{ readonly type: string; readonly text?: string }>
    return pickedOf(JSON.parse(content[0]?.text ?? "null"))
  }, () => client.close())
}

/**
 * 5b. The MCP path rcp offers instead of writing an MCP server: the SDK client → Streamable HTTP →
 * the `rcp mcp --http` bridge (its own process, as a host would run it) → the REST endpoint.
 */
export const mcpBridge = async (origins: Origins): Promise<Contender> => {
  const bridge = spawn(process.execPath, [
    `${repoRoot}packages/cli/dist/bin.js`,
    "mcp",
    `${origins.rest}/rcp/manifest/1`,
    "--credential-env",
    "BENCH_RCP_TOKEN",
    "--http",
    "0"
  ], { env: { ...process.env, BENCH_RCP_TOKEN: TOKEN }, stdio: ["ignore", "ignore", "pipe"] })
  const url = await new Promise<URL>((resolve, reject) => {
    let stderr = ""
    bridge.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString()
      const match = /serving at (\S+)/.exec(stderr)
      if (match !== null) resolve(new URL(match[1]!))
    })
    bridge.once("exit", (code) => reject(new Error(`rcp mcp exited (${code}): ${stderr}`)))
  })
  const client = new McpClient({ name: "bench", version: "1.0.0" })
  await client.connect(new StreamableHTTPClientTransport(url))
  return fromPromise("MCP callTool (Streamable HTTP → rcp mcp bridge → REST)", async (i) => {
    const result = await client.callTool({ name: "get_item", arguments: argsOf(i) })
    const content = result.content as ReadonlyArray<{ readonly type: string; readonly text?: string }>
    return pickedOf(JSON.parse(content[0]?.text ?? "null"))
  }, async () => {
    await client.close()
    await new Promise<void>((done) => {
      bridge.once("exit", () => done())
      bridge.kill("SIGTERM")
    })
  })
}

/** Creates a UTCP client that registered the manual at `/utcp/<tools>` (the token as a UTCP variable). */
export const utcpConnect = (origins: Origins, tools: number): Promise<UtcpClient> =>
  UtcpClient.create(process.cwd(), {
    variables: { bench_TOKEN: TOKEN },
    manual_call_templates: [{
      name: "bench",
      call_template_type: "http",
      http_method: "GET",
      url: `${origins.rest}/utcp/${tools}`
    }]
  } as unknown as Parameters<typeof UtcpClient.create>[1])

/** 6. UTCP: `@utcp/sdk` + `@utcp/http` (axios), the tool from a UTCP manual. */
export const utcp = async (origins: Origins): Promise<Contender> => {
  const client = await utcpConnect(origins, 1)
  return fromPromise(
    "UTCP callTool (@utcp/http, axios)",
    async (i) => pickedOf(await client.callTool("bench.get_item", argsOf(i))),
    () => client.close()
  )
}

/** Every contender, in table order; raw undici first (the ratios' denominator). */
export const all = async (origins: Origins): Promise<Array<Contender>> => [
  await rawUndici(origins),
  await rawFetch(origins),
  await effectFloor(origins),
  await rcpEffect(origins, "fetch"),
  await rcpEffect(origins, "undici"),
  await rcpEffect(origins, "direct"),
  await rcpPromise(origins),
  await rcpPromise(origins, await unbundledClient(), ", tsc's modules unbundled"),
  await mcp(origins),
  await mcpBridge(origins),
  await utcp(origins)
]
