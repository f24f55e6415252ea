/**
 * Property tests for the request builder (docs/protocol.md §3.4), over generated templates (a literal origin;
 * path segments of literal text and placeholders; url-query entries; queryParams; headers; a JSON
 * body with nested objects and arrays and whole or partial placeholders; required and optional
 * params of all three types) and generated argument values (any Unicode, lone surrogates, control
 * characters, `..`, percent sequences, URL delimiters, very long strings, empty).
 *
 * Every expectation is computed here, from the generated template and values, without calling
 * the helpers under test; the path rules (percent-decoding included) are written from
 * docs/protocol.md §3.4 in test/support/pathRule.ts, shared with test/client/execute.hostile.test.ts. `npm test` runs each pure property 1,000 times with a fixed seed; a deeper
 * run with other cases: `RCP_PROPERTY_SEED=7 npm run test:deep` (seeds: test/support/property.ts).
 */
import * as Result from "#target/Result.js"
import { assert, describe, it } from "../support/effectVitest.js"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Redacted from "effect/Redacted"
import * as fc from "fast-check"
import * as Client from "../../src/Client.js"
import * as Manifest from "../../src/Manifest.js"
import * as Resolver from "../../src/Resolver.js"
import type { Value } from "../../src/Resolver.js"
import * as Credential from "../../src/internal/client/credential.js"
import * as Request from "../../src/internal/client/request.js"
import type { Outgoing } from "../../src/internal/transport/outgoing.js"
import { clientLayer, largeHeaderServer, rawSegments } from "../support/execute.js"
import { either } from "../support/either.js"
import { json, type Recorded } from "../support/server.js"
import { decodedForms, hasLoneSurrogate, type PathReason, pathValueReasons, segmentReasons } from "../support/pathRule.js"
import { propertyRuns, seeded, yielding } from "../support/property.js"

const RUNS = propertyRuns(1000)
// Over a real socket each case costs a round trip: the pure properties carry the 1,000 runs.
const HTTP_RUNS = Number(process.env.RCP_PROPERTY_HTTP_RUNS ?? Math.min(RUNS, 500))
const TIMEOUT = Math.max(30_000, RUNS * 20, HTTP_RUNS * 30)

// ---------------------------------------------------------------------------------------------
// The generated model: a tool template, auth, a credential and the call's values
// ---------------------------------------------------------------------------------------------

type ParamType = "string" | "number" | "boolean"

interface ParamSpec {
  readonly name: string
  readonly type: ParamType
  readonly required: boolean
  /** Whether `required` is written out (`true`, or `false` for an optional param). */
  readonly explicit: boolean
}

type Piece = { readonly _tag: "Text"; readonly text: string } | { readonly _tag: "Ref"; readonly slot: number }

type BodySpec =
  | { readonly _tag: "Literal"; readonly value: string | number | boolean | null }
  | { readonly _tag: "Template"; readonly pieces: ReadonlyArray<Piece> }
  | { readonly _tag: "Array"; readonly items: ReadonlyArray<BodySpec> }
  | { readonly _tag: "Object"; readonly entries: ReadonlyArray<readonly [string, BodySpec]> }

interface QueryEntrySpec {
  /** As written in the url template (percent-encoded, `+` for space). */
  readonly key: string
  /** `undefined`: the entry has no `=`. */
  readonly value: ReadonlyArray<Piece> | undefined
}

type AuthSpec =
  | { readonly type: "none" }
  | { readonly type: "header"; readonly name: string; readonly scheme: string | undefined }
  | { readonly type: "query"; readonly name: string }

interface SlotValue {
  readonly present: boolean
  readonly string: string
  readonly number: number
  readonly boolean: boolean
}

interface Case {
  readonly origin: { readonly literal: string; readonly origin: string }
  readonly method: Manifest.HttpMethod
  readonly params: ReadonlyArray<ParamSpec>
  readonly segments: ReadonlyArray<ReadonlyArray<Piece>>
  readonly urlQuery: ReadonlyArray<QueryEntrySpec>
  readonly queryParams: ReadonlyArray<readonly [string, ReadonlyArray<Piece>]>
  readonly headers: ReadonlyArray<readonly [string, ReadonlyArray<Piece>]>
  readonly contentType: boolean
  readonly body: BodySpec | undefined
  readonly auth: AuthSpec
  readonly credential: string
  readonly slots: ReadonlyArray<SlotValue>
}

const MAX_SLOTS = 6

// Origins as written in a template, with the origin a URL parser gives each (written out here).
const ORIGINS: ReadonlyArray<{ readonly literal: string; readonly origin: string }> = [
  { literal: "https://api.example.com", origin: "https://api.example.com" },
  { literal: "HTTPS://API.Example.COM:443", origin: "https://api.example.com" },
  { literal: "https://api.example.com:8443", origin: "https://api.example.com:8443" },
  { literal: "http://127.0.0.1:8080", origin: "http://127.0.0.1:8080" },
  { literal: "http://localhost", origin: "http://localhost" },
  { literal: "https://[::1]:9000", origin: "https://[::1]:9000" },
  { literal: "https://bücher.example", origin: "https://xn--bcher-kva.example" },
  { literal: "https://a.b.c.example.org.", origin: "https://a.b.c.example.org." }
]

const PARAM_NAMES = [
  "id", "q", "city", "n", "flag", "_", "A9", "user_id", "__proto__", "constructor", "toString", "hasOwnProperty"
]

// Path literals: characters a URL keeps as they are in a path, and well-formed escapes.
const PATH_TOKENS = [
  "a", "b", "Z", "0", "9", "v1", "items", "-", "_", "~", ".", "!", "$", "&", "'", "(", ")", "*", "+", ",", ";", "=",
  ":", "@", "%20", "%2E", "%2e", "%41", "%25", "%2F", "%C3%A9"
]

// Url-query literals: no `&`, `=` or `#`; `+` is a space there, as a form decoder reads it.
const QUERY_TOKENS = [
  "a", "k", "Z", "0", "-", "_", ".", "~", "!", "$", "'", "(", ")", "*", ",", ";", ":", "@", "/", "?", "+", "%20",
  "%26", "%3D", "%2B", "%23", "%25", "%C3%A9"
]

