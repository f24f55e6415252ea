/**
 * `@rcp-sdk/effect-ai` with @effect/ai-openai's real `OpenAiLanguageModel`, pointed at a fake
 * OpenAI-compatible server on 127.0.0.1 that plays a scripted Responses API: one full round trip —
 * the tools arrive in OpenAI's format, the call runs through rcp against the REST API, and the
 * second request carries the tool result.
 */
import * as OpenAiClient from "@effect/ai-openai/OpenAiClient"
import * as OpenAiLanguageModel from "@effect/ai-openai/OpenAiLanguageModel"
import * as Chat from "@effect/ai/Chat"
import * as FetchHttpClient from "@effect/platform/FetchHttpClient"
import { assert, describe, it } from "@effect/vitest"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Redacted from "effect/Redacted"
import * as Client from "rcp-sdk/client"
import { clientLayer, registerAt } from "../../../test/support/execute.js"
import { json, testServer } from "../../../test/support/server.js"
import * as RcpAi from "../src/EffectAi.js"

class CurrentUser extends Context.Tag("test/CurrentUser")<CurrentUser, string>() {}

/** The fields a Responses API `response` object must have, around `output`. */
const responseOf = (id: string, output: ReadonlyArray<unknown>) => ({
  id,
  object: "response",
  status: "completed",
  created_at: 1_700_000_000,
  error: null,
  incomplete_details: null,
  instructions: null,
  model: "gpt-4o-mini",
  output,
  tools: [],
  tool_choice: "auto",
  parallel_tool_calls: true,
  metadata: null,
  temperature: null,
  top_p: null,
  usage: {
    input_tokens: 10,
    input_tokens_details: { cached_tokens: 0 },
    output_tokens: 5,
    output_tokens_details: { reasoning_tokens: 0 },
    total_tokens: 15
  }
})

