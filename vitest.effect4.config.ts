import { configDefaults, defineConfig } from "vitest/config"
import { aliases, packageAliases, type Target } from "./vitest.targets.js"

/**
 * The two-target run (docs/effect4.md §Tests): the same test files, once on Effect 3 and once on
 * Effect 4, in one vitest 3 on Node 20. The projects differ only by their aliases (the boundary of
 * src/, the test kit, and on Effect 4 `effect` itself). `npm run test:targets` runs both projects;
 * `npm run test:effect4` (the last step of `npm test`) runs the `effect4` project only, because
 * `vitest run` already runs these files with the Effect 3 project's aliases.
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
  // The same rules without a server (the mutation set, test/MUTATION.md).
  "test/client/oauth/tokenManager.rules.test.ts",
  "test/client/oauth/endpoint.test.ts",
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
  // suite4a (#35): the rest of the behavioural suite — the client, transport, hardening, structured, span.
  "test/client/approval.test.ts",
  "test/client/credential.turn.test.ts",
  "test/client/errors.test.ts",
  "test/client/execute.hostile.test.ts",
  "test/client/exposedName.test.ts",
  "test/client/formBody.test.ts",
  "test/client/pinEntry.test.ts",
  "test/client/pinEntry.openapi.test.ts",
  "test/client/prototypeKeys.test.ts",
  "test/client/queryStyle.test.ts",
  "test/client/request.test.ts",
  "test/client/request.property.test.ts",
  "test/client/resolver.test.ts",
  "test/client/results.test.ts",
  "test/client/search.test.ts",
  "test/client/several-apis.test.ts",
  "test/client/several-apis.property.test.ts",
  "test/client/oauth/interleavings.property.test.ts",
  "test/transport/retry.test.ts",
  "test/transport/rules.test.ts",
  "test/transport/redact.test.ts",
  "test/transport/bodyBuffer.test.ts",
  "test/hardening.test.ts",
  "test/hardening.rules.test.ts",
  "test/hardening.memory.test.ts",
  "test/hardening.escaping.test.ts",
  "test/hardening.linear.test.ts",
  "test/hardening.silent.test.ts",
  "test/structured.property.test.ts",
  "test/structured.roundtrip.test.ts",
  "test/shared/span.test.ts",
  // The engine's behaviour on both (#35, suite4b): manifest rules, results, model schemas, search.
  "test/manifest/jsonPath.test.ts",
  "test/manifest/paramSchema.test.ts",
  "test/manifest/paramValue.test.ts",
  "test/manifest/pin.property.test.ts",
  "test/manifest/protocolVersion.test.ts",
  "test/manifest/structuredPlacement.test.ts",
  "test/manifest/template.test.ts",
  "test/manifest/urlTemplate.test.ts",
  "test/manifest/validate.test.ts",
  "test/result/body.test.ts",
  "test/result/budget.test.ts",
  "test/result/fields.test.ts",
  "test/result/pages.test.ts",
  "test/result/shape.test.ts",
  "test/result/shrink.fixtures.test.ts",
  "test/result/shrink.property.test.ts",
  "test/model/modelSchema.test.ts",
  "test/search/index.test.ts",
  "test/search/searchTool.test.ts",
  "test/search/tokens.test.ts",
  "test/search/vocabulary.test.ts",
  "test/search/reading.test.ts",
  "test/shared/jsonPosition.test.ts",
  "test/manifest/fuzz.test.ts",
  "test/manifest/outputSchema.test.ts",
  "test/manifest/paramEnum.test.ts",
  "test/manifest/poisoning.rules.test.ts",
  "test/manifest/poisoning.test.ts",
  "test/manifest/tags.test.ts",
  "test/model/deferred.test.ts",
  "test/model/modelFacing.cap.test.ts",
  "test/manifest/lockCheck.test.ts",
  "test/manifest/oauth2.test.ts",
  "test/server/schemas.test.ts",
  "test/server/handler.test.ts",
  "test/server/server.test.ts",
  "test/server/schemaNode.test.ts",
  "test/server/output.test.ts",
  // The satellites (#35 step 4), against the core of the same target: `rcp-sdk/…` by name is the
  // core's src/ on that target (packageAliases; test/effect4/satellites.test.ts asserts it).
  "packages/ai-sdk/test/**/*.test.ts",
  "packages/openapi/test/**/*.test.ts",
  "packages/mcp/test/**/*.test.ts",
  // @rcp-sdk/effect-ai over each Effect's own AI module (#35 step 4): the toolkit, search mode.
  "packages/effect-ai/test/**/*.test.ts"
]

/**
 * Files under BOTH_TARGETS' globs that test built Effect 3 artefacts (the `rcp` command, the built
 * trees' imports) the same whatever the project: `npm test` runs them, this run leaves them out.
 */
export const EFFECT3_ARTEFACTS = [
  "packages/openapi/test/cli.test.ts",
  "packages/openapi/test/isolation.test.ts"
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
    exclude: [...configDefaults.exclude, ...EFFECT3_ARTEFACTS, ...EFFECT3_ONLY],
    testTimeout: 30_000,
    hookTimeout: 30_000
  }
})

export default defineConfig({
  test: {
    projects: [project("v3", "effect3"), project("v4", "effect4")]
  }
})
