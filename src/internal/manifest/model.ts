/**
 * The half of the manifest model (docs/protocol.md §1) that needs no `effect/Schema`: the version and
 * name rules, `isRequired`, and the `ManifestInvalid` error. `rcp-sdk/manifest` re-exports them;
 * the client imports them from here, so that `rcp-sdk/client` does not load Schema's module graph
 * at import (the Schemas and `decode` load on a client's first use: `codec.ts`).
 */
import type { ManifestIssue, Param } from "../../Manifest.js"
import { TaggedError } from "../shared/taggedError.js"
import { formatIssue } from "./issue.js"

/** `Manifest.RCP_VERSION`: the version of a manifest that uses nothing of 0.2. @internal */
export const RCP_VERSION = "0.1" as const

/** `Manifest.RCP_VERSIONS`: every version this library reads, oldest first (docs/protocol.md §9). @internal */
export const RCP_VERSIONS = ["0.1", "0.2"] as const

/** `Manifest.TOOL_NAME`. @internal */
export const TOOL_NAME = /^[A-Za-z0-9_-]{1,64}$/

/** `Manifest.isRequired`. @internal */
export const isRequired = (param: Param): boolean => param.required !== false

/**
 * A manifest broke the rules of docs/protocol.md §1. `issues` lists every problem; `source` names where the
 * manifest came from when that is known (a URL or a file). (A tagged error, not a Schema
 * class: the client raises it, and must not load `effect/Schema` to do so.)
 *
 * @since 0.1.0
 * @category errors
 */
export class ManifestInvalid extends TaggedError("ManifestInvalid")<{
  readonly issues: ReadonlyArray<ManifestIssue>
  readonly source?: string
}> {
  override get message(): string {
    const from = this.source === undefined ? "" : ` from ${this.source}`
    const lines = this.issues.map((issue) => `  - ${formatIssue(issue)}`)
    return `invalid RCP manifest${from} (${this.issues.length} problem(s)):\n${lines.join("\n")}`
  }
}
