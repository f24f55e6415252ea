/**
 * The error `defineTool` throws when its `args` cannot become params: raised where the author
 * wrote the tool, naming it and what was passed, never a TypeError from deep inside a lowering.
 */
import * as Schema from "effect/Schema"

/**
 * `args` is neither an Effect `Schema.Struct` nor a Standard Schema object that can describe
 * itself as JSON Schema, or it does not describe an object.
 *
 * @since 0.1.0
 * @category errors
 */
export class ArgsInvalid extends Schema.TaggedError<ArgsInvalid>()("ArgsInvalid", {
  tool: Schema.String,
  reason: Schema.String
}) {
  override get message(): string {
    return `defineTool "${this.tool}": ${this.reason}`
  }
}
