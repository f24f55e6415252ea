/**
 * `@readme/openapi-parser` is loaded by one module only, with a dynamic `import()`, on the first
 * OpenAPI import: the core (`rcp-sdk`) never reaches it nor this package, and neither
 * `@rcp-sdk/openapi`'s entry points nor the `rcp` command import it statically. Read from the built
 * packages (`npm test` builds first), following static imports across them by package name — and
 * the awaited `import()` of our own modules an entry's opening makes as it loads (scripts/opening.mjs,
 * scripts/bundle.mjs: the peer check runs first, then the body loads, as if imported statically).
 */
import { assert, describe, it } from "../../../test/support/effectVitest.js"
import { existsSync, readdirSync, readFileSync } from "node:fs"
import { dirname, join, resolve } from "node:path"
import { fileURLToPath } from "node:url"

const root = fileURLToPath(new URL("../../..", import.meta.url))

/** Where each of our packages' entry points is built, by import specifier. */
const entryFiles = (dir: string, name: string): Array<readonly [string, string]> => {
  const pkg = JSON.parse(readFileSync(join(root, dir, "package.json"), "utf8")) as {
    readonly exports?: Record<string, string | { readonly import: string }>
  }
  return Object.entries(pkg.exports ?? {}).flatMap(([subpath, target]) =>
    typeof target === "string" ? [] : [[name + subpath.slice(1), join(root, dir, target.import)] as const]
  )
}
const ENTRIES = new Map([
  ...entryFiles("", "rcp-sdk"),
  ...["openapi", "mcp", "effect-ai", "ai-sdk"].flatMap((name) => entryFiles(`packages/${name}`, `@rcp-sdk/${name}`))
])

/** Every file (and outside package) reachable from `file` through static imports and re-exports. */
const staticGraph = (file: string): Set<string> => {
  const seen = new Set<string>()
  const stack = [file]
  while (stack.length > 0) {
    const next = stack.pop()!
    if (seen.has(next)) continue
    seen.add(next)
    if (!next.startsWith("/")) continue
    const source = readFileSync(next, "utf8")
    for (const m of source.matchAll(/^(?:import|export)\b[^;]*?\bfrom\s+"([^"]+)"|^import\s+"([^"]+)"/gm)) {
      const specifier = (m[1] ?? m[2])!
      stack.push(specifier.startsWith(".") ? resolve(dirname(next), specifier) : ENTRIES.get(specifier) ?? specifier)
    }
    // An opening's awaited import() of our own code runs as the module loads: followed like a static one.
    for (const m of source.matchAll(/\bawait import\("([^"]+)"\)/g)) {
      const specifier = m[1]!
      if (specifier.startsWith(".")) stack.push(resolve(dirname(next), specifier))
      else if (ENTRIES.has(specifier)) stack.push(ENTRIES.get(specifier)!)
    }
  }
  return seen
}

const walk = (dir: string): Array<string> =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(join(dir, e.name)) : e.name.endsWith(".js") ? [join(dir, e.name)] : []
  )

const PARSER = /["']@readme\/openapi-parser["']/
/** Loading the parser (an import of it), as opposed to naming it in an opening's install hint. */
const LOADS_PARSER = /import\(\s*["']@readme\/openapi-parser["']\s*\)|\bfrom\s+["']@readme\/openapi-parser["']|^import\s+["']@readme\/openapi-parser["']/m

describe("the OpenAPI parser is loaded on the first import only", () => {
  it("no file of the core's build names the parser or this package", () => {
    const files = walk(join(root, "dist"))
    assert.isAtLeast(files.length, 5)
    for (const file of files) {
      const source = readFileSync(file, "utf8")
      assert.notMatch(source, PARSER, file)
      assert.notInclude(source, "@rcp-sdk/openapi", file)
    }
  })

  for (const [entry, file] of [
    ["@rcp-sdk/openapi", ENTRIES.get("@rcp-sdk/openapi")!],
    ["@rcp-sdk/openapi/cli", ENTRIES.get("@rcp-sdk/openapi/cli")!],
    ["the rcp command", join(root, "packages/cli/dist/bin.js")]
  ] as const) {
    it(`${entry} never imports the parser statically`, () => {
      const graph = [...staticGraph(file)]
      assert.include(graph, ENTRIES.get("rcp-sdk/client")!, "the walk follows imports across packages")
      assert.notInclude(graph, "@readme/openapi-parser")
    })
  }

  it("the only module that loads the parser is dist/internal/load.js (and its Effect 4 build's), with a dynamic import()", () => {
    const dist = join(root, "packages/openapi/dist")
    const loaders = walk(dist).filter((f) => LOADS_PARSER.test(readFileSync(f, "utf8"))).sort()
    const expected = [join(dist, "internal", "load.js")]
    if (existsSync(join(dist, "v4"))) expected.push(join(dist, "v4", "internal", "load.js"))
    assert.deepStrictEqual(loaders, expected.sort())
    for (const loader of loaders) {
      const source = readFileSync(loader, "utf8")
      assert.match(source, /import\("@readme\/openapi-parser"\)/)
      assert.notMatch(source, /^import\b[^;]*?from\s+"@readme\/openapi-parser"/m)
    }
  })
})
