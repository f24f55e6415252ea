/**
 * `@effect/vitest`'s `it.effect` / `it.scoped` / `it.live` / `it.scopedLive` over plain vitest and
 * `Effect.runPromise`, for test files that run on both Effect targets (docs/effect4.md §Tests):
 * `@effect/vitest` 0.x is built on Effect 3 and 4.x needs vitest 5 (Node ≥ 22.12), so the one
 * vitest 3 on Node 20 runs both targets through this instead. A file moves onto it by changing
 * `from "@effect/vitest"` to `from "./support/effectVitest.js"`; its bodies stay as they are.
 * The test services (`TestClock`) come from the target's kit (`#test-target`, test/support/target/).
 *
 * Also as `@effect/vitest` has them: `prop` (on `it` and on each runner: fast-check arbitraries
 * only, in an array or a record — `@effect/vitest` also takes Schemas, whose arbitraries differ
 * between the Effects), `it.layer(layer)(name, (it) => …)` (the layer built once for the block,
 * torn down after it; its `it.effect` / `it.scoped` get the layer's services) and `it.flakyTest`.
 */
import { catchDefect, type DurationInput } from "#target/Effects.js"
import { TestServices } from "#test-target"
import type * as Context from "effect/Context"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Layer from "effect/Layer"
import * as Scope from "effect/Scope"
import * as fc from "fast-check"
import { afterAll, beforeAll, describe, it as vitestIt, type TestContext } from "vitest"

export { afterAll, afterEach, assert, beforeAll, beforeEach, describe, expect } from "vitest"

type Body<A, E> = (ctx: TestContext) => Effect.Effect<A, E, any>
type Options = number | { readonly timeout?: number | undefined }

/** Arbitraries of a property: an array (the body gets a tuple) or a record (the body gets a record). */
type Arbitraries = ReadonlyArray<fc.Arbitrary<any>> | { readonly [key: string]: fc.Arbitrary<any> }
type Values<Arbs extends Arbitraries> = { -readonly [K in keyof Arbs]: Arbs[K] extends fc.Arbitrary<infer T> ? T : never }
type PropOptions<Arbs extends Arbitraries> = number | {
  readonly timeout?: number
  readonly fastCheck?: fc.Parameters<[Values<Arbs>]> | fc.Parameters<any>
}

const options = (timeout: Options | undefined): { readonly timeout?: number } =>
  typeof timeout === "number" ? { timeout } : timeout?.timeout === undefined ? {} : { timeout: timeout.timeout }
const fastCheckOf = (timeout: PropOptions<any> | undefined) => (typeof timeout === "object" ? timeout.fastCheck ?? {} : {})

/** One asynchronous property over `arbitraries`, each run given the values as `@effect/vitest` gives them. */
const property = <Arbs extends Arbitraries>(arbitraries: Arbs, run: (values: Values<Arbs>) => Promise<unknown> | unknown) =>
  Array.isArray(arbitraries)
    ? (fc.asyncProperty as unknown as (...args: Array<unknown>) => fc.IAsyncProperty<Array<unknown>>)(...arbitraries, async (...values: Array<unknown>) => {
      await run(values as Values<Arbs>)
    })
    : fc.asyncProperty(fc.record(arbitraries as Record<string, fc.Arbitrary<any>>), async (values) => {
      await run(values as Values<Arbs>)
    })

const tester = (around: <A, E>(effect: Effect.Effect<A, E, any>) => Effect.Effect<A, E, never>) => {
  const runEffect = <A, E>(effect: Effect.Effect<A, E, any>, ctx: TestContext) =>
    Effect.runPromise(around(effect), { signal: ctx.signal }).then(() => undefined)
  const run = <A, E>(self: Body<A, E>) => (ctx: TestContext) => runEffect(Effect.suspend(() => self(ctx)), ctx)
  const test = <A, E>(name: string, self: Body<A, E>, timeout?: Options) => vitestIt(name, options(timeout), run(self))
  return Object.assign(test, {
    skip: <A, E>(name: string, self: Body<A, E>, timeout?: Options) => vitestIt.skip(name, options(timeout), run(self)),
    only: <A, E>(name: string, self: Body<A, E>, timeout?: Options) => vitestIt.only(name, options(timeout), run(self)),
    skipIf: (condition: unknown) => <A, E>(name: string, self: Body<A, E>, timeout?: Options) =>
      vitestIt.skipIf(condition)(name, options(timeout), run(self)),
    each: <T>(cases: ReadonlyArray<T>) => <A, E>(name: string, self: (args: T) => Effect.Effect<A, E, any>, timeout?: Options) =>
      vitestIt.for(cases)(name, options(timeout), (args, ctx) => run(() => self(args))(ctx)),
    /** A property whose every run is this runner's effect (fast-check's `asyncProperty`). */
    prop: <const Arbs extends Arbitraries, A, E>(
      name: string,
      arbitraries: Arbs,
      self: (values: Values<Arbs>, ctx: TestContext) => Effect.Effect<A, E, any>,
      timeout?: PropOptions<Arbs>
    ) =>
      vitestIt(name, options(timeout), (ctx) =>
        fc.assert(property(arbitraries, (values) => runEffect(Effect.suspend(() => self(values, ctx)), ctx)), fastCheckOf(timeout) as fc.Parameters<any>))
  })
}

