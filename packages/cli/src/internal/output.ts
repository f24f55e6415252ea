/**
 * Where the `rcp` command writes, and whether it may colour: ANSI only on a terminal, never with
 * `NO_COLOR` (https://no-color.org) or `TERM=dumb`; `FORCE_COLOR` turns it on for a pipe.
 */
import * as Effect from "effect/Effect"
import * as Manifest from "rcp-sdk/manifest"

/** @internal */
export interface Stream {
  readonly write: (text: string) => unknown
  readonly isTTY?: boolean | undefined
}

/** @internal */
export interface Style {
  readonly bold: (text: string) => string
  readonly red: (text: string) => string
  readonly yellow: (text: string) => string
}

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
export const colorEnabled = (stream: Stream, env: Env): boolean => {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== "") return false
  if (env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== "" && env.FORCE_COLOR !== "0") return true
  return stream.isTTY === true && env.TERM !== "dumb"
}

const sgr = (on: number, off: number) => (text: string) => `\u001b[${on}m${text}\u001b[${off}m`
const colors: Style = { bold: sgr(1, 22), red: sgr(31, 39), yellow: sgr(33, 39) }
const plain: Style = { bold: (t) => t, red: (t) => t, yellow: (t) => t }

/** @internal */
export const make = (stdout: Stream, stderr: Stream, env: Env): Output => ({
  out: (line) => Effect.sync(() => void stdout.write(`${line}\n`)),
  err: (line) => Effect.sync(() => void stderr.write(`${line}\n`)),
  outStyle: colorEnabled(stdout, env) ? colors : plain,
  errStyle: colorEnabled(stderr, env) ? colors : plain,
  json: (value) => Effect.sync(() => void stdout.write(`${Manifest.stringifyJson(value, 2)}\n`))
})
