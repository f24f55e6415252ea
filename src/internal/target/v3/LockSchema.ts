/**
 * The lock file's public Schemas (`Lock.Lock`, `Lock.ApiPin`, …) on Effect 3, written with Effect
 * 3's combinators. `Lock.validate` does not decode with them (`manifest/lockCheck.ts` does, on both
 * targets, with the same messages, held to these Schemas by `test/manifest/lockCheck.test.ts`).
 * The Effect 4 twin is `../v4/LockSchema.ts`. The lock's constants come in as a `Spec`.
 */
import * as Schema from "effect/Schema"

/** A public Schema of this target: `Schema.Schema<A>`. @internal */
export type Of<A> = Schema.Schema<A>

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

/** The Schemas, written with Effect 3's combinators over `spec`. @internal */
export const make = (spec: Spec): Schemas => {
  const Digest = Schema.String.pipe(Schema.pattern(spec.digest, { message: () => spec.digestMessage })).annotations({
    identifier: "Digest"
  })
  const ToolPin = Schema.Struct({
    digest: Digest,
    fields: Schema.Struct(Object.fromEntries(spec.fields.map((field) => {
      const absent = spec.defaults[field]
      return [field, absent === undefined ? Digest : Schema.optionalWith(Digest, { default: () => absent, exact: true })]
    })))
  }).annotations({ identifier: "ToolPin" })
  const ApiPin = Schema.Struct({
    origin: Schema.String,
    tools: Schema.Record({ key: Schema.String, value: ToolPin })
  }).annotations({ identifier: "ApiPin" })
  const Lock = Schema.Struct({
    version: Schema.Literal(spec.version).annotations({
      message: () => ({ message: spec.versionMessage, override: true })
    }),
    apis: Schema.Record({ key: Schema.String, value: ApiPin })
  }).annotations({ identifier: "Lock" })
  const LockIssue = Schema.Struct({
    path: Schema.Array(Schema.Union(Schema.String, Schema.Number)),
    message: Schema.String
  }).annotations({ identifier: "LockIssue" })
  return { Digest, ToolPin, ApiPin, Lock, LockIssue } as unknown as Schemas
}
