/**
 * The client's decoding half, loaded with a dynamic `import()` when a client is built, not when
 * `rcp-sdk/client` is imported: manifest decoding (`decode.ts`, over `effect/ParseResult`)
 * for every client; `Lock.validate` (over `effect/Schema`, whose module graph — fast-check,
 * Arbitrary, Pretty… — is most of a cold process's time) only for a client with a `lock`, or on
 * the first discovery with a `pin`. Each is loaded once per process.
 */
import * as Effect from "effect/Effect"
import type * as Lock from "../../Lock.js"
import type * as ManifestDecode from "./decode.js"

/** @internal */
export interface Codec {
  readonly decode: typeof ManifestDecode.decode
  /** `decode` at discovery: tools this library cannot read set aside, with warnings (docs/protocol.md §9). */
  readonly decodeReadable: typeof ManifestDecode.decodeReadable
  /** There when the client was built with a `lock`; otherwise `lock` loads it. */
  readonly Lock: typeof Lock | undefined
}

let decoding: Promise<typeof ManifestDecode> | undefined
let locking: Promise<typeof Lock> | undefined

const importLock = (): Promise<typeof Lock> => (locking ??= import("../../Lock.js"))

/**
 * The codec, imported on the first call in the process; with `Lock` when `withLock`.
 *
 * @internal
 */
export const load = (withLock: boolean): Effect.Effect<Codec> =>
  Effect.promise(() =>
    Promise.all([decoding ??= import("./decode.js"), withLock ? importLock() : undefined]).then((
      [decoder, lock]
    ) => ({ decode: decoder.decode, decodeReadable: decoder.decodeReadable, Lock: lock }))
  )

/**
 * `Lock` (its Schemas and `validate`), from the codec when it has it, else imported now.
 *
 * @internal
 */
export const lock = (codec: Codec): Effect.Effect<typeof Lock> =>
  codec.Lock === undefined ? Effect.promise(importLock) : Effect.succeed(codec.Lock)
