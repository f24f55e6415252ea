/**
 * The rules both transports share (docs/protocol.md §3.6), tested
 * directly: which redirects are followed and how the request changes, when the guard refuses a
 * literal address, how a declared length is read, and what a failed exchange is reported as.
 * (test/transport/execute.test.ts shows them over real sockets.)
 */
import { assert, describe, it } from "../support/effectVitest.js"
import { BodyBuffer } from "../../src/internal/transport/bodyBuffer.js"
import { NONE, type Outgoing } from "../../src/internal/transport/outgoing.js"
import * as PrivateNetwork from "../../src/internal/transport/privateNetwork.js"
import * as Transport from "../../src/internal/transport/rules.js"

const options = (overrides: Partial<Transport.SendOptions> = {}): Transport.SendOptions => ({
  target: "tool \"get_thing\" (https://api.example/things/{{id}})",
  timeoutMs: 1000,
  maxBytes: 100,
  maxRedirects: 3,
  credential: NONE,
  blockPrivateNetworks: false,
  ...overrides
})

const post: Outgoing = {
  method: "POST",
  url: new URL("https://api.example/things/1?x=1"),
  headers: { "content-type": "application/json", accept: "application/json", "x-tag": "t" },
  body: "{\"a\":1}"
}
const as = (method: string): Outgoing => ({ ...post, method })

const follow = (result: Transport.Next): Outgoing => {
  if (result._tag !== "Follow") return assert.fail(`expected Follow, got ${result._tag}`)
  return result.request
}
const failure = (result: Transport.Next) => {
  if (result._tag !== "Fail") return assert.fail(`expected Fail, got ${result._tag}`)
  return result.error
}

describe("which responses are redirects", () => {
  it("301, 302, 303, 307 and 308 with a Location are followed", () => {
    for (const status of [301, 302, 303, 307, 308]) {
      assert.strictEqual(Transport.next(post, status, "/b", 0, options())._tag, "Follow", String(status))
    }
  })

  it("other statuses are the answer, even with a Location", () => {
    for (const status of [200, 201, 204, 300, 304, 305, 306, 309, 400, 500]) {
      assert.deepStrictEqual(Transport.next(post, status, "/b", 0, options()), { _tag: "Done" }, String(status))
    }
  })

  it("a redirect without a Location is the answer", () => {
    assert.deepStrictEqual(Transport.next(post, 302, undefined, 0, options()), { _tag: "Done" })
  })
})

describe("where a redirect goes", () => {
  it("a Location is resolved against the current URL, and its fragment is dropped", () => {
    assert.strictEqual(follow(Transport.next(post, 307, "/other?y=2#frag", 0, options())).url.href, "https://api.example/other?y=2")
    assert.strictEqual(follow(Transport.next(post, 307, "sibling", 0, options())).url.href, "https://api.example/things/sibling")
    assert.strictEqual(follow(Transport.next(post, 307, "https://API.example:443/x", 0, options())).url.href, "https://api.example/x")
  })

  const crossOrigin: ReadonlyArray<readonly [string, string]> = [
    ["https://evil.example/x", "https://evil.example"],
    ["//evil.example/x", "https://evil.example"],
    ["http://api.example/x", "http://api.example"],
    ["https://api.example:8443/x", "https://api.example:8443"],
    ["https://sub.api.example/x", "https://sub.api.example"],
    ["data:text/plain,hi", "data:"],
    ["javascript:alert(1)", "javascript:"]
  ]
  for (const [location, named] of crossOrigin) {
    it(`a redirect to ${location} leaves the origin and is refused, naming ${named}`, () => {
      const error = failure(Transport.next(post, 302, location, 0, options()))
      assert.deepStrictEqual<object>({ ...error }, {
        _tag: "RedirectRefused",
        target: options().target,
        status: 302,
        origin: "https://api.example",
        location: named
      })
    })
  }

  it("a Location that is not a URL fails the request, naming only the origin it came from", () => {
    const error = failure(Transport.next(post, 301, "https://h:99999/secret", 0, options()))
    assert.strictEqual(error._tag, "TransportError")
    assert.strictEqual(error.message, `${options().target}: invalid redirect Location from https://api.example`)
  })
})

