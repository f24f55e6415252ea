/**
 * What may stand in an HTTP header value, in one place: the manifest's literal header values, the
 * values rendered into them, and the credential are all checked against the same rules.
 */

/** CR, LF or NUL: would end the header and start another (header injection). @internal */
export const BREAK = /[\r\n\0]/

/** What HTTP cannot carry in a header value unchanged: control characters but tab, and beyond U+00FF. @internal */
export const UNSENDABLE = /[^\t\x20-\x7e\x80-\xff]/

/** HTTP strips a value's leading and trailing spaces and tabs: such a value would arrive changed. @internal */
export const LEADING_SPACE = /^[ \t]/

/** @internal */
export const TRAILING_SPACE = /[ \t]$/
