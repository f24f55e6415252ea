/**
 * The HTTP bridge's host and origin rule (issue #29, class 5), without a server: which addresses a
 * bridge listens on, how `Host` and `--allowed-host` are read, and which requests are served. The
 * end-to-end half (a real `rcp mcp --http` bound to 127.0.0.2 and 0.0.0.0, a malformed target, a
 * fuzz of targets and headers) is in packages/cli/test/mcp.test.ts. This file is what the
 * mutation run of `hostGuard.ts` uses: nothing of the module runs while the file is collected, so
 * that a mutant which throws fails a test instead of the collection (Stryker saw no failing test
 * there, and called 41 such mutants survivors in a first run).
 */
import { assert, describe, it } from "../../../test/support/effectVitest.js"
import * as fc from "fast-check"
import { seeded } from "../../../test/support/property.js"
import * as Guard from "../src/internal/hostGuard.js"

const interfaces = {
  lo: [{ address: "127.0.0.1", family: "IPv4" }, { address: "::1", family: "IPv6" }],
  eth0: [{ address: "192.168.1.20", family: "IPv4" }, { address: "FE80::1", family: 6 }],
  down: undefined
}

const HOST_REFUSED = { status: 403, message: "Forbidden: the Host header does not name this server." } as const
const ORIGIN_REFUSED = { status: 403, message: "Forbidden: the Origin header is not this server's." } as const

describe("listenedAddresses: where a server actually listens", () => {
  it("a specific address is itself, lower case and without brackets", () => {
    assert.deepStrictEqual(Guard.listenedAddresses("127.0.0.2", interfaces), ["127.0.0.2"])
    assert.deepStrictEqual(Guard.listenedAddresses("[FE80::2]", interfaces), ["fe80::2"])
    assert.deepStrictEqual(Guard.listenedAddresses("::1", interfaces), ["::1"])
    // Ending in zeros or colons is not being unspecified; a lone bracket is not a bracketed address.
    assert.deepStrictEqual(Guard.listenedAddresses("192.168.1.10", interfaces), ["192.168.1.10"])
    assert.deepStrictEqual(Guard.listenedAddresses("10.0.0.0", interfaces), ["10.0.0.0"])
    assert.deepStrictEqual(Guard.listenedAddresses("[::1", interfaces), ["[::1"])
    assert.deepStrictEqual(Guard.listenedAddresses("::1]", interfaces), ["::1]"])
  })

  it("0.0.0.0 is every interface's IPv4 address; :: in any spelling every address", () => {
    assert.deepStrictEqual(Guard.listenedAddresses("0.0.0.0", interfaces), ["127.0.0.1", "192.168.1.20"])
    const all = ["127.0.0.1", "::1", "192.168.1.20", "fe80::1"]
    assert.deepStrictEqual(Guard.listenedAddresses("::", interfaces), all)
    assert.deepStrictEqual(Guard.listenedAddresses("0:0:0:0:0:0:0:0", interfaces), all)
    assert.deepStrictEqual(Guard.listenedAddresses("[::]", interfaces), all)
  })

  it("an address two interfaces share is listed once", () => {
    assert.deepStrictEqual(
      Guard.listenedAddresses("0.0.0.0", { a: [{ address: "10.0.0.1", family: "IPv4" }], b: [{ address: "10.0.0.1", family: 4 }] }),
      ["10.0.0.1"]
    )
  })
})

