/**
 * The Effect 3 test kit (docs/effect4.md §Tests): what a test body needs that Effect 3 and Effect 4
 * spell differently, under one name. Tests import it as `#test-target` (vitest.targets.ts); its
 * Effect 4 twin is `./v4.ts`, with the same exports. Keep it to what tests really differ on.
 */
import * as Cause from "effect/Cause"
import * as Layer from "effect/Layer"
import * as Logger from "effect/Logger"
import * as Option from "effect/Option"
import * as TestContext from "effect/TestContext"

/** Which Effect this run is on. */
export const target: "effect3" | "effect4" = "effect3"

/** What `it.effect` provides, as `@effect/vitest` does: the test clock, and no log output. */
export const TestServices: Layer.Layer<never> = TestContext.TestContext.pipe(
  Layer.provide(Logger.remove(Logger.defaultLogger))
) as Layer.Layer<never>

/** The typed failure of a cause, if it has one. */
export const failureOf = <E>(cause: Cause.Cause<E>): E | undefined => Option.getOrUndefined(Cause.failureOption(cause))

/** Whether a cause is interruption only. */
export const interruptedOnly = <E>(cause: Cause.Cause<E>): boolean => Cause.isInterruptedOnly(cause)

/** The `_tag` of `Effect.timeout`'s error. */
export const TIMEOUT_TAG = "TimeoutException"
