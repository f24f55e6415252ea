/**
 * Manifest fuzzing (docs/protocol.md §1): random JSON, random JS values, and mutations of valid manifests
 * of both versions (0.2's array and object params with their schemas and styles, and form bodies) —
 * fields dropped, retyped, duplicated and renamed; placeholders (`{{x}}`, `{{`, `}}`,
 * `{{__proto__}}`) injected everywhere; huge strings; deep nesting; `__proto__` keys; cycles and
 * throwing getters. `Manifest.decode` either succeeds or fails with `ManifestInvalid` whose every
 * issue has a path and a message: never a thrown exception, never a defect. And it takes linear
 * time: 4 times the input takes about 4 times the CPU time, up to 1 MiB (test/support/linear.ts).
 *
 * `npm test` runs 1,000 cases per property with a fixed seed; the long run is
 * `RCP_FUZZ_RUNS=100000 npx vitest run test/manifest/fuzz.test.ts` (`RCP_PROPERTY_SEED` to vary it,
 * test/support/property.ts).
 */
import { failureOf, hasDefect, hasInterruption } from "#test-target"
import * as Result from "#target/Result.js"
import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as fc from "fast-check"
import * as Manifest from "../../src/Manifest.js"
import * as ManifestDecode from "../../src/internal/manifest/decode.js"
import type { SchemaNode } from "../../src/internal/manifest/paramSchema.js"
import { assert, describe, it } from "../support/effectVitest.js"
import { MAX_RATIO, superLinearStep } from "../support/linear.js"
import { nodeArb } from "../support/paramSchemas.js"
import { seeded, yielding } from "../support/property.js"

const RUNS = Number(process.env.RCP_FUZZ_RUNS ?? 1000)
const TIMEOUT = Math.max(30_000, RUNS * 30)

// ---------------------------------------------------------------------------------------------
// The property every input must satisfy
// ---------------------------------------------------------------------------------------------

type Outcome = "decoded" | "rejected"

const describeInput = (input: unknown): string => {
  try {
    const text = JSON.stringify(input, (_key, value: unknown) => (typeof value === "bigint" ? `${value}n` : value))
    return text === undefined ? String(input) : text.length > 600 ? `${text.slice(0, 600)}…` : text
  } catch {
    return "(not printable)"
  }
}

/** Fails the test; the message is built only then (inputs can be megabytes). */
const check = (condition: boolean, message: () => string): void => {
  if (!condition) assert.fail(message())
}

const isPathKey = (key: unknown): boolean => typeof key === "string" || (Number.isInteger(key) && (key as number) >= 0)

/**
 * `decode` succeeds, or fails with ManifestInvalid listing issues that each have a path and a
 * message. For plain JSON (`json`), the catch-all for unreadable input (a getter that throws, a
 * value that cannot be printed) must never be what answers: every problem is listed where it is.
 */
const checkDecode = (input: unknown, json: boolean): Outcome => {
  let exit: Exit.Exit<Manifest.Manifest, Manifest.ManifestInvalid>
  try {
    exit = Effect.runSyncExit(Effect.suspend(() => Manifest.decode(input)))
  } catch (error) {
    return assert.fail(`decode threw past Effect: ${String(error)} for ${describeInput(input)}`)
  }
  if (Exit.isSuccess(exit)) {
    // What decoded is a manifest: it encodes, and the encoding decodes again.
    const again = Manifest.validate(JSON.parse(JSON.stringify(Manifest.encode(exit.value))))
    check(Result.isSuccess(again), () => `a decoded manifest no longer decodes: ${describeInput(input)}`)
    return "decoded"
  }
  check(!hasDefect(exit.cause), () => `a defect, not a typed failure: ${Cause.pretty(exit.cause)}`)
  check(!hasInterruption(exit.cause), () => "interrupted")
  const error = failureOf(exit.cause)
  check(error instanceof Manifest.ManifestInvalid, () => `not a ManifestInvalid: ${describeInput(input)}`)
  const issues = error!.issues
  check(issues.length > 0, () => `rejected without an issue: ${describeInput(input)}`)
  for (const issue of issues) {
    check(Array.isArray(issue.path) && issue.path.every(isPathKey), () => `a bad path: ${describeInput(issue)}`)
    check(
      typeof issue.message === "string" && issue.message.trim() !== "",
      () => `an empty message at ${describeInput(issue.path)}`
    )
    check(typeof Manifest.formatIssue(issue) === "string", () => "formatIssue")
    check(
      !json || !issue.message.startsWith("could not be read"),
      () => `JSON input reported as unreadable: ${issue.message} for ${describeInput(input)}`
    )
  }
  check(typeof error!.message === "string", () => "message")
  return "rejected"
}

