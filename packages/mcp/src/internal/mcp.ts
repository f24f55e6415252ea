/**
 * The MCP bridge: a client's discovered tools as an MCP server, so an MCP host (Claude Desktop, an
 * IDE, an agent framework) can call any RCP API with rcp's guarantees intact — resolver-bound
 * params are absent from every `inputSchema` and filled by the bridge, the credential never leaves
 * it, and a failed call is a tool result (`isError`) with the model-facing text, never a protocol
 * error. `@rcp-sdk/mcp` and the `rcp mcp` command load this module (and so the SDK); `rcp-sdk`
 * itself never does.
 *
 * Built on the SDK's low-level `Server` with `tools/list` and `tools/call` handlers: it takes each
 * tool's model-facing JSON Schema as it is, where `McpServer.registerTool` (SDK 1.32) takes only
 * zod shapes, and @effect/ai's `McpServer` would decode the arguments with an Effect schema before
 * rcp sees them — both would stand a second, lossy schema between the manifest and the model.
 */
import { Server } from "@modelcontextprotocol/sdk/server/index.js"
import type { RequestHandlerExtra } from "@modelcontextprotocol/sdk/shared/protocol.js"
import {
  type CallToolResult,
  CallToolRequestSchema,
  ListToolsRequestSchema,
  type ServerNotification,
  type ServerRequest,
  type Tool,
  type ToolAnnotations
} from "@modelcontextprotocol/sdk/types.js"
import * as Cause from "effect/Cause"
import * as Data from "effect/Data"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"
import * as FiberSet from "effect/FiberSet"
import type * as Scope from "effect/Scope"
import {
  type ExecuteError,
  type InvalidArguments,
  type ModelTool,
  type PromiseClient,
  RcpClient,
  SEARCH_TOOL_NAME,
  searchSession,
  type SearchSessionOptions,
  type Service,
  toolMethod,
  type ToolNotFound
} from "rcp-sdk/client"
import type * as Manifest from "rcp-sdk/manifest"
import * as Providers from "rcp-sdk/providers"
import * as Result from "rcp-sdk/result"
import { packageVersion } from "./packageVersion.js"

/** @internal */
export type RequestExtra = RequestHandlerExtra<ServerRequest, ServerNotification>

/** @internal */
export type OperatorError = Exclude<ExecuteError, InvalidArguments | ToolNotFound>

/**
 * A result that does not fit its tool's declared `outputSchema`: the host's MCP client would refuse
 * it (it checks `structuredContent` against the schema it listed), so the model gets a one-line
 * note instead and the operator this error — where (paths) and what kind of mismatch, never values.
 *
 * @internal
 */
export class OutputMismatch extends Data.TaggedError("OutputMismatch")<{
  readonly tool: string
  readonly problems: ReadonlyArray<Result.SchemaProblem<string>>
}> {
  override get message(): string {
    const first = this.problems[0]
    const more = this.problems.length > 1 ? ` (and ${this.problems.length - 1} more)` : ""
    return `the result of "${this.tool}" does not match its outputSchema: ${first === undefined ? "" : `${first.path}: ${first.message}`}${more}`
  }
}

/** What `onError` receives: an operator error of `execute`, or a result that broke its schema. @internal */
export type BridgeError = OperatorError | OutputMismatch

/** @internal */
export interface Bridge {
  readonly server: () => Server
}

/** @internal */
export interface ServerInfo {
  readonly name?: string | undefined
  readonly version?: string | undefined
  /**
   * Which of the client's tools the bridge serves (default: all). `tools/list` shows those, and
   * `tools/call` runs only those — as `tools/list` would show them at that moment.
   */
  readonly tools?: ((tool: ModelTool) => boolean) | undefined
}

/**
 * The tools a bridge serves now: the client's, through `select`. Both `tools/list` and
 * `tools/call` read this one set, so a call can only run what a list would show (issue #29).
 */
