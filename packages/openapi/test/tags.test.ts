/**
 * docs/openapi.md §Tags: an operation's OpenAPI `tags` travel into its tool's `tags` (docs/protocol.md
 * §8) — what the manifest's rule refuses left out with a warning — and select operations with
 * `tag:<name>` in `include`/`exclude`. Over GitHub's real document the expectations (which
 * operations carry a tag, how many) are read from the raw document by the test, not from the importer.
 */
import { assert, describe, it } from "../../../test/support/effectVitest.js"
import * as Effect from "effect/Effect"
import { readFileSync } from "node:fs"
import { createRequire } from "node:module"
import * as Path from "node:path"
import * as Manifest from "rcp-sdk/manifest"
import * as Cli from "../src/Cli.js"
import { importSpec, messages, op, spec3 } from "./support.js"

const require = createRequire(import.meta.url)
const githubPath = Path.join(Path.dirname(require.resolve("@octokit/openapi/package.json")), "generated/api.github.com.json")

const METHODS = ["get", "put", "post", "delete", "patch"]

/** Each operation of the raw document with its tags, in document order. */
const operationsOf = (doc: Record<string, any>): Array<{ readonly operationId: string; readonly tags: ReadonlyArray<string> }> =>
  Object.values(doc.paths as Record<string, Record<string, any>>).flatMap((item) =>
    METHODS.filter((m) => m in item).map((m) => ({ operationId: item[m].operationId as string, tags: (item[m].tags ?? []) as Array<string> }))
  )

describe("docs/openapi.md §Tags", () => {
  it.effect("an operation's tags become its tool's, in order, each once; a tag the manifest refuses is left out with a warning", () =>
    Effect.gen(function*() {
      const many = Array.from({ length: 20 }, (_, i) => `t${i}`)
      const { manifest, warnings } = yield* importSpec(spec3({
        "/a": { get: op({ operationId: "a", tags: ["issues", "Pull Requests", "issues", 7, "", "x".repeat(101), "a\u202eb", " pad"] }) },
        "/b": { get: op({ operationId: "b", tags: many }) },
        "/c": { get: op({ operationId: "c" }) },
        "/d": { get: op({ operationId: "d", tags: "issues" }) }
      }))
      assert.deepStrictEqual(manifest.tools.map((t) => t.tags), [["issues", "Pull Requests"], many.slice(0, 16), undefined, undefined])
      // Tags do not change the version: still 0.1.
      assert.strictEqual(manifest.rcpVersion, "0.1")
      assert.deepStrictEqual(messages(warnings), [
        "GET /a (a): does not follow the OpenAPI schema: tags[3]: must be string",
        "GET /a (a): the tag \"\" left out: it must not be empty",
        `GET /a (a): the tag "${"x".repeat(60)}…" left out: it is longer than 100 characters`,
        "GET /a (a): the tag \"a\\u202eb\" left out: it contains a control, invisible or bidi character",
        "GET /a (a): 1 more tags left out for the same reasons",
        "GET /b (b): 4 tag(s) left out: a tool carries at most 16 tags",
        "GET /d (d): does not follow the OpenAPI schema: tags: must be array"
      ])
      // What the import writes, the client reads.
      assert.isTrue(Effect.runSync(Effect.exit(Manifest.decode(manifest)))._tag === "Success")
    }))

  it.effect("include/exclude: tag:<name> matches the tag only; a bare name an operationId or a tag", () =>
    Effect.gen(function*() {
      const doc = spec3({
        "/issues": { get: op({ operationId: "issues", tags: ["tracker"] }) },
        "/pulls": { get: op({ operationId: "listPulls", tags: ["issues"] }) },
        "/users": { get: op({ operationId: "listUsers", tags: ["users", "issues"] }) },
        "/meta": { get: op({ operationId: "meta" }) }
      })
      const names = (options: object) => Effect.map(importSpec(doc, options), (r) => r.manifest.tools.map((t) => t.name))
      assert.deepStrictEqual(yield* names({ include: ["tag:issues"] }), ["listPulls", "listUsers"])
      assert.deepStrictEqual(yield* names({ include: ["issues"] }), ["issues", "listPulls", "listUsers"])
      assert.deepStrictEqual(yield* names({ exclude: ["tag:issues"] }), ["issues", "meta"])
      assert.deepStrictEqual(yield* names({ include: ["tag:issues"], exclude: ["tag:users"] }), ["listPulls"])
      assert.deepStrictEqual(yield* names({ include: ["tag:Issues"] }), [])
      assert.deepStrictEqual(yield* names({ include: ["tag:"] }), [])
    }))

  it("GitHub: every tool carries its operation's tags; rcp import --include/--exclude tag:<name> selects by them", async () => {
    const doc = JSON.parse(readFileSync(githubPath, "utf8")) as Record<string, any>
    const { manifest, warnings } = await Effect.runPromise(importSpec(doc))
    // The operations that became tools: all but those a warning says were skipped (named by operationId).
    const skipped = new Set(warnings.filter((w) => w.skipped).map((w) => /\(([^)]*)\)$/.exec(w.operation!)![1]))
    const ops = operationsOf(doc).filter((o) => !skipped.has(o.operationId))
    assert.strictEqual(manifest.tools.length, ops.length)
    // Tools come in document order, one per operation: each carries exactly its operation's tags.
    assert.deepStrictEqual(manifest.tools.map((t) => t.tags ?? []), ops.map((o) => o.tags))
    assert.isTrue(ops.every((o) => o.tags.length > 0))
    // The size warning says how to choose by tag.
    assert.include(messages(warnings).join("\n"), "choose operations with include/exclude (tag:<name>, an operationId or a /path/glob)")

    const issues = ops.filter((o) => o.tags.includes("issues")).length
    const included = await Cli.importCommand({ source: githubPath, include: ["tag:issues"] })
    assert.strictEqual(included.exitCode, 0, included.stderr)
    const only = JSON.parse(included.stdout) as Manifest.Manifest
    assert.strictEqual(only.tools.length, issues)
    assert.isTrue(only.tools.every((t) => t.tags!.includes("issues")))
    assert.notInclude(included.stderr, "tools, over the 128")

    const actions = ops.filter((o) => o.tags.includes("actions")).length
    const excluded = await Cli.importCommand({ source: githubPath, exclude: ["tag:actions", "tag:repos"] })
    const rest = JSON.parse(excluded.stdout) as Manifest.Manifest
    assert.strictEqual(rest.tools.length, ops.filter((o) => !o.tags.includes("actions") && !o.tags.includes("repos")).length)
    assert.isBelow(rest.tools.length, ops.length - actions)
    assert.isTrue(rest.tools.every((t) => !t.tags!.includes("actions") && !t.tags!.includes("repos")))
    // In the CLI's words: the flags, and the tag: form.
    assert.include(excluded.stderr, "choose operations with --include/--exclude (tag:<name>, an operationId or a /path/glob)")
  }, 120_000)
})
