/**
 * The public Schemas of rcp-sdk/manifest and rcp-sdk/lock on both targets (the two-target run,
 * docs/effect4.md §Tests): each target writes them with its own combinators
 * (`src/internal/target/v{3,4}/{Manifest,Lock}Schema.ts`), and on each they take exactly the
 * values the shared plain check takes, decoded to the same value. (Their messages are that Effect's
 * own: the protocol's messages come from the plain check, `test/manifest/shape.test.ts`.)
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import * as fc from "fast-check"
import { createHash } from "node:crypto"
import * as Lock from "../../src/Lock.js"
import * as Manifest from "../../src/Manifest.js"
import * as ManifestCheck from "../../src/internal/manifest/check.js"
import { assert, describe, it } from "../support/effectVitest.js"
import { manifest } from "../support/manifestArbitraries.js"
import { propertyRuns, seeded } from "../support/property.js"

const RUNS = propertyRuns(300)

const viaSchema = (schema: unknown, input: unknown): Option.Option<unknown> =>
  Schema.decodeUnknownOption(schema as Parameters<typeof Schema.decodeUnknownOption>[0])(input)

// A decoded record cannot hold an own "__proto__" key (assigning it sets the prototype), and the
// targets' records differ on what they do with one; the meaning checks refuse it (validate.ts).
const hasProtoKey = (input: unknown): boolean =>
  JSON.stringify(input ?? null).includes("\"__proto__\"")

// Effect 3's union matching reads `auth.type` with `String(value)`, which throws on an object such
// as `{"toString": 1}` (the plain check names its kind instead): not a value to compare on.
const hasObjectAuthType = (input: unknown): boolean => {
  const auth = (input as { auth?: { type?: unknown } } | undefined)?.auth
  return typeof auth === "object" && auth !== null && typeof auth.type === "object" && auth.type !== null
}

describe("the public Schemas take what the plain check takes, on each target", () => {
  it("Manifest.Manifest: the same manifests, decoded to the same value", () => {
    let taken = 0
    fc.assert(
      fc.property(manifest.filter((input) => !hasProtoKey(input) && !hasObjectAuthType(input)), (input) => {
        const checked = ManifestCheck.check(input)
        const decoded = viaSchema(Manifest.Manifest, input)
        assert.strictEqual(Option.isSome(decoded), checked._tag === "Ok")
        if (checked._tag === "Ok") taken++
        if (Option.isSome(decoded) && checked._tag === "Ok") assert.deepStrictEqual(decoded.value, checked.value)
      }),
      seeded(21, RUNS)
    )
    // The property sees valid manifests too, not only refusals.
    assert.isAbove(taken, RUNS / 50)
  })

  it("Manifest.encode gives back a decoded manifest's JSON, unknown fields left out", () => {
    const input = {
      rcpVersion: "0.2",
      auth: { type: "oauth2", flows: ["client_credentials"], tokenUrl: "https://auth.example/token", extra: 1 },
      tools: [{
        name: "list",
        description: "List.",
        method: "GET",
        params: [{ name: "tags", type: "array", schema: { type: "array", items: { type: "string" } }, style: "form" }],
        url: "https://api.example/items",
        outputSchema: { type: "object" },
        tags: ["items"],
        extra: true
      }]
    }
    const decoded = viaSchema(Manifest.Manifest, input)
    assert.isTrue(Option.isSome(decoded))
    const { extra: _a, ...auth } = input.auth
    const { extra: _t, ...tool } = input.tools[0]!
    assert.deepStrictEqual<unknown>(Manifest.encode(Option.getOrThrow(decoded) as Manifest.Manifest), { ...input, auth, tools: [tool] })
  })

  it("Lock.Lock: a lock Lock.make writes decodes; a wrong digest or version does not", () => {
    const digest = `sha256:${"0".repeat(64)}`
    const fields = Object.fromEntries(
      ["name", "description", "method", "params", "url", "queryParams", "headers", "body", "responseMappings", "outputSchema", "tags", "auth"]
        .map((field) => [field, digest])
    )
    const lock = { version: 1, apis: { "https://api.example/rcp": { origin: "https://api.example", tools: { t: { digest, fields } } } } }
    assert.deepStrictEqual(Option.getOrThrow(viaSchema(Lock.Lock, lock)), lock)
    // A lock written before tags were pinned: its missing tags digest reads as an absent field's.
    const { tags: _, ...before } = fields
    const old = { version: 1, apis: { "https://api.example/rcp": { origin: "https://api.example", tools: { t: { digest, fields: before } } } } }
    const absent = `sha256:${createHash("sha256").update("").digest("hex")}`
    assert.deepStrictEqual(Option.getOrThrow(viaSchema(Lock.Lock, old)), {
      version: 1,
      apis: { "https://api.example/rcp": { origin: "https://api.example", tools: { t: { digest, fields: { ...before, tags: absent } } } } }
    })
    assert.isTrue(Option.isNone(viaSchema(Lock.Lock, { ...lock, version: 2 })))
    const badDigest = { version: 1, apis: { u: { origin: "o", tools: { t: { digest: "md5:00", fields } } } } }
    assert.isTrue(Option.isNone(viaSchema(Lock.Lock, badDigest)))
    assert.isTrue(Option.isNone(viaSchema(Lock.Digest, "sha256:")))
    assert.isTrue(Option.isSome(viaSchema(Lock.Digest, digest)))
  })
})

describe("Lock.decode and Lock.validate on each target: the plain check's problems, the same words", () => {
  it.effect("a bad lock fails with LockInvalid, every problem with its path, exactly", () =>
    Effect.gen(function*() {
      const input = { version: 2, apis: { u: { origin: 1, tools: { t: { digest: "x" } }, more: 1 } } }
      const error = yield* Effect.flip(Lock.decode(input, { source: "rcp.lock.json" }))
      assert.strictEqual(error._tag, "LockInvalid")
      assert.instanceOf(error, Lock.LockInvalid)
      assert.strictEqual(
        error.message,
        [
          "invalid lock rcp.lock.json (5 problem(s)):",
          "  - version: unsupported lock version: this library reads version 1",
          "  - apis.u.more: is unexpected, expected: \"origin\" | \"tools\"",
          "  - apis.u.origin: Expected string, actual 1",
          "  - apis.u.tools.t.digest: expected \"sha256:\" followed by 64 lowercase hex digits",
          "  - apis.u.tools.t.fields: is missing"
        ].join("\n")
      )
    }))

  it.effect("a good lock decodes to itself; a key that is not a URL is a problem after the shape", () =>
    Effect.gen(function*() {
      const digest = `sha256:${"a".repeat(64)}`
      const fields = Object.fromEntries(
        ["name", "description", "method", "params", "url", "queryParams", "headers", "body", "responseMappings", "outputSchema", "tags", "auth"]
          .map((field) => [field, digest])
      )
      const url = "https://api.example/rcp"
      const lock = { version: 1, apis: { [url]: { origin: "https://api.example", tools: { t: { digest, fields } } } } }
      assert.deepStrictEqual<unknown>(yield* Lock.decode(lock), lock)
      const error = yield* Effect.flip(Lock.decode({ version: 1, apis: { "not a url": lock.apis[url] } }))
      assert.deepStrictEqual(error.issues, [{ path: ["apis", "not a url"], message: "the key is not an absolute URL" }])
    }))
})
