/**
 * Where the `rcp` command writes, each stream with its style (`style.ts`: ANSI only on a terminal,
 * never with `NO_COLOR`; `FORCE_COLOR` turns it on for a pipe).
 */
import * as Effect from "effect/Effect"
import * as Manifest from "rcp-sdk/manifest"
import { type Stream, type Style, styleFor } from "./style.js"

/** @internal */
export interface Output {
  /** A line on stdout: the command's result. */
  readonly out: (line: string) => Effect.Effect<void>
  /** A line on stderr: warnings and errors. */
  readonly err: (line: string) => Effect.Effect<void>
  /** Styles for stdout and stderr, each decided by its own stream. */
  readonly outStyle: Style
  readonly errStyle: Style
  /**
   * Pretty JSON on stdout, through `Manifest.stringifyJson`: a description or a server's answer
   * holding C1 controls, bidi controls or invisible characters prints them as `\u` escapes (the
   * same JSON value), never raw to the terminal.
   */
  readonly json: (value: unknown) => Effect.Effect<void>
}

type Env = Readonly<Record<string, string | undefined>>

/** @internal */
export const make = (stdout: Stream, stderr: Stream, env: Env): Output => ({
  out: (line) => Effect.sync(() => void stdout.write(`${line}\n`)),
  err: (line) => Effect.sync(() => void stderr.write(`${line}\n`)),
  outStyle: styleFor(stdout, env),
  errStyle: styleFor(stderr, env),
  json: (value) => Effect.sync(() => void stdout.write(`${Manifest.stringifyJson(value, 2)}\n`))
})
