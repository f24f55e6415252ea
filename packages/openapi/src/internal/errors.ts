/**
 * The OpenAPI importer's errors. Messages carry the parser's own words and where the spec came
 * from — a spec is public API description, never a secret — clipped so that a hostile document
 * cannot make a megabyte message.
 */
import * as Schema from "effect/Schema"
import { clip } from "./text.js"

/**
 * The document is not a valid OpenAPI 3.0/3.1 or Swagger 2.0 description, or it cannot be turned
 * into a manifest at all (no server URL and no `baseUrl`). `messages` are the parser's (or ours),
 * one per problem.
 *
 * @since 0.1.0
 * @category errors
 */
export class OpenApiInvalid extends Schema.TaggedError<OpenApiInvalid>()("OpenApiInvalid", {
  source: Schema.optionalWith(Schema.String, { exact: true }),
  messages: Schema.Array(Schema.String)
}) {
  override get message(): string {
    const from = this.source === undefined ? "" : ` ${clip(this.source, 200)}`
    const shown = this.messages.slice(0, 20).map((m) => `  - ${clip(m, 500)}`)
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
export class OpenApiParserMissing extends Schema.TaggedError<OpenApiParserMissing>()("OpenApiParserMissing", {}) {
  override get message(): string {
    return "install @readme/openapi-parser (a dependency of @rcp-sdk/openapi, missing from this installation) to import OpenAPI documents"
  }
}

/** @internal */
export const invalid = (messages: ReadonlyArray<string>, source: string | undefined): OpenApiInvalid =>
  new OpenApiInvalid(source === undefined ? { messages } : { messages, source })
