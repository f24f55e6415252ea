/**
 * The `tags` extension of a tool (docs/protocol.md §8): short labels an API groups its tools by
 * (OpenAPI's operation `tags`), for operators and hosts to select tools with — never shown to the
 * model. The rules live here, apart from validation, so that the validator and the OpenAPI import
 * (through `rcp-sdk/manifest`'s `tagProblem`) keep and refuse the same tags.
 */
import { clip, escapeControls, hasUnsafeCharacters } from "../shared/text.js"
import { isRecord } from "../shared/values.js"

type Path = ReadonlyArray<string | number>

interface Issue {
  readonly path: Path
  readonly message: string
}

/** The most tags one tool carries (the APIs.guru corpus: at most 6). @internal */
export const MAX_TAGS = 16

/** The longest tag, in UTF-16 code units (the APIs.guru corpus: at most 83). @internal */
export const MAX_TAG_LENGTH = 100

const quote = (value: string): string => escapeControls(JSON.stringify(clip(value, 40)))

/**
 * Why `tag` cannot be a tag, or undefined when it can: empty, longer than `MAX_TAG_LENGTH`,
 * starting or ending with whitespace (two tags that look alike must be alike), or holding a control,
 * invisible or bidi character (a tag is printed by `rcp` and read by people choosing tools).
 *
 * @internal
 */
export const problem = (tag: string): string | undefined => {
  if (tag.length === 0) return "must not be empty"
  if (tag.length > MAX_TAG_LENGTH) return `is longer than ${MAX_TAG_LENGTH} characters`
  if (hasUnsafeCharacters(tag)) return "contains a control, invisible or bidi character"
  if (/^\s|\s$/u.test(tag)) return "must not start or end with whitespace"
  return undefined
}

/**
 * The meaning problems of `tool.tags` (its shape — an array of strings — is the Schema's to check):
 * at most `MAX_TAGS`, each by `problem`, each once. Pushed onto `issues`.
 *
 * @internal
 */
export const check = (tool: unknown, at: Path, issues: Array<Issue>): void => {
  if (!isRecord(tool) || !Array.isArray(tool.tags)) return
  const tags: ReadonlyArray<unknown> = tool.tags
  const path = [...at, "tags"]
  if (tags.length > MAX_TAGS) issues.push({ path, message: `holds ${tags.length} tags, more than ${MAX_TAGS}` })
  const first = new Map<string, number>()
  // Past the cap, one problem says it all: a hostile list is not walked to its end.
  for (let k = 0; k < Math.min(tags.length, MAX_TAGS); k++) {
    const tag = tags[k]
    if (typeof tag !== "string") continue
    const wrong = problem(tag)
    if (wrong !== undefined) issues.push({ path: [...path, k], message: wrong })
    const seen = first.get(tag)
    if (seen === undefined) first.set(tag, k)
    else issues.push({ path: [...path, k], message: `duplicate tag ${quote(tag)} (also tags[${seen}])` })
  }
}
