/**
 * What the model sees of a result, through the client (docs/results.md), against a real server on
 * 127.0.0.1: `execute` returns the whole body to the application and the model's view beside it
 * (`model`, within the nearest budget of call, tool, API and client); budgets checked at every
 * level; the model's `fields` taken out before the call is checked and never sent; a token budget
 * counted by o200k; binary bodies as bytes for the application and a description for the model;
 * a next page named by the tool's own params, never with the credential a server echoes into its
 * links. Both APIs: the promise facade and the Effect service.
 */
import { onlyDefect } from "#test-target"
import { afterAll, assert, beforeAll, describe, it } from "../support/effectVitest.js"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import { countTokens } from "gpt-tokenizer/encoding/o200k_base"
import type * as http from "node:http"
import * as Fixtures from "../../bench/responses.js"
import * as Client from "../../src/Client.js"
import * as Result from "../../src/Result.js"
import { clientLayer, manifest, type ToolInput } from "../support/execute.js"
import { startServer, type TestServer } from "../support/server.js"

const repos = Fixtures.githubRepositories()
const charges = Fixtures.stripeCharges()
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...Array.from({ length: 3000 }, (_, i) => (i * 7) % 256)])
const API_KEY = "QUERY-KEY-SECRET-31"

const send = (res: http.ServerResponse, type: string, body: string | Buffer, headers: Record<string, string> = {}) => {
  res.writeHead(200, { "content-type": type, ...headers })
  res.end(body)
}

let server: TestServer
beforeAll(async () => {
  server = await startServer((request, res) => {
    switch (request.path) {
      case "/user/repos": {
        const page = Number(request.query.get("page") ?? "1")
        // A server that echoes the query credential into its links, as some do.
        const next = `${server.origin}/user/repos?per_page=100&page=${page + 1}&api_key=${API_KEY}`
        return send(res, "application/json; charset=utf-8", JSON.stringify(repos), { link: `<${next}>; rel="next"` })
      }
      case "/v1/charges":
        return send(res, "application/json", JSON.stringify(charges))
      case "/logo.png":
        return send(res, "image/png", PNG)
      case "/status":
        return send(res, "text/html; charset=utf-8", "<html><head><title>x</title></head><body><h1>Status</h1><p>All <b>good</b>.</p></body></html>")
      case "/log":
        return send(res, "text/plain", "line of the log\n".repeat(5_000))
      default:
        res.writeHead(204)
        res.end()
    }
  })
})
afterAll(() => server.close())

const tools = (origin: string): Array<ToolInput> => [
  {
    name: "list_repos",
    params: [{ name: "per_page", type: "number", required: false }, { name: "page", type: "number", required: false }],
    url: `${origin}/user/repos`,
    queryParams: { per_page: "{{per_page}}", page: "{{page}}" }
  },
  {
    name: "list_charges",
    params: [{ name: "limit", type: "number", required: false }, { name: "starting_after", type: "string", required: false }],
    url: `${origin}/v1/charges`,
    queryParams: { limit: "{{limit}}", starting_after: "{{starting_after}}" }
  },
  { name: "logo", url: `${origin}/logo.png` },
  { name: "status", url: `${origin}/status` },
  { name: "log", url: `${origin}/log` },
  { name: "nothing", url: `${origin}/nothing` }
]

const withClient = async <A>(
  options: Client.RcpClientOptions<unknown>,
  discover: Client.DiscoverOptions,
  f: (client: Client.PromiseClient<unknown>, discovery: Client.Discovery) => Promise<A>
): Promise<A> => {
  const client = Client.createRcpClient(options)
  try {
    const discovery = await client.register(manifest(tools(server.origin), { type: "query", name: "api_key" }), {
      url: `${server.origin}/rcp/manifest`,
      credential: API_KEY,
      ...discover
    })
    return await f(client, discovery)
  } finally {
    await client.close()
  }
}