/**
 * Runs `checkDecode` over `RUNS` cases, giving the event loop a turn now and then (`yielding`), so
 * that a 100,000-case run does not starve the test runner's own messages.
 */
const runProperty = async <A>(
  arbitrary: fc.Arbitrary<A>,
  toInput: (a: A) => unknown,
  offset: number,
  json: boolean
): Promise<Record<Outcome, number>> => {
  const counts: Record<Outcome, number> = { decoded: 0, rejected: 0 }
  await fc.assert(
    fc.asyncProperty(arbitrary, yielding((a: A) => {
      counts[checkDecode(toInput(a), json)]++
    })),
    seeded(offset, RUNS)
  )
  return counts
}

// ---------------------------------------------------------------------------------------------
// Valid manifests, generated
// ---------------------------------------------------------------------------------------------

const PARAM_NAMES = ["id", "q", "city", "limit", "flag", "_x", "__proto__", "constructor", "toString", "a1"]

interface ToolSeed {
  readonly name: string
  readonly method: Manifest.HttpMethod
  readonly params: ReadonlyArray<
    { readonly name: string; readonly type: Manifest.ParamType; readonly required: boolean }
  >
  readonly picks: ReadonlyArray<number>
  readonly extras: {
    readonly query: boolean
    readonly headers: boolean
    readonly body: boolean
    readonly mappings: boolean
  }
  /** Version 0.2: an array or object param, in the body or the query, and a form body. */
  readonly structured: {
    readonly node: SchemaNode
    readonly inQuery: boolean
    readonly style: Manifest.ParamStyle | undefined
    readonly form: boolean
  } | undefined
}

const toolSeed: fc.Arbitrary<ToolSeed> = fc.record({
  // "__proto__" is the one name of that pattern a tool may not have (no lock could hold it).
  name: fc.stringMatching(/^[A-Za-z0-9_-]{1,64}$/).filter((name) => name !== "__proto__"),
  method: fc.constantFrom<Manifest.HttpMethod>("GET", "POST", "PUT", "PATCH", "DELETE"),
  params: fc.uniqueArray(
    fc.record({
      name: fc.constantFrom(...PARAM_NAMES),
      type: fc.constantFrom<Manifest.ParamType>("string", "number", "boolean"),
      required: fc.boolean()
    }),
    { minLength: 1, maxLength: 4, selector: (p) => p.name }
  ),
  picks: fc.array(fc.nat(), { minLength: 6, maxLength: 6 }),
  extras: fc.record({ query: fc.boolean(), headers: fc.boolean(), body: fc.boolean(), mappings: fc.boolean() }),
  structured: fc.option(
    fc.record({
      node: nodeArb({ depth: 4, open: true }).map((node): SchemaNode =>
        node.type === "array" || node.type === "object" ? node : { type: "array", items: node }
      ),
      inQuery: fc.boolean(),
      style: fc.constantFrom(undefined, "deepObject" as const),
      form: fc.boolean()
    }),
    { nil: undefined, freq: 2 }
  )
})

/** A tool that follows every rule of docs/protocol.md §1. */
const toolOf = (seed: ToolSeed) => {
  const p = (i: number) => seed.params[(seed.picks[i] ?? 0) % seed.params.length]!.name
  return {
    name: seed.name,
    description: `Tool ${seed.name}.`,
    method: seed.method,
    params: seed.params.map((param) =>
      param.required ? { name: param.name, type: param.type } : { ...param, description: "optional" }
    ),
    url: `https://api.example.com/v1/items/{{${p(0)}}}/x-{{${p(1)}}}?fixed=1&v={{${p(2)}}}`,
    ...(seed.extras.query ? { queryParams: { q: `{{${p(3)}}}`, static: "a b" } } : {}),
    ...(seed.extras.headers ? { headers: { "X-Trace": `t-{{${p(4)}}}`, Accept: "application/json" } } : {}),
    ...(seed.extras.body && seed.method !== "GET"
      ? { body: { value: `{{${p(5)}}}`, nested: [{ text: `about {{${p(0)}}}` }, 1, true, null], n: 2.5 } }
      : {}),
    ...(seed.extras.mappings ? { responseMappings: { all: "@", first: "@items[0].name" } } : {})
  }
}

