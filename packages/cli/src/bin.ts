#!/usr/bin/env node
/**
 * The `rcp` executable.
 *
 * Before anything of Effect is loaded, the core's check of the installed `effect` and
 * `@effect/platform` runs: importing a public module of `rcp-sdk` runs it first (its opening,
 * scripts/bundle.mjs), and an unsupported or missing version fails there with one sentence. That
 * sentence is printed as `rcp: …` (exit 1) instead of a stack. The command itself is loaded
 * afterwards with a dynamic `import()` (only the help, when the line asks for nothing else): ES
 * modules are linked before any of them runs, so a static import of it would meet an Effect 4
 * first (a missing file or export) and never reach the check.
 *
 * @since 0.1.0
 */
const PEER_RANGE_CODE = "RCP_PEER_RANGE"

try {
  // The command loads it anyway: the check costs no module of its own.
  await import("rcp-sdk/client")
} catch (error) {
  if ((error as { code?: unknown }).code !== PEER_RANGE_CODE) throw error
  process.stderr.write(`rcp: ${(error as Error).message}\n`)
  process.exit(1)
}
const argv = process.argv.slice(2)
// `rcp --help`, `rcp --version`, bare `rcp`: answered here, before the commands, the OpenAPI
// package and @effect/platform-node's runtime load (internal/help.ts).
const { answer, styleFor } = await import("./internal/help.js")
const answered = answer(argv, styleFor(process.stdout, process.env))
if (answered === undefined) {
  const { run } = await import("./internal/runMain.js")
  run(argv)
} else {
  process.stdout.write(`${answered.text}\n`)
  process.exitCode = answered.code
}
