/**
 * Runs the `rcp` program as a process, in place of `NodeRuntime.runMain` (which would make
 * `@effect/platform-node`, and all it brings, a dependency of every library user): SIGINT and
 * SIGTERM interrupt the main fiber (so scopes close: sockets, the undici agent), the exit code
 * comes from the outcome, and Effect's default logger prints nothing.
 */
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"
import * as LogLevel from "effect/LogLevel"
import * as Logger from "effect/Logger"
import { constants } from "node:os"

const SIGNALS = ["SIGINT", "SIGTERM"] as const

/** @internal */
export const runMain = (program: Effect.Effect<number>): void => {
  const fiber = Effect.runFork(program.pipe(Logger.withMinimumLogLevel(LogLevel.None)))
  let received: (typeof SIGNALS)[number] | undefined
  const onSignal = (signal: (typeof SIGNALS)[number]) => {
    received = signal
    Effect.runFork(Fiber.interrupt(fiber))
  }
  for (const signal of SIGNALS) process.once(signal, onSignal)
  fiber.addObserver((exit) => {
    for (const signal of SIGNALS) process.off(signal, onSignal)
    // A signal ends the process as shells expect: 128 + the signal's number (130, 143).
    process.exitCode = Exit.isSuccess(exit) ? exit.value : received === undefined ? 1 : 128 + constants.signals[received]
  })
}
