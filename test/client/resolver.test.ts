import { assert, describe, it } from "@effect/vitest"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
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
const tenantId: Manifest.Param = { name: "tenantId", type: "string" }
const limit: Manifest.Param = { name: "limit", type: "number" }
const admin: Manifest.Param = { name: "admin", type: "boolean" }

interface Ctx {
  readonly currentUserId?: string | null | undefined
  readonly tenant?: string | undefined
}

/** Resolves `params` of `get_profile` with exactly the resolvers of `layer`. */
const resolveWith = <E, R>(
  layer: Layer.Layer<Resolver.Resolvers, E, R>,
  params: ReadonlyArray<Manifest.Param>,
  context?: unknown
) => Resolver.resolveAll("get_profile", params, context).pipe(Effect.provide(layer))

/** The error of resolving `param` with the single resolver `fn` for it. */
const errorOf = (fn: Resolver.ResolverFn, param: Manifest.Param = userId, context: unknown = {}) =>
  Effect.flip(resolveWith(Resolver.layer({ [param.name]: fn }), [param], context))

const assertNoSecret = (error: { readonly message: string }) => {
  assert.notInclude(error.message, SECRET)
  assert.notInclude(error.message, String(SECRET_NUMBER))
  assert.notInclude(String(error), SECRET)
}

class CurrentUser extends Context.Tag("test/CurrentUser")<CurrentUser, { readonly id: string }>() {}

describe("Resolver.resolveAll: values", () => {
  it.effect("a sync value", () =>
    Effect.gen(function*() {
      const layer = Resolver.layer({ userId: (ctx: Ctx) => ctx.currentUserId })
      const values = yield* resolveWith(layer, [userId], { currentUserId: "u-42" })
      assert.deepStrictEqual(values, { userId: "u-42" })
    }))

  it.effect("the documented untyped form `(ctx) => ctx.currentUserId` builds a layer that requires nothing", () =>
    Effect.gen(function*() {
      const layer = Resolver.layer({ userId: (ctx) => ctx.currentUserId })
      // A type test as much as a run: an `unknown` requirement here would not compile.
      const requiresNothing: Layer.Layer<Resolver.Resolvers> = layer
      const values = yield* resolveWith(requiresNothing, [userId], { currentUserId: "u-7" })
      assert.deepStrictEqual(values, { userId: "u-7" })
    }))

  it.effect("a value of each declared type", () =>
    Effect.gen(function*() {
      const layer = Resolver.layer({
        userId: () => "u-1",
        limit: () => 0,
        admin: () => false
      })
      const values = yield* resolveWith(layer, [userId, limit, admin], {})
      assert.deepStrictEqual(values, { userId: "u-1", limit: 0, admin: false })
    }))

  it.effect("a Promise", () =>
    Effect.gen(function*() {
      const layer = Resolver.layer({
        userId: async (ctx: Ctx) => {
          await new Promise((resolve) => setTimeout(resolve, 1))
          return ctx.currentUserId
        }
      })
      const values = yield* resolveWith(layer, [userId], { currentUserId: "u-async" })
      assert.deepStrictEqual(values, { userId: "u-async" })
    }))

  it.effect("an Effect using a service provided to the layer (nothing extra needed at the call)", () =>
    Effect.gen(function*() {
      const layer = Resolver.layer({
        userId: (ctx: Ctx) => Effect.map(CurrentUser, (user) => `${ctx.tenant ?? "none"}:${user.id}`)
      }).pipe(Layer.provide(Layer.succeed(CurrentUser, { id: "u-from-service" })))
      // The layer's requirements are satisfied: resolveAll needs only `Resolvers`.
      type Resolved = Readonly<Record<string, Resolver.Value>>
      const program: Effect.Effect<Resolved, Resolver.ResolverMissing | Resolver.ResolverFailed> = resolveWith(
        layer,
        [userId],
        { tenant: "acme" }
      )
      assert.deepStrictEqual(yield* program, { userId: "acme:u-from-service" })
    }))

  it.effect("the resolver receives the call context and { tool, param }", () =>
    Effect.gen(function*() {
      const calls: Array<readonly [unknown, Resolver.ResolveInfo]> = []
      const record = (value: string) => (ctx: unknown, info: Resolver.ResolveInfo) => {
        calls.push([ctx, info])
        return value
      }
      const layer = Resolver.layer({ userId: record("u-1"), tenantId: record("t-1") })
      const context = { currentUserId: "ignored" }
      const values = yield* Resolver.resolveAll("list_orders", [userId, tenantId], context).pipe(Effect.provide(layer))
      assert.deepStrictEqual(values, { userId: "u-1", tenantId: "t-1" })
      assert.strictEqual(calls.length, 2)
      assert.strictEqual(calls[0]![0], context)
      assert.deepStrictEqual(calls[0]![1], { tool: "list_orders", param: "userId" })
      assert.strictEqual(calls[1]![0], context)
      assert.deepStrictEqual(calls[1]![1], { tool: "list_orders", param: "tenantId" })
    }))

  it.effect("the service lists the names that have a resolver; the empty layer has none", () =>
    Effect.gen(function*() {
      const names = yield* Effect.map(Resolver.Resolvers, (s) => [...s.names].sort()).pipe(
        Effect.provide(Resolver.layer({ userId: () => "u", tenantId: () => "t" }))
      )
      assert.deepStrictEqual(names, ["tenantId", "userId"])
      const none = yield* Effect.map(Resolver.Resolvers, (s) => s.names.size).pipe(Effect.provide(Resolver.layerEmpty))
      assert.strictEqual(none, 0)
      assert.deepStrictEqual(yield* resolveWith(Resolver.layerEmpty, [], {}), {})
    }))
})

