/**
 * `include`/`exclude` (docs/openapi.md §Selecting operations): a pattern names an operation by one
 * of its tags when it starts with `tag:` (`tag:repos`: that tag only, never an operationId), by a
 * glob over its path when it starts with `/` (`*` within one segment, `**` across segments), and
 * otherwise by its `operationId` or one of its tags.
 */

/** @internal */
export interface Operation {
  readonly operationId: string | undefined
  readonly tags: ReadonlyArray<string>
  readonly path: string
}

const glob = (pattern: string): RegExp => {
  let source = ""
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!
    if (c === "*" && pattern[i + 1] === "*") {
      source += ".*"
      i++
    } else if (c === "*") source += "[^/]*"
    else source += c.replace(/[\\^$.|?+()[\]{}]/g, "\\$&")
  }
  return new RegExp(`^${source}$`)
}

const TAG = "tag:"

const matcher = (pattern: string): (op: Operation) => boolean => {
  if (pattern.startsWith("/")) {
    const regex = glob(pattern)
    return (op) => regex.test(op.path)
  }
  if (pattern.startsWith(TAG)) {
    const tag = pattern.slice(TAG.length)
    return (op) => op.tags.includes(tag)
  }
  return (op) => op.operationId === pattern || op.tags.includes(pattern)
}

/** Whether an operation is selected: it matches an `include` pattern (if any) and no `exclude` one. @internal */
export const make = (
  include: ReadonlyArray<string> | undefined,
  exclude: ReadonlyArray<string> | undefined
): (op: Operation) => boolean => {
  const included = (include ?? []).map(matcher)
  const excluded = (exclude ?? []).map(matcher)
  return (op) => (included.length === 0 || included.some((m) => m(op))) && !excluded.some((m) => m(op))
}