const served = (tools: ReadonlyArray<ModelTool>, select: ServerInfo["tools"]): ReadonlyArray<ModelTool> =>
  select === undefined ? tools : tools.filter((tool) => select(tool))

/**
 * What the method says about a tool's effects (MCP `ToolAnnotations`). Unset hints keep the MCP
 * defaults — not read-only, destructive, not idempotent, open world — which are the cautious reading
 * of a POST or PATCH, whose effects the method does not tell.
 *
 * @internal
 */
export const annotationsFor = (method: Manifest.HttpMethod): ToolAnnotations => {
  switch (method) {
    case "GET":
      return { readOnlyHint: true, idempotentHint: true }
    case "DELETE":
      return { readOnlyHint: false, destructiveHint: true, idempotentHint: true }
    case "PUT":
      return { readOnlyHint: false, idempotentHint: true }
    default:
      return { readOnlyHint: false }
  }
}

/** One MCP tool per model-facing tool; `inputSchema` is its schema as every provider gets it. @internal */
export const toMcpTool = (model: ModelTool): Tool => {
  const method = toolMethod(model)
  return {
    name: model.name,
    description: model.description,
    // A copy (the providers' own), so nothing done to the list can reach the client's tools.
    inputSchema: Providers.toolParameters(model),
    // MCP wants an object schema: any other is wrapped as `{ result }`, and so is the result.
    ...(model.outputSchema === undefined ? {} : { outputSchema: structuredClone(Result.forMcp(model.outputSchema).schema) as Tool["outputSchema"] }),
    ...(method === undefined ? {} : { annotations: annotationsFor(method) })
  }
}

const text = (value: string): CallToolResult["content"] => [{ type: "text", text: value }]

/**
 * A reply of the shared table as an MCP tool result. The model reads `content`: the model's view
 * of the result (docs/results.md), within its budget. With an `outputSchema`, `structuredContent`
 * is the whole data (wrapped as `{ result }` where the schema is), once it fits the schema;
 * without one there is none — the host would hand the whole data to the model past its budget.
 *
 * @internal
 */
export const callResult = (
  reply: Providers.Reply,
  toolName: string,
  outputSchema: Result.OutputSchema | undefined,
  onError: ((error: OutputMismatch) => void) | undefined
): CallToolResult => {
  if (reply._tag === "Failure") return { content: text(reply.text), isError: true }
  if (outputSchema === undefined) return { content: text(reply.text) }
  const data = reply.result.data
  const verdict = Result.validateOutput(outputSchema, data, "data")
  if (verdict._tag === "Invalid") {
    onError?.(new OutputMismatch({ tool: toolName, problems: verdict.problems }))
    return { content: text(mismatchText(toolName)), isError: true }
  }
  // `Unchecked` (a check past its step bound) goes as it is: the host's own check decides.
  return {
    content: text(reply.text),
    structuredContent: (Result.forMcp(outputSchema).wrapped ? { result: data } : data) as Record<string, unknown>
  }
}

/** What the model reads of a result that broke its schema: that it did, nothing of the data. */
const mismatchText = (toolName: string): string =>
  `The tool "${toolName.slice(0, 64)}" returned a result that does not match its declared output schema.`

/**
 * An `execute` outcome read through the shared table, as an MCP tool result; `outputSchema` is the
 * tool's (from its `ModelTool`), when it declares one.
 *
 * @internal
 */
export const toCallToolResult = (
  outcome: Providers.ToolOutcome,
  toolName: string,
  options: { readonly onError?: ((error: unknown) => void) | undefined } | undefined,
  outputSchema?: Result.OutputSchema | undefined
): CallToolResult => callResult(Providers.reply(outcome, toolName, options), toolName, outputSchema, options?.onError)

/**
 * How one bridge lists and runs tools: the Effect service or the promise facade behind it. `call`
 * runs a call within `shown` (the client's `expose` of it), never on the client at large.
 */
