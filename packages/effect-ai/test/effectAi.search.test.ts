/**
 * `@rcp-sdk/effect-ai` in search mode (`toolkit({ session })`, docs/big-apis.md) with the AI
 * module's own `LanguageModel.generateText` (on Effect 3 and Effect 4) and a scripted provider: the first turn's toolkit holds only
 * `search_tools`; the next turn's holds what the search found, whose call runs against a real
 * server on 127.0.0.1 with the resolver's value.
 */
import { LanguageModel, type Prompt, scripted as provider } from "#ai-test-target"
import * as Effect from "effect/Effect"
import * as Client from "rcp-sdk/client"
import { assert, describe, it } from "../../../test/support/effectVitest.js"
import { agentTools, clientLayer, registerAt } from "../../../test/support/execute.js"
import { json, testServer } from "../../../test/support/server.js"
import * as RcpAi from "../src/EffectAi.js"

/** A provider answering `script(prompt)` and recording the names of the tools it was given. */
const scripted = (script: Parameters<typeof provider>[0]) => {
  const model = provider(script)
  return {
    get offered() {
      return model.calls.map((options) => options.tools.map((tool) => tool.name))
    },
    layer: model.layer
  }
}

const hasToolResult = (prompt: Prompt.Prompt) => prompt.content.some((message) => message.role === "tool")

describe("@rcp-sdk/effect-ai search mode", () => {
  it.scoped("turn 1 offers search_tools only; turn 2 offers what it found and runs it with the resolver's value", () =>
    Effect.gen(function*() {
      const server = yield* testServer((req, res) => json(res, 201, { path: req.path, body: req.body }))
      yield* Effect.gen(function*() {
        yield* registerAt(server, agentTools(server.origin))
        const session = yield* Client.searchSession()

        const first = scripted((prompt) =>
          hasToolResult(prompt) ? [{ type: "text", text: "found it" }] : [{
            type: "tool-call",
            id: "s1",
            name: "search_tools",
            params: { query: "sign me up for a course" }
          }]
        )
        const searched = yield* LanguageModel.generateText({
          prompt: "Enroll me in Rust 101",
          toolkit: RcpAi.toolkit({ session })
        }).pipe(Effect.provide(first.layer))
        assert.deepStrictEqual(first.offered[0], ["search_tools"])
        const found = searched.toolResults[0]!.result as { tools: Array<{ name: string; parameters: Client.ModelTool["parameters"] }> }
        assert.strictEqual(found.tools[0]?.name, "enroll")
        // The resolver-bound userId is not in what the search shows.
        assert.deepStrictEqual(Object.keys(found.tools[0]!.parameters.properties), ["courseId"])

        const second = scripted((prompt) =>
          hasToolResult(prompt) ? [{ type: "text", text: "enrolled" }] : [{
            type: "tool-call",
            id: "e1",
            name: "enroll",
            params: { courseId: "rust-101" }
          }]
        )
        const enrolled = yield* LanguageModel.generateText({
          prompt: "Enroll me in Rust 101",
          toolkit: RcpAi.toolkit({ session })
        }).pipe(Effect.provide(second.layer))
        assert.includeMembers(second.offered[0]!, ["search_tools", "enroll"])
        assert.deepStrictEqual(enrolled.toolResults[0]!.result, { path: "/users/u-7/enrollments", body: "{\"courseId\":\"rust-101\"}" })
      }).pipe(Effect.provide(clientLayer({}, { userId: () => "u-7" })))
      assert.deepStrictEqual(server.requests.map((r) => `${r.method} ${r.path}`), ["POST /users/u-7/enrollments"])
    }))

  it.effect("a session is not given with `tools` (a defect: the session is the set the model sees)", () =>
    Effect.gen(function*() {
      const session = yield* Client.searchSession()
      const exit = yield* Effect.exit(RcpAi.toolkit({ session, tools: [] }))
      assert.isTrue(exit._tag === "Failure" && String(exit.cause).includes("toolkit: give either `tools` or `session`, not both"), String(exit))
    }).pipe(Effect.provide(clientLayer({}, {}))))
})
