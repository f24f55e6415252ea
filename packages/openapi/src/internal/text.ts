/**
 * Small helpers for untrusted values in messages: text cut to a length, and a JSON object told from
 * everything else (what Effect 3's `Predicate.isRecord` tells: an object, not an array, not null;
 * written here since Effect 4's Predicate has no `isRecord`).
 */
import * as Manifest from "rcp-sdk/manifest"

/** Text for a message, cut to `max` characters. @internal */
export const clip = (text: string, max = 40): string => (text.length > max ? `${text.slice(0, max)}…` : text)

/** A JSON object (not an array, not null). @internal */
export const isRecord = (u: unknown): u is Record<string, unknown> =>
  typeof u === "object" && u !== null && !Array.isArray(u)

/**
 * The library's one escaping rule (`Manifest.escapeControls`): every string of a document that
 * reaches a warning or an error message goes through it (issue #29). @internal
 */
export const escape: (text: string) => string = Manifest.escapeControls
