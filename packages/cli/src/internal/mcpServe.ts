/**
 * `rcp mcp`'s serving half: the bridge on stdio, or on Streamable HTTP at `/mcp`. It imports the
 * MCP SDK, so `mcp.ts` loads it with a dynamic `import()` — every other command never does. Nothing here writes to stdout but the stdio transport.
 */
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js"
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js"
import * as Mcp from "@rcp-sdk/mcp"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Schedule from "effect/Schedule"
import type * as Scope from "effect/Scope"
import * as http from "node:http"
import type { AddressInfo } from "node:net"
import type * as Client from "rcp-sdk/client"
import { CliError } from "./errors.js"
import * as Sessions from "./mcpSessions.js"

/** @internal */
export interface HttpAddress {
  readonly port: number
  readonly host: string
  /** `--allowed-host`: names the bridge answers to besides the addresses it listens on. */
  readonly allowedHosts: ReadonlyArray<string>
}

/** @internal */
export interface ServeOptions {
  /** The resolvers' context of a call, read per call (`--watch` may bring a new manifest): the process is one user's. */
  readonly context: () => unknown
  /**
   * `--watch`: re-discover every `seconds`; `refresh` succeeds with whether the tools changed. Over
   * stdio, and over the sessions of `--search --http`, the host is then told
   * (`notifications/tools/list_changed`); stateless HTTP has no stream to tell it on, and its next
   * `tools/list` reads the new tools anyway.
   */
  readonly watch: { readonly seconds: number; readonly refresh: Effect.Effect<boolean, never, Client.RcpClient> } | undefined
  /** Streamable HTTP on this address; stdio when absent. */
  readonly http: HttpAddress | undefined
  /**
   * Search mode (`--search`, docs/big-apis.md): `search_tools` and what each connection found.
   * Over HTTP it is served with sessions (`mcpSessions.ts`), bounded by `sessions`.
   */
  readonly search?: Mcp.SearchOption | undefined
  /** The bounds of the sessions of `--search --http`; each one absent is `Sessions.DEFAULT_SESSION_LIMITS`'. */
  readonly sessions?: { readonly [K in keyof Sessions.SessionLimits]?: number | undefined } | undefined
  /** Where operator errors and the serving line go (stderr). */
  readonly diagnostic: (line: string) => Effect.Effect<void>
  readonly onError: (error: Mcp.BridgeError) => Effect.Effect<void>
}

/**
 * Serves until the host closes stdin (stdio) or the fiber is interrupted (SIGINT, SIGTERM). The
 * bridge's scope ends every call in flight when it closes, before the client's agent goes.
 *
 * @internal
 */
export const serve = (options: ServeOptions): Effect.Effect<number, CliError, Client.RcpClient | Scope.Scope> =>
  Effect.gen(function*() {
    const bridge = yield* Mcp.make({ context: () => Effect.sync(options.context), onError: options.onError, search: options.search })
    return yield* options.http === undefined ? serveStdio(bridge, options) : serveHttp(bridge, options.http, options)
  })

/** Re-discovers on the schedule, for as long as the scope lives; `changed` runs when the tools did. */
const watching = (
  watch: ServeOptions["watch"],
  changed: Effect.Effect<void>
): Effect.Effect<void, never, Client.RcpClient | Scope.Scope> =>
  watch === undefined ? Effect.void : watch.refresh.pipe(
    Effect.flatMap((different) => (different ? changed : Effect.void)),
    Effect.repeat(Schedule.spaced(Duration.seconds(watch.seconds))),
    Effect.delay(Duration.seconds(watch.seconds)),
    Effect.forkScoped,
    Effect.asVoid
  )

const serveStdio = (bridge: Mcp.Bridge, options: ServeOptions): Effect.Effect<number, never, Client.RcpClient | Scope.Scope> =>
  Effect.gen(function*() {
    const server = bridge.server()
    yield* Effect.acquireRelease(
      Effect.promise(() => server.connect(new StdioServerTransport())),
      () => Effect.promise(() => server.close())
    )
    // A host that has gone cannot be told; the next tools/list of one that has not reads the change anyway.
    yield* watching(options.watch, Effect.promise(() => server.sendToolListChanged().catch(() => undefined)))
    yield* options.diagnostic("rcp mcp: serving on stdio")
    // The host closed stdin, or the transport gave up on it (a message over the SDK's size cap).
    yield* Effect.async<void>((resume) => {
      const ended = () => resume(Effect.void)
      process.stdin.once("end", ended)
      server.onclose = ended
      return Effect.sync(() => void process.stdin.off("end", ended))
    })
    return 0
  })

