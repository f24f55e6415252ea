/**
 * `rcp tools --tokens` as an operator runs it (the built `dist/bin.js` in a child process against a
 * real server on 127.0.0.1): each tool's tokens and the total in the format's provider, checked
 * against gpt-tokenizer called here on the same tools (the oracle), text and --json.
 */
import { assert, describe, it } from "@effect/vitest"
import { countChatCompletionTokens, countTokens } from "gpt-tokenizer/model/gpt-4o"
import * as Client from "rcp-sdk/client"
import { profileManifest } from "../../../test/support/fixtures.js"
import { rcp } from "../../../test/support/process.js"
import { json, startServer } from "../../../test/support/server.js"

const withServer = async (f: (url: string) => Promise<void>) => {
  const server = await startServer((req, res) =>
    req.path === "/rcp/manifest"
      ? json(res, 200, profileManifest(server.origin, [{
        name: "list_courses",
        description: "List courses.",
        method: "GET",
        params: [],
        url: `${server.origin}/courses`
      }]))
      : json(res, 404, {})
  )
  try {
    await f(server.url("/rcp/manifest"))
  } finally {
    await server.close()
  }
}

describe("rcp tools --tokens", () => {
  it("OpenAI: the billed count of the functions, per tool and in all; --json carries the same", () =>
    withServer(async (url) => {
      const tools: Array<Client.ModelTool> = JSON.parse((await rcp(["tools", url, "--allow-http"])).stdout)
      const functions = Client.toOpenAiTools(tools).map((tool) => tool.function)
      const empty = countChatCompletionTokens!({ messages: [] })
      // Our readonly schema types against the tokenizer's own request type: the same JSON.
      type Request = Parameters<NonNullable<typeof countChatCompletionTokens>>[0]
      const total = countChatCompletionTokens!({ messages: [], functions } as Request) - empty
      const run = await rcp(["tools", url, "--tokens", "--json"])
      assert.strictEqual(run.status, 0, run.stderr)
      const doc = JSON.parse(run.stdout)
      assert.strictEqual(doc.total, total)
      assert.strictEqual(doc.provider, "openai")
      assert.strictEqual(doc.estimate, false)
      assert.deepStrictEqual(doc.tools.map((t: { name: string }) => t.name), tools.map((t) => t.name))
      const text = await rcp(["tools", url, "--tokens"])
      assert.strictEqual(text.status, 0, text.stderr)
      const lines = text.stdout.trimEnd().split("\n")
      assert.match(lines.at(-2)!, new RegExp(`^total +${total}$`))
      assert.strictEqual(lines.at(-1), `${tools.length} tools, openai format, o200k_base`)
      assert.match(lines[0]!, /^get_profile +\d+$/)
    }))

  it("Anthropic: an estimate, o200k_base over the tools as Anthropic's format sends them", () =>
    withServer(async (url) => {
      const tools: Array<Client.ModelTool> = JSON.parse((await rcp(["tools", url])).stdout)
      const doc = JSON.parse((await rcp(["tools", url, "--format", "anthropic", "--tokens", "--json"])).stdout)
      assert.strictEqual(doc.total, countTokens(JSON.stringify(Client.toAnthropicTools(tools))))
      assert.strictEqual(doc.estimate, true)
      const text = (await rcp(["tools", url, "--format", "anthropic", "--tokens"])).stdout
      assert.include(text, "anthropic format, o200k_base (an estimate: the provider's tokenizer is not published)")
    }))
})

describe("rcp describe --tokens", () => {
  it("the description, then each tool's tokens and the total as rcp tools --tokens counts them; --json gives each tool its count", () =>
    withServer(async (url) => {
      const counted = JSON.parse((await rcp(["tools", url, "--tokens", "--json"])).stdout)
      const plain = await rcp(["describe", url])
      assert.strictEqual(plain.status, 0, plain.stderr)
      const run = await rcp(["describe", url, "--tokens"])
      assert.strictEqual(run.status, 0, run.stderr)
      // The description as without --tokens, a blank line, then the lines of `rcp tools --tokens`.
      assert.isTrue(run.stdout.startsWith(plain.stdout), run.stdout)
      const text = (await rcp(["tools", url, "--tokens"])).stdout
      assert.strictEqual(run.stdout, `${plain.stdout}\n${text}`)
      assert.match(text, new RegExp(`^total +${counted.total}$`, "m"))
      assert.include(text, "openai format, o200k_base")

      const doc = JSON.parse((await rcp(["describe", url, "--tokens", "--json"])).stdout)
      assert.deepStrictEqual(
        doc.tools.map((t: { name: string; tokens: number }) => [t.name, t.tokens]),
        counted.tools.map((t: { name: string; tokens: number }) => [t.name, t.tokens])
      )
      assert.deepStrictEqual(doc.tokens, { provider: "openai", encoding: "o200k_base", estimate: false, total: counted.total })
      // Without --tokens nothing is counted (the tokenizer is not loaded).
      const without = JSON.parse((await rcp(["describe", url, "--json"])).stdout)
      assert.notProperty(without, "tokens")
      assert.notProperty(without.tools[0], "tokens")
    }))
})
