/**
 * The lock file's public Schemas (`Lock.Lock`, `Lock.ApiPin`, …) on Effect 4, written with Effect
 * 4's combinators. `Lock.validate` does not decode with them (`manifest/lockCheck.ts` does, on both
 * targets, with the protocol's messages); decoding with them directly gives Effect 4's own
 * messages. The Effect 3 twin is `../v3/LockSchema.ts`.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"

/** A public Schema of this target: `Schema.Codec<A>`. @internal */
export type Of<A> = Schema.Codec<A>

/** @internal */
export interface Spec {
  readonly version: number
  readonly versionMessage: string
  readonly digest: RegExp
  readonly digestMessage: string
  readonly fields: ReadonlyArray<string>
  /** The fields a lock may lack, each with the digest it then reads as. */
  readonly defaults: Readonly<Record<string, string | undefined>>
}

/** @internal */
export interface Schemas {
  readonly Digest: Of<unknown>
  readonly ToolPin: Of<unknown>
  readonly ApiPin: Of<unknown>
  readonly Lock: Of<unknown>
  readonly LockIssue: Of<unknown>
}

/** The Schemas, written with Effect 4's combinators over `spec`. @internal */
export const make = (spec: Spec): Schemas => {
  const Digest = Schema.String.check(Schema.makeFilter((value: string) => {
    spec.digest.lastIndex = 0
    return spec.digest.test(value) || spec.digestMessage
  })).annotate({ identifier: "Digest" })
  const ToolPin = Schema.Struct({
    digest: Digest,
    fields: Schema.Struct(Object.fromEntries(spec.fields.map((field) => {
      const absent = spec.defaults[field]
      return [field, absent === undefined ? Digest : Digest.pipe(Schema.withDecodingDefaultKey(Effect.succeed(absent)))]
    })))
  }).annotate({ identifier: "ToolPin" })
  const ApiPin = Schema.Struct({
    origin: Schema.String,
    tools: Schema.Record(Schema.String, ToolPin)
  }).annotate({ identifier: "ApiPin" })
  const Lock = Schema.Struct({
    version: Schema.Literal(spec.version).annotate({ message: spec.versionMessage }),
    apis: Schema.Record(Schema.String, ApiPin)
  }).annotate({ identifier: "Lock" })
  const LockIssue = Schema.Struct({
    path: Schema.Array(Schema.Union([Schema.String, Schema.Number])),
    message: Schema.String
  }).annotate({ identifier: "LockIssue" })
  return { Digest, ToolPin, ApiPin, Lock, LockIssue } as unknown as Schemas
}
