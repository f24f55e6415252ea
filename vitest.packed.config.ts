import { defineConfig } from "vitest/config"

// The packed-tarball tests, run by `npm test` after every other test (`npm run test:packed`, which
// builds the Effect 4 tree first): the Effect 3 line (test/packed.test.ts), the Effect 4 line
// (test/packedEffect4.test.ts), the satellites' Effect 4 line (test/packedSatellitesEffect4.test.ts) and what scripts/publish.mjs would publish (test/publish.test.ts).
export default defineConfig({
  test: {
    include: ["test/packed.test.ts", "test/packedEffect4.test.ts", "test/packedSatellitesEffect4.test.ts", "test/publish.test.ts"],
    testTimeout: 1_800_000,
    // Removing the installed folders takes minutes on a busy machine.
    hookTimeout: 600_000
  }
})
