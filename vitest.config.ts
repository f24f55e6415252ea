import { readFileSync } from "node:fs"
import { fileURLToPath } from "node:url"
import { configDefaults, defineConfig } from "vitest/config"
import { aliases } from "./vitest.targets.js"

const root = fileURLToPath(new URL(".", import.meta.url))

/**
 * Every package's entry points, by name, resolved to their source: the satellites' code and tests
 * import `rcp-sdk/client`, `@rcp-sdk/openapi`, … by name (their only way in), and under vitest that
 * name must reach the very modules the core's tests import from src/ — one copy of each class.
 * (Processes the tests start, and the packed test, load the built packages.)
 */
const entries = (dir: string, pkg: string): Array<{ find: RegExp; replacement: string }> => {
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

export default defineConfig({
  resolve: {
    alias: [
      ...aliases("v3"),
      ...entries("", "rcp-sdk"),
      ...["openapi", "mcp", "effect-ai", "ai-sdk"].flatMap((name) => entries(`packages/${name}/`, `@rcp-sdk/${name}`))
    ]
  },
  test: {
    include: ["test/**/*.test.ts", "packages/*/test/**/*.test.ts"],
    // Run on their own after the rest (vitest.packed.config.ts): they build, pack and install, and would
    // otherwise take the CPU from the timing-sensitive tests running beside them.
    exclude: [...configDefaults.exclude, "test/packed.test.ts", "test/packedEffect4.test.ts", "test/publish.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 30_000
  }
})
