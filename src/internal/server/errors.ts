/**
 * The error `defineTool` throws when its `args` cannot become params: raised where the author
 * wrote the tool, naming it and what was passed, never a TypeError from deep inside a lowering.
 */
import { TaggedError } from "../shared/taggedError.js"

/**
 * `args` is neither an Effect `Schema.Struct` nor a Standard Schema object that can describe
 * itself as JSON Schema, or it does not describe an object. A tagged error, the same class on
 * Effect 3 and Effect 4; since the release after 0.2.0 no longer a `Schema.TaggedError` class
 * (CHANGELOG, docs/effect4.md §Error classes on both Effects).
 *
 * @since 0.1.0
 * @category errors
 */
export class ArgsInvalid extends TaggedError("ArgsInvalid")<{
  readonly tool: string
  readonly reason: string
}> {
  override get message(): string {
    return `defineTool "${this.tool}": ${this.reason}`
  }
}
