/**
 * `Data.TaggedError` with the static `_tag` that `Schema.TaggedError` classes carry
 * (`ToolNotFound._tag === "ToolNotFound"`), which the client's error classes kept when they stopped
 * being Schema classes (so that a client never loads `effect/Schema`; see `../manifest/codec.ts`).
 */
import * as Data from "effect/Data"

/** @internal */
export const TaggedError = <Tag extends string>(
  tag: Tag
): ReturnType<typeof Data.TaggedError<Tag>> & { readonly _tag: Tag } => Object.assign(Data.TaggedError(tag), { _tag: tag })