const RESERVED_HEADERS = new Set([
  "host", "content-length", "cookie", "transfer-encoding", "connection", "keep-alive", "upgrade", "te", "trailer",
  "proxy-authorization", "content-type"
])

// Values chosen for what they do to URLs, headers and decoders.
const HOSTILE = [
  "", ".", "..", "%2e", "%2E%2e", ".%2E", "%252e%252e", "%2e%2E%2f%00", "/", "\\", "a/b", "a%2fb", "a%2fb%zz",
  "%ff%2f", "..%2f%zz", "%zz%5c", "a%5Cb", "%00", "%0d%0a", "%c2%85", "?", "#", "@", "&", "=", "+", ";",
  "?x=1&y=2#z", "//evil.example/x", "@evil.example", "%", "%zz", "100%", "{{id}}", "}}", " ", "\t", "a\tb", "\r\n",
  "a\r\nX-Injected: 1", "\u0000", "\u007f", "\u0085", "\u2028", "\ufeff", "\ud800", "\udfff", "a\ud83db", "é", "ÿ",
  "Ā", "日本", "👍🏽", "a b", "x=1&admin=true", "a+b", "%2f%", "%00%", "c%2f%EĀ", "%EF%BB%BF.", "%ef%bb%bf%2e%2e"
]

const TRICKY_UNITS = [
  ".", "/", "\\", "%", "2", "5", "e", "E", "f", "F", "c", "0", "a", "?", "#", "&", "=", "+", "@", ";", " ", "\t",
  "\r", "\n", "\u0000", "\u007f", "\u0085", "é", "ÿ", "Ā", "日", "👍", "\ud800", "\udc00"
]

const codeUnit = fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c))

const longString = fc.tuple(
  fc.constantFrom("a", "%2e", "/", "é", "x y", "👍", "\ud800", "&=", "\r\n"),
  fc.integer({ min: 1_000, max: 20_000 })
).map(([unit, n]) => unit.repeat(n).slice(0, 40_000))

/** Any value a model (or a resolver) might send for a string param. */
const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.string({ unit: fc.constantFrom(...TRICKY_UNITS), maxLength: 10 }) },
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 12 }) },
  { weight: 2, arbitrary: fc.string({ unit: codeUnit, maxLength: 8 }) },
  { weight: 2, arbitrary: fc.string({ unit: "grapheme", maxLength: 12 }) },
  { weight: 1, arbitrary: longString }
)

/** Values most positions accept, so that most cases get all the way to a request. */
const plainString: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: "grapheme-ascii", minLength: 1, maxLength: 12 })
    .filter((s) => /^[\x21-\x7e](?:.*[\x21-\x7e])?$/s.test(s)),
  fc.string({
    unit: fc.constantFrom("a", "Z", "9", "é", "ÿ", "-", "_", "~", "(", ")", "!", "'", "*"),
    minLength: 1,
    maxLength: 12
  })
)

const numberValue: fc.Arbitrary<number> = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(0, -0, 1e21, 5e-324, -1.5, Number.MAX_SAFE_INTEGER + 2)
)

const slotValue = (strings: fc.Arbitrary<string>): fc.Arbitrary<SlotValue> =>
  fc.record({ present: fc.boolean(), string: strings, number: numberValue, boolean: fc.boolean() })

const slots: fc.Arbitrary<ReadonlyArray<SlotValue>> = fc.oneof(
  fc.array(slotValue(hostileString), { minLength: MAX_SLOTS, maxLength: MAX_SLOTS }),
  fc.array(slotValue(plainString), { minLength: MAX_SLOTS, maxLength: MAX_SLOTS })
)

const ref: fc.Arbitrary<Piece> = fc.nat({ max: MAX_SLOTS - 1 }).map((slot) => ({ _tag: "Ref", slot }))

const text = (chars: fc.Arbitrary<string>): fc.Arbitrary<Piece> => chars.map((t): Piece => ({ _tag: "Text", text: t }))

/** Adjacent text pieces joined, so that a template's parts are exactly its pieces. */
const normalize = (pieces: ReadonlyArray<Piece>): Array<Piece> => {
  const out: Array<Piece> = []
  for (const piece of pieces) {
    const last = out[out.length - 1]
    if (piece._tag === "Text" && last?._tag === "Text") {
      out[out.length - 1] = { _tag: "Text", text: last.text + piece.text }
    } else {
      out.push(piece)
    }
  }
  return out
}

const template = (literal: fc.Arbitrary<string>, maxLength = 4): fc.Arbitrary<ReadonlyArray<Piece>> =>
  fc.array(fc.oneof(text(literal), ref), { minLength: 1, maxLength }).map(normalize)

const tokens = (pool: ReadonlyArray<string>, minLength: number, maxLength: number) =>
  fc.array(fc.constantFrom(...pool), { minLength, maxLength }).map((ts) => ts.join(""))

/** Whether a literal template segment is a dot segment (manifest validation refuses those). */
const isDotLiteral = (segment: string): boolean => decodedForms(segment).some((form) => form === "." || form === "..")

const segment: fc.Arbitrary<ReadonlyArray<Piece>> = fc.oneof(
  tokens(PATH_TOKENS, 1, 4)
    .filter((s) => !isDotLiteral(s))
    .map((s): ReadonlyArray<Piece> => [{ _tag: "Text", text: s }]),
  template(tokens(PATH_TOKENS, 1, 2), 3).filter((pieces) => pieces.some((p) => p._tag === "Ref"))
)

const queryKey = fc.oneof(tokens(QUERY_TOKENS, 1, 3), fc.constantFrom("__proto__", "constructor", "a+b", "x%20y"))

const urlQueryEntry: fc.Arbitrary<QueryEntrySpec> = fc.record({
  key: queryKey,
  value: fc.option(template(tokens(QUERY_TOKENS, 1, 3), 3), { nil: undefined })
})

// Literal text in queryParams, headers and the body: no `{` (it could open a placeholder).
const freeText = fc.string({ unit: "grapheme", minLength: 1, maxLength: 6 }).filter((s) => !s.includes("{"))

