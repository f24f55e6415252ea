/**
 * The manifest's `oauth2` auth (docs/protocol.md §10.1): its shape (the Schema) and its rules
 * (`check`), one rule broken per case, each with its exact path and message.
 *
 * On both targets (docs/effect4.md §Tests): the rules' messages are the same on each. The public
 * Schema `Manifest.AuthOAuth2` is each Effect's own, and so are its messages (the protocol's come
 * from the plain check, test/manifest/shape.test.ts): the shape cases name both, `byTarget`.
 */
import { schemaIssues, target } from "#test-target"
import * as Result from "#target/Result.js"
import * as Manifest from "../../src/Manifest.js"
import * as OAuth2 from "../../src/internal/manifest/oauth2.js"
import { assert, describe, it } from "../support/effectVitest.js"

const good = {
  type: "oauth2",
  flows: ["authorization_code", "client_credentials"],
  tokenUrl: "https://auth.example.com/oauth/token",
  authorizationUrl: "https://auth.example.com/oauth/authorize",
  revocationUrl: "https://auth.example.com/oauth/revoke",
  issuer: "https://auth.example.com",
  scopes: ["openid", "offline_access", "orders:read"],
  resource: "https://shop.example.com/api/"
}

const decode = (input: unknown) => schemaIssues(Manifest.AuthOAuth2, input, "ignore")
const shapeIssues = (input: unknown) => {
  const decoded = decode(input)
  return decoded._tag === "Ok" ? [] : decoded.issues.map((issue) => [issue.path.join("."), issue.message])
}

/** The public Schema's own message on each Effect (not a protocol message: those are the plain check's). */
const byTarget = (effect3: string, effect4: string): string => (target === "effect3" ? effect3 : effect4)

describe("the oauth2 auth: shape", () => {
  it("a complete auth decodes as it is, unknown fields dropped (§8)", () => {
    assert.deepStrictEqual(decode({ ...good, extension: true }), { _tag: "Ok", value: good })
    assert.deepStrictEqual(OAuth2.check(good), [])
  })

  it("the least an auth needs: one flow and a token endpoint", () => {
    const least = { type: "oauth2", flows: ["client_credentials"], tokenUrl: "https://auth.example.com/token" }
    assert.deepStrictEqual(shapeIssues(least), [])
    assert.deepStrictEqual(OAuth2.check(least), [])
  })

  it("wrong shapes are reported with their paths", () => {
    assert.deepStrictEqual(shapeIssues({ type: "oauth2", flows: [], tokenUrl: "https://a.example/t" }), [
      ["flows", byTarget("Expected an array of at least 1 item(s), actual []", "Expected a value with a length of at least 1")]
    ])
    assert.deepStrictEqual(shapeIssues({ type: "oauth2", flows: ["implicit"], tokenUrl: "https://a.example/t" }), [
      ["flows.0", byTarget(
        "expected \"client_credentials\" | \"authorization_code\", got \"implicit\"",
        "expected \"client_credentials\" | \"authorization_code\""
      )]
    ])
    assert.deepStrictEqual(shapeIssues({ type: "oauth2", flows: ["client_credentials"] }).map(([path]) => path), ["tokenUrl"])
    assert.deepStrictEqual(
      shapeIssues({ type: "oauth2", flows: ["client_credentials"], tokenUrl: "https://a.example/t", scopes: "repo" }).map(([path]) => path),
      ["scopes"]
    )
  })
})

/** A token URL exactly `length` characters long. */
const atLength = (length: number): string => {
  const prefix = "https://auth.example.com/"
  return prefix + "a".repeat(length - prefix.length)
}

