/**
 * The `rcp` command: what a client operator runs before wiring a server into a live agent — see
 * what it asks for, what the model would be shown, whether it is valid, and one call. Each
 * subcommand is a module in this folder; adding one is one entry in `commands`.
 */
import * as Effect from "effect/Effect"
import * as Call from "./call.js"
import type { Command, Environment } from "./command.js"
import * as Describe from "./describe.js"
import * as Diff from "./diff.js"
import { defect, ExitCode, type Failure, handlers, type Report, UsageError } from "./errors.js"
import * as Import from "./import.js"
import * as Lock from "./lock.js"
import * as Login from "./login.js"
import * as Mcp from "./mcp.js"
import type { Output } from "./output.js"
import { packageVersion as version } from "./packageVersion.js"
import * as Tools from "./tools.js"
import * as Validate from "./validate.js"

/** @internal */
export const commands: ReadonlyArray<Command> = [
  Describe.command,
  Tools.command,
  Validate.command,
  Call.command,
  Import.command,
  Lock.command,
  Diff.command,
  Mcp.command,
  Login.loginCommand,
  Login.logoutCommand
]

const help = (io: Output): string => {
  const { bold } = io.outStyle
  const width = Math.max(...commands.map((c) => c.name.length)) + 2
  return [
    `${bold("Usage:")} rcp <command> <arguments> [options]`,
    "",
    "Inspect and call RCP servers: REST APIs published as LLM tools.",
    "",
    bold("Commands:"),
    ...commands.map((c) => `  ${c.name.padEnd(width)}${c.summary}`),
    "",
    bold("Options:"),
    "  -h, --help     Show this help; `rcp <command> --help` shows a command's arguments and options",
    "  -v, --version  Print the version",
    "",
    bold("Exit codes:"),
    `  ${ExitCode.ok}  ok`,
    `  ${ExitCode.failed}  the call or the manifest failed (HTTP error, invalid manifest, refused call), or rcp diff found a change`,
    `  ${ExitCode.usage}  usage error (unknown option, missing argument, malformed value)`,
    `  ${ExitCode.network}  network error: no response (connection refused or reset, timeout)`
  ].join("\n")
}

const dispatch = (argv: ReadonlyArray<string>, io: Output): Effect.Effect<number, Failure, Environment> => {
  const [first, ...rest] = argv
  // Bare `rcp` is a usage error: the help, and exit 2 (a script that forgot its command fails).
  if (first === undefined) return Effect.as(io.out(help(io)), ExitCode.usage)
  if (first === "--help" || first === "-h" || first === "help") {
    const topic = first === "help" ? commands.find((c) => c.name === rest[0]) : undefined
    return topic === undefined ? Effect.as(io.out(help(io)), ExitCode.ok) : topic.main(["--help"], io)
  }
  if (first === "--version" || first === "-v") return Effect.as(io.out(version()), ExitCode.ok)
  const command = commands.find((c) => c.name === first)
  if (command === undefined) {
    const what = first.startsWith("-") ? `unknown option ${first}` : `unknown command ${JSON.stringify(first.slice(0, 40))}`
    return Effect.fail(new UsageError({ message: `${what}; commands: ${commands.map((c) => c.name).join(", ")}` }))
  }
  return command.main(rest, io)
}

/**
 * Runs `rcp` with these arguments (without `node` and the script); every failure is handled by its
 * tag (`errors.ts` has the line of each) and becomes its report on stderr and an exit code; a
 * defect too — never a stack trace.
 *
 * @internal
 */
export const main = (argv: ReadonlyArray<string>, io: Output): Effect.Effect<number, never, Environment> => {
  const print = ({ code, text }: Report) => Effect.as(io.err(text), code)
  return dispatch(argv, io).pipe(
    Effect.catchTags(handlers(print)),
    Effect.catchAllDefect((cause) => print(defect(cause)))
  )
}
