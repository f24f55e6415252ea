/**
 * The private-network address rules (docs/protocol.md §3.6, "Private networks"), at their edges: the first
 * and last address of each refused range and their public neighbours, and exactly which IPv6 forms
 * are read as carrying an IPv4 address; every spelling of one; the guarded lookup, over a synchronous
 * and an asynchronous resolver. (test/client/blockPrivateNetworks.test.ts shows the guard end to end.)
 */
import * as Effects from "#target/Effects.js"
import { assert, describe, it } from "../support/effectVitest.js"
import * as Effect from "effect/Effect"
import type * as dns from "node:dns"
import * as PrivateNetwork from "../../src/internal/transport/privateNetwork.js"
import { scriptedResolver } from "../support/network.js"

const assertBlocked = (addresses: ReadonlyArray<string>) => {
  for (const address of addresses) assert.isTrue(PrivateNetwork.isBlockedAddress(address), `${address} must be blocked`)
}
const assertAllowed = (addresses: ReadonlyArray<string>) => {
  for (const address of addresses) assert.isFalse(PrivateNetwork.isBlockedAddress(address), `${address} must be allowed`)
}

// [first, last] of each refused IPv4 range, and the public addresses just outside it.
const IPV4_RANGES: ReadonlyArray<readonly [name: string, inside: ReadonlyArray<string>, outside: ReadonlyArray<string>]> = [
  ["0.0.0.0/8 (this network)", ["0.0.0.0", "0.255.255.255"], ["1.0.0.0"]],
  ["10.0.0.0/8", ["10.0.0.0", "10.255.255.255"], ["9.255.255.255", "11.0.0.0"]],
  ["100.64.0.0/10 (carrier-grade NAT)", ["100.64.0.0", "100.127.255.255"], ["100.63.255.255", "100.128.0.0"]],
  ["127.0.0.0/8", ["127.0.0.0", "127.255.255.255"], ["126.255.255.255", "128.0.0.0"]],
  ["169.254.0.0/16 (link-local, metadata)", ["169.254.0.0", "169.254.255.255"], ["169.253.255.255", "169.255.0.0"]],
  ["172.16.0.0/12", ["172.16.0.0", "172.31.255.255"], ["172.15.255.255", "172.32.0.0"]],
  ["192.0.0.0/24", ["192.0.0.0", "192.0.0.255"], ["191.255.255.255", "192.0.1.0"]],
  ["192.0.2.0/24", ["192.0.2.0", "192.0.2.255"], ["192.0.1.255", "192.0.3.0"]],
  ["192.88.99.0/24", ["192.88.99.0", "192.88.99.255"], ["192.88.98.255", "192.88.100.0"]],
  ["192.168.0.0/16", ["192.168.0.0", "192.168.255.255"], ["192.167.255.255", "192.169.0.0"]],
  ["198.18.0.0/15", ["198.18.0.0", "198.19.255.255"], ["198.17.255.255", "198.20.0.0"]],
  ["198.51.100.0/24", ["198.51.100.0", "198.51.100.255"], ["198.51.99.255", "198.51.101.0"]],
  ["203.0.113.0/24", ["203.0.113.0", "203.0.113.255"], ["203.0.112.255", "203.0.114.0"]],
  ["224.0.0.0/4 (multicast) and 240.0.0.0/4", ["224.0.0.0", "239.255.255.255", "240.0.0.0", "255.255.255.255"], [
    "223.255.255.255"
  ]]
]

