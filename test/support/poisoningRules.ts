/**
 * The poisoning checks' text rules as docs/security.md "Poisoning checks" documents them ("Exactly what the
 * text rules match"), read from docs/security.md itself and matched by hand — an oracle for the tests
 * that shares nothing with `src/internal/poisoning.ts` (no pattern, no regular expression of it).
 * Were the code and docs/security.md to drift apart, the tests that use this would say so.
 */
import { blocks, read, section } from "./docs.js"

type Step =
  | { readonly _tag: "Text"; readonly text: string }
  | { readonly _tag: "OneOf"; readonly choices: ReadonlyArray<string>; readonly optional: boolean }
  | { readonly _tag: "Edge" }
  | { readonly _tag: "Name" }
  | { readonly _tag: "Start" }

export interface TextRule {
  readonly rule: string
  /** What the warning says the text has. */
  readonly what: string
  /** The rule matches when any of these does. */
  readonly lines: ReadonlyArray<ReadonlyArray<Step>>
}

export interface Rules {
  /** Code point ranges of `invisible-unicode`, inclusive. */
  readonly invisible: ReadonlyArray<readonly [number, number]>
  /** The text rules, in the documented order (the order of the warnings). */
  readonly text: ReadonlyArray<TextRule>
  /** Every word the text rules are written with: material for generated text. */
  readonly words: ReadonlyArray<string>
}

/** One line of the notation: `(a|b)`, `[a|b]`, `·`, `‹name›`, `‹start›`, and literal text. */
const parseLine = (line: string): Array<Step> => {
  const steps: Array<Step> = []
  let text = ""
  const flush = () => {
    if (text !== "") steps.push({ _tag: "Text", text })
    text = ""
  }
  for (let i = 0; i < line.length; i++) {
    const char = line[i]!
    if (char === "(" || char === "[") {
      flush()
      const close = line.indexOf(char === "(" ? ")" : "]", i)
      if (close === -1) throw new Error(`docs/security.md poisoning rules: unclosed ${char} in ${line}`)
      steps.push({ _tag: "OneOf", choices: line.slice(i + 1, close).split("|"), optional: char === "[" })
      i = close
    } else if (char === "·") {
      flush()
      steps.push({ _tag: "Edge" })
    } else if (char === "‹") {
      flush()
      const close = line.indexOf("›", i)
      const name = line.slice(i + 1, close)
      if (name === "name") steps.push({ _tag: "Name" })
      else if (name === "start") steps.push({ _tag: "Start" })
      else throw new Error(`docs/security.md poisoning rules: unknown ‹${name}›`)
      i = close
    } else {
      text += char
    }
  }
  flush()
  return steps
}

const codePoint = (text: string): number => {
  const match = /^U\+([0-9A-F]{4,6})$/.exec(text)
  if (match === null) throw new Error(`docs/security.md poisoning rules: not a code point: ${text}`)
  return parseInt(match[1]!, 16)
}

/** The rules block of docs/security.md "Poisoning checks", parsed. */
export const readRules = (): Rules => {
  const block = blocks(section(read("docs/security.md"), "Poisoning checks")).find((b) =>
    b.lang === "text" && b.code.startsWith("invisible-unicode:")
  )
  if (block === undefined) throw new Error("docs/security.md \"Poisoning checks\" has no rules block")
  const entries: Array<{ rule: string; what: string; lines: Array<string> }> = []
  for (const line of block.code.split("\n")) {
    if (line.startsWith("  ")) entries[entries.length - 1]!.lines.push(line.slice(2))
    else {
      const colon = line.indexOf(": ")
      entries.push({ rule: line.slice(0, colon), what: line.slice(colon + 2), lines: [] })
    }
  }
  const [invisible, ...text] = entries
  const ranges = invisible!.lines.flatMap((line) => line.split(" ")).map((item): readonly [number, number] => {
    const [from, to] = item.split("-")
    return [codePoint(from!), codePoint(to ?? from!)]
  })
  const rules = text.map((entry) => ({ rule: entry.rule, what: entry.what, lines: entry.lines.map(parseLine) }))
  const words = new Set<string>()
  for (const rule of rules) {
    for (const line of rule.lines) {
      for (const step of line) {
        if (step._tag === "Text") words.add(step.text)
        if (step._tag === "OneOf") for (const choice of step.choices) words.add(choice)
      }
    }
  }
  return { invisible: ranges, text: rules, words: [...words] }
}

/**
 * Text one line of a rule describes, from the choices made: `choose` picks one of a group's
 * choices (or something else, to probe what the rule leaves out), `name` stands for `‹name›`.
 * Edges produce nothing (the text around decides whether they hold).
 */
export const instance = (
  line: ReadonlyArray<Step>,
  choose: (choices: ReadonlyArray<string>) => string,
  name: string
): string =>
  line.map((step) => {
    switch (step._tag) {
      case "Text":
        return step.text
      case "OneOf":
        return choose(step.optional ? ["", ...step.choices] : step.choices)
      case "Edge":
        return ""
      case "Name":
        return name
      case "Start":
        return choose(["", " ", "\t", "'", "\"", "`", "(", "/", "\u00a0", "\u3000", "x", "-"])
    }
  }).join("")

// ---------------------------------------------------------------------------------------------
// Matching, by hand
// ---------------------------------------------------------------------------------------------

