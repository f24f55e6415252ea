/**
 * `@readme/openapi-parser` is an optional peer: `rcp-sdk/client` (and the rest of the core) never
 * reaches the OpenAPI modules through a static import, and the parser itself is only ever loaded by
 * the one dynamic `import()` in internal/openapi/load. Read from the built package (`npm test`
 * builds first): its entries are bundles (`scripts/bundle.mjs`), each module in them under a
 * `// dist/internal/….js` line.
 */
import { assert, describe, it } from "@effect/vitest"
import { readdirSync, readFileSync } from "node:fs"
import { dirname, join, resolve } from "node:path"
import { fileURLToPath } from "node:url"

const dist = join(fileURLToPath(new URL("../..", import.meta.url)), "dist")

/** The modules bundled into a built file, from esbuild's `// dist/….js` line before each. */
const modulesIn = (file: string): Array<string> =>
  [...readFileSync(file, "utf8").matchAll(/^\/\/ dist\/(\S+\.js)$/gm)].map((m) => m[1]!)

/** Every dist file reachable from `entry` through static `import … from "./…"` / `export … from "./…"`. */
const staticGraph = (entry: string): Set<string> => {
  const seen = new Set<string>()
  const stack = [join(dist, entry)]
  while (stack.length > 0) {
    const file = stack.pop()!
    if (seen.has(file)) continue
    seen.add(file)
    const source = readFileSync(file, "utf8")
    for (const m of source.matchAll(/^(?:import|export)\b[^;]*?\bfrom\s+"([^"]+)"/gm)) {
      if (m[1]!.startsWith(".")) stack.push(resolve(dirname(file), m[1]!))
      else seen.add(m[1]!)
    }
  }
  return seen
}

const walk = (dir: string): Array<string> =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(join(dir, e.name)) : e.name.endsWith(".js") ? [join(dir, e.name)] : []
  )

describe("docs/openapi.md: the parser stays optional", () => {
  for (const entry of ["Client.js", "index.js", "bin.js"]) {
    it(`dist/${entry} never statically imports @readme/openapi-parser`, () => {
      const graph = [...staticGraph(entry)]
      assert.notInclude(graph, "@readme/openapi-parser")
    })
  }

  it("rcp-sdk/client does not reach the OpenAPI modules at all", () => {
    const reached = [...staticGraph("Client.js")].filter((f) => f.startsWith(dist)).flatMap(modulesIn)
    assert.include(reached, "internal/client/discovery.js", "the walk follows the client's imports")
    assert.deepStrictEqual(reached.filter((f) => f.includes("openapi") || f.includes("OpenApi")), [])
  })

  it("the only module that loads the parser is internal/openapi/load.js, with a dynamic import()", () => {
    // tsc's own output of that module, and the one bundled file that holds it.
    const loaders = walk(dist).filter((f) => readFileSync(f, "utf8").includes("@readme/openapi-parser\")"))
    const unbundled = join(dist, "internal", "openapi", "load.js")
    assert.include(loaders, unbundled)
    const bundled = loaders.filter((f) => f !== unbundled)
    assert.strictEqual(bundled.length, 1, loaders.join(", "))
    const source = readFileSync(bundled[0]!, "utf8")
    const loadModule = source.slice(source.indexOf("// dist/internal/openapi/load.js\n"))
    assert.match(loadModule.slice(0, loadModule.indexOf("\n// dist/", 1)), /import\("@readme\/openapi-parser"\)/)
    for (const file of loaders) assert.match(readFileSync(file, "utf8"), /import\("@readme\/openapi-parser"\)/)
  })
})
