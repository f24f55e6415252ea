/**
 * The client's own span (src/internal/shared/span.ts): created, parented and ended when a tracer is
 * installed; skipped with Effect's native tracer, which exports nothing — then the work inside
 * runs under the caller's span, as if the client had none.
 */
import { tracerWith } from "#target/Effects.js"
import { assert, describe, it } from "../support/effectVitest.js"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import type * as Tracer from "effect/Tracer"
import * as Span from "../../src/internal/shared/span.js"
import { type RecordedSpan, recordingTracer } from "../support/execute.js"

const currentSpanName = Effect.map(Effect.option(Effect.currentSpan), Option.match({ onNone: () => "(none)", onSome: (s) => s.name }))

// As the client calls it: from inside the step that reads the tracer in use.
const around = <A>(f: (span: Tracer.Span | undefined) => Effect.Effect<A>) =>
  tracerWith((tracer) => Span.within(tracer, "RcpClient.execute", { "rcp.tool": "t" }, f))

describe("span.within", () => {
  it.effect("with an installed tracer: one span, with its attributes, parent of the work inside, ended", () =>
    Effect.gen(function*() {
      const spans: Array<RecordedSpan> = []
      const [given, inside] = yield* around((span) =>
        Effect.map(currentSpanName, (name) => [span?.name, name] as const)).pipe(
          Effect.withSpan("caller"),
          Effect.withTracer(recordingTracer(spans))
        )
      assert.strictEqual(given, "RcpClient.execute")
      assert.strictEqual(inside, "RcpClient.execute")
      const own = spans.find((s) => s.name === "RcpClient.execute")!
      assert.strictEqual(own.parent, "caller")
      assert.deepStrictEqual([...own.attributes], [["rcp.tool", "t"]])
      assert.isTrue(own.ended)
    }))

  it.effect("with the native tracer: no span; the work inside runs under the caller's", () =>
    Effect.gen(function*() {
      const [given, inside] = yield* around((span) =>
        Effect.map(currentSpanName, (name) => [span, name] as const)).pipe(Effect.withSpan("caller"))
      assert.isUndefined(given)
      assert.strictEqual(inside, "caller")
    }))
})
