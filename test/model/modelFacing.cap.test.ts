/**
 * Messages to the model are bounded (issue #29, class 10): whatever a model sends — thousands of
 * unknown keys, huge key names, control characters — the text it reads back is at most
 * `MODEL_MESSAGE_MAX` (2 KB) characters, names what it can and counts what it left out; the
 * table every integration uses (`modelFacingError`) caps every text it hands over.
 */
import { assert, describe, it } from "../support/effectVitest.js"
import * as Exit from "effect/Exit"
import * as fc from "fast-check"
import * as Client from "../../src/Client.js"
import type * as Manifest from "../../src/Manifest.js"
import { InvalidArguments, ToolNotFound } from "../../src/internal/client/errors.js"
import * as ModelTool from "../../src/internal/model/modelTool.js"
import { capLines, capText, MODEL_MESSAGE_MAX } from "../../src/internal/shared/text.js"

/** 2 KB, as the issue asks; `MODEL_MESSAGE_MAX` is held to it below. */
const CAP = 2048

const RUNS = { numRuns: Number(process.env.RCP_PROPERTY_RUNS ?? 200), seed: 29 }

const params = (names: ReadonlyArray<string>): ReadonlyMap<string, Manifest.Param> =>
  new Map(names.map((name) => [name, { name, type: "string", required: false } as Manifest.Param]))

/** The message a model reads for these arguments of a tool with these params (or "ok"). */
const messageFor = (visible: ReadonlyArray<string>, input: unknown, hidden: ReadonlyArray<string> = []): string => {
  const checked = ModelTool.checkArguments(params(visible), new Set(hidden), input)
  if (checked._tag === "Ok") return "ok"
  return Client.modelFacingError(new InvalidArguments({ tool: "search", problems: checked.problems }), "search").text
}

/** Not visible text (a newline between lines aside): controls, separators, default-ignorables, lone surrogates. */
const UNSAFE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u00ad\u200b-\u200f\u202a-\u202e\u2060-\u206f\ufeff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/

describe("InvalidArguments: bounded whatever the model sent", () => {
  it("19 KB of arguments with a thousand unknown keys: one line names ten and counts the rest (a 66 KB message before)", () => {
    const args = JSON.stringify(Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`key_${i}_${"x".repeat(8)}`, i])))
    assert.isAbove(args.length, 19_000)
    const text = messageFor(["q", "limit", "exact"], args)
    assert.isAtMost(text.length, CAP)
    assert.strictEqual(
      text,
      `invalid arguments for tool "search":\n- unknown arguments ${
        Array.from({ length: 10 }, (_, i) => `"key_${i}_xxxxxxxx"`).join(", ")
      }, … (990 more) (expected: q, limit, exact)`
    )
  })

  it("one unknown key reads as before; a key name is cut and escaped", () => {
    assert.strictEqual(
      messageFor(["q"], { admin: true }),
      "invalid arguments for tool \"search\":\n- unknown argument \"admin\" (expected: q)"
    )
    assert.strictEqual(
      messageFor([], { [`\u001b]0;x\u0007${"k".repeat(100)}`]: 1 }),
      `invalid arguments for tool "search":\n- unknown argument "\\u001b]0;x\\u0007${"k".repeat(34)}…" (this tool takes no arguments)`
    )
  })

  it("a tool with thousands of params: the expected list is cut, the line counted", () => {
    const visible = Array.from({ length: 3000 }, (_, i) => `param_${i}`)
    const text = messageFor(visible, { nope: 1 })
    assert.isAtMost(text.length, CAP)
    assert.match(text, /^invalid arguments for tool "search":\n- unknown argument "nope" \(expected: param_0, param_1, .*… \(\d+ more characters left out\)$/s)
  })

  it("thousands of wrong values: the problems that fit are listed, the rest counted", () => {
    const visible = Array.from({ length: 500 }, (_, i) => `p${i}`)
    const text = messageFor(visible, Object.fromEntries(visible.map((name) => [name, 1])))
    assert.isAtMost(text.length, CAP)
    assert.include(text, "- \"p0\" must be a string, got a number\n- \"p1\" must be a string, got a number")
    assert.match(text, /\n- … and \d+ more problem\(s\) left out$/)
    const shown = text.split("\n").filter((line) => line.startsWith("- \"p")).length
    assert.strictEqual(Number(/and (\d+) more/.exec(text)![1]) + shown, 500)
  })

  it("property: any arguments give a message within the cap, with no raw control or invisible character", () => {
    const key = fc.oneof(fc.string({ unit: "binary", maxLength: 80 }), fc.constantFrom("q", "limit", "__proto__", "userId"))
    const value = fc.oneof(fc.string({ maxLength: 50 }), fc.integer(), fc.boolean(), fc.constant(null), fc.object({ maxDepth: 1 }))
    const args = fc.oneof(
      fc.dictionary(key, value, { maxKeys: 400 }),
      fc.dictionary(key, value, { maxKeys: 400 }).map((a) => JSON.stringify(a)),
      fc.anything()
    )
    fc.assert(
      fc.property(args, (input) => {
        const text = messageFor(["q", "limit"], input, ["userId"])
        assert.isAtMost(text.length, CAP)
        assert.notMatch(text, UNSAFE)
      }),
      RUNS
    )
  })
})