const queryParamKey = fc.oneof(
  fc.string({ unit: "grapheme", maxLength: 6 }).filter((s) => !s.includes("{{") && s !== "__proto__"),
  fc.constantFrom("q", "a b", "&x=1", "=", "#h", "%41", "é", "constructor", "", "k")
)

const headerText = fc.string({
  unit: fc.constantFrom("a", "Z", "0", "-", "/", ";", "=", ",", " ", "\t", "é", "ÿ", "\"", "*", "}"),
  minLength: 1,
  maxLength: 6
}).filter((s) => !/^[ \t]|[ \t]$/.test(s))

const headerName = fc.oneof(
  fc.constantFrom("Accept", "X-Api-Version", "Prefer", "If-None-Match", "Idempotency-Key", "X-Request-Id"),
  fc.stringMatching(/^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,12}$/).map((s) => `X-${s}`)
)

const bodyKey = fc.oneof(
  fc.string({ unit: "grapheme", maxLength: 5 }).filter((s) => !s.includes("{{")),
  fc.constantFrom("__proto__", "constructor", "", "a.b", "[0]", "}}")
)

const bodyLiteral: fc.Arbitrary<BodySpec> = fc.oneof(
  fc.string({ unit: "grapheme", maxLength: 6 }).filter((s) => !s.includes("{{")),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null)
).map((value): BodySpec => ({ _tag: "Literal", value }))

const body: fc.Arbitrary<BodySpec> = fc.letrec<{ node: BodySpec; object: BodySpec; array: BodySpec }>((tie) => ({
  node: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    bodyLiteral,
    ref.map((piece): BodySpec => ({ _tag: "Template", pieces: [piece] })),
    template(freeText).map((pieces): BodySpec => ({ _tag: "Template", pieces })),
    tie("object"),
    tie("array")
  ),
  object: fc.uniqueArray(fc.tuple(bodyKey, tie("node")), { maxLength: 4, selector: ([key]) => key }).map(
    (entries): BodySpec => ({ _tag: "Object", entries })
  ),
  array: fc.array(tie("node"), { maxLength: 4 }).map((items): BodySpec => ({ _tag: "Array", items }))
})).node

const paramSpec: fc.Arbitrary<ParamSpec> = fc.record({
  name: fc.constantFrom(...PARAM_NAMES),
  type: fc.constantFrom<ParamType>("string", "number", "boolean"),
  required: fc.boolean(),
  explicit: fc.boolean()
})

const credential = fc.string({
  unit: fc.constantFrom("a", "Z", "9", "-", ".", "_", "~", "+", "/", "=", "&", "#", "?", "%", " ", "é", "ÿ"),
  minLength: 1,
  maxLength: 24
}).filter((s) => !/^[ \t]|[ \t]$/.test(s))

const authSpec: fc.Arbitrary<AuthSpec> = fc.oneof(
  fc.constant<AuthSpec>({ type: "none" }),
  fc.record({
    type: fc.constant("header" as const),
    name: fc.constantFrom("Authorization", "X-Api-Key", "api-key"),
    scheme: fc.option(fc.constantFrom("Bearer", "Token", "Basic"), { nil: undefined })
  }),
  fc.record({ type: fc.constant("query" as const), name: fc.constantFrom("api_key", "key", "access token", "t&k") })
)

const caseArbitrary: fc.Arbitrary<Case> = fc.record({
  origin: fc.constantFrom(...ORIGINS),
  method: fc.constantFrom<Manifest.HttpMethod>("GET", "POST", "PUT", "PATCH", "DELETE"),
  params: fc.uniqueArray(paramSpec, { minLength: 1, maxLength: MAX_SLOTS, selector: (p) => p.name }),
  // A trailing slash is an empty last segment. (An empty first one would make the request target
  // start with "//", which servers read as an authority: the template's author would not mean that.)
  segments: fc.tuple(fc.array(segment, { maxLength: 4 }), fc.boolean()).map(([segments, slash]) =>
    slash ? [...segments, [{ _tag: "Text", text: "" } as const]] : segments
  ),
  // A query key may appear once (across the url and queryParams), as the server decodes it.
  urlQuery: fc.uniqueArray(urlQueryEntry, { maxLength: 3, selector: (entry) => formDecode(entry.key) }),
  queryParams: fc.uniqueArray(fc.tuple(queryParamKey, template(freeText)), { maxLength: 3, selector: ([key]) => key }),
  headers: fc.uniqueArray(fc.tuple(headerName, template(headerText)), {
    maxLength: 3,
    selector: ([name]) => name.toLowerCase()
  }),
  contentType: fc.boolean(),
  body: fc.option(body, { nil: undefined }),
  auth: authSpec,
  credential,
  slots
}).map((c): Case => {
  // Keep what the manifest rules forbid out of the template: a GET body, the auth header or query
  // key set by the tool itself, a queryParams key the url already sets.
  const authHeader = c.auth.type === "header" ? c.auth.name.toLowerCase() : undefined
  const authQuery = c.auth.type === "query" ? c.auth.name : undefined
  const urlKeys = new Set(c.urlQuery.map((entry) => formDecode(entry.key)))
  return {
    ...c,
    body: c.method === "GET" ? undefined : c.body,
    urlQuery: authQuery === undefined ? c.urlQuery : c.urlQuery.filter((entry) => formDecode(entry.key) !== authQuery),
    queryParams: c.queryParams.filter(([key]) => key !== authQuery && !urlKeys.has(key)),
    headers: c.headers.filter(([name]) => {
      const lower = name.toLowerCase()
      return lower !== authHeader && !RESERVED_HEADERS.has(lower)
    }),
    auth: authQuery !== undefined && urlKeys.has(authQuery) ? { type: "query", name: `${authQuery}_auth` } : c.auth
  }
})

// ---------------------------------------------------------------------------------------------
// From the model to a manifest, and the call's values
// ---------------------------------------------------------------------------------------------

const paramOf = (c: Case, slot: number): ParamSpec => c.params[slot % c.params.length]!

const nameOf = (c: Case, slot: number): string => paramOf(c, slot).name

