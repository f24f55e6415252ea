/**
 * `rcp import`'s size warning (docs/big-apis.md): GitHub's OpenAPI document (1,223 tools) is told
 * it is too big to hand a model whole, with its tokens counted as OpenAI bills them — checked here
 * with gpt-tokenizer on the same model-facing tools (the oracle); a small API gets no warning.
 */
import { assert, describe, it } from "../../../test/support/effectVitest.js"
import { countChatCompletionTokens } from "gpt-tokenizer/model/gpt-4o"
import { createRequire } from "node:module"
import * as Path from "node:path"
import * as Client from "rcp-sdk/client"
import * as Cli from "../src/Cli.js"

const require = createRequire(import.meta.url)
const github = Path.join(Path.dirname(require.resolve("@octokit/openapi/package.json")), "generated/api.github.com.json")
const petstore = require.resolve("@readme/oas-examples/3.0/json/petstore.json")

describe("rcp import: the size warning", () => {
  it("GitHub: the tokens of its definitions, with the way out; the tool count said once (the import's own warning)", async () => {
    const output = await Cli.importCommand({ source: github })
    assert.strictEqual(output.exitCode, 0)
    const client = Client.createRcpClient()
    try {
      const { tools } = await client.register(JSON.parse(output.stdout), { url: "https://api.github.com/openapi.json" })
      const functions = Client.toOpenAiTools(tools).map((tool) => tool.function)
      type Request = Parameters<NonNullable<typeof countChatCompletionTokens>>[0]
      const tokens = countChatCompletionTokens!({ messages: [], functions } as Request) -
        countChatCompletionTokens!({ messages: [] })
      const last = output.stderr.trimEnd().split("\n").at(-1)
      assert.strictEqual(
        last,
        `warning: about ${tokens.toLocaleString("en-US")} tokens of tool definitions per turn for ${tools.length} tools ` +
          "(o200k_base, OpenAI's format): more than a model should be given at once — " +
          "give it search_tools instead (search mode, docs/big-apis.md) or import fewer operations (--include, --exclude: tag:NAME, an operationId or a /path/glob)"
      )
      assert.lengthOf(output.stderr.split("\n").filter((line) => line.includes("over the 128")), 1)
      assert.strictEqual(tools.length, 1223)
    } finally {
      await client.close()
    }
  }, 120_000)

  it("a small API (the petstore, 19 tools): no size warning", async () => {
    const output = await Cli.importCommand({ source: petstore, baseUrl: "https://petstore.example.com" })
    assert.strictEqual(output.exitCode, 0)
    assert.notInclude(output.stderr, "tokens of tool definitions")
  })
})
