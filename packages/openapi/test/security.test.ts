/**
 * docs/openapi.md §Security, OAuth 2: `oauth2` schemes (3.x and 2.0) and `openIdConnect` schemes
 * mapped to the manifest's `oauth2` auth. The OpenID Connect discovery is read from a real
 * server — oidc-provider on 127.0.0.1 — and, for what a hostile or broken one does, from plain HTTP
 * servers whose received requests are asserted. The imported manifest is then used end to end: a
 * client with an oauth registration gets a token from oidc-provider and calls the API with it.
 */
import { afterAll, assert, beforeAll, describe, it } from "../../../test/support/effectVitest.js"
import * as Effect from "effect/Effect"
import * as Client from "rcp-sdk/client"
import * as Lock from "rcp-sdk/lock"
import * as Manifest from "rcp-sdk/manifest"
import { startOAuthWorld, type OAuthWorld } from "../../../test/support/oidcProvider.js"
import { json, startServer, type TestServer } from "../../../test/support/server.js"
import * as OpenApi from "../src/OpenApi.js"
import { importSpec, messages, op, spec3 } from "./support.js"

const withSchemes = (
  schemes: Record<string, unknown>,
  security: Array<Record<string, Array<string>>>,
  paths: Record<string, unknown> = { "/a": { get: op() } }
) => spec3(paths, { components: { securitySchemes: schemes }, security })

const BEARER = { type: "header", name: "Authorization", scheme: "Bearer" } as const

const run = <A, E>(effect: Effect.Effect<A, E>) => Effect.runPromise(effect)

