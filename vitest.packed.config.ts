import { defineConfig } from "vitest/config"

// The packed-tarball test (test/packed.test.ts), run by `npm test` after every other test.
export default defineConfig({
  test: {
    include: ["test/packed.test.ts"],
    testTimeout: 1_800_000,
    // Removing the installed folders takes minutes on a busy machine.
    hookTimeout: 600_000
  }
})
