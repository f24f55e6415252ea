/**
 * The Effect 3 test kit of `@rcp-sdk/effect-ai` (`#ai-test-target`): that Effect's AI module
 * (`@effect/ai` 0.37) and what its tests spell differently on Effect 4 (`./v4.ts`, the same
 * exports) — a scripted provider on the AI module's own `LanguageModel.make`, one call of a
 * toolkit's `handle`, and the AI module's failure for a tool it does not know.
 */
import * as AiError from "@effect/ai/AiError"
import * as Chat from "@effect/ai/Chat"
import * as LanguageModel from "@effect/ai/LanguageModel"
import type * as Prompt from "@effect/ai/Prompt"
import type * as Response from "@effect/ai/Response"
import * as Tool from "@effect/ai/Tool"
import type * as Toolkit from "@effect/ai/Toolkit"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Stream from "effect/Stream"

export { AiError, Chat, LanguageModel, Tool }
export type { Prompt, Response }

/** Which Effect, and which AI module, this run is on. */
export const target: "effect3" | "effect4" = "effect3"
export const aiModule: "@effect/ai" | "effect/ai" = "@effect/ai"

/** What the provider was given on a call: the prompt and the tools. */
export type ProviderCall = LanguageModel.ProviderOptions

/** A provider whose answer is `script(prompt)` (encoded response parts, or streamed), recording what it was given. */
export const scripted = (script: (prompt: Prompt.Prompt) => Array<Response.PartEncoded>) => {
  const calls: Array<ProviderCall> = []
  const layer: Layer.Layer<LanguageModel.LanguageModel> = Layer.effect(
    LanguageModel.LanguageModel,
    LanguageModel.make({
      generateText: (options) =>
        Effect.sync(() => {
          calls.push(options)
          return script(options.prompt)
        }),
      // The same script, streamed: its parts as stream parts (tool calls are the same part in both).
      streamText: (options) =>
        Stream.suspend(() => {
          calls.push(options)
          return Stream.fromIterable(script(options.prompt) as Array<Response.StreamPartEncoded>)
        })
    })
  )
  return { calls, layer }
}

/** The JSON Schema a provider sends for `tool`. */
export const jsonSchemaOf = (tool: unknown): unknown => Tool.getJsonSchema(tool as never)

/** Whether `tool` is a tool of this AI module (its type id). */
export const isToolOfTarget = (tool: unknown): boolean => typeof tool === "object" && tool !== null && Tool.TypeId in tool

/** One call of a toolkit's `handle`, to its result (`@effect/ai` 0.37 answers with the result itself). */
export const handleOnce = <Tools extends Record<string, Tool.Any>>(
  toolkit: Toolkit.WithHandler<Tools>,
  name: string,
  params: unknown
) => toolkit.handle(name, params as never) as Effect.Effect<Tool.HandlerResult<Tools[string]>, unknown, any>

/** The AI module's failure when the model names a tool the toolkit does not have: its kind. */
export const UNKNOWN_TOOL = "MalformedOutput"
export const aiErrorKind = (error: unknown): string | undefined =>
  error instanceof AiError.MalformedOutput ? "MalformedOutput" : (error as { readonly _tag?: string })._tag