const call = (name: string, args: Record<string, unknown> = {}) => ({ name, arguments: args })

describe("execute: the whole body for the application, the model's view beside it", () => {
  it("JSON: data whole, status and headers; model within the default budget, valid JSON, the next page by the tool's param", () =>
    withClient({}, {}, async (client) => {
      const result = await client.execute(call("list_repos", { per_page: 100 }))
      assert.deepStrictEqual(result.data, repos)
      assert.deepStrictEqual(Object.keys(result), ["status", "data"], "headers and model are not enumerable")
      assert.deepStrictEqual({ ...result }, { status: 200, data: repos })
      assert.match(result.headers["link"] ?? "", /rel="next"/)
      const model = result.model
      assert.strictEqual(result.model, model, "shaped once")
      assert.isAtMost(model.text.length, Result.DEFAULT_MAX_RESULT_CHARS)
      assert.isAbove(JSON.stringify(repos).length, Result.DEFAULT_MAX_RESULT_CHARS)
      assert.deepStrictEqual([model.kind, model.chars, model.budget], ["json", model.text.length, {
        maxChars: 40_000,
        maxTokens: undefined,
        from: "default"
      }])
      const view = JSON.parse(model.text) as { truncated: string; nextPage: string; data: Array<unknown> }
      assert.deepStrictEqual(view.data.slice(0, 3), repos.slice(0, 3))
      assert.include(view.truncated, `(it had ${JSON.stringify(repos).length})`)
      assert.deepStrictEqual(model.nextPage?.set, { page: 2 })
    }))

  it("a page note names no URL and never the query credential a server echoed into its link", () =>
    withClient({}, {}, async (client) => {
      const result = await client.execute(call("list_repos", { per_page: 100 }))
      const sent = server.requests.at(-1)!
      assert.strictEqual(sent.query.get("api_key"), API_KEY, "the credential did go to the API")
      const view = JSON.parse(result.model.text) as { nextPage: string }
      assert.match(view.nextPage, /^There are more results: call list_repos again with the same arguments and page set to 2\./)
      for (const text of [result.model.text, JSON.stringify(result.model.nextPage)]) {
        assert.notInclude(text, API_KEY)
        assert.notInclude(text, "api_key")
        assert.notInclude(text, server.origin)
        assert.notInclude(text, "127.0.0.1")
      }
    }))

  it("binary: the application gets the bytes; the model their type and size, never them", () =>
    withClient({}, {}, async (client) => {
      const result = await client.execute(call("logo"))
      assert.instanceOf(result.data, Uint8Array)
      assert.deepStrictEqual(Buffer.from(result.data as Uint8Array), PNG)
      assert.deepStrictEqual([result.model.kind, result.model.text], [
        "binary",
        `The response is binary ("image/png", ${PNG.length} bytes); its content is not shown to you.`
      ])
    }))

  it("HTML: the page as text for the application, as Markdown for the model; text clipped; no content said so", () =>
    withClient({}, {}, async (client) => {
      const html = await client.execute(call("status"))
      assert.include(html.data as string, "<h1>Status</h1>")
      assert.deepStrictEqual([html.model.kind, html.model.text], ["html", "# Status\n\nAll **good**."])
      const log = await client.execute(call("log"), { maxResultChars: 1_000 })
      assert.strictEqual((log.data as string).length, 80_000)
      assert.isAtMost(log.model.text.length, 1_000)
      assert.deepStrictEqual(log.model.truncated?._tag, "Text")
      const nothing = await client.execute(call("nothing"))
      assert.deepStrictEqual([nothing.status, nothing.data, nothing.model.text], [204, "", "HTTP 204 (no content)"])
    }))
})

