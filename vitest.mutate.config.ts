import { defineConfig } from "vitest/config"

// The fast tests `npm run mutate` runs against each mutant: pure rules tested directly, no servers,
// so that every mutant (also the ones in module-level constants) costs seconds, not minutes.
export default defineConfig({
  test: {
    include: ["test/unit/**/*.test.ts", "test/template.test.ts", "test/jsonPath.test.ts", "test/manifest.test.ts"],
    testTimeout: 30_000
  }
})
