import { configDefaults, defineConfig } from "vitest/config"
import { aliases, type Target } from "./vitest.targets.js"

/**
 * The two-target run (docs/effect4.md §Tests): the same test files, once on Effect 3 and once on
 * Effect 4, in one vitest 3 on Node 20. The projects differ only by their aliases (the boundary of
 * src/, the test kit, and on Effect 4 `effect` itself). `npm run test:effect4`.
 *
 * The files listed run on both. A file moves here by importing `../support/effectVitest.js`
 * instead of `@effect/vitest`, and spelling through `#test-target` what the targets spell
 * differently; it stays in `npm test` (Effect 3) as well.
 */
export const BOTH_TARGETS = [
  "test/client/resolveAll.test.ts",
  "test/manifest/manifest.test.ts",
  "test/manifest/manifestSchema.test.ts",
  "test/effect4/**/*.test.ts",
  "test/server/defineTool.test.ts"
]

const project = (target: Target, name: string) => ({
  resolve: { alias: aliases(target) },
  test: {
    name,
    include: BOTH_TARGETS,
    exclude: [...configDefaults.exclude],
    testTimeout: 30_000,
    hookTimeout: 30_000
  }
})

export default defineConfig({
  test: {
    projects: [project("v3", "effect3"), project("v4", "effect4")]
  }
})
