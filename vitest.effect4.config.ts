import { configDefaults, defineConfig } from "vitest/config"
import { aliases, packageAliases, type Target } from "./vitest.targets.js"

/**
 * The two-target run (docs/effect4.md §Tests): the same test files, once on Effect 3 and once on
 * Effect 4, in one vitest 3 on Node 20. The projects differ only by their aliases (the boundary of
 * src/, the test kit, and on Effect 4 `effect` itself). `npm run test:effect4`.
 *
 * The files listed run on both. A file moves here by importing `../support/effectVitest.js`
 * instead of `@effect/vitest`, and spelling through `#test-target` what the targets spell
 * differently; it stays in `npm test` (Effect 3) as well.
 */
export const BOTH_TARGETS = [
  "test/client/resolveAll.test.ts",
  "test/manifest/manifest.test.ts",
  "test/manifest/manifestSchema.test.ts",
  "test/effect4/**/*.test.ts",
  "test/server/defineTool.test.ts",
  // rcp-sdk/client (#35, effect4c): discover + execute against real servers on 127.0.0.1.
  "test/client/execute.test.ts",
  "test/client/discovery.test.ts",
  "test/client/facade.test.ts",
  "test/transport/execute.test.ts",
  "test/client/execute.auth.test.ts",
  "test/transport/undici.test.ts",
  "test/hardening.redact.test.ts",
  "test/client/credential.test.ts",
  // The OAuth wing, against a real OAuth server (oidc-provider) on 127.0.0.1.
  "test/client/oauth/tokenManager.test.ts",
  "test/client/oauth/fileStore.test.ts",
  "test/client/oauth/login.test.ts",
  "test/client/oauth/discovery.test.ts",
  "test/client/oauth/promise.test.ts",
  "test/client/oauth/transportFetch.test.ts",
  "test/client/oauth/redaction.test.ts",
  "test/client/oauth/client.test.ts",
  "test/client/pin.test.ts",
  "test/client/oauth/principal.test.ts",
  "test/client/oauth/hostileTokenEndpoint.test.ts",
  // What the model sees (provider formats, results): the same bytes on both.
  "test/model/providers.test.ts",
  "test/model/results.test.ts",
  // More of the client: the private-network guard, shortcuts, faults, exposed sets, approval policies, close().
  "test/client/blockPrivateNetworks.test.ts",
  "test/client/discoveryShortcuts.test.ts",
  "test/client/faults.test.ts",
  "test/client/exposed.test.ts",
  "test/client/approval.policy.test.ts",
  "test/client/execution.test.ts",
  "test/transport/privateNetwork.test.ts",
  "test/hardening.close.test.ts",
  // @rcp-sdk/effect-ai over each Effect's own AI module (#35 step 4): the toolkit, search mode.
  "packages/effect-ai/test/**/*.test.ts"
]

/**
 * Files under BOTH_TARGETS' globs that run on Effect 3 only (`npm test` runs them): the real
 * `OpenAiLanguageModel` of `@effect/ai-openai`, which has no release that loads on effect 4.1.0.
 */
export const EFFECT3_ONLY = ["packages/effect-ai/test/effectAi.openai.test.ts"]

const project = (target: Target, name: string) => ({
  resolve: { alias: [...aliases(target), ...packageAliases()] },
  test: {
    name,
    include: BOTH_TARGETS,
    exclude: [...configDefaults.exclude, ...EFFECT3_ONLY],
    testTimeout: 30_000,
    hookTimeout: 30_000
  }
})

export default defineConfig({
  test: {
    projects: [project("v3", "effect3"), project("v4", "effect4")]
  }
})
