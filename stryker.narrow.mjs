// One module's run with only the test files that reach it (test/MUTATION.md): the base
// configuration with the narrowed vitest configuration, and timeouts for a loaded machine.
// NARROW_TESTS=a.test.ts,b.test.ts npx stryker run stryker.narrow.mjs --mutate <file>
import base from "./stryker.config.mjs"

export default {
  ...base,
  vitest: { configFile: "vitest.narrow.config.ts", related: false },
  timeoutMS: 20_000,
  dryRunTimeoutMinutes: 30
}
