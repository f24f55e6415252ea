/**
 * Each project of `npm run test:effect4` runs on the Effect it says it does: `effect` itself, the
 * boundary of src/ (`#target/…`) and the test kit (`#test-target`) are all that target's. In
 * `npm test` this file runs on Effect 3 only.
 */
import { target } from "#test-target"
import * as Result from "#target/Result.js"
import { Service } from "#target/Service.js"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Resolver from "../../src/Resolver.js"
import { assert, describe, it } from "../support/effectVitest.js"

describe(`the ${target} run`, () => {
  it("loads that Effect: Effect 4 has Context.Service and Effect.callback, Effect 3 Context.Tag and Effect.async", () => {
    assert.strictEqual("Service" in Context, target === "effect4")
    assert.strictEqual("Tag" in Context, target === "effect3")
    assert.strictEqual("callback" in Effect, target === "effect4")
  })

  it("src/ takes that Effect's side of the boundary: a Result is an Either on Effect 3, a Result on Effect 4", () => {
    const failure = Result.fail("no")
    assert.strictEqual((failure as unknown as { readonly _tag: string })._tag, target === "effect4" ? "Failure" : "Left")
    assert.isTrue(Result.isFailure(failure))
    if (Result.isFailure(failure)) assert.strictEqual(Result.failureOf(failure), "no")
    const success = Result.succeed(35)
    assert.isTrue(Result.isSuccess(success))
    if (Result.isSuccess(success)) assert.strictEqual(Result.successOf(success), 35)
    assert.strictEqual(Result.match(success, { onFailure: () => "failure", onSuccess: (n) => `success ${n}` }), "success 35")
  })

  it.effect("a service declared through the boundary is that Effect's key: yielded, and provided by a layer", () =>
    Effect.gen(function*() {
      class Greeting extends Service<Greeting, { readonly hello: string }>()("test/Greeting") {}
      // A key is yielded inside a generator on both (on Effect 4 it is no Effect of its own).
      const hello = Effect.gen(function*() {
        return (yield* Greeting).hello
      })
      assert.strictEqual(yield* Effect.provide(hello, Layer.succeed(Greeting, { hello: "hi" })), "hi")
      // rcp-sdk/resolver's own service is declared the same way: its layer provides it under that key.
      const resolvers = Effect.gen(function*() {
        return yield* Resolver.Resolvers
      })
      const service = yield* Effect.provide(resolvers, Resolver.layer({ userId: () => "u-1" }))
      assert.deepStrictEqual([...service.names], ["userId"])
    }))

  it.effect("the shim's runner is that Effect's runtime: it runs an effect only that Effect can build", () =>
    Effect.gen(function*() {
      // Effect 4's `callback` is Effect 3's `async`: an effect of the other Effect would die here.
      const make = (Effect as unknown as Record<string, (register: (resume: (e: Effect.Effect<number>) => void) => void) => Effect.Effect<number>>)[
        target === "effect4" ? "callback" : "async"
      ]!
      assert.strictEqual(yield* make((resume) => resume(Effect.succeed(35))), 35)
    }))
})
