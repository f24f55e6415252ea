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
    // The redaction of echoed secrets, moved out of credential.ts.
    "src/internal/redact.ts",
    "src/internal/jsonPath.ts",
    "src/internal/privateNetwork.ts",
    "src/internal/validate.ts",
    "src/internal/headerValue.ts",
    // The transports' shared redirect, guard, length and failure rules (not the drivers' I/O).
    "src/internal/transport.ts:68-199",
    // The response size cap, which replaced transport.ts's chunk joining.
    "src/internal/bodyBuffer.ts",
    // Steps 2–5 of a call: the origin and credential checks (not the sending), and the insecure-URL rule.
    "src/internal/execution.ts:47-127",
    "src/internal/settings.ts:91-92"
  ],
  reporters: ["clear-text", "progress", "json"],
  jsonReporter: { fileName: "reports/mutation/mutation.json" },
  tempDirName: ".stryker-tmp",
  cleanTempDir: "always",
  thresholds: { high: 90, low: 80, break: null }
}