/** A plain property (fast-check's `property`), as `@effect/vitest`'s `it.prop`. */
const prop = <const Arbs extends Arbitraries>(
  name: string,
  arbitraries: Arbs,
  self: (values: Values<Arbs>, ctx: TestContext) => unknown,
  timeout?: PropOptions<Arbs>
) =>
  vitestIt(name, options(timeout), (ctx) =>
    fc.assert(property(arbitraries, (values) => self(values, ctx)), fastCheckOf(timeout) as fc.Parameters<any>))

const withTestServices = <A, E>(effect: Effect.Effect<A, E, any>) =>
  Effect.provide(effect, TestServices) as Effect.Effect<A, E, never>

/**
 * `@effect/vitest`'s `flakyTest`: `self` again on a failure or a defect, up to 10 more times while
 * under `timeout` (30 s), then its failure as a defect.
 */
const flakyTest = <A, E, R>(self: Effect.Effect<A, E, R>, timeout: DurationInput = Duration.seconds(30)) =>
  Effect.suspend(() => {
    const until = Date.now() + Duration.toMillis(timeout)
    return catchDefect(self, Effect.fail).pipe(Effect.retry({ times: 10, while: () => Date.now() <= until }), Effect.orDie)
  }) as Effect.Effect<A, never, R>

/**
 * `@effect/vitest`'s `it.layer(layer)(name, (it) => …)`: a `describe` block whose tests share one
 * build of `layer` (with the test services beneath it), made before the block and closed after it.
 */
const layer = <ROut, E>(built: Layer.Layer<ROut, E, never>, layerOptions?: { readonly timeout?: DurationInput }) =>
(name: string, f: (it: ReturnType<typeof methodsWith>) => void): void => {
  const timeout = layerOptions?.timeout === undefined ? undefined : Duration.toMillis(layerOptions.timeout)
  describe(name, () => {
    let scope: Parameters<typeof Scope.close>[0] | undefined
    let context: Context.Context<ROut> | undefined
    beforeAll(async () => {
      scope = await Effect.runPromise(Scope.make())
      context = await Effect.runPromise(
        Layer.buildWithScope(Layer.provideMerge(built, TestServices as Layer.Layer<never>), scope) as Effect.Effect<Context.Context<ROut>, E>
      )
    }, timeout)
    afterAll(async () => {
      if (scope !== undefined) await Effect.runPromise(Scope.close(scope, Exit.void))
    }, timeout)
    const withLayer = <A, E2>(effect: Effect.Effect<A, E2, any>) =>
      Effect.suspend(() => Effect.provide(effect, context!)) as Effect.Effect<A, E2, never>
    f(methodsWith(withLayer))
  })
}

const methodsWith = (provided: <A, E>(effect: Effect.Effect<A, E, any>) => Effect.Effect<A, E, never>) => ({
  effect: tester((effect) => provided(withTestServices(effect))),
  scoped: tester((effect) => provided(withTestServices(Effect.scoped(effect)))),
  prop,
  flakyTest
})

/** vitest's `it`, with `@effect/vitest`'s Effect runners. */
export const it = Object.assign(vitestIt, {
  effect: tester(withTestServices),
  scoped: tester((effect) => withTestServices(Effect.scoped(effect))),
  live: tester((effect) => effect as Effect.Effect<any, any, never>),
  scopedLive: tester((effect) => Effect.scoped(effect) as Effect.Effect<any, any, never>),
  prop,
  layer,
  flakyTest
})