describe("parseHost: HOST or HOST:PORT as Host headers and --allowed-host spell it", () => {
  it("names, IPv4 and bracketed IPv6, with or without a port, lower-cased", () => {
    assert.deepStrictEqual(Guard.parseHost("127.0.0.1:8080"), { host: "127.0.0.1", port: 8080 })
    assert.deepStrictEqual(Guard.parseHost("LocalHost"), { host: "localhost", port: undefined })
    assert.deepStrictEqual(Guard.parseHost("[::1]:80"), { host: "::1", port: 80 })
    assert.deepStrictEqual(Guard.parseHost("[FE80::A]"), { host: "fe80::a", port: undefined })
    assert.deepStrictEqual(Guard.parseHost("[::ffff:127.0.0.1]:1"), { host: "::ffff:127.0.0.1", port: 1 })
    assert.deepStrictEqual(Guard.parseHost("mcp.example-1_x.com:0"), { host: "mcp.example-1_x.com", port: 0 })
    assert.deepStrictEqual(Guard.parseHost("h:65535"), { host: "h", port: 65535 })
    assert.deepStrictEqual(Guard.parseHost("h:00080"), { host: "h", port: 80 })
  })

  it("anything else is not a host", () => {
    for (
      const text of [
        "",
        ":80",
        "::1",
        "[::1",
        "[::1]:",
        "[::1]80",
        "[::1]:x",
        "[]",
        "[]:80",
        "[1.2.3.4]",
        "[::g]",
        "[::1%25eth0]",
        "h:",
        "h:65536",
        "h:123456",
        "h:+1",
        "h:-1",
        "h: 80",
        "h:80 ",
        "h:8x",
        "h:80:80",
        "a b",
        "a/b",
        "a@b",
        "évil",
        "h\r\nx"
      ]
    ) assert.isUndefined(Guard.parseHost(text), JSON.stringify(text))
  })
})

describe("allowedHosts: the addresses listened on, localhost for loopback, the explicit names", () => {
  it("each address with the port; localhost only beside a loopback address", () => {
    assert.deepStrictEqual(Guard.allowedHosts(["127.0.0.1"], 7), [{ host: "127.0.0.1", port: 7 }, { host: "localhost", port: 7 }])
    assert.deepStrictEqual(Guard.allowedHosts(["::1"], 7), [{ host: "::1", port: 7 }, { host: "localhost", port: 7 }])
    assert.deepStrictEqual(Guard.allowedHosts(["[FE80::1]", "127.0.0.2"], 7), [{ host: "fe80::1", port: 7 }, { host: "127.0.0.2", port: 7 }])
    assert.deepStrictEqual(Guard.allowedHosts([], 7), [])
  })

  it("explicit names: HOST for any port, HOST:PORT for one; anything else a TypeError naming it", () => {
    assert.deepStrictEqual(Guard.allowedHosts([], 7, ["MCP.example.com", "[::2]:9"]), [
      { host: "mcp.example.com", port: undefined },
      { host: "::2", port: 9 }
    ])
    assert.throws(
      () => Guard.allowedHosts([], 7, ["http://x"]),
      TypeError,
      `allowed host "http://x" is not HOST or HOST:PORT (IPv6 in brackets)`
    )
    assert.throws(() => Guard.allowedHosts([], 7, ["x".repeat(100) + " "]), `allowed host "${"x".repeat(80)}" is not`)
  })
})

