/**
 * The safety rule of several APIs (docs/protocol.md §3.5), as a property: over random
 * sequences of discover (with or without a credential of its own, trusted origins, a prefix),
 * forget and execute across three real servers on three loopback origins, no server ever receives
 * a credential it was not given for — and each call has exactly the outcome the rule predicts.
 *
 * The oracle below is written from the rule's statement, not from the client's code: it keeps its
 * own record of what the operator named, and what each origin may therefore receive.
 * `RCP_PROPERTY_RUNS=2000 npx vitest run test/client/several-apis.property.test.ts` for a deeper run.
 */
import { assert, describe, it } from "../support/effectVitest.js"
import * as Effect from "effect/Effect"
import * as fc from "fast-check"
import * as Client from "../../src/Client.js"
import { bearer } from "../support/execute.js"
import { either } from "../support/either.js"
import { json, type TestServer, testServer } from "../support/server.js"
import { TRANSPORTS } from "../support/transports.js"
import { propertyRuns, seeded } from "../support/property.js"

const RUNS = propertyRuns(100)
const SERVERS = [0, 1, 2] as const
type Index = 0 | 1 | 2

const CLIENT_FIXED = "CLIENT-FIXED"
/** What the client-wide credential function answers for an origin: a token for that origin only. */
const forOrigin = (origin: string) => `FN@${origin}`

type ClientCredential = "none" | "fixed" | "function"

type Op =
  | {
    readonly op: "discover"
    readonly server: Index
    readonly own: boolean
    readonly trusted: ReadonlyArray<Index>
    readonly prefix: boolean
  }
  | { readonly op: "forget"; readonly server: Index }
  | { readonly op: "execute"; readonly server: Index; readonly target: Index }

const index = fc.constantFrom<Index>(0, 1, 2)
const subset = fc.subarray<Index>([0, 1, 2])

const opArbitrary: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant("discover" as const),
      server: index,
      own: fc.boolean(),
      trusted: subset,
      prefix: fc.boolean()
    })
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant("forget" as const), server: index }) },
  { weight: 5, arbitrary: fc.record({ op: fc.constant("execute" as const), server: index, target: index }) }
)

interface Case {
  readonly credential: ClientCredential
  readonly trusted: ReadonlyArray<Index>
  readonly ops: ReadonlyArray<Op>
}

const caseArbitrary: fc.Arbitrary<Case> = fc.record({
  credential: fc.constantFrom<ClientCredential>("none", "fixed", "function"),
  trusted: subset,
  ops: fc.array(opArbitrary, { minLength: 2, maxLength: 14 })
})

/** Server `i` publishes one tool per server `j`, `s{i}_to{j}`, calling `j`'s origin. */
const manifestOf = (i: number, origins: ReadonlyArray<string>) => ({
  rcpVersion: "0.1",
  auth: bearer,
  tools: SERVERS.map((j) => ({
    name: `s${i}_to${j}`,
    description: `Calls server ${j}.`,
    method: "GET",
    params: [],
    url: `${origins[j]}/hit/${i}`
  }))
})

/** The oracle's record of one discovered API: what the operator gave it. */
interface Named {
  readonly token: string | undefined
  readonly trusted: ReadonlySet<number>
  readonly prefix: string
}

