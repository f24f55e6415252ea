/**
 * What `redact` removes from a server's echo of a secret (docs/protocol.md §6), tested directly on
 * text: every expectation is exact, so a mark that covers too little (a leftover escape or base64
 * character) or too much (the text around the echo) fails. Encoded forms are built with Buffer,
 * encodeURIComponent and JSON.stringify, or spelled out by hand, never with `redact.ts`.
 * (test/hardening.redact.test.ts checks the same encodings as properties, through HttpError bodies.)
 */
import { assert, describe, it } from "../support/effectVitest.js"
import { redact } from "../../src/internal/transport/redact.js"

const R = "<redacted>"
const b64 = (bytes: string | Buffer, alphabet: "base64" | "base64url" = "base64") => Buffer.from(bytes).toString(alphabet)

describe("raw echoes", () => {
  it("the secret is replaced wherever it appears, also as the whole text", () => {
    assert.strictEqual(redact("s3cret at start, s3cret at end: s3cret", ["s3cret"]), `${R} at start, ${R} at end: ${R}`)
    assert.strictEqual(redact("s3cret", ["s3cret"]), R)
  })

  it("text without a secret comes back unchanged, stray escapes and all", () => {
    const text = "a\\q \\u12 \\uZZZZ %zz %4 + %2 \\"
    assert.strictEqual(redact(text, ["s3cret"]), text)
    assert.strictEqual(redact("", ["s3cret"]), "")
  })

  it("an echo cut short, holding only the start of a secret, is left as it is", () => {
    assert.strictEqual(redact("id abc", ["abcundefined"]), "id abc")
    assert.strictEqual(redact("abc", ["abcundefined"]), "abc")
  })

  it("an empty secret or no secret redacts nothing", () => {
    assert.strictEqual(redact("text", ["", ""]), "text")
    assert.strictEqual(redact("text", []), "text")
  })
})

describe("overlapping echoes", () => {
  it("two secrets that overlap become one mark, with nothing of either left", () => {
    assert.strictEqual(redact("x abcdefgh y", ["abcdef", "defgh"]), `x ${R} y`)
  })

  it("a secret inside a longer one's echo does not cut the longer mark short", () => {
    assert.strictEqual(redact("x abcdefgh y", ["abcdefgh", "cdef"]), `x ${R} y`)
  })

  it("secrets echoed back to back become one mark", () => {
    assert.strictEqual(redact("x aaaa1111bbbb2222 y", ["aaaa1111", "bbbb2222"]), `x ${R} y`)
  })

  it("two echoes starting at the very beginning make one mark, not two", () => {
    assert.strictEqual(redact("abcdefgh y", ["abcd", "abcdefgh"]), `${R} y`)
  })
})

describe("JSON-escaped echoes", () => {
  it("every short escape is undone: quote, backslash, slash, \\b \\f \\n \\r \\t", () => {
    const secret = "q\"b\\s/b\bf\fn\nr\rt\tEND"
    const json = JSON.stringify({ echo: secret })
    assert.include(json, "\\b")
    assert.strictEqual(redact(json, [secret]), `{"echo":"${R}"}`)
    // PHP escapes "/" too.
    assert.strictEqual(redact(json.replaceAll("/", "\\/"), [secret]), `{"echo":"${R}"}`)
  })

  it("\\u escapes in either case are undone (Go escapes every non-alphanumeric character)", () => {
    const secret = "to<k>én&"
    const go = (hex: (code: number) => string) => [...secret].map((c) => (/[a-z]/.test(c) ? c : `\\u${hex(c.charCodeAt(0))}`)).join("")
    assert.strictEqual(redact(`"${go((c) => c.toString(16).padStart(4, "0"))}"`, [secret]), `"${R}"`)
    assert.strictEqual(redact(`"${go((c) => c.toString(16).toUpperCase().padStart(4, "0"))}"`, [secret]), `"${R}"`)
  })

  it("an unknown escape stays as written and does not hide the secret after it", () => {
    assert.strictEqual(redact("\\q s3cret \\x", ["s3cret"]), `\\q ${R} \\x`)
    // Only the JSON reading finds these, so the escape before them must not swallow them.
    assert.strictEqual(redact("\\q\\\"tok;", ["\"tok"]), `\\q${R};`)
  })

  it("an unknown escape stays as written even when four hex digits follow it", () => {
    assert.strictEqual(redact("x \\q0041\\\" y", ["\\q0041\""]), `x ${R} y`)
  })
})