/** A valid tool with one array or object param, `data`, placed whole in the query or the body (§1.11). */
const structuredTool = (seed: ToolSeed, structured: NonNullable<ToolSeed["structured"]>) => {
  const base = toolOf(seed)
  const { form, inQuery, node, style } = structured
  const post = seed.method === "GET" ? "POST" : seed.method
  return {
    ...base,
    method: inQuery ? base.method : post,
    params: [
      ...base.params,
      { name: "data", type: node.type, schema: node, ...(style === undefined ? {} : { style }), required: false }
    ],
    ...(inQuery
      ? { queryParams: { ...base.queryParams, data: "{{data}}" } }
      : { body: { data: "{{data}}", fixed: "x" }, ...(form ? { bodyEncoding: "form" } : {}) })
  }
}

const AUTHS = [
  undefined,
  { type: "none" },
  { type: "header", name: "Authorization", scheme: "Bearer" },
  { type: "header", name: "X-Api-Key" },
  { type: "query", name: "api_key" }
] as const

const validManifest = fc.record({
  auth: fc.constantFrom(...AUTHS),
  tools: fc.uniqueArray(toolSeed, { minLength: 1, maxLength: 4, selector: (t) => t.name })
}).map(({ auth, tools }) => {
  const built = tools.map((seed) => (seed.structured === undefined ? toolOf(seed) : structuredTool(seed, seed.structured)))
  return {
    rcpVersion: tools.some((seed) => seed.structured !== undefined) ? "0.2" : "0.1",
    ...(auth === undefined ? {} : { auth }),
    tools: built
  }
})

// ---------------------------------------------------------------------------------------------
// Mutations
// ---------------------------------------------------------------------------------------------

type Mutation =
  | { readonly op: "drop"; readonly at: number }
  | { readonly op: "retype"; readonly at: number; readonly value: unknown }
  | { readonly op: "duplicate"; readonly at: number; readonly shared: boolean }
  | { readonly op: "rename"; readonly at: number; readonly to: string }
  | { readonly op: "inject"; readonly at: number; readonly how: number; readonly placeholder: string }
  | { readonly op: "huge"; readonly at: number; readonly unit: string; readonly length: number }
  | { readonly op: "deep"; readonly at: number; readonly depth: number; readonly array: boolean }
  | { readonly op: "proto"; readonly at: number; readonly value: unknown }
  | { readonly op: "cycle"; readonly at: number; readonly up: number }
  | { readonly op: "throwing"; readonly at: number }

const PLACEHOLDERS = [
  "{{x}}", "{{", "}}", "{{__proto__}}", "{{constructor}}", "{{toString}}", "{{ id }}", "{{{{id}}}}", "{{id}",
  "{id}}", "{{id}}", "{{q}}{{", "{{1x}}", "{{}}", "{{a.b}}", "{{\u0000}}"
]

const KEYS = [
  "__proto__", "constructor", "prototype", "toString", "hasOwnProperty", "", "{{x}}", "Name", "NAME", "name",
  "type", "required", "params", "tools", "url", "method", "body", "headers", "queryParams", "responseMappings",
  "auth", "rcpVersion", "Host", "content-length", "Cookie", "Authorization", "api_key", "X Bad", "é", "0", "-1",
  "length", "schema", "style", "explode", "bodyEncoding", "items", "properties", "additionalProperties", "enum",
  "minimum", "maxLength", "a[b]"
]