describe("several APIs (property): no server receives a credential it was not given for", () => {
  for (const [label, layer] of TRANSPORTS) {
    it.scopedLive(`${label}: random discover/forget/execute sequences over three origins`, () =>
      Effect.gen(function*() {
        const servers: Array<TestServer> = []
        for (const i of SERVERS) {
          servers.push(
            yield* testServer((req, res) =>
              req.path === "/rcp/manifest"
                ? json(res, 200, manifestOf(i, servers.map((s) => s.origin)))
                : json(res, 200, { ok: true })
            )
          )
        }
        const origins = servers.map((s) => s.origin)
        let runs = 0
        const outcomes = new Map<string, number>()

        const check = (input: Case) => {
          for (const server of servers) server.requests.splice(0)
          const clientTrusted = new Set<number>(input.trusted)
          const options: Client.Options = {
            retry: { retries: 0 },
            trustedOrigins: input.trusted.map((i) => origins[i]!),
            ...(input.credential === "fixed"
              ? { credential: CLIENT_FIXED }
              : input.credential === "function"
              ? { credential: ({ origin }) => forOrigin(origin) }
              : {})
          }
          // What each server may receive: every token the operator named it for, ever.
          const givenFor = SERVERS.map((j) => new Set<string>([forOrigin(origins[j]!)]))
          for (const j of clientTrusted) givenFor[j]!.add(CLIENT_FIXED)
          const named = new Map<number, Named>()
          // The client-wide fixed credential's one home: the first API that needed it.
          let home: number | undefined
          let serial = 0

          const program = Effect.gen(function*() {
            for (const [step, op] of input.ops.entries()) {
              const where = `step ${step} ${JSON.stringify(op)}`
              if (op.op === "discover") {
                const token = op.own ? `API-${op.server}-${serial++}` : undefined
                const prefix = op.prefix ? "x_" : ""
                const trusted = op.trusted.map((j) => origins[j]!)
                const url = servers[op.server]!.url("/rcp/manifest")
                yield* Client.discover(url, { credential: token, trustedOrigins: trusted, prefix })
                named.set(op.server, { token, trusted: new Set(op.trusted), prefix })
                const reach = [op.server, ...op.trusted, ...clientTrusted]
                if (token !== undefined) for (const j of reach) givenFor[j]!.add(token)
                if (token === undefined && input.credential === "fixed") {
                  home ??= op.server
                  if (home === op.server) for (const j of [op.server, ...op.trusted]) givenFor[j]!.add(CLIENT_FIXED)
                }
              } else if (op.op === "forget") {
                const forgotten = yield* Client.forget(servers[op.server]!.url("/rcp/manifest"))
                assert.strictEqual(forgotten, named.delete(op.server), where)
              } else {
                const api = named.get(op.server)
                const target = servers[op.target]!
                const before = target.requests.length
                const out = yield* either(
                  Client.execute({ name: `${api?.prefix ?? ""}s${op.server}_to${op.target}`, arguments: {} })
                )
                const expected = ((): { readonly tag: string; readonly auth?: string } => {
                  if (api === undefined) return { tag: "ToolNotFound" }
                  const mayCall = op.target === op.server || clientTrusted.has(op.target) || api.trusted.has(op.target)
                  if (!mayCall) return { tag: "UntrustedOrigin" }
                  if (api.token !== undefined) return { tag: "Right", auth: api.token }
                  if (input.credential === "function") return { tag: "Right", auth: forOrigin(origins[op.target]!) }
                  if (input.credential === "fixed" && (home === op.server || clientTrusted.has(op.target))) {
                    return { tag: "Right", auth: CLIENT_FIXED }
                  }
                  return { tag: "CredentialMissing" }
                })()
                assert.strictEqual(out._tag === "Left" ? out.left._tag : "Right", expected.tag, where)
                const kind = expected.auth !== undefined
                  ? expected.auth.split(/[-@]/)[0]!
                  : expected.tag === "CredentialMissing"
                  ? `${expected.tag} (client-wide: ${input.credential})`
                  : expected.tag
                outcomes.set(kind, (outcomes.get(kind) ?? 0) + 1)
                if (expected.auth === undefined) {
                  assert.strictEqual(target.requests.length, before, `${where}: a refused call reached a server`)
                } else {
                  assert.strictEqual(target.requests.length, before + 1, where)
                  assert.strictEqual(target.requests[before]!.headers.authorization, `Bearer ${expected.auth}`, where)
                }
              }
              // The invariant, after every step, over everything every server has received.
              for (const j of SERVERS) {
                for (const request of servers[j]!.requests) {
                  const auth = request.headers.authorization
                  if (request.path === "/rcp/manifest") {
                    assert.strictEqual(auth, undefined, `${where}: discovery sent a credential to server ${j}`)
                  } else {
                    assert.isTrue(
                      auth !== undefined && givenFor[j]!.has(auth.replace(/^Bearer /, "")),
                      `${where}: server ${j} received a credential it was not given for`
                    )
                  }
                }
              }
            }
          })
          runs++
          return Effect.runPromise(Effect.scoped(Effect.provide(program, layer(options))).pipe(Effect.orDie))
        }

        yield* Effect.promise(() => fc.assert(fc.asyncProperty(caseArbitrary, check), seeded(1, RUNS)))
        assert.isAtLeast(runs, RUNS)
        // The generator reaches every branch of the rule: each refusal, and each kind of credential sent.
        assert.deepStrictEqual(
          [...outcomes.keys()].sort(),
          [
            "API",
            "CLIENT",
            "CredentialMissing (client-wide: fixed)",
            "CredentialMissing (client-wide: none)",
            "FN",
            "ToolNotFound",
            "UntrustedOrigin"
          ],
          JSON.stringify([...outcomes])
        )
      }), 120_000)
  }
})
