import { defineConfig } from "vitest/config"
import { aliases } from "./vitest.targets.js"

// The test files of one narrowed mutation run (stryker.narrow.mjs): NARROW_TESTS, comma-separated.
// `#target/…` resolves to the Effect 3 twins, as in vitest.mutate.config.ts (docs/effect4.md).
export default defineConfig({
  resolve: { alias: aliases("v3") },
  test: {
    include: (process.env.NARROW_TESTS ?? "").split(",").filter((file) => file !== ""),
    testTimeout: 60_000
  }
})
