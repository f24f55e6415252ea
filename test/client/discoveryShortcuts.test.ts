/**
 * Discovery's shortcuts (bench/RESULTS.md §Discovery) answer exactly as the direct definitions
 * they stand in for, each checked against an oracle written here: poisoning's one scan for all
 * text patterns against the rules docs/security.md "Poisoning checks" documents (read from docs/security.md and
 * matched by hand, test/support/poisoningRules.ts), the credential-name screen against the word rule
 * of docs/security.md "Poisoning checks", the name skeleton against a character-by-character fold, the url
 * check without segments against the full parse and `String.prototype.split`, and the model-facing
 * parameters against the shape docs/protocol.md §7 gives them.
 */
import { assert, describe, it } from "../support/effectVitest.js"
import * as fc from "fast-check"
import type * as Manifest from "../../src/Manifest.js"
import * as Poisoning from "../../src/internal/manifest/poisoning.js"
import * as Template from "../../src/internal/manifest/template.js"
import * as UrlTemplate from "../../src/internal/manifest/urlTemplate.js"
import * as ModelTool from "../../src/internal/model/modelTool.js"
import { POISONED, tagged } from "../support/poisoning.js"
import * as PoisoningRules from "../support/poisoningRules.js"
import { propertyRuns, seeded } from "../support/property.js"

const RUNS = propertyRuns(300)

const manifestOf = (tools: ReadonlyArray<Manifest.Tool>): Manifest.Manifest => ({ rcpVersion: "0.1", tools })

const toolWith = (description: string, params: ReadonlyArray<Manifest.Param> = []): Manifest.Tool => ({
  name: "t",
  description,
  method: "GET",
  params,
  url: "https://api.example.com/t"
})

// The rules as docs/security.md "Poisoning checks" documents them, read from docs/security.md and matched by hand.
const RULES = PoisoningRules.readRules()

// Words of the poisoned examples and of the documented rules, characters that sit at the edges of
// the rules (word characters only under Unicode case folding: ſ, K; invisible ones; path
// punctuation; whitespace that is not a space), and code points at both edges of every invisible range.
const WORDS = [...new Set([...POISONED.flatMap((example) => example.description.split(/\s+/)), ...RULES.words])]
const EDGES = ["ſ", "\u212a", "\u0455", "\u0430", "\uff53", "\u2070", "\u200b", "\u202e", tagged("x"), "~/.", ".env", "'", "/", "<", ">", "_", "-", "\n", "\u00a0", "\u0085", "\ufeff", "x".repeat(65)]
const BOUNDARIES = RULES.invisible.flatMap(([from, to]) => [from - 1, from, to, to + 1]).map((code) => String.fromCodePoint(code))
// Words an attack might use where a documented rule has a choice, written here (not read from
// either side): what the rule leaves out must not be flagged by the code either.
const OTHER_WORDS = [
  // tags and orders
  "admin", "root", "assistant", "developer", "note", "context", "system", "important", "instruction", "prompts",
  "user", "users", "tool", "tools", "all", "every", "ignoring", "dont", "tell", "say", "share", "history", "messages",
  "secretly", "quietly", "previous", "prior", "rules",
  // files and folders that hold secrets
  "ssh", "aws", "azure", "gcloud", "gnupg", "kube", "docker", "config", "npmrc", "pypirc", "netrc", "pgpass",
  "env", "git-credentials", "bash_history", "zsh_history", "bashrc", "profile", "passwd", "shadow", "hosts",
  "credentials", "rsa", "dsa", "ecdsa", "ed25519", "id_rsa", "mcp.json", "key", "keys",
  "", " ", "s", "x"
]

// Text a documented line describes (any choice, any case), or nearly: now and then a choice is
// another word, to be set among the rest.
const LINES = RULES.text.flatMap((rule) => rule.lines)
const described = fc.record({
  line: fc.nat({ max: LINES.length - 1 }),
  picks: fc.array(fc.tuple(fc.nat(), fc.nat({ max: 5 })), { minLength: 12, maxLength: 12 }),
  name: fc.string({ unit: fc.constantFrom("a", "Z", "0", "_", "-", "é", " "), minLength: 0, maxLength: 70 }),
  upper: fc.array(fc.boolean(), { maxLength: 80 })
}).map(({ line, name, picks, upper }) => {
  let i = 0
  const text = PoisoningRules.instance(LINES[line]!, (choices) => {
    const [k, other] = picks[i++ % picks.length]!
    return other === 0 ? OTHER_WORDS[k % OTHER_WORDS.length]! : choices[k % choices.length]!
  }, name)
  return [...text].map((c, j) => (upper[j] === true ? c.toUpperCase() : c)).join("")
})
const text = fc.array(
  fc.oneof(
    fc.constantFrom(...WORDS),
    fc.constantFrom(...EDGES),
    fc.constantFrom(...BOUNDARIES),
    fc.string({ maxLength: 6 }),
    described
  ),
  { maxLength: 24 }
).chain((parts) => fc.constantFrom(" ", "").map((glue) => parts.join(glue)))

