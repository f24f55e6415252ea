/**
 * The errors of pinning (docs/lock.md): discovery errors, raised before anything of the manifest
 * is registered, so none can reach a tool call. Messages name tools and fields, never a field's
 * content: a changed description may be the attack.
 */
import * as Pin from "../manifest/pin.js"
import { TaggedError } from "../shared/taggedError.js"

/**
 * A discovered manifest differs from the pin it was approved as: tools added (under the `"exact"`
 * policy), removed, or changed (with the fields that changed), or a pin made for another origin.
 * Nothing from this manifest was registered; what an earlier discovery registered stays.
 *
 * @since 0.3.0
 * @category errors
 */
export class ManifestChanged extends TaggedError("ManifestChanged")<{
  readonly url: string
  readonly added: ReadonlyArray<string>
  readonly removed: ReadonlyArray<string>
  readonly changed: ReadonlyArray<{ readonly tool: string; readonly fields: ReadonlyArray<Pin.Field> }>
  readonly pinnedOrigin?: string
}> {
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
export class ManifestNotPinned extends TaggedError("ManifestNotPinned")<{
  readonly url: string
  readonly pinned: ReadonlyArray<string>
}> {
  override get message(): string {
    const shown = this.pinned.slice(0, 10).map(Pin.shownName).join(", ")
    const more = this.pinned.length > 10 ? `, … (${this.pinned.length} in all)` : ""
    return `${this.url} is not in the client's lock; nothing from it was fetched or registered. Approve it with ` +
      `\`rcp lock ${this.url}\` and add its entry to the lock (the lock pins: ${shown === "" ? "nothing" : shown}${more})`
  }
}