const source = (c: Case, pieces: ReadonlyArray<Piece>): string =>
  pieces.map((piece) => (piece._tag === "Text" ? piece.text : `{{${nameOf(c, piece.slot)}}}`)).join("")

const urlOf = (c: Case, origin: string): string => {
  const path = c.segments.map((s) => `/${source(c, s)}`).join("")
  const query = c.urlQuery.map((entry) =>
    entry.value === undefined ? entry.key : `${entry.key}=${source(c, entry.value)}`
  )
  return `${origin}${path}${query.length === 0 ? "" : `?${query.join("&")}`}`
}

const bodyJson = (c: Case, node: BodySpec): unknown => {
  switch (node._tag) {
    case "Literal":
      return node.value
    case "Template":
      return source(c, node.pieces)
    case "Array":
      return node.items.map((item) => bodyJson(c, item))
    case "Object":
      // fromEntries defines own properties: a "__proto__" key stays a key, as JSON.parse makes it.
      return Object.fromEntries(node.entries.map(([key, child]) => [key, bodyJson(c, child)]))
  }
}

const toolJson = (c: Case, origin: string) => ({
  name: "probe",
  description: "A generated tool.",
  method: c.method,
  params: c.params.map((p) =>
    p.explicit || !p.required ? { name: p.name, type: p.type, required: p.required } : { name: p.name, type: p.type }
  ),
  url: urlOf(c, origin),
  ...(c.queryParams.length === 0
    ? {}
    : { queryParams: Object.fromEntries(c.queryParams.map(([k, v]) => [k, source(c, v)])) }),
  ...(c.headers.length === 0 && !(c.contentType && c.body !== undefined) ? {} : {
    headers: Object.fromEntries([
      ...c.headers.map(([name, value]) => [name, source(c, value)] as const),
      ...(c.contentType && c.body !== undefined ? [["Content-Type", "application/json; charset=utf-8"] as const] : [])
    ])
  }),
  ...(c.body === undefined ? {} : { body: bodyJson(c, c.body) })
})

const authJson = (auth: AuthSpec) =>
  auth.type === "header" && auth.scheme === undefined ? { type: "header", name: auth.name } : auth

const manifestJson = (c: Case, origin: string) => ({
  rcpVersion: "0.1",
  auth: authJson(c.auth),
  tools: [toolJson(c, origin)]
})

/** The value of each present param, by name. */
const valuesOf = (c: Case): Map<string, Value> => {
  const values = new Map<string, Value>()
  c.params.forEach((param, i) => {
    const slot = c.slots[i]!
    if (param.required || slot.present) values.set(param.name, slot[param.type])
  })
  return values
}

// ---------------------------------------------------------------------------------------------
// The oracle: docs/protocol.md §3.4, written out independently of src/
// ---------------------------------------------------------------------------------------------

const textOf = (value: Value | undefined): string => (value === undefined ? "" : String(value))

type Reason =
  | PathReason
  | "header-break"
  | "header-unsendable"
  | "header-edge"

/**
 * RFC 9110 field-value characters: HTAB, SP, VCHAR and obs-text (one byte each) — except the C1
 * controls (U+0080–U+009F), which SECURITY.md refuses with the other control characters.
 */
const isFieldChar = (code: number): boolean =>
  code === 0x09 || (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff)

/**
 * docs/protocol.md §3.4 refuses CR, LF and NUL in a header; a value must also be sendable as an RFC 9110
 * field value at all (no other control character, nothing beyond U+00FF), or it cannot arrive as sent.
 */
const headerReasons = (text: string): Array<Reason> => {
  const reasons: Array<Reason> = []
  if (/[\r\n\0]/.test(text)) reasons.push("header-break")
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (!isFieldChar(code) && code !== 0x0a && code !== 0x0d && code !== 0x00) {
      reasons.push("header-unsendable")
      break
    }
  }
  return reasons
}

/** Which message of the builder is which rule of docs/protocol.md §3.4. */
const reasonOfProblem = (problem: string): Reason | undefined => {
  if (problem === "cannot be empty in the URL path") return "empty"
  if (problem.includes("cannot be \".\" or \"..\" in the URL path")) return "dot"
  if (problem.includes("would form a \".\" or \"..\" path segment")) return "dot"
  if (problem.includes("cannot contain \"/\" or \"\\\" in the URL path")) return "slash"
  if (problem.includes("cannot contain control characters in the URL path")) return "control"
  if (problem.includes("unpaired UTF-16 surrogate")) return "surrogate"
  if (problem.startsWith("cannot contain CR, LF or NUL")) return "header-break"
  if (problem.startsWith("cannot contain control characters or characters beyond U+00FF")) return "header-unsendable"
  if (problem.startsWith("cannot start or end with a space or tab")) return "header-edge"
  return undefined
}

interface Refusals {
  /** Param → every reason docs/protocol.md §3.4 gives for refusing it (the builder names at least one). */
  readonly allowed: Map<string, Set<Reason>>
  /** Param → reasons that must be named (a header CR/LF/NUL is always said as such). */
  readonly required: Map<string, Set<Reason>>
  /** The reasons a segment's values are refused for together only, not each alone. */
  readonly jointly: ReadonlySet<"dot" | "slash">
}

const add = (map: Map<string, Set<Reason>>, param: string, reasons: ReadonlyArray<Reason>) => {
  if (reasons.length === 0) return
  const set = map.get(param) ?? new Set<Reason>()
  for (const reason of reasons) set.add(reason)
  map.set(param, set)
}

const isWholeAbsent = (c: Case, pieces: ReadonlyArray<Piece>, values: ReadonlyMap<string, Value>): boolean => {
  const first = pieces[0]
  return pieces.length === 1 && first?._tag === "Ref" && !values.has(nameOf(c, first.slot))
}

