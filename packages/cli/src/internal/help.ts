/**
 * What `rcp` answers without running a command: `rcp --help` (and `-h`, `help`), bare `rcp` (the
 * help, exit 2) and `rcp --version`. Each command's name and one-line summary are declared here,
 * and the command modules take theirs from `summaries`, so the help lists exactly what
 * `main.ts` dispatches (packages/cli/test/help.test.ts checks both lists) without loading them.
 *
 * Why apart from `main.ts`: this module is a leaf (no package, no Effect), so `bin.ts` answers
 * these lines before loading the commands, `@rcp-sdk/openapi`, `@effect/platform-node`'s runtime,
 * file system and terminal layers — a third of `rcp --help`'s time (bench/RESULTS.md §The house).
 */
import { ExitCode } from "./exitCode.js"
import { packageVersion } from "./packageVersion.js"
import type { Style } from "./style.js"

export { styleFor } from "./style.js"

/** Every command, in the order of the help, with its line in it. @internal */
export const summaries = {
  describe: "Print what a manifest asks for, as if these resolvers were registered",
  tools: "Print the model-facing tools (resolver-bound params removed) in a provider's format",
  validate: "Check a manifest: every problem with its path (exit 1), then advice (warnings)",
  call: "Execute one tool call, as an agent would (or print the request with --dry-run)",
  import: "Import an OpenAPI (or Swagger 2.0) document as an RCP manifest (docs/openapi.md)",
  lock: "Approve manifests: write each one's pin (a digest per tool and field) to a lock file",
  diff: "Show what changed in locked manifests since approval (exit 1 when anything did)",
  mcp: "Serve the manifest's tools to MCP hosts (stdio, or Streamable HTTP with --http)",
  login: "Sign in to an OAuth 2 API in your browser; rcp call and rcp mcp then act as you",
  logout: "Forget the tokens rcp login saved for an API (revoking them where the server allows)"
} as const

/** @internal */
export type CommandName = keyof typeof summaries

/** The text of `rcp --help`. @internal */
export const help = (style: Style): string => {
  const names = Object.keys(summaries) as Array<CommandName>
  const width = Math.max(...names.map((name) => name.length)) + 2
  return [
    `${style.bold("Usage:")} rcp <command> <arguments> [options]`,
    "",
    "Inspect and call RCP servers: REST APIs published as LLM tools.",
    "",
    style.bold("Commands:"),
    ...names.map((name) => `  ${name.padEnd(width)}${summaries[name]}`),
    "",
    style.bold("Options:"),
    "  -h, --help     Show this help; `rcp <command> --help` shows a command's arguments and options",
    "  -v, --version  Print the version",
    "",
    style.bold("Exit codes:"),
    `  ${ExitCode.ok}  ok`,
    `  ${ExitCode.failed}  the call or the manifest failed (HTTP error, invalid manifest, refused call), or rcp diff found a change`,
    `  ${ExitCode.usage}  usage error (unknown option, missing argument, malformed value)`,
    `  ${ExitCode.network}  network error: no response (connection refused or reset, timeout)`
  ].join("\n")
}

/**
 * The answer to a line that runs no command: what to print on stdout and the exit code; `undefined`
 * for every other line (a command, `rcp help <command>`, an unknown word or flag), which `main.ts`
 * handles.
 *
 * @internal
 */
export const answer = (
  argv: ReadonlyArray<string>,
  style: Style
): { readonly text: string; readonly code: number } | undefined => {
  const [first, ...rest] = argv
  // Bare `rcp` is a usage error: the help, and exit 2 (a script that forgot its command fails).
  if (first === undefined) return { text: help(style), code: ExitCode.usage }
  const topic = first === "help" && rest[0] !== undefined && Object.hasOwn(summaries, rest[0])
  if (first === "--help" || first === "-h" || (first === "help" && !topic)) return { text: help(style), code: ExitCode.ok }
  if (first === "--version" || first === "-v") return { text: packageVersion(), code: ExitCode.ok }
  return undefined
}
