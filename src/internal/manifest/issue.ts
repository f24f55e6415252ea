/**
 * A problem found in a manifest or a lock, and how it is written: a path in JavaScript notation
 * and a message. Apart from `validate.ts`, so that `ManifestInvalid` (which the client raises) can
 * print its issues without loading validation and Effect's ParseResult at import.
 */
import { escapeControls } from "../shared/text.js"

/** @internal */
export interface Issue {
  readonly path: ReadonlyArray<string | number>
  readonly message: string
}

/** @internal */
export type Path = ReadonlyArray<string | number>

/** @internal */
export const formatPath = (path: Path): string => {
  let out = ""
  for (const key of path) {
    if (typeof key === "number") out += `[${key}]`
    else if (/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key)) out += out === "" ? key : `.${key}`
    else out += `[${JSON.stringify(key)}]`
  }
  return out
}

/** @internal */
export const formatIssue = (issue: Issue): string =>
  escapeControls(issue.path.length === 0 ? issue.message : `${formatPath(issue.path)}: ${issue.message}`)
