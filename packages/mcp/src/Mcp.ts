/**
 * The MCP bridge (`@rcp-sdk/mcp`): a client's discovered tools as an MCP server, for MCP hosts
 * (Claude Desktop, IDEs, agent frameworks) — resolver-bound params absent from every `inputSchema`
 * and filled by the bridge, the credential kept in it, a failed call an `isError` tool result with
 * the model-facing text (docs/providers.md "What the model is told of a failure"). `@modelcontextprotocol/sdk` comes
 * with this package; `rcp-sdk` is a peer, used through its public API only.
 *
 * The bridge is the SDK's low-level `Server` with `tools/list` and `tools/call` handlers, which
 * takes each tool's JSON Schema as it is; `McpServer.registerTool` takes only zod shapes, and
 * @effect/ai's `McpServer` decodes the arguments with an Effect schema before the handler — either
 * would put a second, lossy schema between the manifest and the model, and answer the model's
 * mistakes with its own texts instead of rcp's.
 *
 * @since 0.2.0
 */
import type { Server } from "@modelcontextprotocol/sdk/server/index.js"
import type { CallToolResult, Tool, ToolAnnotations } from "@modelcontextprotocol/sdk/types.js"
import type * as Effect from "effect/Effect"
import type * as Scope from "effect/Scope"
import type { ModelTool, PromiseClient, RcpClient } from "rcp-sdk/client"
import type * as Manifest from "rcp-sdk/manifest"
import type * as Providers from "rcp-sdk/providers"
import { networkInterfaces } from "node:os"
import * as HostGuard from "./internal/hostGuard.js"
import type * as Result from "rcp-sdk/result"
import * as internal from "./internal/mcp.js"

/**
 * What the SDK tells a request handler about the request: `authInfo` (set by the application's
 * auth middleware as `req.auth`), `requestInfo.headers`, `sessionId`, the cancellation `signal`.
 *
 * @since 0.2.0
 * @category models
 */
export type RequestExtra = internal.RequestExtra

/**
 * The errors of `execute` that the model does not get to read (resolvers, credentials, origins,
 * transport, timeouts, HTTP 5xx): the host's model gets a safe sentence, `onError` the error.
 *
 * @since 0.2.0
 * @category errors
 */
export type OperatorError = internal.OperatorError

/**
 * A result that does not fit its tool's declared `outputSchema` (an MCP host's client checks
 * `structuredContent` against the schema it listed and would refuse it): the model gets a one-line
 * note as an `isError` result, `onError` this error — the paths and kinds of the mismatch (up to
 * ten), never the values.
 *
 * @since 0.2.0
 * @category errors
 */
export const OutputMismatch: typeof internal.OutputMismatch = internal.OutputMismatch

/**
 * @since 0.2.0
 * @category errors
 */
export type OutputMismatch = internal.OutputMismatch

/**
 * What `onError` receives: an operator error of `execute`, or an `OutputMismatch`.
 *
 * @since 0.2.0
 * @category errors
 */
export type BridgeError = internal.BridgeError

/**
 * A bridge: `server()` makes a new MCP `Server` over the bridge's client, to connect to one
 * transport (a stdio pipe, one Streamable HTTP session or request). The servers share the client
 * and, in the Effect API, the scope that ends their calls.
 *
 * @since 0.2.0
 * @category models
 */
export interface Bridge {
  readonly server: () => Server
}

/**
 * The MCP server's name and version (its `serverInfo`; default `rcp-sdk` and this package's
 * version), and which of the client's tools it serves.
 *
 * @since 0.2.0
 * @category models
 */
export interface ServerInfo {
  readonly name?: string | undefined
  readonly version?: string | undefined
  /**
   * Which of the client's tools the bridge serves (default: all of them). `tools/list` shows only
   * those, and `tools/call` runs only those, as `tools/list` would show them at that moment (the
   * client's `expose`): any other name is an `isError` result naming only the served tools, and
   * nothing is resolved or sent.
   */
  readonly tools?: ((tool: ModelTool) => boolean) | undefined
}

/**
 * Options of search mode: those of a search session (`SearchSessionOptions` of rcp-sdk/client) —
 * the tools always listed beside `search_tools` (`pinned`, by exposed name), and the APIs and tags
 * every search is limited to (`apis`, `tags`).
 *
 * @since 0.2.0
 * @category models
 */
export type SearchOption = internal.SearchOption

/**
 * Options of `make`.
 *
 * @since 0.2.0
 * @category models
 */
