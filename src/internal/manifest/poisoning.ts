/**
 * Tool poisoning checks (docs/security.md "Poisoning checks"): text a manifest shows the model that reads
 * like an attack on the model rather than a description of an endpoint — hidden characters,
 * instructions about other tools, the user or secrets, descriptions far longer than the rest, a
 * param fishing for a credential, a tool name that imitates another.
 *
 * Every text the model reads is scanned: a tool's description, each param's description and each
 * of its `enum` values (test/manifest/poisoning.rules.test.ts holds that to what a provider is sent).
 * The patterns are the one table below. Every pattern is linear in its input: literal
 * alternations, character classes, gaps of bounded length and runs of whitespace between literal
 * words only — no nested or unbounded quantifier that could backtrack
 * (test/hardening.linear.test.ts runs them on megabytes).
 */
import { createRequire } from "node:module"
import type * as Manifest from "../../Manifest.js"
import { clip, escapeControls } from "../shared/text.js"
import { formatPath } from "./issue.js"
import * as ParamSchema from "./paramSchema.js"

/**
 * The rules a finding can name.
 *
 * @since 0.3.0
 * @category models
 */
export type PoisoningRule =
  | "invisible-unicode"
  | "model-instruction"
  | "sensitive-path"
  | "long-description"
  | "credential-param"
  | "confusable-name"

/**
 * What the checks can be told.
 *
 * @since 0.3.0
 * @category models
 */
export interface PoisoningOptions {
  /**
   * The longest description, in characters, that is never "far longer than the rest". A longer
   * one is flagged when it is also over 4 times the median description of its manifest (or has no
   * other to compare with). Default 2000.
   */
  readonly descriptionBudget?: number | undefined
}

/** @internal */
export interface Finding {
  readonly rule: PoisoningRule
  /** Index of the tool in the manifest. */
  readonly tool: number
  readonly path: ReadonlyArray<string | number>
  readonly message: string
}

// ---------------------------------------------------------------------------------------------
// The table
// ---------------------------------------------------------------------------------------------

/**
 * Characters a reader does not see, by their Unicode properties rather than a list: every
 * `Default_Ignorable_Code_Point` (zero-width characters and joiners, invisible operators, fillers,
 * the Mongolian and other variation selectors, which can carry bytes, and the tag block
 * U+E0000–E0FFF, an invisible ASCII copy of any text: "ASCII smuggling") and every `Bidi_Control`
 * (embeddings, overrides, isolates, marks). A list written by hand missed U+180B–180D, U+1BCA0–1BCA3,
 * U+1D173–1D17A and U+E01F0–E0FFF; the properties follow the Unicode version of the runtime.
 *
 * One use of two of them is visible and common in real descriptions ("⚠️ Unofficial", "ℹ️ Note"): a
 * single text or emoji presentation selector (U+FE0E, U+FE0F) right after a pictograph, which only
 * picks how that pictograph is drawn. It is let through; a second selector, or one after anything
 * else, is not.
 *
 * @internal
 */
export const INVISIBLE =
  /(?![\ufe0e\ufe0f])[\p{Default_Ignorable_Code_Point}\p{Bidi_Control}]|(?<!\p{Extended_Pictographic})[\ufe0e\ufe0f]/u

/**
 * A pattern written with single spaces between its words, each space standing for any run of
 * whitespace (`\s`: tab, newline, no-break and ideographic spaces, doubled spaces…): "ignore\n all
 * previous instructions" is the same order as with single spaces. A run is followed by a word
 * character, so a start scans at most the whitespace after it: linear.
 */
const phrase = (pattern: RegExp): RegExp => new RegExp(pattern.source.replaceAll(" ", "\\s+"), "iu")

