/**
 * Secrets a server echoes back never reach `HttpError.body` (docs/protocol.md §6): the
 * credential in every encoding servers use, and resolved values (4 characters or more). The
 * encodings here are written independently of `redact.ts`: Buffer, encodeURIComponent,
 * URLSearchParams and JSON.stringify, plus the PHP, Go and .NET spellings built by hand.
 */
import * as Effect from "effect/Effect"
import * as fc from "fast-check"
import * as Client from "../src/Client.js"
import { excerpt } from "../src/internal/transport/responseBody.js"
import { bearer, clientLayer, registerAt, safeStringify } from "./support/execute.js"
import { assert, describe, it } from "./support/effectVitest.js"
import { testServer } from "./support/server.js"
import { propertyRuns, seeded } from "./support/property.js"

const RUNS = propertyRuns(300)

const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/="
const BASE64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
const HEX = "0123456789abcdef"

const over = (alphabet: string) =>
  fc.array(fc.constantFrom(...alphabet), { minLength: 8, maxLength: 48 }).map((chars) => chars.join(""))

const credential = fc.oneof(over(BASE64), over(BASE64URL), over(HEX))

const hex2 = (code: number) => code.toString(16).padStart(2, "0")

const REDACTED = "<redacted>"

/**
 * `Basic base64(user:secret)` as it must come out: a base64 character stands for 6 bits, and it is
 * the secret's own (so redacted) when all 6 lie within the secret's bytes; the characters that
 * also carry bits of `user:` or of the padding stay.
 */
const basicRedacted = (secret: string): string => {
  const prefix = Buffer.from("user:")
  const text = Buffer.concat([prefix, Buffer.from(secret)]).toString("base64")
  const [from, to] = [prefix.length * 8, (prefix.length + Buffer.byteLength(secret)) * 8]
  const own = (j: number) => 6 * j >= from && 6 * j + 6 <= to
  let out = ""
  for (let j = 0; j < text.length; j++) {
    if (!own(j)) out += text[j]
    else if (!own(j - 1)) out += REDACTED
  }
  return `Authorization: Basic ${out}`
}

/**
 * How servers echo a value, each as its own function of the value, and the echo as it must come
 * out of redaction: exactly the secret's encoded form replaced, the text around it kept.
 */
const ENCODINGS: ReadonlyArray<readonly [string, (s: string) => string, (s: string) => string]> = [
  ["raw", (s) => s, () => REDACTED],
  ["JSON", (s) => JSON.stringify({ error: `bad token ${s}` }), () => `{"error":"bad token ${REDACTED}"}`],
  ["JSON with \\/ (PHP)", (s) => JSON.stringify({ error: s }).replaceAll("/", "\\/"), () => `{"error":"${REDACTED}"}`],
  [
    "JSON with \\u00XX (Go)",
    (s) => `{"error":"${[...s].map((c) => (/[A-Za-z0-9]/.test(c) ? c : `\\u00${hex2(c.charCodeAt(0))}`)).join("")}"}`,
    () => `{"error":"${REDACTED}"}`
  ],
  ["percent-encoded, upper case", (s) => `token=${encodeURIComponent(s)}`, () => `token=${REDACTED}`],
  [
    "percent-encoded, lower case (.NET)",
    (s) => `token=${encodeURIComponent(s).replace(/%[0-9A-F]{2}/g, (m) => m.toLowerCase())}`,
    () => `token=${REDACTED}`
  ],
  ["every byte percent-encoded", (s) => [...Buffer.from(s)].map((b) => `%${hex2(b)}`).join(""), () => REDACTED],
  ["form-encoded", (s) => new URLSearchParams({ token: s }).toString(), () => `token=${REDACTED}`],
  ["base64", (s) => Buffer.from(s).toString("base64"), () => REDACTED],
  ["base64url", (s) => Buffer.from(s).toString("base64url"), () => REDACTED],
  ["hex", (s) => Buffer.from(s).toString("hex"), () => REDACTED],
  ["HEX", (s) => Buffer.from(s).toString("hex").toUpperCase(), () => REDACTED],
  ["inside Basic auth", (s) => `Authorization: Basic ${Buffer.from(`user:${s}`).toString("base64")}`, basicRedacted],
  [
    "a URL inside JSON",
    (s) => JSON.stringify({ next: `https://api.example.com/cb?a=1&token=${encodeURIComponent(s)}` }).replaceAll("/", "\\/"),
    () => `{"next":"https:\\/\\/api.example.com\\/cb?a=1&token=${REDACTED}"}`
  ]
]

