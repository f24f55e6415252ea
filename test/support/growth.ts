/**
 * How a text reader's time grows from 10 KB to 100 KB of hostile input (each shape repeated to the
 * size): about 10 when linear, about 100 when quadratic. Tests of the search wing's parsers
 * (values.ts, filters.ts) bound it.
 */
export const growth = (read: (text: string) => unknown, shapes: ReadonlyArray<string>): number => {
  const time = (size: number): number => {
    const started = performance.now()
    for (const shape of shapes) read(shape.repeat(Math.ceil(size / shape.length)).slice(0, size))
    return performance.now() - started
  }
  time(10_000)
  // The best of three, against the timer's noise and the machine's load.
  const small = Math.min(time(10_000), time(10_000), time(10_000))
  const large = Math.min(time(100_000), time(100_000), time(100_000))
  return large / Math.max(small, 0.5)
}
