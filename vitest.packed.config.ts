import { defineConfig } from "vitest/config"

// The packed-tarball test (test/packed.test.ts), run by `npm test` after every other test.
export default defineConfig({
  test: {
    include: ["test/packed.test.ts"],
    testTimeout: 900_000,
    // Removing the consumer's node_modules took over the 10 s default on a loaded machine.
    hookTimeout: 120_000
  }
})
