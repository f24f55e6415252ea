/**
 * Runs the `rcp` program as a process on `NodeRuntime.runMain`: SIGINT and SIGTERM interrupt the
 * main fiber (so scopes close: sockets, the undici agent), the exit code is the program's (a
 * signal ends it as shells expect: 128 + the signal's number, 130 and 143), and Effect's default
 * logger and error report print nothing — every failure was already reported by `main`.
 */
import * as NodeFileSystem from "@effect/platform-node/NodeFileSystem"
import * as NodePath from "@effect/platform-node/NodePath"
import * as NodeRuntime from "@effect/platform-node/NodeRuntime"
import * as NodeTerminal from "@effect/platform-node/NodeTerminal"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Layer from "effect/Layer"
import * as LogLevel from "effect/LogLevel"
import * as Logger from "effect/Logger"
import { constants } from "node:os"
import { main } from "./main.js"
import * as Output from "./output.js"

const SIGNALS = ["SIGINT", "SIGTERM"] as const

/** What `@effect/cli` reads the line with; only the parts it needs, not all of `NodeContext`. */
const environment = Layer.mergeAll(NodeFileSystem.layer, NodePath.layer, NodeTerminal.layer)

/** @internal */
export const run = (argv: ReadonlyArray<string>): void => {
  let received: (typeof SIGNALS)[number] | undefined
  // Beside runMain's own listeners (which interrupt): only to know which signal it was.
  for (const signal of SIGNALS) process.once(signal, () => (received ??= signal))
  const program = main(argv, Output.make(process.stdout, process.stderr, process.env)).pipe(
    Effect.provide(environment),
    Logger.withMinimumLogLevel(LogLevel.None)
  )
  NodeRuntime.runMain(program, {
    disableErrorReporting: true,
    teardown: (exit, onExit) =>
      onExit(
        Exit.isSuccess(exit) && typeof exit.value === "number"
          ? exit.value
          : received === undefined
          ? 1
          : 128 + constants.signals[received]
      )
  })
}
