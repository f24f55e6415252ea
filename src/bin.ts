#!/usr/bin/env node
/**
 * The `rcp` executable.
 *
 * @since 0.1.0
 */
import * as Command from "@effect/cli/Command"
import * as ValidationError from "@effect/cli/ValidationError"
import * as NodeContext from "@effect/platform-node/NodeContext"
import * as Effect from "effect/Effect"
import * as Logger from "effect/Logger"
import * as LogLevel from "effect/LogLevel"
import { formatFailure, rcp } from "./internal/cli.js"

const run = Command.run(rcp, { name: "rcp", version: "0.1.0" })

run(process.argv).pipe(
  Effect.catchAll((error) =>
    Effect.sync(() => {
      // @effect/cli has already printed its own usage errors; everything else gets one line.
      if (!ValidationError.isValidationError(error)) {
        process.stderr.write(`${formatFailure(error)}\n`)
      }
      process.exitCode = 1
    })
  ),
  Effect.catchAllDefect((defect) =>
    Effect.sync(() => {
      process.stderr.write(`${formatFailure(defect)}\n`)
      process.exitCode = 1
    })
  ),
  Logger.withMinimumLogLevel(LogLevel.Error),
  Effect.provide(NodeContext.layer),
  Effect.runFork
)
