/**
 * The Effect targets as Vite aliases (docs/effect4.md): `#target/…`, the Effect-version boundary of
 * src/, resolves to src/internal/target/{v3,v4}; on Effect 4, `effect` itself resolves to the
 * `effect4` alias install (`npm:effect@4.1.0`), and `#test-target` to the test kit of that target
 * (test/support/target/{v3,v4}.ts). One test body runs once per target.
 */
import { readFileSync } from "node:fs"
import { fileURLToPath } from "node:url"

const root = fileURLToPath(new URL(".", import.meta.url))

/** An Effect target: its twins' folder under src/internal/target/. */
export type Target = "v3" | "v4"

/** The aliases that make src/ and the test kit one target. */
export const aliases = (target: Target): Array<{ find: RegExp; replacement: string }> => [
  { find: /^#target\/(.*)\.js$/, replacement: `${root}src/internal/target/${target}/$1.ts` },
  { find: /^#test-target$/, replacement: `${root}test/support/target/${target}.ts` },
  // @rcp-sdk/effect-ai's AI boundary (its Ai.ts twins) and the test kit of its tests.
  { find: /^#ai-target\/(.*)\.js$/, replacement: `${root}packages/effect-ai/src/internal/target/${target}/$1.ts` },
  { find: /^#ai-test-target$/, replacement: `${root}packages/effect-ai/test/support/target/${target}.ts` },
  ...(target === "v4"
    ? [
      // Only `effect` and its subpaths: `@effect/*` has no Effect 4 form and must not be reached.
      { find: /^effect$/, replacement: `${root}node_modules/effect4/dist/index.js` },
      { find: /^effect\/(.*)$/, replacement: `${root}node_modules/effect4/dist/$1.js` }
    ]
    : [])
]

/** The satellite packages whose source the test runs reach by name (`@rcp-sdk/<name>`). */
export const SATELLITES = ["openapi", "mcp", "effect-ai", "ai-sdk"] as const

/**
 * Every package's entry points, by name, resolved to their source: the satellites' code and tests
 * import `rcp-sdk/client`, `@rcp-sdk/openapi`, … by name (their only way in), and under vitest that
 * name must reach the very modules the core's tests import from src/ — one copy of each class, and
 * on Effect 4 the core built from src/ for Effect 4 (the target's `#target/…` and `effect`), so a
 * satellite on Effect 4 runs against the core on Effect 4. (Processes the tests start, and the
 * packed tests, load the built packages.)
 */
export const packageAliases = (): Array<{ find: RegExp; replacement: string }> => {
  const entries = (dir: string, pkg: string) => {
    const { exports } = JSON.parse(readFileSync(`${root}${dir}package.json`, "utf8")) as {
      exports: Record<string, string | { import: string }>
    }
    return Object.entries(exports).flatMap(([subpath, target]) =>
      typeof target === "string" ? [] : [{
        find: new RegExp(`^${(pkg + subpath.slice(1)).replace(/[/.]/g, "\\$&")}$`),
        replacement: `${root}${dir}${target.import.replace(/^\.\/dist\//, "src/").replace(/\.js$/, ".ts")}`
      }]
    )
  }
  return [...entries("", "rcp-sdk"), ...SATELLITES.flatMap((name) => entries(`packages/${name}/`, `@rcp-sdk/${name}`))]
}
