/**
 * The OpenAPI importer's errors. Messages carry the parser's own words and where the spec came
 * from — a spec is public API description, never a secret — clipped so that a hostile document
 * cannot make a megabyte message.
 */
import * as Data from "effect/Data"
import { clip, escape } from "./text.js"

/**
 * `Data.TaggedError` with the static `_tag` the classes had as Schema classes
 * (`OpenApiInvalid._tag === "OpenApiInvalid"`); `Data.TaggedError` behaves the same on Effect 3
 * and Effect 4, where a `Schema.TaggedError` has no static `_tag` and an empty message
 * (docs/effect4.md §Error classes on both Effects).
 */
const TaggedError = <Tag extends string>(tag: Tag): ReturnType<typeof Data.TaggedError<Tag>> & { readonly _tag: Tag } =>
  Object.assign(Data.TaggedError(tag), { _tag: tag })

/**
 * The document is not a valid OpenAPI 3.0/3.1 or Swagger 2.0 description, or it cannot be turned
 * into a manifest at all (no server URL and no `baseUrl`). `messages` are the parser's (or ours),
 * one per problem.
 *
 * @since 0.1.0
 * @category errors
 */
export class OpenApiInvalid extends TaggedError("OpenApiInvalid")<{
  readonly source?: string
  readonly messages: ReadonlyArray<string>
}> {
  override get message(): string {
    // Escaped here too (`invalid` escapes what it is given), for an error built any other way.
    const from = this.source === undefined ? "" : ` ${escape(clip(this.source, 200))}`
    const shown = this.messages.slice(0, 20).map((m) => `  - ${escape(clip(m, 500))}`)
    const more = this.messages.length > 20 ? [`  … (${this.messages.length} in all)`] : []
    return `invalid OpenAPI document${from}:\n${[...shown, ...more].join("\n")}`
  }
}

/**
 * `@readme/openapi-parser`, the dependency of `@rcp-sdk/openapi` that reads OpenAPI, is missing from
 * this installation.
 *
 * @since 0.1.0
 * @category errors
 */
export class OpenApiParserMissing extends TaggedError("OpenApiParserMissing")<{}> {
  override get message(): string {
    return "install @readme/openapi-parser (a dependency of @rcp-sdk/openapi, missing from this installation) to import OpenAPI documents"
  }
}

/**
 * `OpenApiInvalid` with `messages` and `source` escaped: the parser's words quote the document
 * (and a path or URL may carry anything), and both fields are read as they are, not only through
 * `message` (issue #29).
 *
 * @internal
 */
export const invalid = (messages: ReadonlyArray<string>, source: string | undefined): OpenApiInvalid => {
  const escaped = messages.map(escape)
  return new OpenApiInvalid(source === undefined ? { messages: escaped } : { messages: escaped, source: escape(source) })
}
