/**
 * shape(): the model's view of a result, from responses served by a real HTTP server on 127.0.0.1
 * (their bytes and headers as a client receives them): JSON shrunk to the budget with its notes,
 * a next page named by the tool's own params, the model's fields, HTML as Markdown, text clipped,
 * binary described and never sent, a token budget counted by o200k.
 */
import { afterAll, assert, beforeAll, describe, it } from "../support/effectVitest.js"
import { countTokens } from "gpt-tokenizer"
import type * as http from "node:http"
import * as Body from "../../src/internal/result/body.js"
import * as Budget from "../../src/internal/result/budget.js"
import * as Fields from "../../src/internal/result/fields.js"
import type { PagingTool } from "../../src/internal/result/pages.js"
import * as Shape from "../../src/internal/result/shape.js"
import { startServer, type TestServer } from "../support/server.js"
import * as Fixtures from "../../bench/responses.js"

const repos = Fixtures.githubRepositories()
const charges = Fixtures.stripeCharges()
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...Array.from({ length: 2000 }, (_, i) => i % 256)])

// Every name has characters of two, three and four UTF-8 bytes: bytes and characters differ.
const MENU = Array.from({ length: 400 }, (_, i) => ({ id: i, name: `Crème brûlée n°${i} — 🍮 ${"é".repeat(20)}` }))

const send = (res: http.ServerResponse, type: string, body: string | Buffer, headers: Record<string, string> = {}) => {
  res.writeHead(200, { "content-type": type, ...headers })
  res.end(body)
}

let server: TestServer
beforeAll(async () => {
  server = await startServer((request, res) => {
    const page = Number(request.query.get("page") ?? "1")
    switch (request.path) {
      case "/user/repos":
        return send(res, "application/json; charset=utf-8", JSON.stringify(repos), {
          link: `<${server.origin}/user/repos?per_page=100&page=${page + 1}>; rel="next", <${server.origin}/user/repos?per_page=100&page=9>; rel="last"`
        })
      case "/v1/charges":
        return send(res, "application/json", JSON.stringify(charges, null, 2))
      case "/status":
        return send(res, "text/html; charset=utf-8", "<html><body><h1>Status</h1><p>All systems <b>operational</b>.</p><script>x()</script></body></html>")
      case "/logo.png":
        return send(res, "image/png", PNG)
      case "/menu":
        return send(res, "application/json; charset=utf-8", JSON.stringify(MENU))
      case "/log":
        return send(res, "text/plain", `${"line of the log\n".repeat(10_000)}`)
      default:
        res.writeHead(204)
        res.end()
    }
  })
})
afterAll(() => server.close())

interface Received {
  readonly input: Shape.ShapeInput
}

/** A response as the client reads it (docs/protocol.md §3.7, `Body.read`): JSON by content type, text, HTML or bytes. */
const fetched = async (path: string, args: Record<string, unknown> = {}): Promise<Received> => {
  const url = server.url(path)
  const response = await fetch(url)
  const body = new Uint8Array(await response.arrayBuffer())
  const headers: Record<string, string> = {}
  response.headers.forEach((value, name) => {
    headers[name] = value
  })
  const read = Body.read(headers["content-type"], body)!
  const json = read.kind === "json" ? read.data : undefined
  return { input: { status: response.status, headers, kind: read.kind, data: read.data, json, fullChars: read.chars, requestUrl: url, args } }
}

const tool = (name: string, visible: Record<string, "string" | "number" | "boolean">, queryParams: Record<string, string> = {}): PagingTool => ({
  name,
  visible: new Map(Object.entries(visible)),
  queryParams: new Map(Object.entries(queryParams))
})

const chars = (maxResultChars: number) => Budget.effective({ call: { maxResultChars } })