describe("@rcp-sdk/effect-ai with OpenAiLanguageModel", () => {
  it.scoped("one round trip: OpenAI-format tools out, the call executed through rcp, its result in the second request", () =>
    Effect.gen(function*() {
      const rest = yield* testServer((req, res) => json(res, 201, { enrolled: JSON.parse(req.body).courseId }))
      const openai = yield* testServer((req, res) => {
        const input = (JSON.parse(req.body) as { input: ReadonlyArray<{ type?: string }> }).input
        if (!input.some((item) => item.type === "function_call_output")) {
          return json(res, 200, responseOf("resp_1", [{
            type: "function_call",
            id: "fc_1",
            call_id: "call_1",
            name: "enroll",
            arguments: JSON.stringify({ courseId: "effect-101" }),
            status: "completed"
          }]))
        }
        return json(res, 200, responseOf("resp_2", [{
          type: "message",
          id: "msg_1",
          role: "assistant",
          status: "completed",
          content: [{ type: "output_text", text: "You are enrolled.", annotations: [] }]
        }]))
      })
      const model = OpenAiLanguageModel.layer({ model: "gpt-4o-mini" }).pipe(
        Layer.provide(OpenAiClient.layer({ apiKey: Redacted.make("sk-test"), apiUrl: `${openai.origin}/v1` })),
        Layer.provide(FetchHttpClient.layer)
      )

      const discovered = yield* Effect.gen(function*() {
        yield* registerAt(rest, [{
          name: "enroll",
          description: "Enroll the user.",
          method: "POST",
          params: [{ name: "userId", type: "string" }, { name: "courseId", type: "string" }],
          url: `${rest.origin}/users/{{userId}}/enrollments`,
          body: { courseId: "{{courseId}}" }
        }])
        // OpenAiLanguageModel marks every tool strict unless told otherwise: show it the strict schema.
        const toolkit = RcpAi.toolkit({ context: CurrentUser, strict: true })
        const chat = yield* Chat.empty
        const first = yield* chat.generateText({ prompt: "Enroll me in effect-101.", toolkit })
        const second = yield* chat.generateText({ prompt: [], toolkit })
        assert.strictEqual(first.toolResults.length, 1)
        assert.strictEqual(second.text, "You are enrolled.")
        return yield* Client.tools
      }).pipe(
        Effect.provideService(CurrentUser, "learner-42"),
        Effect.provide(model),
        Effect.provide(clientLayer({}, { userId: (user: string) => user }))
      )

      assert.deepStrictEqual(openai.requests.map((r) => `${r.method} ${r.path}`), ["POST /v1/responses", "POST /v1/responses"])
      const [request1, request2] = openai.requests.map((r) => JSON.parse(r.body))
      assert.deepStrictEqual(request1.tools, Client.toOpenAiResponsesTools(discovered, { strict: true }))
      assert.notInclude(JSON.stringify(request1), "userId")

      assert.deepStrictEqual(rest.requests.map((r) => `${r.method} ${r.target} ${r.body}`), [
        `POST /users/learner-42/enrollments {"courseId":"effect-101"}`
      ])
      assert.deepStrictEqual(
        request2.input.filter((item: { type?: string }) => item.type === "function_call_output"),
        [{ type: "function_call_output", call_id: "call_1", output: JSON.stringify({ enrolled: "effect-101" }) }]
      )
      assert.notInclude(JSON.stringify(request2), "learner-42")
    }))

  it.scoped("a large result: the application's tool result is the whole data, the second request carries the model's view within the budget", () =>
    Effect.gen(function*() {
      const repos = Array.from({ length: 400 }, (_, id) => ({ id, name: `repo-${id}`, description: "z".repeat(40) }))
      const BUDGET = 1_500
      const rest = yield* testServer((_req, res) => json(res, 200, repos))
      const openai = yield* testServer((req, res) => {
        const input = (JSON.parse(req.body) as { input: ReadonlyArray<{ type?: string }> }).input
        if (!input.some((item) => item.type === "function_call_output")) {
          return json(res, 200, responseOf("resp_1", [{
            type: "function_call",
            id: "fc_1",
            call_id: "call_1",
            name: "list_repos",
            arguments: "{}",
            status: "completed"
          }]))
        }
        return json(res, 200, responseOf("resp_2", [{
          type: "message",
          id: "msg_1",
          role: "assistant",
          status: "completed",
          content: [{ type: "output_text", text: "Here they are.", annotations: [] }]
        }]))
      })
      const model = OpenAiLanguageModel.layer({ model: "gpt-4o-mini" }).pipe(
        Layer.provide(OpenAiClient.layer({ apiKey: Redacted.make("sk-test"), apiUrl: `${openai.origin}/v1` })),
        Layer.provide(FetchHttpClient.layer)
      )
      const first = yield* Effect.gen(function*() {
        yield* registerAt(rest, [{ name: "list_repos", url: `${rest.origin}/repos` }])
        const toolkit = RcpAi.toolkit({ strict: true })
        const chat = yield* Chat.empty
        const first = yield* chat.generateText({ prompt: "List my repositories.", toolkit })
        yield* chat.generateText({ prompt: [], toolkit })
        return first
      }).pipe(Effect.provide(model), Effect.provide(clientLayer({ maxResultChars: BUDGET })))

      // The application's part: the whole data.
      assert.deepStrictEqual(first.toolResults.map((part) => part.result), [repos])
      // The model's: the view, within the budget, in the provider's own request.
      const outputs = (JSON.parse(openai.requests[1]!.body) as { input: ReadonlyArray<{ type?: string; output?: string }> })
        .input.filter((item) => item.type === "function_call_output")
      assert.strictEqual(outputs.length, 1)
      const text = outputs[0]!.output!
      assert.isAtMost(text.length, BUDGET)
      const view = JSON.parse(text) as { truncated: string; data: Array<unknown> }
      assert.match(view.truncated, new RegExp(`^The result was shortened to fit ${BUDGET} characters`))
      const kept = view.data.length - 1
      assert.deepStrictEqual(view.data.slice(0, kept), repos.slice(0, kept))
      assert.strictEqual(view.data[kept], `… ${repos.length - kept} more items`)
    }))
})
