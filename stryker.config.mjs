// Mutation testing of the security rules (`npm run mutate`; not part of `npm test`).
// One module: `npm run mutate -- --mutate src/internal/urlTemplate.ts`. Results: test/MUTATION.md.
/** @type {import("@stryker-mutator/api/core").PartialStrykerOptions} */
export default {
  testRunner: "vitest",
  vitest: { configFile: "vitest.mutate.config.ts", related: false },
  coverageAnalysis: "perTest",
  // The machine is shared: one test process at a time.
  concurrency: 1,
  mutate: [
    "src/internal/urlTemplate.ts",
    "src/internal/template.ts",
    "src/internal/request.ts",
    "src/internal/credential.ts",
    "src/internal/jsonPath.ts",
    "src/internal/privateNetwork.ts",
    "src/internal/validate.ts",
    "src/internal/headerValue.ts",
    // The transports' shared redirect, guard, length and failure rules (not the drivers' I/O).
    "src/internal/transport.ts:69-200",
    "src/internal/transport.ts:238-248"
  ],
  reporters: ["clear-text", "progress", "json"],
  jsonReporter: { fileName: "reports/mutation/mutation.json" },
  tempDirName: ".stryker-tmp",
  cleanTempDir: "always",
  thresholds: { high: 90, low: 80, break: null }
}
