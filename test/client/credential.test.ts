/**
 * The credential rules (docs/protocol.md §1.2, §3.5), tested directly: what counts as a credential,
 * where it is written, and how it is kept out of anything echoed back.
 */
import { key } from "#target/Service.js"
import { redactedConfig, withConfigFrom } from "#test-target"
import * as Effect from "effect/Effect"
import * as Redacted from "effect/Redacted"
import type { CredentialInput, CredentialRequest } from "../../src/Client.js"
import * as Credential from "../../src/internal/client/credential.js"
import type { CredentialMissing } from "../../src/internal/client/errors.js"
import * as Outgoing from "../../src/internal/transport/outgoing.js"
import { assert, describe, it } from "../support/effectVitest.js"

const REQUEST: CredentialRequest = { origin: "https://api.example", manifestUrl: "https://api.example/rcp", tool: "get_thing" }

const NONE = "none is configured"
const NOT_STRING = "the configured credential is not a string"
const UNSENDABLE = "the credential contains characters that cannot be sent"
const FAILED = "the credential function failed"

// What a caller outside TypeScript might configure: checked at run time, not only by the types.
const untyped = (value: unknown): CredentialInput => value as CredentialInput

/** The configured credential, asked for one request. */
const obtain = (input: CredentialInput, request: CredentialRequest = REQUEST) => Credential.source(input)!.obtain(request, undefined)

const missing = (input: CredentialInput) => Effect.flip(obtain(input))

const assertMissing = (error: CredentialMissing, reason: string) => {
  assert.strictEqual(error._tag, "CredentialMissing")
  assert.strictEqual(error.reason, reason)
  assert.strictEqual(error.tool, "get_thing")
  assert.strictEqual(error.origin, "https://api.example")
  assert.strictEqual(
    error.message,
    `tool "get_thing": the manifest requires a credential for https://api.example, but ${reason}`
  )
}

describe("obtaining the credential", () => {
  it.effect("a string or a Redacted string is the credential; a Redacted one is kept as it is", () =>
    Effect.gen(function*() {
      assert.strictEqual(Redacted.value(yield* obtain("tok-1", REQUEST)), "tok-1")
      const secret = Redacted.make("tok-2")
      assert.strictEqual(yield* obtain(secret, REQUEST), secret)
      assert.strictEqual(Redacted.value(yield* obtain(() => "tok-3", REQUEST)), "tok-3")
      assert.strictEqual(yield* obtain(() => Effect.succeed(secret), REQUEST), secret)
      assert.strictEqual(Redacted.value(yield* obtain(() => Promise.resolve("tok-4"), REQUEST)), "tok-4")
    }))

  it.effect("Latin-1 and a tab are sendable in a credential", () =>
    Effect.gen(function*() {
      assert.strictEqual(Redacted.value(yield* obtain("é\tÿ\xa0", REQUEST)), "é\tÿ\xa0")
    }))

  it("nothing configured is no source at all (execution reports it per call)", () => {
    assert.isUndefined(Credential.source(undefined))
  })

  it.effect("an empty credential, or a function returning nothing: CredentialMissing", () =>
    Effect.gen(function*() {
      assertMissing(yield* missing(""), NONE)
      assertMissing(yield* missing(Redacted.make("")), NONE)
      assertMissing(yield* missing(() => undefined), NONE)
      assertMissing(yield* missing(() => null), NONE)
      assertMissing(yield* missing(() => ""), NONE)
      assertMissing(yield* missing(() => Promise.resolve(null)), NONE)
      assertMissing(yield* missing(() => Effect.succeed(undefined)), NONE)
      assertMissing(yield* missing(untyped(null)), NONE)
    }))

  it.effect("a credential that is not a string is refused, never stringified and sent", () =>
    Effect.gen(function*() {
      for (const value of [42, 0, true, false, {}, { toString: () => "tok" }, ["tok"], Symbol("tok"), 10n]) {
        assertMissing(yield* missing(untyped(value)), NOT_STRING)
        assertMissing(yield* missing(untyped(() => value)), NOT_STRING)
        assertMissing(yield* missing(untyped(() => Promise.resolve(value))), NOT_STRING)
        assertMissing(yield* missing(untyped(() => Effect.succeed(value))), NOT_STRING)
        assertMissing(yield* missing(untyped(Redacted.make(value))), NOT_STRING)
      }
    }))

  it.effect("a credential HTTP cannot carry unchanged is refused", () =>
    Effect.gen(function*() {
      for (const value of ["tok\r\nX-Evil: 1", "tok\n", "\0", "\x01", "\x7f", "\x80", "tok\x85", "\x9f", "tok\u0100", "😀"]) {
        assertMissing(yield* missing(value), UNSENDABLE)
        assertMissing(yield* missing(Redacted.make(value)), UNSENDABLE)
        assertMissing(yield* missing(() => value), UNSENDABLE)
      }
    }))

  it.effect("a function that throws, rejects, fails or dies: CredentialMissing, without its error", () =>
    Effect.gen(function*() {
      const secretError = new Error("vault said: tok-secret")
      for (
        const input of [
          () => {
            throw secretError
          },
          () => Promise.reject(secretError),
          () => Effect.fail(secretError),
          () => Effect.die(secretError)
        ]
      ) {
        const error = yield* missing(input)
        assertMissing(error, FAILED)
        assert.notInclude(JSON.stringify(error), "tok-secret")
      }
    }))

  it.effect("a function is called for each request, only when the effect runs, with where it goes", () =>
    Effect.gen(function*() {
      const seen: Array<CredentialRequest> = []
      const once = obtain((request) => {
        seen.push(request)
        return `tok-${seen.length}`
      })
      assert.deepStrictEqual(seen, [])
      assert.strictEqual(Redacted.value(yield* once), "tok-1")
      assert.strictEqual(Redacted.value(yield* once), "tok-2")
      assert.deepStrictEqual(seen, [REQUEST, REQUEST])
    }))

  it.effect("a thenable that is not a Promise is awaited", () =>
    Effect.gen(function*() {
      const thenable: PromiseLike<string> = { then: (ok) => Promise.resolve("tok-t").then(ok) }
      assert.strictEqual(Redacted.value(yield* obtain(() => thenable, REQUEST)), "tok-t")
    }))
})