// Values no manifest field should hold, as JSON text parsed afresh for each case (no case can
// change what another one uses). Objects whose own `toString` or `valueOf` is not a function are
// plain JSON too, and break any code that calls `String()` on what it was given.
const WEIRD_JSON = [
  "null", "true", "false", "0", "-1", "1.5", "1e308", "\"\"", "\"x\"", "\"0.1\"", "\"0.2\"", "\"GET\"", "\"get\"",
  "\"HEAD\"", "\"string\"", "\"int\"", "\"number\"", "\"http://evil.example/{{x}}\"", "\"https://{{host}}/x\"",
  "\"https://user:pw@api.example.com/\"", "\"https://api.example.com/a/../b\"", "\"https://api.example.com/%2e%2e/b\"",
  "\"https://api.example.com/a#frag\"", "\"https://api.example.com/a\\tb\"", "\"ftp://api.example.com/\"", "\"@a..b\"",
  "\"@__proto__.x\"", "[]", "{}", "{\"toString\":\"-\"}", "{\"valueOf\":1,\"toString\":2}", "[{\"toString\":\"-\"}]",
  "{\"__proto__\":{\"type\":\"string\"}}", "{\"constructor\":\"x\",\"hasOwnProperty\":1}",
  "\"array\"", "\"object\"", "\"integer\"", "\"tuple\"", "\"form\"", "\"multipart\"", "\"deepObject\"", "\"matrix\"",
  "{\"type\":\"array\"}", "{\"type\":\"object\"}", "{\"type\":\"null\"}", "{\"type\":\"object\",\"additionalProperties\":true}",
  "{\"type\":\"number\",\"exclusiveMinimum\":true}", "{\"type\":\"string\",\"minLength\":5,\"maxLength\":1}"
]

const weirdJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...WEIRD_JSON).map((text): unknown => JSON.parse(text)),
  fc.jsonValue({ maxDepth: 3 })
)

/** Every kind of JS value fast-check can make, not only JSON. */
const EXOTIC = {
  withBigInt: true,
  withBoxedValues: true,
  withDate: true,
  withMap: true,
  withSet: true,
  withNullPrototype: true,
  withObjectString: true,
  withSparseArray: true,
  withTypedArray: true,
  withUnicodeString: true
} as const

const weird: fc.Arbitrary<unknown> = fc.oneof(
  weirdJson,
  fc.constantFrom(-0, NaN, Infinity, -Infinity, undefined),
  fc.anything({ ...EXOTIC, maxDepth: 2 })
)

/**
 * Mutations carrying `values`; `json` keeps the result plain JSON (no cycles, no getters, and
 * nesting shallow enough for the recursive JSON.stringify).
 */
const mutations = (values: fc.Arbitrary<unknown>, json: boolean): fc.Arbitrary<Mutation> => {
  const ops: Array<fc.Arbitrary<Mutation>> = [
    fc.record({ op: fc.constant("drop" as const), at: fc.nat() }),
    fc.record({ op: fc.constant("retype" as const), at: fc.nat(), value: values }),
    fc.record({ op: fc.constant("duplicate" as const), at: fc.nat(), shared: fc.boolean() }),
    fc.record({ op: fc.constant("rename" as const), at: fc.nat(), to: fc.oneof(fc.constantFrom(...KEYS), fc.string()) }),
    fc.record({
      op: fc.constant("inject" as const),
      at: fc.nat(),
      how: fc.nat({ max: 3 }),
      placeholder: fc.constantFrom(...PLACEHOLDERS)
    }),
    fc.record({
      op: fc.constant("huge" as const),
      at: fc.nat(),
      unit: fc.constantFrom("a", "{{", "}}", "{{id}}", "{{x}}", "%2e", "/", "/{{id}}", "&a=1", "\u0000", "é", "@a."),
      length: fc.integer({ min: 1_000, max: 100_000 })
    }),
    fc.record({
      op: fc.constant("deep" as const),
      at: fc.nat(),
      depth: fc.integer({ min: 1, max: json ? 500 : 2_000 }),
      array: fc.boolean()
    }),
    fc.record({ op: fc.constant("proto" as const), at: fc.nat(), value: values })
  ]
  if (!json) {
    ops.push(
      fc.record({ op: fc.constant("cycle" as const), at: fc.nat(), up: fc.nat({ max: 6 }) }),
      fc.record({ op: fc.constant("throwing" as const), at: fc.nat() })
    )
  }
  return fc.oneof(...ops)
}

type Container = Record<string | number, unknown>

interface Node {
  readonly value: unknown
  readonly parent: Container | undefined
  readonly key: string | number | undefined
  readonly up: Node | undefined
}