describe("shape", () => {
  it("GitHub's list: the first repositories within the default budget, the next page as page=2 of list_repos", async () => {
    const { input } = await fetched("/user/repos?per_page=100&page=1", { per_page: 100 })
    const listRepos = tool("list_repos", { per_page: "number", page: "number" }, { per_page: "per_page", page: "page" })
    const result = Shape.shape(input, { budget: Budget.effective({}), tool: listRepos })
    assert.isAtMost(result.text.length, 40_000)
    assert.strictEqual(result.kind, "json")
    const view = JSON.parse(result.text) as { truncated: string; nextPage: string; data: Array<unknown> }
    assert.deepStrictEqual(Object.keys(view), ["truncated", "nextPage", "data"])
    const shown = view.data.length - 1
    assert.deepStrictEqual(view.data.slice(0, shown), repos.slice(0, shown))
    assert.strictEqual(
      view.nextPage,
      `There are more results: call list_repos again with the same arguments and page set to 2. This page was shortened: you saw ${shown} of its 100 items, and the next page starts after all 100 (lower per_page to see a page whole).`
    )
    assert.deepStrictEqual(result.nextPage?.set, { page: 2 })
    assert.strictEqual(result.truncated?._tag, "Json")
    assert.notInclude(result.text, server.origin, "no URL the model cannot call")
  })

  it("Stripe, pretty-printed: the next page starts after the last charge the model saw", async () => {
    const { input } = await fetched("/v1/charges")
    const listCharges = tool("list_charges", { limit: "number", starting_after: "string" })
    const result = Shape.shape(input, { budget: chars(8_000), tool: listCharges })
    assert.isAtMost(result.text.length, 8_000)
    const view = JSON.parse(result.text) as { nextPage: string; data: { data: Array<{ id: string }>; has_more: boolean } }
    const shown = view.data.data.slice(0, -1)
    assert.isAtLeast(shown.length, 1)
    assert.strictEqual(
      view.nextPage,
      `There are more results: call list_charges again with the same arguments and starting_after set to "${shown.at(-1)!.id}".`
    )
    // The application's record of the page is the API's: after the last charge of the whole page.
    assert.deepStrictEqual(result.nextPage?.set, { starting_after: charges.data.at(-1)!.id })
  })

  it("with the model's fields the whole page fits: no truncation, the next page after the 100th", async () => {
    const { input } = await fetched("/v1/charges")
    const listCharges = tool("list_charges", { limit: "number", starting_after: "string" })
    const parsed = Fields.parse(["@data[*].id", "@data[*].amount", "@data[*].status", "@has_more", "@data[*].refunds"])
    assert.strictEqual(parsed._tag, "Ok")
    const fields = (parsed as { selection: Fields.Selection }).selection
    const result = Shape.shape(input, { budget: Budget.effective({}), tool: listCharges, fields })
    assert.isUndefined(result.truncated)
    const view = JSON.parse(result.text) as { fields: string; nextPage: string; data: { data: Array<unknown>; has_more: boolean } }
    assert.deepStrictEqual(Object.keys(view), ["fields", "nextPage", "data"])
    assert.strictEqual(view.fields, `Nothing was found at "@data[*].refunds".`)
    assert.deepStrictEqual(view.data.data, charges.data.map(({ amount, id, status }) => ({ id, amount, status })))
    assert.include(view.nextPage, `starting_after set to "${charges.data.at(-1)!.id}"`)
  })

  it("HTML: Markdown for the model, scripts gone", async () => {
    const { input } = await fetched("/status")
    const result = Shape.shape(input, { budget: Budget.effective({}), tool: tool("status", {}) })
    assert.deepStrictEqual([result.kind, result.text], ["html", "# Status\n\nAll systems **operational**."])
  })

  it("binary: its type and size, never its bytes", async () => {
    const { input } = await fetched("/logo.png")
    const result = Shape.shape(input, { budget: Budget.effective({}), tool: tool("logo", {}) })
    assert.strictEqual(result.kind, "binary")
    assert.strictEqual(result.text, `The response is binary ("image/png", ${PNG.length} bytes); its content is not shown to you.`)
  })

  it("text: clipped on a code point, saying how much was left out", async () => {
    const { input } = await fetched("/log")
    const result = Shape.shape(input, { budget: chars(1_000), tool: tool("log", {}) })
    assert.isAtMost(result.text.length, 1_000)
    // Kept: the budget less the marker (sized for the whole text's count of digits).
    const kept = 1_000 - "… [+160000 chars]".length
    assert.deepStrictEqual(result.truncated, { _tag: "Text", omittedChars: 160_000 - kept, fullChars: 160_000 })
    assert.isTrue(result.text.endsWith(`… [+${160_000 - kept} chars]`))
  })

  it("a token budget: counted by o200k, within it", async () => {
    const { input } = await fetched("/user/repos?per_page=100&page=1")
    const listRepos = tool("list_repos", { per_page: "number", page: "number" })
    const budget = Budget.effective({ client: { maxResultTokens: 3_000 } })
    const result = Shape.shape(input, { budget, tool: listRepos, countTokens })
    assert.strictEqual(result.tokens, countTokens(result.text))
    assert.isAtMost(result.tokens!, 3_000)
  })

  it("the note counts the body in characters, as the budget does, not in bytes", async () => {
    const { input } = await fetched("/menu")
    const text = JSON.stringify(MENU)
    assert.notStrictEqual(new TextEncoder().encode(text).length, text.length)
    const result = Shape.shape(input, { budget: chars(2_000), tool: tool("menu", {}) })
    const view = JSON.parse(result.text) as { truncated: string }
    assert.include(view.truncated, `fit 2000 characters (it had ${text.length})`)
    assert.strictEqual(result.truncated?._tag === "Json" ? result.truncated.cut.fullChars : undefined, text.length)
  })

  it("no content, and the same text every time", async () => {
    const empty = await fetched("/nothing")
    assert.strictEqual(Shape.shape(empty.input, { budget: Budget.effective({}), tool: tool("x", {}) }).text, "HTTP 204 (no content)")
    const { input } = await fetched("/user/repos")
    const options = { budget: chars(5_000), tool: tool("list_repos", { page: "number" }) }
    assert.strictEqual(Shape.shape(input, options).text, Shape.shape(input, options).text)
  })
})