const expectedRefusals = (c: Case, values: ReadonlyMap<string, Value>): Refusals => {
  const allowed = new Map<string, Set<Reason>>()
  const required = new Map<string, Set<Reason>>()
  const jointly = new Set<"dot" | "slash">()
  const valueText = (name: string) => textOf(values.get(name))

  for (const pieces of c.segments) {
    let segmentOk = true
    let first: string | undefined
    for (const piece of pieces) {
      if (piece._tag === "Text") continue
      const name = nameOf(c, piece.slot)
      first ??= name
      const reasons = pathValueReasons(valueText(name))
      if (reasons.length > 0) segmentOk = false
      add(allowed, name, reasons)
    }
    // Values that are fine alone may still, with each other or the text around them, make a dot
    // segment or spell a "/" or "\\" the template's own text does not (docs/protocol.md §3.4 "Values
    // together"); the first placeholder is the one named.
    if (first === undefined || !segmentOk) continue
    const joint = segmentReasons(
      pieces.map((p) => (p._tag === "Text" ? { text: p.text } : { value: valueText(nameOf(c, p.slot)) }))
    )
    add(allowed, first, joint)
    for (const reason of joint) jointly.add(reason)
  }

  const queryPieces = [
    ...c.urlQuery.flatMap((entry) => (entry.value === undefined ? [] : [entry.value])),
    ...c.queryParams.map(([, pieces]) => pieces).filter((pieces) => !isWholeAbsent(c, pieces, values))
  ]
  for (const pieces of queryPieces) {
    for (const piece of pieces) {
      if (piece._tag === "Ref" && hasLoneSurrogate(valueText(nameOf(c, piece.slot)))) {
        add(allowed, nameOf(c, piece.slot), ["surrogate"])
      }
    }
  }

  for (const [, pieces] of c.headers) {
    if (isWholeAbsent(c, pieces, values)) continue
    for (const piece of pieces) {
      if (piece._tag !== "Ref") continue
      const name = nameOf(c, piece.slot)
      const reasons = headerReasons(valueText(name))
      add(allowed, name, reasons)
      if (reasons.includes("header-break")) add(required, name, ["header-break"])
    }
    // HTTP trims a field value: a value that would begin or end it with SP/HTAB cannot arrive as sent.
    const rendered = pieces
      .map((piece) => piece._tag === "Text" ? { name: undefined, text: piece.text } : {
        name: nameOf(c, piece.slot),
        text: valueText(nameOf(c, piece.slot))
      })
      .filter((part) => part.text !== "")
    const head = rendered[0]
    const tail = rendered[rendered.length - 1]
    if (head?.name !== undefined && /^[ \t]/.test(head.text)) add(allowed, head.name, ["header-edge"])
    if (tail?.name !== undefined && /[ \t]$/.test(tail.text)) add(allowed, tail.name, ["header-edge"])
  }
  return { allowed, required, jointly }
}

// What an accepted request must look like.

const OMIT = Symbol("omit")

const expectedBody = (c: Case, node: BodySpec, values: ReadonlyMap<string, Value>): unknown => {
  switch (node._tag) {
    case "Literal":
      return node.value
    case "Template": {
      const first = node.pieces[0]
      if (node.pieces.length === 1 && first?._tag === "Ref") {
        const name = nameOf(c, first.slot)
        return values.has(name) ? values.get(name) : OMIT
      }
      return node.pieces.map((p) => (p._tag === "Text" ? p.text : textOf(values.get(nameOf(c, p.slot))))).join("")
    }
    case "Array":
      return node.items.map((item) => {
        const v = expectedBody(c, item, values)
        return v === OMIT ? "" : v
      })
    case "Object": {
      const out: Array<[string, unknown]> = []
      for (const [key, child] of node.entries) {
        const v = expectedBody(c, child, values)
        if (v !== OMIT) out.push([key, v])
      }
      return Object.fromEntries(out)
    }
  }
}

const formDecode = (s: string): string => new URLSearchParams(`x=${s}`).get("x") ?? ""

type ExpectedSegment =
  | { readonly _tag: "Literal"; readonly raw: string }
  | { readonly _tag: "Decoded"; readonly text: string }

interface Expected {
  readonly origin: string
  readonly segments: ReadonlyArray<ExpectedSegment>
  /** Query pairs in order: url query, then queryParams, then the credential. */
  readonly query: ReadonlyArray<readonly [string, string]>
  /** Lower-cased name → value, credential included. */
  readonly headers: ReadonlyMap<string, string>
  readonly body: { readonly value: unknown } | undefined
}

const DEFAULT_ACCEPT = "application/json, text/plain;q=0.9, */*;q=0.8"

/** `cred`: the credential when it has been applied, else undefined. */
const expectedRequest = (
  c: Case,
  origin: string,
  values: ReadonlyMap<string, Value>,
  cred: string | undefined
): Expected => {
  const render = (pieces: ReadonlyArray<Piece>, literal: (s: string) => string) =>
    pieces.map((p) => (p._tag === "Text" ? literal(p.text) : textOf(values.get(nameOf(c, p.slot))))).join("")
  const segments = c.segments.map((pieces): ExpectedSegment =>
    pieces.every((p) => p._tag === "Text")
      ? { _tag: "Literal", raw: source(c, pieces) }
      : { _tag: "Decoded", text: render(pieces, decodeURIComponent) }
  )
  const query: Array<readonly [string, string]> = [
    ...c.urlQuery.map((entry) =>
      [formDecode(entry.key), entry.value === undefined ? "" : render(entry.value, formDecode)] as const
    ),
    ...c.queryParams.filter(([, pieces]) => !isWholeAbsent(c, pieces, values)).map(([key, pieces]) =>
      [key, render(pieces, (s) => s)] as const
    )
  ]
  if (c.auth.type === "query" && cred !== undefined) query.push([c.auth.name, cred])
  const headers = new Map<string, string>()
  for (const [name, pieces] of c.headers) {
    if (!isWholeAbsent(c, pieces, values)) headers.set(name.toLowerCase(), render(pieces, (s) => s))
  }
  if (c.body !== undefined) {
    headers.set("content-type", c.contentType ? "application/json; charset=utf-8" : "application/json")
  }
  // The default Accept goes with a template that has no Accept entry (even one left out for an
  // absent optional): the builder decides per template, not per call.
  if (!c.headers.some(([name]) => name.toLowerCase() === "accept")) headers.set("accept", DEFAULT_ACCEPT)
  if (c.auth.type === "header" && cred !== undefined) {
    headers.set(c.auth.name.toLowerCase(), c.auth.scheme === undefined ? cred : `${c.auth.scheme} ${cred}`)
  }
  if (c.body === undefined) return { origin, segments, query, headers, body: undefined }
  const raw = expectedBody(c, c.body, values)
  // JSON has one zero: -0 is sent (and read back) as 0.
  const value = raw === OMIT ? "" : JSON.parse(JSON.stringify(raw))
  return { origin, segments, query, headers, body: { value } }
}

