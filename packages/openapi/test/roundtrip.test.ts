/**
 * docs/openapi.md end to end: a real Petstore spec imported with `baseUrl` pointing at a real
 * server on 127.0.0.1, its tools executed through `createRcpClient` with a resolver-bound param,
 * and what the server received checked byte for byte — plus discovery of a spec by URL, under
 * discovery's rules (no credential, the size cap).
 */
import { assert, describe, it } from "../../../test/support/effectVitest.js"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { readFileSync } from "node:fs"
import { createRequire } from "node:module"
import * as Client from "rcp-sdk/client"
import * as Resolver from "rcp-sdk/resolver"
import { json, type TestServer, withServer } from "../../../test/support/server.js"
import * as OpenApi from "../src/OpenApi.js"

const require = createRequire(import.meta.url)
const petstorePath = require.resolve("@readme/oas-examples/3.0/json/petstore.json")
const petstore = JSON.parse(readFileSync(petstorePath, "utf8")) as Record<string, unknown>

/** A few Petstore operations, implemented; the spec itself at /openapi.json. */
const withPetstore = <A>(f: (server: TestServer) => Promise<A>, spec: unknown = petstore) =>
  withServer((req, res) => {
    if (req.path === "/openapi.json") return json(res, 200, spec)
    if (req.method === "GET" && req.path === "/v2/pet/7") return json(res, 200, { id: 7, name: "Rex", status: "sold" })
    if (req.method === "GET" && req.path === "/v2/pet/findByStatus") return json(res, 200, [{ id: 7 }])
    if (req.method === "PUT" && req.path.startsWith("/v2/user/")) return json(res, 200, { updated: true })
    if (req.method === "DELETE" && req.path === "/v2/pet/7") return json(res, 200, { deleted: true })
    return json(res, 404, { error: "not implemented" })
  }, f)

const rejection = (promise: Promise<unknown>): Promise<any> =>
  promise.then(() => assert.fail("expected a rejection"), (error) => error)

describe("docs/openapi.md: Petstore round trip against 127.0.0.1", () => {
  it("imports with baseUrl, executes through createRcpClient, and the server receives what the spec describes", () =>
    withPetstore(async (server) => {
      const { manifest } = await OpenApi.openApiToManifest(petstorePath, { baseUrl: server.url("/v2") })
      assert.deepStrictEqual(manifest.auth, { type: "header", name: "api_key" })
      const client = createClient()
      try {
        const discovery = await client.register(manifest, { url: server.url("/openapi.json") })
        // The resolver-bound path param is gone from the model's schema; the body's own
        // `username` property stays, under a name of its own.
        const updateUser = discovery.tools.find((t) => t.name === "updateUser")!
        assert.notProperty(updateUser.parameters.properties, "username")
        assert.property(updateUser.parameters.properties, "username_body")

        const pet = await client.execute({ name: "getPetById", arguments: { petId: 7 } })
        assert.deepStrictEqual<unknown>(pet, { status: 200, data: { id: 7, name: "Rex", status: "sold" } })
        await client.execute({ name: "findPetsByStatus", arguments: "{\"status\":[\"sold\",\"pending\"]}" })
        await client.execute(
          { name: "updateUser", arguments: { username_body: "new-name", email: "a@example.com", userStatus: 2 } },
          { context: { user: "alice smith" } }
        )
        await client.execute({ name: "deletePet", arguments: { petId: 7 } })

        const [get, find, put, del] = server.requests
        assert.strictEqual(get!.method, "GET")
        assert.strictEqual(get!.target, "/v2/pet/7")
        assert.strictEqual(get!.headers["api_key"], "secret-key")
        // An array query param (protocol 0.2), exploded as the spec says: the key repeated.
        assert.strictEqual(find!.target, "/v2/pet/findByStatus?status=sold&status=pending")
        assert.strictEqual(put!.method, "PUT")
        assert.strictEqual(put!.target, "/v2/user/alice%20smith")
        assert.strictEqual(put!.headers["content-type"], "application/json")
        assert.deepStrictEqual(JSON.parse(put!.body), { username: "new-name", email: "a@example.com", userStatus: 2 })
        assert.strictEqual(del!.method, "DELETE")
        assert.strictEqual(del!.target, "/v2/pet/7")
        assert.strictEqual(del!.headers["api_key"], "secret-key")
        assert.strictEqual(server.requests.length, 4)
      } finally {
        await client.close()
      }
    }))

  it("a resolver-bound param with nothing to resolve from fails before any request (ResolverMissing)", () =>
    withPetstore(async (server) => {
      const { manifest } = await OpenApi.openApiToManifest(petstore, { baseUrl: server.url("/v2") })
      const client = createClient()
      try {
        await client.register(manifest, { url: server.url("/openapi.json") })
        const error = await rejection(client.execute({ name: "updateUser", arguments: {} }, { context: {} }))
        assert.strictEqual(error._tag, "ResolverMissing")
        assert.strictEqual(error.param, "username")
        assert.strictEqual(server.requests.length, 0)
      } finally {
        await client.close()
      }
    }))

  it("discoverOpenApi fetches the spec without the credential, imports it and registers it in a promise client", () =>
    withPetstore(async (server) => {
      const client = createClient()
      try {
        const discovery = await OpenApi.discoverOpenApi(client, server.url("/openapi.json"), { baseUrl: server.url("/v2") })
        assert.strictEqual(discovery.url, server.url("/openapi.json"))
        assert.isTrue(discovery.tools.some((t) => t.name === "getPetById"))
        assert.isTrue(discovery.importWarnings.some((w) => w.operation === "POST /user/createWithArray (createUsersWithArrayInput)" && w.skipped))
        const [specRequest] = server.requests
        assert.strictEqual(specRequest!.target, "/openapi.json")
        assert.isUndefined(specRequest!.headers["api_key"])
        await client.execute({ name: "getPetById", arguments: { petId: 7 } })
        assert.strictEqual(server.requests[1]!.headers["api_key"], "secret-key")
      } finally {
        await client.close()
      }
    }))

  it("OpenApi.discover registers into the Effect RcpClient; a relative server resolves against the spec's URL", () =>
    withPetstore(
      (server) =>
        Effect.gen(function*() {
          const client = yield* Client.RcpClient
          const discovery = yield* OpenApi.discover(client, server.url("/openapi.json"))
          assert.strictEqual(discovery.manifest.tools.find((t) => t.name === "getPetById")!.url, server.url("/v2/pet/{{petId}}"))
          const result = yield* client.execute({ name: "getPetById", arguments: { petId: 7 } })
          assert.strictEqual(result.status, 200)
        }).pipe(
          Effect.provide(Client.layerUndici({ credential: "secret-key" }).pipe(Layer.provide(Resolver.layer({})))),
          Effect.runPromise
        ),
      { ...petstore, servers: [{ url: "/v2" }] }
    ))

  it("a spec over maxSpecBytes fails with ResponseTooLarge, and a 404 with HttpError", () =>
    withPetstore(async (server) => {
      const tooLarge = await rejection(OpenApi.openApiToManifest(server.url("/openapi.json"), { maxSpecBytes: 1024 }))
      assert.strictEqual(tooLarge._tag, "ResponseTooLarge")
      const missing = await rejection(OpenApi.openApiToManifest(server.url("/nothing.json")))
      assert.strictEqual(missing._tag, "HttpError")
      assert.strictEqual(missing.status, 404)
    }))
})

const createClient = () =>
  Client.createRcpClient({
    credential: "secret-key",
    resolvers: { username: (ctx: { user?: string }) => ctx.user }
  })
