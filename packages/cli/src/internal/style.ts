/**
 * Whether the `rcp` command may colour a stream, and the styles it colours with: ANSI only on a
 * terminal, never with `NO_COLOR` (https://no-color.org) or `TERM=dumb`; `FORCE_COLOR` turns it on
 * for a pipe. A leaf (no package, no Effect): the help is printed with it before anything else of
 * the command loads (`help.ts`).
 */

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

/** The style of one stream. @internal */
export const styleFor = (stream: Stream, env: Env): Style => (colorEnabled(stream, env) ? colors : plain)