/** Object keys (sorted), array lengths and scalar types, all the way down. */
const shapeOf = (u: unknown): unknown => {
  if (Array.isArray(u)) return u.map(shapeOf)
  if (typeof u === "object" && u !== null) {
    return Object.keys(u).sort().map((key) => [key, shapeOf((u as Record<string, unknown>)[key])])
  }
  return u === null ? "null" : typeof u
}

// ---------------------------------------------------------------------------------------------
// Building one case with the code under test
// ---------------------------------------------------------------------------------------------

interface Built {
  readonly values: Map<string, Value>
  readonly result: Request.RenderResult
  /** The request with the credential applied (accepted cases only). */
  readonly sent: Outgoing | undefined
}

const build = (c: Case): Built => {
  const decoded = Manifest.validate(manifestJson(c, c.origin.literal))
  if (Result.isFailure(decoded)) {
    throw new Error(`generated manifest rejected: ${Result.failureOf(decoded).map(Manifest.formatIssue).join("; ")}`)
  }
  const manifest = Result.successOf(decoded)
  const values = valuesOf(c)
  const result = Request.render(Request.compile(manifest.tools[0]!), values)
  const sent = result._tag === "Ok"
    ? Credential.apply(manifest.auth ?? { type: "none" }, Redacted.make(c.credential))(result.request)
    : undefined
  return { values, result, sent }
}

const show = (c: Case, values: ReadonlyMap<string, Value>) =>
  JSON.stringify({ url: urlOf(c, c.origin.literal), values: [...values].map(([k, v]) => [k, String(v).slice(0, 80)]) })

interface Counts {
  accepted: number
  refused: number
  /** Cases with a segment refused for what its values make together (docs/protocol.md §3.4 "Values together"). */
  readonly jointly: Record<"dot" | "slash", number>
}

/** Counts accepted and refused cases, so that no property passes by never reaching its assertions. */
const tally = () => {
  const counts: Counts = { accepted: 0, refused: 0, jointly: { dot: 0, slash: 0 } }
  return {
    counts,
    check: (runs: number) => {
      if (process.env.RCP_PROPERTY_DEBUG) console.log(JSON.stringify(counts))
      assert.isAbove(counts.accepted, runs / 5, `too few accepted cases: ${JSON.stringify(counts)}`)
      assert.isAbove(counts.refused, runs / 20, `too few refused cases: ${JSON.stringify(counts)}`)
    }
  }
}

/**
 * Query pairs grouped by key, keys sorted, each key's values in order. (Across keys the order of
 * `queryParams` is the JS object's, which puts integer-like keys first: not something to pin.)
 */
const byKey = (pairs: ReadonlyArray<readonly [string, string]>): Array<[string, Array<string>]> => {
  const groups = new Map<string, Array<string>>()
  for (const [key, value] of pairs) groups.set(key, [...(groups.get(key) ?? []), value])
  return [...groups].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
}

const pathSegments = (pathname: string): Array<string> => pathname.slice(1).split("/")

const assertUrl = (c: Case, url: URL, expected: Expected, where: string) => {
  assert.strictEqual(url.origin, expected.origin, where)
  assert.strictEqual(url.username, "", where)
  assert.strictEqual(url.password, "", where)
  assert.strictEqual(url.hash, "", where)
  if (c.segments.length === 0) {
    assert.strictEqual(url.pathname, "/", where)
  } else {
    const raw = pathSegments(url.pathname)
    assert.strictEqual(raw.length, c.segments.length, `${where}: path ${url.pathname.slice(0, 200)}`)
    expected.segments.forEach((segment, i) => {
      if (segment._tag === "Literal") assert.strictEqual(raw[i], segment.raw, where)
      else assert.strictEqual(decodeURIComponent(raw[i]!), segment.text, where)
    })
  }
  const keys = new Set(url.searchParams.keys())
  assert.deepStrictEqual([...keys].sort(), [...new Set(expected.query.map(([key]) => key))].sort(), where)
  assert.deepStrictEqual(byKey([...url.searchParams]), byKey(expected.query), where)
}

/** Rendering refuses exactly the params the oracle refuses, each for a reason docs/protocol.md §3.4 gives. */
const checkRefusals = (c: Case, counts: Counts) => {
  const { result, values } = build(c)
  const where = show(c, values)
  const { allowed, jointly, required } = expectedRefusals(c, values)
  for (const reason of jointly) counts.jointly[reason]++
  if (result._tag === "Ok") {
    counts.accepted++
    assert.deepStrictEqual([...allowed.keys()], [], `${where}: accepted, but docs/protocol.md §3.4 refuses it`)
    return
  }
  counts.refused++
  const named = new Map<string, Set<Reason>>()
  for (const problem of result.problems) {
    const reason = reasonOfProblem(problem.problem)
    assert.isDefined(reason, `${where}: unexpected problem "${problem.problem}"`)
    add(named, problem.param, [reason!])
    const spec = [...(allowed.get(problem.param) ?? [])]
    assert.include(spec, reason, `${where}: "${problem.param}" refused for ${reason}; the rule: ${JSON.stringify(spec)}`)
  }
  assert.deepStrictEqual([...named.keys()].sort(), [...allowed.keys()].sort(), `${where}: params named`)
  for (const [param, reasons] of required) {
    for (const reason of reasons) assert.isTrue(named.get(param)?.has(reason) ?? false, `${where}: ${param} ${reason}`)
  }
}