const IPV6_RANGES: ReadonlyArray<readonly [name: string, inside: ReadonlyArray<string>, outside: ReadonlyArray<string>]> = [
  ["the unspecified address and loopback", ["::", "::1"], ["::1:0:0:0:0"]],
  ["::/96 (IPv4-compatible)", ["::2", "::ffff", "::8.8.8.8", "::ffff:ffff"], ["::1:0:0", "::1:0:0:0"]],
  ["64:ff9b:1::/48 (local-use NAT64)", ["64:ff9b:1::", "64:ff9b:1:ffff:ffff:ffff:ffff:ffff"], ["64:ff9b:2::808:808"]],
  ["100::/64 (discard)", ["100::", "100::ffff:ffff:ffff:ffff"], ["100:0:0:1::"]],
  ["2001:db8::/32 (documentation)", ["2001:db8::", "2001:db8:ffff:ffff:ffff:ffff:ffff:ffff"], ["2001:db9::", "2001:db7::1"]],
  ["fc00::/7 (unique-local)", ["fc00::", "fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff"], ["fbff::1", "fe00::1"]],
  ["fe80::/10 (link-local)", ["fe80::", "febf::1"], ["fe7f::1"]],
  ["fec0::/10 (site-local)", ["fec0::", "feff::1"], []],
  ["ff00::/8 (multicast)", ["ff00::", "ffff::1"], ["2606:4700::1"]]
]

describe("refused address ranges, at their edges", () => {
  for (const [name, inside, outside] of [...IPV4_RANGES, ...IPV6_RANGES]) {
    it(`${name}: every address inside is refused, its neighbours are not`, () => {
      assertBlocked(inside)
      assertAllowed(outside)
    })
  }

  it("brackets around an IPv6 literal are read as the URL host form", () => {
    assertBlocked(["[::1]", "[fd00::1]", "[::ffff:127.0.0.1]"])
    assertAllowed(["[2606:4700::1111]"])
  })

  it("a half-bracketed or non-IP host is not an address (names are judged by what they resolve to)", () => {
    assertAllowed(["[::1", "::1]", "x::1]", "[[::1]]", "localhost", "127.0.0.1.nip.io", "0x7f000001", "2130706433", ""])
  })
})

describe("IPv4 carried inside IPv6", () => {
  it("IPv4-mapped ::ffff:a.b.c.d is judged by its IPv4 address, in every spelling", () => {
    assertBlocked(["::ffff:192.168.1.1", "::ffff:c0a8:101", "0:0:0:0:0:ffff:c0a8:0101", "::FFFF:C0A8:101", "::ffff:100.64.0.1"])
    assertAllowed(["::ffff:193.168.1.1", "::ffff:c1a8:101", "::ffff:172.32.0.1", "::ffff:ac20:1", "::ffff:100.128.0.1"])
  })

  it("IPv4-translated ::ffff:0:a.b.c.d is judged by its IPv4 address", () => {
    assertBlocked(["::ffff:0:10.0.0.1", "::ffff:0:a00:1", "0:0:0:0:ffff:0:7f00:1"])
    assertAllowed(["::ffff:0:8.8.8.8", "::ffff:0:808:808"])
  })

  it("NAT64 64:ff9b::/96 is judged by its IPv4 address; neighbouring prefixes carry none", () => {
    assertBlocked(["64:ff9b::10.0.0.1", "64:FF9B::c0a8:101", "64:ff9b::192.168.1.1", "64:ff9b::169.254.169.254"])
    assertAllowed([
      "64:ff9b::8.8.8.8",
      "64:ff9b::93.184.216.34",
      "64:ff9a::7f00:1",
      "65:ff9b::7f00:1",
      "64:ff9b:2::7f00:1",
      "64:ff9b:0:1::7f00:1",
      "64:ff9b::1:0:7f00:1",
      "64:ff9b::1:7f00:1"
    ])
  })

  it("6to4 2002:aabb:ccdd:: is judged by the IPv4 address in its second and third groups", () => {
    assertBlocked(["2002:a00:1::", "2002:c0a8:101:1::1", "2002:a9fe:a9fe::"])
    // 8.8.10.0 is public; the same groups in the other order (10.0.8.8) would not be.
    assertAllowed(["2002:808:a00::", "2002:808:808:a00:1::", "2003:7f00:1::", "2001:7f00:1::"])
  })

  it("only an all-zero prefix makes ::ffff: forms mapped or translated", () => {
    assertAllowed([
      "1::ffff:7f00:1",
      "0:1::ffff:7f00:1",
      "0:0:1::ffff:7f00:1",
      "0:0:0:1:0:ffff:7f00:1",
      "0:0:0:0:1:ffff:7f00:1",
      "1::ffff:0:7f00:1",
      "0:0:0:1:ffff:0:7f00:1",
      "::ffff:1:7f00:1",
      "::fffe:7f00:1",
      "::fffe:0:7f00:1"
    ])
  })

  it("a zone index is ignored when reading the embedded address", () => {
    assertBlocked(["::ffff:127.0.0.1%eth0", "::ffff:7f00:1%1", "fe80::1%lo", "64:ff9b::127.0.0.1%eth0", "2002:a00:1::%eth0"])
    assertAllowed(["::ffff:8.8.8.8%eth0", "64:ff9b::93.184.216.34%eth0", "2002:808:808::%eth0"])
  })
})

