/**
 * `rcp tools --tokens` as an operator runs it (the built `dist/bin.js` in a child process against a
 * real server on 127.0.0.1): each tool's tokens and the total in the format's provider, checked
 * against gpt-tokenizer called here on the same tools (the oracle), text and --json.
 */
import { assert, describe, it } from "@effect/vitest"
import { countChatCompletionTokens, countTokens } from "gpt-tokenizer/model/gpt-4o"
import { mkdtempSync, openSync, closeSync, ftruncateSync, statSync } from "node:fs"
import { createRequire } from "node:module"
import { tmpdir } from "node:os"
import { join } from "node:path"
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
      }, {
        // An optional param: strict mode's schema differs (required, nullable).
        name: "search_courses",
        description: "Search courses by level.",
        method: "GET",
        params: [{ name: "level", type: "string", enum: ["beginner", "advanced"], required: false, description: "The level." }],
        url: `${server.origin}/courses`,
        queryParams: { level: "{{level}}" }
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
      // Each tool's share, then the list's own tokens: the rows add up to the total.
      const counts = lines.slice(0, -2).map((line) => Number(line.split(/ +/).at(-1)))
      assert.strictEqual(lines.at(-3)!.split(/ +/)[0], "(list)")
      assert.strictEqual(counts.reduce((sum, n) => sum + n, 0), total)
      assert.strictEqual(doc.overhead, counts.at(-1))
      // A share is what the tool adds to a list of the others (the oracle: the tokenizer on the functions).
      const without = countChatCompletionTokens!({ messages: [], functions: functions.slice(1) } as Request) - empty
      assert.strictEqual(doc.tools[0].tokens, total - without)
    }))

  it("--format openai-strict counts the strict-mode schemas it prints; openai-responses the functions as openai", () =>
    withServer(async (url) => {
      const tools: Array<Client.ModelTool> = JSON.parse((await rcp(["tools", url])).stdout)
      const empty = countChatCompletionTokens!({ messages: [] })
      type Request = Parameters<NonNullable<typeof countChatCompletionTokens>>[0]
      const count = (functions: ReadonlyArray<unknown>) => countChatCompletionTokens!({ messages: [], functions } as Request) - empty
      const strict = JSON.parse((await rcp(["tools", url, "--format", "openai-strict", "--tokens", "--json"])).stdout)
      const printed: Array<{ function: unknown }> = JSON.parse((await rcp(["tools", url, "--format", "openai-strict"])).stdout)
      assert.strictEqual(strict.total, count(printed.map((tool) => tool.function)))
      const plain = JSON.parse((await rcp(["tools", url, "--format", "openai", "--tokens", "--json"])).stdout)
      assert.notStrictEqual(strict.total, plain.total)
      const responses = JSON.parse((await rcp(["tools", url, "--format", "openai-responses", "--tokens", "--json"])).stdout)
      assert.strictEqual(responses.total, plain.total)
      assert.strictEqual(plain.total, count(Client.toOpenAiTools(tools).map((tool) => tool.function)))
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
      assert.deepStrictEqual(doc.tokens, { provider: "openai", encoding: "o200k_base", estimate: false, total: counted.total, overhead: counted.overhead })
      // Without --tokens nothing is counted (the tokenizer is not loaded).
      const without = JSON.parse((await rcp(["describe", url, "--json"])).stdout)
      assert.notProperty(without, "tokens")
      assert.notProperty(without.tools[0], "tokens")
    }))
})

describe("a big API's manifest from a file", () => {
  const tmp = mkdtempSync(join(tmpdir(), "rcp-tokens-"))

  it("rcp import writes GitHub's (2 MB and more); rcp tools --tokens reads it back, its total the import's own count", async () => {
    const spec = createRequire(import.meta.url).resolve("@octokit/openapi/generated/api.github.com.json")
    const out = join(tmp, "github.json")
    const imported = await rcp(["import", spec, "--out", out])
    assert.strictEqual(imported.status, 0, imported.stderr)
    assert.isAbove(statSync(out).size, 2 * 1024 * 1024)
    const warned = /about ([\d,]+) tokens of tool definitions per turn for (\d+) tools/.exec(imported.stderr)
    assert.isNotNull(warned, imported.stderr)
    const run = await rcp(["tools", out, "--tokens", "--json"])
    assert.strictEqual(run.status, 0, run.stderr)
    const doc = JSON.parse(run.stdout)
    assert.strictEqual(doc.total, Number(warned![1]!.replaceAll(",", "")))
    assert.strictEqual(doc.tools.length, Number(warned![2]))
    const described = await rcp(["describe", out, "--tokens", "--json"])
    assert.strictEqual(described.status, 0, described.stderr)
    assert.strictEqual(JSON.parse(described.stdout).tokens.total, doc.total)
  }, 60_000)

  it("a file past the 32 MiB spec cap is refused before it is read", async () => {
    // Sparse: 33 MiB by its size, nothing written.
    const big = join(tmp, "big.json")
    const fd = openSync(big, "w")
    ftruncateSync(fd, 33 * 1024 * 1024)
    closeSync(fd)
    const run = await rcp(["tools", big, "--tokens"])
    assert.strictEqual(run.status, 1)
    assert.include(run.stderr, `${big} is larger than the 33554432-byte manifest limit`)
  })
})