export interface Options<Ctx, R = never, R2 = never> extends ServerInfo {
  /**
   * The resolvers' context of one `tools/call`, from the MCP request — its `authInfo` or headers —
   * so that one HTTP bridge serves each user with their own values. Default: no context.
   */
  readonly context?: ((extra: RequestExtra) => Effect.Effect<Ctx, never, R>) | undefined
  /** Called with each operator error and output mismatch; the host's model gets only the safe sentence. */
  readonly onError?: ((error: BridgeError) => Effect.Effect<void, never, R2>) | undefined
  /**
   * Search mode (docs/big-apis.md): the host lists `search_tools` and the pinned tools; a search
   * adds the tools it found to this connection's list and sends `notifications/tools/list_changed`;
   * a tool not listed cannot be called. For APIs too big to list whole (GitHub's ~1,100 tools).
   * Default: every tool listed. Not with `tools` (a `TypeError`: a search would show the tools the
   * selection leaves out).
   */
  readonly search?: boolean | SearchOption | undefined
}

/**
 * Options of `createMcpBridge`.
 *
 * @since 0.2.0
 * @category models
 */
export interface PromiseOptions<Ctx> extends ServerInfo {
  /**
   * The resolvers' context of one `tools/call`, from the MCP request (`extra.authInfo`,
   * `extra.requestInfo?.headers`). A function that throws fails the call as an operator error.
   */
  readonly context?: ((extra: RequestExtra) => Ctx | PromiseLike<Ctx>) | undefined
  /**
   * Called with each operator error (see `modelFacingError` of `rcp-sdk/providers`) and each
   * `OutputMismatch`; the host's model gets only the safe sentence.
   */
  readonly onError?: ((error: unknown) => void) | undefined
  /**
   * Search mode (docs/big-apis.md): the host lists `search_tools` and the pinned tools; a search
   * adds the tools it found to this connection's list and sends `notifications/tools/list_changed`;
   * a tool not listed cannot be called. For APIs too big to list whole (GitHub's ~1,100 tools).
   * Default: every tool listed. Not with `tools` (a `TypeError`: a search would show the tools the
   * selection leaves out).
   */
  readonly search?: boolean | SearchOption | undefined
}

/**
 * The bridge over the `RcpClient` in context. Each call runs in the calling scope: closing it
 * interrupts the calls in flight, so nothing is sent after shutdown. `tools/list` reads the
 * client's tools on each request, so a later discovery or `forget` shows at once.
 *
 * @example
 * ```ts
 * import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js"
 * import * as Effect from "effect/Effect"
 * import * as Client from "rcp-sdk/client"
 * import * as Mcp from "@rcp-sdk/mcp"
 *
 * // One user's bridge over stdio; the client layer (resolvers, credential) is the application's.
 * export const serve = Effect.gen(function*() {
 *   yield* Client.discover("https://api.example.com/rcp/manifest")
 *   const bridge = yield* Mcp.make({ onError: (error) => Effect.logWarning(error._tag) })
 *   yield* Effect.promise(() => bridge.server().connect(new StdioServerTransport()))
 *   return yield* Effect.never
 * }).pipe(Effect.scoped)
 * ```
 *
 * @since 0.2.0
 * @category constructors
 */
export const make: <Ctx = undefined, R = never, R2 = never>(
  options?: Options<Ctx, R, R2>
) => Effect.Effect<Bridge, never, RcpClient | Scope.Scope | R | R2> = internal.make

/**
 * The bridge over a promise client, for an application that mounts MCP with its own transport.
 * With Streamable HTTP, `context` reads who is asking from the request, so one bridge serves many
 * users: `req.auth` set by the application's auth middleware arrives as `extra.authInfo`. The same
 * context gives the client's `oauth.subject` its user, so each call sends that user's own token; a
 * user who has not connected gets the "needs to connect" sentence as the tool error, and `onError`
 * the `AuthorizationRequired` with the URL to send them to.
 *
 * @example
 * ```ts
 * import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js"
 * import { createServer } from "node:http"
 * import { createRcpClient } from "rcp-sdk/client"
 * import { createMcpBridge } from "@rcp-sdk/mcp"
 *
 * type Turn = { readonly userId?: string | undefined }
 * const client = createRcpClient<Turn>({
 *   resolvers: { userId: (ctx: Turn) => ctx.userId },
 *   // An OAuth 2 API: each call sends the asking user's own token (docs/credentials.md).
 *   oauth: { subject: (ctx: Turn) => ctx.userId }
 * })
 *
 * export const serve = async (port: number) => {
 *   await client.discover("https://api.example.com/rcp/manifest", {
 *     oauth: { clientId: "my-app", clientSecret: process.env.OAUTH_SECRET, redirectUri: "https://app.example.com/oauth/callback" }
 *   })
 *   const bridge = createMcpBridge(client, {
 *     // Who is asking, as the application's own proxy or middleware vouched for it.
 *     context: (extra) => ({ userId: extra.authInfo?.clientId }),
 *     onError: (error) => console.error(error)
 *   })
 *   createServer(async (req, res) => {
 *     // Stateless: a server and a transport per request.
 *     const server = bridge.server()
 *     const transport = new StreamableHTTPServerTransport({})
 *     res.on("close", () => void server.close())
 *     await server.connect(transport)
 *     await transport.handleRequest(req, res)
 *   }).listen(port, "127.0.0.1")
 * }
 * ```
 *
 * @since 0.2.0
 * @category constructors
 */
