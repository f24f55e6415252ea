/**
 * The pin's digests as properties (docs/lock.md): the same under any key order and any JSON
 * whitespace, and different exactly where a behaviour-shaping field differs. The oracle is Node's
 * structural equality (`util.isDeepStrictEqual`) on the fields as the issue lists them, not the
 * canonical form under test. `RCP_PROPERTY_RUNS=2000 npx vitest run test/manifest/pin.property.test.ts` for
 * a deeper run.
 */
import { assert, describe, it } from "../support/effectVitest.js"
import * as fc from "fast-check"
import { createHash } from "node:crypto"
import { isDeepStrictEqual } from "node:util"
import * as Lock from "../../src/Lock.js"
import type * as Manifest from "../../src/Manifest.js"
import { propertyRuns, seeded } from "../support/property.js"

const RUNS = propertyRuns(200)

const URL_ = "https://api.example.com/rcp/manifest"

/** Everything that shapes a tool's behaviour (issue #21); `auth` is the manifest's. */
const TOOL_FIELDS = [
  "name",
  "description",
  "method",
  "params",
  "url",
  "queryParams",
  "headers",
  "body",
  "responseMappings",
  "outputSchema",
  "tags"
] as const

const text = fc.string({ maxLength: 12 })
const stringMap = fc.dictionary(text, text, { maxKeys: 4 })

const param = fc.record({
  name: text,
  type: fc.constantFrom("string", "number", "boolean"),
  required: fc.boolean(),
  description: text,
  enum: fc.array(text, { maxLength: 3 })
}, { requiredKeys: ["name", "type"] })

const auth = fc.oneof(
  fc.constant({ type: "none" }),
  fc.record({ type: fc.constant("header"), name: text, scheme: text }, { requiredKeys: ["type", "name"] }),
  fc.record({ type: fc.constant("query"), name: text })
)

const fieldArbs = {
  name: text,
  description: text,
  method: fc.constantFrom("GET", "POST", "PUT", "PATCH", "DELETE"),
  params: fc.array(param, { maxLength: 3 }),
  url: text,
  queryParams: stringMap,
  headers: stringMap,
  body: fc.jsonValue({ maxDepth: 3 }),
  responseMappings: stringMap,
  outputSchema: fc.oneof(fc.boolean(), fc.dictionary(text, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 })),
  tags: fc.array(text, { maxLength: 3 })
} as const

const tool = fc.record(fieldArbs, { requiredKeys: ["name", "description", "method", "params", "url"] })

const manifest = fc.record({ auth, tool }, { requiredKeys: ["tool"] }).map(({ auth, tool }) =>
  // Through JSON once, as a fetched manifest is: -0 and the like become what JSON says they are.
  JSON.parse(JSON.stringify({ rcpVersion: "0.1", ...(auth === undefined ? {} : { auth }), tools: [tool] })) as Manifest.Manifest
)

/** Each object's keys in an order drawn from `order` (a list of random numbers, cycled). */
const shuffled = (value: unknown, order: ReadonlyArray<number>): unknown => {
  let i = 0
  const next = () => order.length === 0 ? 0 : order[i++ % order.length]!
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(walk)
    if (typeof v !== "object" || v === null) return v
    const entries = Object.entries(v).map(([k, x]) => [next(), k, walk(x)] as const).sort((a, b) => a[0] - b[0])
    return Object.fromEntries(entries.map(([, k, x]) => [k, x]))
  }
  return walk(value)
}

const whitespace = fc.string({ unit: fc.constantFrom(" ", "\t", "\n", "\r"), maxLength: 10 })

/** What the oracle compares: each field of the one tool, and the manifest's auth (absent = none). */
const behaviour = (m: Manifest.Manifest): Record<string, unknown> => {
  const t = m.tools[0]! as unknown as Record<string, unknown>
  return {
    ...Object.fromEntries(TOOL_FIELDS.map((field) => [field, t[field]])),
    auth: m.auth ?? { type: "none" }
  }
}

/** docs/lock.md's definition, written out again: compact JSON, object keys in code-unit order. */
const documented = (v: unknown): string =>
  Array.isArray(v)
    ? `[${v.map(documented).join(",")}]`
    : typeof v === "object" && v !== null
    ? `{${
      Object.entries(v).filter(([, x]) => x !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([k, x]) => `${JSON.stringify(k)}:${documented(x)}`).join(",")
    }}`
    : v === undefined
    ? ""
    : JSON.stringify(v)

const sha256 = (text: string) => `sha256:${createHash("sha256").update(text, "utf8").digest("hex")}`

