/**
 * An @effect/ai agent over rcp: the learning API's tools as a toolkit (`@rcp-sdk/effect-ai`), a multi-step
 * `Chat` that runs the model's calls through rcp, and the learner resolved from the turn's
 * `CurrentUser` — a service of the fiber, never shown to the model. The model is a scripted
 * `LanguageModel` (swap in `OpenAiLanguageModel.layer(...)`); nothing leaves the machine.
 */
import * as Chat from "@effect/ai/Chat"
import * as LanguageModel from "@effect/ai/LanguageModel"
import type * as Prompt from "@effect/ai/Prompt"
import type * as Response from "@effect/ai/Response"
import * as FetchHttpClient from "@effect/platform/FetchHttpClient"
import * as RcpAi from "@rcp-sdk/effect-ai"
import * as Console from "effect/Console"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Stream from "effect/Stream"
import * as Client from "rcp-sdk/client"
import * as Resolver from "rcp-sdk/resolver"
import { LearningApi } from "./learning-api.js"
import { nextStep, turn, type Turn } from "./providers/shared.js"

/** Who the current turn is for; the application provides it around each turn. */
class CurrentUser extends Context.Tag("example/CurrentUser")<CurrentUser, Turn>() {}

/** Each learner's own token (in a real application: their OAuth tokens, `oauth: { subject }`). */
const TOKENS: Readonly<Record<string, string>> = { "learner-42": "token-of-learner-42-3f1c" }

/** Every tool result the model has been shown, as `id: result`. */
const resultsIn = (prompt: Prompt.Prompt): Array<string> =>
  prompt.content.flatMap((message) =>
    message.role === "tool"
      ? message.content.flatMap((part) => (part.type === "tool-result" ? [`${part.id}: ${JSON.stringify(part.result)}`] : []))
      : []
  )

/** Plays the shared script: the next step's calls, or the answer once it has seen every result. */
const ScriptedModel = Layer.effect(
  LanguageModel.LanguageModel,
  LanguageModel.make({
    generateText: (options) =>
      Effect.sync((): Array<Response.PartEncoded> => {
        const step = nextStep(resultsIn(options.prompt))
        return step._tag === "Answer"
          ? [{ type: "text", text: step.text }]
          : step.calls.map((call) => ({ type: "tool-call", id: call.id, name: call.name, params: call.args }))
      }),
    streamText: () => Stream.die("the scripted model does not stream")
  })
)

const agent = Effect.gen(function*() {
  const api = yield* LearningApi
  const { tools } = yield* Client.discover(api.manifestUrl)
  yield* Console.log(`tools: ${tools.map((tool) => tool.name).join(", ")}`)
  const chat = yield* Chat.empty
  // Built again for each turn, so a re-discovery would show in the next one.
  const toolkit = RcpAi.toolkit({ context: CurrentUser })
  let prompt: Prompt.RawInput = "Enroll me in a TypeScript course."
  for (let step = 0; step < 5; step++) {
    const response = yield* chat.generateText({ prompt, toolkit })
    if (response.toolCalls.length === 0) return yield* Console.log(`model: ${response.text}`)
    for (const call of response.toolCalls) yield* Console.log(`model → ${call.name} ${JSON.stringify(call.params)}`)
    for (const result of response.toolResults) {
      const how = result.isFailure ? " (failure)" : ""
      yield* Console.log(`  back to the model${how}: ${JSON.stringify(result.result)}`)
    }
    // The chat holds the history; the next step only continues it.
    prompt = []
  }
}).pipe(
  Effect.tap(() => Effect.flatMap(LearningApi, (api) => Console.log(`api received:\n  ${api.received().join("\n  ")}`))),
  Effect.provideService(CurrentUser, turn)
)

const AppLayer = Layer.mergeAll(
  LearningApi.layer({ tokens: TOKENS }),
  ScriptedModel,
  // The credential from the turn, as the resolvers get it: the current learner's own token.
  Client.layer({
    credential: (_request, user: Turn) => (user.currentUserId === undefined ? undefined : TOKENS[user.currentUserId])
  }).pipe(
    Layer.provide(Resolver.layer({ learnerId: (user: Turn) => user.currentUserId })),
    Layer.provide(FetchHttpClient.layer)
  )
)

Effect.runPromise(Effect.scoped(agent.pipe(Effect.provide(AppLayer)))).catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