const isContainer = (u: unknown): u is Container => typeof u === "object" && u !== null

/** Every node reachable from `root` (breadth-first, each container once, at most `limit`). */
const nodesOf = (root: unknown, limit = 5_000): Array<Node> => {
  const nodes: Array<Node> = [{ value: root, parent: undefined, key: undefined, up: undefined }]
  const seen = new Set<object>()
  for (let i = 0; i < nodes.length && nodes.length < limit; i++) {
    const node = nodes[i]!
    if (!isContainer(node.value) || seen.has(node.value)) continue
    seen.add(node.value)
    let keys: Array<string>
    try {
      keys = Object.keys(node.value)
    } catch {
      continue
    }
    for (const key of keys) {
      const descriptor = Object.getOwnPropertyDescriptor(node.value, key)
      if (descriptor === undefined || !("value" in descriptor)) continue
      const parent = node.value
      nodes.push({ value: descriptor.value, parent, key: Array.isArray(parent) ? Number(key) : key, up: node })
    }
  }
  return nodes
}

/** The container `levels` above a node's parent (or the root when there are fewer). */
const ancestor = (node: Node, levels: number): object => {
  let at = node.up!
  for (let i = 0; i < levels && at.up !== undefined; i++) at = at.up
  return at.value as object
}

/** Sets an own, enumerable property (a "__proto__" key stays a key); skips what cannot be redefined (typed arrays). */
const define = (target: Container, key: string | number, value: unknown): void => {
  try {
    Object.defineProperty(target, key, { value, enumerable: true, configurable: true, writable: true })
  } catch {
    // A typed array's index or a frozen object: leave it.
  }
}

const nest = (leaf: unknown, depth: number, array: boolean): unknown => {
  let value = leaf
  for (let i = 0; i < depth; i++) value = array ? [value] : { k: value }
  return value
}

const pick = <A>(items: ReadonlyArray<A>, at: number): A | undefined =>
  items.length === 0 ? undefined : items[at % items.length]

/** Applies one mutation in place; the root is always a container (the manifest object). */
const apply = (root: Container, m: Mutation): void => {
  const nodes = nodesOf(root)
  const inner = nodes.filter((n) => n.parent !== undefined)
  switch (m.op) {
    case "drop": {
      const n = pick(inner, m.at)
      if (n === undefined) return
      if (Array.isArray(n.parent)) n.parent.splice(n.key as number, 1)
      else Reflect.deleteProperty(n.parent!, n.key!)
      return
    }
    case "retype": {
      const n = pick(inner, m.at)
      if (n !== undefined) define(n.parent!, n.key!, copyOf(m.value))
      return
    }
    case "duplicate": {
      const n = pick(inner, m.at)
      if (n === undefined) return
      const copy = m.shared || !isContainer(n.value) ? n.value : structuredCloneSafe(n.value)
      if (Array.isArray(n.parent)) n.parent.push(copy)
      else define(n.parent!, `${String(n.key)}_copy`, copy)
      return
    }
    case "rename": {
      const n = pick(inner.filter((x) => !Array.isArray(x.parent)), m.at)
      if (n === undefined) return
      Reflect.deleteProperty(n.parent!, n.key!)
      define(n.parent!, m.to, n.value)
      return
    }
    case "inject": {
      const n = pick(inner.filter((x) => typeof x.value === "string"), m.at)
      if (n === undefined) return
      const s = n.value as string
      const half = Math.floor(s.length / 2)
      const injected = [
        m.placeholder,
        `${s}${m.placeholder}`,
        `${m.placeholder}${s}`,
        `${s.slice(0, half)}${m.placeholder}${s.slice(half)}`
      ][m.how]
      define(n.parent!, n.key!, injected)
      return
    }
    case "huge": {
      const n = pick(inner.filter((x) => typeof x.value === "string"), m.at)
      if (n === undefined) return
      define(n.parent!, n.key!, `${n.value as string}${m.unit.repeat(Math.ceil(m.length / m.unit.length))}`)
      return
    }
    case "deep": {
      const n = pick(inner, m.at)
      if (n !== undefined) define(n.parent!, n.key!, nest(n.value, m.depth, m.array))
      return
    }
    case "proto": {
      const n = pick(nodes.filter((x) => isContainer(x.value) && !Array.isArray(x.value)), m.at)
      if (n !== undefined) define(n.value as Container, "__proto__", copyOf(m.value))
      return
    }
    case "cycle": {
      const n = pick(inner, m.at)
      if (n !== undefined) define(n.parent!, n.key!, ancestor(n, m.up))
      return
    }
    case "throwing": {
      const n = pick(inner, m.at)
      if (n === undefined) return
      try {
        Object.defineProperty(n.parent!, n.key!, {
          enumerable: true,
          configurable: true,
          get: () => {
            throw new Error("a getter that throws")
          }
        })
      } catch {
        // Not redefinable: leave it.
      }
      return
    }
  }
}

