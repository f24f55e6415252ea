/**
 * The client's spine, checked on the import graph of `src/` (`scripts/cycles.mjs`): no cycle other
 * than type-only imports of public modules; the assembler (`internal/client.ts`) imported by no
 * internal module; settings a leaf; the transport chosen in one module.
 */
import { assert, describe, it } from "@effect/vitest"
import { spawnSync } from "node:child_process"
import { readFileSync } from "node:fs"
import { join } from "node:path"
import { fileURLToPath } from "node:url"

const root = fileURLToPath(new URL("..", import.meta.url))

interface Graph {
  readonly edges: Record<string, ReadonlyArray<string>>
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

describe("architecture: the import graph of src/", () => {
  const { cycles, edges } = graph()

  it("has no cycle (type-only imports of public modules aside)", () => {
    assert.isAtLeast(Object.keys(edges).length, 30)
    assert.deepStrictEqual(cycles, [])
  })

  it("the assembler is imported only by Client.ts and the facade; discovery and execution never reach it", () => {
    const importers = Object.keys(edges).filter((file) => edges[file]!.includes("internal/client.ts")).sort()
    assert.deepStrictEqual(importers, ["Client.ts", "internal/promise.ts"])
    for (const part of ["internal/discovery.ts", "internal/execution.ts"]) {
      assert.isFalse(reach(edges, part).has("internal/client.ts"), `${part} reaches internal/client.ts`)
    }
    assert.isFalse(reach(edges, "internal/discovery.ts").has("internal/execution.ts"))
    assert.isFalse(reach(edges, "internal/execution.ts").has("internal/discovery.ts"))
  })

  it("settings are a leaf: they reach no part of the client that reads them", () => {
    const reached = reach(edges, "internal/settings.ts")
    const readers = ["internal/client.ts", "internal/discovery.ts", "internal/execution.ts", "internal/registry.ts"]
    for (const part of readers) assert.isFalse(reached.has(part), `internal/settings.ts reaches ${part}`)
  })

  it("one module chooses the transport: only it imports the undici implementation", () => {
    const importers = Object.keys(edges).filter((file) => edges[file]!.includes("internal/undiciTransport.ts"))
    assert.deepStrictEqual(importers, ["internal/transportChoice.ts"])
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