describe("how many redirects", () => {
  it("up to maxRedirects are followed; one more fails with the limit named", () => {
    assert.strictEqual(Transport.next(post, 307, "/b", 2, options({ maxRedirects: 3 }))._tag, "Follow")
    const error = failure(Transport.next(post, 307, "/b", 3, options({ maxRedirects: 3 })))
    assert.strictEqual(error._tag, "TooManyRedirects")
    assert.strictEqual(error.message, `${options().target}: more than 3 redirects`)
  })

  it("with maxRedirects 0 the first redirect fails", () => {
    assert.strictEqual(failure(Transport.next(post, 307, "/b", 0, options({ maxRedirects: 0 })))._tag, "TooManyRedirects")
  })

  it("a cross-origin redirect is refused as such, whatever the count", () => {
    assert.strictEqual(failure(Transport.next(post, 307, "https://evil.example/", 9, options()))._tag, "RedirectRefused")
  })
})

describe("what the redirected request is", () => {
  const to = (out: Outgoing, status: number) => follow(Transport.next(out, status, "/b", 0, options()))
  const asGet = { method: "GET", headers: { accept: "application/json", "x-tag": "t" }, body: undefined }

  it("303 turns any method but HEAD into a GET without body or Content-Type", () => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE", "GET"]) {
      const out = to(as(method), 303)
      assert.deepStrictEqual({ method: out.method, headers: out.headers, body: out.body }, asGet, method)
      assert.strictEqual(out.url.href, "https://api.example/b")
    }
    const head = to(as("HEAD"), 303)
    assert.strictEqual(head.method, "HEAD")
  })

  it("301 and 302 turn a POST into a GET, as browsers do; other methods are kept with their body", () => {
    for (const status of [301, 302]) {
      const out = to(post, status)
      assert.deepStrictEqual({ method: out.method, headers: out.headers, body: out.body }, asGet, String(status))
      for (const method of ["PUT", "PATCH", "DELETE"]) {
        const kept = to(as(method), status)
        assert.deepStrictEqual({ ...kept, url: kept.url.href }, { ...as(method), url: "https://api.example/b" })
      }
    }
  })

  it("307 and 308 keep the method, the headers and the body", () => {
    for (const status of [307, 308]) {
      const out = to(post, status)
      assert.deepStrictEqual({ ...out, url: out.url.href }, { ...post, url: "https://api.example/b" })
    }
  })

  it("the request that was redirected is left as it was", () => {
    to(post, 303)
    assert.strictEqual(post.url.href, "https://api.example/things/1?x=1")
    assert.strictEqual(post.headers["content-type"], "application/json")
  })
})

describe("literal addresses under blockPrivateNetworks", () => {
  const on = options({ blockPrivateNetworks: true })

  it("a literal internal address is refused before connecting, naming the host", () => {
    for (const host of ["127.0.0.1", "10.0.0.1", "[::1]", "169.254.169.254"]) {
      const error = Transport.blockedHost(new URL(`https://${host}/x`), on)
      assert.strictEqual(error?._tag, "BlockedAddress", host)
      assert.strictEqual(error?.host, host)
      assert.strictEqual(error?.target, on.target)
    }
  })

  it("public literals and names pass here (names are checked where they resolve)", () => {
    for (const host of ["8.8.8.8", "[2606:4700::1111]", "localhost", "api.example"]) {
      assert.isUndefined(Transport.blockedHost(new URL(`https://${host}/x`), on), host)
    }
  })

  it("with the guard off nothing is refused", () => {
    assert.isUndefined(Transport.blockedHost(new URL("https://127.0.0.1/x"), options()))
  })
})

describe("limits", () => {
  it("a declared length is a plain decimal number of bytes, else unknown", () => {
    assert.strictEqual(Transport.declaredLength("0"), 0)
    assert.strictEqual(Transport.declaredLength("1234"), 1234)
    assert.strictEqual(Transport.declaredLength("007"), 7)
    for (const value of [undefined, "", "-1", "1.5", " 12", "12 ", "1e3", "0x10", "12, 12", "+5", "a12", "12a"]) {
      assert.isUndefined(Transport.declaredLength(value), JSON.stringify(value))
    }
  })

  it("the cap and the timeout errors name the request and the limit", () => {
    assert.strictEqual(
      Transport.tooLarge(options()).message,
      `${options().target}: the response is larger than 100 bytes; the rest was not read`
    )
    assert.strictEqual(
      Transport.timeout(options()).message,
      `${options().target}: no complete response within 1000 ms; the request was aborted`
    )
  })

  it("chunks are joined in order, past the first allocation, and copied rather than kept", () => {
    const buffer = new BodyBuffer(100, 2)
    const one = new Uint8Array([1, 2])
    for (const chunk of [one, new Uint8Array([3]), new Uint8Array([4, 5])]) assert.isTrue(buffer.push(chunk))
    one[0] = 9
    assert.deepStrictEqual(buffer.result(), new Uint8Array([1, 2, 3, 4, 5]))
    assert.strictEqual(buffer.total, 5)
    assert.deepStrictEqual(new BodyBuffer(100).result(), new Uint8Array(0))
  })

  it("a chunk that would cross the cap is refused; up to the cap is kept", () => {
    const buffer = new BodyBuffer(3)
    assert.isTrue(buffer.push(new Uint8Array([1, 2, 3])))
    assert.isFalse(buffer.push(new Uint8Array([4])))
    assert.deepStrictEqual(buffer.result(), new Uint8Array([1, 2, 3]))
  })
})

