/**
 * The BUILT packages, as a user gets them: every subpath of the core imports through the package's
 * own name (Node's self-reference via `exports`) from plain ESM, every satellite's entry through its
 * name (the workspace links), the old subpaths are gone, and every export entry points at files that
 * the build emitted. `npm test` builds first; for a local run do `npm run build`.
 */
import { assert, describe, it } from "@effect/vitest"
import { existsSync, readFileSync } from "node:fs"
import * as Path from "node:path"
import { fileURLToPath } from "node:url"
import { type Run, runProcess } from "./support/process.js"

const root = fileURLToPath(new URL("..", import.meta.url))

interface PackageJson {
  readonly name: string
  readonly version: string
  readonly type?: string
  readonly exports: Record<string, string | Record<string, string>>
  readonly bin?: Record<string, string>
  readonly engines?: Record<string, string>
  readonly repository?: { readonly url: string }
  readonly homepage?: string
  readonly bugs?: { readonly url: string }
  readonly keywords?: ReadonlyArray<string>
}

const readPackage = (dir: string): PackageJson => JSON.parse(readFileSync(Path.join(root, dir, "package.json"), "utf8"))
const pkg = readPackage("")
const SATELLITES = ["openapi", "mcp", "effect-ai", "ai-sdk", "cli"].map((dir) => ({ dir: `packages/${dir}`, pkg: readPackage(`packages/${dir}`) }))

const SUBPATHS = [
  "rcp-sdk",
  "rcp-sdk/manifest",
  "rcp-sdk/resolver",
  "rcp-sdk/client",
  "rcp-sdk/errors",
  "rcp-sdk/providers",
  "rcp-sdk/server",
  "rcp-sdk/result",
  "rcp-sdk/lock",
  "rcp-sdk/oauth",
  "@rcp-sdk/openapi",
  "@rcp-sdk/openapi/cli",
  "@rcp-sdk/mcp",
  "@rcp-sdk/effect-ai",
  "@rcp-sdk/ai-sdk"
] as const

const runNode = (script: string): Promise<Run> =>
  runProcess(process.execPath, ["--input-type=module", "-e", script], { cwd: root, env: { ...process.env, NODE_OPTIONS: "" } })

describe("the built package", () => {
  it("is the ESM package rcp-sdk with exactly its subpaths (the integrations are packages of their own)", () => {
    assert.strictEqual(pkg.name, "rcp-sdk")
    assert.strictEqual(pkg.type, "module")
    const subpaths = Object.keys(pkg.exports).filter((key) => key !== "./package.json")
    // ./lock: pinning; ./errors and ./providers: the client's errors and provider formats, each in a module
    // of its own; ./oauth: token stores, login, a token manager; ./result: what the model sees of a result. The OpenAPI import, the MCP bridge, @effect/ai and the AI SDK are packages/ of their own.
    assert.deepStrictEqual(
      subpaths.sort(),
      [".", "./client", "./errors", "./lock", "./manifest", "./oauth", "./providers", "./resolver", "./result", "./server"]
    )
  })

  for (const [dir, subpath, entry] of [
    ...Object.entries(pkg.exports).map(([subpath, entry]) => ["", subpath, entry] as const),
    ...SATELLITES.flatMap(({ dir, pkg }) => Object.entries(pkg.exports ?? {}).map(([subpath, entry]) => [dir, subpath, entry] as const))
  ]) {
    if (subpath === "./package.json") continue
    it(`${dir === "" ? "" : `${dir}: `}exports["${subpath}"] has types and import files that exist in dist/`, () => {
      assert.isObject(entry, `exports["${subpath}"] must be an object of conditions`)
      if (typeof entry === "string") return
      for (const condition of ["types", "import"] as const) {
        const file = entry[condition]
        assert.isString(file, `exports["${subpath}"].${condition} is missing`)
        assert.isTrue(file!.startsWith("./dist/"), `exports["${subpath}"].${condition} = ${file} is not in dist/`)
        assert.isTrue(
          existsSync(Path.join(root, dir, file!)),
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

  for (const gone of ["rcp-sdk/openapi", "rcp-sdk/mcp", "rcp-sdk/ai", "rcp-sdk/ai-sdk"]) {
    it(`the 0.1 subpath ${gone} is gone (CHANGELOG.md): importing it fails with ERR_PACKAGE_PATH_NOT_EXPORTED`, async () => {
      const run = await runNode(`import(${JSON.stringify(gone)}).then(() => console.log("loaded"), (e) => console.log(e.code))`)
      assert.strictEqual(run.status, 0, run.stderr)
      assert.strictEqual(run.stdout.trim(), "ERR_PACKAGE_PATH_NOT_EXPORTED")
    })
  }

  it("every package is at the same version, the CLI has the bin, and each names its repository", () => {
    const all = [{ dir: "", pkg }, ...SATELLITES]
    assert.deepStrictEqual(new Set(all.map(({ pkg }) => pkg.version)), new Set([pkg.version]))
    assert.strictEqual(pkg.version, "0.2.0")
    assert.deepStrictEqual(all.filter(({ pkg }) => pkg.bin !== undefined).map(({ pkg }) => [pkg.name, pkg.bin]), [
      ["@rcp-sdk/cli", { rcp: "dist/bin.js" }]
    ])
    for (const { pkg } of all) {
      assert.strictEqual(pkg.type, "module", pkg.name)
      assert.deepStrictEqual(pkg.engines, { node: ">=20" }, pkg.name)
      assert.match(pkg.repository?.url ?? "", /^git\+https:\/\//, pkg.name)
      assert.isString(pkg.homepage, pkg.name)
      assert.isString(pkg.bugs?.url, pkg.name)
      assert.isAtLeast(pkg.keywords?.length ?? 0, 3, pkg.name)
    }
  })

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
      namespaces: ["Client", "Errors", "Lock", "Manifest", "OAuth", "Providers", "Resolver", "Result", "Server"]
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
