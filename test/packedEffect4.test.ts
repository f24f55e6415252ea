/**
 * The Effect 4 line as a user installs it (docs/effect4.md §Publishing): the tarball
 * scripts/publish.mjs stages from dist/v4 (its dry run: nothing is published), installed into an
 * empty folder beside `effect@4.1.0` from the npm registry (npm's cache makes it quick), a user's
 * TypeScript program compiled against it with `skipLibCheck: false` (Effect 4's declarations and
 * ours, checked together) and run, importing the package by name: every public module built for
 * Effect 4, each through what its user does (`USES`). And the wrong installs: npm refuses the
 * tarball beside Effect 3 (`ERESOLVE` naming the peer), and forced in, every module fails on import
 * with one sentence naming the Effect 3 line's install command.
 *
 * The Effect 3 line's packed test is test/packed.test.ts. Both run in `npm run test:packed`.
 */
import { assert, describe, it } from "@effect/vitest"
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs"
import { rm } from "node:fs/promises"
import * as http from "node:http"
import type { AddressInfo } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { afterAll, beforeAll } from "vitest"
import { cleanEnv, type Run, runProcess } from "./support/process.js"
import { userTsconfig } from "./support/userTsconfig.js"

const root = fileURLToPath(new URL("..", import.meta.url))
const work = mkdtempSync(join(tmpdir(), "rcp-packed4-"))
afterAll(() => rm(work, { recursive: true, force: true }))

const exec = (command: string, args: ReadonlyArray<string>, cwd: string): Promise<Run> =>
  runProcess(command, args, { cwd, env: cleanEnv() })
const ok = async (command: string, args: ReadonlyArray<string>, cwd: string): Promise<Run> => {
  const result = await exec(command, args, cwd)
  assert.strictEqual(result.status, 0, `${command} ${args.join(" ")} in ${cwd} failed:\n${result.stdout}\n${result.stderr}`)
  return result
}

// ---------------------------------------------------------------------------------------------
// The local API the programs use: the manifest, and its endpoint, which records what it received.

