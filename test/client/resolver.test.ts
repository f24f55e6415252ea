/**
 * Resolvers in a client: swapping the Resolvers layer under one program, and resolvers in execute
 * (before any HTTP). rcp-sdk/resolver on its own is test/client/resolveAll.test.ts (both Effect targets).
 */
import { Service } from "#target/Service.js"
import { assert, describe, it } from "../support/effectVitest.js"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Client from "../../src/Client.js"
import type * as Manifest from "../../src/Manifest.js"
import * as Resolver from "../../src/Resolver.js"
import { loopbackOnly } from "../support/network.js"
import { json, type TestServer, testServer } from "../support/server.js"

// Values a resolver might produce; no error message may ever contain them.
const SECRET = "SECRET-VALUE-123"
const SECRET_NUMBER = 987654321

const userId: Manifest.Param = { name: "userId", type: "string", description: "the user's id" }

interface Ctx {
  readonly currentUserId?: string | null | undefined
  readonly tenant?: string | undefined
}

const assertNoSecret = (error: { readonly message: string }) => {
  assert.notInclude(error.message, SECRET)
  assert.notInclude(error.message, String(SECRET_NUMBER))
  assert.notInclude(String(error), SECRET)
}

class CurrentUser extends Service<CurrentUser, { readonly id: string }>()("test/CurrentUser") {}

describe("swapping the Resolvers layer", () => {
  // One program, written once; only the layer differs.
  const program = Resolver.resolveAll("get_profile", [userId], { currentUserId: "u-42" })

  it.effect("two layers under the same program give different values", () =>
    Effect.gen(function*() {
      const production = Resolver.layer({ userId: (ctx: Ctx) => ctx.currentUserId })
      const test = Resolver.layer({ userId: () => "test-user" })
      assert.deepStrictEqual(yield* Effect.provide(program, production), { userId: "u-42" })
      assert.deepStrictEqual(yield* Effect.provide(program, test), { userId: "test-user" })
    }))

  it.scoped("swapping the layer under a client program changes what reaches the server and what the model sees", () =>
    Effect.gen(function*() {
      const server: TestServer = yield* testServer((req, res): void => {
        if (req.path === "/rcp/manifest") {
          return json(res, 200, {
            rcpVersion: "0.1",
            tools: [{
              name: "get_profile",
              description: "Get the current user's profile.",
              method: "GET",
              params: [{ name: "userId", type: "string", description: "the user's id" }],
              url: `${server.origin}/users/{{userId}}`
            }]
          })
        }
        return json(res, 200, { path: req.path })
      })
      const clientProgram = Effect.gen(function*() {
        const { tools } = yield* Client.discover(server.url("/rcp/manifest"))
        const visible = Object.keys(tools[0]!.parameters.properties)
        const args = visible.includes("userId") ? { userId: "from-model" } : {}
        const result = yield* Client.execute(
          { name: "get_profile", arguments: args },
          { context: { currentUserId: "u-42" } }
        )
        return { visible, data: result.data }
      })
      const withResolvers = <E, R>(resolvers: Layer.Layer<Resolver.Resolvers, E, R>) =>
        Client.layer().pipe(Layer.provide(resolvers), Layer.provide(loopbackOnly()))

      const resolved = yield* Effect.provide(
        clientProgram,
        withResolvers(Resolver.layer({ userId: (ctx: Ctx) => ctx.currentUserId }))
      )
      assert.deepStrictEqual(resolved, { visible: [], data: { path: "/users/u-42" } })

      const stubbed = yield* Effect.provide(clientProgram, withResolvers(Resolver.layer({ userId: () => "stub" })))
      assert.deepStrictEqual(stubbed, { visible: [], data: { path: "/users/stub" } })

      const none = yield* Effect.provide(clientProgram, withResolvers(Resolver.layerEmpty))
      assert.deepStrictEqual(none, { visible: ["userId"], data: { path: "/users/from-model" } })
    }))
})

describe("resolvers in execute (before any HTTP)", () => {
  const manifestFor = (origin: string) => ({
    rcpVersion: "0.1",
    tools: [{
      name: "get_profile",
      description: "Get the current user's profile.",
      method: "GET",
      params: [{ name: "userId", type: "string" }, { name: "tenantId", type: "string" }],
      url: `${origin}/tenants/{{tenantId}}/users/{{userId}}`
    }]
  })

  it.scoped("an Effect resolver's service comes from the layer: execute needs nothing extra", () =>
    Effect.gen(function*() {
      const server: TestServer = yield* testServer((req, res): void =>
        req.path === "/rcp/manifest" ? json(res, 200, manifestFor(server.origin)) : json(res, 200, { path: req.path })
      )
      const resolvers = Resolver.layer({
        userId: () => Effect.map(CurrentUser, (user) => user.id),
        tenantId: (ctx: Ctx) => ctx.tenant
      }).pipe(Layer.provide(Layer.succeed(CurrentUser, { id: "u-service" })))
      const layer = Client.layer().pipe(Layer.provide(resolvers), Layer.provide(loopbackOnly()))
      // The program requires only the client; CurrentUser is not provided here.
      type Failure = Client.DiscoverError | Client.ExecuteError
      const program: Effect.Effect<Client.ToolResult, Failure, Client.RcpClient> = Effect.gen(function*() {
        yield* Client.discover(server.url("/rcp/manifest"))
        return yield* Client.execute({ name: "get_profile", arguments: {} }, { context: { tenant: "acme" } })
      })
      const result = yield* Effect.provide(program, layer)
      assert.deepStrictEqual(result.data, { path: "/tenants/acme/users/u-service" })
    }))

  it.scoped("one missing resolver value: the call fails and no request is sent", () =>
    Effect.gen(function*() {
      const server: TestServer = yield* testServer((req, res): void =>
        req.path === "/rcp/manifest" ? json(res, 200, manifestFor(server.origin)) : json(res, 200, { path: req.path })
      )
      const resolvers = Resolver.layer({ userId: () => SECRET, tenantId: (ctx: Ctx) => ctx.tenant })
      const layer = Client.layer().pipe(Layer.provide(resolvers), Layer.provide(loopbackOnly()))
      const error = yield* Effect.gen(function*() {
        yield* Client.discover(server.url("/rcp/manifest"))
        return yield* Effect.flip(Client.execute({ name: "get_profile", arguments: {} }, { context: {} }))
      }).pipe(Effect.provide(layer))
      assert.strictEqual(error._tag, "ResolverMissing")
      if (error._tag === "ResolverMissing") assert.strictEqual(error.param, "tenantId")
      assertNoSecret(error)
      assert.deepStrictEqual(server.requests.map((r) => r.path), ["/rcp/manifest"])
    }))
})