describe("the guarded lookup", () => {
  type Call = { readonly hostname: string; readonly options: dns.LookupAllOptions }

  const fixed = (addresses: ReadonlyArray<dns.LookupAddress>) => {
    const calls: Array<Call> = []
    const base: PrivateNetwork.BaseLookup = (hostname, options, callback) => {
      calls.push({ hostname, options })
      callback(null, [...addresses])
    }
    return { base, calls }
  }

  type Answer = readonly [error: NodeJS.ErrnoException | null, address: unknown, family: number | undefined]

  /** Every answer the lookup gave (exactly one, synchronously, with these resolvers). */
  const lookup = (lookup: PrivateNetwork.Lookup, options: dns.LookupOptions): Array<Answer> => {
    const results: Array<Answer> = []
    lookup("api.example", options, (error, address, family) => results.push([error, address, family]))
    return results
  }
  const answer = (guarded: PrivateNetwork.Lookup, options: dns.LookupOptions): Answer => {
    const results = lookup(guarded, options)
    assert.strictEqual(results.length, 1)
    return results[0]!
  }

  it("asks the resolver for every address, keeping the caller's other options", () => {
    const { base, calls } = fixed([{ address: "8.8.8.8", family: 4 }])
    lookup(PrivateNetwork.makeGuardedLookup(base), { family: 4, hints: 0 })
    assert.deepStrictEqual(calls, [{ hostname: "api.example", options: { family: 4, hints: 0, all: true } }])
  })

  it("with one address asked for, answers the first address and its family", () => {
    const { base } = fixed([{ address: "2606:4700::1111", family: 6 }, { address: "8.8.8.8", family: 4 }])
    assert.deepStrictEqual(lookup(PrivateNetwork.makeGuardedLookup(base), {}), [[null, "2606:4700::1111", 6]])
    assert.deepStrictEqual(lookup(PrivateNetwork.makeGuardedLookup(base), { all: false }), [[null, "2606:4700::1111", 6]])
  })

  it("a blocked answer is refused with an error naming the host, never the address, and no address", () => {
    const { base } = fixed([{ address: "8.8.8.8", family: 4 }, { address: "10.1.2.3", family: 4 }])
    const [error, address, family] = answer(PrivateNetwork.makeGuardedLookup(base), { all: true })
    assert.strictEqual(error?.code, PrivateNetwork.BLOCKED_CODE)
    assert.strictEqual(PrivateNetwork.BLOCKED_CODE, "ERR_RCP_BLOCKED_ADDRESS")
    assert.strictEqual(error?.message, "api.example resolves to a blocked address")
    assert.deepStrictEqual(address, [])
    assert.isUndefined(family)
  })

  it("the policy is a parameter: what it admits passes, what it refuses does not", () => {
    const { base } = fixed([{ address: "127.0.0.2", family: 4 }])
    const admitting = (a: string) => a !== "127.0.0.2" && PrivateNetwork.isBlockedAddress(a)
    assert.deepStrictEqual(lookup(PrivateNetwork.makeGuardedLookup(base, admitting), {}), [[null, "127.0.0.2", 4]])
    const refusingAll = () => true
    const { base: publicBase } = fixed([{ address: "8.8.8.8", family: 4 }])
    const [error] = answer(PrivateNetwork.makeGuardedLookup(publicBase, refusingAll), {})
    assert.strictEqual(error?.code, PrivateNetwork.BLOCKED_CODE)
  })

  it("no answer is ENOTFOUND naming the host; a resolver error is passed on as it is", () => {
    const [none, noneAddress] = answer(PrivateNetwork.makeGuardedLookup(fixed([]).base), {})
    assert.strictEqual(none?.code, "ENOTFOUND")
    assert.strictEqual(none?.message, "api.example has no address")
    assert.deepStrictEqual(noneAddress, [])
    const failure = Object.assign(new Error("getaddrinfo EAI_AGAIN"), { code: "EAI_AGAIN" })
    const failing: PrivateNetwork.BaseLookup = (_h, _o, callback) => callback(failure, [])
    const [error, address] = answer(PrivateNetwork.makeGuardedLookup(failing), {})
    assert.strictEqual(error, failure)
    assert.deepStrictEqual(address, [])
  })

  it("with every address asked for and none given, the empty list is the answer", () => {
    assert.deepStrictEqual(lookup(PrivateNetwork.makeGuardedLookup(fixed([]).base), { all: true }), [[null, [], undefined]])
  })
})

