// Mutation testing of the security rules; not part of `npm test`. `npm run mutate` runs it one
// module at a time (scripts/mutate.mjs), `npm run mutate -- request` one module. See test/MUTATION.md.
import { readFileSync } from "node:fs"

/**
 * `file:from-to` for the lines from the one starting with `first` up to the one before the line
 * starting with `next` (or the end of the file): a range named by declarations, so that it follows
 * edits elsewhere in a file other engineers change too. A declaration that is gone fails the run.
 */
const between = (file, first, next) => {
  const lines = readFileSync(new URL(file, import.meta.url), "utf8").split("\n")
  const start = lines.findIndex((line) => line.startsWith(first))
  const end = next === undefined ? lines.length : lines.findIndex((line, i) => i > start && line.startsWith(next))
  if (start === -1 || end === -1) throw new Error(`stryker.config.mjs: no "${first}" … "${next}" in ${file}; update the range`)
  return `${file}:${start + 1}-${end}`
}

/** @type {import("@stryker-mutator/api/core").PartialStrykerOptions} */
export default {
  testRunner: "vitest",
  vitest: { configFile: "vitest.mutate.config.ts", related: false },
  coverageAnalysis: "perTest",
  // The machine is shared: one test process at a time.
  concurrency: 1,
  mutate: [
    "src/internal/manifest/urlTemplate.ts",
    "src/internal/manifest/template.ts",
    "src/internal/client/request.ts",
    "src/internal/client/credential.ts",
    // The redaction of echoed secrets, moved out of credential.ts.
    "src/internal/transport/redact.ts",
    "src/internal/manifest/jsonPath.ts",
    "src/internal/transport/privateNetwork.ts",
    "src/internal/manifest/validate.ts",
    "src/internal/shared/headerValue.ts",
    // The transports' shared redirect, guard, length and failure rules (not the drivers' I/O).
    between("src/internal/transport/rules.ts", "const REDIRECTS"),
    // The response size cap, which replaced transport.ts's chunk joining.
    "src/internal/transport/bodyBuffer.ts",
    // Steps 2–5 of a call: what is redacted, the origin and credential checks (not the sending).
    between("src/internal/client/execution.ts", "export const redactable", "const withTool"),
    // The loopback rule (moved out of urlTemplate.ts) behind plain-http refusals; the insecure-URL
    // rule itself is the last of transport/rules.ts, within the range above.
    between("src/internal/shared/url.ts", "export const isLoopbackHost"),
    // The poisoning scan (#29): which texts are read, the invisible-character and phrase rules,
    // the look-alike names.
    "src/internal/manifest/poisoning.ts",
    // The approval policy's check (#29): fail closed on a typo (not the hook's plumbing).
    between("src/internal/client/approval.ts", "const METHODS", "export const check"),
    // The MCP bridge's host and origin rule over HTTP (#29).
    "packages/mcp/src/internal/hostGuard.ts",
    // The OpenAPI import's work budget (#29 class 3): the limit a document's size allows, its count
    // of JSON nodes, the stop past the limit.
    "packages/openapi/src/internal/budget.ts",
    // The model's `fields` taken out of a call before anything else reads it (docs/results.md): it
    // never reaches the request or a param.
    between("src/internal/client/execution.ts", "const takeFields", "export const redactable"),
    // Pages: a note names a visible param of the tool, never a URL (nor a query credential in it).
    "src/internal/result/pages.ts",
    // The oauth2 auth's rules: where tokens and client secrets may be sent (https, literal URLs,
    // no user info), what each flow needs, which scopes can be asked for.
    "src/internal/manifest/oauth2.ts",
    // Whose token a call sends: the principal from the turn's context, failing closed.
    "src/internal/client/oauth/principal.ts",
    // The token manager (#33): expiry and the refresh margin, one flight per principal, a refused
    // refresh failing closed, the trust rule for the authorization server, what completing an
    // authorization checks (not the public types and constructors above `const AUTHORIZATION_TTL_MS`).
    between("src/internal/client/oauth/tokenManager.ts", "const AUTHORIZATION_TTL_MS"),
    // The token endpoint (#33): plain http only where allowed, the answer's cap, the token
    // response checked, failures from safe parts only, the authorization request and callback.
    between("src/internal/client/oauth/endpoint.ts", "const REGISTERED")
  ],
  // "mutant-log" (scripts/mutantLog.mjs): one line per mutant in reports/mutation/progress.log as
  // the run goes, since the other reports are written only at its end.
  appendPlugins: [new URL("./scripts/mutantLog.mjs", import.meta.url).pathname],
  reporters: ["clear-text", "progress", "json", "mutant-log"],
  jsonReporter: { fileName: "reports/mutation/mutation.json" },
  tempDirName: ".stryker-tmp",
  cleanTempDir: "always",
  thresholds: { high: 90, low: 80, break: null }
}
