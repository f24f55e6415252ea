import { configDefaults, defineConfig } from "vitest/config"

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // Runs on its own after the rest (vitest.packed.config.ts): it builds and installs, and would
    // otherwise take the CPU from the timing-sensitive tests running beside it.
    exclude: [...configDefaults.exclude, "test/packed.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 30_000
  }
})
