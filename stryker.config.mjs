// Mutation testing of the security rules; not part of `npm test`. `npm run mutate` runs it one
// module at a time (scripts/mutate.mjs), `npm run mutate -- request` one module. See test/MUTATION.md.
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
    "src/internal/transport.ts:238-248",
    // Steps 2–5 of a call: the insecure-URL, origin and credential checks (not the sending).
    "src/internal/execution.ts:52-108"
  ],
  reporters: ["clear-text", "progress", "json"],
  jsonReporter: { fileName: "reports/mutation/mutation.json" },
  tempDirName: ".stryker-tmp",
  cleanTempDir: "always",
  thresholds: { high: 90, low: 80, break: null }
}
