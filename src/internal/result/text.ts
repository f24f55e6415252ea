/**
 * Text for a model, clipped to a budget: a plain-text body, the Markdown of an HTML one. The cut is
 * made on a code point (never between the halves of a surrogate pair, so no `\uD83D` alone reaches
 * a model or a JSON encoder) and says how much was left out, with the same `… [+N chars]` marker a
 * clipped JSON string carries.
 */

/**
 * `at`, moved back one where cutting `s` there would split a surrogate pair; clamped to `s`.
 *
 * @internal
 */
export const cutAt = (s: string, at: number): number => {
  if (at <= 0) return 0
  if (at >= s.length) return s.length
  const before = s.charCodeAt(at - 1)
  const after = s.charCodeAt(at)
  return before >= 0xd800 && before <= 0xdbff && after >= 0xdc00 && after <= 0xdfff ? at - 1 : at
}

/** @internal */
export interface ClippedText {
  readonly text: string
  /** Characters left out; 0 when the text is whole. */
  readonly omitted: number
}

const marker = (omitted: number): string => `… [+${omitted} chars]`

/**
 * `text` within `maxChars` characters, notes included: whole when it fits, else its start, the
 * marker, and each note on a line of its own after a blank line ("[…]"), so that what the model
 * reads last is what was cut and how to get more. Notes are dropped, last first, when even a
 * marker does not leave them room.
 *
 * @internal
 */
export const clipText = (text: string, maxChars: number, notes: ReadonlyArray<string> = []): ClippedText => {
  for (let kept = notes.length; kept >= 0; kept--) {
    const tail = notes.slice(0, kept).map((note) => `\n\n[${note}]`).join("")
    if (text.length + tail.length <= maxChars) return { text: text + tail, omitted: 0 }
    const room = maxChars - tail.length - marker(text.length).length
    if (room < 0) continue
    const at = cutAt(text, room)
    return { text: text.slice(0, at) + marker(text.length - at) + tail, omitted: text.length - at }
  }
  // Not even the marker fits: the budget is below any the options allow.
  const at = cutAt(text, maxChars)
  return { text: text.slice(0, at), omitted: text.length - at }
}