// ---------------------------------------------------------------------------------------------
// From the end-to-end suite of the guard (test/client/blockPrivateNetworks.test.ts): every spelling
// of an internal address, and the lookup over an asynchronous resolver.

describe("isBlockedAddress: every spelling", () => {
  const blocked = [
    "127.0.0.1",
    "127.255.255.255",
    "0.0.0.0",
    "0.1.2.3",
    "10.0.0.0",
    "10.255.255.255",
    "100.64.0.0",
    "100.127.255.255",
    "169.254.0.1",
    "169.254.169.254",
    "172.16.0.0",
    "172.31.255.255",
    "192.0.0.8",
    "192.0.2.1",
    "192.168.0.1",
    "198.18.0.1",
    "198.51.100.7",
    "203.0.113.9",
    "224.0.0.1",
    "240.0.0.1",
    "255.255.255.255",
    "::",
    "::1",
    "[::1]",
    "0:0:0:0:0:0:0:1",
    "::127.0.0.1",
    "::ffff:127.0.0.1",
    "::FFFF:127.0.0.1",
    "::ffff:7f00:1",
    "0:0:0:0:0:ffff:7f00:1",
    "0:0:0:0:0:ffff:127.0.0.1",
    "::ffff:a9fe:a9fe",
    "::ffff:10.0.0.1",
    "::ffff:0:7f00:1",
    "64:ff9b::7f00:1",
    "64:ff9b::127.0.0.1",
    "64:ff9b:0:0:0:0:7f00:1",
    "64:ff9b::a9fe:a9fe",
    "64:ff9b::a00:1",
    "64:ff9b:1::808:808",
    "2002:7f00:1::",
    "2002:7f00::1",
    "2002:a00::",
    "2002:a9fe:a9fe::1",
    "2002:c0a8:101::",
    "100::1",
    "2001:db8::1",
    "fc00::1",
    "fd00::1",
    "FD12:3456::1",
    "fe80::1",
    "fe80::1%eth0",
    "fec0::1",
    "ff02::1"
  ]
  const allowed = [
    "8.8.8.8",
    "1.1.1.1",
    "93.184.216.34",
    "172.15.255.255",
    "172.32.0.1",
    "100.63.255.255",
    "100.128.0.1",
    "11.0.0.1",
    "2606:4700::1111",
    "2001:4860:4860::8888",
    "[2606:4700::1111]",
    "::ffff:8.8.8.8",
    "::ffff:808:808",
    "64:ff9b::808:808",
    "64:ff9b::1.1.1.1",
    "2002:808:808::1",
    // Not IP literals: names are judged by what they resolve to, in the lookup.
    "localhost",
    "example.com",
    ""
  ]

  it("refuses internal addresses in every spelling", () => {
    for (const address of blocked) assert.isTrue(PrivateNetwork.isBlockedAddress(address), address)
  })

  it("admits public addresses, including public IPv4 inside IPv4-mapped, NAT64 and 6to4 forms", () => {
    for (const address of allowed) assert.isFalse(PrivateNetwork.isBlockedAddress(address), address)
  })
})

