/**
 * `Manifest.validate` and `Manifest.decode` (docs/protocol.md §1): shape (`check.ts`) and
 * meaning (`validate.ts`) checked together, every problem reported with its path. Plain
 * TypeScript on both Effect targets (docs/effect4.md): no Effect Schema is loaded to decode a
 * manifest, and its problems read the same whichever Effect runs.
 */
import * as Result from "#target/Result.js"
import * as Effect from "effect/Effect"
import type * as Manifest from "../../Manifest.js"
import { describeValue, escapeControls, messageOf } from "../shared/text.js"
import { isRecord } from "../shared/values.js"
import * as ManifestCheck from "./check.js"
import { ManifestInvalid } from "./model.js"
import * as ProtocolVersion from "./protocolVersion.js"
import * as Validate from "./validate.js"

/** @internal */
export const validate = (
  input: unknown,
  options: Manifest.ValidateOptions = {}
): Result.Result<Manifest.Manifest, ReadonlyArray<Manifest.ManifestIssue>> => {
  try {
    if (typeof input !== "object" || input === null || Array.isArray(input)) {
      return Result.fail([{ path: [], message: `a manifest must be a JSON object, got ${describeValue(input)}` }])
    }
    // Junk too deep (or cyclic) to look at safely: printing an actual value would recurse through it.
    const structure = Validate.checkStructure(input)
    if (structure !== undefined) return Result.fail([structure])
    const shape = ManifestCheck.check(input)
    const shapeIssues = shape._tag === "Invalid" ? shape.issues : []
    // Messages quote manifest text: no raw control character may reach a terminal or a log.
    const issues = [...shapeIssues, ...Validate.check(input, options)].map((issue) => ({
      ...issue,
      message: escapeControls(issue.message)
    }))
    if (issues.length > 0 || shape._tag === "Invalid") return Result.fail(issues)
    // What the check decoded has the Manifest's shape (check.ts).
    return Result.succeed(shape.value as Manifest.Manifest)
  } catch (cause) {
    // Only exotic inputs get here (a getter or Proxy that throws): still a typed rejection.
    return Result.fail([{ path: [], message: `could not be read: ${messageOf(cause, "unknown")}` }])
  }
}

/** `validate`'s issues, none for a valid manifest (`Manifest.issuesOf`). @internal */
export const issuesOf = (input: unknown, options: Manifest.ValidateOptions = {}): ReadonlyArray<Manifest.ManifestIssue> => {
  const checked = validate(input, options)
  return Result.isFailure(checked) ? Result.failureOf(checked) : []
}

/** @internal */
export const decode = (
  input: unknown,
  options?: Manifest.ValidateOptions & { readonly source?: string }
): Effect.Effect<Manifest.Manifest, ManifestInvalid> =>
  Result.match(validate(input, options), {
    onFailure: (issues) =>
      Effect.fail(new ManifestInvalid(options?.source === undefined ? { issues } : { issues, source: options.source })),
    onSuccess: Effect.succeed
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
  return Result.match(validate(aside.input, options), {
    onFailure: (issues) => {
      const moved = issues.map((issue) =>
        issue.path[0] === "tools" && typeof issue.path[1] === "number"
          ? { ...issue, path: ["tools", aside.indexOf(issue.path[1]), ...issue.path.slice(2)] }
          : issue
      )
      return Effect.fail(
        new ManifestInvalid(options?.source === undefined ? { issues: moved } : { issues: moved, source: options.source })
      )
    },
    onSuccess: (manifest) => Effect.succeed({ manifest, warnings: aside.warnings.map(escapeControls) })
  })
}
