/**
 * The Effect 4 test kit: `./v3.ts`'s names, Effect 4's spelling.
 */
import * as Cause from "effect/Cause"
import type * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as TestClock from "effect/testing/TestClock"

/** Which Effect this run is on. */
export const target: "effect3" | "effect4" = "effect4"

/** What `it.effect` provides: the test clock. */
export const TestServices: Layer.Layer<never> = TestClock.layer() as Layer.Layer<never>

/** The typed failure of a cause, if it has one. */
export const failureOf = <E>(cause: Cause.Cause<E>): E | undefined => Option.getOrUndefined(Cause.findErrorOption(cause))

/** Whether a cause is interruption only. */
export const interruptedOnly = <E>(cause: Cause.Cause<E>): boolean => Cause.hasInterruptsOnly(cause)

/** The `_tag` of `Effect.timeout`'s error. */
export const TIMEOUT_TAG = "TimeoutError"
