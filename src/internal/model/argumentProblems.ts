/**
 * A value's problems written for the model (docs/protocol.md §3.2): each names the path inside the
 * argument it is about — `"items[0].price" must be a number, got a string` — so that the model can
 * fix exactly that part and retry. Never the value itself: kinds, limits and the model's own keys
 * only. (For a resolver's value the client writes them for the operator instead, with map keys
 * masked: `paramValue.describePath`.)
 */
import type { ValueProblem } from "../manifest/paramValue.js"
import { describePath } from "../manifest/paramValue.js"
import { clip, escapeControls } from "../shared/text.js"

// The names a message lists as expected keys: enough to correct a typo, not a schema dump.
const SHOWN_NAMES = 20

const expectedKeys = (names: ReadonlyArray<string>): string =>
  names.length === 0
    ? "no other keys"
    : names.length > SHOWN_NAMES
    ? `expected: ${names.slice(0, SHOWN_NAMES).join(", ")}, … (${names.length - SHOWN_NAMES} more)`
    : `expected: ${names.join(", ")}`

/**
 * One problem of the argument `param` as a sentence for the model.
 *
 * @internal
 */
export const describe = (param: string, problem: ValueProblem): string => {
  switch (problem._tag) {
    case "Mismatch":
      return `"${describePath(param, problem.path)}" ${problem.problem}`
    case "Missing":
      return `missing required "${describePath(param, problem.path)}" (${problem.type})`
    case "UnknownKey": {
      const last = problem.path[problem.path.length - 1]
      const key = last?._tag === "Key" ? last.key : ""
      const parent = describePath(param, problem.path.slice(0, -1))
      const quoted = escapeControls(JSON.stringify(clip(key, 40)))
      return `unknown key ${quoted} in "${parent}" (${expectedKeys(problem.expected)})`
    }
  }
}

/**
 * Every problem of one argument, and a last line saying how many more there were when the check
 * kept only the first ones.
 *
 * @internal
 */
export const describeAll = (param: string, problems: ReadonlyArray<ValueProblem>, more: number): Array<string> => {
  const lines = problems.map((problem) => describe(param, problem))
  if (more > 0) lines.push(`… and ${more} more problem(s) in "${param}"`)
  return lines
}
