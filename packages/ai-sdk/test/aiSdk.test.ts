/**
 * `@rcp-sdk/ai-sdk` with the Vercel AI SDK's own `generateText` and mock language model
 * (`MockLanguageModelV3` from `ai/test`): a scripted model calls rcp tools across steps against a
 * real REST server on 127.0.0.1; resolver values come from `experimental_context`; failures reach
 * the model as the table in docs/providers.md "What the model is told of a failure" says.
 */
import { target } from "#test-target"
import { assert, describe, it } from "../../../test/support/effectVitest.js"
import { generateText, stepCountIs } from "ai"
import { MockLanguageModelV3 } from "ai/test"
import { spawnSync } from "node:child_process"
import { fileURLToPath } from "node:url"
import * as Client from "rcp-sdk/client"
import { agentTools, manifest, RESOLVED_SECRET, type ToolInput } from "../../../test/support/execute.js"
import { json, startServer, type TestServer } from "../../../test/support/server.js"
import { AiSdkToolError, aiSdkTools } from "../src/AiSdk.js"

type Prompt = MockLanguageModelV3["doGenerateCalls"][number]["prompt"]
type Generated = Awaited<ReturnType<MockLanguageModelV3["doGenerate"]>>

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 }
}

const toolCalls = (...calls: ReadonlyArray<readonly [id: string, name: string, input: unknown]>): Generated => ({
  content: calls.map(([toolCallId, toolName, input]) => ({
    type: "tool-call" as const,
    toolCallId,
    toolName,
    input: JSON.stringify(input)
  })),
  finishReason: { unified: "tool-calls", raw: undefined },
  usage,
  warnings: []
})

/** Every tool result the model has been shown so far, as `name: output` lines. */
const resultsIn = (prompt: Prompt): Array<string> =>
  prompt.flatMap((message) =>
    message.role === "tool"
      ? message.content.flatMap((part) =>
        part.type === "tool-result" && "value" in part.output
          ? [`${part.toolName}: ${part.output.type} ${JSON.stringify(part.output.value)}`]
          : []
      )
      : []
  )

/** A model that plays `steps` in order (one per generate call), then answers with what it saw. */
const scriptedModel = (steps: ReadonlyArray<Generated>) => {
  let step = 0
  return new MockLanguageModelV3({
    doGenerate: async (options) => {
      const next = steps[step++]
      if (next !== undefined) return next
      return {
        content: [{ type: "text", text: `Done. I saw:\n${resultsIn(options.prompt).join("\n")}` }],
        finishReason: { unified: "stop", raw: undefined },
        usage,
        warnings: []
      }
    }
  })
}

const tools = (origin: string): Array<ToolInput> => [
  ...agentTools(origin),
  { name: "broken", url: `${origin}/broken` }
]

interface Turn {
  readonly userId?: string
}

const withApi = async (f: (server: TestServer, client: Client.PromiseClient<Turn>) => Promise<void>) => {
  const server = await startServer((req, res) => {
    if (req.path === "/search") return json(res, 200, { courses: [`${req.query.get("q")} 101`] })
    if (req.path === "/broken") return json(res, 500, { trace: "db password=hunter2" })
    return json(res, 201, { enrolled: JSON.parse(req.body).courseId })
  })
  const client = Client.createRcpClient<Turn>({ resolvers: { userId: (turn) => turn.userId }, retry: { retries: 0 } })
  try {
    await client.register(manifest(tools(server.origin)), { url: `${server.origin}/rcp/manifest` })
    await f(server, client)
  } finally {
    await client.close()
    await server.close()
  }
}