const textFindingsOf = (description: string) => {
  const findings = Poisoning.scan(manifestOf([toolWith(description)]))
  return {
    invisible: findings.some((finding) => finding.rule === "invisible-unicode"),
    whats: findings.flatMap((finding) => {
      const what = / has (.*) \(rule (?:model-instruction|sensitive-path)\): /s.exec(finding.message)
      return what === null ? [] : [what[1]!]
    })
  }
}

// Letters written as look-alikes outside ASCII (Cyrillic, fullwidth, ſ): read as the letters (docs/security.md).
const LOOKALIKE: Readonly<Record<string, string>> = { a: "\u0430", e: "\u0435", o: "\u043e", p: "\u0440", s: "\u017f", i: "\u0456", d: "\uff44", y: "\u0443" }
const lookalike = (text: string): string => [...text].map((char) => LOOKALIKE[char] ?? char).join("")

describe("poisoning: the text rules find exactly what docs/security.md \"Poisoning checks\" documents (property)", () => {
  it("the rules block reads as nine text rules and the invisible ranges", () => {
    assert.strictEqual(RULES.text.length, 9)
    assert.deepStrictEqual([...new Set(RULES.text.map((rule) => rule.rule))], ["model-instruction", "sensitive-path"])
    assert.includeDeepMembers([...RULES.invisible], [[0x200b, 0x200f], [0xe0000, 0xe0fff]])
  })

  it("every poisoned example, and random text around the rules' words and edge characters", () => {
    for (const example of POISONED) {
      assert.deepStrictEqual(textFindingsOf(example.description).whats, PoisoningRules.whats(RULES, example.description))
    }
    const seen = { text: 0, invisible: 0, whats: [] as Array<string> }
    fc.assert(
      fc.property(text, (description) => {
        const found = textFindingsOf(description)
        const expected = PoisoningRules.whats(RULES, description)
        assert.deepStrictEqual(found.whats, expected, JSON.stringify(description))
        assert.strictEqual(found.invisible, PoisoningRules.hasInvisible(RULES, description), JSON.stringify(description))
        if (expected.length > 0) seen.text++
        if (found.invisible) seen.invisible++
        if (process.env.RCP_PROPERTY_DEBUG !== undefined && expected.length > 0) seen.whats.push(...expected)
      }),
      seeded(1, RUNS * 3)
    )
    // Neither side passes by finding nothing: the generated text trips the rules often.
    assert.isAbove(seen.text, RUNS / 10, JSON.stringify(seen))
    assert.isAbove(seen.invisible, RUNS / 10, JSON.stringify(seen))
    if (process.env.RCP_PROPERTY_DEBUG !== undefined) {
      const byWhat = new Map<string, number>()
      for (const what of seen.whats) byWhat.set(what, (byWhat.get(what) ?? 0) + 1)
      console.log(seen.text, seen.invisible, JSON.stringify([...byWhat]))
    }
  })

  it("every choice of every documented line, and other words in its place, one group at a time", async () => {
    const mismatches: Array<string> = []
    for (const line of LINES) {
      // Seconds of work on a loaded machine: the test runner's messages get a turn between lines.
      await new Promise((resolve) => setImmediate(resolve))
      const groups = line.filter((step) => step._tag === "OneOf" || step._tag === "Start")
      for (let group = 0; group < groups.length; group++) {
        const own = groups[group]!._tag === "OneOf" ? (groups[group] as { choices: ReadonlyArray<string> }).choices : []
        for (const option of new Set([...own, ...OTHER_WORDS, "\t", "'", "(", "/", "-"])) {
          let seen = 0
          // The other groups take their first choice that is not empty.
          const text = PoisoningRules.instance(line, (choices) =>
            seen++ === group ? option : choices.find((choice) => choice !== "") ?? "", "the_name-2")
          for (const around of [text, ` ${text} `, `x${text}x`, `${text}s`, `_${text.toUpperCase()}.`, lookalike(text)]) {
            const found = textFindingsOf(around).whats
            const expected = PoisoningRules.whats(RULES, around)
            if (JSON.stringify(found) !== JSON.stringify(expected)) mismatches.push(`${JSON.stringify(around)}: ${JSON.stringify(found)} vs ${JSON.stringify(expected)}`)
          }
        }
      }
    }
    assert.strictEqual(mismatches.slice(0, 10).join("\n"), "", `${mismatches.length} mismatches`)
  })
})