/**
 * Path segments of dots, escapes and placeholders whose values are each fine alone but, with each
 * other or the text around them, spell `.`, `..`, `/` or `\\` once a server decodes twice:
 * `{{a}}{{b}}` with `%2` and `e`, `%25{{a}}` with `2f`. Each segment is a dangerous spelling cut
 * into pieces, each piece a value or (percent-encoded) text; some spellings are harmless, and
 * random segments of the same characters are mixed in. (A broken escape in the template, like
 * `%2{{a}}`, is refused by manifest validation.)
 */
const SPELLINGS = ["%2e", "%2E", "%2e%2e", ".%2e", "%2f", "%2F", "%5c", "%5C", "a%2fb", "%252f", "%2x", "%41", "%2e%2e%2e"]

type JointPiece = { readonly _tag: "Text"; readonly text: string } | { readonly _tag: "Value"; readonly value: string }

const spelledSegment: fc.Arbitrary<ReadonlyArray<JointPiece>> = fc.record({
  spelling: fc.constantFrom(...SPELLINGS),
  cuts: fc.uniqueArray(fc.integer({ min: 1, max: 8 }), { minLength: 1, maxLength: 3 }),
  asText: fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }),
  around: fc.constantFrom("", "x", ".", "%25")
}).map(({ around, asText, cuts, spelling }) => {
  const at = [0, ...cuts.filter((cut) => cut < spelling.length).sort((a, b) => a - b), spelling.length]
  const parts = at.slice(1).map((end, i) => spelling.slice(at[i], end))
  // Text stands in the template as written: a piece of the spelling is written encoded, as a value would be sent.
  const pieces = parts.map((part, i): JointPiece =>
    asText[i] === true ? { _tag: "Text", text: encodeURIComponent(part) } : { _tag: "Value", value: part }
  )
  if (!pieces.some((p) => p._tag === "Value")) pieces[pieces.length - 1] = { _tag: "Value", value: parts[parts.length - 1]! }
  return around === "" ? pieces : [{ _tag: "Text", text: around }, ...pieces]
})

const randomSegment: fc.Arbitrary<ReadonlyArray<JointPiece>> = fc.array(
  fc.oneof(
    fc.constantFrom(".", "%25", "%2E", "%2F", "2", "f", "x").map((text): JointPiece => ({ _tag: "Text", text })),
    fc.string({ unit: fc.constantFrom("%", "2", "5", "e", "E", "f", "F", "c", ".", "x"), minLength: 1, maxLength: 4 })
      .map((value): JointPiece => ({ _tag: "Value", value }))
  ),
  { minLength: 1, maxLength: 4 }
).filter((pieces) => pieces.some((p) => p._tag === "Value"))

const JOINT_PARAMS = ["a", "b", "c", "d", "e", "f"] as const

const jointCaseArbitrary: fc.Arbitrary<Case> = fc.array(fc.oneof({ arbitrary: spelledSegment, weight: 3 }, { arbitrary: randomSegment, weight: 1 }), {
  minLength: 1,
  maxLength: 2
}).map((jointSegments): Case => {
  // Each value gets a param of its own, as long as there are params left; then it becomes text.
  const values: Array<string> = []
  const segments = jointSegments.map((pieces) =>
    normalize(pieces.map((piece): Piece => {
      if (piece._tag === "Value" && values.length < JOINT_PARAMS.length) {
        values.push(piece.value)
        return { _tag: "Ref", slot: values.length - 1 }
      }
      return { _tag: "Text", text: piece._tag === "Text" ? piece.text : encodeURIComponent(piece.value) }
    }))
  ).filter((pieces) => pieces.some((p) => p._tag === "Ref"))
  return {
    origin: ORIGINS[0]!,
    method: "GET",
    params: JOINT_PARAMS.map((name) => ({ name, type: "string", required: true, explicit: false })),
    segments,
    urlQuery: [],
    queryParams: [],
    headers: [],
    contentType: false,
    body: undefined,
    auth: { type: "none" },
    credential: "x",
    slots: JOINT_PARAMS.map((_, i) => ({ present: true, string: values[i] ?? "unused", number: 0, boolean: false }))
  }
})

// ---------------------------------------------------------------------------------------------
// The properties
// ---------------------------------------------------------------------------------------------

describe("request builder (property, docs/protocol.md §3.4)", () => {
  it("the URL: the template's origin, its number of path segments and its query keys (plus auth)", async () => {
    const t = tally()
    await fc.assert(
      fc.asyncProperty(caseArbitrary, yielding((c: Case) => {
        const { result, sent, values } = build(c)
        if (result._tag === "Invalid" || sent === undefined) return void t.counts.refused++
        t.counts.accepted++
        const where = show(c, values)
        // Before the credential is applied, and after.
        assertUrl(c, result.request.url, expectedRequest(c, c.origin.origin, values, undefined), where)
        assertUrl(c, sent.url, expectedRequest(c, c.origin.origin, values, c.credential), where)
      })),
      seeded(1, RUNS)
    )
    t.check(RUNS)
  }, TIMEOUT)

  it("the headers: the template's names (plus defaults and auth); no value holds CR, LF or NUL", async () => {
    const t = tally()
    await fc.assert(
      fc.asyncProperty(caseArbitrary, yielding((c: Case) => {
        const { result, sent, values } = build(c)
        if (result._tag === "Invalid" || sent === undefined) return void t.counts.refused++
        t.counts.accepted++
        const where = show(c, values)
        const expected = expectedRequest(c, c.origin.origin, values, c.credential)
        assert.deepStrictEqual(Object.keys(sent.headers).sort(), [...expected.headers.keys()].sort(), where)
        for (const [name, value] of Object.entries(sent.headers)) {
          assert.notMatch(value, /[\r\n\0]/, `${where}: header ${name}`)
          assert.strictEqual(value, expected.headers.get(name), `${where}: header ${name}`)
        }
        // Before the credential, the builder's own headers are exactly the template's and the defaults.
        const own = expectedRequest(c, c.origin.origin, values, undefined).headers
        assert.deepStrictEqual(Object.keys(result.request.headers).sort(), [...own.keys()].sort(), where)
      })),
      seeded(2, RUNS)
    )
    t.check(RUNS)
  }, TIMEOUT)

  it("the body: JSON with the template's keys, minus omitted optionals; whole placeholders keep their type", async () => {
    const t = tally()
    await fc.assert(
      fc.asyncProperty(caseArbitrary, yielding((c: Case) => {
        const { result, values } = build(c)
        if (result._tag === "Invalid") return void t.counts.refused++
        t.counts.accepted++
        const where = show(c, values)
        const expected = expectedRequest(c, c.origin.origin, values, c.credential)
        if (expected.body === undefined) return assert.isUndefined(result.request.body, where)
        const text = result.request.body
        assert.isString(text, where)
        const parsed: unknown = JSON.parse(text!)
        assert.deepStrictEqual(shapeOf(parsed), shapeOf(expected.body.value), where)
        assert.deepStrictEqual(parsed, expected.body.value, where)
      })),
      seeded(3, RUNS)
    )
    t.check(RUNS)
  }, TIMEOUT)

  it("a value is refused exactly when docs/protocol.md §3.4 says so, naming the param and the rule", async () => {
    const t = tally()
    await fc.assert(fc.asyncProperty(caseArbitrary, yielding((c: Case) => checkRefusals(c, t.counts))), seeded(4, RUNS))
    t.check(RUNS)
  }, TIMEOUT)

  it("values that are fine alone are refused when, with each other or the text around them, they spell a dot segment or a slash", async () => {
    const t = tally()
    await fc.assert(fc.asyncProperty(jointCaseArbitrary, yielding((c: Case) => checkRefusals(c, t.counts))), seeded(5, RUNS))
    t.check(RUNS)
    // Both joint rules are reached (each seed, not just the default one).
    assert.isAbove(t.counts.jointly.dot, RUNS / 50, JSON.stringify(t.counts))
    assert.isAbove(t.counts.jointly.slash, RUNS / 50, JSON.stringify(t.counts))
  }, TIMEOUT)
})