/**
 * The path of an origin-form request target (`/mcp?x`), or undefined for any other form — `*`,
 * an absolute URL, `//host…`, `//[` — read without a parser that could throw.
 *
 * @internal
 */
export const pathOf = (target: string | undefined): string | undefined => {
  if (target === undefined || !target.startsWith("/") || target.startsWith("//")) return undefined
  const end = target.search(/[?#]/)
  return end < 0 ? target : target.slice(0, end)
}

/**
 * The endpoint: `guard` (the host and origin check, `Mcp.requestGuard`) runs first, so a web page
 * cannot reach the bridge through a DNS name rebound to its address; then the path; then `serve`.
 * Everything runs inside one error boundary, so no request can end the process with an unhandled
 * rejection.
 */
const handler = (
  guard: (headers: Mcp.RequestHeaders) => Mcp.Refusal | undefined,
  serve: (req: http.IncomingMessage, res: http.ServerResponse) => Promise<void>
) =>
async (req: http.IncomingMessage, res: http.ServerResponse) => {
  try {
    const refusal = guard(req.headers)
    if (refusal !== undefined) return Sessions.refuse(res, refusal.status, refusal.message)
    if (pathOf(req.url) !== "/mcp") return Sessions.refuse(res, 404, "Not found: the endpoint is /mcp.")
    await serve(req, res)
  } catch {
    if (!res.headersSent) Sessions.refuse(res, 500, "Internal error.")
    else res.destroy()
  }
}

/**
 * Stateless Streamable HTTP (without `--search`): a new server and transport per POST. No session
 * state, so memory does not grow with clients, no cap can turn a host away, and each request's
 * `extra` is its own; a `tools/list` reads the tools of the moment, which is all a host needs.
 */
const stateless = (bridge: Mcp.Bridge) => async (req: http.IncomingMessage, res: http.ServerResponse) => {
  if (req.method !== "POST") return Sessions.refuse(res, 405, "Method not allowed: this server is stateless (POST only).")
  const server = bridge.server()
  const transport = new StreamableHTTPServerTransport({})
  res.on("close", () => void server.close())
  await server.connect(transport)
  await transport.handleRequest(req, res)
}

const serveHttp = (
  bridge: Mcp.Bridge,
  address: HttpAddress,
  options: ServeOptions
): Effect.Effect<number, CliError, Client.RcpClient | Scope.Scope> =>
  Effect.gen(function*() {
    const server = yield* Effect.acquireRelease(
      Effect.async<http.Server, CliError>((resume) => {
        const server = http.createServer()
        server.once("error", (error: NodeJS.ErrnoException) =>
          resume(Effect.fail(new CliError({ message: `cannot listen on ${address.host}:${address.port} (${error.code ?? "error"})` }))))
        server.listen(address.port, address.host, () => resume(Effect.succeed(server)))
      }),
      (server) =>
        Effect.async<void>((resume) => {
          server.close(() => resume(Effect.void))
          server.closeAllConnections()
        })
    )
    const listening = server.address() as AddressInfo
    // The hosts come from where the server actually listens (every interface's address when bound
    // to 0.0.0.0 or ::), so they are decided only now.
    const guard = yield* Effect.try({
      try: () => Mcp.requestGuard({ address: listening, allowedHosts: address.allowedHosts }),
      catch: (error) => new CliError({ message: `--allowed-host: ${(error as Error).message}` })
    })
    // Search mode keeps a session per MCP client: what its searches found lives in its server.
    // Made after the listener, so shutdown ends the sessions before the listener closes.
    const sessions = options.search !== undefined
      ? yield* Sessions.make(() => bridge.server(), {
        max: options.sessions?.max ?? Sessions.DEFAULT_SESSION_LIMITS.max,
        idleSeconds: options.sessions?.idleSeconds ?? Sessions.DEFAULT_SESSION_LIMITS.idleSeconds
      })
      : undefined
    const serving = handler(guard, sessions === undefined ? stateless(bridge) : sessions.handle)
    server.on("request", (req, res) => void serving(req, res))
    const { port } = listening
    const host = address.host.includes(":") ? `[${address.host}]` : address.host
    yield* options.diagnostic(`rcp mcp: serving at http://${host}:${port}/mcp`)
    // A session has a GET stream to tell its host on; stateless requests have none (the next tools/list reads the change).
    yield* watching(options.watch, sessions === undefined ? Effect.void : Effect.promise(sessions.toolsChanged))
    return yield* Effect.never
  })
