/**
 * What the AI SDK's model reads of a result (docs/results.md), with `generateText` and the SDK's
 * own mock model against a real REST server on 127.0.0.1: the tool's output — what the
 * application's steps hold — is the whole data; the prompt's tool result is the model's view
 * (`toModelOutput`), within the client's budget: a JSON body's shaped value, any other body's
 * text. A tool's `outputSchema` is declared on the AI SDK tool.
 */
import { afterAll, assert, beforeAll, describe, it } from "../../../test/support/effectVitest.js"
import { generateText, stepCountIs } from "ai"
import { MockLanguageModelV3 } from "ai/test"
import * as Client from "rcp-sdk/client"
import { manifest } from "../../../test/support/execute.js"
import { json, startServer, type TestServer } from "../../../test/support/server.js"
import { aiSdkTools } from "../src/AiSdk.js"

type Generated = Awaited<ReturnType<MockLanguageModelV3["doGenerate"]>>
type Prompt = MockLanguageModelV3["doGenerateCalls"][number]["prompt"]

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 }
}

const repos = Array.from({ length: 400 }, (_, id) => ({ id, name: `repo-${id}`, description: "y".repeat(40) }))
const REPO_LIST = { type: "array", items: { type: "object", properties: { id: { type: "integer" } }, required: ["id"] } }
const BUDGET = 1_500

let server: TestServer
beforeAll(async () => {
  server = await startServer((req, res) => {
    if (req.path === "/repos") return json(res, 200, repos)
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" })
    res.end("<html><body><h1>Release notes</h1><p>Fixed <b>everything</b>.</p></body></html>")
  })
})
afterAll(() => server.close())

const api = () =>
  manifest([
    { name: "list_repos", url: `${server.origin}/repos`, outputSchema: REPO_LIST } as never,
    { name: "notes", url: `${server.origin}/notes` }
  ])

/** A model that calls `calls` in its first step, then stops. */
const modelCalling = (...calls: ReadonlyArray<readonly [id: string, name: string]>) => {
  let step = 0
  return new MockLanguageModelV3({
    doGenerate: async (): Promise<Generated> =>
      step++ === 0
        ? {
          content: calls.map(([toolCallId, toolName]) => ({ type: "tool-call" as const, toolCallId, toolName, input: "{}" })),
          finishReason: { unified: "tool-calls", raw: undefined },
          usage,
          warnings: []
        }
        : { content: [{ type: "text", text: "ok" }], finishReason: { unified: "stop", raw: undefined }, usage, warnings: [] }
  })
}

/** The tool results of a prompt, by call id, as the provider would get them. */
const toolOutputs = (prompt: Prompt) =>
  new Map(prompt.flatMap((message) =>
    message.role === "tool"
      ? message.content.flatMap((part) => part.type === "tool-result" ? [[part.toolCallId, part.output] as const] : [])
      : []
  ))

const withClient = async (f: (client: Client.PromiseClient<unknown>) => Promise<void>) => {
  const client = Client.createRcpClient({ maxResultChars: BUDGET, retry: { retries: 0 } })
  try {
    await client.register(api(), { url: `${server.origin}/rcp/manifest` })
    await f(client)
  } finally {
    await client.close()
  }
}

describe("@rcp-sdk/ai-sdk: results", () => {
  it("the application's output is the whole data; the model's prompt gets the view within the budget", () =>
    withClient(async (client) => {
      const model = modelCalling(["c1", "list_repos"], ["c2", "notes"])
      const result = await generateText({ model, tools: await aiSdkTools(client), stopWhen: stepCountIs(3), prompt: "List." })
      const outputs = new Map(result.steps[0]!.toolResults.map((part) => [part.toolCallId, part.output]))
      assert.deepStrictEqual(outputs.get("c1"), repos)
      assert.strictEqual(outputs.get("c2"), "<html><body><h1>Release notes</h1><p>Fixed <b>everything</b>.</p></body></html>")

      const shown = toolOutputs(model.doGenerateCalls[1]!.prompt)
      const list = shown.get("c1")!
      assert.strictEqual(list.type, "json")
      const value = (list as unknown as { value: { truncated: string; data: Array<unknown> } }).value
      assert.isAtMost(JSON.stringify(value).length, BUDGET)
      assert.match(value.truncated, new RegExp(`^The result was shortened to fit ${BUDGET} characters`))
      const kept = value.data.length - 1
      assert.deepStrictEqual(value.data.slice(0, kept), repos.slice(0, kept))
      assert.strictEqual(value.data[kept], `… ${repos.length - kept} more items`)
      // An HTML body is read as Markdown text.
      assert.deepStrictEqual<unknown>(shown.get("c2"), { type: "text", value: "# Release notes\n\nFixed **everything**." })
    }))

  it("outputSchema is declared on the tool; a view asked for a call this tool set did not run is the output shaped with the default budget", () =>
    withClient(async (client) => {
      const tools = await aiSdkTools(client)
      const listRepos = tools["list_repos"]!
      assert.deepStrictEqual<unknown>((listRepos.outputSchema as { jsonSchema: unknown }).jsonSchema, REPO_LIST)
      assert.isUndefined(tools["notes"]!.outputSchema)
      // A conversation restored from UI messages: the SDK converts the stored output again.
      const big = Array.from({ length: 5_000 }, (_, id) => ({ id, name: `r-${id}` }))
      const output = await listRepos.toModelOutput!({ toolCallId: "elsewhere", input: {}, output: big })
      assert.strictEqual(output.type, "json")
      const value = (output as unknown as { value: { truncated: string } }).value
      assert.isAtMost(JSON.stringify(value).length, 40_000)
      assert.match(value.truncated, /^The result was shortened to fit 40000 characters/)
    }))
})