interface Backend {
  readonly tools: () => Promise<ReadonlyArray<ModelTool>>
  readonly call: (
    shown: ReadonlyArray<ModelTool>,
    name: string,
    args: Record<string, unknown>,
    extra: RequestExtra
  ) => Promise<CallToolResult>
}

/**
 * Search mode of the bridge (`search` option, `rcp mcp --search`): the host lists `search_tools`
 * and the pinned tools; a search adds what it found to the list and tells the host
 * (`notifications/tools/list_changed`), and only listed tools can be called. The list is per MCP
 * connection (each `server()` has its own search session): one host's searches never show in
 * another's list.
 *
 * @internal
 */
export type SearchOption = SearchSessionOptions

/** @internal */
export interface ModeOptions {
  /** Search mode: `true`, or its options. Default: every tool listed. */
  readonly search?: boolean | SearchOption | undefined
}

/**
 * The search option read once: undefined when the bridge lists every tool. With a `tools`
 * selection it is refused: a search over the client would show the model the tools the selection
 * leaves out.
 */
const searchOf = (options: ServerInfo & ModeOptions): SearchOption | undefined => {
  if (options.search === undefined || options.search === false) return undefined
  if (options.tools !== undefined) throw new TypeError("Mcp bridge: give either `tools` or `search`, not both")
  return options.search === true ? {} : options.search
}

/**
 * How a backend runs a call within what the connection lists now: the client's `expose` of it, or
 * a search session (whose own exposed set is that list).
 */
type Within = (shown: ReadonlyArray<ModelTool>) => Service["execute"]

const bridgeOf = (backend: () => Backend, info: ServerInfo & ModeOptions): Bridge => ({
  server: () => {
    const server = new Server(
      { name: info.name ?? "rcp-sdk", version: info.version ?? packageVersion() },
      { capabilities: { tools: { listChanged: true } } }
    )
    // One backend per server: in search mode, one search session per connection.
    const tools = backend()
    const searching = searchOf(info) !== undefined
    // Listed on each request, so that a later discovery or `forget` (or search) shows without a new server.
    server.setRequestHandler(
      ListToolsRequestSchema,
      async () => ({ tools: served(await tools.tools(), info.tools).map(toMcpTool) })
    )
    server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
      const result = await tools.call(served(await tools.tools(), info.tools), request.params.name, request.params.arguments ?? {}, extra)
      if (searching && request.params.name === SEARCH_TOOL_NAME && result.isError !== true) {
        // The found tools are listed now: the host asks for the list again. Sent as part of the call
        // (over Streamable HTTP, on the call's own response stream, before its result), so it
        // reaches a host that has no GET stream open. A host gone meanwhile is no error of the call's.
        await server.notification({ method: "notifications/tools/list_changed" }, { relatedRequestId: extra.requestId })
          .catch(() => undefined)
      }
      return result
    })
    return server
  }
})

// ---------------------------------------------------------------------------------------------
// Effect
// ---------------------------------------------------------------------------------------------

/** @internal */
export interface Options<Ctx, R, R2> extends ServerInfo, ModeOptions {
  readonly context?: ((extra: RequestExtra) => Effect.Effect<Ctx, never, R>) | undefined
  readonly onError?: ((error: BridgeError) => Effect.Effect<void, never, R2>) | undefined
}

