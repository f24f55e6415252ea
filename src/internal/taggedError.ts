/**
 * `Data.TaggedError` with the static `_tag` that `Schema.TaggedError` classes carry
 * (`ToolNotFound._tag === "ToolNotFound"`), which the client's error classes kept when they stopped
 * being Schema classes (so that `rcp-sdk/client` does not load `effect/Schema` at import).
 */
import * as Data from "effect/Data"

/** @internal */
export const TaggedError = <Tag extends string>(
  tag: Tag
): ReturnType<typeof Data.TaggedError<Tag>> & { readonly _tag: Tag } => Object.assign(Data.TaggedError(tag), { _tag: tag })
