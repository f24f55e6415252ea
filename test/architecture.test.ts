/**
 * The house, checked on the import graph of `src/` (`scripts/cycles.mjs`): every internal module in
 * a wing (`internal/<wing>/`), each wing's rule (shared/ a leaf, transport/ below the client and the
 * model, manifest/ below the client and the transport); no cycle other than type-only imports of
 * public modules; the assembler (`internal/client/client.ts`) imported by no internal module;
 * settings a leaf; the transport chosen in one module.
 */
import { assert, describe, it } from "@effect/vitest"
import { spawnSync } from "node:child_process"
import { readFileSync } from "node:fs"
import { join } from "node:path"
import { fileURLToPath } from "node:url"

const root = fileURLToPath(new URL("..", import.meta.url))

interface Graph {
  readonly edges: Record<string, ReadonlyArray<string>>
  /** Type-only imports of public modules, which `edges` leaves out. */
  readonly typeEdges: Record<string, ReadonlyArray<string>>
  readonly cycles: ReadonlyArray<ReadonlyArray<string>>
}

const graph = (): Graph => {
  const run = spawnSync(process.execPath, [join(root, "scripts/cycles.mjs"), "--json"], { encoding: "utf8" })
  assert.strictEqual(run.stderr, "")
  return JSON.parse(run.stdout)
}

/** Every module `from` reaches through imports. */
const reach = (edges: Record<string, ReadonlyArray<string>>, from: string): Set<string> => {
  const seen = new Set<string>()
  const walk = (node: string) => {
    for (const next of edges[node] ?? []) {
      if (seen.has(next)) continue
      seen.add(next)
      walk(next)
    }
  }
  walk(from)
  return seen
}