/** @internal */
export const make = <Ctx = undefined, R = never, R2 = never>(
  options: Options<Ctx, R, R2> = {}
): Effect.Effect<Bridge, never, RcpClient | Scope.Scope | R | R2> =>
  Effect.gen(function*() {
    const client = yield* RcpClient
    // Every call runs in this set: closing the bridge's scope interrupts the calls in flight, so
    // nothing is sent after shutdown.
    const runFork = yield* FiberSet.makeRuntime<R | R2>()
    const run = <A>(effect: Effect.Effect<A, never, R | R2>, signal?: AbortSignal): Promise<Exit.Exit<A>> =>
      new Promise((resolve) => {
        const fiber = runFork(effect)
        // Interrupting by an effect of its own: the same on Effect 3 and Effect 4 (whose fibers differ).
        const abort = () => Effect.runFork(Fiber.interrupt(fiber))
        signal?.addEventListener("abort", abort, { once: true })
        fiber.addObserver((exit) => {
          signal?.removeEventListener("abort", abort)
          resolve(exit)
        })
      })
    const context = options.context ?? (() => Effect.succeed(undefined))
    const search = searchOf(options)
    const backend = (within: Within, tools: Effect.Effect<ReadonlyArray<ModelTool>>): Backend => {
      const call = (shown: ReadonlyArray<ModelTool>, name: string, args: Record<string, unknown>, extra: RequestExtra) =>
        Effect.gen(function*() {
          const ctx = yield* context(extra)
          const outcome = yield* Effect.exit(within(shown)({ name, arguments: args }, { context: ctx }))
          // The schema of the tool as this connection lists it at the call (a later discovery may have changed it).
          const schema = Exit.isSuccess(outcome) ? outputSchemaOf(shown, name) : undefined
          const reported: Array<BridgeError> = []
          // The table hands exactly the errors that are not the model's own to `onError`.
          const result = toCallToolResult(outcome, name, { onError: (error) => reported.push(error as BridgeError) }, schema)
          if (options.onError !== undefined) yield* Effect.forEach(reported, options.onError, { discard: true })
          return result
        })
      return {
        tools: () => run(tools).then((exit) => (Exit.isSuccess(exit) ? exit.value : [])),
        call: (shown, name, args, extra) =>
          run(call(shown, name, args, extra), extra.signal).then((exit) =>
            // Interrupted (shutdown, or the host cancelled): the answer, if anyone still reads it, says only that.
            Exit.isSuccess(exit)
              ? exit.value
              : callResult({ _tag: "Failure", text: unavailable(exit.cause, name) }, name, undefined, undefined)
          )
      }
    }
    return bridgeOf(() => {
      if (search === undefined) return backend((shown) => client.expose(shown).execute, client.tools)
      const session = Effect.runSync(Effect.provideService(searchSession(search), RcpClient, client))
      return backend(() => session.execute, session.tools)
    }, options)
  })

/** The tool's schema in `tools` (what the bridge lists at the call). */
const outputSchemaOf = (tools: ReadonlyArray<ModelTool>, name: string): Result.OutputSchema | undefined =>
  tools.find((tool) => tool.name === name)?.outputSchema

const unavailable = (cause: Cause.Cause<unknown>, name: string): string =>
  Providers.modelFacingError(Cause.squash(cause), name).text

// ---------------------------------------------------------------------------------------------
// Promise
// ---------------------------------------------------------------------------------------------

/** @internal */
export interface PromiseOptions<Ctx> extends ServerInfo, ModeOptions {
  readonly context?: ((extra: RequestExtra) => Ctx | PromiseLike<Ctx>) | undefined
  readonly onError?: ((error: unknown) => void) | undefined
}

/** @internal */
export const createBridge = <Ctx>(client: PromiseClient<Ctx>, options: PromiseOptions<Ctx> = {}): Bridge => {
  const search = searchOf(options)
  return bridgeOf(() => {
    const session = search === undefined ? undefined : client.searchSession(search)
    return {
      tools: session?.tools ?? client.tools,
      call: async (shown, name, args, extra) => {
        // A context function that throws is an operator error like any other: the safe text, and `onError`.
        const outcome = await Providers.outcomeOf(
          Promise.resolve(extra).then((e) => options.context?.(e)).then((context) =>
            (session?.execute ?? client.expose(shown).execute)({ name, arguments: args }, { context: context as Ctx, signal: extra.signal })
          )
        )
        const schema = Exit.isSuccess(outcome) ? outputSchemaOf(shown, name) : undefined
        return toCallToolResult(outcome, name, options, schema)
      }
    }
  }, options)
}
