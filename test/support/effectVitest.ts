/**
 * `@effect/vitest`'s `it.effect` / `it.scoped` / `it.live` / `it.scopedLive` over plain vitest and
 * `Effect.runPromise`, for test files that run on both Effect targets (docs/effect4.md §Tests):
 * `@effect/vitest` 0.x is built on Effect 3 and 4.x needs vitest 5 (Node ≥ 22.12), so the one
 * vitest 3 on Node 20 runs both targets through this instead. A file moves onto it by changing
 * `from "@effect/vitest"` to `from "./support/effectVitest.js"`; its bodies stay as they are.
 * The test services (`TestClock`) come from the target's kit (`#test-target`, test/support/target/).
 */
import { TestServices } from "#test-target"
import * as Effect from "effect/Effect"
import { it as vitestIt, type TestContext } from "vitest"

export { afterAll, afterEach, assert, beforeAll, beforeEach, describe, expect } from "vitest"

type Body<A, E> = (ctx: TestContext) => Effect.Effect<A, E, any>
type Options = number | { readonly timeout?: number }

const options = (timeout: Options | undefined) => (typeof timeout === "number" ? { timeout } : timeout ?? {})

const tester = (around: <A, E>(effect: Effect.Effect<A, E, any>) => Effect.Effect<A, E, never>) => {
  const run = <A, E>(self: Body<A, E>) => (ctx: TestContext) =>
    Effect.runPromise(around(Effect.suspend(() => self(ctx))), { signal: ctx.signal }).then(() => undefined)
  const test = <A, E>(name: string, self: Body<A, E>, timeout?: Options) => vitestIt(name, options(timeout), run(self))
  return Object.assign(test, {
    skip: <A, E>(name: string, self: Body<A, E>, timeout?: Options) => vitestIt.skip(name, options(timeout), run(self)),
    only: <A, E>(name: string, self: Body<A, E>, timeout?: Options) => vitestIt.only(name, options(timeout), run(self)),
    skipIf: (condition: unknown) => <A, E>(name: string, self: Body<A, E>, timeout?: Options) =>
      vitestIt.skipIf(condition)(name, options(timeout), run(self)),
    each: <T>(cases: ReadonlyArray<T>) => <A, E>(name: string, self: (args: T) => Effect.Effect<A, E, any>, timeout?: Options) =>
      vitestIt.for(cases)(name, options(timeout), (args, ctx) => run(() => self(args))(ctx))
  })
}

const withTestServices = <A, E>(effect: Effect.Effect<A, E, any>) =>
  Effect.provide(effect, TestServices) as Effect.Effect<A, E, never>

/** vitest's `it`, with `@effect/vitest`'s Effect runners. */
export const it = Object.assign(vitestIt, {
  effect: tester(withTestServices),
  scoped: tester((effect) => withTestServices(Effect.scoped(effect))),
  live: tester((effect) => effect as Effect.Effect<any, any, never>),
  scopedLive: tester((effect) => Effect.scoped(effect) as Effect.Effect<any, any, never>)
})
