import { defineConfig } from "vitest/config"

// The packed-tarball test (test/packed.test.ts), run by `npm test` after every other test.
export default defineConfig({
  test: {
    include: ["test/packed.test.ts"],
    testTimeout: 900_000,
    // Removing the installed folder (a node_modules) took over vitest's 10 s default under a load
    // average of 20, failing a run whose test had passed: cleanup is no measurement.
    hookTimeout: 300_000
  }
})