/** A deep copy of JSON-ish data that keeps own `__proto__` keys as keys. */
const structuredCloneSafe = (u: unknown): unknown => {
  try {
    return JSON.parse(JSON.stringify(u))
  } catch {
    return u
  }
}

/**
 * A copy of plain arrays and objects (own keys, `__proto__` included, a null prototype kept), other
 * values as they are: a mutation never changes a generated value that fast-check may replay.
 */
const copyOf = (u: unknown, depth = 0): unknown => {
  if (typeof u !== "object" || u === null || depth > 64) return u
  if (Array.isArray(u)) return u.map((item) => copyOf(item, depth + 1))
  const proto: unknown = Object.getPrototypeOf(u)
  if (proto !== Object.prototype && proto !== null) return u
  const out = Object.create(proto as object | null) as Container
  for (const key of Object.keys(u)) define(out, key, copyOf((u as Container)[key], depth + 1))
  return out
}

const UNREADABLE = Symbol("unreadable")

/** The input's `tools`, or UNREADABLE when reading it throws (a mutation put a throwing getter there). */
const toolsOf = (input: unknown): unknown => {
  try {
    return typeof input === "object" && input !== null ? (input as { tools?: unknown }).tools : undefined
  } catch {
    return UNREADABLE
  }
}

/** The manifest with each mutation applied; one that trips over an earlier one (a throwing getter) is skipped. */
const mutate = (manifest: unknown, ms: ReadonlyArray<Mutation>): Container => {
  const root = JSON.parse(JSON.stringify(manifest)) as Container
  for (const m of ms) {
    try {
      apply(root, m)
    } catch {
      // e.g. splicing an array whose element is a getter that throws
    }
  }
  return root
}

const mutated = fc.tuple(validManifest, fc.array(mutations(weird, false), { minLength: 1, maxLength: 5 })).map(
  ([manifest, ms]) => mutate(manifest, ms)
)

// Plain JSON mutations, and the JSON text a server would actually serve.
const mutatedJsonText = fc.tuple(validManifest, fc.array(mutations(weirdJson, true), { minLength: 1, maxLength: 5 }))
  .map(([manifest, ms]) => JSON.stringify(mutate(manifest, ms)))

/** Objects with the manifest's field names and anything as their values. */
const FIELDS = ["name", "description", "method", "params", "url", "queryParams", "headers", "body", "responseMappings", "outputSchema", "tags"]
const PARAM_FIELDS = ["name", "type", "required", "description"]

const shaped = fc.record({
  rcpVersion: fc.oneof(fc.constant("0.1"), weird),
  auth: fc.oneof(
    weird,
    fc.record({ type: fc.constantFrom("none", "header", "query", "basic"), name: weird, scheme: weird }, {
      requiredKeys: ["type"]
    })
  ),
  tools: fc.oneof(
    weird,
    fc.array(
      fc.oneof(
        fc.dictionary(fc.constantFrom(...FIELDS), weird),
        fc.dictionary(
          fc.constantFrom(...FIELDS, "type", "required"),
          fc.oneof(weird, fc.array(fc.dictionary(fc.constantFrom(...PARAM_FIELDS), weird)))
        )
      ),
      { maxLength: 4 }
    )
  )
}, { requiredKeys: [] })

// ---------------------------------------------------------------------------------------------
// The properties
// ---------------------------------------------------------------------------------------------

