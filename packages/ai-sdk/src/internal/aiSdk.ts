/**
 * The Vercel AI SDK (`ai` 6) integration: the client's discovered tools as a `ToolSet` for
 * `generateText` / `streamText`, over the public API of `rcp-sdk` (the client and its provider
 * helpers) only.
 */
import { type JSONValue, jsonSchema, type Tool, type ToolSet } from "ai"
import type { ModelTool, PromiseClient, SearchSessionOptions } from "rcp-sdk/client"
import * as Providers from "rcp-sdk/providers"
import * as Result from "rcp-sdk/result"

/**
 * @since 0.2.0
 * @category models
 */
export interface AiSdkToolsOptions<Ctx> {
  /**
   * The resolvers' context when a call's `experimental_context` (set on `generateText` /
   * `streamText`) is absent.
   */
  readonly context?: Ctx | undefined
  /** Called with each operator-side error; the model only gets a safe text (see `modelFacingError`). */
  readonly onError?: ((error: unknown) => void) | undefined
  /**
   * `true`: each tool's `needsApproval` follows the client's `approval` policy (default: every
   * method but GET), so the SDK asks the app (a `tool-approval-request`) before running it. Use it
   * instead of the client's own `approve` hook, or the user is asked twice. Default false.
   */
  readonly needsApproval?: boolean | undefined
  /**
   * The tools to hand the model: the client's tools (`client.tools()`) or a subset of them.
   * Default: all of them. Only these are ever executed.
   */
  readonly tools?: ReadonlyArray<ModelTool> | undefined
}

/**
 * What a tool throws for the AI SDK to report as a tool error: its message is exactly the
 * model-facing text, and it carries nothing else (no cause), since the SDK shows it to the model
 * and may record it in telemetry.
 *
 * @since 0.2.0
 * @category errors
 */
export class AiSdkToolError extends Error {
  override readonly name = "AiSdkToolError"
}

/**
 * How many calls' views a tool set keeps for `toModelOutput`: the SDK asks for a call's view right
 * after its `execute` (more than once within a step), so only the latest calls need it; a view
 * asked for later — a conversation restored from UI messages in another request — is shaped again
 * from the output with the default budget.
 */
const VIEWS_KEPT = 1024

/** What a tool's `toModelOutput` returns (the type `ai` declares, not exported by name). */
type ToolResultOutput = Awaited<ReturnType<NonNullable<Tool["toModelOutput"]>>>

/** The model's view as an AI SDK tool output: a JSON body's shaped value, any other body's text. @internal */
export const modelOutput = (view: Result.ModelResult): ToolResultOutput =>
  view.kind === "json"
    ? { type: "json", value: Result.modelValue(view) as JSONValue }
    : { type: "text", value: view.text }

/**
 * The model's view of each call of one tool set, by call id, from `execute` to `toModelOutput`:
 * the application (steps, `onStepFinish`, UI messages) gets the whole data as the tool's output,
 * the model only its view. Oldest first, so that the map stays within VIEWS_KEPT.
 */
class Views {
  private readonly views = new Map<string, Result.ModelResult>()
  keep(id: string, view: Result.ModelResult): void {
    this.views.delete(id)
    this.views.set(id, view)
    if (this.views.size > VIEWS_KEPT) this.views.delete(this.views.keys().next().value!)
  }
  get(id: string): Result.ModelResult | undefined {
    return this.views.get(id)
  }
}

