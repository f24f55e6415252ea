/**
 * The lock file's shape (docs/lock.md) checked in plain TypeScript (`shared/shapeCheck.ts`), as
 * `check.ts` checks the manifest's: the same check and the same messages on both Effect targets
 * (docs/effect4.md), worded as Effect 3 words them. Unknown fields are problems: a lock is written
 * by `rcp lock`, and a field this version does not know would be a promise it does not keep.
 * `test/manifest/lockCheck.test.ts` holds it to `Lock.Lock`, the lock written with Effect 3's
 * combinators: same values, same paths, same messages.
 */
import {
  type Check,
  type Checked,
  defaulted,
  matching,
  oneOf,
  record,
  required,
  run,
  string,
  struct
} from "../shared/shapeCheck.js"
import { ABSENT, FIELDS } from "./pin.js"

export type { Checked } from "../shared/shapeCheck.js"

/** `Lock.LOCK_VERSION`. @internal */
export const LOCK_VERSION = 1 as const

/** `Lock.Digest`'s rule. @internal */
export const DIGEST = /^sha256:[0-9a-f]{64}$/

/** `Lock.Digest`'s message. @internal */
export const DIGEST_MESSAGE = "expected \"sha256:\" followed by 64 lowercase hex digits"

const excess = { excess: "error" } as const

const Digest = matching(DIGEST, () => DIGEST_MESSAGE)

/**
 * The pinned fields a lock may lack, each with the digest it then reads as: `tags` joined the
 * manifest (docs/protocol.md §8) after locks were written, and a lock written before has no digest
 * for them, which reads as the digest of an absent field — what every tool then had.
 *
 * @internal
 */
export const DEFAULTS: Readonly<Partial<Record<(typeof FIELDS)[number], string>>> = { tags: ABSENT }

// Unnamed in the Schema. With a defaulted field it is a transformation (absent → the default), and
// Effect 3 names an unnamed one by its side, "Struct (Encoded side)"; without, by its structure.
const Fields = struct(
  Object.keys(DEFAULTS).length > 0
    ? "Struct (Encoded side)"
    : `{ ${FIELDS.map((field) => `readonly ${field}: Digest`).join("; ")} }`,
  Object.fromEntries(FIELDS.map((field) => {
    const absent = DEFAULTS[field]
    return [field, absent === undefined ? required(Digest) : defaulted(Digest, absent)]
  })),
  excess
)

const ToolPin = struct("ToolPin", { digest: required(Digest), fields: required(Fields) }, excess)

const ApiPin = struct("ApiPin", { origin: required(string), tools: required(record(ToolPin, "ToolPin")) }, excess)

/** `Lock.Lock`'s `version`'s message. @internal */
export const VERSION_MESSAGE = `unsupported lock version: this library reads version ${LOCK_VERSION}`

const Lock = struct("Lock", {
  version: required(oneOf([LOCK_VERSION], () => VERSION_MESSAGE) as Check),
  apis: required(record(ApiPin, "ApiPin"))
}, excess)

/**
 * The lock's shape checked: every problem (path and message), or the lock. The caller types the
 * value: it has `Lock.Lock`'s shape.
 *
 * @internal
 */
export const check = (input: unknown): Checked => run(Lock, input)
