/**
 * The client's two transports, for tests that must hold over each: `Client.layer` over an
 * Effect `HttpClient` (fetch here) and `Client.layerUndici`, which sends through its own
 * undici agent. Also `watchUnhandledErrors`, for files that run the undici transport.
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Client from "../../src/Client.js"
import * as Resolver from "../../src/Resolver.js"
import { afterAll, assert, beforeAll, describe, it } from "./effectVitest.js"
import { clientLayer, type Resolvers } from "./execute.js"

/** The client under test over one transport, with the given options and resolvers. */
export type TransportLayer = (options?: Client.Options, resolvers?: Resolvers) => Layer.Layer<Client.RcpClient>

/** The client under test straight over undici, with its own agent. */
export const undiciLayer: TransportLayer = (options = {}, resolvers = {}) =>
  Client.layerUndici(options).pipe(Layer.provide(Resolver.layer(resolvers)))

/** Both transports, each with the label its tests are prefixed with. */
export const TRANSPORTS: ReadonlyArray<readonly [label: string, layer: TransportLayer]> = [
  ["fetch", (options, resolvers) => clientLayer(options, resolvers)],
  ["undici", undiciLayer]
]

/**
 * An error event on a body nobody listens to any more (a discarded redirect, a body over the cap)
 * is an uncaught exception. This collects every uncaught exception and unhandled rejection of the
 * calling file and adds a last suite asserting there were none: call it at the end of the file.
 */
export const watchUnhandledErrors = (): void => {
  const unhandled: Array<unknown> = []
  const onUnhandled = (error: unknown) => void unhandled.push(error)
  beforeAll(() => {
    process.on("uncaughtException", onUnhandled)
    process.on("unhandledRejection", onUnhandled)
  })
  afterAll(() => {
    process.off("uncaughtException", onUnhandled)
    process.off("unhandledRejection", onUnhandled)
  })
  describe("nothing escapes", () => {
    it.scopedLive("no uncaught exception or unhandled rejection during this file", () =>
      Effect.gen(function*() {
        // Error events of destroyed bodies come on later ticks.
        yield* Effect.sleep("50 millis")
        assert.deepStrictEqual(unhandled.map(String), [])
      }))
  })
}