/** Text rules: each pattern with what it catches; case-insensitive, bounded gaps only. @internal */
export const TEXT_PATTERNS: ReadonlyArray<{ readonly rule: PoisoningRule; readonly what: string; readonly pattern: RegExp }> = [
  {
    rule: "model-instruction",
    what: "a tag that addresses the model (<IMPORTANT>, <system>, <instructions>)",
    pattern: phrase(/<\/?(?:important|system|instructions?|secret|hidden|admin)>/)
  },
  {
    rule: "model-instruction",
    what: "an order to ignore earlier instructions",
    pattern: phrase(/\b(?:ignore|disregard|forget|override) (?:all |any |the |your )?(?:previous|prior|above|earlier|other|system|existing) (?:instructions|rules|guidelines|prompts?)/)
  },
  {
    rule: "model-instruction",
    what: "an order to keep something from the user",
    pattern: phrase(/\b(?:do not|don't|never|must not) (?:tell|inform|mention|reveal|show|alert|notify|let)(?: it| this| that)?(?: to)? (?:the )?user/)
  },
  {
    rule: "model-instruction",
    what: "a claim that the user must not know",
    pattern: phrase(/\b(?:the )?user (?:must not|should not|mustn't|shouldn't|need not|does not need to|doesn't need to) (?:know|see|be told|be informed|notice)/)
  },
  {
    rule: "model-instruction",
    what: "an order about other tools",
    pattern: phrase(/\bbefore (?:using|calling|invoking|running) (?:any|every|other|another|this|the) (?:other )?tools?\b|\bwhen this tool is (?:available|present|loaded)|\b(?:instead of|rather than) (?:using |calling )?(?:the |any )?[\w-]{1,64} tool\b|\btool (?:must|should|has to) (?:always |also )?(?:send|forward|include|pass|redirect)\b/)
  },
  {
    rule: "model-instruction",
    what: "a threat that the tool will not work",
    pattern: phrase(/\botherwise (?:the|this) tool (?:will not|won't|cannot|can't|does not|doesn't) work/)
  },
  {
    rule: "model-instruction",
    what: "an order to act covertly",
    pattern: phrase(/\b(?:secretly|silently|quietly|covertly|discreetly) (?:send|include|pass|read|forward|copy|add|call|upload|attach|append)/)
  },
  {
    rule: "model-instruction",
    what: "a request for the conversation or the model's instructions",
    pattern: phrase(/\b(?:system prompt|conversation history|chat history|previous messages|your instructions)\b/)
  },
  {
    rule: "sensitive-path",
    what: "a path to secrets",
    pattern: phrase(/~\/\.(?:ssh|aws|gnupg|kube|docker|config)\b|\bid_(?:rsa|dsa|ecdsa|ed25519)\b|\/etc\/(?:passwd|shadow)\b|\.aws\/credentials|\bmcp\.json\b|(?:^|[\s'"`(/])\.(?:env|npmrc|netrc|pgpass|git-credentials|bash_history|zsh_history)\b/)
  }
]

/**
 * Any of the text patterns, in one scan: most descriptions match none, and one pass over a text
 * costs a third of nine. Only a text it matches is scanned by each pattern (for its rule and
 * position), so the findings are exactly those of the nine. The same flags, so `\b` means the same.
 */
const ANY_TEXT_PATTERN = new RegExp(TEXT_PATTERNS.map(({ pattern }) => `(?:${pattern.source})`).join("|"), "iu")

/** Words that make a param name ask for a credential, when they end it ("user_password", "apiKey"). */
const CREDENTIAL_NOUNS = new Set(["password", "passwd", "passphrase", "secret", "token", "apikey", "credential", "credentials"])
/** Two-word endings that do ("api_key", "private_key"). */
const CREDENTIAL_PAIRS = new Set(["api key", "private key", "secret key", "access key", "access token", "auth token", "bearer token"])
/** What every one of the nouns and of the pairs' last words contains (`words` lower-cases the same way). */
const CREDENTIAL_ENDINGS = /pass|secret|token|key|credential/

/** Words before "token" that make it a cursor, not a credential ("page_token", "nextToken"). */
const NOT_CREDENTIAL = new Set(["page", "next", "continuation", "sync", "pagination", "cursor", "prev", "previous", "csrf"])
/** A description asking for one: "your password", "the user's API key". */
const CREDENTIAL_ASK = phrase(
  /\b(?:your|the user's|user's) (?:password|passphrase|api[_-]?key|api key|access token|secret key|private key|credentials|one-time (?:code|password)|seed phrase)\b/
)

/**
 * Look-alikes that Unicode's confusables data leaves out for the characters a tool name can use
 * (`Manifest.TOOL_NAME`): "w" drawn as "vv" (the data maps "m" to "rn", but not "w" to "vv"), and
 * "-" beside "_", which a model reads alike. Written as the data is: one character to its prototype.
 */
const SUPPLEMENT: ReadonlyMap<string, string> = new Map([["w", "vv"], ["-", "_"]])

/**
 * Unicode's confusables data (UTS #39 `confusables.txt`, from the `unhomoglyph` package): each
 * character to the prototype it is confused with ("0" → "O", "1" → "l", "I" → "l", "m" → "rn",
 * Cyrillic "а" → "a", …). Read on the first comparison of two names, not when the module loads.
 */
let prototypes: ReadonlyMap<string, string> | undefined

const prototypeOf = (char: string): string => {
  prototypes ??= new Map(Object.entries(createRequire(import.meta.url)("unhomoglyph/data.json") as Record<string, string>))
  return prototypes.get(char) ?? SUPPLEMENT.get(char) ?? char
}

/** Every character of `text` replaced by its prototype. */
const toPrototypes = (text: string): string => {
  let out = ""
  for (const char of text) out += prototypeOf(char)
  return out
}

const ASCII_WORD = /^[A-Za-z0-9]+$/

/**
 * What a character outside ASCII is read as by the text rules: the ASCII letters or digits NFKC
 * gives it (ſ → s, the Kelvin sign → K, fullwidth ｐ → p, 𝐩 → p, ﬁ → fi), else those of its
 * confusables prototype (Cyrillic а → a, ѕ → s), else itself.
 */
const asciiReading = (char: string): string => {
  const compatible = char.normalize("NFKC")
  if (ASCII_WORD.test(compatible)) return compatible
  const prototype = prototypeOf(char)
  return ASCII_WORD.test(prototype) ? prototype : char
}

/**
 * Readings of the characters outside ASCII met so far: texts repeat few distinct ones. Bounded, since
 * a hostile text can hold a million distinct ones (each past the bound is read afresh).
 */
const readings = new Map<string, string>()

const readingOf = (char: string): string => {
  let read = readings.get(char)
  if (read === undefined) {
    read = asciiReading(char)
    if (readings.size < 4096) readings.set(char, read)
  }
  return read
}

const NON_ASCII = /[^\u0000-\u007f]/u
const NON_ASCII_RUN = /[^\u0000-\u007f]+/gu

const readRun = (run: string): string => {
  let out = ""
  for (const char of run) out += readingOf(char)
  return out
}

/** The last text read and its reading: `mayFind`, `textFindings` and the credential check read the same text in turn. */
let lastText = ""
let lastReading = ""

/**
 * A text as the text rules read it (docs/security.md "Poisoning checks"): every character outside
 * ASCII that looks like ASCII letters or digits read as them, so that "id_rѕa" (Cyrillic ѕ) or
 * "ｙｏｕｒ ｐａｓｓｗｏｒｄ" is the phrase it imitates — the same data the look-alike names rule
 * uses. ASCII is left as it is: in prose, "1" is a digit and "rn" two letters. Most texts are
 * ASCII: returned as they are.
 */
const reading = (text: string): string => {
  if (!NON_ASCII.test(text)) return text
  if (text !== lastText) {
    lastReading = text.replace(NON_ASCII_RUN, readRun)
    lastText = text
  }
  return lastReading
}

/** The index in `text` of index `at` of its reading (only for a match's fragment: one walk). */
const writtenIndex = (text: string, at: number): number => {
  let read = 0
  let index = 0
  for (const char of text) {
    if (read >= at) break
    read += char.charCodeAt(0) < 0x80 ? 1 : readingOf(char).length
    index += char.length
  }
  return index
}

// ---------------------------------------------------------------------------------------------
// The checks
// ---------------------------------------------------------------------------------------------

/** @internal */
export const DEFAULT_BUDGET = 2000

/** How far around a match the message quotes, and how much of the match itself. */
const CONTEXT = 24
const MAX_QUOTED = 80

/**
 * A fragment of manifest text made safe to show (`escapeControls`: invisible and control characters
 * as escapes), cut around `at`.
 */
const fragment = (text: string, at: number, length: number): string => {
  let start = Math.max(0, at - CONTEXT)
  let end = Math.min(text.length, at + Math.min(length, MAX_QUOTED) + CONTEXT)
  // Never half a surrogate pair: a tag character is two UTF-16 units.
  if (isLowSurrogate(text.charCodeAt(start))) start--
  if (isLowSurrogate(text.charCodeAt(end))) end++
  const shown = escapeControls(text.slice(start, end))
  return `${start > 0 ? "…" : ""}${shown}${end < text.length ? "…" : ""}`
}

const isLowSurrogate = (code: number): boolean => code >= 0xdc00 && code <= 0xdfff

/** The ASCII the tag characters spell, since that is the hidden message: its first `max` characters. */
const hiddenTagText = (text: string, max: number): string => {
  let out = ""
  for (const char of text) {
    const code = char.codePointAt(0)!
    if (code >= 0xe0020 && code <= 0xe007e) out += String.fromCharCode(code - 0xe0000)
    if (out.length > max) break
  }
  return out
}

interface Text {
  readonly tool: number
  readonly path: ReadonlyArray<string | number>
  /** "tool "x" description", "param "p" of tool "x" description" */
  readonly where: string
  readonly text: string
}

/** Whether `textFindings` can find anything in a text: false for most, after two scans. */
const mayFind = (text: string): boolean => INVISIBLE.test(text) || ANY_TEXT_PATTERN.test(reading(text))

const textFindings = (subject: Text): Array<Finding> => {
  const { path, text, tool, where } = subject
  const out: Array<Finding> = []
  const invisible = INVISIBLE.exec(text)
  if (invisible !== null) {
    const hidden = hiddenTagText(text, 120)
    out.push({
      rule: "invisible-unicode",
      tool,
      path,
      message: `${where} contains invisible or bidirectional Unicode (rule invisible-unicode): ` +
        `"${fragment(text, invisible.index, invisible[0].length)}"` +
        (hidden === "" ? "" : `; its tag characters spell "${clip(escapeControls(hidden), 120)}"`)
    })
  }
  // The phrases are looked for in the text as read (look-alike letters as the ASCII they imitate),
  // and quoted from the text itself.
  const read = reading(text)
  for (const { pattern, rule, what } of TEXT_PATTERNS) {
    const match = pattern.exec(read)
    if (match === null) continue
    const start = read === text ? match.index : writtenIndex(text, match.index)
    const end = read === text ? match.index + match[0].length : writtenIndex(text, match.index + match[0].length)
    out.push({
      rule,
      tool,
      path,
      message: `${where} has ${what} (rule ${rule}): "${fragment(text, start, end - start)}"`
    })
  }
  return out
}

/** "userPassword", "API_KEY", "x-auth-token" → ["user", "password"], ["api", "key"], ["x", "auth", "token"]. */
const words = (name: string): Array<string> =>
  name.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase().split(/[^a-z0-9]+/).filter((word) => word !== "")

const asksForCredential = (param: Manifest.Param): boolean => {
  // A number or a boolean cannot carry one.
  if (param.type !== "string") return false
  return namesCredential(param.name) || CREDENTIAL_ASK.test(reading(param.description ?? ""))
}

/**
 * The credential words as the look-alike names rule compares names: by skeleton, so that
 * "passw0rd" or "t0ken" (0 → O, 1 → l, m → rn, w → vv) is the word it imitates. Made on the first
 * name that holds an ending, not when the module loads.
 */
let credentialSkeletons:
  | { readonly nouns: ReadonlySet<string>; readonly pairs: ReadonlySet<string>; readonly notCredential: ReadonlySet<string> }
  | undefined

const namesCredential = (name: string): boolean => {
  // Most names hold none of the words the nouns and pairs end in, nor a look-alike of one (the
  // endings' skeletons are themselves): no splitting into words for them.
  // Lower-cased first, as `words` does: a capital I starts a word, it does not stand for an l.
  if (!CREDENTIAL_ENDINGS.test(skeleton(name.toLowerCase()))) return false
  credentialSkeletons ??= {
    nouns: new Set([...CREDENTIAL_NOUNS].map(skeleton)),
    pairs: new Set([...CREDENTIAL_PAIRS].map((pair) => pair.split(" ").map(skeleton).join(" "))),
    notCredential: new Set([...NOT_CREDENTIAL].map(skeleton))
  }
  const { notCredential, nouns, pairs } = credentialSkeletons
  const parts = words(name).map(skeleton)
  const last = parts.at(-1) ?? ""
  const pair = parts.slice(-2).join(" ")
  return pairs.has(pair) || (nouns.has(last) && !notCredential.has(parts.at(-2) ?? ""))
}

/** The lower median: of two descriptions, the shorter, so that one long one still stands out. */
const lowerMedian = (values: ReadonlyArray<number>): number => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? 0
}

/**
 * The shape names are compared in (UTS #39's skeleton, and case): every character to its prototype,
 * lower-cased, and to its prototype again — "M" is "m" once lower-cased, and "m" is "rn".
 *
 * @internal
 */
export const skeleton = (name: string): string => toPrototypes(toPrototypes(name).toLowerCase())

/**
 * Names among `names` that imitate an earlier one or one of `existing` (another API's exposed
 * tools): a different name with the same skeleton. Keyed by the imitating name.
 *
 * @internal
 */
export const confusables = (
  names: ReadonlyArray<string>,
  existing: ReadonlyArray<string> = []
): Map<string, string> => {
  const out = new Map<string, string>()
  // One name alone imitates nothing: the confusables data is not read for it.
  if (names.length + existing.length < 2) return out
  const seen = new Map<string, string>()
  for (const name of existing) seen.set(skeleton(name), name)
  for (const name of names) {
    const key = skeleton(name)
    const first = seen.get(key)
    if (first !== undefined && first !== name) out.set(name, first)
    else seen.set(key, name)
  }
  return out
}

/** @internal */
export const confusableMessage = (name: string, imitated: string): string =>
  `tool "${name}" imitates the name of tool "${imitated}" (rule confusable-name)`

/**
 * Each description inside a param's schema (the root's too) with its path below `schema`; a
 * validated schema has at most `MAX_NODES` nodes, and the walk stops there in any case.
 */
const nestedDescriptions = (
  schema: ParamSchema.SchemaNode,
  visit: (text: string, path: ReadonlyArray<string | number>) => void
): void => {
  const stack: Array<{ node: ParamSchema.SchemaNode; path: ReadonlyArray<string | number> }> = [{ node: schema, path: [] }]
  for (let budget = ParamSchema.MAX_NODES; stack.length > 0 && budget > 0; budget--) {
    const { node, path } = stack.pop()!
    if (typeof node.description === "string") visit(node.description, path)
    if (node.type === "array") stack.push({ node: node.items, path: [...path, "items"] })
    if (node.type === "object") {
      const additional = node.additionalProperties
      if (typeof additional === "object") stack.push({ node: additional, path: [...path, "additionalProperties"] })
      for (const name of Object.keys(node.properties ?? {}).reverse()) {
        stack.push({ node: node.properties![name]!, path: [...path, "properties", name] })
      }
    }
  }
}

/**
 * Every finding of a manifest (names compared within it; `scan` with the client's other tools is
 * discovery's business).
 *
 * @internal
 */
export const scan = (manifest: Manifest.Manifest, options: PoisoningOptions = {}): Array<Finding> => {
  const budget = options.descriptionBudget ?? DEFAULT_BUDGET
  const median = lowerMedian(manifest.tools.map((tool) => tool.description.length))
  // Longer than the budget and than 4 times the median (a lone tool has only the budget).
  const tooLong = (length: number) => length > budget && (manifest.tools.length === 1 || length > 4 * median)
  const out: Array<Finding> = []
  manifest.tools.forEach((tool, i) => {
    // Paths and message texts are built only for a text with a finding: most have none.
    const long = tooLong(tool.description.length)
    if (long || mayFind(tool.description)) {
      const toolPath = ["tools", i, "description"]
      const where = `the description of tool "${tool.name}"`
      out.push(...textFindings({ tool: i, path: toolPath, where, text: tool.description }))
      if (long) {
        out.push({
          rule: "long-description",
          tool: i,
          path: toolPath,
          message: `${where} is ${tool.description.length} characters, far longer than the rest ` +
            `(budget ${budget}; rule long-description): "${fragment(tool.description, 0, 0)}"`
        })
      }
    }
    tool.params.forEach((param, j) => {
      // An array or object param's schema carries descriptions of its own, which the model reads too.
      if (param.schema !== undefined) {
        nestedDescriptions(param.schema, (text, at) => {
          if (!(text.length > budget || mayFind(text))) return
          const path = ["tools", i, "params", j, "schema", ...at]
          const where = `the description of param "${param.name}" of tool "${tool.name}" at ${formatPath(["schema", ...at])}`
          out.push(...textFindings({ tool: i, path, where, text }))
          if (text.length > budget) {
            out.push({
              rule: "long-description",
              tool: i,
              path,
              message: `${where} is ${text.length} characters (budget ${budget}; rule long-description): ` +
                `"${fragment(text, 0, 0)}"`
            })
          }
        })
      }
      const description = param.description
      const long = description !== undefined && description.length > budget
      const suspect = description !== undefined && (long || mayFind(description))
      const credential = asksForCredential(param)
      // The model reads each allowed value as it reads a description (an OpenAPI import copies a
      // spec's string enums verbatim): the same text rules, with the value's own path.
      if (param.enum !== undefined) {
        param.enum.forEach((value, k) => {
          if (!mayFind(value)) return
          const where = `enum value ${k} of param "${param.name}" of tool "${tool.name}"`
          out.push(...textFindings({ tool: i, path: ["tools", i, "params", j, "enum", k], where, text: value }))
        })
      }
      if (!suspect && !credential) return
      const path = ["tools", i, "params", j]
      const at = `param "${param.name}" of tool "${tool.name}"`
      if (suspect) {
        out.push(...textFindings({ tool: i, path, where: `the description of ${at}`, text: description }))
        if (long) {
          out.push({
            rule: "long-description",
            tool: i,
            path,
            message: `the description of ${at} is ${description.length} characters (budget ${budget}; ` +
              `rule long-description): "${fragment(description, 0, 0)}"`
          })
        }
      }
      if (credential) {
        out.push({
          rule: "credential-param",
          tool: i,
          path,
          message: `${at} asks the model for a credential (rule credential-param); credentials belong to the ` +
            `client (auth, resolvers), never to the model`
        })
      }
    })
  })
  const names = manifest.tools.map((tool) => tool.name)
  const imitating = confusables(names)
  // Indexes by name only when some name imitates another (rarely).
  const index = imitating.size === 0 ? undefined : new Map(names.map((name, i) => [name, i]))
  for (const [name, imitated] of imitating) {
    const i = index!.get(name)!
    out.push({ rule: "confusable-name", tool: i, path: ["tools", i, "name"], message: confusableMessage(name, imitated) })
  }
  return out
}

/**
 * Discovery's use of the checks: the manifest's findings, plus exposed names that imitate another
 * API's tools in the same client (`others`); with `"refuse"`, the indexes of the tools to keep
 * from the model. Every finding is a warning; so is every refusal, naming its rules.
 *
 * @internal
 */
export const screen = (
  manifest: Manifest.Manifest,
  exposed: ReadonlyArray<string>,
  others: ReadonlyArray<string>,
  settings: { readonly onPoisoning: "warn" | "refuse"; readonly poisoning: PoisoningOptions }
): { readonly refused: ReadonlySet<number>; readonly warnings: Array<string> } => {
  const findings = scan(manifest, settings.poisoning)
  if (others.length > 0) {
    const other = new Set(others)
    const index = new Map(exposed.map((name, i) => [name, i]))
    for (const [name, imitated] of confusables(exposed, others)) {
      // Pairs within the manifest are scan's findings already.
      if (!other.has(imitated)) continue
      const i = index.get(name)!
      findings.push({ rule: "confusable-name", tool: i, path: ["tools", i, "name"], message: confusableMessage(name, imitated) })
    }
  }
  const warnings = findings.map((finding) => finding.message)
  if (settings.onPoisoning === "warn" || findings.length === 0) return { refused: new Set(), warnings }
  const rules = new Map<number, Set<PoisoningRule>>()
  for (const { rule, tool } of findings) rules.set(tool, (rules.get(tool) ?? new Set()).add(rule))
  for (const [tool, flagged] of rules) {
    warnings.push(`tool "${exposed[tool]}" is not exposed to the model (onPoisoning: "refuse"; rule ${[...flagged].join(", ")})`)
  }
  return { refused: new Set(rules.keys()), warnings }
}
