/**
 * The one parser for `{{placeholder}}` templates. Validation (Manifest) and rendering (Client) both
 * read the parts produced here, so they can never disagree about what is a placeholder.
 */
import { clip } from "../shared/text.js"

/** @internal */
export type Part =
  | { readonly _tag: "Text"; readonly text: string }
  | { readonly _tag: "Placeholder"; readonly name: string }

type PlaceholderPart = Extract<Part, { readonly _tag: "Placeholder" }>

/** @internal */
export interface Template {
  readonly source: string
  readonly parts: ReadonlyArray<Part>
  /** Names in order of appearance, duplicates kept. */
  readonly placeholders: ReadonlyArray<string>
  /** The param name when the whole template is exactly `{{name}}`. */
  readonly whole: string | undefined
  /** Why the template is malformed (an unclosed or invalid `{{…}}`); empty when it is fine. */
  readonly problems: ReadonlyArray<string>
}

/** @internal */
export const PARAM_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/

// A template of a hundred thousand "{{}}" is one fault, not a hundred thousand lines to report.
const MAX_PROBLEMS = 5

const NONE: ReadonlyArray<never> = []

const OPEN = "{{"
const CLOSE = "}}"


/**
 * Splits a template into text and placeholders in one linear pass. A `{{` that does not open a
 * well-formed `{{name}}` is reported as a problem (and kept as text), because guessing what the
 * author meant would make the same manifest render differently in different clients.
 *
 * @internal
 */
export const parse = (source: string): Template => {
  // Most strings hold no placeholder: no per-string arrays for them (a url of a million "/" has a
  // million segments).
  if (!source.includes(OPEN)) return plain(source)
  const parts: Array<Part> = []
  const placeholders: Array<string> = []
  // Most templates are well-formed: their problems are the shared empty list.
  let problems: Array<string> | undefined
  // One part object per name: a template repeating `{{a}}` allocates no object per occurrence. The
  // map only from a second name on (most templates hold one).
  let firstPart: PlaceholderPart | undefined
  let named: Map<string, PlaceholderPart> | undefined
  // Text runs are sliced from `source` once, from `textStart`, when a placeholder ends them.
  let textStart = 0
  let pos = 0
  let malformed = 0
  let last = ""
  while (pos < source.length) {
    const open = source.indexOf(OPEN, pos)
    if (open === -1) break
    const close = source.indexOf(CLOSE, open + OPEN.length)
    if (close === -1) {
      problems ??= []
      problems.push(`unclosed placeholder "${clip(source.slice(open))}"`)
      break
    }
    // The same name as the last placeholder is not sliced again (no string per occurrence).
    const name = close - open - OPEN.length === last.length && source.startsWith(last, open + OPEN.length)
      ? last
      : source.slice(open + OPEN.length, close)
    pos = close + CLOSE.length
    if (!PARAM_NAME.test(name)) {
      malformed++
      if (malformed <= MAX_PROBLEMS) (problems ??= []).push(`malformed placeholder "${clip(source.slice(open, pos))}"`)
      continue
    }
    if (open > textStart) parts.push({ _tag: "Text", text: source.slice(textStart, open) })
    textStart = pos
    let part = firstPart === undefined || firstPart.name === name ? firstPart : named?.get(name)
    if (part === undefined) {
      part = { _tag: "Placeholder", name } as const
      if (firstPart === undefined) firstPart = part
      else (named ??= new Map()).set(name, part)
    }
    last = name
    parts.push(part)
    placeholders.push(name)
  }
  if (textStart < source.length) parts.push({ _tag: "Text", text: source.slice(textStart) })
  if (malformed > MAX_PROBLEMS) (problems ??= []).push(`and ${malformed - MAX_PROBLEMS} more malformed placeholders`)
  const first = parts[0]
  const whole = parts.length === 1 && first?._tag === "Placeholder" ? first.name : undefined
  return { source, parts, placeholders, whole, problems: problems ?? NONE }
}

const plain = (source: string): Template => ({
  source,
  parts: source === "" ? NONE : [{ _tag: "Text", text: source }],
  placeholders: NONE,
  whole: undefined,
  problems: NONE
})

/** @internal */
export const hasPlaceholderSyntax = (s: string): boolean => s.includes(OPEN)

/**
 * Renders a template; `valueOf` decides how each placeholder's value is written (encoded for a
 * path segment, raw for a header, …), so escaping is the caller's one decision.
 *
 * @internal
 */
export const render = (template: Template, valueOf: (name: string) => string): string => {
  let out = ""
  for (const part of template.parts) {
    out += part._tag === "Text" ? part.text : valueOf(part.name)
  }
  return out
}