describe("the oauth2 auth: rules (check)", () => {
  const cases: ReadonlyArray<readonly [string, Record<string, unknown>, ReadonlyArray<readonly [string, string]>]> = [
    ["plain http to a host that is not loopback", { tokenUrl: "http://auth.example.com/token" }, [[
      "auth.tokenUrl",
      "plain http: is allowed only to loopback hosts (use https:, or a client that allows http)"
    ]]],
    ["a scheme that is not http(s)", { authorizationUrl: "ftp://auth.example.com/a" }, [["auth.authorizationUrl", "must be an https: URL"]]],
    ["user info", { tokenUrl: "https://me:pw@auth.example.com/token" }, [["auth.tokenUrl", "must not contain user info"]]],
    ["a fragment", { revocationUrl: "https://auth.example.com/revoke#x" }, [["auth.revocationUrl", "must not contain a fragment"]]],
    ["a placeholder", { tokenUrl: "https://auth.example.com/{{tenant}}/token" }, [[
      "auth.tokenUrl",
      "must be a literal URL (no placeholders)"
    ]]],
    ["a relative URL", { tokenUrl: "/oauth/token" }, [["auth.tokenUrl", "is not an absolute URL"]]],
    ["a backslash", { tokenUrl: "https://auth.example.com\\@evil.example/token" }, [[
      "auth.tokenUrl",
      "contains a space, a control character or a backslash"
    ]]],
    ["a tab (parsers drop it)", { tokenUrl: "https://auth.example.com/to\tken" }, [[
      "auth.tokenUrl",
      "contains a space, a control character or a backslash"
    ]]],
    ["an issuer with a query", { issuer: "https://auth.example.com/?tenant=1" }, [["auth.issuer", "must not contain a query"]]],
    ["a resource with a fragment (RFC 8707 §2)", { resource: "https://shop.example.com/api/#v1" }, [[
      "auth.resource",
      "must not contain a fragment"
    ]]],
    ["the authorization code flow without an authorization endpoint", { authorizationUrl: undefined }, [[
      "auth.authorizationUrl",
      "is required by the authorization_code flow (where the user signs in)"
    ]]],
    ["a flow named twice", { flows: ["client_credentials", "authorization_code", "client_credentials"] }, [[
      "auth.flows.2",
      "duplicate flow \"client_credentials\" (also flows[0])"
    ]]],
    ["a scope with a space (it would be two)", { scopes: ["orders:read orders:write"] }, [[
      "auth.scopes.0",
      "\"orders:read orders:write\" is not a scope (printable ASCII without spaces, quotes or backslashes)"
    ]]],
    ["a scope named twice", { scopes: ["a", "b", "a"] }, [["auth.scopes.2", "duplicate scope \"a\" (also scopes[0])"]]],
    ["openid without an issuer", { issuer: undefined }, [[
      "auth.issuer",
      "is required when scopes include \"openid\" (the ID token is checked against it)"
    ]]],
    ["a URL over 16 KiB", { tokenUrl: `https://auth.example.com/${"a".repeat(16 * 1024)}` }, [[
      "auth.tokenUrl",
      "is longer than 16384 characters"
    ]]],
    // One character over the limit; exactly at it is fine (below).
    ["a URL one character over 16 KiB", { tokenUrl: atLength(16 * 1024 + 1) }, [["auth.tokenUrl", "is longer than 16384 characters"]]],
    // User info in each form a parser reads it: a name alone, a password alone, and an "@" it drops.
    ["a user name alone", { tokenUrl: "https://me@auth.example.com/token" }, [["auth.tokenUrl", "must not contain user info"]]],
    ["a password alone", { tokenUrl: "https://:pw@auth.example.com/token" }, [["auth.tokenUrl", "must not contain user info"]]],
    ["an empty user info (the parser drops the @)", { tokenUrl: "https://@auth.example.com/token" }, [[
      "auth.tokenUrl",
      "must not contain user info"
    ]]],
    // What the Schema reports is not reported twice: empty strings and values of the wrong type.
    ["an empty URL (the shape's to report)", { revocationUrl: "", issuer: "", scopes: ["orders:read"] }, []],
    ["a flow of the wrong type twice (the shape's to report)", { flows: [1, 1] }, []],
    ["a scope of the wrong type twice (the shape's to report)", { scopes: [5, 5] }, []]
  ]
  for (const [name, change, expected] of cases) {
    it(name, () => {
      const auth: Record<string, unknown> = { ...good, ...change }
      for (const key of Object.keys(change)) if (change[key] === undefined) delete auth[key]
      assert.deepStrictEqual(
        OAuth2.check(auth).map((issue) => [issue.path.join("."), issue.message]),
        expected.map(([path, message]) => [path, message])
      )
    })
  }

  it("what is allowed: a URL of exactly 16 KiB, an @ after the host, a query on every URL but the issuer", () => {
    assert.deepStrictEqual(OAuth2.check({ ...good, tokenUrl: atLength(16 * 1024) }), [])
    assert.deepStrictEqual(OAuth2.check({ ...good, tokenUrl: "https://auth.example.com/t@x/token" }), [])
    assert.deepStrictEqual(OAuth2.check({ ...good, tokenUrl: "https://auth.example.com/token?tenant=1" }), [])
  })

  it("a tool of an oauth2 manifest may not set the Authorization header the token goes in (§1.7)", () => {
    const checked = Manifest.validate({
      rcpVersion: "0.1",
      auth: good,
      tools: [{
        name: "t",
        description: "d",
        method: "GET",
        params: [],
        url: "https://shop.example.com/api/orders",
        headers: { authorization: "Bearer other" }
      }]
    })
    assert.isTrue(Result.isFailure(checked))
    if (Result.isFailure(checked)) {
      assert.deepStrictEqual(Result.failureOf(checked).map((issue) => issue.path.join(".")), ["tools.0.headers.authorization"])
    }
  })

  it("plain http is fine to loopback, and anywhere with allowHttp", () => {
    assert.deepStrictEqual(OAuth2.check({ ...good, tokenUrl: "http://127.0.0.1:8080/token" }), [])
    assert.deepStrictEqual(OAuth2.check({ ...good, tokenUrl: "http://auth.internal/token" }, { allowHttp: true }), [])
  })

  it("every problem at once, each with its path", () => {
    const issues = OAuth2.check({
      ...good,
      tokenUrl: "http://auth.example.com/t",
      issuer: undefined,
      authorizationUrl: undefined,
      scopes: ["openid", "openid"]
    })
    assert.deepStrictEqual(issues.map((issue) => issue.path.join(".")), [
      "auth.tokenUrl",
      "auth.authorizationUrl",
      "auth.scopes.1",
      "auth.issuer"
    ])
  })
})