describe("what a failed exchange is reported as", () => {
  const url = new URL("https://api.example/things/secret-value?key=tok")
  const reason = (cause: unknown, phase: "connect" | "body" = "connect") => {
    const error = Transport.failure(phase, cause, url, options())
    assert.strictEqual(error._tag, "TransportError")
    return error._tag === "TransportError" ? error.reason : ""
  }
  const coded = (code: unknown, cause?: unknown) => Object.assign(new Error(`failed at ${url.href}`), { code, cause })

  it("socket error codes become a short reason naming only the origin", () => {
    assert.strictEqual(reason(coded("ECONNREFUSED")), "connection refused (https://api.example)")
    assert.strictEqual(reason(coded("ECONNRESET")), "connection reset (https://api.example)")
    assert.strictEqual(reason(coded("UND_ERR_SOCKET")), "connection reset (https://api.example)")
    assert.strictEqual(reason(coded("ENOTFOUND")), "host not found (https://api.example)")
    assert.strictEqual(reason(coded("EAI_AGAIN")), "host not found (https://api.example)")
    assert.strictEqual(reason(coded("ETIMEDOUT")), "connection timed out (https://api.example)")
    assert.strictEqual(reason(coded("EPIPE")), "the request failed (EPIPE) (https://api.example)")
    assert.strictEqual(reason(coded("UND_ERR_CLOSED")), "the request failed (UND_ERR_CLOSED) (https://api.example)")
    assert.strictEqual(reason(new Error(url.href)), "the request failed (https://api.example)")
    assert.strictEqual(reason(coded(42)), "the request failed (https://api.example)")
    assert.strictEqual(reason("not an object"), "the request failed (https://api.example)")
  })

  it("the system code (E…) is preferred to a library code anywhere in the cause chain", () => {
    assert.strictEqual(reason(coded("UND_ERR_CONNECT", coded("ECONNREFUSED"))), "connection refused (https://api.example)")
    assert.strictEqual(reason(coded("UND_ERR_X", coded("UND_ERR_SOCKET"))), "the request failed (UND_ERR_X) (https://api.example)")
    assert.strictEqual(reason({ cause: { cause: { code: "ENOTFOUND" } } }), "host not found (https://api.example)")
  })

  it("a cause of null ends the chain; the codes before it still count", () => {
    assert.strictEqual(reason(coded("ECONNREFUSED", null)), "connection refused (https://api.example)")
  })

  it("causes are followed five levels deep, no further", () => {
    const chain = (depth: number): unknown => {
      let cause: unknown = { code: "ECONNREFUSED" }
      for (let i = 0; i < depth; i++) cause = { cause }
      return cause
    }
    assert.strictEqual(reason(chain(4)), "connection refused (https://api.example)")
    assert.strictEqual(reason(chain(5)), "the request failed (https://api.example)")
  })

  it("a blocked lookup anywhere in the chain is a BlockedAddress naming the host", () => {
    const error = Transport.failure("connect", coded("UND_ERR_CONNECT", coded(PrivateNetwork.BLOCKED_CODE)), url, options())
    assert.deepStrictEqual<object>({ ...error }, { _tag: "BlockedAddress", target: options().target, host: "api.example" })
    assert.strictEqual(Transport.failure("body", coded(PrivateNetwork.BLOCKED_CODE), url, options())._tag, "BlockedAddress")
  })

  it("a failure while reading the body says so, whatever the code", () => {
    assert.strictEqual(
      reason(coded("ECONNRESET"), "body"),
      "the connection to https://api.example broke while reading the response"
    )
  })

  it("nothing from the cause's message, the path or the query reaches the reason", () => {
    for (const code of ["ECONNREFUSED", "EPIPE", undefined]) {
      const text = reason(coded(code))
      assert.notInclude(text, "secret-value")
      assert.notInclude(text, "tok")
    }
  })
})
