/**
 * The package as a user installs it: packed from a copy of the sources without `dist/` (as a fresh
 * clone is; `prepack` must build), installed from the tarball into an empty folder with the peer
 * versions the README's install line names, and used there from plain `.mjs`, from a strict `tsc`
 * and as `npx rcp`. Uses the npm registry (CI has it); about a minute on an idle machine. `npm test`
 * runs it alone after the other tests (`npm run test:packed`, vitest.packed.config.ts).
 */
import { assert, describe, it } from "@effect/vitest"
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync
} from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { afterAll } from "vitest"
import { type Run, runProcess } from "./support/process.js"

const root = fileURLToPath(new URL("..", import.meta.url))
const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
  readonly files: ReadonlyArray<string>
  readonly dependencies: Record<string, string>
}

// The README's install line: the working majors, Effect 4 excluded.
const PEERS = ["effect@^3.22", "@effect/platform@^0.97"]

// npm run exports its own settings as npm_* variables; the nested npm must see a plain shell.
const cleanEnv = (): NodeJS.ProcessEnv =>
  Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key) || /^npm_config_(cache|registry|userconfig)$/i.test(key))
  )

const ok = async (command: string, args: ReadonlyArray<string>, cwd: string): Promise<Run> => {
  const result = await runProcess(command, args, { cwd, env: cleanEnv() })
  assert.strictEqual(result.status, 0, `${command} ${args.join(" ")} in ${cwd} failed:\n${result.stdout}\n${result.stderr}`)
  return result
}

const work = mkdtempSync(join(tmpdir(), "rcp-packed-"))
afterAll(() => rmSync(work, { recursive: true, force: true }))

/** What a fresh clone holds of what the package ships, plus the build's configs and bundler; no dist/. */
const freshCopy = (): string => {
  const copy = join(work, "clone")
  mkdirSync(copy)
  const entries = [
    ...pkg.files.filter((entry) => entry !== "dist"),
    "package.json",
    "scripts/bundle.mjs",
    ...readdirSync(root).filter((f) => /^tsconfig.*\.json$/.test(f))
  ]
  for (const entry of entries) {
    if (existsSync(join(root, entry))) cpSync(join(root, entry), join(copy, entry), { recursive: true })
  }
  // The dev dependencies (tsc) as `npm ci` would have installed them.
  symlinkSync(join(root, "node_modules"), join(copy, "node_modules"), "dir")
  return copy
}

const CONSUMER = `import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Rcp from "rcp-sdk"
import * as Client from "rcp-sdk/client"
import { createRcpClient, type PromiseClient } from "rcp-sdk/client"
import * as Manifest from "rcp-sdk/manifest"
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
`

const TSCONFIG = {
  compilerOptions: {
    target: "ES2022",
    lib: ["ES2022", "DOM"],
    module: "NodeNext",
    moduleResolution: "NodeNext",
    strict: true,
    exactOptionalPropertyTypes: true,
    noUncheckedIndexedAccess: true,
    noEmit: true,
    // The package's own .d.ts files are checked too, with no @types/node: a user need not have it.
    skipLibCheck: false,
    types: []
  },
  files: ["consumer.ts"]
}

describe("the packed tarball, installed into an empty folder", () => {
  it("builds on pack, installs only what the library needs, and works from .mjs, strict tsc and npx rcp", async () => {
    const builtBin = statSync(join(root, "dist", "bin.js"))
    assert.notStrictEqual(builtBin.mode & 0o111, 0, "npm run build leaves dist/bin.js executable (path installs run it)")

    const clone = freshCopy()
    const packed = await ok("npm", ["pack", "--json", "--pack-destination", work], clone)
    const report = JSON.parse(packed.stdout.slice(packed.stdout.indexOf("["))) as Array<{
      filename: string
      files: Array<{ path: string; mode: number }>
    }>
    const files = new Map(report[0]!.files.map((f) => [f.path, f.mode]))
    for (const file of ["dist/index.js", "dist/index.d.ts", "dist/Client.js", "dist/bin.js"]) {
      assert.isTrue(files.has(file), `the tarball has ${file} (prepack builds)`)
    }
    assert.notStrictEqual((files.get("dist/bin.js") ?? 0) & 0o111, 0, "dist/bin.js is executable in the tarball")
    const tarball = join(work, report[0]!.filename)

    const app = join(work, "app")
    mkdirSync(app)
    writeFileSync(join(app, "package.json"), JSON.stringify({ name: "consumer", private: true, type: "module" }))
    await ok("npm", ["install", "--no-audit", "--no-fund", "--loglevel=error", tarball, ...PEERS], app)

    // The weight: the library brings undici and nothing of the CLI's former stack.
    const installed = readdirSync(join(app, "node_modules", "@effect"))
    assert.deepStrictEqual(installed, ["platform"], "only @effect/platform under @effect/")
    // minisearch (the tool index, no dependencies of its own) and stemmer (36 kB) for tool search;
    // WordNet and the tokenizer are optional peers (35 and 27 MB), read only by search and token counts.
    assert.deepStrictEqual(Object.keys(pkg.dependencies), ["minisearch", "stemmer", "undici"])
    const effectVersion = (JSON.parse(readFileSync(join(app, "node_modules", "effect", "package.json"), "utf8")) as { version: string }).version
    assert.match(effectVersion, /^3\./, "the install line gives Effect 3")

    copyFileSync(join(root, "test", "mjs", "seed-example.mjs"), join(app, "seed-example.mjs"))
    assert.include((await ok(process.execPath, ["seed-example.mjs"], app)).stdout, "seed example: ok")

    writeFileSync(join(app, "consumer.ts"), CONSUMER)
    writeFileSync(join(app, "tsconfig.json"), JSON.stringify(TSCONFIG))
    await ok(process.execPath, [join(root, "node_modules", "typescript", "bin", "tsc"), "-p", "tsconfig.json"], app)

    const help = await ok("npx", ["--no-install", "rcp", "--help"], app)
    assert.match(help.stdout, /^Usage: rcp <command> <arguments> \[options\]\n/)
    assert.include(help.stdout, "  call ")

    // The MCP SDK is an optional peer, not installed here: `rcp mcp` says what to install, in one line.
    const mcp = await runProcess("npx", ["--no-install", "rcp", "mcp", "http://127.0.0.1:9/rcp/manifest"], { cwd: app })
    assert.strictEqual(mcp.status, 1)
    assert.strictEqual(
      mcp.stderr,
      "rcp: rcp mcp needs @modelcontextprotocol/sdk: npm i @modelcontextprotocol/sdk (or npx -y -p rcp-sdk -p @modelcontextprotocol/sdk rcp mcp …)\n"
    )
  }, 900_000)
})