describe("Manifest.decode (fuzz)", () => {
  it("valid manifests decode, and what decodes encodes and decodes again", async () => {
    const counts = await runProperty(validManifest, (m) => m, 1, true)
    assert.strictEqual(counts.decoded, RUNS, JSON.stringify(counts))
  }, TIMEOUT)

  it("mutated valid manifests: decoded or ManifestInvalid with paths, never a throw or a defect", async () => {
    const counts = await runProperty(mutated, (m) => m, 2, false)
    // The mutations are mostly breaking, but not all of them: both outcomes must be exercised.
    assert.isAbove(counts.rejected, RUNS / 2, JSON.stringify(counts))
    assert.isAbove(counts.decoded, RUNS / 50, JSON.stringify(counts))
  }, TIMEOUT)

  it("mutated manifests as served: JSON text, parsed and decoded", async () => {
    const counts = await runProperty(mutatedJsonText, (text) => JSON.parse(text), 3, true)
    assert.isAbove(counts.rejected, RUNS / 2, JSON.stringify(counts))
  }, TIMEOUT)

  it("mutated manifests as a client reads them at discovery (unreadable tools set aside): the same guarantees", async () => {
    await fc.assert(
      fc.asyncProperty(mutated, yielding((input: Container) => {
        const exit = Effect.runSyncExit(Effect.suspend(() => ManifestDecode.decodeReadable(input)))
        if (Exit.isSuccess(exit)) return
        check(!hasDefect(exit.cause), () => `a defect, not a typed failure: ${Cause.pretty(exit.cause)}`)
        const error = failureOf(exit.cause)
        check(error instanceof Manifest.ManifestInvalid && error.issues.length > 0, () => describeInput(input))
        // A problem of a tool that stays is reported at that tool's own index in the input.
        const tools = toolsOf(input)
        if (tools === UNREADABLE) return
        for (const issue of error!.issues) {
          if (issue.path[0] !== "tools" || typeof issue.path[1] !== "number") continue
          check(Array.isArray(tools) && issue.path[1] < tools.length, () => `an index past the tools: ${describeInput(issue)}`)
        }
      })),
      seeded(7, RUNS)
    )
  }, TIMEOUT)

  it("manifest-shaped objects with anything in their fields", async () => {
    await runProperty(shaped, (m) => m, 4, false)
  }, TIMEOUT)

  it("random JSON", async () => {
    await runProperty(fc.jsonValue(), (v) => v, 5, true)
  }, TIMEOUT)

  it("random JS values (Maps, Sets, Dates, bigints, boxed values, null prototypes, sparse arrays)", async () => {
    await runProperty(
      fc.anything(EXOTIC),
      (v) => v,
      6,
      false
    )
  }, TIMEOUT)
})

// ---------------------------------------------------------------------------------------------
// Linear time
// ---------------------------------------------------------------------------------------------

const KiB = 1024
const MiB = 1024 * KiB

const decode = (input: unknown): void => {
  Effect.runSyncExit(Manifest.decode(input))
}

const tool = (i: number, broken: boolean) => ({
  name: broken ? `tool ${i}!` : `tool_${i}`,
  description: broken ? "" : `Tool number ${i}: ${"does a thing. ".repeat(40)}`,
  method: broken ? "FETCH" : "POST",
  params: [
    { name: "id", type: broken ? "int" : "string" },
    { name: "limit", type: "number", required: false, description: "How many." },
    { name: broken ? "id" : "flag", type: "boolean", required: broken ? "yes" : false }
  ],
  url: broken
    ? `http://{{id}}.example.com/items/{{nope}}/..`
    : `https://api.example.com/v1/items/{{id}}?limit={{limit}}`,
  queryParams: { flag: "{{flag}}", static: "value" },
  headers: broken ? { Host: "x", "X-Id": "{{missing}}" } : { "X-Id": "id-{{id}}", Accept: "application/json" },
  body: broken ? { deep: "{{" } : { id: "{{id}}", nested: { items: [1, 2, "{{limit}}"], text: "about {{id}}" } },
  responseMappings: broken ? { x: "@a..b" } : { name: "@data.name", first: "@items[0]" }
})

const manifestOfTools = (count: number, broken: boolean) => ({
  rcpVersion: "0.1",
  auth: { type: "header", name: "Authorization", scheme: "Bearer" },
  tools: Array.from({ length: count }, (_, i) => tool(i, broken))
})

