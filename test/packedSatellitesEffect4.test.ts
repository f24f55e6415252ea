/**
 * The satellites' Effect 4 line as a user installs it (docs/effect4.md §Satellites): the tarballs
 * scripts/publish.mjs stages from each `packages/<name>/dist/v4` (its dry run: nothing is
 * published), installed into one empty folder beside `effect@4.1.0` and the core's Effect 4 tarball
 * (npm's cache makes it quick: `--prefer-offline`), each with what its user brings (`ai` for the
 * AI SDK). A user's TypeScript program per satellite, compiled strictly (their declarations used,
 * not lib-checked: the AI and MCP SDKs' need @types/node), then run, importing the packages by name against an API on 127.0.0.1: an OpenAPI
 * document imported and its tool executed; the MCP SDK's own client listing and calling a tool
 * through the bridge; the AI SDK's mock model driving a tool call. Every satellite on the Effect 4
 * line must have its use here (`USES`). Runs in `npm run test:packed`.
 */
import { assert, describe, it } from "@effect/vitest"
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs"
import { rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { afterAll, beforeAll } from "vitest"
import { cleanEnv, type Run, runProcess } from "./support/process.js"
import { packedApi } from "./support/packedApi.js"
import { userTsconfig } from "./support/userTsconfig.js"

const root = fileURLToPath(new URL("..", import.meta.url))
const work = mkdtempSync(join(tmpdir(), "rcp-packed4-satellites-"))
afterAll(() => rm(work, { recursive: true, force: true }))

const ok = async (command: string, args: ReadonlyArray<string>, cwd: string): Promise<Run> => {
  const result = await runProcess(command, args, { cwd, env: cleanEnv() })
  assert.strictEqual(result.status, 0, `${command} ${args.join(" ")} in ${cwd} failed:\n${result.stdout}\n${result.stderr}`)
  return result
}

// ---------------------------------------------------------------------------------------------
// The local API: its RCP manifest, its OpenAPI document, and the item endpoint, which records what
// it received and wants the token.

const api = packedApi()
const received = api.received
let origin = ""
beforeAll(async () => {
  origin = await api.start()
})
afterAll(api.close)

// ---------------------------------------------------------------------------------------------
// What each satellite's user writes on Effect 4: a module exporting `run(origin)`, whose value
// main.mjs prints as JSON. The one place a satellite joins this test when it joins the Effect 4 line.

interface Use {
  /** What the user installs beside the tarballs (exact versions: npm's cache has them). */
  readonly brings: ReadonlyArray<string>
  readonly program: string
  readonly expected: (origin: string) => unknown
  /** The item calls the API receives, each with its Authorization header. */
  readonly calls: ReadonlyArray<readonly [string, string | undefined]>
}

const USES: Record<string, Use> = {
  "@rcp-sdk/effect-ai": {
    brings: [],
    program: `import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Stream from "effect/Stream"
import { LanguageModel, type Response, Tool } from "effect/ai"
import * as Client from "rcp-sdk/client"
import * as Resolver from "rcp-sdk/resolver"
import * as RcpAi from "@rcp-sdk/effect-ai"

export const run = async (origin: string) => {
  const offered: Array<unknown> = []
  const call: Response.PartEncoded = { type: "tool-call", id: "c1", name: "get_item", params: { id: "11" } }
  // A LanguageModel made with effect/ai's own constructor: it records the tools it is offered and
  // asks for one call; effect/ai runs the toolkit's handler.
  const model = Layer.effect(LanguageModel.LanguageModel, LanguageModel.make({
    generateText: (options) => Effect.sync(() => {
      offered.push(...options.tools.map((tool) => [tool.name, Tool.getJsonSchema(tool)]))
      return [call]
    }),
    streamText: () => Stream.die("not streamed")
  }))
  const program = Effect.gen(function*() {
    yield* Client.discover(\`\${origin}/rcp/manifest\`)
    return yield* LanguageModel.generateText({ prompt: "Item 11, please.", toolkit: RcpAi.toolkit() })
  })
  const client = Client.layerUndici({ credential: "packed-token" }).pipe(Layer.provide(Resolver.layer({})))
  const response = await Effect.runPromise(program.pipe(Effect.provide(model), Effect.provide(client)))
  return { offered, results: response.toolResults.map((part) => [part.name, part.isFailure, part.result]) }
}
`,
    expected: () => ({
      offered: [["get_item", { type: "object", properties: { id: { type: "string", description: "the item's id" } }, required: ["id"], additionalProperties: false }]],
      results: [["get_item", false, { id: "11", name: "Item" }]]
    }),
    calls: [["/items/11", "Bearer packed-token"]]
  },
  "@rcp-sdk/openapi": {
    brings: [],
    program: `import * as Effect from "effect/Effect"
import { createRcpClient } from "rcp-sdk/client"
import * as OpenApi from "@rcp-sdk/openapi"

export const run = async (origin: string) => {
  // The document imported on Effect 4's runtime, then discovered into a promise client and executed.
  const { manifest, warnings } = await Effect.runPromise(OpenApi.toManifest(\`\${origin}/openapi.json\`))
  const refused = await Effect.runPromise(Effect.flip(OpenApi.toManifest({ openapi: "3.0.3", paths: {} })))
  const client = createRcpClient({ credential: "packed-token" })
  const { tools } = await OpenApi.discoverOpenApi(client, \`\${origin}/openapi.json\`)
  const { status, data } = await client.execute({ name: "get_item", arguments: { id: "7" } })
  await client.close()
  return {
    imported: manifest.tools.map((t) => [t.name, t.method, t.url]),
    warnings: warnings.length,
    refused: [refused._tag, refused instanceof OpenApi.OpenApiInvalid, OpenApi.OpenApiInvalid._tag],
    tools: tools.map((t) => t.name),
    status,
    data
  }
}
`,
    expected: (origin) => ({
      imported: [["get_item", "GET", `${origin}/items/{{id}}`]],
      warnings: 0,
      refused: ["OpenApiInvalid", true, "OpenApiInvalid"],
      tools: ["get_item"],
      status: 200,
      data: { id: "7", name: "Item" }
    }),
    calls: [["/items/7", "Bearer packed-token"]]
  },
  "@rcp-sdk/mcp": {
    brings: [],
    program: `import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js"
import { createRcpClient } from "rcp-sdk/client"
import { createMcpBridge } from "@rcp-sdk/mcp"

export const run = async (origin: string) => {
  const client = createRcpClient({ credential: "packed-token" })
  await client.discover(\`\${origin}/rcp/manifest\`)
  const [hostSide, bridgeSide] = InMemoryTransport.createLinkedPair()
  await createMcpBridge(client).server().connect(bridgeSide)
  // The MCP SDK's own client, as a host: it lists the tools and calls one.
  const host = new Client({ name: "packed-host", version: "1.0.0" })
  await host.connect(hostSide)
  const { tools } = await host.listTools()
  const result = await host.callTool({ name: "get_item", arguments: { id: "8" } })
  const unknown = await host.callTool({ name: "nowhere", arguments: {} })
  await host.close()
  await client.close()
  const text = (r: typeof result) => (r.content as Array<{ type: string; text: string }>)[0]!.text
  return { tools: tools.map((t) => [t.name, t.inputSchema]), isError: result.isError ?? false, data: JSON.parse(text(result)), unknown: [unknown.isError, text(unknown)] }
}
`,
    expected: () => ({
      tools: [["get_item", {
        type: "object",
        properties: { id: { type: "string", description: "the item's id" } },
        required: ["id"],
        additionalProperties: false
      }]],
      isError: false,
      data: { id: "8", name: "Item" },
      unknown: [true, "unknown tool \"nowhere\"; available tools: get_item"]
    }),
    calls: [["/items/8", "Bearer packed-token"]]
  },
  "@rcp-sdk/ai-sdk": {
    brings: ["ai@6.0.325"],
    program: `import { generateText, stepCountIs } from "ai"
import { MockLanguageModelV3 } from "ai/test"
import { createRcpClient } from "rcp-sdk/client"
import { aiSdkTools } from "@rcp-sdk/ai-sdk"

export const run = async (origin: string) => {
  const client = createRcpClient({ credential: "packed-token" })
  await client.discover(\`\${origin}/rcp/manifest\`)
  const usage = { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } }
  // The AI SDK's own mock model: step 1 calls the tool, step 2 answers with what the tool returned.
  const model = new MockLanguageModelV3({
    doGenerate: async ({ prompt }) => {
      const results = prompt.flatMap((m) => m.role === "tool" ? m.content.flatMap((p) => p.type === "tool-result" && "value" in p.output ? [JSON.stringify(p.output.value)] : []) : [])
      return results.length === 0
        ? { content: [{ type: "tool-call", toolCallId: "c1", toolName: "get_item", input: JSON.stringify({ id: "10" }) }], finishReason: { unified: "tool-calls", raw: undefined }, usage, warnings: [] }
        : { content: [{ type: "text", text: \`saw \${results.join(" ")}\` }], finishReason: { unified: "stop", raw: undefined }, usage, warnings: [] }
    }
  })
  const tools = await aiSdkTools(client)
  const { text, steps } = await generateText({ model, tools, prompt: "Item 10, please.", stopWhen: stepCountIs(3) })
  await client.close()
  return { tools: Object.keys(tools), offered: model.doGenerateCalls[0]?.tools?.map((t) => t.name), steps: steps.length, text }
}
`,
    expected: () => ({ tools: ["get_item"], offered: ["get_item"], steps: 2, text: `saw {"id":"10","name":"Item"}` }),
    calls: [["/items/10", "Bearer packed-token"]]
  }
}

// ---------------------------------------------------------------------------------------------

interface Packed {
  readonly line: string
  readonly name: string
  readonly tarball: string
}

const version = (dir: string, name: string) =>
  (JSON.parse(readFileSync(join(dir, "node_modules", name, "package.json"), "utf8")) as { version: string; peerDependencies?: Record<string, string> })

describe("the satellites' Effect 4 line, packed and installed beside effect@4.1.0 and the core's Effect 4 line", () => {
  it("each satellite on the line installs, compiles strictly and works by name on Effect 4", async () => {
    const staged = await ok(process.execPath, [join(root, "scripts", "publish.mjs"), "--no-build", "--out", join(work, "release")], root)
    assert.include(staged.stdout, "dry run: nothing published.")
    const release = JSON.parse(readFileSync(join(work, "release", "release.json"), "utf8")) as { packages: Array<Packed> }
    const line = release.packages.filter((p) => p.line === "effect4")
    const satellites = line.filter((p) => p.name !== "rcp-sdk")
    assert.includeMembers(satellites.map((p) => p.name), ["@rcp-sdk/ai-sdk", "@rcp-sdk/effect-ai", "@rcp-sdk/mcp", "@rcp-sdk/openapi"])
    assert.deepStrictEqual(satellites.filter((p) => !(p.name in USES)).map((p) => p.name), [], "every satellite on the Effect 4 line has a use in USES")
    const uses = satellites.map((p) => [p.name, USES[p.name]!] as const)

    // One folder for all: one install, from npm's cache.
    const app = join(work, "app")
    mkdirSync(app)
    writeFileSync(join(app, "package.json"), JSON.stringify({ name: "packed4-satellites", private: true, type: "module" }))
    await ok("npm", [
      "install",
      "--no-audit",
      "--no-fund",
      "--prefer-offline",
      "--loglevel=error",
      "-E",
      "effect@4.1.0",
      ...uses.flatMap(([, use]) => use.brings),
      ...line.map((p) => join(work, "release", p.tarball))
    ], app)
    assert.strictEqual(version(app, "effect").version, "4.1.0")
    assert.strictEqual(version(app, "rcp-sdk").version.split(".")[0], "1")
    assert.isFalse(existsSync(join(app, "node_modules", "@effect")), "nothing under node_modules/@effect")
    for (const [name] of uses) {
      const pkg = version(app, name)
      assert.strictEqual(pkg.version.split(".")[0], "1", name)
      assert.strictEqual(pkg.peerDependencies?.["rcp-sdk"], "^1.0.0", name)
      assert.strictEqual(pkg.peerDependencies?.["effect"], "^4.1.0", name)
    }

    const files = uses.map(([name]) => `${name.slice("@rcp-sdk/".length)}.ts`)
    uses.forEach(([, use], i) => writeFileSync(join(app, files[i]!), use.program))
    // The user's strict tsconfig, but with skipLibCheck: the AI SDK's and the MCP SDK's own
    // declarations need @types/node and do not compile under exactOptionalPropertyTypes. The programs
    // are still checked against every declaration they use; the core's own declarations are checked
    // with skipLibCheck: false by test/packedEffect4.test.ts.
    const tsconfig = userTsconfig(files[0]!, { outDir: "build" })
    writeFileSync(join(app, "tsconfig.json"), JSON.stringify({ ...tsconfig, compilerOptions: { ...tsconfig.compilerOptions, skipLibCheck: true }, files }))
    writeFileSync(join(app, "main.mjs"), `const { run } = await import(process.argv[2])\nconsole.log(JSON.stringify(await run(process.argv[3])))\n`)
    await ok(process.execPath, [join(root, "node_modules", "typescript", "bin", "tsc"), "-p", "tsconfig.json"], app)

    for (const [i, [name, use]] of uses.entries()) {
      const from = received.length
      const ran = await ok(process.execPath, ["main.mjs", `./build/${files[i]!.replace(/\.ts$/, ".js")}`, origin], app)
      assert.deepStrictEqual(JSON.parse(ran.stdout.trim().split("\n").pop()!), use.expected(origin), name)
      assert.deepStrictEqual(received.slice(from).map((r) => [r.path, r.authorization] as const), use.calls, name)
    }
  }, 1_200_000)
})