// docs/security.md "Poisoning checks", credential-param: the name's last word is a credential noun (not
// after a cursor word such as "page"), or its last two words are a credential pair.
const NOUNS = ["password", "passwd", "passphrase", "secret", "token", "apikey", "credential", "credentials"]
const PAIRS = ["api key", "private key", "secret key", "access key", "access token", "auth token", "bearer token"]
const CURSORS = ["page", "next", "continuation", "sync", "pagination", "cursor", "prev", "previous", "csrf"]

const oracleWords = (name: string): Array<string> => {
  const out: Array<string> = []
  let word = ""
  const chars = [...name]
  chars.forEach((char, i) => {
    const previous = chars[i - 1] ?? ""
    if (/[A-Z]/.test(char) && /[a-z0-9]/.test(previous) && word !== "") {
      out.push(word)
      word = ""
    }
    const lower = char.toLowerCase()
    if (/^[a-z0-9]+$/.test(lower)) word += lower
    else if (word !== "") {
      out.push(word)
      word = ""
    }
  })
  if (word !== "") out.push(word)
  return out
}

// Words are compared as look-alike names are (docs/security.md, credential-param): folded by
// confusables.txt's prototypes for lower-case ASCII (0 → O → o, 1 → l, m → rn), typed here, and
// the look-alike the data lacks (w → vv).
const LOOK: Readonly<Record<string, string>> = { "0": "o", "1": "l", "m": "rn", "w": "vv" }
const look = (word: string): string => [...word].map((c) => LOOK[c] ?? c).join("")

const oracleNamesCredential = (name: string): boolean => {
  const words = oracleWords(name).map(look)
  const last = words.at(-1) ?? ""
  return PAIRS.map((pair) => pair.split(" ").map(look).join(" ")).includes(words.slice(-2).join(" ")) ||
    (NOUNS.map(look).includes(last) && !CURSORS.map(look).includes(words.at(-2) ?? ""))
}

const PIECES = ["api", "Api", "API", "key", "Key", "KEY", "token", "Token", "page", "Page", "next", "pass", "Pass",
  "word", "Word", "secret", "Secret", "access", "auth", "bearer", "private", "credential", "Credentials", "user",
  "id", "_", "-", "2", "\u212a", "K", "ey", "x", "t0ken", "passw0rd", "0", "1", "credentia1", "m", "vv", "w0rd"]

describe("poisoning: the credential-name screen agrees with the word rule (property)", () => {
  it("names built from credential words, cursor words, separators and case changes", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 5 }), (pieces) => {
        const name = pieces.join("")
        const param: Manifest.Param = { name, type: "string" }
        const flagged = Poisoning.scan(manifestOf([toolWith("Reads one thing.", [param])])).some((finding) =>
          finding.rule === "credential-param"
        )
        assert.strictEqual(flagged, oracleNamesCredential(name), name)
      }),
      seeded(2, RUNS * 3)
    )
  })
})

describe("poisoning: a name's skeleton is the character-by-character fold (property)", () => {
  // The oracle, typed from Unicode's confusables.txt for these characters (0 → O, 1 → l, I → l,
  // m → rn, K (Kelvin sign) → K), then lower-cased and folded again, with the two look-alikes the
  // data lacks (w → vv, - → _): one string per character.
  const FOLD: Readonly<Record<string, string>> = {
    "m": "rn", "M": "rn", "R": "r", "N": "n", "I": "l", "L": "l", "1": "l", "0": "o", "O": "o",
    "-": "_", "w": "vv", "W": "vv", "V": "v", "A": "a", "B": "b", "\u212a": "k"
  }
  const fold = (name: string): string => [...name].map((c) => FOLD[c] ?? c).join("")
  it("names over the lookalike characters, their capitals, and others", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(..."rnmRNMiIl1L0oO-_abABwWvV\u212a"), { maxLength: 16 }), (chars) => {
        const name = chars.join("")
        assert.strictEqual(Poisoning.skeleton(name), fold(name))
      }),
      seeded(3, RUNS * 3)
    )
  })
})