describe("Resolver.resolveAll: nothing to resolve from → ResolverMissing", () => {
  const layer = Resolver.layer({ userId: (ctx: Ctx) => ctx.currentUserId })

  const assertMissing = (error: Resolver.ResolverMissing | Resolver.ResolverFailed) => {
    assert.strictEqual(error._tag, "ResolverMissing")
    assert.instanceOf(error, Resolver.ResolverMissing)
    assert.strictEqual(error.tool, "get_profile")
    assert.strictEqual(error.param, "userId")
    assert.include(error.message, "get_profile")
    assert.include(error.message, "userId")
  }

  it.effect("the resolver returns undefined", () =>
    Effect.gen(function*() {
      assertMissing(yield* Effect.flip(resolveWith(layer, [userId], { currentUserId: undefined })))
      assertMissing(yield* Effect.flip(resolveWith(layer, [userId], {})))
    }))

  it.effect("the resolver returns null", () =>
    Effect.gen(function*() {
      assertMissing(yield* Effect.flip(resolveWith(layer, [userId], { currentUserId: null })))
    }))

  it.effect("a Promise of undefined or null, an Effect of null", () =>
    Effect.gen(function*() {
      assertMissing(yield* errorOf(async () => undefined))
      assertMissing(yield* errorOf(() => Promise.resolve(null)))
      assertMissing(yield* errorOf(() => Effect.succeed(null)))
    }))

  it.effect("no context at all (undefined or null): a resolver reading the context does not throw", () =>
    Effect.gen(function*() {
      assertMissing(yield* Effect.flip(resolveWith(layer, [userId])))
      assertMissing(yield* Effect.flip(resolveWith(layer, [userId], null)))
    }))
})

