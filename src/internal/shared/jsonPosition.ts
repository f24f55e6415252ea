/**
 * Where text stops being JSON, as line and column. `JSON.parse` says this only sometimes, in
 * wording that changes between Node versions, and some of its messages quote the input (which may
 * hold a secret); this scanner names the position and what was expected there, never the text.
 * Used only after `JSON.parse` has failed. One pass, iterative: linear in the input, whatever the
 * nesting.
 */

/** @internal */
export interface JsonErrorPosition {
  /** 1-based. */
  readonly line: number
  /** 1-based, in UTF-16 code units. */
  readonly column: number
  readonly expected: string
}

const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y
const WHITESPACE = /[ \t\n\r]*/y
const ESCAPE = /\\(?:["\\/bfnrt]|u[0-9A-Fa-f]{4})/y
const LITERALS = ["true", "false", "null"] as const

// What may come next: a value, an object key (or `}` right after `{`), `:`, or what follows a value.
type Expect = "value" | "firstValue" | "key" | "firstKey" | "colon" | "after"

const positionOf = (text: string, offset: number, expected: string): JsonErrorPosition => {
  let line = 1
  let lineStart = 0
  for (let i = text.indexOf("\n"); i !== -1 && i < offset; i = text.indexOf("\n", i + 1)) {
    line++
    lineStart = i + 1
  }
  return { line, column: offset - lineStart + 1, expected }
}

/** The end of the string starting at `start` (a `"`), or where it stops being a JSON string. */
const scanString = (text: string, start: number): number | JsonErrorPosition => {
  let i = start + 1
  while (i < text.length) {
    const c = text.charCodeAt(i)
    if (c === 0x22) return i + 1
    if (c < 0x20) return positionOf(text, i, "no control character inside a string (escape it)")
    if (c === 0x5c) {
      ESCAPE.lastIndex = i
      if (!ESCAPE.test(text)) return positionOf(text, i, "a valid escape (\\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)")
      i = ESCAPE.lastIndex
      continue
    }
    i++
  }
  return positionOf(text, text.length, "the closing \" of a string")
}

/**
 * The first position at which `text` is not JSON, or `undefined` when it is.
 *
 * @internal
 */
export const locate = (text: string): JsonErrorPosition | undefined => {
  // Open containers: true for an object, false for an array.
  const open: Array<boolean> = []
  let expect: Expect = "value"
  let i = 0
  const fail = (expected: string) => positionOf(text, i, expected)
  while (true) {
    WHITESPACE.lastIndex = i
    WHITESPACE.test(text)
    i = WHITESPACE.lastIndex
    const inObject = open[open.length - 1]
    if (i >= text.length) {
      if (open.length === 0 && expect === "after") return undefined
      return fail(expect === "after" ? (inObject ? "',' or '}'" : "',' or ']'") : "more JSON (the text ends here)")
    }
    const c = text[i]!
    // `{}` or `[]`: a container closed right after it opened.
    if ((expect === "firstKey" && c === "}") || (expect === "firstValue" && c === "]")) {
      open.pop()
      expect = "after"
      i++
      continue
    }
    switch (expect) {
      case "after": {
        if (inObject === undefined) return fail("the end of the text (one JSON value only)")
        if (c === ",") {
          expect = inObject ? "key" : "value"
          i++
        } else if (c === (inObject ? "}" : "]")) {
          open.pop()
          i++
        } else {
          return fail(inObject ? "',' or '}'" : "',' or ']'")
        }
        continue
      }
      case "colon": {
        if (c !== ":") return fail("':'")
        expect = "value"
        i++
        continue
      }
      case "key":
      case "firstKey": {
        if (c !== "\"") return fail(expect === "firstKey" ? "a property name in double quotes, or '}'" : "a property name in double quotes")
        const end = scanString(text, i)
        if (typeof end !== "number") return end
        i = end
        expect = "colon"
        continue
      }
      case "value":
      case "firstValue": {
        if (c === "{" || c === "[") {
          open.push(c === "{")
          expect = c === "{" ? "firstKey" : "firstValue"
          i++
          continue
        }
        if (c === "\"") {
          const end = scanString(text, i)
          if (typeof end !== "number") return end
          i = end
        } else {
          const literal = LITERALS.find((word) => text.startsWith(word, i))
          NUMBER.lastIndex = i
          if (literal !== undefined) i += literal.length
          else if (NUMBER.test(text)) i = NUMBER.lastIndex
          else return fail("a value (an object, array, string, number, true, false or null)")
        }
        expect = "after"
        continue
      }
    }
  }
}

/**
 * `expected X at line L, column C`, for a message about text that `JSON.parse` refused.
 *
 * @internal
 */
export const describe = (text: string): string => {
  const at = locate(text)
  return at === undefined ? "it does not parse" : `expected ${at.expected} at line ${at.line}, column ${at.column}`
}
