/**
 * Issue #29, class 6 (the OpenAPI half): every string of a document — paths, operationIds,
 * parameter names, server URLs — and every path a spec is read from reaches a warning, an
 * `OpenApiInvalid` message and `rcp import`'s output escaped by the library's one rule
 * (`Manifest.escapeControls`): no ESC/OSC/CSI, no C1 control, no bidi control, no invisible
 * character gets through raw.
 */
import { failureOf } from "#test-target"
import { assert, describe, it } from "../../../test/support/effectVitest.js"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as fc from "fast-check"
import { mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { seeded } from "../../../test/support/property.js"
import * as OpenApiCli from "../src/Cli.js"
import * as OpenApi from "../src/OpenApi.js"
import { importSpec, messages, op, spec3 } from "./support.js"

/**
 * The oracle, from the Unicode ranges rather than the library's pattern: C0, DEL and C1; the line
 * and paragraph separators; the bidi controls; default-ignorable code points; lone surrogates.
 */
const RAW = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\p{Default_Ignorable_Code_Point}]|\p{Surrogate}/u

/** `text` holds none of `RAW`, but for the line breaks a multi-line text is allowed. */
const clean = (text: string, lines = false): void => {
  const found = RAW.exec(lines ? text.replace(/\n/g, "") : text)
  assert.isNull(found, `raw ${JSON.stringify(found?.[0])} in ${JSON.stringify(text.slice(0, 200))}`)
}

const OSC52 = "\u001b]52;c;ZXZpbA==\u0007"
const HOSTILE = [OSC52, "\u001b[2J", "\u009b31m", "\u202e", "\u200b", "\u{e0041}", "\u2028", "\u180e", "\u{1d173}"]

const hostileSpec = (bad: string) =>
  spec3({
    // A method no tool can use: skipped, with the operation's label (path and operationId).
    [`/notes${bad}`]: { get: op({ operationId: `list${bad}` }), trace: op({ operationId: `trace${bad}` }) },
    [`/files${bad}`]: {
      get: op({
        operationId: `files${bad}`,
        parameters: [{ name: `session${bad}`, in: "cookie", schema: { type: "string" } }]
      })
    },
    "/other": { get: op({ operationId: "other", servers: [{ url: `ftp://x${bad}.example` }] }) }
  })

describe("OpenAPI import: document strings in warnings and errors are escaped (#29)", () => {
  it.effect("warnings quoting paths, operationIds, parameter names and server URLs carry no raw control or invisible character", () =>
    Effect.gen(function*() {
      for (const bad of HOSTILE) {
        const { warnings } = yield* importSpec(hostileSpec(bad))
        const lines = messages(warnings)
        assert.isAtLeast(lines.length, 3, JSON.stringify(lines))
        for (const w of warnings) {
          clean(w.message)
          if (w.operation !== undefined) clean(w.operation)
        }
        for (const line of lines) clean(line)
      }
      const { warnings } = yield* importSpec(hostileSpec(OSC52))
      assert.isTrue(messages(warnings).some((line) => line.includes("\\u001b]52;c;ZXZpbA==\\u0007")), "shown as escapes")
    }))

  // A path parameter the document does not declare was the parser's error; since #31 the import
  // tolerates it (a required string, with a warning quoting the document): the quote is escaped.
  it.effect("a warning quoting the document (an undeclared path parameter) is escaped", () =>
    Effect.gen(function*() {
      const result = yield* importSpec(spec3({ [`/n/{id${OSC52}}`]: { get: op({ operationId: "n" }) } }))
      assert.isAbove(result.warnings.length, 0)
      for (const w of result.warnings) {
        clean(w.message)
        clean(w.operation ?? "")
      }
      const messages = result.warnings.map((w) => w.message).join("\n")
      assert.include(messages, "id\\u001b]52;c;ZXZpbA==\\u0007")
    }))

  it.effect("OpenApiInvalid: its messages, source and message are escaped (a path of a file that is not there)", () =>
    Effect.gen(function*() {
      const path = join(tmpdir(), `missing${OSC52}\u202e.json`)
      const error = yield* Effect.flip(OpenApi.toManifest(path))
      assert.strictEqual(error._tag, "OpenApiInvalid")
      if (error._tag !== "OpenApiInvalid") return
      clean(error.message, true)
      for (const m of error.messages) clean(m)
      clean(error.source ?? "")
      assert.include(error.message, "\\u001b]52;c;ZXZpbA==\\u0007\\u202e")
    }))

  it("rcp import (importCommand): stdout's JSON and stderr's lines carry nothing raw; the JSON is the same value", async () => {
    const folder = mkdtempSync(join(tmpdir(), "rcp-escape-"))
    const file = join(folder, "spec.json")
    const spec = hostileSpec(HOSTILE.join(""))
    const described = spec3({ "/d": { get: op({ operationId: "d", summary: `Read ${HOSTILE.join("")} it.` }) } })
    writeFileSync(file, JSON.stringify({ ...spec, paths: { ...spec.paths, ...described.paths } }))
    const output = await OpenApiCli.importCommand({ source: file })
    assert.strictEqual(output.exitCode, 0)
    clean(output.stdout, true)
    clean(output.stderr, true)
    const manifest = JSON.parse(output.stdout) as { tools: Array<{ name: string; description: string }> }
    assert.include(manifest.tools.find((t) => t.name === "d")!.description, HOSTILE.join(""), "the description itself is kept")

    const failed = await OpenApiCli.importCommand({ source: join(folder, `nope${OSC52}.json`) })
    assert.strictEqual(failed.exitCode, 1)
    clean(failed.stderr, true)
  })

  it.effect("property: any text in a path, an operationId, a parameter name or a server URL reaches no warning or error raw", () => {
    const char = fc.oneof(
      fc.constantFrom(...HOSTILE, "\u0000", "\u007f", "\u0085", "\u2029", "\u2066", "\ud800", "{", "}", "/", " ", "\n"),
      fc.constantFrom("a", "b", "_", "-", ".")
    )
    const text = fc.array(char, { minLength: 1, maxLength: 8 }).map((parts) => parts.join(""))
    return Effect.promise(() =>
      fc.assert(
        fc.asyncProperty(text, text, text, text, async (path, id, param, server) => {
          const spec = spec3({
            [`/p/${path}/{${param}}`]: {
              get: op({ operationId: id, parameters: [{ name: param, in: "header", schema: { type: "string" } }] }),
              trace: op({ operationId: id })
            },
            [`/q${path}`]: { post: op({ operationId: `${id}2`, servers: [{ url: `https://${server}.example/${path}` }] }) }
          })
          const result = await Effect.runPromiseExit(importSpec(spec))
          if (Exit.isSuccess(result)) {
            for (const line of messages(result.value.warnings)) clean(line)
          } else {
            const error = failureOf(result.cause)!
            clean(error.message, true)
            if (error._tag === "OpenApiInvalid") for (const m of error.messages) clean(m)
          }
        }),
        seeded(2903, 40)
      )
    )
  }, 180_000)
})
