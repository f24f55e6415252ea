import { configDefaults, defineConfig } from "vitest/config"
import { aliases, packageAliases } from "./vitest.targets.js"

export default defineConfig({
  resolve: {
    alias: [
      ...aliases("v3"),
      ...packageAliases()
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