const oneTool = (patch: Record<string, unknown>) => ({
  rcpVersion: "0.1",
  tools: [{
    name: "big",
    description: "A big tool.",
    method: "POST",
    params: [{ name: "id", type: "string" }],
    url: "https://api.example.com/items/{{id}}",
    ...patch
  }]
})

/** Input builders by size in bytes (approximately; the test measures the real size). */
const SCENARIOS: ReadonlyArray<{ readonly label: string; readonly make: (bytes: number) => unknown }> = [
  // At least one tool: the smallest input of test/support/linear.ts (256 B) must not be an empty list.
  { label: "valid tools", make: (bytes) => manifestOfTools(Math.max(1, Math.round(bytes / 1_000)), false) },
  { label: "broken tools (many issues)", make: (bytes) => manifestOfTools(Math.max(1, Math.round(bytes / 520)), true) },
  { label: "one huge description", make: (bytes) => oneTool({ description: "d".repeat(bytes) }) },
  {
    label: "one huge url of placeholders",
    make: (bytes) => oneTool({ url: `https://api.example.com${"/{{id}}".repeat(bytes / 7)}` })
  },
  {
    label: "one huge body string of placeholders",
    make: (bytes) => oneTool({ body: { text: "{{id}} {{".repeat(bytes / 9) } })
  },
  {
    label: "many params (duplicates)",
    make: (bytes) =>
      oneTool({
        params: Array.from({ length: Math.round(bytes / 30) }, (_, i) => ({ name: `p${i % 5000}`, type: "string" }))
      })
  },
  {
    label: "array and object params with schemas at their limits (8 levels, 1,000 nodes)",
    make: (bytes) => ({
      rcpVersion: "0.2",
      tools: Array.from({ length: Math.max(1, Math.round(bytes / 40_000)) }, (_, i) => ({
        name: `bulk_${i}`,
        description: "Bulk.",
        method: "POST",
        params: [
          { name: "deep", type: "array", schema: nest8() },
          { name: "wide", type: "object", schema: { type: "object", properties: wideProperties(995), required: ["p0"] } }
        ],
        url: "https://api.example.com/bulk",
        body: { deep: "{{deep}}", wide: "{{wide}}" }
      }))
    })
  },
  {
    // Each schema is refused at its 1,001st node; the rest of it is not walked. (Many schemas rather
    // than one huge object: enumerating the keys of one object of 100,000 keys costs V8 n log n.)
    label: "schemas over their limits (each refused after 1,000 nodes)",
    make: (bytes) =>
      oneTool({
        params: Array.from({ length: Math.max(1, Math.round(bytes / 96_000)) }, (_, i) => ({
          name: `o${i}`,
          type: "object",
          schema: { type: "object", properties: wideProperties(3000) }
        }))
      })
  },
  {
    label: "a wide body at the depth limit",
    make: (bytes) => oneTool({ body: Array.from({ length: Math.round(bytes / 190) }, () => nest("{{id}}", 25, false)) })
  }
]

/** An array schema 8 levels deep (the limit), its leaves objects. */
const nest8 = (): Record<string, unknown> => {
  let node: Record<string, unknown> = { type: "object", properties: { a: { type: "string", maxLength: 10 } }, required: ["a"] }
  for (let i = 0; i < 7; i++) node = { type: "array", items: node, maxItems: 3 }
  return node
}

const wideProperties = (count: number): Record<string, unknown> =>
  Object.fromEntries(Array.from({ length: count }, (_, i) => [`p${i}`, { type: "integer", minimum: 0 }]))

describe("Manifest.decode: linear time", () => {
  for (const scenario of SCENARIOS) {
    it(`${scenario.label}: 4 times the input takes under ${MAX_RATIO} times as long (quadratic: 16), up to 1 MiB`, async () => {
      // The inputs really grow with the size asked for.
      const [small, large] = [256 * KiB, MiB].map((bytes) => JSON.stringify(scenario.make(bytes)).length)
      assert.isAbove(large!, 0.8 * MiB)
      assert.isAbove(large! / small!, 3.5)
      assert.isUndefined(await superLinearStep(scenario.make, decode), scenario.label)
    }, 120_000)
  }
})
