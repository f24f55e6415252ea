/**
 * The client's Schema half — `Manifest.decode` and `Lock.validate`, over `effect/Schema` — loaded
 * with a dynamic `import()` when a client is built, not when `rcp-sdk/client` is imported: Schema's
 * module graph (it loads fast-check, Arbitrary, Pretty…) is most of a cold import's time, and a
 * client needs it only once it discovers, registers or checks a lock. Loaded once per process.
 */
import * as Effect from "effect/Effect"
import type * as Lock from "../Lock.js"
import type * as Manifest from "../Manifest.js"

/** @internal */
export interface Codec {
  readonly Manifest: typeof Manifest
  readonly Lock: typeof Lock
}

let loading: Promise<Codec> | undefined

const importCodec = (): Promise<Codec> =>
  Promise.all([import("../Manifest.js"), import("../Lock.js")]).then(([Manifest, Lock]) => ({ Manifest, Lock }))

/**
 * The codec, imported on the first call in the process.
 *
 * @internal
 */
export const load: Effect.Effect<Codec> = Effect.promise(() => (loading ??= importCodec()))
