import { defineConfig } from "vitest/config"

// The test files of one narrowed mutation run (stryker.narrow.mjs): NARROW_TESTS, comma-separated.
export default defineConfig({
  test: {
    include: (process.env.NARROW_TESTS ?? "").split(",").filter((file) => file !== ""),
    testTimeout: 60_000
  }
})
