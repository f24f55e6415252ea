/**
 * `@rcp-sdk/mcp` in front of an OAuth 2 API, per user: one Streamable HTTP bridge, each MCP
 * request's `authInfo` naming the application's user, the client's `oauth.subject` reading it —
 * so each user's call sends that user's own token. Against a real authorization server
 * (oidc-provider on 127.0.0.1) and an API that asks it whose every token is; the MCP SDK's own
 * client plays the hosts.
 */
import { afterAll, assert, beforeAll, describe, it } from "../../../test/support/effectVitest.js"
import { Client as McpClient } from "@modelcontextprotocol/sdk/client/index.js"
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js"
import * as Mcp from "@rcp-sdk/mcp"
import * as Client from "rcp-sdk/client"
import { authorizationCodeAuth, type OAuthWorld, startOAuthWorld } from "../../../test/support/oidcProvider.js"
import { startApp } from "./support/app.js"

let world: OAuthWorld

beforeAll(async () => {
  world = await startOAuthWorld()
  const { oidc } = world
  world.api.manifest = {
    rcpVersion: "0.1",
    auth: authorizationCodeAuth(oidc, ["offline_access", "orders:read"]),
    tools: [{
      name: "list_orders",
      description: "The signed-in user's orders.",
      method: "GET",
      params: [{ name: "user", type: "string", required: true, description: "whose orders" }],
      url: world.api.url("/api/users/{{user}}/orders")
    }]
  }
})

afterAll(() => world.close())

const textOf = (result: Awaited<ReturnType<McpClient["callTool"]>>): string =>
  (result.content as Array<{ type: string; text: string }>)[0]!.text

describe("@rcp-sdk/mcp with per-user OAuth 2 tokens", () => {
  it("one HTTP bridge, two users at once: each call sends its own user's token; a user who has not connected gets the sentence, the application the URL", async () => {
    const { api, oidc } = world
    type Turn = { readonly userId?: string | undefined }
    const client = Client.createRcpClient<Turn>({
      resolvers: { user: (ctx: Turn) => ctx.userId },
      oauth: { subject: (ctx: Turn) => ctx.userId }
    })
    const errors: Array<unknown> = []
    try {
      await client.discover(api.url("/rcp/manifest"), {
        trustedOrigins: [oidc.issuer],
        oauth: {
          clientId: oidc.clients.web.id,
          clientSecret: oidc.clients.web.secret,
          redirectUri: oidc.clients.web.redirectUri,
          name: "Orders"
        }
      })
      // Alice connected her account through the application (the test plays her browser); Bob has not.
      const connect = await client.authorizationUrl(api.url("/rcp/manifest"), "alice")
      await client.completeAuthorization(await oidc.browse(connect, "alice"), { subject: "alice" })

      const bridge = Mcp.createMcpBridge(client, {
        context: (extra): Turn => ({ userId: extra.authInfo?.clientId }),
        onError: (error) => errors.push(error)
      })
      const app = await startApp(bridge, (session) => session)
      const hostFor = async (session: string) => {
        const host = new McpClient({ name: "test-host", version: "1.0.0" })
        await host.connect(
          new StreamableHTTPClientTransport(app.url, { requestInit: { headers: { authorization: `Bearer ${session}` } } })
        )
        return host
      }
      try {
        const [alice, bob] = await Promise.all([hostFor("alice"), hostFor("bob")])
        const tools = await alice.listTools()
        // The resolved param is not the model's to choose.
        assert.deepStrictEqual(tools.tools.map((t) => [t.name, Object.keys(t.inputSchema.properties ?? {})]), [["list_orders", []]])
        const before = api.requests.length
        const [a, b] = await Promise.all([
          alice.callTool({ name: "list_orders", arguments: {} }),
          bob.callTool({ name: "list_orders", arguments: {} })
        ])
        assert.isNotTrue(a.isError)
        assert.deepStrictEqual(JSON.parse(textOf(a)), { orders: [], sub: "alice" })
        assert.isTrue(b.isError)
        assert.strictEqual(
          textOf(b),
          "the user needs to connect their Orders account before this tool can be used; nothing was sent"
        )
        // Only Alice's call reached the API, with a live token of hers.
        const received = api.requests.slice(before)
        assert.deepStrictEqual(received.map((r) => [r.user, r.status, r.introspection?.sub, r.introspection?.active]), [
          ["alice", 200, "alice", true]
        ])
        // The application is told, with where Bob connects; the host never sees that URL or a token.
        assert.deepStrictEqual(errors.map((e) => (e as { _tag: string })._tag), ["AuthorizationRequired"])
        const url = (errors[0] as { authorizationUrl?: string }).authorizationUrl
        assert.isString(url)
        assert.strictEqual(new URL(url!).searchParams.get("code_challenge_method"), "S256")
        const shown = JSON.stringify([tools, a, b])
        assert.notInclude(shown, received[0]!.token!)
        assert.notInclude(shown, new URL(url!).searchParams.get("state")!)
        await Promise.all([alice.close(), bob.close()])
      } finally {
        await app.close()
      }
    } finally {
      await client.close()
    }
  })
})