/** The wing of an internal module (`internal/transport/rules.ts` → `transport`); undefined for a public module. */
const wingOf = (file: string): string | undefined => file.match(/^internal\/([^/]+)\//)?.[1]

/** Every import of `from` (type-only imports of public modules too) that `allowed` refuses, as "from -> to". */
const refused = (
  { edges, typeEdges }: Graph,
  from: (file: string) => boolean,
  allowed: (target: string) => boolean
): Array<string> =>
  Object.keys(edges).filter(from).flatMap((file) =>
    [...edges[file]!, ...(typeEdges[file] ?? [])].filter((target) => !allowed(target)).map((target) => `${file} -> ${target}`)
  )

// The satellites' code, until it moves to packages/ of its own.
const SATELLITES = ["internal/aiSdk.ts", "internal/effectAi.ts", "internal/mcp.ts"]
const SATELLITE_WINGS = ["cli", "openapi"]

describe("architecture: the wings of src/internal/", () => {
  const whole = graph()
  const modules = Object.keys(whole.edges)

  it("every internal module lives in a wing", () => {
    const loose = modules.filter((file) => file.startsWith("internal/") && wingOf(file) === undefined)
    assert.deepStrictEqual(loose.filter((file) => !SATELLITES.includes(file)), [])
    const wings = new Set(modules.flatMap((file) => wingOf(file) ?? []))
    assert.deepStrictEqual(
      [...wings].filter((wing) => !SATELLITE_WINGS.includes(wing)).sort(),
      ["client", "manifest", "model", "search", "server", "shared", "transport"]
    )
  })

  it("search/ reads model-facing tools and shared helpers only: never client/, transport/, server/ or manifest/", () => {
    const below = (target: string) => ["search", "model", "shared"].includes(wingOf(target) ?? "")
    assert.deepStrictEqual(refused(whole, (file) => wingOf(file) === "search", below), [])
  })

  it("shared/ is a leaf: it imports nothing outside shared/, and no public module (not even a type)", () => {
    assert.deepStrictEqual(refused(whole, (file) => wingOf(file) === "shared", (target) => wingOf(target) === "shared"), [])
  })

  it("transport/ never imports client/ or model/", () => {
    const offWing = (target: string) => !["client", "model"].includes(wingOf(target) ?? "")
    assert.deepStrictEqual(refused(whole, (file) => wingOf(file) === "transport", offWing), [])
  })

  it("manifest/ never imports client/ or transport/", () => {
    const offWing = (target: string) => !["client", "transport"].includes(wingOf(target) ?? "")
    assert.deepStrictEqual(refused(whole, (file) => wingOf(file) === "manifest", offWing), [])
  })

  it("no internal module of the core imports Client.ts but for its types (errors come from the wing that declares them)", () => {
    const core = (file: string) => wingOf(file) !== undefined && !SATELLITE_WINGS.includes(wingOf(file)!)
    assert.deepStrictEqual(refused({ ...whole, typeEdges: {} }, core, (target) => target !== "Client.ts"), [])
  })

  it("the rules can fail: a leaf that imported the client would be refused", () => {
    const broken: Graph = { ...whole, edges: { ...whole.edges, "internal/shared/text.ts": ["internal/client/errors.ts"] } }
    assert.deepStrictEqual(refused(broken, (file) => wingOf(file) === "shared", (target) => wingOf(target) === "shared"), [
      "internal/shared/text.ts -> internal/client/errors.ts"
    ])
  })
})

describe("architecture: the import graph of src/", () => {
  const { cycles, edges } = graph()

  it("has no cycle (type-only imports of public modules aside)", () => {
    assert.isAtLeast(Object.keys(edges).length, 30)
    assert.deepStrictEqual(cycles, [])
  })

  it("the assembler is imported only by Client.ts and the facade; discovery and execution never reach it", () => {
    const importers = Object.keys(edges).filter((file) => edges[file]!.includes("internal/client/client.ts")).sort()
    assert.deepStrictEqual(importers, ["Client.ts", "internal/client/promise.ts"])
    for (const part of ["internal/client/discovery.ts", "internal/client/execution.ts"]) {
      assert.isFalse(reach(edges, part).has("internal/client/client.ts"), `${part} reaches internal/client/client.ts`)
    }
    assert.isFalse(reach(edges, "internal/client/discovery.ts").has("internal/client/execution.ts"))
    assert.isFalse(reach(edges, "internal/client/execution.ts").has("internal/client/discovery.ts"))
  })

  it("settings are a leaf: they reach no part of the client that reads them", () => {
    const reached = reach(edges, "internal/client/settings.ts")
    const readers = ["internal/client/client.ts", "internal/client/discovery.ts", "internal/client/execution.ts", "internal/client/registry.ts"]
    for (const part of readers) assert.isFalse(reached.has(part), `internal/client/settings.ts reaches ${part}`)
  })

  it("one module chooses the transport: only it imports the undici implementation", () => {
    const importers = Object.keys(edges).filter((file) => edges[file]!.includes("internal/transport/undici.ts"))
    assert.deepStrictEqual(importers, ["internal/transport/choice.ts"])
  })

  it("the client, the package root and the rcp command never reach the MCP SDK (an optional peer: rcp-sdk/mcp only)", () => {
    // Static imports only: `rcp mcp` loads its serving half with a dynamic import(), which the graph does not follow.
    const sdkImport = /^(?:import|export)\s[^;]*?from\s*"@modelcontextprotocol\//m
    const importsSdk = (file: string) => sdkImport.test(readFileSync(join(root, "src", file), "utf8"))
    for (const entry of ["Client.ts", "index.ts", "bin.ts"]) {
      const reached = [...reach(edges, entry), entry].filter(importsSdk)
      assert.deepStrictEqual(reached, [], `${entry} reaches the MCP SDK through ${reached.join(", ")}`)
    }
    assert.isTrue(importsSdk("internal/mcp.ts"))
    assert.isTrue(reach(edges, "Mcp.ts").has("internal/mcp.ts"))
  })
})