export const createMcpBridge: <Ctx>(client: PromiseClient<Ctx>, options?: PromiseOptions<Ctx>) => Bridge =
  internal.createBridge

/**
 * A model-facing tool as an MCP tool: `inputSchema` is its JSON Schema (resolver-bound params
 * absent), `outputSchema` its declared output shape (an object schema as it is, any other wrapped
 * as `{ result }`), `annotations` say what its HTTP method tells (see `annotationsFor`).
 *
 * @since 0.2.0
 * @category conversions
 */
export const toMcpTool: (tool: ModelTool) => Tool = internal.toMcpTool

/**
 * The MCP tool annotations of an HTTP method: GET read-only and idempotent; DELETE destructive and
 * idempotent; PUT idempotent; POST and PATCH keep MCP's cautious defaults (destructive, not idempotent).
 *
 * @since 0.2.0
 * @category conversions
 */
export const annotationsFor: (method: Manifest.HttpMethod) => ToolAnnotations = internal.annotationsFor

/**
 * An `execute` outcome as an MCP tool result. `content`: the model's view of the result (its
 * `model.text`, within the call's budget — docs/results.md), or the model-facing text of a failure
 * (`isError`). With the tool's `outputSchema`: `structuredContent` is the whole data (wrapped as
 * `{ result }` where the MCP schema is), once it fits the schema — a result that does not is an
 * `isError` note and an `OutputMismatch` to `onError`. Without one there is no
 * `structuredContent`: hosts hand it to the model, past the budget. Operator errors also go to
 * `onError`.
 *
 * @since 0.2.0
 * @category conversions
 */
export const toCallToolResult: (
  outcome: Providers.ToolOutcome,
  toolName: string,
  options?: { readonly onError?: ((error: unknown) => void) | undefined },
  outputSchema?: Result.OutputSchema | undefined
) => CallToolResult = internal.toCallToolResult

/**
 * A request's `Host` and `Origin` headers, as Node's `IncomingMessage.headers` has them.
 *
 * @since 0.3.0
 * @category models
 */
export type RequestHeaders = HostGuard.RequestHeaders

/**
 * Why `requestGuard` refuses a request: status 403 and a message that quotes nothing of the request.
 *
 * @since 0.3.0
 * @category models
 */
export type Refusal = HostGuard.Refusal

/**
 * Options of `requestGuard`.
 *
 * @since 0.3.0
 * @category models
 */
export interface RequestGuardOptions {
  /** `server.address()` of the listening HTTP server: the address it bound and the port it got. */
  readonly address: { readonly address: string; readonly port: number }
  /**
   * Host names the bridge also answers to, as `HOST` (any port: a name in front of a proxy) or
   * `HOST:PORT`, IPv6 in brackets. A value that is not one is a `TypeError`.
   */
  readonly allowedHosts?: ReadonlyArray<string> | undefined
}

/**
 * The DNS-rebinding guard of a bridge served over HTTP (issue #29): a request is served only when
 * its `Host` names an address the server actually listens on, with its port — every interface's
 * address when bound to `0.0.0.0` or `::`, and `localhost` when one is loopback — or one of
 * `allowedHosts`; and its `Origin`, when present, is `http(s)://` one of those hosts (`null` and
 * any other origin refused, as the MCP transport specification requires). Call it once the server
 * listens; check each request before the MCP transport sees it.
 *
 * @example
 * ```ts
 * import { createServer } from "node:http"
 * import type { AddressInfo } from "node:net"
 * import * as Mcp from "@rcp-sdk/mcp"
 *
 * export const serve = () => {
 *   const server = createServer()
 *   server.listen(3000, "0.0.0.0", () => {
 *     const guard = Mcp.requestGuard({ address: server.address() as AddressInfo, allowedHosts: ["mcp.example.com"] })
 *     server.on("request", (req, res) => {
 *       const refusal = guard(req.headers)
 *       if (refusal !== undefined) return void res.writeHead(refusal.status).end(refusal.message)
 *       // … the bridge's transport handles the request
 *     })
 *   })
 *   return server
 * }
 * ```
 *
 * @since 0.3.0
 * @category constructors
 */
export const requestGuard = (options: RequestGuardOptions): (headers: RequestHeaders) => Refusal | undefined =>
  HostGuard.requestGuard({ ...options, interfaces: networkInterfaces() })
