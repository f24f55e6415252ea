/**
 * Pinned manifests (docs/lock.md): what an operator approved of each API — per tool, a SHA-256
 * digest of everything that shapes its behaviour, and one per field — as a versioned,
 * human-readable lock file. A client given a lock (`Client.layer({ lock })`, `createRcpClient({ lock })`)
 * refuses a manifest that differs from it with `ManifestChanged` before exposing any tool.
 *
 * @since 0.3.0
 */
import * as LockSchema from "#target/LockSchema.js"
import * as Result from "#target/Result.js"
import * as Effect from "effect/Effect"
import type * as Manifest from "./Manifest.js"
import * as LockCheck from "./internal/manifest/lockCheck.js"
import * as Pin from "./internal/manifest/pin.js"
import * as Validate from "./internal/manifest/validate.js"
import { TaggedError } from "./internal/shared/taggedError.js"
import { escapeControls } from "./internal/shared/text.js"
import { normalizeUrl, withoutUserinfo } from "./internal/shared/url.js"

/**
 * The lock file format this library reads and writes.
 *
 * @since 0.3.0
 * @category models
 */
export const LOCK_VERSION: 1 = LockCheck.LOCK_VERSION

// The public Schemas, each target's own (Effect 3's or Effect 4's combinators, docs/effect4.md);
// `validate` does not use them (it runs the plain check, manifest/lockCheck.ts, on both).
const Schemas = LockSchema.make({
  version: LockCheck.LOCK_VERSION,
  versionMessage: LockCheck.VERSION_MESSAGE,
  digest: LockCheck.DIGEST,
  digestMessage: LockCheck.DIGEST_MESSAGE,
  fields: Pin.FIELDS,
  defaults: LockCheck.DEFAULTS
})

/**
 * `"sha256:"` and 64 lowercase hex digits.
 *
 * @since 0.3.0
 * @category models
 */
export const Digest: LockSchema.Of<string> = Schemas.Digest as LockSchema.Of<string>

/**
 * One approved tool: the digest of its whole definition, and of each field, so that a change can
 * be named by field (`description`, `url`, `auth`, …) without keeping the approved text.
 *
 * @since 0.3.0
 * @category models
 */
export const ToolPin: LockSchema.Of<ToolPin> = Schemas.ToolPin as LockSchema.Of<ToolPin>

/**
 * @since 0.3.0
 * @category models
 */
export interface ToolPin {
  readonly digest: string
  readonly fields: { readonly [F in Pin.Field]: string }
}

/**
 * One approved API: the origin its manifest was discovered at, and its tools by (unprefixed) name.
 *
 * @since 0.3.0
 * @category models
 */
export const ApiPin: LockSchema.Of<ApiPin> = Schemas.ApiPin as LockSchema.Of<ApiPin>

/**
 * @since 0.3.0
 * @category models
 */
export interface ApiPin {
  readonly origin: string
  readonly tools: { readonly [name: string]: ToolPin }
}

/**
 * A lock file: `{ version: 1, apis: { [manifestUrl]: ApiPin } }`.
 *
 * @since 0.3.0
 * @category models
 */
export const Lock: LockSchema.Of<Lock> = Schemas.Lock as LockSchema.Of<Lock>

/**
 * @since 0.3.0
 * @category models
 */
export interface Lock {
  readonly version: typeof LOCK_VERSION
  readonly apis: { readonly [manifestUrl: string]: ApiPin }
}

/**
 * What a client does with a manifest that has tools its pin lacks: `"exact"` (the default) refuses
 * it with `ManifestChanged`; `"allow-new-tools"` registers the pinned tools and keeps the new ones
 * hidden, with a discovery warning naming each. A changed or removed tool fails either way.
 *
 * @since 0.3.0
 * @category models
 */
export type PinPolicy = Pin.Policy

/**
 * One problem in a lock: where (`path`, as in `apis["https://…"].tools.get_profile.digest`) and what.
 *
 * @since 0.3.0
 * @category models
 */
export const LockIssue: LockSchema.Of<LockIssue> = Schemas.LockIssue as LockSchema.Of<LockIssue>