describe("check: which requests a bridge serves", () => {
  // Built inside each test, never while the file is collected: a mutant that makes it throw must
  // fail a test, not the file's collection (which Stryker counts as no test failing: "survived").
  const guard = (headers: Guard.RequestHeaders) =>
    Guard.requestGuard({ address: { address: "0.0.0.0", port: 3000 }, allowedHosts: ["mcp.example.com", "proxy.example:8443"], interfaces })(headers)

  it("Host: an address listened on with its port, localhost, an explicit name", () => {
    for (const host of ["127.0.0.1:3000", "192.168.1.20:3000", "LOCALHOST:3000", "mcp.example.com", "mcp.example.com:1", "proxy.example:8443"]) {
      assert.isUndefined(guard({ host }), host)
    }
  })

  it("Host: absent, malformed, another name, another port, an address not listened on — refused", () => {
    for (
      const host of [undefined, "", "//[", "evil.example:3000", "127.0.0.1:3001", "127.0.0.1", "[::1]:3000", "[fe80::1]:3000", "proxy.example", "proxy.example:8444", "10.0.0.1:3000"]
    ) assert.deepStrictEqual(guard({ host }), HOST_REFUSED, String(host))
  })

  it("a Host without a port means port 80", () => {
    const on80 = Guard.requestGuard({ address: { address: "127.0.0.2", port: 80 }, interfaces })
    assert.isUndefined(on80({ host: "127.0.0.2" }))
    assert.isUndefined(on80({ host: "127.0.0.2:80" }))
    assert.deepStrictEqual(on80({ host: "localhost" }), HOST_REFUSED)
    assert.deepStrictEqual(on80({ host: "127.0.0.1" }), HOST_REFUSED)
  })

  it("Origin: absent, not from a browser, or http or https to an allowed host; null, foreign and malformed refused", () => {
    const host = "127.0.0.1:3000"
    for (
      const origin of [undefined, "http://127.0.0.1:3000", "HTTP://localhost:3000", "https://mcp.example.com", "http://mcp.example.com", "https://proxy.example:8443"]
    ) assert.isUndefined(guard({ host, origin }), String(origin))
    for (
      const origin of [
        "null",
        "",
        "http://evil.example",
        "http://127.0.0.1:3001",
        "http://127.0.0.1",
        "https://127.0.0.1:3000x",
        "https://proxy.example",
        "http://proxy.example:8443/",
        "http://127.0.0.1:3000/path",
        "http://user@127.0.0.1:3000",
        "ftp://127.0.0.1:3000",
        "file://",
        "http://127.0.0.1:3000?x",
        "http://127.0.0.1:3000#x",
        " http://127.0.0.1:3000",
        "http:127.0.0.1:3000",
        "http://[::1]:3000",
        "https://mcp.example.com.evil.example"
      ]
    ) assert.deepStrictEqual(guard({ host, origin }), ORIGIN_REFUSED, origin)
  })

  it("an https Origin without a port is port 443, an http one port 80", () => {
    const g = Guard.check([{ host: "a", port: 443 }, { host: "b", port: 80 }, { host: "c", port: 1 }])
    assert.isUndefined(g({ host: "c:1", origin: "https://a" }))
    assert.isUndefined(g({ host: "c:1", origin: "http://b" }))
    assert.deepStrictEqual(g({ host: "c:1", origin: "http://a" }), ORIGIN_REFUSED)
    assert.deepStrictEqual(g({ host: "c:1", origin: "https://b" }), ORIGIN_REFUSED)
  })

  it("property: for any Host and Origin the guard answers without throwing, and serves only what WHATWG URL reads as an allowed host", () => {
    const allowed = Guard.allowedHosts(["127.0.0.1", "::1"], 3000, ["name.example"])
    const g = Guard.check(allowed)
    const piece = fc.constantFrom("127.0.0.1", "localhost", "[::1]", "::1", "name.example", "NAME.example", "evil", "[", "]", ":", "3000", ":3000", ":80", "//", "@", "%", ".", " ", "\t", "null")
    const text = fc.oneof(
      fc.array(piece, { maxLength: 5 }).map((parts) => parts.join("")),
      // Near misses of what is served, so that both answers are common.
      fc.tuple(fc.constantFrom("127.0.0.1", "localhost", "[::1]", "name.example", "Name.Example"), fc.constantFrom(":3000", "", ":80", ":3001", ".", "]")).map(([h, p]) => h + p)
    )
    const origin = fc.option(fc.tuple(fc.constantFrom("http://", "https://", "HTTP://", "", "ftp://"), text).map(([scheme, rest]) => scheme + rest), { nil: undefined })
    const readAs = (url: string) => {
      try {
        const parsed = new URL(url)
        const port = parsed.port === "" ? (parsed.protocol === "https:" ? 443 : 80) : Number(parsed.port)
        return { host: parsed.hostname.replace(/^\[|\]$/g, ""), port }
      } catch {
        return undefined
      }
    }
    const isAllowed = (read: { host: string; port: number } | undefined) =>
      read !== undefined && allowed.some((entry) => entry.host === read.host && (entry.port === undefined || entry.port === read.port))
    let served = 0
    fc.assert(
      fc.property(fc.option(text, { nil: undefined }), origin, (host, origin) => {
        const answer = g({ host, origin })
        if (answer === undefined) served++
        if (answer !== undefined) return assert.oneOf(answer.message, [HOST_REFUSED.message, ORIGIN_REFUSED.message])
        // Served: the Host is one WHATWG URL reads as an allowed host…
        assert.isTrue(host !== undefined && isAllowed(readAs(`http://${host}/`)), `served Host ${JSON.stringify(host)}`)
        // …and the Origin, when sent, is an origin (nothing after the host) of an allowed host.
        if (origin !== undefined) {
          const read = readAs(origin)
          assert.isTrue(isAllowed(read) && /^https?:$/.test(new URL(origin).protocol), `served Origin ${JSON.stringify(origin)}`)
        }
      }),
      seeded(2901, 3000)
    )
    assert.isAbove(served, 100)
  })
})