describe("the table caps every text it hands the model", () => {
  it("ToolNotFound and InvalidArguments go through the cap; the tool name is cut and escaped", () => {
    const error = new ToolNotFound({ tool: `evil\u001b[2J${"n".repeat(200)}`, available: Array.from({ length: 500 }, (_, i) => `tool_${i}`) })
    const { _tag, text } = Client.modelFacingError(error, "evil")
    assert.strictEqual(_tag, "ModelError")
    assert.isAtMost(text.length, CAP)
    assert.include(text, `unknown tool "evil\\u001b[2J${"n".repeat(56)}…"`)
    assert.include(text, ", … (500 in all)")
    const huge = new InvalidArguments({ tool: "t", problems: [`${"x".repeat(10_000)}`] })
    assert.isAtMost(Client.modelFacingError(huge, "t").text.length, CAP)
    assert.isAtMost(huge.message.length, CAP)
  })

  it("through a provider's result helper: the tool message holds the capped text", () => {
    const checked = ModelTool.checkArguments(params(["q"]), new Set(), Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`k${i}`, i])))
    assert.strictEqual(checked._tag, "Invalid")
    const error = new InvalidArguments({ tool: "search", problems: checked._tag === "Invalid" ? checked.problems : [] })
    const call = { id: "c1", type: "function", function: { name: "search", arguments: "{}" } } as const
    const message = Client.toOpenAiToolMessage(call, Exit.fail(error))
    assert.isAtMost(message.content.length, CAP)
    assert.include(message.content, "… (4990 more)")
  })
})

describe("capText and capLines", () => {
  it("the cap is 2 KB", () => assert.strictEqual(MODEL_MESSAGE_MAX, CAP))

  it("capText keeps text within the cap as it is, and cuts the rest with the count of what it left out", () => {
    assert.strictEqual(capText("abc", 3), "abc")
    assert.strictEqual(capText("x".repeat(100), 100), "x".repeat(100))
    const cut = capText("x".repeat(101), 100)
    assert.strictEqual(cut.length <= 100, true)
    const kept = cut.indexOf("…")
    assert.strictEqual(cut, `${"x".repeat(kept)}… (${101 - kept} more characters left out)`)
    assert.strictEqual(capText("y".repeat(5000)).length <= MODEL_MESSAGE_MAX, true)
    // Never half a surrogate pair.
    const emoji = capText("🙂".repeat(100), 50)
    assert.notMatch(emoji, /[\ud800-\udbff](?![\udc00-\udfff])/)
  })

  it("capLines lists whole lines while they fit and counts the rest", () => {
    assert.strictEqual(capLines("head:", ["a", "b"]), "head:\n- a\n- b")
    assert.strictEqual(capLines("head:", []), "head:")
    const lines = Array.from({ length: 100 }, (_, i) => `line ${i} ${"z".repeat(40)}`)
    const text = capLines("head:", lines, 500)
    assert.isAtMost(text.length, 500)
    const listed = text.split("\n").filter((line) => line.startsWith("- line")).length
    assert.isAbove(listed, 0)
    assert.isTrue(text.endsWith(`\n- … and ${100 - listed} more problem(s) left out`))
    assert.deepStrictEqual(text.split("\n").slice(1, 1 + listed), lines.slice(0, listed).map((line) => `- ${line}`))
  })
})