describe("the guarded lookup, over an asynchronous resolver", () => {
  type Outcome =
    | { readonly error: NodeJS.ErrnoException }
    | { readonly address: string | Array<dns.LookupAddress>; readonly family: number | undefined }

  const run = (base: PrivateNetwork.BaseLookup, options: dns.LookupOptions = {}) =>
    Effects.callback<Outcome, never>((resume) =>
      PrivateNetwork.makeGuardedLookup(base)("api.example", options, (error, address, family) =>
        resume(Effect.succeed(error === null ? { address, family } : { error })))
    )

  const answering = (...addresses: ReadonlyArray<string>): PrivateNetwork.BaseLookup => (_h, _o, callback) =>
    setImmediate(() => callback(null, addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }))))

  const refusedCode = (outcome: Outcome) => ("error" in outcome ? outcome.error.code : undefined)

  it.effect("public answers pass: the first one, or all with `all: true` (the accept path)", () =>
    Effect.gen(function*() {
      const base = answering("93.184.216.34", "2606:4700::1111")
      assert.deepStrictEqual(yield* run(base), { address: "93.184.216.34", family: 4 })
      assert.deepStrictEqual(yield* run(base, { all: true }), {
        address: [{ address: "93.184.216.34", family: 4 }, { address: "2606:4700::1111", family: 6 }],
        family: undefined
      })
    }))

  it.effect("refused when ANY answer is blocked (first, last, or IPv6 only)", () =>
    Effect.gen(function*() {
      for (
        const answers of [
          ["127.0.0.1"],
          ["8.8.8.8", "10.0.0.1"],
          ["169.254.169.254", "8.8.8.8"],
          ["2606:4700::1111", "::1"],
          ["8.8.8.8", "::ffff:7f00:1"],
          ["fd00::1"]
        ]
      ) {
        for (const all of [false, true]) {
          const outcome = yield* run(answering(...answers), { all })
          assert.strictEqual(refusedCode(outcome), PrivateNetwork.BLOCKED_CODE, `${answers.join(", ")} all=${all}`)
          if ("error" in outcome) assert.strictEqual(outcome.error.message, "api.example resolves to a blocked address")
        }
      }
    }))

  it.effect("each lookup is checked on its own: public, then 127.0.0.1 → the second is refused", () =>
    Effect.gen(function*() {
      const resolver = scriptedResolver(["93.184.216.34", "127.0.0.1"])
      const first = yield* run(resolver.lookup)
      const second = yield* run(resolver.lookup)
      assert.deepStrictEqual(first, { address: "93.184.216.34", family: 4 })
      assert.strictEqual(refusedCode(second), PrivateNetwork.BLOCKED_CODE)
      assert.strictEqual(resolver.asked.length, 2)
    }))

  it.effect("resolver errors pass through; no answer at all is ENOTFOUND", () =>
    Effect.gen(function*() {
      const failing: PrivateNetwork.BaseLookup = (_h, _o, callback) =>
        setImmediate(() => callback(Object.assign(new Error("getaddrinfo EAI_AGAIN"), { code: "EAI_AGAIN" }), []))
      assert.strictEqual(refusedCode(yield* run(failing)), "EAI_AGAIN")
      assert.strictEqual(refusedCode(yield* run(answering())), "ENOTFOUND")
    }))

  it.effect("the production guardedLookup refuses `localhost` through the real resolver (hosts file)", () =>
    Effect.gen(function*() {
      const outcome = yield* Effects.callback<Outcome, never>((resume) =>
        PrivateNetwork.guardedLookup("localhost", {}, (error, address, family) =>
          resume(Effect.succeed(error === null ? { address, family } : { error })))
      )
      assert.strictEqual(refusedCode(outcome), PrivateNetwork.BLOCKED_CODE)
    }))
})