describe("percent-encoded echoes", () => {
  const secret = "to/k en+ü🔑!"

  it("every byte or only some, upper or lower case", () => {
    const upper = encodeURIComponent(secret)
    assert.strictEqual(redact(`?t=${upper}&x`, [secret]), `?t=${R}&x`)
    assert.strictEqual(redact(`?t=${upper.toLowerCase()}&x`, [secret]), `?t=${R}&x`)
    const everyByte = [...Buffer.from(secret)].map((b) => `%${b.toString(16).padStart(2, "0")}`).join("")
    assert.strictEqual(redact(`?t=${everyByte}&x`, [secret]), `?t=${R}&x`)
  })

  it("an emoji left raw beside percent escapes is found (a character of two UTF-16 code units)", () => {
    // encodeURI-style: "/", "+" and the emoji left as they are, the rest encoded.
    assert.strictEqual(redact("/to/k%20en+%C3%BC🔑%21&x", [secret]), `/${R}&x`)
    // Python's json.dumps writes the emoji as a \u surrogate pair, here inside a URL.
    assert.strictEqual(redact("{\"u\":\"/to/k%20en+%C3%BC\\ud83d\\udd11%21\"}", [secret]), `{"u":"/${R}"}`)
  })

  it("hex-looking letters next to an escape are not read as escapes", () => {
    assert.strictEqual(redact("/deadbeef%2Fcafe/", ["deadbeef/cafe"]), `/${R}/`)
  })

  it("the mark ends with the escape that ends the secret", () => {
    assert.strictEqual(redact("x=a%2F y", ["a/"]), `x=${R} y`)
  })

  it("the character after U+FFFF is not swallowed into the mark", () => {
    assert.strictEqual(redact("k%65y\uffffZ", ["key\uffff"]), `${R}Z`)
  })

  it("form encoding: + for a space, only in the view that reads it so", () => {
    assert.strictEqual(redact(`t=${new URLSearchParams({ a: "a b/c" }).toString().slice(2)}&`, ["a b/c"]), `t=${R}&`)
    // A literal "+" in the secret, left unencoded beside an escape.
    assert.strictEqual(redact("t=a+b%2Fc&", ["a+b/c"]), `t=${R}&`)
  })

  // Each of these is found by exactly one view: raw or JSON-unescaped text, then percent-decoded
  // with "+" kept or read as a space.
  it("a Windows path with a literal + , echoed with a percent escape and its backslash as is", () => {
    assert.strictEqual(redact("p=C:\\new+dir%21;", ["C:\\new+dir!"]), `p=${R};`)
  })

  it("a Windows path with a space, form-encoded with its backslash as is", () => {
    assert.strictEqual(redact("p=C:\\new+dir%21;", ["C:\\new dir!"]), `p=${R};`)
  })

  it("a quoted secret with a literal +, percent-encoded inside JSON", () => {
    assert.strictEqual(redact("{\"e\":\"say \\\"hi\\\"+bye%21\"}", ["say \"hi\"+bye!"]), `{"e":"${R}"}`)
  })

  it("a quoted secret with a space, form-encoded inside JSON", () => {
    assert.strictEqual(redact("{\"e\":\"say \\\"hi\\\"+bye%21\"}", ["say \"hi\" bye!"]), `{"e":"${R}"}`)
  })
})