describe("Resolver.resolveAll: the resolver fails → ResolverFailed", () => {
  const assertFailed = (error: Resolver.ResolverMissing | Resolver.ResolverFailed): Resolver.ResolverFailed => {
    assert.strictEqual(error._tag, "ResolverFailed")
    assert.instanceOf(error, Resolver.ResolverFailed)
    if (error._tag !== "ResolverFailed") throw new Error("unreachable")
    assert.strictEqual(error.tool, "get_profile")
    assert.strictEqual(error.param, "userId")
    assert.include(error.message, "get_profile")
    assert.include(error.message, "userId")
    assertNoSecret(error)
    return error
  }

  it.effect("it throws: the thrown error is the cause", () =>
    Effect.gen(function*() {
      const thrown = new Error(`session store down for ${SECRET}`)
      const layer = Resolver.layer({
        userId: (): string => {
          throw thrown
        }
      })
      const error = assertFailed(yield* Effect.flip(resolveWith(layer, [userId], {})))
      assert.strictEqual(error.cause, thrown)
      assert.include(error.message, "threw")
    }))

  it.effect("its Promise rejects: the rejection is the cause", () =>
    Effect.gen(function*() {
      const rejection = new Error(`rejected with ${SECRET}`)
      const layer = Resolver.layer({ userId: () => Promise.reject(rejection) })
      const error = assertFailed(yield* Effect.flip(resolveWith(layer, [userId], {})))
      assert.strictEqual(error.cause, rejection)
      assert.include(error.message, "rejected")
    }))

  it.effect("an async resolver throws", () =>
    Effect.gen(function*() {
      const rejection = new Error(SECRET)
      const layer = Resolver.layer({
        userId: async (): Promise<string> => {
          throw rejection
        }
      })
      const error = assertFailed(yield* Effect.flip(resolveWith(layer, [userId], {})))
      assert.strictEqual(error.cause, rejection)
    }))

  it.effect("its Effect fails: the failure is the cause", () =>
    Effect.gen(function*() {
      const failure = { _tag: "SessionExpired", token: SECRET } as const
      const layer = Resolver.layer({ userId: () => Effect.fail(failure) })
      const error = assertFailed(yield* Effect.flip(resolveWith(layer, [userId], {})))
      assert.strictEqual(error.cause, failure)
      assert.include(error.message, "failed")
    }))

  it.effect("its Effect dies", () =>
    Effect.gen(function*() {
      const defect = new Error(SECRET)
      const layer = Resolver.layer({ userId: () => Effect.die(defect) })
      const error = assertFailed(yield* Effect.flip(resolveWith(layer, [userId], {})))
      assert.strictEqual(error.cause, defect)
    }))

  it.effect("wrong type: a number for a string param", () =>
    Effect.gen(function*() {
      const layer = Resolver.layer({ userId: () => SECRET_NUMBER })
      const error = assertFailed(yield* Effect.flip(resolveWith(layer, [userId], {})))
      assert.include(error.message, "returned a number, but the param is declared as string")
    }))

  it.effect("wrong type: an object or an array for a string param", () =>
    Effect.gen(function*() {
      const object = assertFailed(yield* errorOf(() => ({ id: SECRET })))
      assert.include(object.message, "returned an object, but the param is declared as string")
      const array = assertFailed(yield* errorOf(() => [SECRET]))
      assert.include(array.message, "returned an array, but the param is declared as string")
    }))

  const numberParam: Manifest.Param = { name: "userId", type: "number" }
  const booleanParam: Manifest.Param = { name: "userId", type: "boolean" }

  it.effect("wrong type: a string for a number param (no coercion, even of a numeric string)", () =>
    Effect.gen(function*() {
      const secret = assertFailed(yield* errorOf(() => SECRET, numberParam))
      assert.include(secret.message, "returned a string, but the param is declared as number")
      const numeric = assertFailed(yield* errorOf(() => String(SECRET_NUMBER), numberParam))
      assert.include(numeric.message, "declared as number")
    }))

  it.effect("wrong type: NaN or Infinity for a number param", () =>
    Effect.gen(function*() {
      for (const value of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) {
        const error = assertFailed(yield* errorOf(() => value, numberParam))
        assert.include(error.message, "returned a non-finite number, but the param is declared as number")
        assert.notInclude(error.message, "NaN")
        assert.notInclude(error.message, "Infinity")
      }
    }))

  it.effect("wrong type: a string for a boolean param", () =>
    Effect.gen(function*() {
      const error = assertFailed(yield* errorOf(() => "true", booleanParam))
      assert.include(error.message, "returned a string, but the param is declared as boolean")
    }))

  it.effect("wrong type from a Promise or an Effect", () =>
    Effect.gen(function*() {
      assertFailed(yield* errorOf(async () => SECRET_NUMBER))
      assertFailed(yield* errorOf(() => Effect.succeed(SECRET), numberParam))
    }))

  it.live("an interrupted resolver Effect is interrupted, not reported as ResolverFailed", () =>
    Effect.gen(function*() {
      const layer = Resolver.layer({ userId: () => Effect.never })
      const result = yield* resolveWith(layer, [userId], {}).pipe(Effect.timeout("20 millis"), Effect.either)
      assert.isTrue(Either.isLeft(result))
      if (Either.isLeft(result)) assert.strictEqual(result.left._tag, "TimeoutException")
    }))
})

describe("Resolver.resolveAll: fails closed", () => {
  const layer = Resolver.layer({
    userId: (ctx: Ctx) => ctx.currentUserId,
    tenantId: (ctx: Ctx) => ctx.tenant
  })

  it.effect("one missing value among two fails the whole call, whichever it is", () =>
    Effect.gen(function*() {
      const second = yield* Effect.flip(resolveWith(layer, [userId, tenantId], { currentUserId: SECRET }))
      assert.strictEqual(second._tag, "ResolverMissing")
      assert.strictEqual(second.param, "tenantId")
      assertNoSecret(second)

      const first = yield* Effect.flip(resolveWith(layer, [userId, tenantId], { tenant: SECRET }))
      assert.strictEqual(first._tag, "ResolverMissing")
      assert.strictEqual(first.param, "userId")
      assertNoSecret(first)

      assert.deepStrictEqual(
        yield* resolveWith(layer, [userId, tenantId], { currentUserId: "u", tenant: "t" }),
        { userId: "u", tenantId: "t" }
      )
    }))

  it.effect("one failed value among two fails the whole call", () =>
    Effect.gen(function*() {
      const failing = Resolver.layer({ userId: () => "u-1", tenantId: () => Promise.reject(new Error("down")) })
      const error = yield* Effect.flip(resolveWith(failing, [userId, tenantId], {}))
      assert.strictEqual(error._tag, "ResolverFailed")
      assert.strictEqual(error.param, "tenantId")
    }))
})

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
