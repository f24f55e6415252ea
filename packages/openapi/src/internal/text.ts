/**
 * Small helpers for untrusted values in messages: text cut to a length, and a JSON object told from
 * everything else (effect's `Predicate.isRecord`: not an array, not null).
 */
import * as Predicate from "effect/Predicate"

/** Text for a message, cut to `max` characters. @internal */
export const clip = (text: string, max = 40): string => (text.length > max ? `${text.slice(0, max)}…` : text)

/** A JSON object (not an array, not null). @internal */
export const isRecord: (u: unknown) => u is Record<string, unknown> = Predicate.isRecord