/**
 * @since 0.3.0
 * @category models
 */
export interface LockIssue extends Manifest.ManifestIssue {}

/**
 * A lock file that is not one: each problem with its path. A tagged error like every error of
 * rcp-sdk (`_tag`, `instanceof`, `Effect.catchTag`), the same class on Effect 3 and Effect 4; since
 * the release after 0.2.0 no longer a `Schema.TaggedError` class (CHANGELOG, docs/effect4.md
 * §Error classes on both Effects).
 *
 * @since 0.3.0
 * @category errors
 */
export class LockInvalid extends TaggedError("LockInvalid")<{
  readonly issues: ReadonlyArray<LockIssue>
  readonly source?: string
}> {
  override get message(): string {
    const from = this.source === undefined ? "" : ` ${this.source}`
    const lines = this.issues.map((issue) => `  - ${formatIssue(issue)}`)
    return `invalid lock${from} (${this.issues.length} problem(s)):\n${lines.join("\n")}`
  }
}

/**
 * `apis["https://…"].tools.x.digest: expected …`, controls escaped.
 *
 * @since 0.3.0
 * @category models
 */
export const formatIssue: (issue: LockIssue) => string = Validate.formatIssue

/**
 * A key must be a URL as the client keys it (or no client would ever find it), and its pinned
 * origin the URL's: a lock that says otherwise was edited by hand.
 */
const keyIssues = (lock: Lock): Array<LockIssue> =>
  Object.entries(lock.apis).flatMap(([url, api]) => {
    let origin: string
    try {
      origin = new URL(url).origin
    } catch {
      return [{ path: ["apis", url], message: "the key is not an absolute URL" }]
    }
    if (keyOf(url) !== url) {
      return [{ path: ["apis", url], message: `the key must be written as the client keys it: ${JSON.stringify(keyOf(url))}` }]
    }
    return api.origin === origin ? [] : [{
      path: ["apis", url, "origin"],
      message: `expected ${JSON.stringify(origin)}, the origin of the URL it is under`
    }]
  })

const PROTO = "__proto__"

/**
 * An own `"__proto__"` key of `apis` or of an API's `tools` (as `JSON.parse` makes one): a decoded
 * record cannot hold it — assigning it sets the prototype — so the entry would vanish, or become
 * the record's prototype, between the file and the client. Refused with its path instead.
 */
const prototypeKeyIssues = (input: unknown): Array<LockIssue> => {
  const apis = isObject(input) ? input.apis : undefined
  if (!isObject(apis)) return []
  const issues: Array<LockIssue> = []
  const refuse = (path: ReadonlyArray<string>) => issues.push({ path: [...path, PROTO], message: `the key "${PROTO}" is not allowed` })
  if (Object.hasOwn(apis, PROTO)) refuse(["apis"])
  for (const url of Object.keys(apis)) {
    const api = apis[url]
    if (isObject(api) && isObject(api.tools) && Object.hasOwn(api.tools, PROTO)) refuse(["apis", url, "tools"])
  }
  return issues
}

const isObject = (u: unknown): u is Record<string, unknown> => typeof u === "object" && u !== null && !Array.isArray(u)

/**
 * A lock (from `JSON.parse` of a lock file) checked: every problem with its path, or the lock.
 * Unknown fields are problems too: a lock is written by `rcp lock`, and a field this version does
 * not know would be a promise it does not keep.
 *
 * @since 0.3.0
 * @category decoding
 */
export const validate = (input: unknown): Result.Result<Lock, ReadonlyArray<LockIssue>> => {
  const structure = Validate.checkStructure(input)
  if (structure !== undefined) return Result.fail([structure])
  const prototypeKeys = prototypeKeyIssues(input)
  if (prototypeKeys.length > 0) return Result.fail(prototypeKeys)
  // The shape, checked in plain TypeScript on both Effect targets (manifest/lockCheck.ts).
  const shape = LockCheck.check(input)
  if (shape._tag === "Invalid") {
    return Result.fail(shape.issues.map((issue) => ({ ...issue, message: escapeControls(issue.message) })))
  }
  const lock = shape.value as Lock
  const issues = keyIssues(lock)
  return issues.length > 0 ? Result.fail(issues) : Result.succeed(lock)
}