describe("budgets at every level: the nearest wins", () => {
  it("client, API, tool and call, each read where it is the nearest", () =>
    withClient(
      { maxResultChars: 30_000 },
      { maxResultChars: 20_000, toolResults: { list_charges: { maxResultChars: 10_000 } } },
      async (client) => {
        const byApi = await client.execute(call("list_repos"))
        assert.deepStrictEqual(byApi.model.budget, { maxChars: 20_000, maxTokens: undefined, from: "api" })
        assert.isAtMost(byApi.model.chars, 20_000)
        const byTool = await client.execute(call("list_charges"))
        assert.deepStrictEqual(byTool.model.budget, { maxChars: 10_000, maxTokens: undefined, from: "tool" })
        assert.isAtMost(byTool.model.chars, 10_000)
        const byCall = await client.execute(call("list_charges"), { maxResultChars: 2_000 })
        assert.deepStrictEqual(byCall.model.budget, { maxChars: 2_000, maxTokens: undefined, from: "call" })
        assert.isAtMost(byCall.model.chars, 2_000)
        // The call's level sets both limits: tokens alone means no character limit.
        const tokens = await client.execute(call("list_charges"), { maxResultTokens: 1_000 })
        assert.deepStrictEqual(tokens.model.budget, { maxChars: Infinity, maxTokens: 1_000, from: "call" })
        // No limit: the whole body, with the note of its next page (a page note is never dropped for room).
        const whole = await client.execute(call("list_charges"), { maxResultChars: Infinity })
        assert.isUndefined(whole.model.truncated)
        assert.deepStrictEqual(JSON.parse(whole.model.text), { nextPage: JSON.parse(whole.model.text).nextPage, data: charges })
      }
    ))

  it("the client's own when nothing nearer sets one", () =>
    withClient({ maxResultChars: 30_000 }, {}, async (client) => {
      const result = await client.execute(call("list_repos"))
      assert.deepStrictEqual(result.model.budget, { maxChars: 30_000, maxTokens: undefined, from: "client" })
    }))

  it("a token budget is counted by o200k and met", () =>
    withClient({ maxResultTokens: 2_000 }, {}, async (client) => {
      const result = await client.execute(call("list_repos"))
      assert.strictEqual(result.model.tokens, countTokens(result.model.text))
      assert.isAtMost(result.model.tokens!, 2_000)
      assert.isAbove(result.model.tokens!, 1_000, "the budget is used, not wasted")
      JSON.parse(result.model.text)
    }))

  it("a bad budget: the client's a TypeError when it is built, discover's InvalidDiscoverOptions, a call's a TypeError with nothing sent", async () => {
    assert.throws(() => Client.createRcpClient({ maxResultChars: 100 }), TypeError, "maxResultChars must be a whole number of at least 256")
    assert.throws(() => Client.createRcpClient({ maxResultTokens: 1.5 }), TypeError, "maxResultTokens must be a whole number of at least 768")
    const client = Client.createRcpClient({})
    try {
      const bad = async (options: Client.DiscoverOptions) => {
        const error = await client.register(manifest(tools(server.origin)), { url: `${server.origin}/rcp/manifest`, ...options }).then(
          () => undefined,
          (e: unknown) => e
        )
        assert.instanceOf(error, Client.InvalidDiscoverOptions)
        return (error as Client.InvalidDiscoverOptions).problem
      }
      assert.strictEqual(await bad({ maxResultChars: 0 }), "maxResultChars must be a whole number of at least 256, or Infinity for no limit")
      assert.strictEqual(
        await bad({ toolResults: { list_repos: { maxResultTokens: 10 } } }),
        "toolResults[\"list_repos\"]: maxResultTokens must be a whole number of at least 768, or Infinity for no limit"
      )
      assert.strictEqual(await bad({ toolResults: { list_repos: 5 as never } }), "toolResults[\"list_repos\"] must be an object")
      assert.strictEqual(await bad({ fields: "yes" as never }), "fields must be true or false")
      assert.strictEqual(await bad({ toolResults: [] as never }), "toolResults must be an object of result options by tool name")
      assert.deepStrictEqual(await client.tools(), [], "nothing registered")

      await client.register(manifest(tools(server.origin)), { url: `${server.origin}/rcp/manifest` })
      const before = server.requests.length
      const error = await client.execute(call("list_repos"), { maxResultChars: 10 }).then(() => undefined, (e: unknown) => e)
      assert.instanceOf(error, TypeError)
      assert.strictEqual((error as TypeError).message, "rcp-sdk: execute: maxResultChars must be a whole number of at least 256, or Infinity for no limit")
      assert.strictEqual(server.requests.length, before, "nothing was sent")
    } finally {
      await client.close()
    }
  })

  it("a toolResults name that is no tool is a warning naming it", () =>
    withClient({}, { prefix: "gh_", toolResults: { list_repos: { maxResultChars: 5_000 }, gh_list_charges: { maxResultChars: 5_000 } } }, async (client, discovery) => {
      assert.include(
        discovery.warnings,
        `toolResults names "list_repos", which is no tool of ${server.origin}/rcp/manifest (tools are named as \`tools\` lists them, prefix included)`
      )
      assert.isFalse(discovery.warnings.some((w) => w.includes("gh_list_charges")))
      const own = await client.execute(call("gh_list_charges"))
      assert.strictEqual(own.model.budget.from, "tool")
    }))

  it("the Effect API: the same view, the call's budget through ExecuteOptions", () =>
    Effect.gen(function*() {
      yield* Client.register(manifest(tools(server.origin)), { url: `${server.origin}/rcp/manifest`, maxResultTokens: 3_000 })
      const result = yield* Client.execute(call("list_charges"), { maxResultChars: 4_000 })
      assert.deepStrictEqual(result.data, charges)
      assert.deepStrictEqual(result.model.budget, { maxChars: 4_000, maxTokens: undefined, from: "call" })
      const byApi = yield* Client.execute(call("list_charges"))
      assert.strictEqual(byApi.model.tokens, countTokens(byApi.model.text))
      const exit = yield* Effect.exit(Client.execute(call("list_charges"), { maxResultTokens: 10 }))
      assert.isTrue(Exit.isFailure(exit) && onlyDefect(exit.cause) !== undefined, "a defect, not an error of the call")
    }).pipe(Effect.provide(clientLayer()), Effect.scoped, Effect.runPromise))
})

