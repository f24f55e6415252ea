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
import { defect, type Failure, handlers, type Report, UsageError } from "./errors.js"
import { answer } from "./help.js"
import * as Import from "./import.js"
import * as Lock from "./lock.js"
import * as Login from "./login.js"
import * as Mcp from "./mcp.js"
import type { Output } from "./output.js"
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

const dispatch = (argv: ReadonlyArray<string>, io: Output): Effect.Effect<number, Failure, Environment> => {
  const answered = answer(argv, io.outStyle)
  if (answered !== undefined) return Effect.as(io.out(answered.text), answered.code)
  const [first, ...rest] = argv as [string, ...Array<string>]
  // `rcp help <command>`: that command's help (`answer` took every other `help`).
  const command = commands.find((c) => c.name === (first === "help" ? rest[0] : first))
  if (command !== undefined) return first === "help" ? command.main(["--help"], io) : command.main(rest, io)
  const what = first.startsWith("-") ? `unknown option ${first}` : `unknown command ${JSON.stringify(first.slice(0, 40))}`
  return Effect.fail(new UsageError({ message: `${what}; commands: ${commands.map((c) => c.name).join(", ")}` }))
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
