/**
 * `Manifest.validate` and `Manifest.decode` (docs/protocol.md §1): shape (`shape.ts`) and
 * meaning (`validate.ts`) checked together, every problem reported with its path. Apart from
 * `Manifest.ts`, so that a client decodes without loading `effect/Schema`.
 */
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import type * as Manifest from "../../Manifest.js"
import { describeValue, escapeControls, messageOf } from "../shared/text.js"
import { isRecord } from "../shared/values.js"
import { ManifestInvalid } from "./model.js"
import * as ProtocolVersion from "./protocolVersion.js"
import * as ManifestShape from "./shape.js"
import * as Validate from "./validate.js"

/**
 * Effect's union matching reads a discriminant with `String(value)`, which throws on JSON such as
 * `{"toString": 1}`; an object there can never match anyway, so the Schema sees a stand-in.
 */
const withReadableDiscriminant = (input: Record<string, unknown>): Record<string, unknown> => {
  const auth = input["auth"]
  if (typeof auth !== "object" || auth === null || Array.isArray(auth)) return input
  const type = (auth as Record<string, unknown>)["type"]
  if (typeof type !== "object" || type === null) return input
  return { ...input, auth: { ...auth, type: describeValue(type) } }
}

/** @internal */
export const validate = (
  input: unknown,
  options: Manifest.ValidateOptions = {}
): Either.Either<Manifest.Manifest, ReadonlyArray<Manifest.ManifestIssue>> => {
  try {
    if (typeof input !== "object" || input === null || Array.isArray(input)) {
      return Either.left([{ path: [], message: `a manifest must be a JSON object, got ${describeValue(input)}` }])
    }
    // Junk too deep (or cyclic) to look at safely: the Schema's error formatting would recurse through it.
    const structure = Validate.checkStructure(input)
    if (structure !== undefined) return Either.left([structure])
    const shape = ManifestShape.decode(withReadableDiscriminant(input as Record<string, unknown>))
    const shapeIssues: Array<Manifest.ManifestIssue> = Either.isLeft(shape) ? Validate.parseIssues(shape.left) : []
    // Messages quote manifest text: no raw control character may reach a terminal or a log.
    const issues = [...shapeIssues, ...Validate.check(input, options)].map((issue) => ({
      ...issue,
      message: escapeControls(issue.message)
    }))
    if (issues.length > 0 || Either.isLeft(shape)) return Either.left(issues)
    // What the Schema decoded is a Manifest: `shape.ts` is that Schema's AST.
    return Either.right(shape.right as Manifest.Manifest)
  } catch (cause) {
    // Only exotic inputs get here (a getter or Proxy that throws): still a typed rejection.
    return Either.left([{ path: [], message: `could not be read: ${messageOf(cause, "unknown")}` }])
  }
}

/** @internal */
export const decode = (
  input: unknown,
  options?: Manifest.ValidateOptions & { readonly source?: string }
): Effect.Effect<Manifest.Manifest, ManifestInvalid> =>
  Either.match(validate(input, options), {
    onLeft: (issues) =>
      Effect.fail(new ManifestInvalid(options?.source === undefined ? { issues } : { issues, source: options.source })),
    onRight: Effect.succeed
  })

/**
 * `decode` as a client reads a manifest at discovery (docs/protocol.md §2 step 5, §9): in a `"0.2"`
 * manifest, a tool whose param type, style or body encoding this library does not know is set
 * aside first — a warning, not a problem — and the rest is decoded; a problem of a tool that stays
 * is reported at that tool's own index.
 *
 * @internal
 */
export const decodeReadable = (
  input: unknown,
  options?: Manifest.ValidateOptions & { readonly source?: string }
): Effect.Effect<{ readonly manifest: Manifest.Manifest; readonly warnings: ReadonlyArray<string> }, ManifestInvalid> => {
  let aside: ReturnType<typeof ProtocolVersion.setAside> | undefined
  try {
    aside = isRecord(input) ? ProtocolVersion.setAside(input) : undefined
  } catch {
    // Only exotic inputs throw (a getter, a Proxy): `decode` reports them as unreadable.
    aside = undefined
  }
  if (aside === undefined || aside.warnings.length === 0) {
    return Effect.map(decode(input, options), (manifest) => ({ manifest, warnings: [] }))
  }
  return Either.match(validate(aside.input, options), {
    onLeft: (issues) => {
      const moved = issues.map((issue) =>
        issue.path[0] === "tools" && typeof issue.path[1] === "number"
          ? { ...issue, path: ["tools", aside.indexOf(issue.path[1]), ...issue.path.slice(2)] }
          : issue
      )
      return Effect.fail(
        new ManifestInvalid(options?.source === undefined ? { issues: moved } : { issues: moved, source: options.source })
      )
    },
    onRight: (manifest) => Effect.succeed({ manifest, warnings: aside.warnings.map(escapeControls) })
  })
}
