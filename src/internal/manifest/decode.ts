/**
 * `Manifest.validate` and `Manifest.decode` (docs/protocol.md §1): shape (`shape.ts`) and
 * meaning (`validate.ts`) checked together, every problem reported with its path. Apart from
 * `Manifest.ts`, so that a client decodes without loading `effect/Schema`.
 */
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import type * as Manifest from "../../Manifest.js"
import { describeValue, escapeControls, messageOf } from "../shared/text.js"
import { ManifestInvalid } from "./model.js"
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
