/**
 * The BUILT package, as a user gets it: every subpath imports through the package's own name
 * (Node's self-reference via `exports`) from plain ESM, and every export entry points at files
 * that the build emitted. `npm test` builds first; for a local run do `npm run build`.
 */
import { assert, describe, it } from "@effect/vitest"
import { existsSync, readFileSync } from "node:fs"
import * as Path from "node:path"
import { fileURLToPath } from "node:url"
import { type Run, runProcess } from "./support/process.js"

const root = fileURLToPath(new URL("..", import.meta.url))

interface PackageJson {
  readonly name: string
  readonly type?: string
  readonly exports: Record<string, string | Record<string, string>>
}

const pkg = JSON.parse(readFileSync(Path.join(root, "package.json"), "utf8")) as PackageJson

const SUBPATHS = [
  "rcp-sdk",
  "rcp-sdk/manifest",
  "rcp-sdk/resolver",
  "rcp-sdk/client",
  "rcp-sdk/server",
  "rcp-sdk/ai-sdk",
  "rcp-sdk/ai",
  "rcp-sdk/openapi",
  "rcp-sdk/lock",
  "rcp-sdk/mcp"
] as const

const runNode = (script: string): Promise<Run> =>
  runProcess(process.execPath, ["--input-type=module", "-e", script], { cwd: root, env: { ...process.env, NODE_OPTIONS: "" } })

describe("the built package", () => {
  it("is the ESM package rcp-sdk with exactly its subpaths (rcp-sdk/openapi among them)", () => {
    assert.strictEqual(pkg.name, "rcp-sdk")
    assert.strictEqual(pkg.type, "module")
    const subpaths = Object.keys(pkg.exports).filter((key) => key !== "./package.json")
    // ./ai-sdk and ./ai: the Vercel AI SDK and @effect/ai integrations; ./openapi: the OpenAPI import; ./mcp: the MCP
    // bridge (each its own subpath and optional peer); ./lock: pinning; ./errors and ./providers: the client's
    // errors and provider formats, each in a module of its own.
    assert.deepStrictEqual(
      subpaths.sort(),
      [
        ".",
        "./ai",
        "./ai-sdk",
        "./client",
        "./errors",
        "./lock",
        "./manifest",
        "./mcp",
        "./openapi",
        "./providers",
        "./resolver",
        "./server"
      ]
    )
  })

  for (const [subpath, entry] of Object.entries(pkg.exports)) {
    if (subpath === "./package.json") continue
    it(`exports["${subpath}"] has types and import files that exist in dist/`, () => {
      assert.isObject(entry, `exports["${subpath}"] must be an object of conditions`)
      if (typeof entry === "string") return
      for (const condition of ["types", "import"] as const) {
        const file = entry[condition]
        assert.isString(file, `exports["${subpath}"].${condition} is missing`)
        assert.isTrue(file!.startsWith("./dist/"), `exports["${subpath}"].${condition} = ${file} is not in dist/`)
        assert.isTrue(
          existsSync(Path.join(root, file!)),
          `${file} does not exist: run \`npm run build\` first (npm test does)`
        )
      }
      assert.isTrue(entry.types!.endsWith(".d.ts"))
      assert.isTrue(entry.import!.endsWith(".js"))
      // The condition order matters to resolvers: "types" must come first.
      assert.strictEqual(Object.keys(entry)[0], "types")
    })
  }

  for (const specifier of SUBPATHS) {
    it(`import("${specifier}") works from plain ESM through the package's own name`, async () => {
      const run = await runNode(`import(${JSON.stringify(specifier)}).then((m) => console.log(Object.keys(m).length))`)
      assert.strictEqual(run.status, 0, `node exited with ${run.status}:\n${run.stderr}`)
      assert.match(run.stdout.trim(), /^\d+$/)
    })
  }

  it("rcp-sdk/manifest exposes decode, and rcp-sdk exposes every module as a namespace", async () => {
    const run = await runNode(
      [
        "const manifest = await import(\"rcp-sdk/manifest\")",
        "const all = await import(\"rcp-sdk\")",
        "console.log(JSON.stringify({",
        "  decode: typeof manifest.decode,",
        "  same: all.Manifest.decode === manifest.decode,",
        "  namespaces: Object.keys(all).sort()",
        "}))"
      ].join("\n")
    )
    assert.strictEqual(run.status, 0, run.stderr)
    assert.deepStrictEqual(JSON.parse(run.stdout), {
      decode: "function",
      same: true,
      namespaces: ["Client", "Errors", "Lock", "Manifest", "Providers", "Resolver", "Server"]
    })
  })

  it("the built decode rejects a bad manifest with ManifestInvalid", async () => {
    const run = await runNode(
      [
        "import { Effect } from \"effect\"",
        "const { decode } = await import(\"rcp-sdk/manifest\")",
        "const error = await Effect.runPromise(Effect.flip(decode({ rcpVersion: \"9\", tools: [] })))",
        "console.log(error._tag)"
      ].join("\n")
    )
    assert.strictEqual(run.status, 0, run.stderr)
    assert.strictEqual(run.stdout.trim(), "ManifestInvalid")
  })
})