describe("a fixed credential (checked once, skipping per-call work)", () => {
  it.effect("a plain string becomes a Redacted, the same one for every call; a Redacted one is kept as it is", () =>
    Effect.gen(function*() {
      const fixed = Credential.source("tok")!
      assert.isTrue(fixed.fixed)
      const first = yield* fixed.obtain(REQUEST, undefined)
      assert.strictEqual(Redacted.value(first), "tok")
      assert.strictEqual(yield* fixed.obtain({ ...REQUEST, tool: "other" }, undefined), first)
      const secret = Redacted.make("tok")
      assert.strictEqual(yield* Credential.source(secret)!.obtain(REQUEST, undefined), secret)
      assert.strictEqual(Redacted.value(yield* Credential.source("é\t")!.obtain(REQUEST, undefined)), "é\t")
    }))

  it.effect("a fixed value that would be refused is reported per call, naming that call's tool", () =>
    Effect.gen(function*() {
      for (const input of ["", Redacted.make(""), "tok\n", "tok\u0100", Redacted.make("tok\r"), untyped(42), untyped(null)]) {
        const fixed = Credential.source(input)!
        assert.isTrue(fixed.fixed)
        const error = yield* Effect.flip(fixed.obtain({ ...REQUEST, tool: "other" }, undefined))
        assert.strictEqual(error.tool, "other", String(input))
      }
    }))

  it("a function is not fixed: it learns where each request goes", () => {
    assert.isFalse(Credential.source(() => "tok")!.fixed)
  })
})

describe("writing the credential where auth says", () => {
  const out: Outgoing.Outgoing = {
    method: "GET",
    url: new URL("https://api.example/x?key=model&a=1"),
    headers: { accept: "application/json" },
    body: undefined
  }
  const secret = Redacted.make("tok")

  it("auth none leaves the request as it is", () => {
    assert.strictEqual(Credential.apply({ type: "none" }, secret)(out), out)
  })

  it("a header, lower-cased, with the scheme when there is one", () => {
    assert.deepStrictEqual(Credential.apply({ type: "header", name: "Authorization", scheme: "Bearer" }, secret)(out).headers, {
      accept: "application/json",
      authorization: "Bearer tok"
    })
    assert.deepStrictEqual(Credential.apply({ type: "header", name: "X-Api-Key" }, secret)(out).headers, {
      accept: "application/json",
      "x-api-key": "tok"
    })
  })

  it("a query parameter replaces any value of that name, and the original request is untouched", () => {
    const applied = Credential.apply({ type: "query", name: "key" }, secret)(out)
    assert.deepStrictEqual([...applied.url.searchParams], [["key", "tok"], ["a", "1"]])
    assert.strictEqual(out.url.href, "https://api.example/x?key=model&a=1")
    assert.deepStrictEqual(applied.headers, out.headers)
  })

  it("a header that a name replaces keeps one value, the credential's, and the rest of the request as it is", () => {
    const withKey: Outgoing.Outgoing = { ...out, headers: { accept: "application/json", "x-key": "model", x: "1" }, body: "{}" }
    const applied = Credential.apply({ type: "header", name: "X-Key" }, secret)(withKey)
    assert.deepStrictEqual(applied, { ...withKey, headers: { accept: "application/json", "x-key": "tok", x: "1" } })
    assert.deepStrictEqual(withKey.headers, { accept: "application/json", "x-key": "model", x: "1" })
  })

  it("a header named __proto__ is an own header like any other, not the object's prototype", () => {
    const headers = Credential.apply({ type: "header", name: "__proto__" }, secret)(out).headers
    assert.isTrue(Object.hasOwn(headers, "__proto__"))
    assert.strictEqual(headers["__proto__"], "tok")
    assert.strictEqual(Object.getPrototypeOf(headers), Object.prototype)
    assert.deepStrictEqual(Object.keys(headers), ["accept", "__proto__"])
  })

  it("a header credential does not change the original request either", () => {
    Credential.apply({ type: "header", name: "x-key" }, secret)(out)
    assert.deepStrictEqual(out.headers, { accept: "application/json" })
  })
})

