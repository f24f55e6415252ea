/**
 * One escaping rule for every string from a document, a lock file or a model before it reaches a
 * message (issue #29, class 6): `escapeControls` writes every C0/C1 control, DEL, line separator,
 * default-ignorable character, bidi control and lone surrogate as an escape. Seeded fast-check
 * puts hostile text (ESC/OSC/CSI sequences, 8-bit CSI, bidi overrides, tag characters, lone
 * surrogates) into every place the core quotes such text — manifest issues, an unsupported
 * version, a lock's keys, pinned tool names, the model's tool and key names, enum values in an
 * argument problem, `describeManifest`, poisoning warnings — and checks each line of each message
 * against an oracle written from the Unicode ranges, not the rule under test.
 */
import * as Result from "#target/Result.js"
import { getOrThrow } from "#test-target"
import { assert, describe, it } from "./support/effectVitest.js"
import * as fc from "fast-check"
import * as Client from "../src/Client.js"
import * as Lock from "../src/Lock.js"
import * as Manifest from "../src/Manifest.js"
import { escapeControls, shown } from "../src/internal/shared/text.js"

const RUNS = { numRuns: Number(process.env.RCP_PROPERTY_RUNS ?? 150), seed: 29 }

/** What no line of a message may hold raw: C0 (a line's own break aside), DEL, C1, separators, default-ignorables, lone surrogates. */
const UNSAFE =
  /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufff8]|\ud82f[\udca0-\udca3]|\ud834[\udd73-\udd7a]|\udb40[\udc00-\udfff]|\udb41[\udc00-\udfff]|\udb42[\udc00-\udfff]|\udb43[\udc00-\udfff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/

const UNITS = [
  "\u001b]0;pwned\u0007", "\u001b[2J", "\u009b31m", "\u0085", "\r", "\u2028", "\u202e", "\u2066", "\u200b", "\ufeff",
  "\u00ad", "\u180b", "\u{e0041}", "\u{1d173}", "\ud800", "\udc00", "a", "\"", "\\", "]", "\u00a0", "é", "🙂", "\ufe0f"
]
const hostile = fc.array(fc.constantFrom(...UNITS), { minLength: 1, maxLength: 12 }).map((parts) => parts.join(""))

const assertSafe = (text: string, where: string): void => {
  for (const line of text.split("\n")) assert.notMatch(line, UNSAFE, `${where}: ${JSON.stringify(line)}`)
}

const failure = async (promise: Promise<unknown>): Promise<Error> => {
  const result = await promise.then(() => undefined, (error: unknown) => error)
  assert.instanceOf(result, Error)
  return result as Error
}

describe("the one escaping rule", () => {
  it("escapeControls: each unsafe character as an escape, everything else as it is", () => {
    assert.strictEqual(escapeControls("a\u001b[2J\n\t\r"), "a\\u001b[2J\\n\\t\\r")
    assert.strictEqual(escapeControls("\u009b\u0085\u007f\u2028\u2029"), "\\u009b\\u0085\\u007f\\u2028\\u2029")
    assert.strictEqual(escapeControls("x\u202ey\u2066\u200b\u00ad\ufeff"), "x\\u202ey\\u2066\\u200b\\u00ad\\ufeff")
    assert.strictEqual(escapeControls("\u{e0041}\u{1d173}"), "\\u{e0041}\\u{1d173}")
    assert.strictEqual(escapeControls("\ud800 \udc00 🙂"), "\\ud800 \\udc00 🙂")
    assert.strictEqual(escapeControls("plain é ü 日本 \u00a0 \"q\" \\"), "plain é ü 日本 \u00a0 \"q\" \\")
  })

  it("shown: cut first, then escaped, so an escape is never cut in half", () => {
    assert.strictEqual(shown("\u001b".repeat(10), 3), "\\u001b\\u001b\\u001b…")
    assert.strictEqual(shown("abc", 3), "abc")
    assert.strictEqual(shown("🙂🙂", 3), "🙂…")
  })

  it("property: any text escaped holds nothing unsafe, and only the unsafe characters changed", () => {
    fc.assert(
      fc.property(fc.oneof(hostile, fc.string({ unit: "binary" })), (text) => {
        const escaped = escapeControls(text)
        assert.notMatch(escaped, /[\n]/)
        assertSafe(escaped, "escapeControls")
        // Removing every unsafe character from the input gives the text without the escapes' work.
        const kept = [...text].filter((c) => !UNSAFE.test(c) && c !== "\n").join("")
        assert.strictEqual(escaped.replace(/\\u\{[0-9a-f]+\}|\\u[0-9a-f]{4}|\\[nrt]/g, ""), kept.replace(/\\u\{[0-9a-f]+\}|\\u[0-9a-f]{4}|\\[nrt]/g, ""))
      }),
      RUNS
    )
  })
})

describe("stringifyJson: JSON safe to print, the same value (#29)", () => {
  it("C1, DEL, separators, bidi and invisible characters become JSON \\u escapes; the layout stays", () => {
    assert.strictEqual(
      Manifest.stringifyJson({ a: "x\u009b\u007f\u2028\u202e\u200b\u{e0041}\u001b" }, 2),
      '{\n  "a": "x\\u009b\\u007f\\u2028\\u202e\\u200b\\udb40\\udc41\\u001b"\n}'
    )
    assert.strictEqual(Manifest.stringifyJson([1, "é🙂"]), '[1,"é🙂"]')
  })

  it("property: JSON.parse reads the same value as from JSON.stringify, and no line holds anything unsafe", () => {
    const value = fc.jsonValue().chain((v) => fc.tuple(fc.constant(v), fc.dictionary(hostile, hostile, { maxKeys: 3 })))
    fc.assert(
      fc.property(value, fc.constantFrom(undefined, 2), ([json, extra], space) => {
        const doc = { json, extra }
        const text = Manifest.stringifyJson(doc, space)
        assert.deepStrictEqual(JSON.parse(text), JSON.parse(JSON.stringify(doc)))
        assertSafe(text, "stringifyJson")
      }),
      RUNS
    )
  })
})

describe("every message quoting a document, a lock or a model's text", () => {
  it("property: manifest issues, unsupported versions, lock issues, pinned names, the model's names, enum values, describe and poisoning warnings", async () => {
    await fc.assert(
      fc.asyncProperty(hostile, hostile, async (a, b) => {
        // A manifest whose every field is wrong in a way that quotes it.
        const bad = {
          rcpVersion: "0.1",
          auth: { type: "header", name: a },
          tools: [{ name: a, description: b, method: b, params: [{ name: b, type: a, enum: [a, a] }], url: `https://x.example/${a}`, headers: { [b]: a } }]
        }
        const invalid = Manifest.validate(bad, {})
        assert.isTrue(Result.isFailure(invalid))
        if (Result.isFailure(invalid)) {
          for (const issue of Result.failureOf(invalid)) assertSafe(issue.message, "issue message")
          for (const issue of Result.failureOf(invalid)) assertSafe(Manifest.formatIssue(issue), "formatted issue")
        }
        const client = Client.createRcpClient()
        try {
          assertSafe((await failure(client.register(bad, { url: "https://x.example/m" }))).message, "ManifestInvalid")
          assertSafe((await failure(client.register({ rcpVersion: a, tools: [] }, { url: "https://x.example/m" }))).message, "UnsupportedVersion")
          // A valid manifest: its description and an enum value are the document's text.
          const good = {
            rcpVersion: "0.1",
            tools: [{ name: "t", description: `d ${b}`, method: "GET", params: [{ name: "u", type: "string", enum: [a, `${b}x`], description: b }], url: "https://x.example/t", queryParams: { u: "{{u}}" } }]
          }
          const discovery = await client.register(good, { url: "https://x.example/m" })
          for (const warning of discovery.warnings) assertSafe(warning, "warning")
          for (const warning of Manifest.lint(getOrThrow(Manifest.validate(good, {})))) assertSafe(Manifest.formatIssue(warning), "lint")
          assertSafe(Client.describeManifest(discovery.manifest, discovery.tools), "describeManifest")
          // The model's own text: a tool name, argument keys, a value outside the enum.
          assertSafe((await failure(client.execute({ name: a, arguments: {} }))).message, "ToolNotFound")
          assertSafe((await failure(client.execute({ name: "t", arguments: { [a]: 1, u: "zzz" } }))).message, "InvalidArguments")
          assertSafe(Client.modelFacingError(await failure(client.execute({ name: "t", arguments: { [b]: 1 } })), a).text, "model-facing")
          // A pin (an entry of a lock file) whose tool names are hostile: ManifestChanged names them.
          const pin = { origin: "https://y.example", tools: { [a]: Lock.pin("https://y.example/m", getOrThrow(Manifest.validate(good, {}))).tools.t! } }
          assertSafe((await failure(client.register(good, { url: "https://y.example/m", pin }))).message, "ManifestChanged")
        } finally {
          await client.close()
        }
        // A lock whose keys are hostile.
        const lock = Lock.validate({ version: 1, apis: { [a]: { origin: b, tools: { [b]: { digest: a, fields: {} } } } } })
        assert.isTrue(Result.isFailure(lock))
        if (Result.isFailure(lock)) {
          assertSafe(new Lock.LockInvalid({ issues: Result.failureOf(lock) }).message, "LockInvalid")
          for (const issue of Result.failureOf(lock)) assertSafe(issue.message, "lock issue")
        }
        const locked = Client.createRcpClient({ lock: { version: 1, apis: {} } })
        try {
          assertSafe((await failure(locked.register(good0, { url: `https://z.example/${a}` }))).message, "ManifestNotPinned")
        } finally {
          await locked.close()
        }
      }),
      RUNS
    )
  }, 120_000)
})

const good0 = { rcpVersion: "0.1", tools: [] }