describe("url templates: the check without segments, and the segments of a full parse", () => {
  const SEGMENT = fc.constantFrom(
    ..."a|.|..|%2e|%2E%2e|{{x}}|%2e{{x}}|{{x}}.{{y}}|b%20c|{{".split("|"),
    ""
  )
  const QUERY = fc.constantFrom("", "?q={{x}}", "?a=1&b=&&c")
  it("check reports what parse reports; parse's segments are the path split at \"/\", each a template", () => {
    fc.assert(
      fc.property(fc.array(SEGMENT, { maxLength: 5 }), QUERY, (segments, query) => {
        const path = segments.length === 0 ? "" : `/${segments.join("/")}`
        const source = `https://api.example.com${path}${query}`
        const parsed = UrlTemplate.parse(source)
        const checked = UrlTemplate.check(source)
        if (parsed._tag === "Invalid" || checked._tag === "Invalid") {
          assert.deepStrictEqual<unknown>(checked, parsed)
          return
        }
        const { segments: parsedSegments, ...rest } = parsed.url
        assert.deepStrictEqual(checked.url, rest)
        const expected = path === "" ? [] : path.slice(1).split("/")
        assert.deepStrictEqual(parsedSegments, expected.map(Template.parse))
      }),
      seeded(4, RUNS)
    )
  })

  it("a dot segment is refused when it is literal text, and left to the request when it holds a placeholder", () => {
    const problems = (source: string) => {
      const checked = UrlTemplate.check(source)
      return checked._tag === "Invalid" ? checked.problems : []
    }
    assert.deepStrictEqual(problems("https://h.example/a/%2e%2E/b"), [
      "path must not contain the dot segment \"%2e%2E\""
    ])
    assert.deepStrictEqual(problems("https://h.example/a/%2e{{x}}/b"), [])
    assert.deepStrictEqual(problems("https://h.example/a//b/"), [])
  })
})

describe("url templates: whether one parses, and its origin, read from its scheme and authority alone", () => {
  // Hosts the URL parser normalises, refuses, or reads in surprising ways, and some random text.
  const AUTHORITY = fc.oneof(
    fc.constantFrom(
      "h.example",
      "H.Example:8443",
      "h.example:443",
      "h.example:",
      "h.example:99999",
      "127.0.0.1",
      "0x7f.1",
      "[::1]",
      "[::1",
      "h ost",
      "bücher.example",
      "%41.example",
      "a..b",
      "h.example%2f",
      "h.example ",
      " h.example",
      "& "
    ),
    fc.string({ maxLength: 8 })
  )
  const PIECE = fc.constantFrom("/", "a", "%", "%2", "%zz", "%41", "{{x}}", "[", "]", ":", "@", " ", "é", "|", "^", "`",
    "{", "}", "<", ">", "\"", "'", "?", "&", "=", "+", "\u00ff", "\ud800")
  const template = fc.tuple(fc.constantFrom("https", "http", "HTTP"), AUTHORITY, fc.array(PIECE, { maxLength: 10 })).map(
    ([scheme, authority, rest]) => `${scheme}://${authority}${rest.length === 0 ? "" : `/${rest.join("")}`}`
  )

  it("a template passes only when the whole of it, placeholders filled, is a URL with the origin reported", () => {
    fc.assert(
      // Several templates in turn: the check keeps the authority it read last.
      fc.property(fc.array(template, { minLength: 1, maxLength: 4 }), (sources) => {
        for (const source of sources) {
          const checked = UrlTemplate.check(source)
          let whole: URL | undefined
          try {
            whole = new URL(source.replaceAll("{{x}}", "x"))
          } catch {
            whole = undefined
          }
          if (checked._tag === "Ok") {
            assert.isDefined(whole, source)
            assert.strictEqual(checked.url.origin, whole!.origin, source)
            assert.strictEqual(checked.url.hostname, whole!.hostname, source)
          } else if (checked.problems.length === 1 && checked.problems[0] === "is not a valid URL") {
            assert.isUndefined(whole, source)
          }
        }
      }),
      seeded(5, RUNS * 3)
    )
  })

  it("two templates on different hosts, read in turn, each get their own origin", () => {
    const origins = ["https://a.example/x", "https://b.example:8443/y", "https://a.example/z", "https://h ost/x"].map(
      (source) => {
        const checked = UrlTemplate.check(source)
        return checked._tag === "Ok" ? checked.url.origin : checked.problems.join("; ")
      }
    )
    assert.deepStrictEqual(origins, ["https://a.example", "https://b.example:8443", "https://a.example", "is not a valid URL"])
  })
})

describe("model-facing parameters keep their shape and key order (docs/protocol.md §7)", () => {
  it("type, then description, then enum, each only when the param has it", () => {
    const tool = toolWith("Lists things.", [
      { name: "a", type: "string" },
      { name: "b", type: "number", description: "how many" },
      { name: "c", type: "string", enum: ["x", "y"] },
      { name: "d", type: "string", description: "which", enum: ["z"], required: false }
    ])
    const model = ModelTool.make(tool, tool.params)
    assert.strictEqual(
      JSON.stringify(model.parameters),
      JSON.stringify({
        type: "object",
        properties: {
          a: { type: "string" },
          b: { type: "number", description: "how many" },
          c: { type: "string", enum: ["x", "y"] },
          d: { type: "string", description: "which", enum: ["z"] }
        },
        required: ["a", "b", "c"],
        additionalProperties: false
      })
    )
  })
})