describe("the credential of one call, as the transport carries it", () => {
  const out: Outgoing.Outgoing = { method: "GET", url: new URL("https://api.example/x"), headers: {}, body: undefined }

  it("none: every hop goes out as built, no header is hidden, nothing is redacted", () => {
    assert.strictEqual(Outgoing.NONE.apply(out), out)
    assert.isUndefined(Outgoing.NONE.header)
    assert.deepStrictEqual(Outgoing.NONE.secrets, [])
  })

  it("a header credential names its header for log redaction and gives its secret to redact", () => {
    const attached = Credential.attach({ type: "header", name: "X-Api-Key" }, Redacted.make("tok"))
    assert.strictEqual(attached.header, "X-Api-Key")
    assert.deepStrictEqual(attached.secrets, ["tok"])
    assert.deepStrictEqual(attached.apply(out).headers, { "x-api-key": "tok" })
  })

  it("a new credential under the same auth is written and redacted, not the one attached before it", () => {
    const auth = { type: "header", name: "X-Api-Key" } as const
    const first = Credential.attach(auth, Redacted.make("old"))
    assert.deepStrictEqual(first.apply(out).headers, { "x-api-key": "old" })
    const second = Credential.attach(auth, Redacted.make("new"))
    assert.deepStrictEqual(second.secrets, ["new"])
    assert.deepStrictEqual(second.apply(out).headers, { "x-api-key": "new" })
  })

  it("a query credential occupies no header, and its secret is still redacted", () => {
    const attached = Credential.attach({ type: "query", name: "key" }, Redacted.make("tok"))
    assert.isUndefined(attached.header)
    assert.deepStrictEqual(attached.secrets, ["tok"])
    assert.strictEqual(attached.apply(out).url.href, "https://api.example/x?key=tok")
  })
})

describe("redacting echoes of the credential", () => {
  const R = Credential.REDACTED

  it("every occurrence of the raw secret is replaced by <redacted>", () => {
    assert.strictEqual(Credential.redact("a tok b tok", ["tok"]), "a <redacted> b <redacted>")
  })

  it("URL-encoded echoes, both ways of encoding a space, are replaced", () => {
    assert.strictEqual(Credential.redact("/p/a%20b%2Fc?x=a+b%2Fc", ["a b/c"]), `/p/${R}?x=${R}`)
  })

  it("JSON-escaped echoes of a secret holding \" or \\ are replaced whole", () => {
    assert.strictEqual(Credential.redact("{\"echo\":\"\\\"tok\"}", ["\"tok"]), `{"echo":"${R}"}`)
    assert.strictEqual(Credential.redact("{\"echo\":\"to\\\\k\"}", ["to\\k"]), `{"echo":"${R}"}`)
    assert.strictEqual(Credential.redact("{\"echo\":\"tok\\n\"}", ["tok\n"]), `{"echo":"${R}"}`)
  })

  it("the longest form is replaced first, so no piece of an escape is left beside the mark", () => {
    // The raw `"a` sits inside its JSON form `\"a`: replacing it first would leave a stray `\`.
    assert.strictEqual(Credential.redact("x \\\"a y", ["\"a"]), `x ${R} y`)
  })

  it("every secret is redacted; an empty secret redacts nothing", () => {
    assert.strictEqual(Credential.redact("one two", ["one", "two"]), `${R} ${R}`)
    assert.strictEqual(Credential.redact("text", [""]), "text")
    assert.strictEqual(Credential.redact("text", []), "text")
  })
})

describe("the Credential service", () => {
  it.effect("Credential.layer provides the given input", () =>
    Effect.gen(function*() {
      assert.strictEqual(yield* Credential.Credential, "tok")
    }).pipe(Effect.provide(Credential.Credential.layer("tok"))))

  it.effect("the service is known by its key, so another copy of the package's tag finds what the layer provides", () =>
    Effect.gen(function*() {
      assert.strictEqual(yield* key<Credential.Credential, CredentialInput>("rcp-sdk/Credential"), "tok")
    }).pipe(Effect.provide(Credential.Credential.layer("tok"))))

  it.effect("Credential.layerConfig reads the credential from configuration", () =>
    Effect.gen(function*() {
      const input = yield* Credential.Credential
      assert.strictEqual(Redacted.value(yield* obtain(input, REQUEST)), "from-config")
    }).pipe(
      Effect.provide(Credential.Credential.layerConfig(redactedConfig("API_TOKEN"))),
      withConfigFrom({ API_TOKEN: "from-config" })
    ))
})