const received: Array<{ readonly path: string; readonly authorization: string | undefined }> = []
let origin = ""
const api = http.createServer((req, res) => {
  res.writeHead(200, { "content-type": "application/json" })
  received.push({ path: req.url ?? "", authorization: req.headers.authorization })
  if (req.url === "/rcp/manifest") {
    return res.end(JSON.stringify({
      rcpVersion: "0.1",
      auth: { type: "header", name: "Authorization", scheme: "Bearer" },
      tools: [{
        name: "get_item",
        description: "Get one item of the user's tenant by its id.",
        method: "GET",
        params: [
          { name: "id", type: "string", description: "the item's id" },
          { name: "tenant", type: "string" },
          { name: "userId", type: "string" }
        ],
        url: `${origin}/t/{{tenant}}/u/{{userId}}/items/{{id}}`
      }]
    }))
  }
  res.end(JSON.stringify({ id: decodeURIComponent((req.url ?? "").split("/").pop()!), name: "Item" }))
})
beforeAll(async () => {
  await new Promise<void>((resolve) => api.listen(0, "127.0.0.1", resolve))
  origin = `http://127.0.0.1:${(api.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => api.close(() => resolve())))

// ---------------------------------------------------------------------------------------------
// What a user of each public module built for Effect 4 writes, in Effect 4's idiom. The one place
// to add a module when it is built for Effect 4: the test fails while an export of the tarball has
// no use here, and a use whose module is not built yet is left out of the program. The uses of
// rcp-sdk/client (discover + execute over undici and through the promise facade, against the API
// above), errors, providers, result and oauth were run against the client port's branch (effect4c
// at d798ef5) and run here as soon as those modules are built for Effect 4.

interface Use {
  /** Its imports (beyond `IMPORTS`). */
  readonly imports?: string
  /** Declarations of app.ts. */
  readonly code: string
  /** An expression of type `Promise<unknown>`, with `origin` in scope. */
  readonly run: string
  readonly expected: (origin: string) => unknown
  /** What the API receives, in order: each request's path and Authorization header. */
  readonly requests: ReadonlyArray<readonly [string, string | undefined]>
}

const MANIFEST_FETCH = ["/rcp/manifest", undefined] as const

const IMPORTS = `import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Result from "effect/Result"
import * as Lock from "rcp-sdk/lock"
import * as Manifest from "rcp-sdk/manifest"
import * as Resolver from "rcp-sdk/resolver"

// The manifest as the API publishes it, decoded: Effect<Manifest, ManifestInvalid>.
const fetched = (origin: string) =>
  Effect.flatMap(
    Effect.promise(() => fetch(\`\${origin}/rcp/manifest\`).then((r) => r.json() as Promise<unknown>)),
    (json) => Manifest.decode(json, { source: "the API" })
  )

// A service of the app, declared in Effect 4's idiom, that a resolver requires.
class Tenancy extends Context.Service<Tenancy, { readonly current: Effect.Effect<string> }>()("app/Tenancy") {}
interface Turn {
  readonly userId?: string
}
const resolvers = Resolver.layer({
  userId: (turn: Turn) => turn.userId,
  tenant: () => Effect.gen(function*() {
    const tenancy = yield* Tenancy
    return yield* tenancy.current
  })
})
const tenancy = Layer.succeed(Tenancy, { current: Effect.succeed("t-7") })
`

const USES: Record<string, Use> = {
  "./manifest": {
    code: `const useManifest = async (origin: string) => {
  const manifest: Manifest.Manifest = await Effect.runPromise(fetched(origin))
  const checked: Result.Result<Manifest.Manifest, ReadonlyArray<Manifest.ManifestIssue>> = Manifest.validate(manifest)
  const refused = await Effect.runPromise(Effect.flip(Manifest.decode({ rcpVersion: "0.1", auth: { type: "header" }, tools: [] })))
  const invalid = Manifest.validate({ rcpVersion: "0.1", tools: [{ name: "x" }] })
  return {
    tools: manifest.tools.map((tool) => tool.name),
    valid: Result.isSuccess(checked),
    refused: { tag: refused._tag, message: refused.message, isError: refused instanceof Error },
    invalid: Result.isFailure(invalid) ? invalid.failure.map(Manifest.formatIssue).slice(0, 2) : []
  }
}`,
    run: "useManifest(origin)",
    requests: [MANIFEST_FETCH],
    expected: () => ({
      tools: ["get_item"],
      valid: true,
      refused: { tag: "ManifestInvalid", message: "invalid RCP manifest (1 problem(s)):\n  - auth.name: is missing", isError: true },
      invalid: ["tools[0].description: is missing", "tools[0].method: is missing"]
    })
  },
  "./lock": {
    code: `const useLock = async (origin: string) => {
  const manifest = await Effect.runPromise(fetched(origin))
  const url = \`\${origin}/rcp/manifest\`
  const text = Lock.format(Lock.make([{ url, manifest }]))
  const checked = Lock.validate(JSON.parse(text))
  const pinned: Lock.Lock | undefined = Result.isSuccess(checked) ? checked.success : undefined
  const refused = await Effect.runPromise(Effect.flip(Lock.decode({ version: 1 }, { source: "rcp.lock" })))
  const changed = { ...manifest, tools: manifest.tools.map((tool) => ({ ...tool, description: "Changed." })) }
  return {
    apis: Object.keys(pinned?.apis ?? {}),
    same: Lock.isSame(Lock.diff(pinned!.apis[Lock.keyOf(url)]!, url, manifest)),
    changed: Lock.isSame(Lock.diff(pinned!.apis[Lock.keyOf(url)]!, url, changed)),
    refused: { tag: refused._tag, isLockInvalid: refused instanceof Lock.LockInvalid, paths: refused.issues.map((i) => i.path) }
  }
}`,
    run: "useLock(origin)",
    requests: [MANIFEST_FETCH],
    expected: (origin) => ({
      apis: [new URL("/rcp/manifest", origin).href],
      same: true,
      changed: false,
      refused: { tag: "LockInvalid", isLockInvalid: true, paths: [["apis"]] }
    })
  },
  "./resolver": {
    code: `// @ts-expect-error the resolvers' layer requires the app's Tenancy
export const unprovided: Layer.Layer<Resolver.Resolvers> = resolvers
const useResolver = async (origin: string) => {
  const manifest = await Effect.runPromise(fetched(origin))
  const layer = resolvers.pipe(Layer.provide(tenancy))
  // What a client does before each call: the params with a resolver are resolved, never the model's.
  const resolveFor = (turn: Turn) =>
    Effect.gen(function*() {
      const service = yield* Resolver.Resolvers
      const bound = manifest.tools[0]!.params.filter((param) => service.names.has(param.name))
      return { hidden: [...service.names].sort(), values: yield* Resolver.resolveAll("get_item", bound, turn) }
    }).pipe(Effect.provide(layer))
  const resolved = await Effect.runPromise(resolveFor({ userId: "u-42" }))
  const missing = await Effect.runPromise(Effect.flip(resolveFor({})))
  return { ...resolved, missing: { tag: missing._tag, param: missing.param, message: missing.message } }
}`,
    run: "useResolver(origin)",
    requests: [MANIFEST_FETCH],
    expected: () => ({
      hidden: ["tenant", "userId"],
      values: { tenant: "t-7", userId: "u-42" },
      missing: {
        tag: "ResolverMissing",
        param: "userId",
        message: "tool \"get_item\": no value for \"userId\" — its resolver had nothing to resolve from for this call"
      }
    })
  },
  "./server": {
    imports: `import * as Schema from "effect/Schema"\nimport * as Server from "rcp-sdk/server"`,
    code: `const useServer = async (origin: string) => {
  // A server author's tool, its args an Effect 4 Schema; what the protocol cannot say is a warning.
  const tool = Server.defineTool({
    name: "find_items",
    description: "Find items.",
    method: "GET",
    args: Schema.Struct({ q: Schema.String.annotate({ description: "Words to look for." }), since: Schema.Date }),
    url: \`\${origin}/items\`,
    queryParams: { q: (t) => t.arg("q"), since: (t) => t.arg("since") }
  })
  const { manifest, warnings } = Server.manifestWithWarningsSync({ tools: [tool] })
  // Served by the Fetch-API handler, read back as a client reads it.
  const served = Server.manifestHandler([tool])(new Request(\`\${origin}/rcp/manifest\`))
  const decoded = await Effect.runPromise(Manifest.decode(await served.json(), { source: "the handler" }))
  return { params: manifest.tools[0]!.params, warnings: warnings.map((w) => w.message), status: served.status, decoded: decoded.tools[0]!.name }
}`,
    run: "useServer(origin)",
    requests: [],
    expected: () => ({
      params: [
        { name: "q", type: "string", required: true, description: "Words to look for." },
        { name: "since", type: "string", required: true, description: "a valid Date" }
      ],
      warnings: ["arg \"since\" of tool \"find_items\": Date has no manifest type; published as a required \"string\""],
      status: 200,
      decoded: "find_items"
    })
  },
  "./client": {
    imports: `import * as Client from "rcp-sdk/client"`,
    code: `const useClient = async (origin: string) => {
  const layer = Client.layerUndici({ credential: "packed-token" }).pipe(Layer.provide(resolvers), Layer.provide(tenancy))
  const program = Effect.gen(function*() {
    const discovery = yield* Client.discover(\`\${origin}/rcp/manifest\`)
    const result = yield* Client.execute({ name: "get_item", arguments: { id: "9" } }, { context: { userId: "u-42" } })
    // No user in the turn: refused before any request goes out.
    const refused = yield* Effect.flip(Client.execute({ name: "get_item", arguments: { id: "10" } }, { context: {} }))
    return { tools: discovery.tools.map((tool) => tool.name), status: result.status, data: result.data, refused: refused._tag }
  })
  const effect = await Effect.runPromise(Effect.provide(program, layer))
  // The promise facade, as a plain TypeScript app uses it.
  const client = Client.createRcpClient({ credential: "packed-token", resolvers: { userId: (turn: Turn) => turn.userId, tenant: () => "t-8" } })
  await client.discover(\`\${origin}/rcp/manifest\`)
  const promised = await client.execute({ name: "get_item", arguments: { id: "11" } }, { context: { userId: "u-43" } })
  await client.close()
  return { ...effect, promise: { status: promised.status, data: promised.data } }
}`,
    run: "useClient(origin)",
    requests: [
      MANIFEST_FETCH,
      ["/t/t-7/u/u-42/items/9", "Bearer packed-token"],
      MANIFEST_FETCH,
      ["/t/t-8/u/u-43/items/11", "Bearer packed-token"]
    ],
    expected: () => ({
      tools: ["get_item"],
      status: 200,
      data: { id: "9", name: "Item" },
      refused: "ResolverMissing",
      promise: { status: 200, data: { id: "11", name: "Item" } }
    })
  },
  "./errors": {
    imports: `import { createRcpClient } from "rcp-sdk/client"
import { isRcpError, ToolNotFound } from "rcp-sdk/errors"`,
    code: `const useErrors = async () => {
  const client = createRcpClient({})
  const error: unknown = await client.execute({ name: "nowhere", arguments: {} }).then(() => undefined, (e: unknown) => e)
  await client.close()
  return { isRcpError: isRcpError(error), isToolNotFound: error instanceof ToolNotFound, tag: isRcpError(error) ? error._tag : undefined }
}`,
    run: "useErrors()",
    requests: [],
    expected: () => ({ isRcpError: true, isToolNotFound: true, tag: "ToolNotFound" })
  },
  "./providers": {
    imports: `import { createRcpClient as providersClient } from "rcp-sdk/client"
import { toAnthropicTools, toOpenAiTools } from "rcp-sdk/providers"`,
    code: `const useProviders = async (origin: string) => {
  const client = providersClient({ resolvers: { userId: () => "u-1", tenant: () => "t-1" } })
  const { tools } = await client.discover(\`\${origin}/rcp/manifest\`)
  await client.close()
  // The resolver-bound params are not in what the model sees.
  const [openai] = toOpenAiTools(tools)
  const [anthropic] = toAnthropicTools(tools)
  return { openai: [openai!.function.name, openai!.function.parameters], anthropic: [anthropic!.name, anthropic!.input_schema] }
}`,
    run: "useProviders(origin)",
    requests: [MANIFEST_FETCH],
    expected: () => {
      const schema = {
        type: "object",
        properties: { id: { type: "string", description: "the item's id" } },
        required: ["id"],
        additionalProperties: false
      }
      return { openai: ["get_item", schema], anthropic: ["get_item", schema] }
    }
  },
  "./result": {
    imports: `import * as RcpResult from "rcp-sdk/result"`,
    code: `const useResult = async () => ({
  html: RcpResult.looksLikeHtml("<p>Hello <b>world</b></p>"),
  converted: RcpResult.htmlToMarkdown("<p>Hello <b>world</b></p>")
})`,
    run: "useResult()",
    requests: [],
    expected: () => ({ html: true, converted: { _tag: "Converted", markdown: "Hello **world**", inputCut: false } })
  },
  "./oauth": {
    imports: `import * as Redacted from "effect/Redacted"
import * as OAuth from "rcp-sdk/oauth"`,
    code: `const useOAuth = () =>
  Effect.runPromise(
    Effect.gen(function*() {
      const store = yield* OAuth.TokenStore
      const key = { api: "https://api.example.com", subject: "alice" }
      yield* store.set(key, { accessToken: Redacted.make("secret-token"), expiresAt: 1 })
      const tokens = yield* store.get(key)
      return { same: tokens?.accessToken !== undefined && Redacted.value(tokens.accessToken) === "secret-token", shown: String(tokens?.accessToken), principal: OAuth.user("alice") }
    }).pipe(Effect.provide(OAuth.layerMemoryStore))
  )`,
    run: "useOAuth()",
    requests: [],
    expected: () => ({ same: true, shown: "<redacted>", principal: { _tag: "User", subject: "alice" } })
  }
}

const TSCONFIG = userTsconfig("app.ts", { outDir: "build" })

// ---------------------------------------------------------------------------------------------

interface Packed {
  readonly line: string
  readonly name: string
  readonly tarball: string
}

const version = (dir: string, name: string) =>
  (JSON.parse(readFileSync(join(dir, "node_modules", name, "package.json"), "utf8")) as { version: string }).version

const project = (name: string) => {
  const dir = join(work, name)
  mkdirSync(dir)
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: `packed4-${name}`, private: true, type: "module" }))
  return dir
}
const install = (dir: string, args: ReadonlyArray<string>) =>
  exec("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", "--loglevel=error", ...args], dir)

describe("the Effect 4 line, packed and installed beside effect@4.1.0", () => {
  it("installs with no @effect/*, compiles strictly against Effect 4, and every module built for Effect 4 works by name", async () => {
    const staged = await ok(process.execPath, [join(root, "scripts", "publish.mjs"), "--no-build", "--out", join(work, "release")], root)
    assert.include(staged.stdout, "dry run: nothing published.")
    const release = JSON.parse(readFileSync(join(work, "release", "release.json"), "utf8")) as { packages: Array<Packed> }
    const tarball = join(work, "release", release.packages.find((p) => p.line === "effect4" && p.name === "rcp-sdk")!.tarball)

    const app = project("app")
    const beside3 = project("beside-effect3")
    const forced = project("forced")
    const [installed, , forcedIn] = await Promise.all([
      install(app, ["-E", "effect@4.1.0", tarball]),
      install(beside3, ["-E", "effect@3.22.4", "@effect/platform@0.97.2"]),
      install(forced, ["-E", "--legacy-peer-deps", "effect@3.22.4", "@effect/platform@0.97.2", tarball])
    ])
    assert.strictEqual(installed.status, 0, installed.stderr)
    assert.strictEqual(version(app, "effect"), "4.1.0")
    assert.strictEqual(version(app, "rcp-sdk").split(".")[0], "1")
    assert.isFalse(existsSync(join(app, "node_modules", "@effect")), "nothing under node_modules/@effect")

    // The user's program: one use per module the tarball exports.
    const pkg = JSON.parse(readFileSync(join(app, "node_modules", "rcp-sdk", "package.json"), "utf8")) as { exports: Record<string, unknown> }
    const exported = Object.keys(pkg.exports).filter((s) => s !== "./package.json").sort()
    assert.deepStrictEqual(exported.filter((s) => !(s in USES)), [], "every module built for Effect 4 has a use in USES")
    const uses = exported.map((s) => USES[s]!)
    writeFileSync(
      join(app, "app.ts"),
      [
        ...uses.flatMap((u) => (u.imports === undefined ? [] : [u.imports])),
        IMPORTS,
        ...uses.map((u) => u.code),
        `export const run = async (origin: string): Promise<ReadonlyArray<unknown>> => [${uses.map((u) => `await ${u.run}`).join(", ")}]`,
        ""
      ].join("\n")
    )
    writeFileSync(join(app, "tsconfig.json"), JSON.stringify(TSCONFIG))
    writeFileSync(
      join(app, "main.mjs"),
      `import { run } from "./build/app.js"\nconsole.log(JSON.stringify(await run(process.argv[2])))\n`
    )
    await ok(process.execPath, [join(root, "node_modules", "typescript", "bin", "tsc"), "-p", "tsconfig.json"], app)
    const from = received.length
    const ran = await ok(process.execPath, ["main.mjs", origin], app)
    assert.deepStrictEqual(JSON.parse(ran.stdout.trim().split("\n").pop()!), uses.map((u) => u.expected(origin)))
    assert.deepStrictEqual(received.slice(from).map((r) => [r.path, r.authorization] as const), uses.flatMap((u) => u.requests))

    // Beside Effect 3, npm refuses and names the peer.
    const refused = await install(beside3, [tarball])
    assert.notStrictEqual(refused.status, 0)
    assert.include(refused.stderr, "ERESOLVE")
    assert.include(refused.stderr, `peer effect@"^4.1.0" from rcp-sdk@`)
    assert.isFalse(existsSync(join(beside3, "node_modules", "rcp-sdk")))

    // Forced in beside Effect 3: every module fails on import with one sentence naming the Effect 3 line.
    assert.strictEqual(forcedIn.status, 0, forcedIn.stderr)
    assert.strictEqual(version(forced, "effect"), "3.22.4")
    const sentence =
      "rcp-sdk needs effect ^4.1.0 but found effect 3.22.4: npm install effect@^4.1.0 (or, for Effect 3, rcp-sdk's Effect 3 line: npm install rcp-sdk@effect3 effect@3 @effect/platform@0.97)"
    for (const subpath of exported) {
      const entry = `rcp-sdk${subpath.slice(1)}`
      const imported = await exec(process.execPath, ["--input-type=module", "-e", `await import(${JSON.stringify(entry)})`], forced)
      assert.strictEqual(imported.status, 1, entry)
      assert.include(imported.stderr, `[Error [RCP_PEER_RANGE]: ${sentence}]`, entry)
      assert.notInclude(imported.stderr, "ERR_MODULE_NOT_FOUND", entry)
    }
  }, 1_200_000)
})
