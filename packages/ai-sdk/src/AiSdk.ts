/**
 * The Vercel AI SDK integration (`@rcp-sdk/ai-sdk`): every tool a client discovered, as a `ToolSet`
 * for `generateText` / `streamText` of `ai` 6 (a peer dependency: the app's own `ai`). It uses only
 * the public API of `rcp-sdk` (a peer too).
 *
 * @since 0.2.0
 */
import type { ToolSet } from "ai"
import type { PromiseClient } from "rcp-sdk/client"
import * as internal from "./internal/aiSdk.js"

/**
 * Options of `aiSdkTools`: the default resolver context and the operator's error callback.
 *
 * @since 0.2.0
 * @category models
 */
export type AiSdkToolsOptions<Ctx> = internal.AiSdkToolsOptions<Ctx>

/**
 * The error a tool throws for a failed call; its message is the model-facing text of
 * `modelFacingError` and nothing more.
 *
 * @since 0.2.0
 * @category errors
 */
export const AiSdkToolError: typeof internal.AiSdkToolError = internal.AiSdkToolError

/**
 * The client's discovered tools as an AI SDK `ToolSet`: each with `inputSchema: jsonSchema(parameters)`
 * and an `execute` that runs the call through rcp with the turn's context — the call's
 * `experimental_context` when given, else `options.context`. A failed call reaches the model as
 * the safe text of the table in docs/providers.md "What the model is told of a failure"; operator-side errors also go to
 * `options.onError`.
 *
 * The set runs only what it hands the model (`options.tools`, default all the client's tools,
 * through the client's `expose`): a tool that changed or went since the set was made is
 * `ToolNotFound`, before any resolver runs or anything is sent.
 *
 * @example
 * ```ts
 * import { generateText, type LanguageModel, stepCountIs } from "ai"
 * import { createRcpClient } from "rcp-sdk/client"
 * import { aiSdkTools } from "@rcp-sdk/ai-sdk"
 *
 * // `model`: e.g. openai("gpt-4.1") from @ai-sdk/openai.
 * const client = createRcpClient({ resolvers: { learnerId: (ctx: { userId: string }) => ctx.userId } })
 *
 * export const ask = async (model: LanguageModel, userId: string) => {
 *   await client.discover("https://api.example.com/rcp/manifest")
 *   const { text } = await generateText({
 *     model,
 *     tools: await aiSdkTools(client, { onError: (error) => console.error(error) }),
 *     experimental_context: { userId },
 *     stopWhen: stepCountIs(5),
 *     prompt: "Enroll me in the TypeScript course"
 *   })
 *   return text
 * }
 * ```
 *
 * @since 0.2.0
 * @category constructors
 */
export const aiSdkTools: <Ctx>(client: PromiseClient<Ctx>, options?: AiSdkToolsOptions<Ctx>) => Promise<ToolSet> =
  internal.aiSdkTools

/**
 * Options of `aiSdkSearchTools`: those of `aiSdkTools` (but `tools`) and a search session's
 * (`SearchSessionOptions` of rcp-sdk/client: `pinned`, `apis`, `tags`).
 *
 * @since 0.2.0
 * @category models
 */
export type AiSdkSearchToolsOptions<Ctx> = internal.AiSdkSearchToolsOptions<Ctx>

/**
 * What `aiSdkSearchTools` returns: pass both to `generateText` / `streamText`.
 *
 * @since 0.2.0
 * @category models
 */
export type AiSdkSearchTools = internal.AiSdkSearchTools

/**
 * Search mode (docs/big-apis.md): every discovered tool and `search_tools` as a `ToolSet`, and a
 * `prepareStep` that makes only `search_tools`, the pinned tools and the tools found so far active
 * on each step — the model sees a handful of schemas, not the whole API. A call of a tool the
 * model was not given fails as an unknown tool, before anything is resolved or sent. One value
 * per conversation: it holds what that conversation found.
 *
 * @example
 * ```ts
 * import { generateText, type LanguageModel, stepCountIs } from "ai"
 * import { createRcpClient } from "rcp-sdk/client"
 * import { aiSdkSearchTools } from "@rcp-sdk/ai-sdk"
 *
 * const client = createRcpClient()
 *
 * // One conversation: its own search tools, so what it found stays its own.
 * export const converse = async (model: LanguageModel, prompt: string) => {
 *   await client.discover("https://api.example.com/rcp/manifest")
 *   const { tools, prepareStep } = await aiSdkSearchTools(client)
 *   const { text } = await generateText({ model, tools, prepareStep, stopWhen: stepCountIs(5), prompt })
 *   return text
 * }
 * ```
 *
 * @since 0.2.0
 * @category constructors
 */
export const aiSdkSearchTools: <Ctx>(
  client: PromiseClient<Ctx>,
  options?: AiSdkSearchToolsOptions<Ctx>
) => Promise<AiSdkSearchTools> = internal.aiSdkSearchTools