describe("@rcp-sdk/ai-sdk", () => {
  it("two tool calls across two steps against a real server; the resolver value from experimental_context", () =>
    withApi(async (server, client) => {
      const model = scriptedModel([
        toolCalls(["c1", "search", { q: "rust" }]),
        toolCalls(["c2", "enroll", { courseId: "rust-101" }])
      ])
      const result = await generateText({
        model,
        tools: await aiSdkTools(client, { context: { userId: "fallback-user" } }),
        experimental_context: { userId: RESOLVED_SECRET } satisfies Turn,
        stopWhen: stepCountIs(5),
        prompt: "Find a rust course and enroll me."
      })
      assert.deepStrictEqual(server.requests.map((r) => `${r.method} ${r.target} ${r.body}`), [
        "GET /search?q=rust ",
        `POST /users/${RESOLVED_SECRET}/enrollments {"courseId":"rust-101"}`
      ])
      assert.strictEqual(
        result.text,
        "Done. I saw:\nsearch: json {\"courses\":[\"rust 101\"]}\nenroll: json {\"enrolled\":\"rust-101\"}"
      )
      assert.strictEqual(result.steps.length, 3)
      // The model was shown each tool's model-facing schema: userId (resolver-bound) is not in it.
      const shown = model.doGenerateCalls[0]!.tools!.map((tool) =>
        tool.type === "function" ? [tool.name, tool.inputSchema] : [tool.type]
      )
      const discovered = await client.tools()
      assert.deepStrictEqual<unknown>(shown, discovered.map((tool) => [tool.name, tool.parameters]))
      assert.notInclude(JSON.stringify(shown), "userId")
    }))

  it("without experimental_context, options.context fills the resolvers", () =>
    withApi(async (server, client) => {
      await generateText({
        model: scriptedModel([toolCalls(["c1", "enroll", { courseId: "go-101" }])]),
        tools: await aiSdkTools(client, { context: { userId: "u-7" } }),
        stopWhen: stepCountIs(3),
        prompt: "Enroll me in go-101."
      })
      assert.deepStrictEqual(server.requests.map((r) => r.target), ["/users/u-7/enrollments"])
    }))

  it("failures reach the model by the table; operator errors also reach onError, and nothing internal leaks", () =>
    withApi(async (server, client) => {
      const reported: Array<unknown> = []
      const result = await generateText({
        model: scriptedModel([
          toolCalls(["c1", "search", { q: 5 }], ["c2", "enroll", { courseId: "x" }], ["c3", "broken", {}])
        ]),
        // No context at all: the resolver has nothing to resolve from.
        tools: await aiSdkTools(client, { onError: (error) => reported.push(error) }),
        stopWhen: stepCountIs(3),
        prompt: "Go."
      })
      assert.strictEqual(
        result.text,
        [
          "Done. I saw:",
          `search: error-text ${JSON.stringify("invalid arguments for tool \"search\":\n- \"q\" must be a string, got a number")}`,
          "enroll: error-text \"The tool \\\"enroll\\\" is unavailable right now.\"",
          "broken: error-text \"The tool \\\"broken\\\" failed on the server (HTTP 500). You may retry later.\""
        ].join("\n")
      )
      assert.deepStrictEqual(reported.map((e) => (e as { _tag: string })._tag).sort(), ["HttpError", "ResolverMissing"])
      assert.deepStrictEqual(server.requests.map((r) => r.target), ["/broken"])
      // The operator also sees each failure in the steps, as the SDK's tool-error with rcp's safe text.
      const errors = result.steps[0]!.content.flatMap((part) => (part.type === "tool-error" ? [part.error] : []))
      assert.strictEqual(errors.length, 3)
      for (const error of errors) assert.instanceOf(error, AiSdkToolError)
      assert.notInclude(JSON.stringify(result.response.messages), "hunter2")
    }))

  it("needsApproval: true follows the client's approval policy; the SDK asks the app instead of running the POST", () =>
    withApi(async (server, client) => {
      const tools = await aiSdkTools(client, { needsApproval: true })
      assert.deepStrictEqual(
        Object.entries(tools).map(([name, tool]) => [name, tool.needsApproval]),
        [["search", false], ["enroll", true], ["broken", false]]
      )
      const result = await generateText({
        model: scriptedModel([toolCalls(["c1", "search", { q: "go" }], ["c2", "enroll", { courseId: "go-101" }])]),
        tools,
        experimental_context: { userId: "u-7" } satisfies Turn,
        stopWhen: stepCountIs(3),
        prompt: "Find a go course and enroll me."
      })
      const requests = result.content.flatMap((part) =>
        part.type === "tool-approval-request" ? [part.toolCall.toolName] : []
      )
      assert.deepStrictEqual(requests, ["enroll"])
      // The GET ran; the POST waits for the app's answer: nothing was sent for it.
      assert.deepStrictEqual(server.requests.map((r) => `${r.method} ${r.target}`), ["GET /search?q=go"])
    }))

  it("without the option no tool needs approval (the SDK's default)", () =>
    withApi(async (_server, client) => {
      const tools = await aiSdkTools(client)
      assert.deepStrictEqual(Object.values(tools).map((tool) => tool.needsApproval), [false, false, false])
    }))

  describe("the ToolSet executes only what it handed the model (#29)", () => {
    it("with tools: a subset, the SDK runs only those; a call to another tool reaches no server", () =>
      withApi(async (server, client) => {
        const all = await client.tools()
        const tools = await aiSdkTools(client, { tools: all.filter((tool) => tool.name === "search") })
        assert.deepStrictEqual(Object.keys(tools), ["search"])
        const result = await generateText({
          model: scriptedModel([toolCalls(["c1", "enroll", { courseId: "x" }], ["c2", "search", { q: "go" }])]),
          tools,
          experimental_context: { userId: RESOLVED_SECRET } satisfies Turn,
          stopWhen: stepCountIs(3),
          prompt: "Go."
        })
        assert.deepStrictEqual(server.requests.map((r) => `${r.method} ${r.target}`), ["GET /search?q=go"])
        assert.notInclude(JSON.stringify(server.requests), RESOLVED_SECRET)
        assert.isTrue(result.steps[0]!.content.some((part) => part.type === "tool-error" && part.toolName === "enroll"))
      }))

    it("a tool changed since the ToolSet was made (same name, new definition) is not executed", () =>
      withApi(async (server, client) => {
        const set = await aiSdkTools(client)
        // The same manifest URL, `enroll` now saying something else: not what the model was shown.
        const changed = tools(server.origin).map((tool) =>
          tool.name === "enroll" ? { ...tool, description: "Enroll the user in everything." } : tool
        )
        await client.register(manifest(changed), { url: `${server.origin}/rcp/manifest` })
        const result = await generateText({
          model: scriptedModel([toolCalls(["c1", "enroll", { courseId: "x" }])]),
          tools: set,
          experimental_context: { userId: RESOLVED_SECRET } satisfies Turn,
          stopWhen: stepCountIs(3),
          prompt: "Go."
        })
        assert.deepStrictEqual(server.requests, [])
        assert.match(result.text, /enroll: error-text "unknown tool \\"enroll\\"/)
      }))

    it("a tool forgotten since the ToolSet was made is not executed", () =>
      withApi(async (server, client) => {
        const tools = await aiSdkTools(client)
        await client.forget(`${server.origin}/rcp/manifest`)
        await client.register(manifest([{ name: "other", url: `${server.origin}/other` }]), { url: `${server.origin}/b/manifest` })
        await generateText({
          model: scriptedModel([toolCalls(["c1", "search", { q: "go" }])]),
          tools,
          stopWhen: stepCountIs(3),
          prompt: "Go."
        })
        assert.deepStrictEqual(server.requests, [])
      }))
  })

  // The built Effect 3 packages in a child process (the Effect 4 line's are loaded by name in test/packedSatellites.test.ts).
  it.skipIf(target !== "effect3")("rcp-sdk/client and rcp-sdk never load `ai` or `@effect/ai`; @rcp-sdk/ai-sdk and @rcp-sdk/effect-ai do", () => {
    const script = `
      import { register } from "node:module"
      register("data:text/javascript," + encodeURIComponent(\`
        const blocked = (s) => s === "ai" || s.startsWith("ai/") || s.startsWith("@ai-sdk/") || s.startsWith("@effect/ai")
        export async function resolve(specifier, context, next) {
          if (blocked(specifier)) throw new Error("blocked: " + specifier)
          return next(specifier, context)
        }\`))
      const client = await import("rcp-sdk/client")
      await import("rcp-sdk")
      const failed = await import("@rcp-sdk/ai-sdk").then(() => "loaded", (e) => e.message)
      const effectAi = await import("@rcp-sdk/effect-ai").then(() => "loaded", (e) => e.message)
      console.log(typeof client.toGeminiTools, failed, effectAi)
    `
    const run = spawnSync(process.execPath, ["--input-type=module", "-e", script], {
      cwd: fileURLToPath(new URL("../../..", import.meta.url)),
      encoding: "utf8",
      timeout: 20_000
    })
    assert.strictEqual(run.status, 0, run.stderr)
    assert.match(run.stdout.trim(), /^function blocked: ai blocked: @effect\/ai\//)
  })
})
