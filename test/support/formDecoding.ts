/**
 * What a server that parses bracketed form keys (qs — Express's `urlencoded({ extended: true })`,
 * and PHP and Stripe alike) should read back for a JSON value, computed from the protocol's rule
 * (docs/protocol.md §1.11), not from the encoder under test: leaves become their text, `null` the
 * empty string, and an empty array or object writes nothing — so it, and a container left with
 * nothing, is absent; arrays read back compacted.
 */
import * as qs from "qs"
import type { Json } from "./paramSchemas.js"

export type Decoded = string | Array<Decoded> | { [key: string]: Decoded }

export const expectedDecoding = (value: Json): Decoded | undefined => {
  if (value === null) return ""
  if (typeof value === "string") return value
  if (typeof value !== "object") return JSON.stringify(value)
  if (Array.isArray(value)) {
    const items = value.map(expectedDecoding).filter((item): item is Decoded => item !== undefined)
    return items.length === 0 ? undefined : items
  }
  const out: Record<string, Decoded> = {}
  for (const [key, child] of Object.entries(value)) {
    const decoded = expectedDecoding(child)
    if (decoded !== undefined) out[key] = decoded
  }
  return Object.keys(out).length === 0 ? undefined : out
}

/** A form body (or query string) as qs reads it, with its limits raised above anything a test sends. */
export const qsParse = (text: string): Record<string, unknown> =>
  JSON.parse(JSON.stringify(qs.parse(text, {
    arrayLimit: 100_000,
    depth: 100,
    parameterLimit: Infinity,
    allowPrototypes: true,
    plainObjects: true,
    strictDepth: true
  })))