describe("pin digests (property)", () => {
  it("are SHA-256 of the canonical JSON docs/lock.md defines, per field and for the whole tool", () => {
    fc.assert(
      fc.property(manifest, (m) => {
        const fields = behaviour(m)
        const pinned = Object.values(Lock.pin(URL_, m).tools)[0]!
        assert.deepStrictEqual(
          pinned.fields,
          Object.fromEntries(Object.entries(fields).map(([field, value]) => [field, sha256(documented(value))]))
        )
        assert.strictEqual(pinned.digest, sha256(documented(fields)))
      }),
      seeded(1, RUNS)
    )
  })

  it("are the same under any key order at every level and any JSON whitespace", () => {
    fc.assert(
      fc.property(manifest, fc.array(fc.integer(), { maxLength: 40 }), whitespace, (m, order, space) => {
        const text = JSON.stringify(shuffled(m, order), null, space)
        const again = JSON.parse(text) as Manifest.Manifest
        assert.deepStrictEqual(Lock.pin(URL_, again), Lock.pin(URL_, m))
        assert.isTrue(Lock.isSame(Lock.diff(Lock.pin(URL_, m), URL_, again)))
      }),
      seeded(2, RUNS)
    )
  })

  it("differ exactly in the fields that differ, and the tool's digest differs when any does", () => {
    const mutation = fc.record({
      base: manifest,
      // Each field: kept, or replaced by a fresh value (an optional one may also disappear).
      fields: fc.record(Object.fromEntries(TOOL_FIELDS.map((f) => [f, fc.option(fieldArbs[f], { nil: undefined })])), {
        requiredKeys: []
      }),
      auth: fc.option(fc.option(auth, { nil: undefined }), { nil: null })
    })
    fc.assert(
      fc.property(mutation, ({ auth: newAuth, base, fields }) => {
        const tool: Record<string, unknown> = { ...base.tools[0]! }
        for (const [field, value] of Object.entries(fields)) {
          if (value === undefined && !["name", "description", "method", "params", "url"].includes(field)) delete tool[field]
          else if (value !== undefined) tool[field] = value
        }
        const changed = JSON.parse(JSON.stringify({
          rcpVersion: "0.1",
          ...(newAuth === null ? base.auth === undefined ? {} : { auth: base.auth } : newAuth === undefined ? {} : { auth: newAuth }),
          tools: [tool]
        })) as Manifest.Manifest

        const before = behaviour(base)
        const after = behaviour(changed)
        const differing = Object.keys(before).filter((field) => !isDeepStrictEqual(before[field], after[field]))
        const [a, b] = [Lock.pin(URL_, base), Lock.pin(URL_, changed)]
        const [ta, tb] = [Object.values(a.tools)[0]!, Object.values(b.tools)[0]!]
        for (const field of Object.keys(before)) {
          assert.strictEqual(
            ta.fields[field as keyof typeof ta.fields] === tb.fields[field as keyof typeof tb.fields],
            !differing.includes(field),
            field
          )
        }
        assert.strictEqual(ta.digest === tb.digest, differing.length === 0)

        const difference = Lock.diff(a, URL_, changed)
        if (differing.includes("name")) {
          assert.deepStrictEqual([difference.added, difference.removed], [[changed.tools[0]!.name], [base.tools[0]!.name]])
        } else {
          assert.deepStrictEqual(difference.changed.flatMap((c) => [...c.fields]).sort(), [...differing].sort())
          assert.strictEqual(Lock.isSame(difference), differing.length === 0)
        }
      }),
      seeded(3, RUNS)
    )
  })

  it("a form body is pinned apart from the same body sent as JSON, under `body`; a JSON body's pin is unchanged", () => {
    const post = {
      name: "create",
      description: "Create.",
      method: "POST",
      params: [{ name: "q", type: "string" }],
      url: "https://api.example.com/x",
      body: { q: "{{q}}" }
    }
    const json = { rcpVersion: "0.1", tools: [post] } as unknown as Manifest.Manifest
    const explicitJson = { rcpVersion: "0.1", tools: [{ ...post, bodyEncoding: "json" }] } as unknown as Manifest.Manifest
    const form = { rcpVersion: "0.2", tools: [{ ...post, bodyEncoding: "form" }] } as unknown as Manifest.Manifest
    const pinned = Object.values(Lock.pin(URL_, json).tools)[0]!
    // The documented definition, untouched by 0.2: the body field is the body itself.
    assert.strictEqual(pinned.fields.body, sha256(documented(post.body)))
    assert.deepStrictEqual(Lock.pin(URL_, explicitJson), Lock.pin(URL_, json))
    const difference = Lock.diff(Lock.pin(URL_, json), URL_, form)
    assert.deepStrictEqual(difference.changed.flatMap((c) => [...c.fields]), ["body"])
  })
})
