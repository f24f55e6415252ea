/**
 * Names that survive a prefix (docs/protocol.md §2, issue #31): a prefixed name over the 64
 * characters a model provider takes is shortened — its start kept, `_` and 8 hex digits of the
 * SHA-256 of the whole prefixed name — with a warning, instead of refusing the API. The oracle is
 * the documented rule written out again with node:crypto. The model calls the shortened name and the
 * request reaches the tool's endpoint on 127.0.0.1; exposed sets, approval policies under a lock and
 * `describeManifest` know the shortened names.
 */
import { assert, describe, it } from "../support/effectVitest.js"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Layer from "effect/Layer"
import { createHash } from "node:crypto"
import * as Client from "../../src/Client.js"
import * as Lock from "../../src/Lock.js"
import * as Manifest from "../../src/Manifest.js"
import * as Resolver from "../../src/Resolver.js"
import { json, startServer, type TestServer } from "../support/server.js"

/** docs/protocol.md §2's rule, independently. */
const documented = (full: string, digits = 8) =>
  `${full.slice(0, 64 - digits - 1)}_${createHash("sha256").update(full).digest("hex").slice(0, digits)}`

const LONG_A = `repos_list_deployment_branch_policies_for_environment_${"a".repeat(10)}` // 64 characters
const LONG_B = `repos_list_deployment_branch_policies_for_environment_${"b".repeat(10)}` // same start
const SHORT = "get_meta"

const manifestOf = (origin: string, names: ReadonlyArray<string>) => ({
  rcpVersion: "0.1",
  tools: names.map((name) => ({
    name,
    description: `The ${name} tool.`,
    method: "GET",
    params: [{ name: "q", type: "string", required: false }],
    url: `${origin}/${name}`,
    queryParams: { q: "{{q}}" }
  }))
})

const withApi = async (f: (server: TestServer) => Promise<void>) => {
  const server = await startServer((_req, res) => json(res, 200, { ok: true }))
  try {
    await f(server)
  } finally {
    await server.close()
  }
}

