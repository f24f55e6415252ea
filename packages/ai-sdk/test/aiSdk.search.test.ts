/**
 * `@rcp-sdk/ai-sdk` search mode (`aiSdkSearchTools`, docs/big-apis.md) with the AI SDK's own
 * `generateText` and mock model: the first step offers only `search_tools`; after a search the
 * tool it found is offered and called against a real server on 127.0.0.1; a tool the model was
 * never given fails as unknown with nothing sent.
 */
import { assert, describe, it } from "../../../test/support/effectVitest.js"
import { generateText, stepCountIs } from "ai"
import { MockLanguageModelV3 } from "ai/test"
import * as Client from "rcp-sdk/client"
import { agentTools, manifest } from "../../../test/support/execute.js"
import { json, startServer } from "../../../test/support/server.js"
import { aiSdkSearchTools, type AiSdkSearchToolsOptions } from "../src/AiSdk.js"

type Generated = Awaited<ReturnType<MockLanguageModelV3["doGenerate"]>>
type Call = MockLanguageModelV3["doGenerateCalls"][number]

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 }
}

const toolCall = (toolCallId: string, toolName: string, input: unknown): Generated => ({
  content: [{ type: "tool-call", toolCallId, toolName, input: JSON.stringify(input) }],
  finishReason: { unified: "tool-calls", raw: undefined },
  usage,
  warnings: []
})

const done: Generated = { content: [{ type: "text", text: "done" }], finishReason: { unified: "stop", raw: undefined }, usage, warnings: [] }

/** The names of the tools the provider was sent on one step. */
const offered = (call: Call): Array<string> => (call.tools ?? []).map((tool) => tool.name)

/** Every tool result of the last step's prompt, as `name: type text`. */
const results = (call: Call): Array<string> =>
  call.prompt.flatMap((message) =>
    message.role === "tool"
      ? message.content.flatMap((part) =>
        part.type === "tool-result" && "value" in part.output ? [`${part.toolName}: ${part.output.type}`] : []
      )
      : []
  )

describe("aiSdkSearchTools", () => {
  it("step 1 offers search_tools alone; the found tool is offered and runs with the turn's context; a guessed tool is refused, nothing sent", async () => {
    const server = await startServer((req, res) => json(res, 201, { path: req.path, body: req.body }))
    const client = Client.createRcpClient<{ readonly userId: string }>({ resolvers: { userId: (turn) => turn.userId } })
    try {
      await client.register(manifest(agentTools(server.origin)), { url: `${server.origin}/rcp/manifest` })
      const { prepareStep, tools } = await aiSdkSearchTools(client)
      const steps = [
        toolCall("c0", "enroll", { courseId: "guessed" }),
        toolCall("c1", "search_tools", { query: "sign me up for a course" }),
        toolCall("c2", "enroll", { courseId: "rust-101" }),
        done
      ]
      let step = 0
      const model = new MockLanguageModelV3({ doGenerate: async () => steps[step++]! })
      await generateText({
        model,
        tools,
        prepareStep,
        experimental_context: { userId: "u-42" },
        stopWhen: stepCountIs(6),
        prompt: "Enroll me in Rust 101"
      })
      const calls = model.doGenerateCalls
      assert.deepStrictEqual(offered(calls[0]!), ["search_tools"])
      assert.deepStrictEqual(offered(calls[1]!), ["search_tools"])
      assert.include(offered(calls[2]!), "enroll")
      // The guess was an error result for the model; the search and the enrollment succeeded.
      const seen = results(calls[3]!)
      assert.strictEqual(seen[0], "enroll: error-text")
      assert.deepStrictEqual(seen.slice(1), ["search_tools: json", "enroll: json"])
      assert.deepStrictEqual(server.requests.map((r) => `${r.method} ${r.path} ${r.body}`), [
        "POST /users/u-42/enrollments {\"courseId\":\"rust-101\"}"
      ])
    } finally {
      await client.close()
      await server.close()
    }
  })

  it("searches only the tools the `tags` and `apis` options leave: a tool outside them is never offered", async () => {
    const server = await startServer((req, res) => json(res, 201, { path: req.path }))
    const client = Client.createRcpClient<{ readonly userId: string }>({ resolvers: { userId: (turn) => turn.userId } })
    const url = `${server.origin}/rcp/manifest`
    try {
      const tools = agentTools(server.origin).map((tool) => ({ ...tool, tags: tool.name === "enroll" ? ["courses"] : ["catalogue"] }))
      await client.register(manifest(tools), { url })
      const offeredAfterSearch = async (options: AiSdkSearchToolsOptions<{ readonly userId: string }>) => {
        const { prepareStep, tools } = await aiSdkSearchTools(client, options)
        const steps = [toolCall("c1", "search_tools", { query: "sign me up for a course" }), done]
        let step = 0
        const model = new MockLanguageModelV3({ doGenerate: async () => steps[step++]! })
        await generateText({ model, tools, prepareStep, experimental_context: { userId: "u-1" }, stopWhen: stepCountIs(3), prompt: "Enroll me" })
        return offered(model.doGenerateCalls[1]!)
      }
      assert.notInclude(await offeredAfterSearch({ tags: ["catalogue"] }), "enroll")
      assert.notInclude(await offeredAfterSearch({ apis: ["http://127.0.0.1:9/rcp/manifest"] }), "enroll")
      assert.include(await offeredAfterSearch({ tags: ["courses"], apis: [url] }), "enroll")
      assert.deepStrictEqual(server.requests, [])
    } finally {
      await client.close()
      await server.close()
    }
  })
})
