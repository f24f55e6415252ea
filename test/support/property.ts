/**
 * The one place every property test takes its seed and run count from, so that a failure can be
 * replayed and a deeper or different run asked for the same way in every file:
 *
 * - `RCP_PROPERTY_SEED=<integer>`: the base seed (default 424242, so that `npm test` checks the same
 *   cases each time); `RCP_PROPERTY_SEED=random` draws one, printed with any failure.
 * - `RCP_PROPERTY_RUNS=<integer>`: the runs of each property, for the files that scale from it.
 *
 * Each property adds its own fixed offset to the base seed, so that properties over the same
 * arbitrary see different cases. On failure the message names the base seed to set, the
 * property's own seed and the counterexample's path (fast-check's `{ seed, path }` replays just it).
 */
import * as fc from "fast-check"

const DEFAULT_SEED = 424242

const parseSeed = (text: string | undefined): number => {
  if (text === undefined || text === "") return DEFAULT_SEED
  // fast-check seeds are 32-bit integers.
  if (text === "random") return (Math.random() * 0x7fffffff) | 0
  const seed = Number(text)
  if (!Number.isSafeInteger(seed)) throw new Error(`RCP_PROPERTY_SEED must be an integer or "random", got ${JSON.stringify(text)}`)
  return seed
}

/** The base seed of this run. */
export const SEED: number = parseSeed(process.env.RCP_PROPERTY_SEED)

/** `RCP_PROPERTY_RUNS` when set, else the file's own default. */
export const propertyRuns = (fallback: number): number => {
  const text = process.env.RCP_PROPERTY_RUNS
  if (text === undefined || text === "") return fallback
  const runs = Number(text)
  if (!Number.isSafeInteger(runs) || runs < 1) throw new Error(`RCP_PROPERTY_RUNS must be a positive integer, got ${JSON.stringify(text)}`)
  return runs
}

/**
 * What a reporter reads of fast-check's run details: the fields fast-check 3 (behind
 * `effect/FastCheck` and `it.prop`) and fast-check 4 share.
 */
interface Details {
  readonly failed: boolean
  readonly numRuns: number
  readonly numShrinks: number
  readonly seed: number
  readonly counterexample: unknown
  readonly counterexamplePath: string | null
  readonly errorInstance: unknown
}

/** The failure message: what failed, and how to replay it. */
export const failureMessage = (details: Details, offset: number): string => {
  const error = details.errorInstance
  const cause = error instanceof Error ? error.message : error === null || error === undefined ? "" : String(error)
  return [
    `Property failed after ${details.numRuns} run(s) with seed ${details.seed} ` +
    `(RCP_PROPERTY_SEED=${SEED}, this property's offset ${offset}), path ${JSON.stringify(details.counterexamplePath)}.`,
    `Replay: RCP_PROPERTY_SEED=${SEED} npx vitest run <this file>`,
    details.counterexample === null
      ? "No counterexample (too many skipped runs?)"
      : `Counterexample: ${fc.stringify(details.counterexample)}`,
    `Shrunk ${details.numShrinks} time(s)`,
    `Got error: ${cause}`
  ].join("\n")
}

const reporter = (offset: number) => (details: Details): void => {
  if (!details.failed) return
  throw new Error(failureMessage(details, offset), { cause: details.errorInstance })
}

/**
 * Parameters for `fc.assert` (and `it.prop`'s `fastCheck`): the base seed plus `offset`, the runs,
 * and a reporter that prints the seed to replay a failure with. Give each property of a file its
 * own offset.
 */
export const seeded = (offset: number, numRuns: number) => ({
  seed: SEED + offset,
  numRuns,
  reporter: reporter(offset)
})

/**
 * A property's predicate made asynchronous, letting the event loop run every 200 cases: a long run
 * (`npm run test:deep`, 20,000 cases) must not keep the test runner's own messages waiting until
 * vitest gives up on them ("Timeout calling onTaskUpdate"). For `fc.asyncProperty`.
 */
export const yielding = <A extends ReadonlyArray<unknown>, R>(predicate: (...args: A) => R) => {
  let cases = 0
  return async (...args: A): Promise<R> => {
    if (++cases % 200 === 0) await new Promise((resolve) => setImmediate(resolve))
    return predicate(...args)
  }
}
