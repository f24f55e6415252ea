/**
 * What may stand in an HTTP header value, in one place: the manifest's literal header values, the
 * values rendered into them, and the credential are all checked against the same rules.
 */

/** CR, LF or NUL: would end the header and start another (header injection). @internal */
export const BREAK = /[\r\n\0]/

/**
 * What may not stand in a header value: control characters but tab — C1 (U+0080–U+009F) too,
 * which would go out as raw bytes (NEL, CSI) — and anything beyond U+00FF.
 *
 * @internal
 */
export const UNSENDABLE = /[^\t\x20-\x7e\xa0-\xff]/

/** HTTP strips a value's leading and trailing spaces and tabs: such a value would arrive changed. @internal */
export const LEADING_SPACE = /^[ \t]/

/** @internal */
export const TRAILING_SPACE = /[ \t]$/
