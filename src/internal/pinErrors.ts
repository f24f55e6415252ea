/**
 * The errors of pinning (docs/lock.md): discovery errors, raised before anything of the manifest
 * is registered, so none can reach a tool call. Messages name tools and fields, never a field's
 * content: a changed description may be the attack.
 */
import * as Schema from "effect/Schema"
import * as Pin from "./pin.js"

const FieldName = Schema.Literal(...Pin.FIELDS)

/**
 * A discovered manifest differs from the pin it was approved as: tools added (under the `"exact"`
 * policy), removed, or changed (with the fields that changed), or a pin made for another origin.
 * Nothing from this manifest was registered; what an earlier discovery registered stays.
 *
 * @since 0.3.0
 * @category errors
 */
export class ManifestChanged extends Schema.TaggedError<ManifestChanged>()("ManifestChanged", {
  url: Schema.String,
  added: Schema.Array(Schema.String),
  removed: Schema.Array(Schema.String),
  changed: Schema.Array(Schema.Struct({ tool: Schema.String, fields: Schema.Array(FieldName) })),
  pinnedOrigin: Schema.optionalWith(Schema.String, { exact: true })
}) {
  override get message(): string {
    const what = Pin.summary({ ...this, origin: this.pinnedOrigin })
    return `${this.url}: the manifest differs from the approved pin; nothing from it was registered. ` +
      `${what.join("; ")}. Review with \`rcp diff <lock> ${this.url}\`, then approve it with \`rcp lock\``
  }
}

/**
 * The client has a lock, and the manifest's URL is not in it (and `discover` was given no `pin`):
 * refused before it was fetched or registered.
 *
 * @since 0.3.0
 * @category errors
 */
export class ManifestNotPinned extends Schema.TaggedError<ManifestNotPinned>()("ManifestNotPinned", {
  url: Schema.String,
  pinned: Schema.Array(Schema.String)
}) {
  override get message(): string {
    const shown = this.pinned.slice(0, 10).map(Pin.shownName).join(", ")
    const more = this.pinned.length > 10 ? `, … (${this.pinned.length} in all)` : ""
    return `${this.url} is not in the client's lock; nothing from it was fetched or registered. Approve it with ` +
      `\`rcp lock ${this.url}\` and add its entry to the lock (the lock pins: ${shown === "" ? "nothing" : shown}${more})`
  }
}