/**
 * `validate` as an Effect: the lock, or `LockInvalid` naming `source` (the file) when given.
 *
 * @example
 * ```ts
 * import * as Effect from "effect/Effect"
 * import * as Lock from "rcp-sdk/lock"
 * import { readFileSync } from "node:fs"
 *
 * export const lock = Effect.flatMap(
 *   Effect.sync(() => JSON.parse(readFileSync("rcp.lock.json", "utf8")) as unknown),
 *   (json) => Lock.decode(json, { source: "rcp.lock.json" })
 * )
 * ```
 *
 * @since 0.3.0
 * @category decoding
 */
export const decode = (input: unknown, options?: { readonly source?: string }): Effect.Effect<Lock, LockInvalid> =>
  Result.match(validate(input), {
    onFailure: (issues) =>
      Effect.fail(new LockInvalid(options?.source === undefined ? { issues } : { issues, source: options.source })),
    onSuccess: Effect.succeed
  })

/**
 * The key a manifest URL has in a lock: the URL as the client registers it (normalized, without
 * user info).
 *
 * @since 0.3.0
 * @category constructors
 */
export const keyOf = (url: string | URL): string => withoutUserinfo(normalizeUrl(url))

/**
 * What approving one manifest, discovered at `url`, pins. The manifest is a decoded one
 * (`Manifest.decode`, or `Discovery.manifest` of a client without a lock).
 *
 * @since 0.3.0
 * @category constructors
 */
export const pin = (url: string | URL, manifest: Manifest.Manifest): ApiPin =>
  Pin.apiPin(new URL(keyOf(url)).origin, manifest)

/**
 * A lock of these manifests, each under its URL's key.
 *
 * @example
 * ```ts
 * import * as Effect from "effect/Effect"
 * import * as Client from "rcp-sdk/client"
 * import * as Lock from "rcp-sdk/lock"
 *
 * // Discovered once by a client without a lock, reviewed with describeManifest, then pinned:
 * export const approve = (url: string) =>
 *   Effect.map(Client.discover(url), (d) => Lock.format(Lock.make([{ url: d.url, manifest: d.manifest }])))
 * ```
 *
 * @since 0.3.0
 * @category constructors
 */
export const make = (
  manifests: Iterable<{ readonly url: string | URL; readonly manifest: Manifest.Manifest }>
): Lock => {
  const apis: Record<string, ApiPin> = {}
  for (const { manifest, url } of manifests) apis[keyOf(url)] = pin(url, manifest)
  return { version: LOCK_VERSION, apis }
}

/**
 * The lock as file text: 2-space JSON, keys sorted at every level, one final newline — the same
 * text for the same lock, so a lock under version control changes only where a pin did.
 *
 * @since 0.3.0
 * @category encoding
 */
export const format = (lock: Lock): string => `${Pin.canonical(lock, "  ")}\n`

/**
 * How a discovered manifest differs from what was approved: tools added, removed, and changed
 * (with the fields), and the pinned origin when it is not the manifest's.
 *
 * @since 0.3.0
 * @category models
 */
export interface Difference extends Pin.Difference {}

/**
 * `approved` against the manifest now at `url`; `isSame` tells whether anything changed.
 *
 * @since 0.3.0
 * @category combinators
 */
export const diff = (approved: ApiPin, url: string | URL, manifest: Manifest.Manifest): Difference =>
  Pin.compare(approved, pin(url, manifest))

/**
 * Whether a `Difference` is no change at all.
 *
 * @since 0.3.0
 * @category guards
 */
export const isSame: (difference: Difference) => boolean = Pin.isSame

/**
 * A pinned tool name as messages show it (`ManifestChanged`, `rcp diff`): cut to 64 characters and
 * escaped (`Manifest.escapeControls`), since a name read from a lock is untrusted text.
 *
 * @since 0.2.0
 * @category utils
 */
export const shownName: (name: string) => string = Pin.shownName