// ---------------------------------------------------------------------------------------------
// End to end: through the client, over a real socket
// ---------------------------------------------------------------------------------------------

/** The arguments as an LLM API returns them: a JSON string (a "__proto__" key stays a key). */
const argumentsJson = (values: ReadonlyMap<string, Value>): string =>
  `{${[...values].map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`).join(",")}}`

const assertArrived = (c: Case, req: Recorded, expected: Expected, where: string) => {
  assert.strictEqual(req.method, c.method, where)
  const raw = rawSegments(req)
  if (c.segments.length === 0) {
    assert.deepStrictEqual(raw, [""], where)
  } else {
    assert.strictEqual(raw.length, c.segments.length, where)
    expected.segments.forEach((segment, i) => {
      if (segment._tag === "Literal") assert.strictEqual(raw[i], segment.raw, where)
      else assert.strictEqual(decodeURIComponent(raw[i]!), segment.text, where)
    })
  }
  assert.deepStrictEqual(byKey([...req.query]), byKey(expected.query), where)
  for (const [name, value] of expected.headers) assert.strictEqual(req.headers[name], value, `${where}: header ${name}`)
  if (expected.body === undefined) assert.strictEqual(req.body, "", where)
  else assert.deepStrictEqual(JSON.parse(req.body), expected.body.value, where)
}

type ClientLayer = (options: Client.Options) => Layer.Layer<Client.RcpClient>

// Both ways the client sends: over an @effect/platform HttpClient (fetch here), and its own undici
// transport (the promise facade's default), which writes the request itself.
const TRANSPORTS: ReadonlyArray<readonly [string, ClientLayer, number]> = [
  ["HttpClient (fetch)", (options) => clientLayer(options), 6],
  ["undici", (options) => Client.layerUndici(options).pipe(Layer.provide(Resolver.layer({}))), 7]
]

describe("request builder, end to end (property)", () => {
  for (const [label, makeLayer, offset] of TRANSPORTS) {
    // Live clock: under the TestClock a retried request would wait for its backoff forever.
    it.scopedLive(`${label}: every accepted value reaches a real server and decodes back to exactly what was sent`, () =>
      Effect.gen(function*() {
        const server = yield* largeHeaderServer((_req, res) => json(res, 200, { ok: true }))
        let current = "unset"
        const context = yield* Layer.build(makeLayer({ credential: () => current }))
        const run = <A, E>(effect: Effect.Effect<A, E, Client.RcpClient>) =>
          Effect.runPromise(either(effect).pipe(Effect.provide(context)))
        const t = tally()
        yield* Effect.promise(() =>
          fc.assert(
            fc.asyncProperty(caseArbitrary, async (c) => {
              current = c.credential
              const registered = await run(
                Client.register(manifestJson(c, server.origin), { url: `${server.origin}/rcp/manifest` })
              )
              assert.isTrue(registered._tag === "Right", registered._tag === "Left" ? registered.left.message : "")
              // The arguments as the model sends them, and the values the client reads from them.
              const args = argumentsJson(valuesOf(c))
              const values = new Map(Object.entries(JSON.parse(args) as Record<string, Value>))
              const where = `${show(c, values)} args=${args.slice(0, 300)}`
              const before = server.requests.length
              const outcome = await run(Client.execute({ name: "probe", arguments: args }))
              const { allowed } = expectedRefusals(c, values)
              if (allowed.size > 0) {
                t.counts.refused++
                assert.isTrue(outcome._tag === "Left", `${where}: expected a refusal`)
                if (outcome._tag === "Left") {
                  assert.strictEqual(outcome.left._tag, "InvalidArguments", where)
                  for (const param of allowed.keys()) assert.include(outcome.left.message, `"${param}"`, where)
                }
                assert.strictEqual(server.requests.length, before, `${where}: a refused call sent a request`)
                return
              }
              t.counts.accepted++
              const failure = outcome._tag === "Left" ? outcome.left.message : ""
              assert.isTrue(outcome._tag === "Right", `${where}: ${failure}`)
              assert.strictEqual(server.requests.length, before + 1, where)
              const expected = expectedRequest(c, server.origin, values, c.credential)
              assertArrived(c, server.requests[before]!, expected, where)
            }),
            seeded(offset, HTTP_RUNS)
          )
        )
        t.check(HTTP_RUNS)
      }), TIMEOUT)
  }
})
