import { defineConfig } from "vitest/config"
import { aliases } from "./vitest.targets.js"

// The fast tests `npm run mutate` runs against each mutant: pure rules tested directly, no servers,
// so that every mutant (also the ones in module-level constants, which rerun every test) costs
// seconds, not minutes. test/manifest/manifest.test.ts is left out for its deliberately huge inputs
// (100k-deep nesting, megabyte strings); test/manifest/validate.test.ts pins the same rules directly.
export default defineConfig({
  resolve: { alias: aliases("v3") },
  test: {
    include: [
      "test/manifest/{urlTemplate,validate,template,jsonPath,oauth2,poisoning.rules,poisoning.load}.test.ts",
      "test/client/{credential,discoveryShortcuts,execution,request,approval.policy}.test.ts",
      "test/transport/{privateNetwork,redact,rules,bodyBuffer}.test.ts",
      "test/shared/span.test.ts",
      "test/result/pages.test.ts",
      "test/client/oauth/{principal,tokenManager.rules,endpoint}.test.ts",
      "packages/mcp/test/hostGuard.test.ts",
      "packages/openapi/test/budget.test.ts"
    ],
    testTimeout: 30_000
  }
})