// A word character as the rules' case-insensitive Unicode patterns read one: ASCII letters, digits
// and _, plus the two characters that fold onto them (ſ U+017F → s, K U+212A → k).
const isWordChar = (char: string | undefined): boolean =>
  char !== undefined &&
  ((char >= "a" && char <= "z") || (char >= "A" && char <= "Z") || (char >= "0" && char <= "9") || char === "_" ||
    char === "\u017f" || char === "\u212a")

const isNameChar = (char: string | undefined): boolean => isWordChar(char) || char === "-"

/** ECMAScript's WhiteSpace and LineTerminator: what `\s` stands for. */
const isWhitespace = (char: string | undefined): boolean =>
  char !== undefined && ("\t\n\u000b\f\r \u00a0\u2028\u2029\ufeff".includes(char) || /\p{Zs}/u.test(char))

/** Case-insensitive for ASCII letters only. */
const lowerAscii = (char: string): string => (char >= "A" && char <= "Z" ? String.fromCharCode(char.charCodeAt(0) + 32) : char)

/**
 * Where `literal` ends when it starts at `at`, or -1: a space in the documented text stands for
 * any run of whitespace (tabs, newlines, no-break spaces, several spaces — the rules of #29).
 */
const literalEnd = (text: string, at: number, literal: string): number => {
  let position = at
  for (let i = 0; i < literal.length; i++) {
    if (literal[i] === " ") {
      if (!isWhitespace(text[position])) return -1
      while (isWhitespace(text[position])) position++
      continue
    }
    if (position >= text.length || lowerAscii(text[position]!) !== lowerAscii(literal[i]!)) return -1
    position++
  }
  return position
}

/** The positions where `step` can end when it starts at `at`. */
const stepEnds = (text: string, at: number, step: Step): Array<number> => {
  switch (step._tag) {
    case "Text": {
      const end = literalEnd(text, at, step.text)
      return end === -1 ? [] : [end]
    }
    case "OneOf": {
      const ends = step.choices.map((choice) => literalEnd(text, at, choice)).filter((end) => end !== -1)
      return step.optional ? [at, ...ends] : ends
    }
    case "Edge":
      return isWordChar(text[at - 1]) !== isWordChar(text[at]) ? [at] : []
    case "Name": {
      const ends: Array<number> = []
      for (let end = at + 1; end <= Math.min(text.length, at + 64) && isNameChar(text[end - 1]); end++) ends.push(end)
      return ends
    }
    case "Start": {
      const char = text[at]
      const ends = at === 0 ? [at] : []
      if (isWhitespace(char) || (char !== undefined && "'\"`(/".includes(char))) ends.push(at + 1)
      return ends
    }
  }
}

const lineMatchesAt = (text: string, at: number, line: ReadonlyArray<Step>): boolean => {
  let positions = new Set([at])
  for (const step of line) {
    const next = new Set<number>()
    for (const position of positions) for (const end of stepEnds(text, position, step)) next.add(end)
    if (next.size === 0) return false
    positions = next
  }
  return true
}

/** Whether a rule matches somewhere in `text`. */
export const matches = (rule: TextRule, text: string): boolean => {
  for (let at = 0; at <= text.length; at++) {
    if (rule.lines.some((line) => lineMatchesAt(text, at, line))) return true
  }
  return false
}

/**
 * Confusables.txt's prototypes, typed here, for the look-alikes outside ASCII the tests write that
 * NFKC leaves alone (Cyrillic and Greek letters).
 */
const CONFUSABLE: Readonly<Record<string, string>> = {
  "\u0430": "a", "\u0435": "e", "\u043e": "o", "\u0440": "p", "\u0441": "c", "\u0443": "y", "\u0455": "s",
  "\u0456": "i", "\u03bf": "o"
}

/**
 * The text as the rules read it (docs/security.md: "as read"): each character outside ASCII whose
 * NFKC form — the runtime's Unicode data, not the code under test — is ASCII letters or digits is
 * read as that, else one of `CONFUSABLE` as its prototype; everything else as written.
 */
export const readAs = (text: string): string =>
  [...text].map((char) => {
    if (char.charCodeAt(0) < 0x80) return char
    const compatible = char.normalize("NFKC")
    if (compatible !== "" && [...compatible].every((c) => (c >= "a" && c <= "z") || (c >= "A" && c <= "Z") || (c >= "0" && c <= "9"))) {
      return compatible
    }
    return CONFUSABLE[char] ?? char
  }).join("")

/** What the text rules say `text` has, in the documented order. */
export const whats = (rules: Rules, text: string): Array<string> => {
  const read = readAs(text)
  return rules.text.filter((rule) => matches(rule, read)).map((rule) => rule.what)
}

/** Whether `text` holds a character of `invisible-unicode`. */
export const hasInvisible = (rules: Rules, text: string): boolean => {
  let previous = ""
  for (const char of text) {
    const code = char.codePointAt(0)!
    // The documented exception: one presentation selector right after a pictograph is drawn (⚠️).
    const drawn = (code === 0xfe0e || code === 0xfe0f) && /\p{Extended_Pictographic}/u.test(previous)
    if (!drawn && rules.invisible.some(([from, to]) => code >= from && code <= to)) return true
    previous = char
  }
  return false
}