const echoed = (encoded: string) => `{"message":"request failed", "echo": ${JSON.stringify("x".repeat(10))}} ${encoded} trailing text`

describe("credential echoes are redacted in every encoding (property)", () => {
  for (const [name, encode, redacted] of ENCODINGS) {
    it(`${name}: exactly the echo of the secret is replaced, nothing around it`, () => {
      fc.assert(
        fc.property(credential, (secret) => {
          const out = excerpt(Buffer.from(echoed(encode(secret))), [secret])
          assert.strictEqual(out, echoed(redacted(secret)))
        }),
        seeded(1, RUNS)
      )
    })
  }

  it("a secret straddling the excerpt's cut leaks none of its first characters", () => {
    fc.assert(
      fc.property(credential, fc.integer({ min: 1000, max: 1030 }), (secret, at) => {
        // "." is in none of the alphabets: any secret text in the excerpt would be a leak.
        const lower = encodeURIComponent(secret).replace(/%[0-9A-F]{2}/g, (m) => m.toLowerCase())
        const out = excerpt(Buffer.from(`${".".repeat(at)}${lower} tail`), [secret])
        // Redacted first, then cut to the excerpt's 1024 characters.
        assert.strictEqual(out, `${".".repeat(at)}${REDACTED} tail`.slice(0, 1024))
      }),
      seeded(2, Math.min(RUNS, 200))
    )
  })
})

describe("resolved values stay out of errors", () => {
  it.scoped("a non-2xx body echoing a resolved value: redacted in HttpError.body, message and JSON", () =>
    Effect.gen(function*() {
      const server = yield* testServer((req, res) => {
        res.writeHead(404, { "content-type": "application/json" })
        // Echoes the resolved id raw, JSON-escaped and percent-encoded, and a short one raw.
        const id = decodeURIComponent(req.path.split("/")[2] ?? "")
        res.end(JSON.stringify({ error: `no user ${id}`, path: req.path, tenant: "t1" }))
      })
      const error = yield* Effect.gen(function*() {
        yield* registerAt(server, [{
          name: "get_user",
          params: [{ name: "userId", type: "string" }, { name: "tenant", type: "string" }],
          url: server.url("/users/{{userId}}/{{tenant}}")
        }], bearer)
        return yield* Effect.flip(Client.execute({ name: "get_user" }))
      }).pipe(
        Effect.provide(clientLayer({ credential: "cred-token-1234", retry: { retries: 0 } }, {
          userId: () => "u-42 x",
          tenant: () => "t1"
        }))
      )
      assert.strictEqual(error._tag, "HttpError")
      if (error._tag !== "HttpError") return
      const everything = `${error.body} ${error.message} ${safeStringify(error)} ${JSON.stringify(error)}`
      assert.notInclude(everything, "u-42 x")
      assert.notInclude(everything, "u-42%20x")
      // Shorter than 4 characters: not redacted (documented), so the excerpt stays readable.
      assert.include(error.body, `"tenant":"t1"`)
      assert.include(error.body, "no user <redacted>")
    }))

  it.scoped("strings and numbers of 4 characters or more are redacted; shorter ones and booleans stay readable", () =>
    Effect.gen(function*() {
      const server = yield* testServer((req, res) => {
        res.writeHead(400, { "content-type": "text/plain" })
        res.end(`bad request ${req.target}`)
      })
      const error = yield* Effect.gen(function*() {
        yield* registerAt(server, [{
          name: "find",
          params: [
            { name: "four", type: "string" },
            { name: "three", type: "string" },
            { name: "num", type: "number" },
            { name: "flag", type: "boolean" }
          ],
          url: server.url("/find/{{four}}/{{three}}"),
          queryParams: { n: "{{num}}", f: "{{flag}}" }
        }])
        return yield* Effect.flip(Client.execute({ name: "find" }))
      }).pipe(
        Effect.provide(clientLayer({ retry: { retries: 0 } }, {
          four: () => "abcd",
          three: () => "xyz",
          num: () => 98765,
          flag: () => true
        }))
      )
      assert.strictEqual(error._tag, "HttpError")
      if (error._tag === "HttpError") assert.strictEqual(error.body, "bad request /find/<redacted>/xyz?n=<redacted>&f=true")
    }))
})
