/**
 * Descriptions from a document as a model should read them: HTML (some specs, Stripe's among
 * them, write their descriptions in it) as Markdown, through the converter every part of the
 * library uses (`rcp-sdk/result`); any other text as it is — turndown would escape a Markdown
 * description's `*` and `_`.
 */
import * as Result from "rcp-sdk/result"

/** The longest HTML read of one description (the converter's cost follows its input). */
const MAX_INPUT_CHARS = 32_768

/** @internal */
export const describe = (text: string): string => {
  if (!Result.looksLikeHtml(text)) return text
  const converted = Result.htmlToMarkdown(text, { maxInputChars: MAX_INPUT_CHARS })
  return converted._tag === "Converted" ? converted.markdown : text
}
