/**
 * The one parser for `{{placeholder}}` templates. Validation (Manifest) and rendering (Client) both
 * read the parts produced here, so they can never disagree about what is a placeholder.
 */
import { clip } from "./values.js"

/** @internal */
export type Part =
  | { readonly _tag: "Text"; readonly text: string }
  | { readonly _tag: "Placeholder"; readonly name: string }

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
  const parts: Array<Part> = []
  const placeholders: Array<string> = []
  const problems: Array<string> = []
  let text = ""
  let pos = 0
  while (pos < source.length) {
    const open = source.indexOf(OPEN, pos)
    if (open === -1) {
      text += source.slice(pos)
      break
    }
    text += source.slice(pos, open)
    const close = source.indexOf(CLOSE, open + OPEN.length)
    if (close === -1) {
      problems.push(`unclosed placeholder "${clip(source.slice(open))}"`)
      text += source.slice(open)
      break
    }
    const name = source.slice(open + OPEN.length, close)
    if (!PARAM_NAME.test(name)) {
      problems.push(`malformed placeholder "${clip(source.slice(open, close + CLOSE.length))}"`)
      text += source.slice(open, close + CLOSE.length)
    } else {
      if (text !== "") parts.push({ _tag: "Text", text })
      text = ""
      parts.push({ _tag: "Placeholder", name })
      placeholders.push(name)
    }
    pos = close + CLOSE.length
  }
  if (text !== "") parts.push({ _tag: "Text", text })
  const first = parts[0]
  const whole = parts.length === 1 && first?._tag === "Placeholder" ? first.name : undefined
  return { source, parts, placeholders, whole, problems }
}

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