describe("fields: the model asks for parts of the result", () => {
  it("opt-in per API or per tool: only those tools show the argument, optional, with its grammar", () =>
    withClient({}, { fields: true, toolResults: { logo: { fields: false } } }, async (_client, discovery) => {
      const shown = new Map(discovery.tools.map((tool) => [tool.name, tool.parameters]))
      assert.deepStrictEqual(shown.get("list_charges")!.properties["fields"], {
        type: "array",
        description:
          "Optional. Return only these parts of the result, as paths: \"@\" is the whole result, \"@a.b\" a member, " +
          "\"@items[0]\" an item, \"@items[*].name\" the name of every item. Leave out to get the whole result.",
        items: { type: "string" },
        maxItems: 32
      })
      assert.notInclude(shown.get("list_charges")!.required, "fields")
      assert.notProperty(shown.get("logo")!.properties, "fields")
      // OpenAI strict mode: required and nullable, like every optional param.
      const strict = Client.toOpenAiTools(discovery.tools.filter((t) => t.name === "list_charges"), { strict: true })[0]!
      assert.deepStrictEqual(strict.function.parameters.properties["fields"]!.type, ["array", "null"])
      assert.include(strict.function.parameters.required, "fields")
    }))

  it("the argument never reaches the request; the model's view is projected; the application keeps the whole body", () =>
    withClient({}, { toolResults: { list_charges: { fields: true } } }, async (client) => {
      const result = await client.execute(call("list_charges", { limit: 100, fields: ["@data[*].id", "@data[*].amount", "@has_more"] }))
      const sent = server.requests.at(-1)!
      assert.strictEqual(sent.target, `/v1/charges?limit=100&api_key=${API_KEY}`)
      assert.deepStrictEqual(result.data, charges)
      const view = JSON.parse(result.model.text) as { nextPage: string; data: unknown }
      assert.deepStrictEqual(view.data, { data: charges.data.map(({ amount, id }) => ({ id, amount })), has_more: true })
      assert.include(view.nextPage, `starting_after set to "${charges.data.at(-1)!.id}"`)
      // Strict mode's null: the whole result.
      const whole = await client.execute(call("list_charges", { fields: null }), { maxResultChars: Infinity })
      assert.deepStrictEqual((JSON.parse(whole.model.text) as { data: unknown }).data, charges)
    }))

  it("its problems join the call's in one InvalidArguments, before anything is sent; a tool without it refuses it", () =>
    withClient({}, { toolResults: { list_charges: { fields: true } } }, async (client) => {
      const before = server.requests.length
      const error = await client.execute(call("list_charges", { limit: "ten", fields: ["@data[*]id"] })).then(() => undefined, (e: unknown) => e)
      assert.instanceOf(error, Client.InvalidArguments)
      assert.deepStrictEqual((error as Client.InvalidArguments).problems, [
        "\"limit\" must be a number, got a string",
        "fields[0] \"@data[*]id\" is not a path like \"@items[*].name\": \"[*]\" must be followed by \".\", \"[\" or the end"
      ])
      const other = await client.execute(call("list_repos", { fields: ["@"] })).then(() => undefined, (e: unknown) => e)
      assert.instanceOf(other, Client.InvalidArguments)
      assert.match((other as Client.InvalidArguments).problems[0]!, /^unknown argument(s)? "fields"/)
      assert.strictEqual(server.requests.length, before, "nothing was sent")
    }))

  it("a tool with a param named fields, visible or resolved, gets rcp_fields; fields stays the API's param", async () => {
    const search: ToolInput = {
      name: "search",
      params: [{ name: "fields", type: "string" }, { name: "q", type: "string" }],
      url: `${server.origin}/v1/charges`,
      queryParams: { fields: "{{fields}}", q: "{{q}}" }
    }
    const client = Client.createRcpClient({ resolvers: { fields: () => "RESOLVED-FIELDS" } })
    try {
      const { tools: [tool] } = await client.register(manifest([search]), { url: `${server.origin}/rcp/manifest`, fields: true })
      assert.deepStrictEqual(Object.keys(tool!.parameters.properties), ["q", "rcp_fields"])
      const result = await client.execute(call("search", { q: "x", rcp_fields: ["@has_more"] }))
      assert.strictEqual(server.requests.at(-1)!.target, "/v1/charges?fields=RESOLVED-FIELDS&q=x")
      const view = JSON.parse(result.model.text) as { nextPage: string; data: unknown }
      assert.deepStrictEqual(view.data, { has_more: true })
      // Stripe's next page needs starting_after, which this tool has not: said plainly.
      assert.strictEqual(
        view.nextPage,
        "There are more results (the response's has_more says so), but no parameter of this tool can carry its cursor (\"starting_after\"); search cannot fetch them."
      )
      const refused = await client.execute(call("search", { q: "x", fields: ["@"] })).then(() => undefined, (e: unknown) => e)
      assert.deepStrictEqual((refused as Client.InvalidArguments).problems, [
        "\"fields\" is filled in by the client and must not be sent; leave it out"
      ])
    } finally {
      await client.close()
    }
  })

  it("buildRequest takes the argument out too", () =>
    withClient({}, { fields: true }, async (client) => {
      const built = await client.buildRequest(call("list_charges", { limit: 3, fields: ["@data[0]"] }))
      assert.strictEqual(built.url, `${server.origin}/v1/charges?limit=3&api_key=<redacted>`)
    }))
})