describe("base64 and hex echoes", () => {
  it("base64 and base64url, padded or not, for every padding length", () => {
    for (const secret of ["s3cr3t?>~tok", "s3cr3t?>~toke", "s3cr3t?>~token"]) {
      for (const alphabet of ["base64", "base64url"] as const) {
        const whole = b64(secret, alphabet)
        assert.strictEqual(redact(`t=${whole}&`, [secret]), `t=${R}&`, `${alphabet} ${whole}`)
        const bare = whole.replace(/=/g, "")
        assert.strictEqual(redact(`t=${bare}&`, [secret]), `t=${R}&`, `${alphabet} ${bare}`)
      }
    }
  })

  it("inside longer base64 (Basic user:token), at every alignment, only the characters around the secret's edges stay", () => {
    for (const secret of ["k3y?>~", "s3cr3t?>~token", "12345"]) {
      for (const prefix of ["", "u", "us", "usr", "user", "user:"]) {
        for (const alphabet of ["base64", "base64url"] as const) {
          const encoded = b64(`${prefix}${secret}:trailing`, alphabet)
          const out = redact(`Basic ${encoded}`, [secret])
          const label = `${alphabet} ${JSON.stringify(prefix)} ${secret}`
          const [before, after] = out.slice("Basic ".length).split(R)
          assert.isDefined(after, label)
          // Base64 carries 6 bits a character: the secret's bytes start in character ⌊8p/6⌋ and end
          // in character ⌈8(p+n)/6⌉ - 1; at most the one character either side shared with the
          // neighbouring bytes may stay.
          const first = (8 * prefix.length) / 6
          const end = (8 * (prefix.length + secret.length)) / 6
          assert.isTrue(encoded.startsWith(before!) && before!.length >= Math.floor(first) && before!.length <= Math.ceil(first), label)
          const kept = encoded.length - after!.length
          assert.isTrue(encoded.endsWith(after!) && kept >= Math.floor(end) && kept <= Math.ceil(end), label)
        }
      }
    }
  })

  it("a short secret is not matched by the few base64 characters it shares with other data", () => {
    // "abcd" is YWJjZA==; "abce" is YWJjZQ==: five characters in common, none of them the secret alone.
    assert.strictEqual(redact("t=YWJjZQ== u=YWJjZA==", ["abcd"]), `t=YWJjZQ== u=${R}`)
  })

  it("hex in lower or upper case", () => {
    const hex = Buffer.from("tok/en").toString("hex")
    assert.strictEqual(redact(`h=${hex};H=${hex.toUpperCase()};`, ["tok/en"]), `h=${R};H=${R};`)
  })
})

// Each of these once let a mutant of redact.ts survive (test/MUTATION.md): Stryker replaces an
// empty string with its own marker text, "Stryker was here!", so the marker is the text that tells.
describe("no text is special", () => {
  it("a secret that reads like any text is redacted: only the empty secret is skipped", () => {
    assert.strictEqual(redact("a Stryker was here! b", ["Stryker was here!"]), `a ${R} b`)
  })

  it("a text that reads like any text is searched: only the empty text is returned at once", () => {
    assert.strictEqual(redact("Stryker was here!", ["here"]), `Stryker was ${R}!`)
  })

  it("nothing but a secret's own forms is redacted", () => {
    assert.strictEqual(redact("Stryker was here", ["other"]), "Stryker was here")
  })

  it("a Latin-1 misreading of the secret's UTF-8 bytes is not one of its forms (docs/protocol.md §3.7): left as it is", () => {
    // "pässword" as UTF-8 bytes read one byte a character is "pÃ¤ssword": no server's escaping
    // makes that, and text that spells it by chance stays readable.
    assert.strictEqual(redact("pÃ¤ssword", ["pässword"]), "pÃ¤ssword")
    assert.strictEqual(redact("{\"e\":\"p\\u00c3\\u00a4ssword\"}", ["pässword"]), "{\"e\":\"p\\u00c3\\u00a4ssword\"}")
  })
})