/** One model-facing tool as an AI SDK tool whose `execute` runs the call through `execute`. */
const toolOf = <Ctx>(
  model: ModelTool,
  needsApproval: boolean,
  execute: PromiseClient<Ctx>["execute"],
  options: AiSdkToolsOptions<Ctx>,
  views: Views
): Tool => ({
  description: model.description,
  needsApproval,
  // A fresh (mutable) copy; cast because `ai` types it as @types/json-schema's JSONSchema7 when
  // that package is installed, whose arrays are mutable where ours are readonly, and whose
  // keywords are listed where a property of ours carries any JSON Schema keyword.
  inputSchema: jsonSchema(Providers.toolParameters(model) as unknown as Parameters<typeof jsonSchema>[0]),
  // What the output (the whole data) is, for the application's types and UI message checks.
  ...(model.outputSchema === undefined
    ? {}
    : { outputSchema: jsonSchema(structuredClone(model.outputSchema) as Parameters<typeof jsonSchema>[0]) }),
  execute: async (input: unknown, call) => {
    // The SDK hands over whatever the app set; its type is the app's to vouch for, as with `context`.
    const context = call.experimental_context === undefined ? options.context : call.experimental_context as Ctx
    const outcome = await Providers.outcomeOf(
      execute({ name: model.name, arguments: input }, { context, signal: call.abortSignal })
    )
    const reply = Providers.reply(outcome, model.name, options)
    if (reply._tag === "Failure") throw new AiSdkToolError(reply.text)
    views.keep(call.toolCallId, reply.model)
    // A tool's output must be JSON; an empty body is `null`, not `undefined`.
    return reply.result.data ?? null
  },
  toModelOutput: ({ output, toolCallId }) =>
    modelOutput(views.get(toolCallId) ?? Result.forModel({ status: 200, data: output }))
})

const approvals = <Ctx>(
  client: PromiseClient<Ctx>,
  tools: ReadonlyArray<ModelTool>,
  options: AiSdkToolsOptions<Ctx>
): Promise<Array<boolean>> =>
  Promise.all(tools.map((model) => options.needsApproval === true ? client.needsApproval(model.name) : false))

/** @internal */
export const aiSdkTools = async <Ctx>(
  client: PromiseClient<Ctx>,
  options: AiSdkToolsOptions<Ctx> = {}
): Promise<ToolSet> => {
  // The set runs only the tools it hands the model, as they were handed (issue #29): one that
  // changed or went since is `ToolNotFound`, before anything is resolved or sent.
  const exposed = client.expose(options.tools ?? await client.tools())
  const tools = exposed.tools
  const approval = await approvals(client, tools, options)
  const views = new Views()
  return Object.fromEntries(tools.map((model, i): [string, Tool] => [model.name, toolOf(model, approval[i]!, exposed.execute, options, views)]))
}

/**
 * @since 0.2.0
 * @category models
 */
export interface AiSdkSearchToolsOptions<Ctx> extends Omit<AiSdkToolsOptions<Ctx>, "tools">, SearchSessionOptions {}

/**
 * Search mode for the AI SDK: `tools` (every tool and `search_tools`) and `prepareStep`, which
 * makes only `search_tools`, the pinned tools and the tools found so far active on each step.
 *
 * @since 0.2.0
 * @category models
 */
export interface AiSdkSearchTools {
  readonly tools: ToolSet
  readonly prepareStep: () => Promise<{ activeTools: Array<string> }>
}

/** @internal */
export const aiSdkSearchTools = async <Ctx>(
  client: PromiseClient<Ctx>,
  options: AiSdkSearchToolsOptions<Ctx> = {}
): Promise<AiSdkSearchTools> => {
  const session = client.searchSession({ pinned: options.pinned, apis: options.apis, tags: options.tags })
  // The session's first tool is its search tool.
  const [search] = await session.tools()
  const tools = await client.tools()
  const approval = await approvals(client, tools, options)
  const views = new Views()
  // Every tool runs through the session, whose exposed set holds only what the model was given
  // (issue #29): one not active — never pinned nor found — is refused there even if the model
  // names it, before anything is resolved or sent.
  const set: ToolSet = Object.fromEntries(
    tools.map((model, i): [string, Tool] => [model.name, toolOf(model, approval[i]!, session.execute, options, views)])
  )
  set[search!.name] = toolOf(search!, false, session.execute, options, views)
  return {
    tools: set,
    prepareStep: async () => ({ activeTools: (await session.tools()).map((tool) => tool.name) })
  }
}