describe("§Security: oauth2 schemes", () => {
  it("client credentials and authorization code on one token URL: both flows, the URLs, every requirement's scopes", async () => {
    const doc = withSchemes(
      {
        oauth: {
          type: "oauth2",
          flows: {
            clientCredentials: { tokenUrl: "https://auth.example.com/token", scopes: { "read": "", "write": "" } },
            authorizationCode: {
              authorizationUrl: "https://auth.example.com/authorize",
              tokenUrl: "https://auth.example.com/token",
              scopes: { "read": "", "write": "", "admin": "" }
            }
          }
        }
      },
      [{ oauth: ["read"] }],
      { "/a": { get: op({ operationId: "a" }), post: op({ operationId: "b", security: [{ oauth: ["write", "read"] }] }) } }
    )
    const { manifest, warnings } = await run(importSpec(doc))
    assert.deepStrictEqual(manifest.auth, {
      type: "oauth2",
      flows: ["authorization_code", "client_credentials"],
      tokenUrl: "https://auth.example.com/token",
      authorizationUrl: "https://auth.example.com/authorize",
      scopes: ["read", "write"]
    })
    assert.deepStrictEqual(messages(warnings), [])
    // What the import gives always decodes (docs/openapi.md §Result).
    assert.deepStrictEqual(Manifest.issuesOf(manifest), [])
  })

  it("relative token and authorization URLs resolve against the server the tools point at", async () => {
    const doc = spec3({ "/a": { get: op() } }, {
      servers: [{ url: "https://api.example.com/v2/" }],
      components: {
        securitySchemes: {
          o: { type: "oauth2", flows: { authorizationCode: { authorizationUrl: "../oauth/authorize", tokenUrl: "/oauth/token", scopes: {} } } }
        }
      },
      security: [{ o: [] }]
    })
    const { manifest } = await run(importSpec(doc))
    assert.deepStrictEqual(manifest.auth, {
      type: "oauth2",
      flows: ["authorization_code"],
      tokenUrl: "https://api.example.com/oauth/token",
      authorizationUrl: "https://api.example.com/oauth/authorize"
    })
  })

  it("implicit and password flows are left out with a note; a scheme with only those maps to the bearer header", async () => {
    const both = await run(importSpec(withSchemes({
      o: {
        type: "oauth2",
        flows: {
          implicit: { authorizationUrl: "https://auth.example.com/authorize", scopes: {} },
          password: { tokenUrl: "https://auth.example.com/token", scopes: {} },
          clientCredentials: { tokenUrl: "https://auth.example.com/token", scopes: {} }
        }
      }
    }, [{ o: [] }])))
    assert.deepStrictEqual(both.manifest.auth, { type: "oauth2", flows: ["client_credentials"], tokenUrl: "https://auth.example.com/token" })
    assert.deepStrictEqual(messages(both.warnings), [
      "\"o\": the implicit flow is left out (it returns the token in a redirect; the client runs the authorization code flow with PKCE instead)",
      "\"o\": the password flow is left out (it hands the user's password to the client; the client never asks for one)"
    ])

    const only = await run(importSpec(withSchemes({
      o: { type: "oauth2", flows: { implicit: { authorizationUrl: "https://auth.example.com/authorize", scopes: {} } } }
    }, [{ o: [] }])))
    // An OAuth 2 token always goes as the bearer: the application obtains it itself.
    assert.deepStrictEqual(only.manifest.auth, BEARER)
    assert.deepStrictEqual(messages(only.warnings), [
      "OAuth 2 (o) cannot be described as the manifest's oauth2 auth (\"o\" is oauth2 with no client credentials or authorization " +
      "code flow the client can run): calls send the credential as a bearer token (Authorization: Bearer), which the application obtains itself"
    ])
  })

  it("a requirement naming two OAuth 2 schemes at once (Google's implicit and authorization code pair): one bearer token, the first scheme that maps", async () => {
    const google = {
      Oauth2: { type: "oauth2", flows: { implicit: { authorizationUrl: "https://auth.example.com/authorize", scopes: {} } } },
      Oauth2c: {
        type: "oauth2",
        flows: { authorizationCode: { authorizationUrl: "https://auth.example.com/authorize", tokenUrl: "https://auth.example.com/token", scopes: {} } }
      }
    }
    const { manifest, warnings } = await run(importSpec(withSchemes(google, [{ Oauth2: ["mail"], Oauth2c: ["mail"] }, { Oauth2: ["read"], Oauth2c: ["read"] }])))
    assert.deepStrictEqual(manifest.auth, {
      type: "oauth2",
      flows: ["authorization_code"],
      tokenUrl: "https://auth.example.com/token",
      authorizationUrl: "https://auth.example.com/authorize",
      scopes: ["mail", "read"]
    })
    assert.deepStrictEqual(messages(warnings), [
      "one requirement names 2 OAuth 2 schemes at once (Oauth2, Oauth2c): one bearer token serves them; the auth is \"Oauth2c\"'s " +
      "(\"Oauth2\" is oauth2 with no client credentials or authorization code flow the client can run)"
    ])
    // Neither describable: the bearer header, one warning.
    const implicitOnly = await run(importSpec(withSchemes({ a: google.Oauth2, b: google.Oauth2 }, [{ a: [], b: [] }])))
    assert.deepStrictEqual(implicitOnly.manifest.auth, BEARER)
    assert.strictEqual(messages(implicitOnly.warnings).length, 1)
    assert.match(messages(implicitOnly.warnings)[0]!, /^OAuth 2 \(a, b\) cannot be described as the manifest's oauth2 auth/)
  })

  it("OAuth 2 and an API key needed at once cannot be sent: a warning, and the next requirement; OR-alternatives take the first that maps", async () => {
    const schemes = {
      o: { type: "oauth2", flows: { clientCredentials: { tokenUrl: "https://auth.example.com/token", scopes: {} } } },
      k: { type: "apiKey", in: "header", name: "X-Key" }
    }
    const both = await run(importSpec(withSchemes(schemes, [{ o: [], k: [] }, { k: [] }])))
    assert.deepStrictEqual(both.manifest.auth, { type: "header", name: "X-Key" })
    const alone = await run(importSpec(withSchemes(schemes, [{ o: [], k: [] }])))
    assert.isUndefined(alone.manifest.auth)
    assert.deepStrictEqual(messages(alone.warnings), [
      "no auth the manifest can describe (one requirement needs 2 credentials at once (o, k)): pass the auth option, " +
      "e.g. { type: \"header\", name: \"Authorization\", scheme: \"Bearer\" }"
    ])
    // OR: OAuth 2 first (mapped), the API key the alternative.
    const either = await run(importSpec(withSchemes(schemes, [{ o: [] }, { k: [] }])))
    assert.deepStrictEqual(either.manifest.auth, { type: "oauth2", flows: ["client_credentials"], tokenUrl: "https://auth.example.com/token" })
    // OR: an OAuth 2 scheme that cannot be described, then an API key: the key (a described auth beats the fallback).
    const implicitThenKey = await run(importSpec(withSchemes({
      o: { type: "oauth2", flows: { implicit: { authorizationUrl: "https://auth.example.com/authorize", scopes: {} } } },
      k: schemes.k
    }, [{ o: [] }, { k: [] }])))
    assert.deepStrictEqual(implicitThenKey.manifest.auth, { type: "header", name: "X-Key" })
  })

  it("a refreshUrl that is not the token URL, and two token URLs: notes; the authorization code flow's endpoint wins", async () => {
    const { manifest, warnings } = await run(importSpec(withSchemes({
      o: {
        type: "oauth2",
        flows: {
          clientCredentials: { tokenUrl: "https://machine.example.com/token", scopes: {} },
          authorizationCode: {
            authorizationUrl: "https://auth.example.com/authorize",
            tokenUrl: "https://auth.example.com/token",
            refreshUrl: "https://auth.example.com/refresh",
            scopes: {}
          }
        }
      }
    }, [{ o: [] }])))
    assert.deepStrictEqual(manifest.auth, {
      type: "oauth2",
      flows: ["authorization_code"],
      tokenUrl: "https://auth.example.com/token",
      authorizationUrl: "https://auth.example.com/authorize"
    })
    assert.deepStrictEqual(messages(warnings), [
      "\"o\": the authorizationCode flow's refreshUrl \"https://auth.example.com/refresh\" is not its tokenUrl: the client refreshes at the tokenUrl",
      "\"o\": the clientCredentials flow is left out: its tokenUrl is not the authorizationCode flow's"
    ])
  })

  it("Swagger 2.0: flow application is client credentials, accessCode the authorization code flow", async () => {
    const swagger = (definition: Record<string, unknown>) => ({
      swagger: "2.0",
      info: { title: "T", version: "1" },
      host: "api.example.com",
      schemes: ["https"],
      paths: { "/a": { get: { responses: { "200": { description: "OK" } } } } },
      securityDefinitions: { o: { type: "oauth2", scopes: { r: "" }, ...definition } },
      security: [{ o: ["r"] }]
    })
    const machine = await run(importSpec(swagger({ flow: "application", tokenUrl: "https://auth.example.com/token" })))
    assert.deepStrictEqual(machine.manifest.auth, {
      type: "oauth2",
      flows: ["client_credentials"],
      tokenUrl: "https://auth.example.com/token",
      scopes: ["r"]
    })
    const user = await run(importSpec(swagger({
      flow: "accessCode",
      authorizationUrl: "https://auth.example.com/authorize",
      tokenUrl: "https://auth.example.com/token"
    })))
    assert.deepStrictEqual(user.manifest.auth, {
      type: "oauth2",
      flows: ["authorization_code"],
      tokenUrl: "https://auth.example.com/token",
      authorizationUrl: "https://auth.example.com/authorize",
      scopes: ["r"]
    })
  })

  it("an Authorization header parameter is left out: the oauth2 auth writes that header", async () => {
    const doc = withSchemes(
      { o: { type: "oauth2", flows: { clientCredentials: { tokenUrl: "https://auth.example.com/token", scopes: {} } } } },
      [{ o: [] }],
      {
        "/a": {
          get: op({
            operationId: "a",
            parameters: [{ name: "Authorization", in: "header", schema: { type: "string" } }, { name: "q", in: "query", schema: { type: "string" } }]
          })
        }
      }
    )
    const { manifest, warnings } = await run(importSpec(doc))
    assert.deepStrictEqual(manifest.tools[0]!.params.map((p) => p.name), ["q"])
    assert.isUndefined(manifest.tools[0]!.headers)
    assert.deepStrictEqual(messages(warnings), ["GET /a (a): header parameter \"Authorization\" left out: OpenAPI ignores it"])
  })

  it("a plain http token URL off loopback cannot be the auth: a warning says why", async () => {
    const { manifest, warnings } = await run(importSpec(withSchemes({
      o: { type: "oauth2", flows: { clientCredentials: { tokenUrl: "http://auth.example.com/token", scopes: {} } } }
    }, [{ o: [] }])))
    assert.isUndefined(manifest.auth)
    assert.deepStrictEqual(messages(warnings), [
      "the spec's auth cannot be used (auth.tokenUrl: plain http: is allowed only to loopback hosts (use https:, or a client that allows http)): pass the auth option"
    ])
  })
})

describe("§Security: openIdConnect, discovered from oidc-provider", () => {
  let world: OAuthWorld
  beforeAll(async () => {
    world = await startOAuthWorld()
  })
  afterAll(() => world.close())

  it("the issuer's discovery document gives the flows, endpoints and issuer; the requirement's scopes", async () => {
    const { oidc } = world
    const doc = withSchemes(
      { oidc: { type: "openIdConnect", openIdConnectUrl: `${oidc.issuer}/.well-known/openid-configuration` } },
      [{ oidc: ["orders:read"] }]
    )
    const { manifest, warnings } = await run(importSpec(doc))
    assert.deepStrictEqual(manifest.auth, {
      type: "oauth2",
      flows: ["authorization_code", "client_credentials"],
      tokenUrl: oidc.tokenUrl,
      authorizationUrl: oidc.authorizationUrl,
      revocationUrl: oidc.revocationUrl,
      issuer: oidc.issuer,
      scopes: ["orders:read"]
    })
    assert.deepStrictEqual(messages(warnings), [])
  })

  it("end to end: discoverOpenApi with the API's OAuth client registration; the call carries a token the server issued", async () => {
    const { api, oidc } = world
    api.manifest = spec3({ "/api/orders": { get: op({ operationId: "listOrders" }) } }, {
      servers: [{ url: api.url("") }],
      components: {
        securitySchemes: { oidc: { type: "openIdConnect", openIdConnectUrl: `${oidc.issuer}/.well-known/openid-configuration` } }
      },
      security: [{ oidc: ["orders:read"] }]
    })
    const client = Client.createRcpClient({})
    try {
      const discovery = await OpenApi.discoverOpenApi(client, api.url("/rcp/manifest"), {
        trustedOrigins: [oidc.issuer],
        oauth: { clientId: oidc.clients.machine.id, clientSecret: oidc.clients.machine.secret }
      })
      assert.deepStrictEqual(discovery.importWarnings, [])
      const before = oidc.hitsOf("client_credentials")
      const result = await client.execute({ name: "listOrders", arguments: {} })
      assert.strictEqual(result.status, 200)
      const seen = api.requests.at(-1)!
      assert.strictEqual(seen.introspection?.client_id, oidc.clients.machine.id)
      assert.isTrue(seen.introspection?.active)
      assert.strictEqual(seen.introspection?.scope, "orders:read")
      assert.strictEqual(oidc.hitsOf("client_credentials"), before + 1)
      // The token never reaches what the model reads.
      assert.notInclude(JSON.stringify(result), seen.token!)
    } finally {
      await client.close()
    }
  })
})

describe("§Security: openIdConnect under a lock (docs/lock.md §OpenID Connect discovery)", () => {
  // The lock pins what the discovery document decides — the token, authorization and revocation
  // endpoints and the issuer, all in the manifest's `auth`, which is in every tool's pin — not the
  // URL it is read from: a changed document is a changed manifest, refused before anything is
  // registered, so no client secret or token request ever goes to an endpoint nobody approved.
  let world: OAuthWorld
  // Serves the spec (/spec.json) and, as an issuer of its own, a discovery document; records every request.
  let docs: TestServer
  let attacker: TestServer
  let spec: unknown = {}
  let discovery: Record<string, unknown> = {}
  beforeAll(async () => {
    world = await startOAuthWorld()
    docs = await startServer((request, response) =>
      request.target === "/spec.json"
        ? json(response, 200, spec)
        : request.target === "/.well-known/openid-configuration"
        ? json(response, 200, discovery)
        : json(response, 404, {})
    )
    attacker = await startServer((_request, response) => json(response, 200, { access_token: "stolen", token_type: "bearer" }))
  })
  afterAll(() => Promise.all([world.close(), docs.close(), attacker.close()]))

  const specOn = (discoveryUrl: string) =>
    spec3({ "/api/orders": { get: op({ operationId: "listOrders" }) } }, {
      servers: [{ url: world.api.url("") }],
      components: { securitySchemes: { oidc: { type: "openIdConnect", openIdConnectUrl: discoveryUrl } } },
      security: [{ oidc: ["orders:read"] }]
    })

  /** A lock as `rcp lock` writes it: the import of the spec URL, pinned. */
  const lockOf = async (url: string) => {
    const { manifest } = await run(OpenApi.toManifest(url))
    return { lock: Lock.make([{ url, manifest }]), manifest }
  }

  const registration = () => ({ clientId: world.oidc.clients.machine.id, clientSecret: world.oidc.clients.machine.secret })
  const failure = (promise: Promise<unknown>) => promise.then(() => undefined, (e: unknown) => e as { _tag?: string })

  it("a lock made from the import: discovery reads oidc-provider's discovery document, the call carries a token it issued", async () => {
    const { api, oidc } = world
    spec = specOn(`${oidc.issuer}/.well-known/openid-configuration`)
    const url = docs.url("/spec.json")
    const { lock, manifest } = await lockOf(url)
    assert.strictEqual((manifest.auth as Manifest.AuthOAuth2).tokenUrl, oidc.tokenUrl)
    const client = Client.createRcpClient({ lock })
    try {
      // The API is served elsewhere than its spec: its origin is trusted for the call.
      const discovered = await OpenApi.discoverOpenApi(client, url, {
        trustedOrigins: [oidc.issuer, new URL(api.url("")).origin],
        oauth: registration()
      })
      assert.deepStrictEqual(discovered.importWarnings, [])
      const before = oidc.hitsOf("client_credentials")
      const result = await client.execute({ name: "listOrders", arguments: {} })
      assert.strictEqual(result.status, 200)
      assert.strictEqual(api.requests.at(-1)!.introspection?.client_id, oidc.clients.machine.id)
      assert.strictEqual(oidc.hitsOf("client_credentials"), before + 1)
    } finally {
      await client.close()
    }
  })

  it("the same spec, its discovery document now naming another token endpoint: ManifestChanged (auth), nothing registered, no token request anywhere", async () => {
    const { oidc } = world
    discovery = { issuer: docs.url(""), token_endpoint: oidc.tokenUrl, grant_types_supported: ["client_credentials"] }
    spec = specOn(docs.url("/.well-known/openid-configuration"))
    const url = docs.url("/spec.json")
    const { lock, manifest } = await lockOf(url)
    assert.strictEqual((manifest.auth as Manifest.AuthOAuth2).tokenUrl, oidc.tokenUrl)
    discovery = { ...discovery, token_endpoint: attacker.url("/token") }
    const client = Client.createRcpClient({ lock })
    try {
      const tokenRequests = oidc.tokenRequests.length
      const seen = docs.requests.length
      const error = await failure(OpenApi.discoverOpenApi(client, url, { trustedOrigins: [docs.url(""), attacker.url("")], oauth: registration() }))
      assert.strictEqual(error?._tag, "ManifestChanged")
      assert.deepStrictEqual((error as Client.DiscoverError & { changed: unknown }).changed, [{ tool: "listOrders", fields: ["auth"] }])
      assert.deepStrictEqual(await client.tools(), [])
      // The spec and the discovery document were read, by GETs without a credential; nothing else was sent.
      const sent = docs.requests.slice(seen)
      assert.deepStrictEqual(sent.map((r) => `${r.method} ${r.target}`), ["GET /spec.json", "GET /.well-known/openid-configuration"])
      assert.isTrue(sent.every((r) => r.headers.authorization === undefined))
      assert.deepStrictEqual(attacker.requests, [])
      assert.strictEqual(oidc.tokenRequests.length, tokenRequests)
    } finally {
      await client.close()
    }
  })

  it("a spec URL the lock does not pin: refused before the spec or any discovery document is fetched", async () => {
    discovery = { issuer: docs.url(""), token_endpoint: world.oidc.tokenUrl, grant_types_supported: ["client_credentials"] }
    spec = specOn(docs.url("/.well-known/openid-configuration"))
    const { lock } = await lockOf(docs.url("/spec.json"))
    const client = Client.createRcpClient({ lock })
    try {
      const seen = docs.requests.length
      const error = await failure(OpenApi.discoverOpenApi(client, docs.url("/spec.json?v=2"), { oauth: registration() }))
      assert.strictEqual(error?._tag, "ManifestNotPinned")
      assert.strictEqual(docs.requests.length, seen)
    } finally {
      await client.close()
    }
  })
})

describe("§Security: openIdConnect discovery that cannot be used", () => {
  let server: TestServer
  let discovery: unknown = {}
  beforeAll(async () => {
    server = await startServer((_request, response) => json(response, 200, discovery))
  })
  afterAll(() => server.close())

  const oidcDoc = (url: string) => withSchemes({ oidc: { type: "openIdConnect", openIdConnectUrl: url } }, [{ oidc: [] }])

  it("a document naming another issuer: the bearer header, a note with oauth4webapi's reason; the one GET the server received", async () => {
    const before = server.requests.length
    discovery = { issuer: "https://elsewhere.example.com", token_endpoint: "https://elsewhere.example.com/token" }
    const { manifest, warnings } = await run(importSpec(oidcDoc(server.url("/tenant/.well-known/openid-configuration"))))
    // Nothing goes to the other issuer; the application supplies the API's token itself.
    assert.deepStrictEqual(manifest.auth, BEARER)
    const sent = server.requests.slice(before)
    assert.deepStrictEqual(sent.map((r) => `${r.method} ${r.target}`), ["GET /tenant/.well-known/openid-configuration"])
    assert.isUndefined(sent[0]!.headers.authorization)
    assert.deepStrictEqual(messages(warnings), [
      `OAuth 2 (oidc) cannot be described as the manifest's oauth2 auth ("oidc": its OpenID Connect discovery "${server.url("/tenant/.well-known/openid-configuration")}" ` +
      `could not be read ("response" body "issuer" property does not match the expected value)): calls send the credential as a bearer ` +
      `token (Authorization: Bearer), which the application obtains itself`
    ])
  })

  it("the issuer's own document (RFC 8414 form, below a path) with neither usable grant: the bearer header", async () => {
    discovery = {
      issuer: server.url("/tenant"),
      token_endpoint: server.url("/tenant/token"),
      grant_types_supported: ["implicit", "password"]
    }
    const { manifest, warnings } = await run(importSpec(oidcDoc(server.url("/.well-known/oauth-authorization-server/tenant"))))
    assert.deepStrictEqual(manifest.auth, BEARER)
    assert.match(messages(warnings)[0]!, /"oidc": its OpenID Connect server supports neither the client credentials nor the authorization code flow/)
  })

  it("a discovery URL that names no issuer, and an auth option: nothing fetched", async () => {
    const before = server.requests.length
    const odd = await run(importSpec(oidcDoc(server.url("/oidc.json"))))
    assert.deepStrictEqual(odd.manifest.auth, BEARER)
    assert.match(messages(odd.warnings)[0]!, /does not end in \/\.well-known\/openid-configuration, so the issuer it must name is unknown/)
    const chosen = await run(importSpec(oidcDoc(server.url("/.well-known/openid-configuration")), {
      auth: { type: "header", name: "X-Key" }
    }))
    assert.deepStrictEqual(chosen.manifest.auth, { type: "header", name: "X-Key" })
    assert.strictEqual(server.requests.length, before)
  })

  it("a discovery document over the cap: refused by the import's fetch, a note", async () => {
    discovery = { issuer: server.url(""), padding: "x".repeat(300 * 1024) }
    const { manifest, warnings } = await run(importSpec(oidcDoc(server.url("/.well-known/openid-configuration"))))
    assert.deepStrictEqual(manifest.auth, BEARER)
    assert.match(messages(warnings)[0]!, /its OpenID Connect discovery .* could not be read \(/)
  })
})