describe("prefixed names over 64 characters are shortened, not refused", () => {
  it("each over-long name by the documented rule, with a warning; the call of a shortened name reaches its own endpoint", () =>
    withApi(async (server) => {
      assert.strictEqual(LONG_A.length, 64)
      const rcp = Client.createRcpClient({ resolvers: {} })
      try {
        const { tools, warnings } = await rcp.register(manifestOf(server.origin, [LONG_A, LONG_B, SHORT]), {
          url: server.url("/rcp/manifest"),
          prefix: "gh_"
        })
        const a = documented(`gh_${LONG_A}`)
        const b = documented(`gh_${LONG_B}`)
        assert.deepStrictEqual(tools.map((t) => t.name), [a, b, "gh_get_meta"])
        assert.strictEqual(a.length, 64)
        assert.notStrictEqual(a, b)
        assert.isTrue(a.startsWith("gh_repos_list_deployment_branch_policies_for_environ"))
        assert.includeMembers([...warnings], [
          `tool "${LONG_A}" is exposed as "${a}": with the prefix "gh_" its name would be 67 characters, over the 64 ` +
          "a model provider takes (shortened: its start kept, a hash of the whole name added)"
        ])
        assert.strictEqual(warnings.filter((w) => w.includes("is exposed as")).length, 2)

        await rcp.execute({ name: b, arguments: { q: "x" } })
        await rcp.execute({ name: a, arguments: {} })
        assert.deepStrictEqual(server.requests.map((r) => r.target), [`/${LONG_B}?q=x`, `/${LONG_A}`])
        // The unshortened name is no tool.
        const error = await rcp.execute({ name: `gh_${LONG_A}`, arguments: {} }).catch((e: unknown) => e)
        assert.instanceOf(error, Client.ToolNotFound)
        assert.strictEqual(server.requests.length, 2)
      } finally {
        await rcp.close()
      }
    }))

  it("the same on every run and in every client; two prefixes give two names; a prefix with a character no name holds is still refused", () =>
    withApi(async (server) => {
      const names = async (prefix: string) => {
        const rcp = Client.createRcpClient({ resolvers: {} })
        try {
          return (await rcp.register(manifestOf(server.origin, [LONG_A]), { url: server.url("/m"), prefix })).tools.map((t) => t.name)
        } finally {
          await rcp.close()
        }
      }
      assert.deepStrictEqual(await names("gh_"), await names("gh_"))
      assert.notDeepEqual(await names("gh_"), await names("hg_"))
      // Both APIs in one client, under two prefixes: no conflict.
      const rcp = Client.createRcpClient({ resolvers: {} })
      try {
        await rcp.register(manifestOf(server.origin, [LONG_A]), { url: server.url("/one"), prefix: "one_" })
        await rcp.register(manifestOf(server.origin, [LONG_A]), { url: server.url("/two"), prefix: "two_" })
        assert.deepStrictEqual((await rcp.tools()).map((t) => t.name), [documented(`one_${LONG_A}`), documented(`two_${LONG_A}`)])
        const bad = await rcp.register(manifestOf(server.origin, [SHORT]), { url: server.url("/three"), prefix: "gh:" }).catch((e: unknown) => e)
        assert.instanceOf(bad, Client.InvalidDiscoverOptions)
        assert.include((bad as Error).message, "the prefix \"gh:\" makes tool \"get_meta\" exposed as \"gh:get_meta\", which is not a valid tool name (1 to 64 of A-Z a-z 0-9 _ -)")
      } finally {
        await rcp.close()
      }
    }))

  it("a shortened name that another tool of the manifest already has takes a longer hash: names stay unique", () =>
    withApi(async (server) => {
      // A tool named exactly as LONG_A's shortened name would be (less the prefix).
      const lookalike = documented(`gh_${LONG_A}`).slice(3)
      const rcp = Client.createRcpClient({ resolvers: {} })
      try {
        const { tools } = await rcp.register(manifestOf(server.origin, [LONG_A, lookalike]), { url: server.url("/m"), prefix: "gh_" })
        assert.deepStrictEqual(tools.map((t) => t.name), [documented(`gh_${LONG_A}`, 16), `gh_${lookalike}`])
        await rcp.execute({ name: documented(`gh_${LONG_A}`, 16), arguments: {} })
        assert.strictEqual(server.requests[0]!.target, `/${LONG_A}`)
      } finally {
        await rcp.close()
      }
    }))

  it("an exposed set runs its shortened tools and only them", () =>
    withApi(async (server) => {
      const rcp = Client.createRcpClient({ resolvers: {} })
      try {
        const { tools } = await rcp.register(manifestOf(server.origin, [LONG_A, LONG_B]), { url: server.url("/m"), prefix: "gh_" })
        const exposed = rcp.expose([tools[0]!])
        await exposed.execute({ name: tools[0]!.name, arguments: {} })
        const error = await exposed.execute({ name: tools[1]!.name, arguments: {} }).catch((e: unknown) => e)
        assert.instanceOf(error, Client.ToolNotFound)
        assert.deepStrictEqual(server.requests.map((r) => r.target), [`/${LONG_A}`])
      } finally {
        await rcp.close()
      }
    }))

  it("under a lock: the pin holds the manifest's names, an approval policy may name the shortened ones (a typo still fails)", () =>
    withApi(async (server) => {
      const url = server.url("/rcp/manifest")
      const manifest = Effect.runSync(Manifest.decode(manifestOf(server.origin, [LONG_A, SHORT])))
      const lock = Lock.make([{ url, manifest }])
      const shortened = documented(`gh_${LONG_A}`)
      const asked: Array<string> = []
      const rcp = Client.createRcpClient({
        resolvers: {},
        lock,
        approval: { methods: [], tools: { [shortened]: true } },
        approve: (_request, info) => {
          asked.push(info.tool)
          return true
        }
      })
      try {
        const { tools } = await rcp.register(manifestOf(server.origin, [LONG_A, SHORT]), { url, prefix: "gh_" })
        assert.deepStrictEqual(tools.map((t) => t.name), [shortened, "gh_get_meta"])
        await rcp.execute({ name: shortened, arguments: {} })
        await rcp.execute({ name: "gh_get_meta", arguments: {} })
        assert.deepStrictEqual(asked, [shortened])
        assert.deepStrictEqual(server.requests.map((r) => r.target), [`/${LONG_A}`, `/${SHORT}`])
      } finally {
        await rcp.close()
      }
      // Checked where the client is built: a name no locked tool could be exposed as fails.
      const build = (approval: Client.ApprovalPolicy) =>
        Effect.runPromiseExit(Effect.scoped(Layer.build(Client.layerUndici({ lock, approval }).pipe(Layer.provide(Resolver.layer({}))))))
      assert.isTrue(Exit.isSuccess(await build({ tools: { [shortened]: true } })))
      const typo = `${shortened.slice(0, -8)}ffffffff`
      const bad = await build({ tools: { [typo]: true } })
      assert.include(String(Exit.isFailure(bad) ? bad.cause : ""), `approval.tools names "${typo}", which no tool of the client's lock has`)
    }))

  it("describeManifest names the tools as the model sees them, shortened ones included", () =>
    withApi(async (server) => {
      const rcp = Client.createRcpClient({ resolvers: {} })
      try {
        const { manifest, tools } = await rcp.register(manifestOf(server.origin, [LONG_A, SHORT]), { url: server.url("/m"), prefix: "gh_" })
        const text = Client.describeManifest(manifest, tools)
        assert.include(text, `- ${documented(`gh_${LONG_A}`)} (GET) — The ${LONG_A} tool.`)
        assert.include(text, "- gh_get_meta (GET) — The get_meta tool.")
      } finally {
        await rcp.close()
      }
    }))
})
