/**
 * Linear time as a ratio, never as a time limit (`npm test` holds only generous ratio guards): the
 * time work takes on a larger input over the time it takes on a smaller one, each the median of
 * samples interleaved with the other's. Time here is the process's CPU time, which other processes
 * on a busy machine do not inflate (a clock would count the time they had the CPU, and more of it
 * in a longer sample).
 *
 * Three steps. 256 B to 4 KiB, then 2 to 32 KiB, each 16 times the input (linear: 16 at most,
 * fixed costs making it less, or up to about 50 where the input stops fitting in the CPU's caches;
 * quadratic: 256; the bound 100), so that a quadratic parser fails while it is still quick
 * instead of taking minutes at the top. Then the check, 256 KiB to 1 MiB (linear: about 4, up to 7
 * with allocation and GC; quadratic: 16; the bound 10).
 *
 * No step straddles V8's large-object threshold (an object over 128 KiB, a one-byte string of 128 Ki
 * characters or a two-byte one of 64 Ki, is allocated on pages of its own): a copy of the input there
 * (a `toLowerCase` of a header name) costs some 30 times more per character than below it, linear on
 * either side. A step of 16 to 256 KiB read that jump as 100–300x for linear code; both inputs of
 * each step are now on one side of it.
 *
 * Each input is repeated until its own sample lasts {@link SAMPLE_MS}: repetitions picked from the
 * larger input alone left the smaller one's sample at a few hundredths of a millisecond, under what
 * the CPU clock resolves, and the ratio was noise.
 */

/** Over this for 4 times the input, time grows faster than linearly. */
export const MAX_RATIO = 10

const KiB = 1024

const STEPS: ReadonlyArray<readonly [small: number, large: number, bound: number]> = [
  [KiB / 4, 4 * KiB, 100],
  [2 * KiB, 32 * KiB, 100],
  [256 * KiB, 1024 * KiB, MAX_RATIO]
]

const SAMPLES = 5
const ATTEMPTS = 3
/** A sample repeats the work until it lasts this long: resolution, not a limit. */
const SAMPLE_MS = 2

const median = (values: ReadonlyArray<number>): number => [...values].sort((a, b) => a - b)[values.length >> 1]!

/** CPU milliseconds this process has used: unlike the clock, not the time other processes had the CPU. */
const cpuMs = (): number => {
  const { system, user } = process.cpuUsage()
  return (user + system) / 1000
}

/** CPU milliseconds per run, over `reps` runs. */
const timed = (work: () => void, reps: number): number => {
  const start = cpuMs()
  for (let i = 0; i < reps; i++) work()
  return (cpuMs() - start) / reps
}

export interface Ratio {
  readonly ratio: number
  /** Median CPU milliseconds per run, small and large (for the message only). */
  readonly small: number
  readonly large: number
}

/**
 * A turn of the event loop between samples: a measurement takes seconds of a loaded machine's
 * time, and a worker that holds the loop that long has vitest give up on its messages ("Timeout
 * calling onTaskUpdate"). Between samples, not within one, so the timings are unaffected.
 */
const breathe = (): Promise<void> => new Promise((resolve) => setImmediate(resolve))

/** How many runs of `work` make a sample of at least {@link SAMPLE_MS} (at most 65,536). */
const repsFor = (work: () => void): number => {
  let reps = 1
  while (timed(work, reps) * reps < SAMPLE_MS && reps < 65_536) reps *= 2
  return reps
}

/** The ratio of `run(large)` over `run(small)`: medians of interleaved samples. */
export const ratioOf = async <I>(run: (input: I) => void, small: I, large: I): Promise<Ratio> => {
  // Warm up (JIT, inline caches) on both.
  run(small)
  run(large)
  const [smallReps, largeReps] = [repsFor(() => run(small)), repsFor(() => run(large))]
  const smalls: Array<number> = []
  const larges: Array<number> = []
  for (let i = 0; i < SAMPLES; i++) {
    await breathe()
    smalls.push(timed(() => run(small), smallReps))
    larges.push(timed(() => run(large), largeReps))
  }
  const [s, l] = [median(smalls), median(larges)]
  return { ratio: l / Math.max(s, 1e-6), small: s, large: l }
}

/**
 * The first of the steps (of `make`'s size: 256 B → 4 KiB, 2 → 32 KiB, 256 KiB → 1 MiB) whose time
 * grew by more than its bound, in the best of a few attempts (noise only ever makes a sample
 * slower), or undefined when all are linear.
 */
export const superLinearStep = async <I>(make: (size: number) => I, run: (input: I) => void): Promise<string | undefined> => {
  for (const [smallSize, largeSize, bound] of STEPS) {
    const [small, large] = [make(smallSize), make(largeSize)]
    let best: Ratio | undefined
    // Retried only when near the bound: noise never makes 4 times the input take 20 times as long.
    for (let attempt = 0; attempt < ATTEMPTS && (best === undefined || (best.ratio > bound && best.ratio < 2 * bound)); attempt++) {
      const measured = await ratioOf(run, small, large)
      if (best === undefined || measured.ratio < best.ratio) best = measured
    }
    if (best!.ratio > bound) {
      return `${smallSize} → ${largeSize} characters: ${best!.ratio.toFixed(1)}x, over ${bound}x ` +
        `(${best!.small.toFixed(3)} → ${best!.large.toFixed(3)} ms of CPU)`
    }
  }
  return undefined
}
