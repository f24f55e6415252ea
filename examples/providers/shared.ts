/**
 * What the provider examples share: the learning API on 127.0.0.1, an rcp client that discovered
 * it, and the script their fake models play — so each example shows only its provider's loop.
 * No LLM is called and nothing leaves the machine.
 */
import { createRcpClient, type ModelTool } from "rcp-sdk/client"
import { startLearningApi } from "../learning-api.js"

/** The app's view of the turn: who is signed in. The model never sees it. */
export interface Turn {
  readonly currentUserId?: string | undefined
}

export const turn: Turn = { currentUserId: "learner-42" }

/** A tool call the scripted model makes: an id, the tool, its arguments. */
export interface ScriptedCall {
  readonly id: string
  readonly name: string
  readonly args: Readonly<Record<string, unknown>>
}

/**
 * The model's plan, one entry per step: look the catalogue up (and a course that does not exist,
 * to show a model-readable error), then enroll. `learnerId` is never among the arguments.
 */
const SCRIPT: ReadonlyArray<ReadonlyArray<ScriptedCall>> = [
  [
    { id: "call_1", name: "list_courses", args: { topic: "typescript" } },
    { id: "call_2", name: "get_course", args: { courseId: "no-such-course" } }
  ],
  [{ id: "call_3", name: "enroll", args: { courseId: "effect-101" } }]
]

/**
 * What the fake model does next, given how many tool results it has been shown: the next step's
 * calls, or (once it has seen every result) its answer quoting them.
 */
export const nextStep = (
  results: ReadonlyArray<string>
): { readonly _tag: "Calls"; readonly calls: ReadonlyArray<ScriptedCall> } | { readonly _tag: "Answer"; readonly text: string } => {
  let seen = 0
  for (const calls of SCRIPT) {
    if (results.length <= seen) return { _tag: "Calls", calls }
    seen += calls.length
  }
  return { _tag: "Answer", text: `Done — you are enrolled. What the tools told me:\n${results.map((r) => `  ${r}`).join("\n")}` }
}

/**
 * Each learner's own token for the API, as the application keeps them (in a real one: the user's
 * OAuth tokens, which `oauth: { subject }` fetches and refreshes — docs/credentials.md).
 */
const TOKENS: Readonly<Record<string, string>> = { "learner-42": "token-of-learner-42-3f1c", "learner-7": "token-of-learner-7-9a0e" }

/** The API and a client that discovered it; `close()` stops both. */
export const start = async () => {
  const api = await startLearningApi({ tokens: TOKENS })
  const client = createRcpClient({
    resolvers: { learnerId: (t: Turn) => t.currentUserId },
    // The credential from the turn: the signed-in learner's own token; none → the call fails before any request.
    credential: (_request, t: Turn) => (t.currentUserId === undefined ? undefined : TOKENS[t.currentUserId])
  })
  const { tools } = await client.discover(api.manifestUrl)
  return {
    api,
    client,
    tools: tools as ReadonlyArray<ModelTool>,
    /** Where operator-side errors go (a log, an alert); the model only gets a safe sentence. */
    onError: (error: unknown) => console.log(`  operator: ${String((error as { _tag?: unknown })._tag)}`),
    /** The request the API received last, for the output. */
    lastRequest: () => api.received().at(-1) ?? "(none)",
    close: async () => {
      await client.close()
      await api.close()
    }
  }
}
